import { isWithinServiceHours } from "#domain/service-hours.ts";
import { useT } from "#web/i18n/use-t.tsx";
import type { messages as homeEn } from "#web/pages/home/sections/messages/en-IN.ts";
import { sectionsMessages } from "#web/pages/home/sections/sections-messages.ts";
import { BadgeCheckIcon, ClockIcon } from "#web/shell/shell-icons.tsx";
import { shellMessages } from "#web/shell/shell-messages.ts";

type HomeKey = keyof typeof homeEn;

type Card = { title: HomeKey; text: HomeKey };

const STEPS: Card[] = [
  { title: "stepChooseTitle", text: "stepChooseText" },
  { title: "stepWhereTitle", text: "stepWhereText" },
  { title: "stepPayTitle", text: "stepPayText" },
  { title: "stepMeetTitle", text: "stepMeetText" },
];

const CHECKS: Card[] = [
  { title: "checkIdTitle", text: "checkIdText" },
  { title: "checkBackgroundTitle", text: "checkBackgroundText" },
  { title: "checkTrainedTitle", text: "checkTrainedText" },
  { title: "checkRatedTitle", text: "checkRatedText" },
];

function HowItWorks() {
  const t = useT(sectionsMessages);
  return (
    <section id="how-it-works" aria-labelledby="how-heading" className="bg-white">
      <div className="mx-auto max-w-7xl px-4 py-16 lg:px-6">
        <h2 id="how-heading" className="text-3xl font-extrabold tracking-tight text-slate-950">
          {t("howItWorksHeading")}
        </h2>
        <ol className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, index) => (
            <li key={step.title} className="rounded-2xl border border-slate-200 bg-slate-50 p-5">
              <span className="flex items-center gap-3">
                <span
                  className="grid size-11 place-items-center rounded-xl bg-brand-800 text-lg font-extrabold text-white"
                  aria-hidden="true"
                >
                  {index + 1}
                </span>
                <span className="text-sm font-bold text-brand-800">{t("step", { number: index + 1 })}</span>
              </span>
              <h3 className="mt-4 text-lg font-bold text-slate-900">{t(step.title)}</h3>
              <p className="mt-1 text-slate-700">{t(step.text)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function WhyVerified() {
  const t = useT(sectionsMessages);
  return (
    <section aria-labelledby="verified-mates-heading" className="bg-brand-50">
      <div className="mx-auto max-w-7xl px-4 py-16 lg:px-6">
        <h2 id="verified-mates-heading" className="text-3xl font-extrabold tracking-tight text-slate-950">
          {t("whyVerified")}
        </h2>
        <p className="mt-3 max-w-2xl text-lg text-slate-700">{t("whyVerifiedLead")}</p>
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {CHECKS.map((check) => (
            <li key={check.title} className="rounded-2xl bg-white p-5 shadow-sm">
              <span
                className="grid size-11 place-items-center rounded-xl bg-brand-100 text-brand-900"
                aria-hidden="true"
              >
                <BadgeCheckIcon className="size-6" />
              </span>
              <h3 className="mt-4 text-lg font-bold text-slate-900">{t(check.title)}</h3>
              <p className="mt-1 text-slate-700">{t(check.text)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function ServiceHoursBand() {
  const t = useT(sectionsMessages);
  const shell = useT(shellMessages);
  const open = isWithinServiceHours(new Date());
  return (
    <section aria-labelledby="hours-band-heading" className="bg-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-12 sm:flex-row sm:items-center lg:px-6">
        <span
          className="grid size-14 shrink-0 place-items-center rounded-2xl bg-brand-800 text-white"
          aria-hidden="true"
        >
          <ClockIcon className="size-7" />
        </span>
        <div>
          <h2 id="hours-band-heading" className="text-2xl font-extrabold tracking-tight text-slate-950">
            {shell("serviceHoursHeading")}
          </h2>
          <p className="mt-1 text-lg text-slate-700">
            {t("hoursLine", { hours: shell("serviceHours") })}{" "}
            <span className="font-semibold text-brand-800">{t(open ? "openNow" : "closedNow")}</span>
          </p>
        </div>
      </div>
    </section>
  );
}

/** Everything below the services: one piece of code, loaded after the page's own. */
export function SectionsBelowServices() {
  return (
    <>
      <HowItWorks />
      <WhyVerified />
      <ServiceHoursBand />
    </>
  );
}
