import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationResponseSchema } from "#domain/applications.ts";
import { mateProfileSchema } from "#domain/mate-app.ts";
import { mates } from "#server/mates/schema.ts";
import { auditLog } from "#server/ops/schema.ts";
import { APPLYING_AT, applicationsTestApp, applying, CHECKLIST, details } from "#testing/applicants.ts";
import type { TestCustomer } from "#testing/customers.ts";
import { setPassword, signIn, signInAsOperator } from "#testing/mates.ts";
import { errorOf, post } from "#testing/requests.ts";
import type { TestApp } from "#testing/test-app.ts";
import { handMovedClock } from "#testing/test-clock.ts";
import { applicationDocuments, applications } from "./schema.ts";

/** Issue 16: operators verify or reject applications (applying: submit.test.ts). */
const clock = handMovedClock(APPLYING_AT);
let t: TestApp;
let operator: TestCustomer;
beforeAll(async () => {
  t = await applicationsTestApp(clock.now);
  operator = await signInAsOperator(t);
});
afterAll(() => t.close());

const { mailsTo, uploaded, detailOf, received } = applying(
  () => t,
  () => operator,
);

describe("verifying", () => {
  it("makes a verified mate with the confirmed skills and home, and the invitation lets them in", async () => {
    const { id, body } = await received(details({ skills: ["plumber", "carpenter"], fullName: "Farhan Ali" }));
    const response = await operator.request(
      `/api/ops/applications/${id}/verify`,
      post({ ...CHECKLIST, skillsConfirmed: ["plumber"] }),
    );
    expect(response.status).toBe(200);
    const application = applicationResponseSchema.parse(await response.json()).application;
    expect(application).toMatchObject({ status: "verified", decidedBy: { id: operator.id }, rejectReason: null });
    expect(application.checklist?.policeVerificationRef).toBe("MUM/PV/2026/0412");
    const [mate] = await t.database.db
      .select()
      .from(mates)
      .where(eq(mates.id, application.mateId ?? ""));
    expect(mate).toMatchObject({
      name: "Farhan Ali",
      skills: ["plumber"],
      homeLocality: "Malad West",
      rating: null,
      jobsDone: 0,
      phone: "+91 98200 55123",
      suspendedAt: null,
    });
    expect(mate?.verifiedAt?.toISOString()).toBe(clock.now().toISOString());
    expect(mate?.id).toMatch(/^mate-\d{3}$/);

    // The invitation is the decision: its link sets a password, and the mate signs in to their app.
    const mail = (await mailsTo(body.email)).find((m) => m.includes("Your Mates professional account")) ?? "";
    const link = mail.match(/http:\/\/\S+?reset-password\?token=[\w-]+(?:&|&amp;|=3D)*invite=(?:3D)?1/)?.[0];
    expect(link).toBeTruthy();
    await setPassword(t, (link ?? "").replace(/=3D/g, "=").replace(/&amp;/g, "&"), "my-tools-2026");
    const signedIn = await signIn(t, mate?.userId ?? "", body.email, "my-tools-2026");
    const profile = mateProfileSchema.parse(
      ((await (await signedIn.request("/api/mate/me")).json()) as { mate: unknown }).mate,
    );
    expect(profile).toMatchObject({ id: mate?.id, skills: ["plumber"], rating: null });

    // Audited in the same transaction: who, what, before and after.
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, id));
    expect(entry).toMatchObject({
      actorId: operator.id,
      action: "application.verify",
      subjectType: "application",
      before: { status: "received" },
    });
    expect(entry?.after).toMatchObject({ status: "verified", mateId: mate?.id });

    const twice = await operator.request(
      `/api/ops/applications/${id}/verify`,
      post({ ...CHECKLIST, skillsConfirmed: ["plumber"] }),
    );
    expect(twice.status).toBe(409);
  });

  it("confirms only skills applied for, and needs every box of the checklist", async () => {
    const { id } = await received();
    const stray = await operator.request(
      `/api/ops/applications/${id}/verify`,
      post({ ...CHECKLIST, skillsConfirmed: ["electrician"] }),
    );
    expect(await errorOf(stray)).toMatchObject({ code: "skill_not_applied" });
    const unchecked = await operator.request(
      `/api/ops/applications/${id}/verify`,
      post({ ...CHECKLIST, addressChecked: false, skillsConfirmed: ["plumber"] }),
    );
    expect((await errorOf(unchecked)).message).toBe("addressChecked: Check the address proof first.");
    const noRef = await operator.request(
      `/api/ops/applications/${id}/verify`,
      post({ ...CHECKLIST, policeVerificationRef: "", skillsConfirmed: ["plumber"] }),
    );
    expect(noRef.status).toBe(400);
    expect((await detailOf(id)).status).toBe("received");
  });

  it("deletes the documents 90 days after the decision, through the queue", async () => {
    const { id } = await received();
    const keys = (await detailOf(id)).documents.map((d) => d.id);
    await operator.request(`/api/ops/applications/${id}/verify`, post({ ...CHECKLIST, skillsConfirmed: ["plumber"] }));
    const start = clock.now();
    clock.moveTo(new Date(start.getTime() + 89 * 86_400_000));
    await t.queue.runDue();
    expect(uploaded()).toEqual(expect.arrayContaining(keys));
    clock.moveTo(new Date(start.getTime() + 90 * 86_400_000 + 1000));
    await t.queue.runDue();
    for (const key of keys) expect(uploaded()).not.toContain(key);
    const application = await detailOf(id);
    expect(application.documents).toEqual([]);
    expect(application.documentsDeletedAt).toBe(clock.now().toISOString());
  });
});

describe("rejecting", () => {
  it("deletes the documents at once and mails the reason", async () => {
    const { id, body } = await received();
    const docs = (await detailOf(id)).documents;
    const response = await operator.request(
      `/api/ops/applications/${id}/reject`,
      post({ reason: "The address proof is older than three months." }),
    );
    expect(response.status).toBe(200);
    const application = applicationResponseSchema.parse(await response.json()).application;
    expect(application).toMatchObject({
      status: "rejected",
      rejectReason: "The address proof is older than three months.",
      documents: [],
    });
    for (const doc of docs) {
      expect(uploaded()).not.toContain(doc.id);
      expect((await operator.request(doc.url)).status).toBe(404);
    }
    expect(
      await t.database.db.select().from(applicationDocuments).where(eq(applicationDocuments.applicationId, id)),
    ).toEqual([]);
    const mail = (await mailsTo(body.email)).find((m) => m.includes("We cannot verify you")) ?? "";
    expect(mail).toContain("The address proof is older than three months.");
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, id));
    expect(entry).toMatchObject({
      action: "application.reject",
      reason: "The address proof is older than three months.",
    });
    expect(
      (await operator.request(`/api/ops/applications/${id}/reject`, post({ reason: "Again, twice." }))).status,
    ).toBe(409);
    // The decided list has it, newest first.
    const decided = (await (await operator.request("/api/ops/applications?status=rejected")).json()) as {
      applications: { id: string }[];
    };
    expect(decided.applications[0]?.id).toBe(id);
  });

  it("needs a reason", async () => {
    const { id } = await received();
    const response = await operator.request(`/api/ops/applications/${id}/reject`, post({ reason: "no" }));
    expect((await errorOf(response)).message).toBe("reason: Give the applicant a reason.");
  });
});

describe("the audit log", () => {
  it("cannot be changed or deleted, even with SQL", async () => {
    const { id } = await received();
    await operator.request(`/api/ops/applications/${id}/reject`, post({ reason: "Documents are unreadable." }));
    for (const statement of [
      sql`update audit_log set reason = 'edited'`,
      sql`delete from audit_log`,
      sql`truncate audit_log`,
    ]) {
      const error = await t.database.db.execute(statement).then(
        () => undefined,
        (failure: unknown) => failure as Error & { cause?: unknown },
      );
      expect(String(error?.cause ?? error)).toMatch(/audit_log is append-only/);
    }
    const [application] = await t.database.db.select().from(applications).where(eq(applications.id, id));
    expect(application?.status).toBe("rejected");
  });
});
