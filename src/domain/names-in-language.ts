import type { Booking } from "./booking.ts";
import type { PricedService } from "./cart.ts";
import type { MateJob } from "./mate-app.ts";

/**
 * A booking keeps the names of what was booked as they were, in English (its invoice prints them).
 * A screen in Hindi or Marathi shows them in its language: each service's title and each option's
 * label as the catalogue in that language has them, a name the catalogue no longer has as booked.
 */
type Names = {
  title: (service: string) => string | undefined;
  label: (service: string, option: string) => string | undefined;
};

function namesOf(services: readonly PricedService[]): Names {
  const byName = new Map(services.map((service) => [service.name, service]));
  return {
    title: (service) => byName.get(service)?.title,
    label: (service, option) => byName.get(service)?.options.find((candidate) => candidate.key === option)?.label,
  };
}

export function bookingInLanguage(booking: Booking, services: readonly PricedService[]): Booking {
  const names = namesOf(services);
  return {
    ...booking,
    items: booking.items.map((item) => ({
      ...item,
      serviceTitle: names.title(item.service) ?? item.serviceTitle,
      optionLabel: names.label(item.service, item.option) ?? item.optionLabel,
    })),
    jobs: booking.jobs.map((job) => ({ ...job, serviceTitle: names.title(job.service) ?? job.serviceTitle })),
  };
}

export function mateJobInLanguage(job: MateJob, services: readonly PricedService[]): MateJob {
  const names = namesOf(services);
  return {
    ...job,
    serviceTitle: names.title(job.service) ?? job.serviceTitle,
    items: job.items.map((item) => ({
      ...item,
      optionLabel: names.label(job.service, item.option) ?? item.optionLabel,
    })),
  };
}
