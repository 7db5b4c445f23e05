import { useParams } from "react-router";
import { RequireCustomer } from "#web/features/booking/require-customer.tsx";
import { InvoiceView } from "#web/features/payments/public.ts";
import { EnglishOnly } from "#web/i18n/english-only.tsx";
import { useAuthToken } from "#web/shell/use-auth-token.ts";
import { usePageMeta } from "#web/shell/use-page-meta.ts";

/** `/invoice/:number`: one of the customer's tax invoices, to print or download as a PDF (issue 17). */
export function InvoicePage() {
  usePageMeta("Tax invoice");
  const token = useAuthToken();
  const { number = "" } = useParams();
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 lg:px-6 print:max-w-none print:p-0">
      <h1 className="sr-only">Tax invoice</h1>
      <RequireCustomer>
        {token ? (
          <EnglishOnly>
            <InvoiceView slug={number} />
          </EnglishOnly>
        ) : null}
      </RequireCustomer>
    </div>
  );
}
