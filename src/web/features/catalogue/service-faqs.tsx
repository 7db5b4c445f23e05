import { BadgeCheck, ChevronDown, ClipboardCheck, Star, Truck } from "lucide-react";
import { BOOKING_WINDOW_TEXT } from "#domain/booking-window.ts";
import { CART_LIMITS } from "#domain/cart.ts";
import type { Service } from "#domain/catalogue.ts";
import { SERVICE_HOURS } from "#domain/constants.ts";
import { formatServiceHours } from "#domain/service-hours.ts";

const hours = `${SERVICE_HOURS.opens} to ${SERVICE_HOURS.closes}`;

type Faq = { question: string; answer: string };

/** Questions people in Mumbai ask before booking, per group; the answers follow the product's rules. */
function faqsFor(service: Service): Faq[] {
  const common: Faq[] = [
    {
      question: "When can the mate come?",
      answer: `Any day, ${formatServiceHours()}. You pick a 30-minute start time, ${BOOKING_WINDOW_TEXT}, and the booking ends by ${SERVICE_HOURS.closes}.`,
    },
    {
      question: "How do I pay?",
      answer:
        "After the service, in cash or by UPI to your mate. The price you see includes GST, and the mate carries a receipt.",
    },
    {
      question: "Can I cancel?",
      answer:
        "Yes, free of charge until 3 hours before the start time, from your profile. Closer to the time, call us and we will sort it out.",
    },
  ];
  if (service.group === "Nearkart") {
    return [
      {
        question: "What does delivery cost?",
        answer: `Nothing. Items cost the shop's printed MRP, and a mate brings them to your door the same day, in the slot you choose between ${hours}.`,
      },
      {
        question: "What if an item is out of stock?",
        answer: "The mate calls you before buying anything else, and you only pay for what arrives.",
      },
      ...common.slice(1),
    ];
  }
  if (service.group === "Renova") {
    return [
      {
        question: "Do I need a site visit first?",
        answer:
          "For anything larger than one room, yes: a free site visit gives you a measured, written quotation within 48 hours, with no obligation to book.",
      },
      {
        question: "Who supervises the work?",
        answer:
          "A Renova supervisor plans the job, checks each stage and signs it off with you before the team leaves.",
      },
      ...common,
    ];
  }
  return [
    {
      question: "Does the mate bring tools and materials?",
      answer:
        "Tools, machines and cleaning chemicals, yes. Spare parts are charged at printed MRP unless the option includes them, or you can keep your own ready.",
    },
    {
      question: "Can I book more than one?",
      answer: `Yes: choose a quantity of up to ${CART_LIMITS.maxQuantity} for an option, and add other services to the same cart.`,
    },
    ...common,
  ];
}

const STEPS = [
  {
    icon: BadgeCheck,
    title: "Verified before the first job",
    text: "Government ID, address and a police background check.",
  },
  {
    icon: ClipboardCheck,
    title: "Trained and fixed prices",
    text: "Each mate is trained for the work and charges the listed price, no more.",
  },
  {
    icon: Truck,
    title: "Assigned to your booking",
    text: "You see the mate's name, rating and jobs done before they arrive.",
  },
  { icon: Star, title: "Rated after every job", text: "Your rating decides who gets the next booking." },
];

/** How a verified mate works, and the service's questions and answers. */
export function ServiceFaqs({ service }: { service: Service }) {
  return (
    <>
      <section
        aria-labelledby="how-mates-work-heading"
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="how-mates-work-heading" className="text-lg font-bold text-slate-900">
          How a verified mate works
        </h2>
        <ol className="mt-3 grid gap-4 sm:grid-cols-2">
          {STEPS.map((step) => (
            <li key={step.title} className="flex gap-3">
              <step.icon className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
              <span>
                <span className="block font-semibold text-slate-900">{step.title}</span>
                <span className="block text-sm text-slate-700">{step.text}</span>
              </span>
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="faq-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="faq-heading" className="text-lg font-bold text-slate-900">
          Questions and answers
        </h2>
        <div className="mt-2 divide-y divide-slate-200">
          {faqsFor(service).map((faq) => (
            <details key={faq.question} className="group py-3">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-3 font-medium text-slate-900">
                {faq.question}
                <ChevronDown className="size-5 shrink-0 text-slate-500 group-open:rotate-180" aria-hidden="true" />
              </summary>
              <p className="mt-2 text-slate-700">{faq.answer}</p>
            </details>
          ))}
        </div>
      </section>
    </>
  );
}
