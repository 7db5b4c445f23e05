import type { ReactNode } from "react";
import { Link } from "react-router";
import { ABOUT_ANCHORS, BRAND, SERVED_AREAS, SERVICE_HOURS, TAGLINE } from "#domain/constants.ts";
import { CONTACT } from "#domain/contact.ts";
import { formatServiceHours } from "#domain/service-hours.ts";
import { telHref } from "#web/shell/contact-links.ts";
import { useDocumentTitle } from "#web/shell/use-document-title.ts";

type AnchorId = (typeof ABOUT_ANCHORS)[number]["id"];

const joinLine = CONTACT.phones.find((phone) => phone.label === "Join as a mate") ?? CONTACT.phones[0];
const linkClass = "font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-950";

const SECTIONS: Record<AnchorId, ReactNode> = {
  about: (
    <>
      <p>
        {BRAND} is a home-services company in Mumbai. We connect households with verified professionals, whom we call
        mates, for cleaning, repairs, errands from nearby shops and renovation. {TAGLINE}.
      </p>
      <p>We work in {SERVED_AREAS.join(", ")}.</p>
      <p>
        {CONTACT.company}, {CONTACT.address.join(", ")}.
      </p>
    </>
  ),
  "how-it-works": (
    <ol className="list-decimal space-y-1 pl-5">
      <li>Choose a service and the option you need; each shows its price and about how long it takes.</li>
      <li>Give the address where the mate should come.</li>
      <li>Confirm the booking and pay.</li>
      <li>We assign a verified mate to your booking and show you who is coming.</li>
    </ol>
  ),
  pricing: (
    <>
      <p>
        Every service lists its options with a fixed price in rupees and an estimated time. The price of the option you
        book is the price of that work. If the mate finds that more is needed, they tell you the cost first and nothing
        extra is done unless you agree.
      </p>
      <p>
        Spare parts and materials are only included where a service says so; otherwise they are charged at printed MRP,
        or you can supply your own. Nearkart items cost the shop's printed MRP, delivered free the same day. Larger
        Renova jobs start with a site visit, whose fee is shown on the service.
      </p>
    </>
  ),
  carriers: (
    <>
      <p>
        Are you a plumber, electrician, carpenter, painter, cleaner or delivery rider? If you work in the areas we
        serve, you can join Mates and take bookings there.
      </p>
      <p>
        Before a first job, every mate has their ID verified, passes a background check and is trained for the work.
        {joinLine ? (
          <>
            {" "}
            Call{" "}
            <a href={telHref(joinLine.number)} className={linkClass}>
              {joinLine.number}
            </a>{" "}
            to join, {formatServiceHours()}.
          </>
        ) : null}
      </p>
    </>
  ),
  support: (
    <>
      <p>We answer calls and e-mails {formatServiceHours()}.</p>
      <ul className="space-y-1">
        {CONTACT.phones.map((phone) => (
          <li key={phone.number}>
            {phone.label}:{" "}
            <a href={telHref(phone.number)} className={linkClass}>
              {phone.number}
            </a>
          </li>
        ))}
        <li>
          E-mail:{" "}
          <a href={`mailto:${CONTACT.email}`} className={linkClass}>
            {CONTACT.email}
          </a>
        </li>
      </ul>
    </>
  ),
  terms: (
    <ul className="list-disc space-y-1 pl-5">
      <li>
        Mates work in the areas we serve, every day between {SERVICE_HOURS.opens} and {SERVICE_HOURS.closes}.
      </li>
      <li>A booking covers the option you chose, at the price shown when you booked.</li>
      <li>Work beyond that option is quoted to you first and only done if you agree.</li>
      <li>Please make sure someone is at home to let the mate in and to check the work when it is done.</li>
      <li>If something is wrong with a job, contact support and we will look into it with you.</li>
    </ul>
  ),
  privacy: (
    <>
      <p>
        We keep what we need to run your bookings: your name, e-mail address and mobile number, the addresses you give
        and your bookings. Your location is used to show your area and whether we serve it.
      </p>
      <p>
        The mate assigned to a booking sees only what the job needs: your name, the address and a phone number. We do
        not sell your data. To see or delete what we hold about you, write to{" "}
        <a href={`mailto:${CONTACT.email}`} className={linkClass}>
          {CONTACT.email}
        </a>
        .
      </p>
    </>
  ),
};

/** /about with the anchors of spec §2: about, how-it-works, pricing, carriers, support, terms, privacy. */
export function AboutPage() {
  useDocumentTitle("About");
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 lg:px-6 lg:py-14">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-950 sm:text-4xl">About {BRAND}</h1>
      <div className="mt-8 grid gap-10 lg:grid-cols-[14rem_1fr]">
        <nav aria-label="On this page" className="lg:sticky lg:top-24 lg:self-start">
          <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-1">
            {ABOUT_ANCHORS.map((anchor) => (
              <li key={anchor.id}>
                <Link
                  to={{ hash: `#${anchor.id}` }}
                  className="block rounded-lg px-3 py-1.5 font-medium text-slate-800 hover:bg-brand-50 hover:text-brand-900"
                >
                  {anchor.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="space-y-6">
          {ABOUT_ANCHORS.map((anchor) => (
            <section
              key={anchor.id}
              id={anchor.id}
              aria-labelledby={`${anchor.id}-heading`}
              className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <h2 id={`${anchor.id}-heading`} className="text-2xl font-bold text-slate-950">
                {anchor.label}
              </h2>
              <div className="mt-3 space-y-3 text-slate-700">{SECTIONS[anchor.id]}</div>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
