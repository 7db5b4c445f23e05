import { type CheckoutOrder, type CheckoutResult, checkoutResultSchema } from "#domain/payments.ts";
import { paymentsText } from "./payments-messages.ts";

/**
 * Razorpay Checkout in the page: its script is loaded once, from the address the server names
 * (RAZORPAY_CHECKOUT_URL, allowed by the page's Content-Security-Policy), only when someone pays.
 * `openCheckout` resolves with what the person did: paid (Checkout's three fields, for the server
 * to verify), failed (Razorpay's reason) or closed the window.
 */
export type CheckoutOutcome =
  | { kind: "paid"; result: CheckoutResult }
  | { kind: "failed"; reason: string }
  | { kind: "dismissed" };

type RazorpayFailure = { error?: { description?: string } };
type RazorpayInstance = {
  open(): void;
  on(event: "payment.failed", listener: (failure: RazorpayFailure) => void): void;
};
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

let loading: Promise<RazorpayConstructor> | undefined;

function loadCheckout(url: string): Promise<RazorpayConstructor> {
  const present = (window as { Razorpay?: RazorpayConstructor }).Razorpay;
  if (present) return Promise.resolve(present);
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = url;
    script.async = true;
    script.onload = () => {
      const loaded = (window as { Razorpay?: RazorpayConstructor }).Razorpay;
      if (loaded) resolve(loaded);
      else void paymentsText("notStarted").then((text) => reject(new Error(text)));
    };
    script.onerror = () => {
      loading = undefined;
      script.remove();
      void paymentsText("unreachable").then((text) => reject(new Error(text)));
    };
    document.head.append(script);
  });
  return loading;
}

/** A customer's order, or a mate's for their dues (the purpose is not Checkout's business). */
type CheckoutOrderFields = Omit<CheckoutOrder, "purpose">;

export async function openCheckout(checkoutUrl: string, order: CheckoutOrderFields): Promise<CheckoutOutcome> {
  const Razorpay = await loadCheckout(checkoutUrl);
  const [notUnderstood, didNotGoThrough] = await Promise.all([
    paymentsText("notUnderstood"),
    paymentsText("didNotGoThrough"),
  ]);
  return new Promise<CheckoutOutcome>((resolve) => {
    // Checkout stays open after a failed attempt so that the person can try again in it; the failure
    // is the outcome only if they then close it.
    let failure: string | undefined;
    const checkout = new Razorpay({
      key: order.keyId,
      order_id: order.orderId,
      amount: order.amountPaise,
      currency: order.currency,
      name: "Mates",
      description: order.description,
      prefill: order.prefill,
      theme: { color: "#0f766e" },
      handler: (response: unknown) => {
        const parsed = checkoutResultSchema.safeParse(response);
        resolve(parsed.success ? { kind: "paid", result: parsed.data } : { kind: "failed", reason: notUnderstood });
      },
      modal: { ondismiss: () => resolve(failure ? { kind: "failed", reason: failure } : { kind: "dismissed" }) },
    });
    checkout.on("payment.failed", (failed) => {
      failure = failed.error?.description ?? didNotGoThrough;
    });
    checkout.open();
  });
}
