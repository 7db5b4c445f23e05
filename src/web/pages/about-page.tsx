import type { ReactNode } from "react";
import { Link } from "react-router";
import { type ABOUT_ANCHORS, SERVED_AREAS } from "#domain/constants.ts";
import { CONTACT } from "#domain/contact.ts";
import { Msg, useT } from "#web/i18n/use-t.tsx";
import { aboutMessages } from "#web/pages/about/about-messages.ts";
import type { messages as aboutEn } from "#web/pages/about/messages/en-IN.ts";
import { telHref } from "#web/shell/contact-links.ts";
import { footerMessages } from "#web/shell/footer/footer-messages.ts";
import { ABOUT_LINKS, phoneLabel } from "#web/shell/shell-links.ts";
import { shellMessages } from "#web/shell/shell-messages.ts";
import { usePageMeta } from "#web/shell/use-page-meta.ts";

type AnchorId = (typeof ABOUT_ANCHORS)[number]["id"];
type Key = keyof typeof aboutEn;

const joinLine = CONTACT.phones.find((phone) => phone.label === "Join as a mate") ?? CONTACT.phones[0];
const linkClass = "font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-950";

const SUPPORT_FAQ: { question: Key; answer: Key }[] = [
  { question: "lateQ", answer: "lateA" },
  { question: "wrongQ", answer: "wrongA" },
  { question: "changeQ", answer: "changeA" },
  { question: "safeQ", answer: "safeA" },
];

const HOW: Key[] = ["how1", "how2", "how3", "how4", "how5"];
const TERMS: Key[] = ["terms1", "terms2", "terms3", "terms4", "terms5"];
const PRIVACY: Key[] = ["privacyAccount", "privacyLocation", "privacyBookings"];

const mailLink = (
  <a href={`mailto:${CONTACT.email}`} className={linkClass}>
    {CONTACT.email}
  </a>
);

/** The sections under the spec's anchors, in the active language. */
function useSections(): Record<AnchorId, ReactNode> {
  const t = useT(aboutMessages);
  const shell = useT(shellMessages);
  const footer = useT(footerMessages);
  const hours = shell("serviceHours");
  return {
    about: (
      <>
        <p>{t("aboutIntro")}</p>
        <p>{t("aboutAreas", { areas: SERVED_AREAS.join(", ") })}</p>
        <p>
          {CONTACT.company}, {CONTACT.address.join(", ")}.
        </p>
      </>
    ),
    "how-it-works": (
      <ol className="list-decimal space-y-1 pl-5">
        {HOW.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ol>
    ),
    pricing: (
      <>
        <p>{t("pricing1")}</p>
        <p>{t("pricing2")}</p>
      </>
    ),
    carriers: (
      <>
        <p>{t("careers1")}</p>
        <p>
          <Msg of={aboutMessages} id="careers2" components={{ 0: <Link to="/join" className={linkClass} /> }} />
          {joinLine ? (
            <>
              {" "}
              <Msg
                of={aboutMessages}
                id="careersCall"
                values={{ number: joinLine.number, hours }}
                components={{
                  0: (
                    <a href={telHref(joinLine.number)} className={linkClass}>
                      {joinLine.number}
                    </a>
                  ),
                }}
              />
            </>
          ) : null}
        </p>
      </>
    ),
    support: (
      <>
        <p>{t("supportHours", { hours })}</p>
        <div className="divide-y divide-slate-200 rounded-xl border border-slate-200">
          {SUPPORT_FAQ.map((faq) => (
            <details key={faq.question} className="px-4 py-3">
              <summary className="cursor-pointer font-medium text-slate-900">{t(faq.question)}</summary>
              <p className="mt-2">{t(faq.answer)}</p>
            </details>
          ))}
        </div>
        <ul className="space-y-1">
          {CONTACT.phones.map((phone) => (
            <li key={phone.number}>
              {footer(phoneLabel(phone.label))}:{" "}
              <a href={telHref(phone.number)} className={linkClass}>
                {phone.number}
              </a>
            </li>
          ))}
          <li>
            {t("email")}:{" "}
            <a href={`mailto:${CONTACT.email}`} className={linkClass}>
              {CONTACT.email}
            </a>
          </li>
        </ul>
      </>
    ),
    terms: (
      <ul className="list-disc space-y-1 pl-5">
        {TERMS.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
    ),
    privacy: (
      <>
        <p>{t("privacyIntro")}</p>
        <ul className="list-disc space-y-1 pl-5">
          {PRIVACY.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ul>
        <p>{t("privacyMate")}</p>
        <p>
          <Msg of={aboutMessages} id="privacyDelete" values={{ email: CONTACT.email }} components={{ 0: mailLink }} />
        </p>
      </>
    ),
  };
}

/** /about with the anchors of spec §2: about, how-it-works, pricing, carriers, support, terms, privacy. */
export function AboutPage() {
  const t = useT(aboutMessages);
  const footer = useT(footerMessages);
  usePageMeta({ title: t("metaTitle"), description: t("metaDescription") });
  const sections = useSections();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 lg:px-6 lg:py-14">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-950 sm:text-4xl">{t("heading")}</h1>
      <div className="mt-8 grid gap-10 lg:grid-cols-[14rem_1fr]">
        <nav aria-label={t("onThisPage")} className="lg:sticky lg:top-24 lg:self-start">
          <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-1">
            {ABOUT_LINKS.map((anchor) => (
              <li key={anchor.id}>
                <Link
                  to={{ hash: `#${anchor.id}` }}
                  className="block rounded-lg px-3 py-1.5 font-medium text-slate-800 hover:bg-brand-50 hover:text-brand-900"
                >
                  {footer(anchor.key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="space-y-6">
          {ABOUT_LINKS.map((anchor) => (
            <section
              key={anchor.id}
              id={anchor.id}
              aria-labelledby={`${anchor.id}-heading`}
              className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <h2 id={`${anchor.id}-heading`} className="text-2xl font-bold text-slate-950">
                {footer(anchor.key)}
              </h2>
              <div className="mt-3 space-y-3 text-slate-700">{sections[anchor.id]}</div>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
