import { eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { beforeAll, describe, expect, it } from "vitest";
import { parsePushPayload } from "#domain/push-payload.ts";
import { jobs } from "#server/bookings/schema.ts";
import type { TestCustomer } from "#testing/customers.ts";
import { signInAsMate, signInAsOperator } from "#testing/mates.ts";
import { noticeTestApp } from "#testing/notice-test-app.ts";
import { SEED_NOW, type SeededCustomer, seedCustomer, seedStart, settledBooking } from "#testing/seeded-customer.ts";
import type { TestApp } from "#testing/test-app.ts";
import { notifications } from "./schema.ts";

/**
 * Issue 40's API proofs of notices in the language of the account (record 069): the mail and the
 * push of a customer who chose हिन्दी are Hindi, a mate who chose मराठी gets their new job in
 * Marathi, and an account left in English gets today's English, word for word.
 */
const notices = noticeTestApp(() => SEED_NOW);
const { drain, mailsTo, subscribe } = notices;
let t: TestApp;
beforeAll(() => {
  t = notices.t;
});

const send = (method: string, body: unknown) => ({ method, body: JSON.stringify(body) });
const textOf = (mail: ParsedMail | undefined) => mail?.text ?? "";
const speak = async (person: Pick<TestCustomer, "request">, locale: string) =>
  expect((await person.request("/api/me/language", send("PUT", { locale }))).status).toBe(200);

/**
 * A second booking of the seeded customer (the cart's item), after they chose a language: the
 * first booking's notices went out before, in English.
 */
async function bookAgain(customer: SeededCustomer, slot: string): Promise<string> {
  const response = await customer.request(
    "/api/bookings",
    send("POST", {
      addressId: customer.addressId,
      start: seedStart(slot),
      paymentMethod: "pay_after_service",
      idempotencyKey: `again-${customer.marker}`,
    }),
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { booking: { id: string } }).booking.id;
}

describe("notices in the account's language", () => {
  it("writes a Hindi customer's confirmation mail and push in Hindi, and an English one's in English", async () => {
    const hindi = await seedCustomer(t, "10:00");
    const english = await seedCustomer(t, "11:00");
    await drain();
    const hindiHad = mailsTo(hindi.email).length;
    const englishHad = mailsTo(english.email).length;
    await speak(hindi, "hi-IN");
    const hindiPhone = await subscribe(hindi);
    const englishPhone = await subscribe(english);
    const hindiBooking = await bookAgain(hindi, "14:00");
    const englishBooking = await bookAgain(english, "12:00");
    await drain();

    const [confirmed] = mailsTo(hindi.email).slice(hindiHad);
    expect(confirmed?.subject).toBe("बुकिंग पक्की हो गई: प्लंबर, मंगल, 24 नव॰, 2:00 PM");
    expect(textOf(confirmed)).toContain("नमस्ते Seeded,");
    expect(textOf(confirmed)).toContain("आपकी बुकिंग पक्की हो गई है। हम इसके लिए सबसे पास का खाली, वेरिफ़ाइड मेट ढूँढ रहे हैं।");
    expect(textOf(confirmed)).toContain("कहाँ: Kandivali West");
    expect(textOf(confirmed)).toContain(`अपनी बुकिंग देखें: ${t.config.appOrigin}/mate-assigning?booking=${hindiBooking}`);
    expect(textOf(confirmed)).toContain("— Mates. आपको ज़रूरत है, हम ठीक करते हैं।");
    expect(confirmed?.html).toContain('<html lang="hi" dir="ltr">');
    expect(confirmed?.headers.get("content-language")).toBe("hi-IN");
    const hindiPushes = await notices.pushService.waitFor(hindiPhone.endpoint, 1);
    const hindiConfirmed = hindiPushes
      .map((push) => parsePushPayload(push.text))
      .find((push) => push?.title === "बुकिंग पक्की हो गई");
    expect(hindiConfirmed?.body).toBe("प्लंबर, मंगल, 24 नव॰, 2:00 PM");
    // The app's record of the notice keeps the words it went out in.
    const kept = await t.database.db.select().from(notifications).where(eq(notifications.userId, hindi.id));
    expect(kept.map((row) => (row.content as { subject?: string; title?: string }).subject ?? "")).toContain(
      "बुकिंग पक्की हो गई: प्लंबर, मंगल, 24 नव॰, 2:00 PM",
    );

    const [englishConfirmed] = mailsTo(english.email).slice(englishHad);
    expect(englishConfirmed?.subject).toBe("Booking confirmed: Plumber, Tue, 24 Nov, 12:00 PM");
    expect(textOf(englishConfirmed)).toContain("Hi Seeded,");
    expect(textOf(englishConfirmed)).toContain(
      "Your booking is confirmed. We are finding the nearest free verified mate for it.",
    );
    expect(textOf(englishConfirmed)).toContain("— Mates. You need it, we fix it.");
    expect(englishConfirmed?.html).toContain('<html lang="en" dir="ltr">');
    const englishPushes = await notices.pushService.waitFor(englishPhone.endpoint, 1);
    expect(englishPushes.map((push) => parsePushPayload(push.text))).toEqual(
      expect.arrayContaining([
        {
          title: "Booking confirmed",
          body: "Plumber, Tue, 24 Nov, 12:00 PM",
          url: `/mate-assigning?booking=${englishBooking}`,
          tag: `booking:${englishBooking}`,
        },
      ]),
    );
  });

  it("tells a Marathi mate of a new job in Marathi", async () => {
    const customer = await seedCustomer(t, "16:00");
    const booking = await settledBooking(t, customer);
    await drain();
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.bookingId, booking.id));
    const operator = await signInAsOperator(t);
    const { candidates } = (await (
      await operator.request(`/api/ops/bookings/${booking.id}/jobs/${job?.id}/candidates`)
    ).json()) as { candidates: { id: string }[] };
    const next = candidates.find((candidate) => candidate.id !== job?.mateId);
    if (!next) throw new Error("no other mate can take the job");
    const mate = await signInAsMate(t, next.id);
    await speak(mate, "mr-IN");
    const phone = await subscribe(mate);
    const had = mailsTo(mate.email).length;
    const reassign = await operator.request(
      `/api/ops/bookings/${booking.id}/jobs/${job?.id}/assign`,
      send("POST", { mateId: next.id }),
    );
    expect(reassign.status).toBe(200);
    await drain();

    const [push] = await notices.pushService.waitFor(phone.endpoint, 1);
    expect(parsePushPayload(push?.text)).toEqual({
      title: "नवीन काम",
      body: expect.stringMatching(/^प्लंबर, मंगळ, 24 नोव्हें, 4:00 .+, Kandivali West$/),
      url: `/mate/jobs/${job?.id}`,
      tag: `job:${job?.id}`,
    });
    const [mail] = mailsTo(mate.email).slice(had);
    expect(mail?.subject).toMatch(/^नवीन काम: प्लंबर, मंगळ, 24 नोव्हें, 4:00 /);
    expect(textOf(mail)).toContain("एक नवीन काम तुम्हाला मिळाले आहे. कृपया वेळेवर निघा.");
    expect(textOf(mail)).toContain(`काम उघडा: ${t.config.appOrigin}/mate/jobs/${job?.id}`);
    expect(mail?.html).toContain('<html lang="mr" dir="ltr">');
    // The customer, still in English, hears of the change in English.
    expect(mailsTo(customer.email).at(-1)?.subject).toMatch(/^Your mate has changed: /);
  });
});
