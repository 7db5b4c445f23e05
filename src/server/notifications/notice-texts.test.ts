import { describe, expect, it } from "vitest";
import { customerNotices, mateNotices } from "#domain/notice-texts.ts";
import { payoutReturnedNotice } from "#domain/payout-notices.ts";
import { ENGLISH_WORDS, noticeWords } from "#server/mail/notice-words.ts";

/**
 * What the notices say (issue 19, record 069), in English exactly as before and in the person's
 * language: the catalog's words, dates with the language's names and Latin digits, amounts "₹1,234".
 */
const start = new Date("2026-11-24T05:30:00Z");
const facts = {
  bookingId: "b1",
  services: ["Plumber"],
  startAt: start,
  locality: "Kandivali West",
  totalRupees: 449,
  prepaid: true,
};
const job = { jobId: "j1", service: "Plumber", startAt: start, locality: "Kandivali West" };
const en = ENGLISH_WORDS;

describe("the booking's confirmation", () => {
  const pay = (more: { prepaid: boolean; creditRupees?: number }) =>
    customerNotices.confirmed(en, { ...facts, ...more }).paragraphs[1];

  it("says what the credit paid and what is left, and how", () => {
    expect(pay({ prepaid: false, creditRupees: 100 })).toBe(
      "Total ₹449: ₹100 paid with your Mates credit, ₹349 to pay after the service.",
    );
    expect(pay({ prepaid: true, creditRupees: 100 })).toBe(
      "Total ₹449: ₹100 paid with your Mates credit, ₹349 paid online.",
    );
    expect(pay({ prepaid: true, creditRupees: 449 })).toBe("Paid with your Mates credit: ₹449.");
    expect(pay({ prepaid: false })).toBe("Total ₹449, paid after the service.");
  });
});

describe("a mate who does not come", () => {
  it("tells the customer the choices, the late mate the no-show, and the credit on the cancellation", () => {
    expect(customerNotices.noShowOffered(en, facts).push.title).toBe("Mate hasn't arrived?");
    const cancelled = customerNotices.cancelled(en, facts, {
      by: "no_show",
      chargeRupees: 0,
      refundPaise: 44_900,
      creditRupees: 100,
    });
    expect(cancelled.paragraphs.join(" ")).toMatch(
      /free of charge, as your mate did not come[\s\S]*₹100 of Mates credit/,
    );
    expect(mateNotices.taken(en, job, "no_show").paragraphs[0]).toMatch(/recorded as a no-show/);
  });
});

describe("notices in the person's language", () => {
  it("writes a customer's confirmation in Hindi, with Hindi dates and Latin digits", () => {
    const hindi = customerNotices.confirmed(noticeWords("hi-IN"), { ...facts, services: ["Plumber", "Electrician"] });
    expect(hindi.subject).toBe("बुकिंग पक्की हो गई: Plumber और Electrician, मंगल, 24 नव॰, 11:00 AM");
    expect(hindi.paragraphs[1]).toBe("ऑनलाइन भुगतान हुआ: ₹449।");
    expect(hindi.rows.map(([label]) => label)).toEqual(["कब", "कहाँ", "सर्विस"]);
    expect(hindi.push.title).toBe("बुकिंग पक्की हो गई");
    expect(hindi.action).toEqual({ label: "अपनी बुकिंग देखें", path: "/mate-assigning?booking=b1" });
  });

  it("writes a mate's new job in Marathi", () => {
    const marathi = mateNotices.newJob(noticeWords("mr-IN"), job, false);
    expect(marathi.push.title).toBe("नवीन काम");
    expect(marathi.push.body).toMatch(/^Plumber, मंगळ, 24 नोव्हें, 11:00 .+, Kandivali West$/);
    expect(marathi.paragraphs).toEqual(["एक नवीन काम तुम्हाला मिळाले आहे. कृपया वेळेवर निघा."]);
    expect(marathi.push.body).not.toMatch(/[०-९]/);
  });

  it("names a payout's end in the mate's language", () => {
    const hindi = payoutReturnedNotice(noticeWords("hi-IN"), {
      amountPaise: 123_400,
      status: "reversed",
      reason: null,
    });
    expect(hindi.subject).toBe("आपका ₹1,234 का भुगतान बैंक से वापस आ गया");
    expect(hindi.push.title).toBe("भुगतान वापस आया");
    expect(payoutReturnedNotice(en, { amountPaise: 123_400, status: "failed", reason: "x" }).push.title).toBe(
      "Payout failed",
    );
  });
});
