import { describe, expect, it } from "vitest";
import { type Booking, bookingSchema } from "./booking.ts";
import type { MateJob } from "./mate-app.ts";
import { bookingInLanguage, mateJobInLanguage } from "./names-in-language.ts";

/** What was booked, shown in the screen's language from the catalogue (issue 40). */
const hindi = [
  {
    name: "plumber",
    title: "प्लंबर",
    group: "Homekit",
    icon: "wrench",
    options: [{ key: "tap", label: "नल की मरम्मत", priceRupees: 199, durationMinutes: 30 }],
  },
];

const item = (service: string, option: string, serviceTitle: string, optionLabel: string) => ({
  service,
  group: "Homekit",
  durationMinutes: 30,
  option,
  serviceTitle,
  optionLabel,
  quantity: 1,
  unitPriceRupees: 199,
  lineTotalRupees: 199,
});

const booking = (items: Booking["items"], jobs: { service: string; serviceTitle: string }[]) =>
  ({ items, jobs }) as unknown as Booking;

describe("a booking's names in the screen's language", () => {
  it("takes each service's title and each option's label from the catalogue", () => {
    const named = bookingInLanguage(
      booking([item("plumber", "tap", "Plumber", "Tap repair")], [{ service: "plumber", serviceTitle: "Plumber" }]),
      hindi,
    );
    expect(named.items[0]).toMatchObject({ serviceTitle: "प्लंबर", optionLabel: "नल की मरम्मत", option: "tap" });
    expect(named.jobs[0]?.serviceTitle).toBe("प्लंबर");
  });

  it("keeps the name as booked where the catalogue no longer has the service or option", () => {
    const named = bookingInLanguage(
      booking(
        [item("plumber", "gone", "Plumber", "Old option"), item("carpenter", "door", "Carpenter", "Door fix")],
        [{ service: "carpenter", serviceTitle: "Carpenter" }],
      ),
      hindi,
    );
    expect(named.items.map((line) => [line.serviceTitle, line.optionLabel])).toEqual([
      ["प्लंबर", "Old option"],
      ["Carpenter", "Door fix"],
    ]);
    expect(named.jobs[0]?.serviceTitle).toBe("Carpenter");
    expect(bookingSchema.shape.items.parse(named.items)).toHaveLength(2);
  });

  it("names a mate's job and its lines", () => {
    const job = {
      service: "plumber",
      serviceTitle: "Plumber",
      items: [{ option: "tap", optionLabel: "Tap repair", quantity: 1, lineTotalRupees: 199 }],
    } as unknown as MateJob;
    const named = mateJobInLanguage(job, hindi);
    expect(named.serviceTitle).toBe("प्लंबर");
    expect(named.items[0]?.optionLabel).toBe("नल की मरम्मत");
  });
});
