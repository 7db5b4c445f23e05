import type { ServiceGroup } from "#domain/constants.ts";

/** The shell's message id of each service group's one-line summary, shown above its services. */
export const GROUP_SUMMARY = {
  Homekit: "summaryHomekit",
  Nearkart: "summaryNearkart",
  Renova: "summaryRenova",
} as const satisfies Record<ServiceGroup, string>;
