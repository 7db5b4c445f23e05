import { BadgeCheck, ChevronDown, ClipboardCheck, Star, Truck } from "lucide-react";
import type { Service } from "#domain/catalogue.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { serviceDetailsMessages } from "./details/details-messages.ts";
import type { messages as detailsEn } from "./details/messages/en-IN.ts";

type Key = keyof typeof detailsEn;
type Faq = { question: Key; answer: Key };

const WHEN: Faq = { question: "faqWhenQ", answer: "faqWhenA" };
const PAY: Faq = { question: "faqPayQ", answer: "faqPayA" };
const CANCEL: Faq = { question: "faqCancelQ", answer: "faqCancelA" };

/** Questions people in Mumbai ask before booking, per group; the answers follow the product's rules. */
function faqsFor(service: Service): Faq[] {
  if (service.group === "Nearkart") {
    return [
      { question: "faqDeliveryQ", answer: "faqDeliveryA" },
      { question: "faqStockQ", answer: "faqStockA" },
      PAY,
      CANCEL,
    ];
  }
  if (service.group === "Renova") {
    return [
      { question: "faqVisitQ", answer: "faqVisitA" },
      { question: "faqSupervisorQ", answer: "faqSupervisorA" },
      WHEN,
      PAY,
      CANCEL,
    ];
  }
  return [
    { question: "faqToolsQ", answer: "faqToolsA" },
    { question: "faqMoreQ", answer: "faqMoreA" },
    WHEN,
    PAY,
    CANCEL,
  ];
}

const STEPS: { icon: typeof BadgeCheck; title: Key; text: Key }[] = [
  { icon: BadgeCheck, title: "stepVerifiedTitle", text: "stepVerifiedText" },
  { icon: ClipboardCheck, title: "stepPricesTitle", text: "stepPricesText" },
  { icon: Truck, title: "stepAssignedTitle", text: "stepAssignedText" },
  { icon: Star, title: "stepRatedTitle", text: "stepRatedText" },
];

/** How a verified mate works, and the service's questions and answers. */
export function ServiceFaqs({ service }: { service: Service }) {
  const t = useT(serviceDetailsMessages);
  return (
    <>
      <section
        aria-labelledby="how-mates-work-heading"
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="how-mates-work-heading" className="text-lg font-bold text-slate-900">
          {t("howMatesWork")}
        </h2>
        <ol className="mt-3 grid gap-4 sm:grid-cols-2">
          {STEPS.map((step) => (
            <li key={step.title} className="flex gap-3">
              <step.icon className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
              <span>
                <span className="block font-semibold text-slate-900">{t(step.title)}</span>
                <span className="block text-sm text-slate-700">{t(step.text)}</span>
              </span>
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="faq-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="faq-heading" className="text-lg font-bold text-slate-900">
          {t("faqHeading")}
        </h2>
        <div className="mt-2 divide-y divide-slate-200">
          {faqsFor(service).map((faq) => (
            <details key={faq.question} className="group py-3">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-3 font-medium text-slate-900">
                {t(faq.question)}
                <ChevronDown className="size-5 shrink-0 text-slate-500 group-open:rotate-180" aria-hidden="true" />
              </summary>
              <p className="mt-2 text-slate-700">{t(faq.answer)}</p>
            </details>
          ))}
        </div>
      </section>
    </>
  );
}
