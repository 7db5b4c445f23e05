import { useId } from "react";
import { formatRupees } from "#domain/catalogue.ts";
import type { CreditAccount } from "#domain/credit.ts";
import { lazyDateFormats } from "#domain/date-format.ts";
import { activeLocale } from "#web/i18n/i18n.ts";
import { Msg, useT } from "#web/i18n/use-t.tsx";
import { useCredit } from "./credit-api.ts";
import { type PaymentsKey, paymentsMessages } from "./payments-messages.ts";

const day = lazyDateFormats({ day: "numeric", month: "short", year: "numeric", timeZone: "Asia/Kolkata" });
const dateOf = (iso: string) => day(activeLocale()).format(new Date(iso));

type Entry = CreditAccount["history"][number];

function entryText(entry: Entry, t: (key: PaymentsKey, values: Record<string, unknown>) => string): string {
  if (entry.kind === "granted") {
    return `${entry.reason} · ${dateOf(entry.at)}${entry.expiresAt ? t("validUntil", { day: dateOf(entry.expiresAt) }) : ""}`;
  }
  const reason = entry.kind === "given_back" ? t("givenBack", { reason: entry.reason }) : entry.reason;
  return `${reason} · ${dateOf(entry.at)}`;
}

/**
 * The customer's Mates credit on their profile (record 058): what they can spend now, what lapsed,
 * and every grant and spend with its reason and date, newest first.
 */
export function CreditAccountSection() {
  const t = useT(paymentsMessages);
  const id = useId();
  const credit = useCredit();
  const lapsed = credit.data?.grants.filter((grant) => grant.expired && grant.leftRupees > 0) ?? [];
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={`${id}-heading`} className="text-xl font-bold text-slate-950">
        {t("credit")}
      </h2>
      {credit.isPending ? (
        <p className="mt-1 text-slate-700">{t("loadingCredit")}</p>
      ) : credit.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {t("creditFailed", { message: credit.error.message })}
        </p>
      ) : (
        <>
          <p className="mt-1 text-lg font-extrabold text-slate-950">
            <Msg
              of={paymentsMessages}
              id="toSpend"
              values={{ amount: formatRupees(credit.data.balanceRupees) }}
              components={{ 0: <span data-testid="credit-balance" /> }}
            />
          </p>
          <p className="mt-1 text-slate-700">{t("creditRules")}</p>
          {credit.data.history.length > 0 ? (
            <ul aria-label={t("history")} className="mt-3 divide-y divide-slate-200">
              {credit.data.history.map((entry) => (
                <li
                  key={`${entry.kind}/${entry.at}/${entry.rupees}/${entry.reason}`}
                  className="flex justify-between gap-4 py-2"
                >
                  <span className="text-sm text-slate-700">{entryText(entry, t)}</span>
                  <span className="font-semibold tabular-nums">
                    {entry.kind === "spent" ? "−" : "+"}
                    {formatRupees(entry.rupees)}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-3 text-sm text-slate-600">{t("noCredit")}</p>
          )}
          {lapsed.map((grant) => (
            <p key={grant.id} className="mt-1 text-sm text-slate-600">
              {t("lapsed", {
                amount: formatRupees(grant.leftRupees),
                reason: grant.reason,
                day: dateOf(grant.expiresAt),
              })}
            </p>
          ))}
        </>
      )}
    </section>
  );
}
