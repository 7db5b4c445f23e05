import { useId } from "react";
import { formatRupees } from "#domain/catalogue.ts";
import type { CreditAccount } from "#domain/credit.ts";
import { lazyDateFormat } from "#domain/date-format.ts";
import { useCredit } from "./credit-api.ts";

const day = lazyDateFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "Asia/Kolkata" });
const dateOf = (iso: string) => day.format(new Date(iso));

type Entry = CreditAccount["history"][number];

function entryText(entry: Entry): string {
  if (entry.kind === "granted") {
    return `${entry.reason} · ${dateOf(entry.at)}${entry.expiresAt ? ` · valid until ${dateOf(entry.expiresAt)}` : ""}`;
  }
  return `${entry.kind === "given_back" ? "Given back: " : ""}${entry.reason} · ${dateOf(entry.at)}`;
}

/**
 * The customer's Mates credit on their profile (record 058): what they can spend now, what lapsed,
 * and every grant and spend with its reason and date, newest first.
 */
export function CreditAccountSection() {
  const id = useId();
  const credit = useCredit();
  const lapsed = credit.data?.grants.filter((grant) => grant.expired && grant.leftRupees > 0) ?? [];
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={`${id}-heading`} className="text-xl font-bold text-slate-950">
        Mates credit
      </h2>
      {credit.isPending ? (
        <p className="mt-1 text-slate-700">Loading your credit…</p>
      ) : credit.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          Your credit could not be loaded: {credit.error.message}
        </p>
      ) : (
        <>
          <p className="mt-1 text-lg font-extrabold text-slate-950">
            <span data-testid="credit-balance">{formatRupees(credit.data.balanceRupees)}</span> to spend
          </p>
          <p className="mt-1 text-slate-700">
            Credit is taken off your next bookings by itself, the oldest first. Each grant is valid for a year from the
            day it was given; it is never paid out as cash.
          </p>
          {credit.data.history.length > 0 ? (
            <ul aria-label="Credit history" className="mt-3 divide-y divide-slate-200">
              {credit.data.history.map((entry) => (
                <li
                  key={`${entry.kind}/${entry.at}/${entry.rupees}/${entry.reason}`}
                  className="flex justify-between gap-4 py-2"
                >
                  <span className="text-sm text-slate-700">{entryText(entry)}</span>
                  <span className="font-semibold tabular-nums">
                    {entry.kind === "spent" ? "−" : "+"}
                    {formatRupees(entry.rupees)}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-3 text-sm text-slate-600">You have no Mates credit yet.</p>
          )}
          {lapsed.map((grant) => (
            <p key={grant.id} className="mt-1 text-sm text-slate-600">
              {formatRupees(grant.leftRupees)} of “{grant.reason}” lapsed on {dateOf(grant.expiresAt)}.
            </p>
          ))}
        </>
      )}
    </section>
  );
}
