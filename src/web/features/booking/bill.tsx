import type { ReactNode } from "react";
import { formatRupees } from "#domain/catalogue.ts";
import type { Extra } from "#domain/job.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { progressMessages } from "./progress/progress-messages.ts";

/** A booked line of a bill: what it says and what it costs. */
export type BillLine = { key: string; text: string; rupees: number };

/**
 * A bill as the customer and the mate both see it: the booked lines, then the extra work the
 * customer approved, each with its price in rupees. Each side puts its own totals below (children):
 * the customer's total, tip and how it was paid; the mate's tip and what to collect.
 */
export function Bill({
  label,
  title,
  level,
  lines,
  extras,
  children,
}: {
  label: string;
  title: string;
  /** The heading's level where the bill stands on its page. */
  level: 2 | 3;
  lines: readonly BillLine[];
  /** Every extra: only the approved ones are on the bill. */
  extras: readonly Extra[];
  children?: ReactNode;
}) {
  const t = useT(progressMessages);
  const approved = extras.filter((extra) => extra.status === "approved");
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <section aria-label={label} className="rounded-2xl border border-slate-200 bg-white p-4">
      <Heading className="font-semibold text-slate-950">{title}</Heading>
      <ul className="mt-2 space-y-1 text-sm text-slate-700">
        {lines.map((line) => (
          <li key={line.key} className="flex justify-between gap-3">
            <span>{line.text}</span>
            <span>{formatRupees(line.rupees)}</span>
          </li>
        ))}
        {approved.map((extra) => (
          <li key={extra.id} className="flex justify-between gap-3">
            <span>{t("extraLine", { description: extra.description })}</span>
            <span>{formatRupees(extra.priceRupees)}</span>
          </li>
        ))}
      </ul>
      {children}
    </section>
  );
}
