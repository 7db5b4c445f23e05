import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, weekOf } from "#domain/payouts.ts";
import { signUpCustomer, type TestCustomer } from "#testing/customers.ts";
import { signInAsOperator } from "#testing/mates.ts";
import { body, ok, openApiWalk, walkApp } from "#testing/openapi-walk.ts";
import { lastCode, lastInvitation, wrongCode } from "#testing/phone-requests.ts";
import { completedBooking, SEED_NOW, type SeededCustomer, seedCustomer } from "#testing/seeded-customer.ts";
import type { TestApp } from "#testing/test-app.ts";

/**
 * Real answers match /api/openapi.json: applying as a professional and the operations console, over
 * a job done, paid and rated (the walk's other parts: openapi-walk-customer and -job).
 */
let t: TestApp;
let close: () => Promise<void>;
/** The app's clock: the day before the booking, until its mate sets off. */
let clock = SEED_NOW;
beforeAll(async () => {
  ({ t, close } = await walkApp(() => clock));
});
afterAll(() => close());

/** Throws with the answer unless it is below 300 (the walk's setup, not what it checks). */
async function done(response: Promise<Response>) {
  const answer = await response;
  if (answer.status >= 300) throw new Error(`${answer.url}: ${answer.status} ${await answer.text()}`);
}

describe("real answers match the documented schemas: applications and the operations console", () => {
  let customer: SeededCustomer;
  let placed: { id: string };
  let job: { id: string };
  let mate: TestCustomer;
  let mateId: string;

  beforeAll(async () => {
    customer = await seedCustomer(t, "16:00", { item: { service: "electrician", option: "switch-socket-repair" } });
    const completed = await completedBooking(t, customer, (at) => {
      clock = at;
    });
    placed = { id: customer.bookingId };
    job = { id: completed.jobId };
    mate = completed.mate;
    mateId = completed.mateId;
    await done(mate.request(`/api/mate/jobs/${job.id}/collect`, { method: "POST", ...body({ method: "upi" }) }));
    const rating = { stars: 5, tags: ["polite"], comment: "Neat" };
    await done(customer.request(`/api/bookings/${placed.id}/rating`, { method: "PUT", ...body(rating) }));
  });

  it("for a valid request to every operation, and for the errors", async () => {
    const { check, problems, notWalked } = openApiWalk(t, "console", customer);
    await check("POST", `/api/ops/bookings/${placed.id}/unlock-start-code`, {}, mate);

    // A professional applies; an operator reads the application and its document, verifies one and
    // rejects another.
    const operator = await signInAsOperator(t);
    const applicationIds: string[] = [];
    for (const email of ["walk.applicant.1@example.com", "walk.applicant.2@example.com"]) {
      const form = new FormData();
      form.set(
        "details",
        JSON.stringify({
          fullName: "Walk Applicant",
          mobile: "9820012345",
          email,
          skills: ["plumber"],
          homeLocality: { name: "Malad West", lat: 19.1874, lon: 72.8484 },
          yearsExperience: 3,
        }),
      );
      form.append("identity", new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])]), "id.jpg");
      form.append("address", new Blob([new TextEncoder().encode("%PDF-1.4\n%%EOF")]), "bill.pdf");
      const applied = await check("POST", "/api/applications", { body: form }, "visitor");
      expect(applied.status).toBe(201);
      applicationIds.push(((await applied.clone().json()) as { id: string }).id);
    }
    const [verifyId, rejectId] = applicationIds;
    await check("POST", "/api/applications", body({ not: "a form" }), "visitor");
    await ok(check("GET", "/api/ops/applications", {}, operator));
    await check("GET", "/api/ops/applications", {}, "customer");
    const opened = await check("GET", `/api/ops/applications/${verifyId}`, {}, operator);
    const documentUrl = ((await opened.clone().json()) as { application: { documents: { url: string }[] } }).application
      .documents[0]?.url;
    await ok(check("GET", documentUrl ?? "", {}, operator));
    await ok(
      check(
        "POST",
        `/api/ops/applications/${verifyId}/verify`,
        body({
          identityChecked: true,
          addressChecked: true,
          policeVerificationRef: "PV-1",
          skillsConfirmed: ["plumber"],
        }),
        operator,
      ),
    );
    await ok(check("POST", `/api/ops/applications/${rejectId}/reject`, body({ reason: "Unreadable scan." }), operator));
    await check("POST", `/api/ops/applications/${rejectId}/reject`, body({ reason: "Unreadable scan." }), operator);

    // The rest of the console: mates, bookings, customers, operators, the audit log.
    // The finance page and the accountant's exports (record 066).
    await ok(check("GET", "/api/ops/finance", {}, operator));
    await ok(check("GET", "/api/ops/finance/ledger.csv?from=2026-01-01&to=2026-12-31", {}, operator));
    await check("GET", "/api/ops/finance/ledger.csv?from=2026-12-31&to=2026-01-01", {}, operator);
    await ok(check("GET", "/api/ops/finance/payouts.csv?from=2026-01-01&to=2026-12-31", {}, operator));
    await check("GET", "/api/ops/finance/payouts.csv?from=soon", {}, operator);
    await ok(check("GET", "/api/ops/finance/tds.csv?financialYear=2026-27&quarter=3", {}, operator));
    await check("GET", "/api/ops/finance/tds.csv?financialYear=2026-28&quarter=3", {}, operator);
    await ok(check("GET", "/api/ops/reviews", {}, operator));
    await check("GET", "/api/ops/reviews", {}, "customer");
    await ok(check("POST", `/api/ops/reviews/${placed.id}/hide`, body({ reason: "Contract walk" }), operator));
    await check("POST", `/api/ops/reviews/${placed.id}/hide`, body({ reason: "Contract walk" }), operator);
    await ok(check("POST", `/api/ops/reviews/${placed.id}/show`, body({ reason: "Contract walk" }), operator));
    await check("POST", `/api/ops/reviews/${placed.id}/show`, body({}), operator);
    await ok(check("GET", "/api/ops/mates?q=plumber", {}, operator));
    await ok(check("GET", "/api/ops/mates/mate-001", {}, operator));
    await ok(check("PATCH", "/api/ops/mates/mate-001", body({ skills: ["deep-cleaning", "sofa-cleaning"] }), operator));
    await ok(check("POST", "/api/ops/mates/mate-001/suspend", body({ reason: "Contract walk" }), operator));
    await ok(check("POST", "/api/ops/mates/mate-001/reinstate", body({ reason: "Contract walk" }), operator));
    await check("POST", "/api/ops/mates/mate-001/reinstate", body({ reason: "Contract walk" }), operator);
    const adjustment = { amountRupees: -100, reason: "Contract walk" };
    await ok(check("POST", "/api/ops/mates/mate-001/adjustments", body(adjustment), operator));
    await check("POST", "/api/ops/mates/mate-001/adjustments", body({ amountRupees: -100 }), operator);
    await check("POST", "/api/ops/mates/nobody/adjustments", body(adjustment), operator);
    // A mate invited by SMS (issue 41): the console's invitation, the link's page, the number's change.
    await check("POST", "/api/ops/mates/mate-020/sms-invitation", body({ phoneNumber: "12345" }), operator);
    await ok(check("POST", "/api/ops/mates/mate-020/sms-invitation", body({}), operator));
    const { token } = lastInvitation(t, "9820012740");
    await check("POST", "/api/mate-invitations/check", body({ token: "A".repeat(24) }), "visitor");
    await ok(check("POST", "/api/mate-invitations/check", body({ token }), "visitor"));
    await ok(check("POST", "/api/mate-invitations/send-code", body({ token }), "visitor"));
    await check("POST", "/api/mate-invitations/send-code", body({ token }), "visitor");
    const code = lastCode(t, "9820012740");
    await check("POST", "/api/mate-invitations/verify", body({ token, code: wrongCode(code) }), "visitor");
    await ok(check("POST", "/api/mate-invitations/verify", body({ token, code }), "visitor"));
    const newNumber = { phoneNumber: "9820012741", reason: "Contract walk" };
    await ok(check("PUT", "/api/ops/mates/mate-020/phone-number", body(newNumber), operator));
    await check("PUT", "/api/ops/mates/mate-020/phone-number", body(newNumber), operator);
    await ok(check("GET", `/api/ops/bookings?q=${encodeURIComponent(customer.email)}`, {}, operator));
    await ok(check("GET", `/api/ops/bookings/${placed.id}`, {}, operator));
    await ok(check("GET", `/api/ops/bookings/${placed.id}/jobs/${job?.id}/candidates`, {}, operator));
    await check(
      "POST",
      `/api/ops/bookings/${placed.id}/jobs/${job?.id}/assign`,
      body({ mateId: "mate-001" }),
      operator,
    );
    await check("POST", `/api/ops/bookings/${placed.id}/unlock-start-code`, {}, operator);
    await check("POST", `/api/ops/bookings/${placed.id}/cancel`, body({ reason: "Contract walk" }), operator);
    await ok(check("GET", `/api/ops/customers?q=${encodeURIComponent(customer.email)}`, {}, operator));
    await ok(check("GET", `/api/ops/customers/${customer.id}`, {}, operator));
    const other = await signUpCustomer(t, "Walk Disabled");
    await ok(check("POST", `/api/ops/customers/${other.id}/disable`, body({ reason: "Contract walk" }), operator));
    await ok(check("POST", `/api/ops/customers/${other.id}/enable`, body({ reason: "Contract walk" }), operator));
    await ok(check("GET", "/api/ops/operators", {}, operator));
    await ok(check("POST", "/api/ops/operators", body({ email: "walk.operator@example.com" }), operator));
    await ok(check("GET", "/api/ops/audit?subjectType=mate", {}, operator));
    await ok(check("POST", `/api/ops/bookings/${placed.id}/chat`, body({ reason: "Contract walk" }), operator));
    // The resolution desk, on a case the customer opens about the finished job.
    const details = new FormData();
    details.set("details", JSON.stringify({ problem: "quality", description: "The switch plate is loose." }));
    const complaint = await customer.request(`/api/bookings/${placed.id}/cases`, { method: "POST", body: details });
    const caseId = ((await complaint.json()) as { case: { id: string } }).case.id;
    await ok(check("GET", "/api/ops/cases", {}, operator));
    await ok(check("GET", "/api/ops/cases?status=all", {}, operator));
    await check("GET", "/api/ops/cases?status=some", {}, operator);
    await ok(check("GET", `/api/ops/cases/${caseId}`, {}, operator));
    await check("GET", `/api/ops/cases/${crypto.randomUUID()}`, {}, operator);
    await ok(check("POST", `/api/ops/cases/${caseId}/answer`, body({ message: "Looking into it." }), operator));
    await ok(check("POST", `/api/ops/cases/${caseId}/ask`, body({ message: "Which room?" }), operator));
    await check("POST", `/api/ops/cases/${caseId}/ask`, body({ message: "" }), operator);
    await ok(check("POST", `/api/ops/cases/${caseId}/ask-mate`, body({ message: "What happened?" }), operator));
    await check("POST", `/api/ops/cases/${caseId}/ask-mate`, body({}), operator);
    const warning = { mateId, reason: "Loose fitting left.", message: "We have spoken to your mate." };
    await ok(check("POST", `/api/ops/cases/${caseId}/warn`, body(warning), operator));
    await check("POST", `/api/ops/cases/${caseId}/warn`, body({ ...warning, reason: "" }), operator);
    await check("POST", `/api/ops/cases/${caseId}/reassign`, body({ mateId, message: "Another mate." }), operator);
    await ok(check("POST", `/api/ops/cases/${caseId}/suspend`, body(warning), operator));
    await check(
      "POST",
      `/api/ops/cases/${caseId}/decide`,
      body({ decision: "credit", rupees: 0, message: "x" }),
      operator,
    );
    const credit = { decision: "credit", rupees: 100, message: "₹100 for the trouble." };
    await ok(check("POST", `/api/ops/cases/${caseId}/decide`, body(credit), operator));
    await check("POST", `/api/ops/cases/${caseId}/decide`, body(credit), operator);
    await check("POST", `/api/ops/cases/${caseId}/resolve`, body({ message: "Again" }), operator);
    await ok(check("POST", `/api/ops/cases/${caseId}/close`, body({ message: "Fixed on the visit." }), operator));
    // Payouts: a retry of a payout that does not exist, and of no payout id at all.
    await check("POST", "/api/ops/payouts/00000000-0000-4000-8000-000000000000/retry", {}, operator);
    await check("POST", "/api/ops/payouts/not-a-payout/retry", {}, operator);

    // Payout runs (record 065): last week's made and read; approving needs RazorpayX, not set here.
    const lastWeek = addDays(weekOf(clock), -7);
    const run = await check("POST", "/api/ops/payout-runs", body({ week: lastWeek }), operator);
    expect(run.status).toBe(201);
    const runId = (await run.json()).run.id;
    await ok(check("POST", "/api/ops/payout-runs", body({ week: lastWeek }), operator));
    await check("POST", "/api/ops/payout-runs", body({ week: "2026-11-25" }), operator);
    await ok(check("GET", "/api/ops/payout-runs", {}, operator));
    await ok(check("GET", `/api/ops/payout-runs/${runId}`, {}, operator));
    await check("GET", `/api/ops/payout-runs/${crypto.randomUUID()}`, {}, operator);
    await check("POST", `/api/ops/payout-runs/${runId}/approve`, {}, operator);
    await check("POST", "/api/ops/payout-runs/not-a-run/approve", {}, operator);
    // Commission rates (issue 39): a service's own rate, a wrong one, and back to its group's.
    await ok(check("GET", "/api/ops/commission-rates", {}, operator));
    await check("GET", "/api/ops/commission-rates", {}, "customer");
    await ok(check("PUT", "/api/ops/commission-rates/electrician", body({ percent: "17.5" }), operator));
    await check("PUT", "/api/ops/commission-rates/electrician", body({ percent: "two" }), operator);
    await check("PUT", "/api/ops/commission-rates/no-such-service", body({ percent: "10" }), operator);
    await ok(check("PUT", "/api/ops/commission-rates/electrician", body({ percent: null }), operator));
    // The catalogue's languages (issue 40): the list, one service, an edit, a wrong one.
    await ok(check("GET", "/api/ops/translations", {}, operator));
    await check("GET", "/api/ops/translations", {}, "customer");
    await ok(check("GET", "/api/ops/translations/plumber", {}, operator));
    await check("GET", "/api/ops/translations/no-such-service", {}, operator);
    const texts = { title: "प्लंबर", description: null, includes: null, excludes: null, options: {} };
    await ok(check("PUT", "/api/ops/translations/plumber/hi-IN", body(texts), operator));
    await check("PUT", "/api/ops/translations/plumber/hi-IN", body({ title: 1 }), operator);
    await check("PUT", "/api/ops/translations/plumber/mr-IN", body(texts), "customer");

    expect(problems).toEqual([]);
    expect(notWalked()).toEqual([]);
  });
});
