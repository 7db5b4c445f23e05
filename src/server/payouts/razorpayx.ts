import { z } from "zod";
import type { PayoutStatus } from "#domain/payouts.ts";
import type { RazorpayConfig } from "#server/config.ts";
import type { RazorpayXConfig } from "#server/config-payouts.ts";
import { AppError } from "#server/http/errors.ts";

/**
 * A small client for RazorpayX Payouts over fetch (record 064): contacts, fund accounts, payouts
 * with X-Payout-Idempotency, and reading a payout back. It reuses Razorpay's key id and secret
 * (Basic auth) and host, and keeps to RazorpayX's request rate: each client spaces its calls at
 * least 1/requestsPerSecond apart, so one instance never goes past the setting.
 */
export class RazorpayXError extends Error {
  override name = "RazorpayXError";
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  constructor(status: number, code: string, message: string, field?: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.field = field;
  }
  /**
   * RazorpayX refused what it was given (400, 422): asking again the same way will not help. A 401,
   * 403 or 404 says our keys or account are wrong, not the payout: that is tried again, never ended.
   */
  get refused(): boolean {
    return this.status === 400 || this.status === 422;
  }
  /** RazorpayX does not know what was asked for. */
  get unknown(): boolean {
    return this.status === 404;
  }
}

const contactSchema = z.object({ id: z.string(), entity: z.literal("contact") });
const fundAccountSchema = z.object({ id: z.string(), entity: z.literal("fund_account"), account_type: z.string() });

/** RazorpayX's payout statuses mapped to ours (its "queued" waits for balance: pending to us). */
const STATUS: Record<string, PayoutStatus> = {
  queued: "pending",
  pending: "pending",
  scheduled: "pending",
  processing: "processing",
  processed: "processed",
  reversed: "reversed",
  failed: "failed",
  cancelled: "cancelled",
  rejected: "rejected",
};

export const razorpayXPayoutSchema = z
  .object({
    id: z.string(),
    entity: z.literal("payout"),
    fund_account_id: z.string().nullable().optional(),
    amount: z.number().int(),
    status: z.string(),
    mode: z.string().nullable().optional(),
    purpose: z.string().nullable().optional(),
    utr: z.string().nullable().optional(),
    reference_id: z.string().nullable().optional(),
    failure_reason: z.string().nullable().optional(),
    status_details: z
      .object({ description: z.string().nullable().optional(), reason: z.string().nullable().optional() })
      .nullable()
      .optional(),
    notes: z
      .union([z.record(z.string(), z.string()), z.array(z.unknown())])
      .nullable()
      .optional(),
  })
  .loose();
export type RazorpayXPayout = z.infer<typeof razorpayXPayoutSchema>;

/** A payout as our state machine reads it. */
export function payoutNewsOf(payout: RazorpayXPayout) {
  const notes = payout.notes && !Array.isArray(payout.notes) ? payout.notes : {};
  return {
    razorpayPayoutId: payout.id,
    status: STATUS[payout.status] ?? ("processing" as PayoutStatus),
    amountPaise: payout.amount,
    utr: payout.utr ?? undefined,
    failureReason: payout.status_details?.description ?? payout.failure_reason ?? undefined,
    ourPayoutId: notes.payout_id,
  };
}
export type PayoutNews = ReturnType<typeof payoutNewsOf>;

const errorSchema = z
  .object({
    error: z.object({ code: z.string(), description: z.string(), field: z.string().nullable() }).partial(),
  })
  .partial();

export type FundAccountInput =
  | { kind: "bank_account"; holderName: string; accountNumber: string; ifsc: string }
  | { kind: "vpa"; upiId: string };

export type RazorpayXClient = {
  createContact(input: { name: string; email?: string; phone?: string; referenceId: string }): Promise<{ id: string }>;
  createFundAccount(contactId: string, input: FundAccountInput): Promise<{ id: string }>;
  createPayout(
    input: {
      fundAccountId: string;
      amountPaise: number;
      mode: "IMPS" | "UPI";
      referenceId: string;
      notes: Record<string, string>;
    },
    idempotencyKey: string,
  ): Promise<RazorpayXPayout>;
  getPayout(id: string): Promise<RazorpayXPayout>;
};

/**
 * Spaces calls a little more than `1000 / perSecond` ms apart, a call waiting for its turn in the
 * order they came: the margin keeps the count under the limit where RazorpayX measures it, on
 * arrival, however the network delays one request against the next.
 */
export function pacer(perSecond: number, clock: () => number = Date.now) {
  const gap = Math.ceil(1000 / Math.max(1, perSecond)) + 25;
  let next = 0;
  return async function turn(): Promise<void> {
    const now = clock();
    const at = Math.max(now, next);
    next = at + gap;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  };
}

export function createRazorpayXClient(
  razorpay: Pick<RazorpayConfig, "keyId" | "keySecret" | "apiUrl">,
  x: RazorpayXConfig,
  requestsPerSecond: number,
  timeoutMs = 10_000,
): RazorpayXClient {
  const authorization = `Basic ${Buffer.from(`${razorpay.keyId}:${razorpay.keySecret}`).toString("base64")}`;
  const turn = pacer(requestsPerSecond);
  async function call<T>(
    method: "GET" | "POST",
    path: string,
    body: unknown,
    schema: z.ZodType<T>,
    headers: Record<string, string> = {},
  ): Promise<T> {
    await turn();
    const response = await fetch(`${razorpay.apiUrl}${path}`, {
      method,
      headers: { authorization, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const answer: unknown = await response.json().catch(() => ({}));
    if (!response.ok) {
      const error = errorSchema.safeParse(answer).data?.error;
      throw new RazorpayXError(
        response.status,
        error?.code ?? "RAZORPAYX_ERROR",
        error?.description ?? `RazorpayX answered ${response.status}.`,
        error?.field ?? undefined,
      );
    }
    return schema.parse(answer);
  }
  return {
    createContact: ({ name, email, phone, referenceId }) =>
      call(
        "POST",
        "/v1/contacts",
        {
          name,
          type: "vendor",
          reference_id: referenceId,
          ...(email ? { email } : {}),
          ...(phone ? { contact: phone } : {}),
        },
        contactSchema,
      ),
    createFundAccount: (contactId, input) =>
      call(
        "POST",
        "/v1/fund_accounts",
        input.kind === "bank_account"
          ? {
              contact_id: contactId,
              account_type: "bank_account",
              bank_account: { name: input.holderName, ifsc: input.ifsc, account_number: input.accountNumber },
            }
          : { contact_id: contactId, account_type: "vpa", vpa: { address: input.upiId } },
        fundAccountSchema,
      ),
    createPayout: (input, idempotencyKey) =>
      call(
        "POST",
        "/v1/payouts",
        {
          account_number: x.accountNumber,
          fund_account_id: input.fundAccountId,
          amount: input.amountPaise,
          currency: "INR",
          mode: input.mode,
          purpose: "payout",
          queue_if_low_balance: true,
          reference_id: input.referenceId,
          narration: "Mates payout",
          notes: input.notes,
        },
        razorpayXPayoutSchema,
        { "X-Payout-Idempotency": idempotencyKey },
      ),
    getPayout: (id) => call("GET", `/v1/payouts/${encodeURIComponent(id)}`, undefined, razorpayXPayoutSchema),
  };
}

/**
 * What a person is told when RazorpayX refuses the details they typed: a 400 naming the field it
 * refused. Anything else (its servers, the network) stays an error of ours, a 502.
 */
export function destinationRefusal(error: unknown): AppError {
  if (error instanceof RazorpayXError && error.refused) {
    const what =
      error.field === "ifsc"
        ? "RazorpayX does not know that IFSC. Check it on your cheque book or passbook."
        : error.field === "account_number"
          ? "RazorpayX refused that account number. Check it and try again."
          : error.field === "address"
            ? "RazorpayX refused that UPI ID. Check it in your UPI app and try again."
            : `RazorpayX refused these details: ${error.message}`;
    return new AppError(400, "destination_refused", what);
  }
  return new AppError(502, "razorpayx_unavailable", "We could not reach RazorpayX. Please try again in a minute.");
}
