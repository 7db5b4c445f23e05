import { formatServiceHours, isWithinServiceHours } from "#domain/service-hours.ts";
import { BadgeCheckIcon, ClockIcon } from "#web/shell/shell-icons.tsx";

const STEPS: { title: string; text: string }[] = [
  {
    title: "Choose a service",
    text: "Pick what you need. Every option shows its price and about how long it takes.",
  },
  {
    title: "Tell us where",
    text: "Add the address where the mate should come, in one of the areas we serve.",
  },
  {
    title: "Confirm and pay",
    text: "Check the option and the price, then pay for your booking.",
  },
  {
    title: "Meet your mate",
    text: "We assign a verified mate to your booking and show you who is coming.",
  },
];

const CHECKS: { title: string; text: string }[] = [
  {
    title: "Identity checked",
    text: "Each mate's government ID is verified before they join Mates.",
  },
  {
    title: "Background checked",
    text: "We run a background check before a mate takes their first job.",
  },
  {
    title: "Trained for the work",
    text: "Mates are trained in the jobs they take on and in working inside people's homes.",
  },
  {
    title: "Rated after every job",
    text: "You rate each job, and those ratings decide which mates keep getting bookings.",
  },
];

function HowItWorks() {
  return (
    <section id="how-it-works" aria-labelledby="how-heading" className="bg-white">
      <div className="mx-auto max-w-7xl px-4 py-16 lg:px-6">
        <h2 id="how-heading" className="text-3xl font-extrabold tracking-tight text-slate-950">
          How it works
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
                <span className="text-sm font-bold text-brand-800">Step {index + 1}</span>
              </span>
              <h3 className="mt-4 text-lg font-bold text-slate-900">{step.title}</h3>
              <p className="mt-1 text-slate-700">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function WhyVerified() {
  return (
    <section aria-labelledby="verified-mates-heading" className="bg-brand-50">
      <div className="mx-auto max-w-7xl px-4 py-16 lg:px-6">
        <h2 id="verified-mates-heading" className="text-3xl font-extrabold tracking-tight text-slate-950">
          Why verified mates
        </h2>
        <p className="mt-3 max-w-2xl text-lg text-slate-700">
          You are letting someone into your home. These are the checks every mate goes through.
        </p>
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {CHECKS.map((check) => (
            <li key={check.title} className="rounded-2xl bg-white p-5 shadow-sm">
              <span
                className="grid size-11 place-items-center rounded-xl bg-brand-100 text-brand-900"
                aria-hidden="true"
              >
                <BadgeCheckIcon className="size-6" />
              </span>
              <h3 className="mt-4 text-lg font-bold text-slate-900">{check.title}</h3>
              <p className="mt-1 text-slate-700">{check.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function ServiceHoursBand() {
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
            Service hours
          </h2>
          <p className="mt-1 text-lg text-slate-700">
            Mates work {formatServiceHours()}.{" "}
            <span className="font-semibold text-brand-800">{open ? "Open now." : "Closed now."}</span>
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
