import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { type ApplicationDetails, applicationResponseSchema } from "#domain/applications.ts";
import type { TestCustomer } from "./customers.ts";
import { JPEG, PDF } from "./files.ts";
import { MANY_SIGN_UPS } from "./seeded-customer.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

/**
 * What the applications' API tests (issue 16) share: real little files, an applicant's details,
 * and applying through the API, each application from a client address of its own.
 */

/** When the applications' tests apply: give createTestApp `now` a clock that starts here. */
export const APPLYING_AT = new Date("2026-11-24T05:00:00Z");

/** A test app for applying: client addresses trusted (each application comes from its own), sign-ups unlimited. */
export function applicationsTestApp(now: () => Date): Promise<TestApp> {
  return createTestApp({ now, env: { TRUST_PROXY: "loopback" }, authLimits: MANY_SIGN_UPS });
}

let people = 0;
/** An applicant's details, each with an e-mail address of its own. */
export function details(overrides: Partial<ApplicationDetails> = {}): ApplicationDetails {
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

export type Part = { kind: "identity" | "address"; name: string; bytes: Uint8Array; type?: string };
export const ID_AND_PROOF: Part[] = [
  { kind: "identity", name: "aadhaar.jpg", bytes: JPEG },
  { kind: "address", name: "electricity bill.pdf", bytes: PDF },
];

export const CHECKLIST = { identityChecked: true, addressChecked: true, policeVerificationRef: "MUM/PV/2026/0412" };

/** Each application comes from an address of its own, so the per-address limit is tested on its own. */
let addresses = 0;

/**
 * Applying and looking, for a test file whose app and operator are made in its beforeAll (hence
 * the getters).
 */
export function applying(app: () => TestApp, desk: () => TestCustomer) {
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
    return app().request("/api/applications", { method: "POST", body: form, headers: { "x-forwarded-for": from } });
  }

  /** The mails written for an address, once the queue has sent what was due (mails never go inside a request). */
  async function mailsTo(to: string): Promise<string[]> {
    await app().queue.runDue();
    const outbox = join(app().config.dataDir, "outbox");
    if (!existsSync(outbox)) return [];
    return (
      readdirSync(outbox)
        // Quoted-printable soft line breaks joined, so that a sentence reads whole.
        .map((file) => readFileSync(join(outbox, file), "utf8").replace(/=\r?\n/g, ""))
        .filter((mail) => mail.includes(`To: ${to}`))
    );
  }
  const uploadsDir = () => join(app().config.dataDir, "uploads");
  const uploaded = () => (existsSync(uploadsDir()) ? readdirSync(uploadsDir()) : []);

  async function detailOf(id: string, as = desk()) {
    const response = await as.request(`/api/ops/applications/${id}`);
    expect(response.status).toBe(200);
    return applicationResponseSchema.parse(await response.json()).application;
  }

  async function received(body = details(), parts = ID_AND_PROOF) {
    const response = await apply(body, parts);
    expect(response.status, await response.clone().text()).toBe(201);
    return { ...((await response.json()) as { id: string }), body };
  }

  return { apply, mailsTo, uploaded, detailOf, received };
}
