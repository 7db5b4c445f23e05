import { BadgeCheck, CalendarClock, IndianRupee } from "lucide-react";
import { PUBLIC_PAGE_META } from "#domain/page-meta-public.ts";
import { JoinForm } from "#web/features/join/public.ts";
import { usePageMeta } from "#web/shell/use-page-meta.ts";

const PROMISES = [
  { icon: CalendarClock, text: "Choose your own working hours and days off in the Mates app." },
  { icon: IndianRupee, text: "Jobs near your home, paid on the day by the customer, in cash or UPI." },
  { icon: BadgeCheck, text: "Verified once: customers see your name, rating and since when you are verified." },
];

/** `/join`: professionals apply to work with Mates (issue 16). */
export function JoinPage() {
  usePageMeta(PUBLIC_PAGE_META.join);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 lg:px-6">
      <h1 className="text-3xl font-bold text-slate-950">Work with Mates</h1>
      <p className="mt-2 text-lg text-slate-700">
        Plumbers, electricians, carpenters, painters, cleaners: apply once, get verified, and take bookings near home.
      </p>
      <ul className="mt-4 space-y-2">
        {PROMISES.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-start gap-2 text-slate-800">
            <Icon className="mt-0.5 size-5 shrink-0 text-brand-800" aria-hidden="true" />
            {text}
          </li>
        ))}
      </ul>
      <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
        <JoinForm />
      </div>
    </div>
  );
}
