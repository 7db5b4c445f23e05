import { describe, expect, it } from "vitest";
import { BOOKING_PAGE_HEADING, BOOKING_STATUSES, type Booking, bookingHeading, STATUS_TEXT } from "#domain/booking.ts";
import { historyLabel } from "#domain/booking-history.ts";
import type { SourceCatalog } from "#domain/i18n/messages.ts";
import { JOB_ACTIONS } from "#domain/job.ts";
import { headingKey, historyKey, STATUS_KEY } from "./booking-texts.ts";

/** The English catalog as written (`?source`: not compiled, vite-messages.ts). */
const english = async () =>
  ((await import(`${"./progress/messages/en-IN.ts"}?source`)) as { messages: SourceCatalog }).messages;

type Job = Booking["jobs"][number];
const jobs = (count: number) => Array.from({ length: count }, () => ({ status: "assigned" }) as Job);

describe("the booking's texts in English stay the domain's (the spec's) texts", () => {
  it("status badges", async () => {
    const en = await english();
    for (const status of BOOKING_STATUSES) expect(en[STATUS_KEY[status]]?.message).toBe(STATUS_TEXT[status]);
  });

  it("the booking page's heading, for one mate and several", async () => {
    const en = await english();
    expect(en.assigningHeading?.message).toBe(BOOKING_PAGE_HEADING);
    for (const status of BOOKING_STATUSES) {
      for (const count of [1, 2]) {
        const booking = { status, jobs: jobs(count) };
        expect(en[headingKey(booking)]?.message).toBe(bookingHeading(booking));
      }
    }
  });

  it("timeline entries", async () => {
    const en = await english();
    const actions = [...Object.keys(JOB_ACTIONS), "place", "at_risk", "extra_proposed", "rated", "rework"];
    for (const action of actions) {
      const key = historyKey(action);
      expect(key, action).toBeDefined();
      if (key) expect(en[key]?.message).toBe(historyLabel(action));
    }
  });
});
