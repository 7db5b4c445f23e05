import { expect } from "vitest";
import { caseResponseSchema } from "#domain/help-api.ts";
import { PNG } from "./files.ts";
import type { SeededCustomer } from "./seeded-customer.ts";

/** A damage claim on the customer's seeded booking, with a photo, as the customer opens one. */
export async function damageCase(customer: SeededCustomer, amountRupees: number) {
  const body = new FormData();
  body.set("details", JSON.stringify({ problem: "damage", description: "The mirror cracked.", amountRupees }));
  body.append("photos", new Blob([PNG]), "mirror.png");
  const opened = await customer.request(`/api/bookings/${customer.bookingId}/cases`, { method: "POST", body });
  expect(opened.status, await opened.clone().text()).toBe(201);
  return caseResponseSchema.parse(await opened.json()).case;
}
