import { type Booking, bookingSchema } from "#domain/booking.ts";

/** Bookings and jobs as GET /api/bookings/:id answers them, for the booking's component tests. */

type Job = Booking["jobs"][number];

export function testJob(overrides: Partial<Job> = {}): Job {
  return {
    id: "job-kitchen",
    service: "kitchen-cleaning",
    serviceTitle: "Kitchen cleaning",
    status: "in_progress",
    extras: [],
    billRupees: 1499,
    tipRupees: 0,
    creditRupees: 0,
    ...overrides,
  };
}

/** A booking as GET /api/bookings/:id answers it (checked against the schema), with the bill's parts given. */
export function testBooking(overrides: Partial<Booking> = {}): Booking {
  return bookingSchema.parse({
    id: "booking-1",
    status: "in_progress",
    createdAt: "2026-06-01T04:30:00.000Z",
    start: "2026-06-02T05:30:00.000Z",
    end: "2026-06-02T07:30:00.000Z",
    address: {
      label: "Home",
      flat: "B-402",
      building: "Sai Krupa",
      street: "SV Road",
      locality: "Kandivali West",
      landmark: "",
      pincode: "400067",
      lat: null,
      lon: null,
    },
    items: [
      {
        service: "kitchen-cleaning",
        group: "homekit",
        durationMinutes: 120,
        option: "full",
        serviceTitle: "Kitchen cleaning",
        optionLabel: "Full kitchen",
        quantity: 1,
        unitPriceRupees: 1499,
        lineTotalRupees: 1499,
      },
      {
        service: "electrician",
        group: "homekit",
        durationMinutes: 30,
        option: "fan",
        serviceTitle: "Electrician",
        optionLabel: "Fan installation",
        quantity: 2,
        unitPriceRupees: 299,
        lineTotalRupees: 598,
      },
    ],
    totalRupees: 2097,
    gstRupees: 320,
    paymentMethod: "pay_after_service",
    mates: [],
    jobs: [
      testJob(),
      testJob({ id: "job-electrician", service: "electrician", serviceTitle: "Electrician", billRupees: 598 }),
    ],
    startCodeLocked: false,
    billRupees: 2097,
    creditRupees: 0,
    cancellationChargeRupees: 0,
    history: [],
    cancellable: false,
    cancelChargeRupees: 0,
    payment: { paidPaise: 0, duePaise: 0, refunds: [], invoices: [] },
    reschedulable: false,
    unreadMessages: 0,
    rating: { rating: null, openUntil: null, tipOpen: false },
    rework: { openUntil: null, requestedAs: null, of: null },
    help: { problems: [], cases: [] },
    noShowRescue: false,
    ...overrides,
  });
}
