import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createFakeRazorpayX } from "./fake-razorpayx.ts";

/**
 * A local stand-in for Razorpay that speaks its documented protocol: the orders, payments and
 * refunds endpoints with Basic auth and Razorpay's error shape; a Checkout script (`checkout.js`)
 * whose window completes, fails or is dismissed as a person would choose; and a webhook sender
 * that signs deliveries with the webhook secret (or, when asked, wrongly), repeats them and sends
 * them out of order. Tests that run in another process (the browser journeys) drive it through
 * `/_test/*`; tests in process call its methods.
 */
export type FakeOrder = {
  id: string;
  entity: "order";
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: "INR";
  receipt: string;
  status: "created" | "attempted" | "paid";
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
};
export type FakePayment = {
  id: string;
  entity: "payment";
  amount: number;
  currency: "INR";
  status: "created" | "authorized" | "captured" | "failed";
  order_id: string;
  method: string;
  captured: boolean;
  amount_refunded: number;
  error_code: string | null;
  error_description: string | null;
  created_at: number;
};
export type FakeRefund = {
  id: string;
  entity: "refund";
  amount: number;
  currency: "INR";
  payment_id: string;
  status: "pending" | "processed" | "failed";
  speed_requested: string;
  acquirer_data: { arn: string | null };
  created_at: number;
};

/** Where webhooks go: a URL (another process) or a function (an app in this process). */
export type WebhookTarget = string | ((body: string, headers: Record<string, string>) => Promise<number>);

export type Delivery = { event: string; eventId: string; status: number };

const id = (prefix: string) => `${prefix}_${randomBytes(7).toString("base64url").replace(/[-_]/g, "x")}`;
const now = () => Math.floor(Date.now() / 1000);

export async function startFakeRazorpay(options: {
  keyId?: string;
  keySecret?: string;
  webhookSecret?: string;
  webhook?: WebhookTarget;
  port?: number;
  /** Refunds come back "pending" and are processed a moment later by webhook (true), or at once. */
  refundsPending?: boolean;
  /** RazorpayX: the business account payouts leave from and its webhook secret (fake-razorpayx.ts). */
  razorpayX?: Parameters<typeof createFakeRazorpayX>[0];
}) {
  const keyId = options.keyId ?? "rzp_test_mates0123456";
  const keySecret = options.keySecret ?? "fake-razorpay-key-secret-0123456789";
  const webhookSecret = options.webhookSecret ?? "fake-razorpay-webhook-secret-0123";
  let webhook = options.webhook;
  const x = createFakeRazorpayX(options.razorpayX ?? {});
  const orders = new Map<string, FakeOrder>();
  const payments = new Map<string, FakePayment>();
  const refunds = new Map<string, FakeRefund>();
  /** Refund idempotency keys: the request they came with and the refund they made. */
  const refundKeys = new Map<string, { body: string; refund: FakeRefund }>();
  const deliveries: Delivery[] = [];
  const refundRequests: { paymentId: string; idempotencyKey: string | undefined; body: unknown }[] = [];
  /** Webhooks sent "a moment later", from when they are planned until they are answered. */
  const inFlight = new Set<Promise<void>>();
  function later(ms: number, send: () => Promise<unknown>) {
    const sent: Promise<void> = new Promise<void>((resolve) => setTimeout(resolve, ms))
      .then(send)
      .then(
        () => {},
        () => {},
      )
      .finally(() => inFlight.delete(sent));
    inFlight.add(sent);
  }

  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      send(response, 500, { error: { code: "SERVER_ERROR", description: String(error) } });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    response.writeHead(status, { "content-type": "application/json", ...cors, ...headers });
    response.end(JSON.stringify(body));
  }
  const cors = { "access-control-allow-origin": "*", "access-control-allow-headers": "content-type" };
  const badRequest = (response: ServerResponse, description: string) =>
    send(response, 400, {
      error: {
        code: "BAD_REQUEST_ERROR",
        description,
        source: "business",
        step: "payment_initiation",
        reason: "input_validation_failed",
        metadata: {},
      },
    });

  function authorised(request: IncomingMessage): boolean {
    const expected = Buffer.from(`Basic ${Buffer.from(`${keyId}:${keySecret}`).toString("base64")}`);
    const given = Buffer.from(request.headers.authorization ?? "");
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  async function readBody(request: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  }

  const sign = (message: string, secret: string) => createHmac("sha256", secret).update(message).digest("hex");

  /** Sends one webhook delivery as Razorpay does: JSON body, X-Razorpay-Signature, X-Razorpay-Event-Id. */
  async function deliver(
    event: string,
    payload: Record<string, unknown>,
    how: { eventId?: string; signature?: "valid" | "wrong" } = {},
  ): Promise<Delivery> {
    const eventId = how.eventId ?? id("evt");
    const body = JSON.stringify({
      entity: "event",
      account_id: "acc_mates_test",
      event,
      contains: Object.keys(payload),
      payload,
      created_at: now(),
    });
    const signature = how.signature === "wrong" ? sign(body, "not-the-webhook-secret") : sign(body, webhookSecret);
    const headers = {
      "content-type": "application/json",
      "x-razorpay-signature": signature,
      "x-razorpay-event-id": eventId,
    };
    let status = 0;
    if (typeof webhook === "function") status = await webhook(body, headers);
    else if (webhook) status = (await fetch(webhook, { method: "POST", headers, body })).status;
    const delivery = { event, eventId, status };
    deliveries.push(delivery);
    return delivery;
  }

  const paymentPayload = (payment: FakePayment) => ({ payment: { entity: { ...payment } } });

  /** A payment attempt on an order, kept as Razorpay keeps it. */
  function attempt(orderId: string, fields: Partial<FakePayment> & Pick<FakePayment, "status" | "method">) {
    const order = orders.get(orderId);
    if (!order) throw new Error(`no order ${orderId}`);
    const payment: FakePayment = {
      id: id("pay"),
      entity: "payment",
      amount: order.amount,
      currency: "INR",
      order_id: order.id,
      captured: false,
      amount_refunded: 0,
      error_code: null,
      error_description: null,
      created_at: now(),
      ...fields,
    };
    payments.set(payment.id, payment);
    return { order, payment };
  }

  /**
   * A person pays an order (the UPI app said yes): authorised, then captured (auto-capture), with
   * the webhooks that say so. Returns what Checkout hands its success handler.
   */
  async function pay(orderId: string, how: { method?: string; webhooks?: boolean } = {}) {
    const { order, payment } = attempt(orderId, { status: "captured", method: how.method ?? "upi", captured: true });
    order.status = "paid";
    order.attempts += 1;
    order.amount_paid = order.amount;
    order.amount_due = 0;
    if (how.webhooks !== false) {
      later(50, async () => {
        await deliver("payment.authorized", paymentPayload({ ...payment, status: "authorized", captured: false }));
        await deliver("payment.captured", paymentPayload(payment));
        await deliver("order.paid", { ...paymentPayload(payment), order: { entity: { ...order } } });
      });
    }
    return {
      payment,
      result: {
        razorpay_payment_id: payment.id,
        razorpay_order_id: order.id,
        razorpay_signature: sign(`${order.id}|${payment.id}`, keySecret),
      },
    };
  }

  /** A payment attempt on an order fails (the bank declined), with the payment.failed webhook. */
  async function fail(orderId: string) {
    const { order, payment } = attempt(orderId, {
      status: "failed",
      method: "upi",
      error_code: "BAD_REQUEST_ERROR",
      error_description: "Payment was declined by the bank.",
    });
    order.status = "attempted";
    order.attempts += 1;
    later(50, () => deliver("payment.failed", paymentPayload(payment)));
    return {
      error: {
        code: "BAD_REQUEST_ERROR",
        description: "Payment was declined by the bank.",
        source: "bank",
        step: "payment_authorization",
        reason: "payment_failed",
        metadata: { order_id: order.id, payment_id: payment.id },
      },
    };
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const path = new URL(request.url ?? "/", url).pathname;
    const method = request.method ?? "GET";
    if (method === "OPTIONS") return send(response, 204, {});
    if (method === "GET" && path === "/v1/checkout.js") {
      response.writeHead(200, { "content-type": "text/javascript; charset=utf-8", ...cors });
      return response.end(checkoutScript(url));
    }
    if (method === "POST" && (await x.handleTest(path, response))) return;
    // The stand-in Checkout window's own calls (what Razorpay's hosted pages do).
    if (method === "POST" && (path === "/_checkout/pay" || path === "/_checkout/fail" || path.startsWith("/_test/"))) {
      const body = JSON.parse((await readBody(request)) || "{}") as {
        order_id?: string;
        key?: string;
        method?: string;
      };
      if (path.startsWith("/_checkout/") && body.key !== keyId) return badRequest(response, "The key id is wrong.");
      const orderId = body.order_id ?? "";
      if (!orders.has(orderId)) return badRequest(response, "The id provided does not exist");
      if (path === "/_checkout/pay") {
        return send(response, 200, (await pay(orderId, { method: body.method ?? "upi" })).result);
      }
      if (path === "/_checkout/fail") return send(response, 200, await fail(orderId));
      if (path === "/_test/pay") return send(response, 200, (await pay(orderId)).result);
      return send(response, 404, { error: { code: "NOT_FOUND", description: "No such test action." } });
    }
    if (method === "GET" && path === "/_test/orders") return send(response, 200, [...orders.values()]);
    if (method === "GET" && path === "/_test/payouts") return send(response, 200, [...x.payouts.values()]);
    if (!authorised(request)) {
      return send(response, 401, { error: { code: "BAD_REQUEST_ERROR", description: "Authentication failed" } });
    }
    if (await x.handle(request, response, path)) return;
    if (method === "POST" && path === "/v1/orders") {
      const body = JSON.parse(await readBody(request)) as Partial<FakeOrder> & { currency?: string };
      if (!Number.isInteger(body.amount) || (body.amount ?? 0) < 100) {
        return badRequest(response, "The amount must be atleast INR 1.00");
      }
      if (body.currency !== "INR") return badRequest(response, "The currency provided is invalid.");
      if (typeof body.receipt === "string" && body.receipt.length > 40) {
        return badRequest(response, "The receipt may not be greater than 40 characters.");
      }
      const order: FakeOrder = {
        id: id("order"),
        entity: "order",
        amount: body.amount as number,
        amount_paid: 0,
        amount_due: body.amount as number,
        currency: "INR",
        receipt: body.receipt ?? "",
        status: "created",
        attempts: 0,
        notes: body.notes ?? {},
        created_at: now(),
      };
      orders.set(order.id, order);
      return send(response, 200, order);
    }
    const orderMatch = /^\/v1\/orders\/([^/]+)$/.exec(path);
    if (method === "GET" && orderMatch) {
      const order = orders.get(orderMatch[1] ?? "");
      return order ? send(response, 200, order) : badRequest(response, "The id provided does not exist");
    }
    const paymentMatch = /^\/v1\/payments\/([^/]+)(\/refund)?$/.exec(path);
    if (paymentMatch && method === "GET" && !paymentMatch[2]) {
      const payment = payments.get(paymentMatch[1] ?? "");
      return payment ? send(response, 200, payment) : badRequest(response, "The id provided does not exist");
    }
    if (paymentMatch && method === "POST" && paymentMatch[2]) {
      const raw = await readBody(request);
      const body = JSON.parse(raw || "{}") as { amount?: number; speed?: string };
      const key = request.headers["x-refund-idempotency"];
      const idempotencyKey = Array.isArray(key) ? key[0] : key;
      refundRequests.push({ paymentId: paymentMatch[1] ?? "", idempotencyKey, body });
      if (idempotencyKey !== undefined && !/^[A-Za-z0-9_-]{10,}$/.test(idempotencyKey)) {
        return badRequest(response, "The idempotency key must be at least 10 characters of letters, digits, - and _.");
      }
      const earlier = idempotencyKey ? refundKeys.get(idempotencyKey) : undefined;
      if (earlier) {
        if (earlier.body !== raw) {
          return badRequest(response, "Different request with the same idempotency key has already been processed.");
        }
        return send(response, 200, earlier.refund);
      }
      const payment = payments.get(paymentMatch[1] ?? "");
      if (!payment) return badRequest(response, "The id provided does not exist");
      if (payment.status !== "captured") return badRequest(response, "The payment has not been captured.");
      const amount = body.amount ?? payment.amount - payment.amount_refunded;
      if (!Number.isInteger(amount) || amount < 100 || payment.amount_refunded + amount > payment.amount) {
        return badRequest(response, "The refund amount provided is greater than amount captured.");
      }
      payment.amount_refunded += amount;
      const refund: FakeRefund = {
        id: id("rfnd"),
        entity: "refund",
        amount,
        currency: "INR",
        payment_id: payment.id,
        status: options.refundsPending === false ? "processed" : "pending",
        speed_requested: body.speed ?? "normal",
        acquirer_data: { arn: null },
        created_at: now(),
      };
      refunds.set(refund.id, refund);
      if (idempotencyKey) refundKeys.set(idempotencyKey, { body: raw, refund });
      const answer = { ...refund };
      if (refund.status === "pending") {
        later(100, () => {
          refund.status = "processed";
          refund.acquirer_data = { arn: `ARN${randomBytes(6).toString("hex").toUpperCase()}` };
          return deliver("refund.processed", {
            refund: { entity: { ...refund } },
            payment: { entity: { ...payment } },
          });
        });
      }
      return send(response, 200, answer);
    }
    return send(response, 404, { error: { code: "NOT_FOUND", description: `No route ${method} ${path}` } });
  }

  return {
    url,
    checkoutUrl: `${url}/v1/checkout.js`,
    keyId,
    keySecret,
    webhookSecret,
    orders,
    payments,
    refunds,
    deliveries,
    refundRequests,
    pay,
    fail,
    deliver,
    /** Resolves once every webhook sent "a moment later" so far (and any it led to) has been answered. */
    delivered: async () => {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
    paymentPayload,
    setWebhook: (target: WebhookTarget) => {
      webhook = target;
    },
    /** RazorpayX Payouts: its contacts, fund accounts, payouts, webhooks and test controls. */
    x,
    /** The settings that point the product at this stand-in. */
    env: () => ({
      RAZORPAY_KEY_ID: keyId,
      RAZORPAY_KEY_SECRET: keySecret,
      RAZORPAY_WEBHOOK_SECRET: webhookSecret,
      RAZORPAY_API_URL: url,
      RAZORPAY_CHECKOUT_URL: `${url}/v1/checkout.js`,
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type FakeRazorpay = Awaited<ReturnType<typeof startFakeRazorpay>>;

/**
 * The stand-in Checkout: `new Razorpay(options)`, `.on("payment.failed", fn)`, `.open()`, as
 * Razorpay's checkout.js offers them. Its window is drawn in the page (styled through the CSSOM,
 * which the page's Content-Security-Policy allows) and offers what a person can do there: pay by
 * UPI, have the payment fail (the window then says so), or close the window.
 */
function checkoutScript(origin: string): string {
  return `(() => {
  const ORIGIN = ${JSON.stringify(origin)};
  function el(tag, text, style) {
    const node = document.createElement(tag);
    if (text) node.textContent = text;
    Object.assign(node.style, style || {});
    return node;
  }
  class Razorpay {
    constructor(options) {
      if (!options || !options.key || !options.order_id) throw new Error("Razorpay: key and order_id are required");
      this.options = options;
      this.listeners = {};
    }
    on(event, listener) { (this.listeners[event] = this.listeners[event] || []).push(listener); }
    emit(event, value) { (this.listeners[event] || []).forEach((listener) => listener(value)); }
    close() { if (this.frame) { this.frame.remove(); this.frame = undefined; } }
    open() {
      const o = this.options;
      const frame = el("div", "", { position: "fixed", inset: "0", background: "rgba(15,23,42,0.6)", zIndex: "2147483647", display: "grid", placeItems: "center" });
      const box = el("div", "", { background: "#fff", borderRadius: "12px", padding: "24px", width: "320px", fontFamily: "sans-serif", color: "#0f172a" });
      box.setAttribute("role", "dialog");
      box.setAttribute("aria-label", "Razorpay test checkout");
      box.append(el("h2", "Razorpay test checkout", { margin: "0 0 8px", fontSize: "18px" }));
      box.append(el("p", (o.name || "") + " · ₹" + (o.amount / 100).toFixed(2), { margin: "0 0 16px" }));
      const button = (label, action) => {
        const b = el("button", label, { display: "block", width: "100%", margin: "8px 0", padding: "10px", fontSize: "15px", cursor: "pointer" });
        b.type = "button";
        b.addEventListener("click", action);
        return b;
      };
      const call = (path) => fetch(ORIGIN + path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ key: o.key, order_id: o.order_id, method: "upi" }) }).then((r) => r.json());
      box.append(button("Pay with UPI", () => call("/_checkout/pay").then((result) => { this.close(); o.handler && o.handler(result); })));
      // As Razorpay's window does, it says that the attempt failed and stays open for another.
      box.append(button("Fail the payment", () => call("/_checkout/fail").then((failure) => {
        this.emit("payment.failed", failure);
        const said = el("p", "Payment failed: " + ((failure.error && failure.error.description) || "the payment did not go through"), { margin: "8px 0 0", color: "#b91c1c" });
        said.setAttribute("role", "status");
        box.append(said);
      })));
      box.append(button("Close", () => { this.close(); o.modal && o.modal.ondismiss && o.modal.ondismiss(); }));
      frame.append(box);
      document.body.append(frame);
      this.frame = frame;
    }
  }
  window.Razorpay = Razorpay;
})();
`;
}
