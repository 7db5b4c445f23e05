import { MapPin, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { type Address, formatAddress } from "#domain/address.ts";
import { AddressForm } from "#web/features/booking/address-form.tsx";
import { useAddresses, useDeleteAddress } from "#web/features/booking/booking-api.ts";
import { bookingMessages } from "#web/features/booking/booking-messages.ts";
import { addressLabelText } from "#web/features/booking/booking-texts.ts";
import { RequireCustomer } from "#web/features/booking/require-customer.tsx";
import { SlotPicker } from "#web/features/booking/slot-picker.tsx";
import { useAccountCart, useMerging } from "#web/features/cart/cart-api.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { ErrorState } from "#web/shell/error-state.tsx";
import { LoadingState } from "#web/shell/loading-state.tsx";
import { primaryActionClass } from "#web/shell/page-shell.tsx";
import { useAuthToken } from "#web/shell/use-auth-token.ts";
import { usePageMeta } from "#web/shell/use-page-meta.ts";

function AddressCard({
  address,
  chosen,
  onChoose,
  onEdit,
}: {
  address: Address;
  chosen: boolean;
  onChoose: () => void;
  onEdit: () => void;
}) {
  const t = useT(bookingMessages);
  const remove = useDeleteAddress();
  const label = addressLabelText(address.label, t);
  return (
    <li className={`rounded-2xl border p-4 ${chosen ? "border-brand-700 bg-brand-50" : "border-slate-200 bg-white"}`}>
      <label className="flex cursor-pointer items-start gap-3">
        <input type="radio" name="address" checked={chosen} onChange={onChoose} className="mt-1 accent-brand-800" />
        <span className="min-w-0">
          <span className="block font-semibold text-slate-900">{label}</span>
          <span className="block text-slate-700">{formatAddress(address)}</span>
          {address.landmark ? (
            <span className="block text-sm text-slate-600">{t("near", { landmark: address.landmark })}</span>
          ) : null}
          {address.served ? null : (
            <span className="mt-1 block text-sm font-medium text-amber-900">
              {t("unserved", { city: address.locality })}
            </span>
          )}
        </span>
      </label>
      <div className="mt-2 flex gap-2 pl-7">
        <button
          type="button"
          onClick={onEdit}
          className="flex items-center gap-1 rounded-lg px-2 py-1 text-sm font-medium text-brand-900 hover:bg-white"
          aria-label={t("editLabelAddress", { label })}
        >
          <Pencil className="size-4" aria-hidden="true" /> {t("edit")}
        </button>
        <button
          type="button"
          onClick={() => remove.mutate(address)}
          disabled={remove.isPending}
          className="flex items-center gap-1 rounded-lg px-2 py-1 text-sm font-medium text-red-800 hover:bg-white"
          aria-label={t("deleteLabelAddress", { label })}
        >
          <Trash2 className="size-4" aria-hidden="true" /> {t("delete")}
        </button>
      </div>
    </li>
  );
}

function AddressStep() {
  const t = useT(bookingMessages);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const addresses = useAddresses({ enabled: true });
  const cart = useAccountCart({ enabled: true });
  const [chosenId, setChosenId] = useState<string | undefined>(params.get("address") ?? undefined);
  const [start, setStart] = useState<string | undefined>(params.get("start") ?? undefined);
  const [editing, setEditing] = useState<Address | "new" | undefined>();

  const merging = useMerging();
  if (addresses.isPending || cart.isPending || merging) return <LoadingState />;
  if (addresses.isError) {
    return (
      <ErrorState
        title={t("addressesLoadError")}
        message={addresses.error.message}
        onRetry={() => void addresses.refetch()}
      />
    );
  }
  if (cart.data && cart.data.count === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center">
        <p className="text-lg font-semibold text-slate-900">{t("cartEmpty")}</p>
        <p className="mt-1 text-slate-700">{t("addServiceFirst")}</p>
        <Link to="/#services" className={`${primaryActionClass} mt-4`}>
          {t("browseServices")}
        </Link>
      </div>
    );
  }
  const list = addresses.data;
  const chosen = list.find((address) => address.id === chosenId) ?? (list.length === 1 ? list[0] : undefined);
  const formShown = editing !== undefined || list.length === 0;

  return (
    <div className="space-y-8">
      <section aria-labelledby="where-heading">
        <h2 id="where-heading" className="flex items-center gap-2 text-xl font-bold text-slate-900">
          <MapPin className="size-5 text-brand-700" aria-hidden="true" />
          {t("whereMate")}
        </h2>
        {list.length > 0 ? (
          <ul className="mt-3 space-y-3">
            {list.map((address) => (
              <AddressCard
                key={address.id}
                address={address}
                chosen={chosen?.id === address.id}
                onChoose={() => setChosenId(address.id)}
                onEdit={() => setEditing(address)}
              />
            ))}
          </ul>
        ) : null}
        {formShown ? (
          <div className="mt-4 rounded-2xl border border-slate-200 bg-white p-5">
            <h3 className="mb-3 font-semibold text-slate-900">
              {t(editing && editing !== "new" ? "editAddress" : "newAddress")}
            </h3>
            <AddressForm
              {...(editing && editing !== "new" ? { address: editing } : {})}
              onSaved={(saved) => {
                setEditing(undefined);
                setChosenId(saved.id);
              }}
              {...(list.length > 0 ? { onCancel: () => setEditing(undefined) } : {})}
            />
          </div>
        ) : (
          <button
            type="button"
            onClick={() => setEditing("new")}
            className="mt-3 flex items-center gap-2 font-semibold text-brand-900"
          >
            <Plus className="size-5" aria-hidden="true" /> {t("addNewAddress")}
          </button>
        )}
      </section>

      {chosen && !chosen.served ? (
        <p role="alert" className="rounded-xl bg-amber-50 p-4 font-medium text-amber-950">
          {t("unserved", { city: chosen.locality })} {t("unservedKept")}
        </p>
      ) : null}

      {chosen?.served ? (
        <section aria-labelledby="when-heading">
          <h2 id="when-heading" className="text-xl font-bold text-slate-900">
            {t("when")}
          </h2>
          <div className="mt-3">
            <SlotPicker value={start} onChange={setStart} />
          </div>
          <button
            type="button"
            className={`${primaryActionClass} mt-6 w-full sm:w-auto`}
            disabled={!start}
            onClick={() =>
              start && void navigate(`/booking/payment?${new URLSearchParams({ address: chosen.id, start })}`)
            }
          >
            {t("continuePayment")}
          </button>
        </section>
      ) : null}
    </div>
  );
}

/** /book/address (and /book): where and when. Needs a signed-in customer (spec §2). */
export function BookAddressPage() {
  const t = useT(bookingMessages);
  usePageMeta(t("bookingAddress"));
  const token = useAuthToken();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 lg:px-6">
      <h1 className="mb-6 text-3xl font-extrabold tracking-tight text-slate-950 sm:text-4xl">{t("bookingAddress")}</h1>
      <RequireCustomer>{token ? <AddressStep /> : null}</RequireCustomer>
    </div>
  );
}
