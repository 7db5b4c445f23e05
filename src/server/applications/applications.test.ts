import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APPLICATION_RULES, type ApplicationDetails, applicationResponseSchema } from "#domain/applications.ts";
import { mateProfileSchema } from "#domain/mate-app.ts";
import { DEFAULT_AUTH_LIMITS } from "#server/auth/routes.ts";
import { mates } from "#server/mates/schema.ts";
import { auditLog } from "#server/ops/schema.ts";
import { signUpCustomer, type TestCustomer } from "#testing/customers.ts";
import { startFakeS3 } from "#testing/fake-s3.ts";
import { setPassword, signIn, signInAsMate, signInAsOperator } from "#testing/mates.ts";
import { errorOf, post } from "#testing/requests.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { applicationDocuments, applications } from "./schema.ts";

/** Issue 16: professionals apply with their documents; operators verify or reject them. */
let clock = new Date("2026-11-24T05:00:00Z");
let t: TestApp;
let operator: TestCustomer;
beforeAll(async () => {
  t = await createTestApp({
    now: () => clock,
    env: { TRUST_PROXY: "1" },
    authLimits: { ...DEFAULT_AUTH_LIMITS, signUp: { ip: { max: 1000, windowSeconds: 600 } } },
  });
  operator = await signInAsOperator(t);
});
afterAll(() => t.close());

// Tiny but real files: a 1×1 PNG, the start of a JPEG (JFIF), a one-page PDF.
const PNG = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  ),
);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");

let people = 0;
function details(overrides: Partial<ApplicationDetails> = {}): ApplicationDetails {
  people += 1;
  return {
    fullName: "Sameer Khan",
    mobile: "98200 55123",
    email: `sameer.${people}@example.com`,
    skills: ["plumber"],
    homeLocality: { name: "Malad West", lat: 19.1874, lon: 72.8484 },
    yearsExperience: 6,
    ...overrides,
  };
}

type Part = { kind: "identity" | "address"; name: string; bytes: Uint8Array; type?: string };
const ID_AND_PROOF: Part[] = [
  { kind: "identity", name: "aadhaar.jpg", bytes: JPEG },
  { kind: "address", name: "electricity bill.pdf", bytes: PDF },
];

/** Each application comes from an address of its own, so the per-address limit is tested on its own. */
let addresses = 0;
function apply(
  body: unknown,
  parts: Part[] = ID_AND_PROOF,
  from = `10.1.${Math.floor(++addresses / 250)}.${addresses % 250}`,
) {
  const form = new FormData();
  form.set("details", typeof body === "string" ? body : JSON.stringify(body));
  for (const part of parts) {
    form.append(part.kind, new Blob([part.bytes as Uint8Array<ArrayBuffer>], { type: part.type ?? "" }), part.name);
  }
  return t.request("/api/applications", { method: "POST", body: form, headers: { "x-forwarded-for": from } });
}

/** The mails written for an address, once the queue has sent what was due (mails never go inside a request). */
async function mailsTo(to: string): Promise<string[]> {
  await t.queue.runDue();
  const outbox = join(t.config.dataDir, "outbox");
  if (!existsSync(outbox)) return [];
  return (
    readdirSync(outbox)
      // Quoted-printable soft line breaks joined, so that a sentence reads whole.
      .map((file) => readFileSync(join(outbox, file), "utf8").replace(/=\r?\n/g, ""))
      .filter((mail) => mail.includes(`To: ${to}`))
  );
}
const uploadsDir = () => join(t.config.dataDir, "uploads");
const uploaded = () => (existsSync(uploadsDir()) ? readdirSync(uploadsDir()) : []);

async function detailOf(id: string, as = operator) {
  const response = await as.request(`/api/ops/applications/${id}`);
  expect(response.status).toBe(200);
  return applicationResponseSchema.parse(await response.json()).application;
}

async function received(body = details(), parts = ID_AND_PROOF) {
  const response = await apply(body, parts);
  expect(response.status, await response.clone().text()).toBe(201);
  return { ...((await response.json()) as { id: string }), body };
}

const CHECKLIST = { identityChecked: true, addressChecked: true, policeVerificationRef: "MUM/PV/2026/0412" };

describe("applying", () => {
  it("stores the application and its documents outside the web root, and mails the applicant", async () => {
    const before = uploaded().length;
    const { id, body } = await received();
    expect(uploaded().length).toBe(before + 2);
    expect(
      (await mailsTo(body.email)).some((mail) => mail.includes("We have your application to work with Mates")),
    ).toBe(true);

    const queue = (await (await operator.request("/api/ops/applications")).json()) as {
      applications: { id: string }[];
    };
    expect(queue.applications.map((a) => a.id)).toContain(id);
    const application = await detailOf(id);
    expect(application).toMatchObject({
      status: "received",
      fullName: "Sameer Khan",
      mobile: "9820055123",
      homeLocality: "Malad West",
      yearsExperience: 6,
    });
    expect(application.documents.map((d) => [d.kind, d.contentType, d.originalName])).toEqual([
      ["address", "application/pdf", "electricity bill.pdf"],
      ["identity", "image/jpeg", "aadhaar.jpg"],
    ]);
    // The document's address is 128 random bits, and it answers operators only.
    const identity = application.documents.find((d) => d.kind === "identity");
    expect(identity?.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const fetched = await operator.request(identity?.url ?? "");
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get("content-type")).toBe("image/jpeg");
    expect(fetched.headers.get("cache-control")).toContain("no-store");
    expect(new Uint8Array(await fetched.arrayBuffer())).toEqual(JPEG);
  });

  it("serves documents and the queue to nobody but operators", async () => {
    const { id } = await received();
    const url = (await detailOf(id)).documents[0]?.url ?? "";
    const customer = await signUpCustomer(t);
    const mate = await signInAsMate(t, "mate-010");
    for (const path of [url, `/api/ops/applications/${id}`, "/api/ops/applications"]) {
      expect((await t.request(path)).status).toBe(401);
      expect((await customer.request(path)).status).toBe(403);
      expect((await mate.request(path)).status).toBe(403);
    }
    // Another application's id with this document: not found.
    const other = await received();
    expect((await operator.request(url.replace(id, other.id))).status).toBe(404);
  });

  it("decides a file's type by its content, not its name or claimed type", async () => {
    const exe = new TextEncoder().encode("MZ\x90\x00 this is a program");
    const renamed = await apply(details(), [
      { kind: "identity", name: "photo.jpg", bytes: exe, type: "image/jpeg" },
      { kind: "address", name: "bill.pdf", bytes: PDF },
    ]);
    expect(renamed.status).toBe(415);
    expect(await errorOf(renamed)).toMatchObject({
      code: "unsupported_file",
      message: "photo.jpg is not a JPEG, PNG or PDF file.",
    });
    const text = await apply(details(), [
      { kind: "identity", name: "id.png", bytes: new TextEncoder().encode("hello"), type: "image/png" },
      { kind: "address", name: "bill.pdf", bytes: PDF },
    ]);
    expect(text.status).toBe(415);
    // A PNG named .pdf is a PNG.
    const { id } = await received(details(), [
      { kind: "identity", name: "id.pdf", bytes: PNG },
      { kind: "address", name: "bill.pdf", bytes: PDF },
    ]);
    expect((await detailOf(id)).documents.find((d) => d.kind === "identity")?.contentType).toBe("image/png");
  });

  it("refuses more than 5 MB a file, more than 4 files, and a missing document, storing nothing", async () => {
    const before = uploaded().length;
    const big = new Uint8Array(APPLICATION_RULES.maxFileBytes + 1);
    big.set(PDF);
    const tooBig = await apply(details(), [ID_AND_PROOF[0] as Part, { kind: "address", name: "scan.pdf", bytes: big }]);
    expect(tooBig.status).toBe(413);
    expect((await errorOf(tooBig)).message).toBe("scan.pdf is 5.0 MB; each file may be at most 5 MB.");
    const five = await apply(details(), [...ID_AND_PROOF, ...ID_AND_PROOF, ID_AND_PROOF[0] as Part]);
    expect(await errorOf(five)).toMatchObject({ code: "too_many_files" });
    const noProof = await apply(details(), [ID_AND_PROOF[0] as Part]);
    expect(await errorOf(noProof)).toMatchObject({ code: "document_missing", message: "Add your address proof." });
    // Far past every limit: refused before it is read whole.
    const huge = await apply(details(), [
      { kind: "identity", name: "a.pdf", bytes: new Uint8Array(4 * APPLICATION_RULES.maxFileBytes) },
      { kind: "address", name: "b.pdf", bytes: new Uint8Array(APPLICATION_RULES.maxFileBytes) },
    ]);
    expect(huge.status).toBe(413);
    expect(uploaded().length).toBe(before);
  });

  it("says which field is wrong, and refuses unknown skills and forms that are not forms", async () => {
    const cases: [unknown, string][] = [
      [details({ mobile: "12345" }), "mobile: Enter a 10-digit Indian mobile number"],
      [details({ email: "not-mail" }), "email: Enter a valid e-mail address"],
      [details({ skills: [] }), "skills: Choose at least one skill."],
      [details({ yearsExperience: -1 }), "yearsExperience: Years of experience cannot be negative."],
      [details({ fullName: " " }), "fullName: Enter your full name"],
      [{ ...details(), role: "operator" }, 'Unrecognized key: "role"'],
      ["{not json", "details: the application's fields are not JSON."],
    ];
    for (const [body, message] of cases) {
      const response = await apply(body);
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toBe(message);
    }
    const unknown = await apply(details({ skills: ["astrology"] }));
    expect(await errorOf(unknown)).toMatchObject({
      code: "unknown_skill",
      message: "astrology is not a service of Mates.",
    });
    const json = await t.request("/api/applications", post(details()));
    expect(json.status).toBe(400);
    const broken = await t.request("/api/applications", {
      method: "POST",
      body: "--x\r\nContent-Disposition: form-data; name=details\r\n\r\n{",
      headers: { "content-type": "multipart/form-data; boundary=x" },
    });
    expect(broken.status).toBe(400);
  });

  it("keeps one open application per e-mail, and never takes a customer's address", async () => {
    const first = await received();
    const again = await apply({ ...details(), email: first.body.email.toUpperCase() });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe("application_open");
    const customer = await signUpCustomer(t);
    const taken = await apply(details({ email: customer.email }));
    expect(await errorOf(taken)).toMatchObject({ code: "email_taken" });
  });

  it("limits applications per client address", async () => {
    const from = "10.9.9.9";
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push((await apply(details({ skills: ["astrology"] }), ID_AND_PROOF, from)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});

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
    expect(mate?.verifiedAt?.toISOString()).toBe(clock.toISOString());
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
    const start = clock;
    try {
      clock = new Date(start.getTime() + 89 * 86_400_000);
      await t.queue.runDue();
      expect(uploaded()).toEqual(expect.arrayContaining(keys));
      clock = new Date(start.getTime() + 90 * 86_400_000 + 1000);
      await t.queue.runDue();
      for (const key of keys) expect(uploaded()).not.toContain(key);
      const application = await detailOf(id);
      expect(application.documents).toEqual([]);
      expect(application.documentsDeletedAt).toBe(clock.toISOString());
    } finally {
      clock = start;
    }
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

describe("documents in an S3-compatible bucket", () => {
  it("stores, serves and deletes them there, every request signed", async () => {
    const s3 = await startFakeS3({ bucket: "mates-documents" });
    const s3App = await createTestApp({ env: { S3_URL: s3.url, TRUST_PROXY: "1" } });
    try {
      const desk = await signInAsOperator(s3App);
      const form = new FormData();
      form.set("details", JSON.stringify(details()));
      for (const part of ID_AND_PROOF)
        form.append(part.kind, new Blob([part.bytes as Uint8Array<ArrayBuffer>]), part.name);
      const response = await s3App.request("/api/applications", { method: "POST", body: form });
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: string };
      expect(s3.objects.size).toBe(2);
      expect(existsSync(join(s3App.config.dataDir, "uploads"))).toBe(false);
      const detail = applicationResponseSchema.parse(await (await desk.request(`/api/ops/applications/${id}`)).json());
      const pdf = detail.application.documents.find((d) => d.kind === "address");
      expect(new Uint8Array(await (await desk.request(pdf?.url ?? "")).arrayBuffer())).toEqual(PDF);
      await desk.request(`/api/ops/applications/${id}/reject`, post({ reason: "Not in our service area." }));
      expect(s3.objects.size).toBe(0);
      expect(s3.refused()).toBe(0);
    } finally {
      await s3App.close();
      await s3.close();
    }
  });
});
