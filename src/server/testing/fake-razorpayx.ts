import { createHmac, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * RazorpayX Payouts in the Razorpay stand-in (issue 39): contacts, fund accounts (a bank account or
 * a UPI ID), payouts from the business account with the mandatory X-Payout-Idempotency header, and
 * the payout webhooks signed with the RazorpayX webhook secret. The shapes and errors are those
 * RazorpayX documents. Tests steer it: a payout processed (with a UTR), failed or reversed, its
 * webhook sent, repeated or sent out of order, the answer to a payout request lost after the payout
 * was made, and a count of requests a second. fake-razorpay.ts hands it every /v1/contacts,
 * /v1/fund_accounts and /v1/payouts request once Basic auth has passed.
 */
export type FakeContact = {
  id: string;
  entity: "contact";
  name: string;
  contact: string | null;
  email: string | null;
  type: string | null;
  reference_id: string | null;
  batch_id: null;
  active: boolean;
  notes: Record<string, string>;
  created_at: number;
};
export type FakeFundAccount = {
  id: string;
  entity: "fund_account";
  contact_id: string;
  account_type: "bank_account" | "vpa";
  bank_account?: { ifsc: string; bank_name: string; name: string; notes: unknown[]; account_number: string };
  vpa?: { username: string; handle: string; address: string };
  batch_id: null;
  active: boolean;
  created_at: number;
};
export type FakePayoutStatus = "processing" | "processed" | "reversed" | "failed" | "queued" | "pending";
export type FakePayout = {
  id: string;
  entity: "payout";
  fund_account_id: string;
  amount: number;
  currency: "INR";
  notes: Record<string, string>;
  fees: number;
  tax: number;
  status: FakePayoutStatus;
  purpose: string;
  utr: string | null;
  mode: string;
  reference_id: string | null;
  narration: string | null;
  batch_id: null;
  failure_reason: string | null;
  status_details: { reason: string | null; description: string | null; source: string | null } | null;
  created_at: number;
};

/** Where payout webhooks go: a URL (another process) or a function (an app in this process). */
export type PayoutWebhookTarget = string | ((body: string, headers: Record<string, string>) => Promise<number>);

/** Bank codes the stand-in knows (an IFSC's first four letters); any other is refused as RazorpayX refuses one. */
const BANKS: Record<string, string> = {
  HDFC: "HDFC Bank",
  ICIC: "ICICI Bank",
  SBIN: "State Bank of India",
  UTIB: "Axis Bank",
  KKBK: "Kotak Mahindra Bank",
  PUNB: "Punjab National Bank",
  BARB: "Bank of Baroda",
  CNRB: "Canara Bank",
  YESB: "Yes Bank",
  IDFB: "IDFC First Bank",
};
const PURPOSES = new Set(["refund", "cashback", "payout", "salary", "utility bill", "vendor bill"]);
const MODES = new Set(["IMPS", "NEFT", "RTGS", "UPI"]);

const newId = (prefix: string) => `${prefix}_${randomBytes(7).toString("base64url").replace(/[-_]/g, "x")}`;
const seconds = () => Math.floor(Date.now() / 1000);

export function createFakeRazorpayX(options: {
  accountNumber?: string;
  webhookSecret?: string;
  webhook?: PayoutWebhookTarget;
}) {
  const accountNumber = options.accountNumber ?? "7878780080316316";
  const webhookSecret = options.webhookSecret ?? "fake-razorpayx-webhook-secret-0123";
  const contacts = new Map<string, FakeContact>();
  const fundAccounts = new Map<string, FakeFundAccount>();
  const payouts = new Map<string, FakePayout>();
  /** Idempotency keys: the body they came with and the payout they made. */
  const payoutKeys = new Map<string, { body: string; payoutId: string }>();
  /** When each /v1 request of RazorpayX arrived (ms), for the pacing proof. */
  const requestTimes: number[] = [];
  let dropAnswers = 0;
  let webhook = options.webhook;
  const deliveries: { event: string; payoutId: string; status: number }[] = [];

  function send(response: ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  }
  /** RazorpayX's error: `{error: {code, description, field, source, step, reason, metadata}}`. */
  const refuse = (response: ServerResponse, description: string, field: string | null = null, status = 400) =>
    send(response, status, {
      error: {
        code: "BAD_REQUEST_ERROR",
        description,
        field,
        source: "business",
        step: "NA",
        reason: "input_validation_failed",
        metadata: {},
      },
    });

  const text = (value: unknown) => (typeof value === "string" ? value : undefined);

  function createContact(body: Record<string, unknown>, response: ServerResponse) {
    const name = text(body.name);
    if (!name || name.length < 3 || name.length > 50) {
      return refuse(response, "The name must be between 3 and 50 characters.", "name");
    }
    const reference = text(body.reference_id) ?? null;
    if (reference && reference.length > 40) {
      return refuse(response, "The reference id may not be greater than 40 characters.", "reference_id");
    }
    const type = text(body.type) ?? null;
    if (type && !["vendor", "customer", "employee", "self"].includes(type)) {
      return refuse(response, "Invalid type: vendor, customer, employee or self.", "type");
    }
    const contact: FakeContact = {
      id: newId("cont"),
      entity: "contact",
      name,
      contact: text(body.contact) ?? null,
      email: text(body.email) ?? null,
      type,
      reference_id: reference,
      batch_id: null,
      active: true,
      notes: (body.notes as Record<string, string>) ?? {},
      created_at: seconds(),
    };
    contacts.set(contact.id, contact);
    return send(response, 201, contact);
  }

  function createFundAccount(body: Record<string, unknown>, response: ServerResponse) {
    const contactId = text(body.contact_id) ?? "";
    if (!contacts.has(contactId)) return refuse(response, "The id provided does not exist", "contact_id");
    const base = { id: newId("fa"), entity: "fund_account" as const, contact_id: contactId, batch_id: null };
    if (body.account_type === "bank_account") {
      const bank = (body.bank_account ?? {}) as Record<string, unknown>;
      const name = text(bank.name) ?? "";
      const ifsc = text(bank.ifsc) ?? "";
      const number = text(bank.account_number) ?? "";
      if (name.length < 3 || name.length > 120) {
        return refuse(response, "The name must be between 3 and 120 characters.", "name");
      }
      if (!/^[A-Z]{4}0[A-Z0-9]{6}$/.test(ifsc) || !BANKS[ifsc.slice(0, 4)]) {
        return refuse(response, "Invalid IFSC Code in Bank Account", "ifsc");
      }
      if (!/^[0-9A-Za-z]{5,35}$/.test(number)) {
        return refuse(response, "Invalid account number length", "account_number");
      }
      const account: FakeFundAccount = {
        ...base,
        account_type: "bank_account",
        bank_account: { ifsc, bank_name: BANKS[ifsc.slice(0, 4)] ?? "", name, notes: [], account_number: number },
        active: true,
        created_at: seconds(),
      };
      fundAccounts.set(account.id, account);
      return send(response, 201, account);
    }
    if (body.account_type === "vpa") {
      const address = text(((body.vpa ?? {}) as Record<string, unknown>).address) ?? "";
      const match = /^([a-zA-Z0-9._-]{2,256})@([a-zA-Z][a-zA-Z0-9.-]{1,63})$/.exec(address);
      if (!match) return refuse(response, "Invalid VPA. Please enter a valid Virtual Payment Address", "address");
      const account: FakeFundAccount = {
        ...base,
        account_type: "vpa",
        vpa: { username: match[1] ?? "", handle: match[2] ?? "", address },
        active: true,
        created_at: seconds(),
      };
      fundAccounts.set(account.id, account);
      return send(response, 201, account);
    }
    return refuse(response, "The account type field is invalid.", "account_type");
  }

  function createPayout(raw: string, key: string | undefined, response: ServerResponse) {
    if (!key) {
      return refuse(
        response,
        "Idempotency key is missing. Include idempotency header and key in the request.",
        "X-Payout-Idempotency",
      );
    }
    // 4 to 36 letters, digits, hyphens, underscores or spaces, as RazorpayX documents the key.
    if (!/^[A-Za-z0-9_ -]{4,36}$/.test(key)) {
      return refuse(response, "The idempotency key is invalid.", "X-Payout-Idempotency");
    }
    const earlier = payoutKeys.get(key);
    if (earlier) {
      if (earlier.body !== raw) {
        return refuse(response, "Different request body sent for the same idempotency key", null);
      }
      return answerPayout(response, payouts.get(earlier.payoutId));
    }
    const body = JSON.parse(raw || "{}") as Record<string, unknown>;
    if (body.account_number !== accountNumber) {
      return refuse(response, "The account number is invalid.", "account_number");
    }
    const fundAccount = fundAccounts.get(text(body.fund_account_id) ?? "");
    if (!fundAccount) return refuse(response, "The id provided does not exist", "fund_account_id");
    const amount = body.amount;
    if (typeof amount !== "number" || !Number.isInteger(amount) || amount < 100) {
      return refuse(response, "The amount must be at least INR 1.00.", "amount");
    }
    if (body.currency !== "INR") return refuse(response, "The currency provided is invalid.", "currency");
    const mode = text(body.mode) ?? "";
    if (!MODES.has(mode)) return refuse(response, "The mode field is invalid.", "mode");
    if ((mode === "UPI") !== (fundAccount.account_type === "vpa")) {
      return refuse(response, `Invalid combination of payout mode (${mode}) and beneficiary account type.`, "mode");
    }
    const purpose = text(body.purpose) ?? "";
    if (!PURPOSES.has(purpose)) return refuse(response, "The purpose field is invalid.", "purpose");
    const reference = text(body.reference_id) ?? null;
    if (reference && reference.length > 40) {
      return refuse(response, "The reference id may not be greater than 40 characters.", "reference_id");
    }
    const payout: FakePayout = {
      id: newId("pout"),
      entity: "payout",
      fund_account_id: fundAccount.id,
      amount,
      currency: "INR",
      notes: (body.notes as Record<string, string>) ?? {},
      fees: 0,
      tax: 0,
      status: "processing",
      purpose,
      utr: null,
      mode,
      reference_id: reference,
      narration: text(body.narration) ?? null,
      batch_id: null,
      failure_reason: null,
      status_details: null,
      created_at: seconds(),
    };
    payouts.set(payout.id, payout);
    payoutKeys.set(key, { body: raw, payoutId: payout.id });
    if (dropAnswers > 0) {
      // The payout is made, then the connection breaks before the answer: a crash mid-request.
      dropAnswers -= 1;
      response.destroy();
      return;
    }
    return answerPayout(response, payout);
  }

  function answerPayout(response: ServerResponse, payout: FakePayout | undefined) {
    if (!payout) return refuse(response, "The id provided does not exist", "id");
    return send(response, 200, payout);
  }

  async function readBody(request: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  }

  /** Takes a RazorpayX request (auth already checked); false when the path is not RazorpayX's. */
  async function handle(request: IncomingMessage, response: ServerResponse, path: string): Promise<boolean> {
    const method = request.method ?? "GET";
    if (!/^\/v1\/(contacts|fund_accounts|payouts)(\/|$)/.test(path)) return false;
    requestTimes.push(Date.now());
    const raw = method === "POST" ? await readBody(request) : "";
    const parse = () => JSON.parse(raw || "{}") as Record<string, unknown>;
    if (method === "POST" && path === "/v1/contacts") createContact(parse(), response);
    else if (method === "POST" && path === "/v1/fund_accounts") createFundAccount(parse(), response);
    else if (method === "POST" && path === "/v1/payouts") {
      const header = request.headers["x-payout-idempotency"];
      createPayout(raw, Array.isArray(header) ? header[0] : header, response);
    } else {
      const one = /^\/v1\/(contacts|fund_accounts|payouts)\/([^/]+)$/.exec(path);
      const found =
        method === "GET" && one
          ? { contacts, fund_accounts: fundAccounts, payouts }[one[1] as "contacts"].get(one[2] ?? "")
          : undefined;
      if (found) send(response, 200, found);
      else if (method === "GET" && one) refuse(response, "The id provided does not exist", "id");
      else send(response, 404, { error: { code: "NOT_FOUND", description: `No route ${method} ${path}` } });
    }
    return true;
  }

  function payoutOf(id: string): FakePayout {
    const payout = payouts.get(id);
    if (!payout) throw new Error(`the stand-in has no payout ${id}`);
    return payout;
  }

  /** Sends the webhook of a payout as it is now (or as `entity` says), signed, or wrongly when asked. */
  async function deliver(
    event: "payout.processed" | "payout.failed" | "payout.reversed" | "payout.updated",
    entity: FakePayout,
    how: { signature?: "valid" | "wrong" } = {},
  ): Promise<number> {
    const body = JSON.stringify({
      entity: "event",
      account_id: "acc_mates_test",
      event,
      contains: ["payout"],
      payload: { payout: { entity: { ...entity } } },
      created_at: seconds(),
    });
    const secret = how.signature === "wrong" ? "not-the-razorpayx-webhook-secret" : webhookSecret;
    const headers = {
      "content-type": "application/json",
      "x-razorpay-signature": createHmac("sha256", secret).update(body).digest("hex"),
      "x-razorpay-event-id": newId("evt"),
    };
    let status = 0;
    if (typeof webhook === "function") status = await webhook(body, headers);
    else if (webhook) status = (await fetch(webhook, { method: "POST", headers, body })).status;
    deliveries.push({ event, payoutId: entity.id, status });
    return status;
  }

  /** The bank paid it: processed with a UTR; its webhook unless `webhook: false`. Returns the payout as then. */
  async function process(id: string, how: { webhook?: boolean } = {}) {
    const payout = payoutOf(id);
    payout.status = "processed";
    payout.utr = `${randomBytes(6).toString("hex").toUpperCase()}`;
    payout.status_details = {
      reason: "payout_processed",
      description: "Payout is processed",
      source: "beneficiary_bank",
    };
    const snapshot = { ...payout };
    if (how.webhook !== false) await deliver("payout.processed", snapshot);
    return snapshot;
  }

  /** The beneficiary's bank refused it. */
  async function fail(id: string, how: { webhook?: boolean; reason?: string } = {}) {
    const payout = payoutOf(id);
    payout.status = "failed";
    payout.failure_reason = how.reason ?? "Beneficiary bank is offline";
    payout.status_details = {
      reason: "beneficiary_bank_offline",
      description: payout.failure_reason,
      source: "beneficiary_bank",
    };
    const snapshot = { ...payout };
    if (how.webhook !== false) await deliver("payout.failed", snapshot);
    return snapshot;
  }

  /** Paid, then the money came back (the account was closed). */
  async function reverse(id: string, how: { webhook?: boolean } = {}) {
    const payout = payoutOf(id);
    payout.status = "reversed";
    payout.failure_reason = "Beneficiary account is closed";
    payout.status_details = {
      reason: "beneficiary_account_closed",
      description: payout.failure_reason,
      source: "beneficiary_bank",
    };
    const snapshot = { ...payout };
    if (how.webhook !== false) await deliver("payout.reversed", snapshot);
    return snapshot;
  }

  /**
   * Test controls over HTTP, for tests in another process: POST /_test/payouts/:id/{process,fail,reverse}
   * (GET /_test/payouts, answered by fake-razorpay.ts, lists the payouts).
   */
  async function handleTest(path: string, response: ServerResponse): Promise<boolean> {
    const match = /^\/_test\/payouts\/([^/]+)\/(process|fail|reverse)$/.exec(path);
    if (!match) return false;
    const id = match[1] ?? "";
    if (!payouts.has(id)) {
      refuse(response, "The id provided does not exist", "id");
      return true;
    }
    const action = { process, fail, reverse }[match[2] as "process"];
    send(response, 200, await action(id));
    return true;
  }

  /** The most requests that arrived within any one second. */
  function busiestSecond(): number {
    let most = 0;
    for (let start = 0, end = 0; end < requestTimes.length; end += 1) {
      while ((requestTimes[end] ?? 0) - (requestTimes[start] ?? 0) >= 1000) start += 1;
      most = Math.max(most, end - start + 1);
    }
    return most;
  }

  return {
    accountNumber,
    webhookSecret,
    contacts,
    fundAccounts,
    payouts,
    deliveries,
    requestTimes,
    handle,
    handleTest,
    deliver,
    process,
    fail,
    reverse,
    busiestSecond,
    /** The next `count` payout requests make their payout, then lose the answer (the connection breaks). */
    dropPayoutAnswers: (count = 1) => {
      dropAnswers = count;
    },
    setWebhook: (target: PayoutWebhookTarget) => {
      webhook = target;
    },
    env: () => ({ RAZORPAYX_ACCOUNT_NUMBER: accountNumber, RAZORPAYX_WEBHOOK_SECRET: webhookSecret }),
  };
}
export type FakeRazorpayX = ReturnType<typeof createFakeRazorpayX>;
