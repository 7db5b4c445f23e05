import type { ReactNode } from "react";
import { Link } from "react-router";
import { BOOKING_WINDOW_TEXT } from "#domain/booking-window.ts";
import { ABOUT_ANCHORS, BRAND, SERVED_AREAS, SERVICE_HOURS, TAGLINE } from "#domain/constants.ts";
import { CONTACT } from "#domain/contact.ts";
import { PUBLIC_PAGE_META } from "#domain/page-meta-public.ts";
import { formatServiceHours } from "#domain/service-hours.ts";
import { telHref } from "#web/shell/contact-links.ts";
import { usePageMeta } from "#web/shell/use-page-meta.ts";

type AnchorId = (typeof ABOUT_ANCHORS)[number]["id"];

const joinLine = CONTACT.phones.find((phone) => phone.label === "Join as a mate") ?? CONTACT.phones[0];
const linkClass = "font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-950";

const SUPPORT_FAQ = [
  {
    question: "The mate is late or has not come. What do I do?",
    answer:
      "Call the support line below with your booking. If the mate cannot make it, we send another or move the booking to a time you choose.",
  },
  {
    question: "Something is wrong with the work.",
    answer: "Tell us within 7 days. A mate comes back to fix it at no charge when the fault is in the work we did.",
  },
  {
    question: "How do I change or cancel a booking?",
    answer:
      "Cancel it from your profile, free until 3 hours before the start time, and book the new time. Later than that, call us.",
  },
  {
    question: "Is my payment safe?",
    answer:
      "You pay only after the service, to the mate, in cash or by UPI, against a receipt. No card details are taken.",
  },
];

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
      <li>Give the address where the mate should come, and pick a start time, {BOOKING_WINDOW_TEXT}.</li>
      <li>Confirm the booking. You pay after the service, in cash or by UPI to your mate.</li>
      <li>We assign a verified mate to your booking and show you who is coming, live.</li>
      <li>Cancel free of charge until 3 hours before the start, from your profile.</li>
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
        Renova jobs start with a free site visit and a written quotation. Prices include GST.
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
        Before a first job, every mate has their ID verified, passes a background check and is trained for the work.{" "}
        <Link to="/join" className={linkClass}>
          Apply to work with Mates
        </Link>{" "}
        with your identity document and address proof.
        {joinLine ? (
          <>
            {" "}
            Or call{" "}
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
      <div className="divide-y divide-slate-200 rounded-xl border border-slate-200">
        {SUPPORT_FAQ.map((faq) => (
          <details key={faq.question} className="px-4 py-3">
            <summary className="cursor-pointer font-medium text-slate-900">{faq.question}</summary>
            <p className="mt-2">{faq.answer}</p>
          </details>
        ))}
      </div>
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
      <p>We keep what we need to run your bookings, and nothing more:</p>
      <ul className="list-disc space-y-1 pl-5">
        <li>
          Your account record: full name, e-mail address, the mobile number you gave at sign-up, your Google picture if
          you signed in with Google, your user ID, your role (customer) and when you joined.
        </li>
        <li>
          Your location only as the name of a locality, such as "Kandivali", kept in your own browser. To find that name
          we look up the point your browser gives us; we keep the answer for the area, never your position or who asked.
        </li>
        <li>Your cart, the addresses you save for bookings, and your bookings.</li>
      </ul>
      <p>
        The mate assigned to a booking sees only what the job needs: your name, the address and a phone number. We do
        not sell your data and show no advertising.
      </p>
      <p>
        To delete your account, write from its e-mail address to{" "}
        <a href={`mailto:${CONTACT.email}`} className={linkClass}>
          {CONTACT.email}
        </a>{" "}
        with the subject "Delete my account": we delete the record, cart and saved addresses within 7 days and keep past
        bookings only as long as tax law requires.
      </p>
    </>
  ),
};

/** /about with the anchors of spec §2: about, how-it-works, pricing, carriers, support, terms, privacy. */
export function AboutPage() {
  usePageMeta(PUBLIC_PAGE_META.about);
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
