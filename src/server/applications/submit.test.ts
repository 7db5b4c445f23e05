import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APPLICATION_RULES, applicationResponseSchema } from "#domain/applications.ts";
import { APPLYING_AT, applicationsTestApp, applying, details, ID_AND_PROOF, type Part } from "#testing/applicants.ts";
import { signUpCustomer, type TestCustomer } from "#testing/customers.ts";
import { startFakeS3 } from "#testing/fake-s3.ts";
import { JPEG, PDF, PNG } from "#testing/files.ts";
import { signInAsMate, signInAsOperator } from "#testing/mates.ts";
import { errorOf, post } from "#testing/requests.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";

/** Issue 16: professionals apply with their documents (verifying and rejecting them: review.test.ts). */
let t: TestApp;
let operator: TestCustomer;
beforeAll(async () => {
  t = await applicationsTestApp(() => APPLYING_AT);
  operator = await signInAsOperator(t);
});
afterAll(() => t.close());

const { apply, mailsTo, uploaded, detailOf, received } = applying(
  () => t,
  () => operator,
);

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

describe("documents in an S3-compatible bucket", () => {
  it("stores, serves and deletes them there, every request signed", async () => {
    const s3 = await startFakeS3({ bucket: "mates-documents" });
    const s3App = await createTestApp({ env: { S3_URL: s3.url, TRUST_PROXY: "loopback" } });
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
