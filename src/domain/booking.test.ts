import { describe, expect, it } from "vitest";
import {
  BOOKING_STATUSES,
  bookingDays,
  bookingHeading,
  busyCells,
  cancellation,
  formatMinuteOfDay,
  gstIncluded,
  isDelivery,
  jobMinutes,
  jobsByService,
  slotTimes,
  visitMinutes,
} from "./booking.ts";
import { kolkataDay } from "./kolkata-time.ts";
import { rankMates } from "./matching.ts";

const at = (iso: string) => new Date(iso);
const labels = (day: string, minutes: number, now: string) =>
  slotTimes(day, minutes, at(now)).map((slot) => formatMinuteOfDay(slot.minuteOfDay));

describe("time slots", () => {
  it("are in Asia/Kolkata whatever the machine's zone: 6:00 AM there is 00:30 UTC", () => {
    const [first] = slotTimes("2026-11-24", 60, at("2026-11-22T12:00:00Z"));
    expect(first?.start.toISOString()).toBe("2026-11-24T00:30:00.000Z");
    expect(kolkataDay(at("2026-11-22T19:00:00Z"))).toBe("2026-11-23");
  });

  it("start every 30 minutes from 6:00 AM to the last start that ends by 9:00 PM", () => {
    const hour = labels("2026-11-24", 60, "2026-11-22T12:00:00Z");
    expect(hour[0]).toBe("6:00 AM");
    expect(hour[1]).toBe("6:30 AM");
    expect(hour.at(-1)).toBe("8:00 PM");
    expect(hour).toHaveLength(29);
    expect(labels("2026-11-24", 45, "2026-11-22T12:00:00Z").at(-1)).toBe("8:00 PM");
    expect(labels("2026-11-24", 300, "2026-11-22T12:00:00Z").at(-1)).toBe("4:00 PM");
  });

  it("leave out the past and the next 2 hours", () => {
    // 10:10 AM in Mumbai: the first start is 12:30 PM.
    expect(labels("2026-11-22", 60, "2026-11-22T04:40:00Z")[0]).toBe("12:30 PM");
    // 7:00 PM in Mumbai: nothing more today.
    expect(labels("2026-11-22", 30, "2026-11-22T13:30:00Z")).toEqual([]);
  });

  it("cover today and the next six days only", () => {
    expect(bookingDays(at("2026-11-22T20:00:00Z"))).toEqual([
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
      "2026-11-27",
      "2026-11-28",
      "2026-11-29",
    ]);
    expect(slotTimes("2026-11-30", 60, at("2026-11-22T20:00:00Z"))).toEqual([]);
    expect(slotTimes("2026-11-21", 60, at("2026-11-22T20:00:00Z"))).toEqual([]);
  });

  it("give a job longer than a working day the whole first day from 6:00 AM", () => {
    expect(visitMinutes(4320)).toBe(900);
    expect(labels("2026-11-24", 4320, "2026-11-22T12:00:00Z")).toEqual(["6:00 AM"]);
  });

  it("hold a mate for every 30-minute cell a job touches", () => {
    const [slot] = slotTimes("2026-11-24", 45, at("2026-11-22T12:00:00Z"));
    if (!slot) throw new Error("no slot");
    expect(busyCells(slot.start, slot.end)).toHaveLength(2);
    expect(busyCells(slot.start, new Date(slot.start.getTime() + 30 * 60_000))).toHaveLength(1);
  });
});

describe("cancellation", () => {
  const start = at("2026-11-24T06:30:00Z");
  it("is free until 3 hours before the start", () => {
    expect(cancellation(start, "assigned", at("2026-11-24T03:30:00Z"), 99)).toEqual({
      cancellable: true,
      chargeRupees: 0,
    });
    expect(cancellation(start, "assigned", at("2026-11-24T03:31:00Z")).cancellable).toBe(false);
    expect(cancellation(start, "assigned", at("2026-11-24T03:31:00Z")).reason).toMatch(/until 3 hours before/);
    expect(cancellation(start, "cancelled", at("2026-11-20T00:00:00Z")).cancellable).toBe(false);
    expect(cancellation(start, "in_progress", at("2026-11-20T00:00:00Z")).cancellable).toBe(false);
  });
  it("costs the visiting charge once a mate is on the way or at the door, and is closed once work starts", () => {
    const late = at("2026-11-24T06:00:00Z");
    expect(cancellation(start, "on_the_way", late, 99)).toEqual({ cancellable: true, chargeRupees: 99 });
    expect(cancellation(start, "arrived", late, 99)).toEqual({ cancellable: true, chargeRupees: 99 });
    expect(cancellation(start, "in_progress", late, 99)).toMatchObject({ cancellable: false, chargeRupees: 0 });
    expect(cancellation(start, "completed", late, 99)).toMatchObject({ cancellable: false, chargeRupees: 0 });
  });
});

describe("prices", () => {
  it("show the GST included in a price", () => {
    expect(gstIncluded(1180)).toBe(180);
    expect(gstIncluded(449)).toBe(68);
    expect(gstIncluded(0)).toBe(0);
  });
});

describe("matching", () => {
  const address = { lat: 19.2287, lon: 72.8564 }; // Borivali
  const mate = (id: string, lat: number, lon: number, rating: number, jobsDone = 100) => ({
    id,
    lat,
    lon,
    rating,
    jobsDone,
  });
  it("offers the job to the nearest mate first, then the best rated", () => {
    const ranked = rankMates(
      [
        mate("andheri-5.0", 19.1197, 72.8468, 5.0),
        mate("borivali-4.2", 19.229, 72.856, 4.2),
        mate("borivali-4.8", 19.228, 72.857, 4.8),
        mate("kandivali-4.9", 19.2045, 72.8521, 4.9),
      ],
      address,
    );
    expect(ranked.map((m) => m.id)).toEqual(["borivali-4.8", "borivali-4.2", "kandivali-4.9", "andheri-5.0"]);
  });
  it("breaks a tie of distance and rating by jobs done", () => {
    const ranked = rankMates([mate("a", 19.2287, 72.8564, 4.5, 10), mate("b", 19.2287, 72.8564, 4.5, 300)], address);
    expect(ranked.map((m) => m.id)).toEqual(["b", "a"]);
  });
});

describe("jobsByService", () => {
  const item = (service: string, group: string, durationMinutes: number, quantity: number) => ({
    service,
    group,
    durationMinutes,
    quantity,
  });

  it("adds up a service's work by quantity, and a shop's deliveries as one trip", () => {
    const jobs = jobsByService([
      item("deep-cleaning", "Homekit", 120, 2),
      item("deep-cleaning", "Homekit", 60, 1),
      item("bakery", "Nearkart", 60, 3),
      item("bakery", "Nearkart", 90, 1),
    ]);
    expect(jobs.get("deep-cleaning")).toBe(300);
    expect(jobs.get("bakery")).toBe(90);
    expect(jobMinutes(jobs)).toBe(300);
  });

  it("counts only Nearkart items as deliveries", () => {
    expect(isDelivery({ group: "Nearkart" })).toBe(true);
    expect(isDelivery({ group: "Homekit" })).toBe(false);
    expect(isDelivery({ group: "Renova" })).toBe(false);
  });
});

describe("the booking page's heading", () => {
  const job = (status: string) => ({ status }) as Parameters<typeof bookingHeading>[0]["jobs"][number];
  it("follows the booking's status through its whole life", () => {
    const headings = BOOKING_STATUSES.map((status) => bookingHeading({ status, jobs: [job(status)] }));
    expect(headings).toEqual([
      "Finding your mate",
      "Your mate is assigned",
      "No mate free yet",
      "On the way",
      "Arrived",
      "In progress",
      "Completed",
      "Cancelled",
    ]);
  });

  it("speaks of mates when several services each have one", () => {
    const two = [job("assigned"), job("assigned")];
    expect(bookingHeading({ status: "assigned", jobs: two })).toBe("Your mates are assigned");
    expect(bookingHeading({ status: "assigned", jobs: [job("assigned"), job("cancelled")] })).toBe(
      "Your mate is assigned",
    );
  });
});
