import { CreditCard, Wallet } from "lucide-react";
import { useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { type Booking, gstIncluded } from "#domain/booking.ts";
import { formatRupees } from "#domain/catalogue.ts";
import { formatPaise } from "#domain/payments.ts";
import { placeBooking, showBooking, useAddresses } from "#web/features/booking/booking-api.ts";
import { type BookingKey, bookingMessages } from "#web/features/booking/booking-messages.ts";
import { progressMessages } from "#web/features/booking/progress/progress-messages.ts";
import { RequireCustomer } from "#web/features/booking/require-customer.tsx";
import { WhereWhen } from "#web/features/booking/where-when.tsx";
import { useAccountCart, useMerging } from "#web/features/cart/cart-api.ts";
import { PayOnline, useCredit, useHoldText, usePaymentOptions } from "#web/features/payments/public.ts";
import { CheckoutBusiness, useCheckoutBusiness } from "#web/features/profile/checkout-business.tsx";
import { Msg, useT } from "#web/i18n/use-t.tsx";
import { errorMessage } from "#web/lib/error-message.ts";
import { ErrorState } from "#web/shell/error-state.tsx";
import { LoadingState } from "#web/shell/loading-state.tsx";
import { primaryActionClass } from "#web/shell/page-shell.tsx";
import { useAuthToken } from "#web/shell/use-auth-token.ts";
import { usePageMeta } from "#web/shell/use-page-meta.ts";

type Method = Booking["paymentMethod"];
const METHODS: Record<Method, { label: BookingKey; detail: BookingKey }> = {
  pay_after_service: { label: "payAfterLabel", detail: "payAfterDetail" },
  online: { label: "onlineLabel", detail: "onlineDetail" },
};

/** A "Pay now" booking placed and held: Checkout opens at once, and again on "Try again". */
function HeldForPayment({ booking }: { booking: Booking }) {
  const holdText = useHoldText();
  // What is due online: the total less the Mates credit the booking took (record 058).
  const due = formatPaise(booking.payment.duePaise);
  const t = useT(bookingMessages);
  const navigate = useNavigate();
  const paid = (done: Booking) => {
    showBooking(done);
    void navigate(`/mate-assigning?booking=${done.id}`);
  };
  return (
    <section aria-labelledby="held-heading" className="space-y-4 rounded-2xl border border-brand-200 bg-brand-50 p-5">
      <h2 id="held-heading" className="text-lg font-bold text-brand-950">
        {t("payToConfirm", { amount: due })}
      </h2>
      {booking.payment.payBy ? <p className="text-brand-950">{holdText(booking.payment.payBy)}</p> : null}
      {booking.creditRupees > 0 ? (
        <p className="text-brand-950">
          {t("creditPart", { credit: formatRupees(booking.creditRupees), total: formatRupees(booking.totalRupees) })}
        </p>
      ) : null}
      <PayOnline booking={booking} label={t("payNow", { amount: due })} onPaid={paid} startAtOnce />
      <p className="text-sm text-slate-700">
        <Msg
          of={bookingMessages}
          id="payLater"
          components={{ 0: <Link to={`/mate-assigning?booking=${booking.id}`} className="font-semibold underline" /> }}
        />
      </p>
    </section>
  );
}

function PaymentStep() {
  const t = useT(bookingMessages);
  const p = useT(progressMessages);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const addressId = params.get("address") ?? "";
  const start = params.get("start") ?? "";
  const cart = useAccountCart({ enabled: true });
  const addresses = useAddresses({ enabled: true });
  // One key for this attempt: a double click or a retry after a network error makes one booking.
  const key = useRef(crypto.randomUUID());
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [method, setMethod] = useState<Method>("pay_after_service");
  const [held, setHeld] = useState<Booking>();
  const options = usePaymentOptions();
  const merging = useMerging();
  const online = options.data?.online === true;
  const business = useCheckoutBusiness();
  const credit = useCredit();

  // Placed and held for payment: the cart is empty now, and what matters is paying.
  if (held) return <HeldForPayment booking={held} />;
  if (cart.isPending || addresses.isPending || merging) return <LoadingState />;
  if (cart.isError || addresses.isError) {
    return (
      <ErrorState
        title={t("bookingLoadError")}
        message={(cart.error ?? addresses.error)?.message ?? ""}
        onRetry={() => {
          void cart.refetch();
          void addresses.refetch();
        }}
      />
    );
  }
  const address = addresses.data.find((candidate) => candidate.id === addressId);
  if (!address || !start || Number.isNaN(Date.parse(start)) || cart.data.count === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center">
        <p className="text-lg font-semibold text-slate-900">{t(cart.data.count === 0 ? "cartEmpty" : "chooseFirst")}</p>
        <Link to={cart.data.count === 0 ? "/#services" : "/book/address"} className={`${primaryActionClass} mt-4`}>
          {t(cart.data.count === 0 ? "browseServices" : "chooseAddressTime")}
        </Link>
      </div>
    );
  }

  // Mates credit pays first, up to the total; the server takes it when the booking is placed.
  const creditRupees = Math.min(credit.data?.balanceRupees ?? 0, cart.data.totalRupees);
  const toPay = cart.data.totalRupees - creditRupees;

  const confirm = async () => {
    if (sending) return;
    const forBusiness = business.check();
    if (forBusiness === false) {
      // Once React has drawn the errors: the first invalid field takes the focus.
      requestAnimationFrame(() => document.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
      return;
    }
    setSending(true);
    setProblem(undefined);
    try {
      const paymentMethod = online ? method : "pay_after_service";
      const booking = await placeBooking({
        addressId,
        start,
        paymentMethod,
        idempotencyKey: key.current,
        ...(forBusiness ? { business: forBusiness } : {}),
      });
      showBooking(booking);
      // Held for payment unless the Mates credit paid all of it.
      if (paymentMethod === "online" && booking.payment.dueFor === "booking") setHeld(booking);
      else void navigate(`/mate-assigning?booking=${booking.id}`);
    } catch (error) {
      setProblem(errorMessage(error));
      setSending(false);
    }
  };

  return (
    <div className="space-y-6">
      <section aria-labelledby="summary-heading" className="rounded-2xl border border-slate-200 bg-white p-5">
        <h2 id="summary-heading" className="text-lg font-bold text-slate-900">
          {t("summary")}
        </h2>
        <ul className="mt-3 divide-y divide-slate-200">
          {cart.data.items.map((item) => (
            <li key={item.id} className="flex justify-between gap-4 py-2">
              <span>
                <span className="block font-medium text-slate-900">{item.serviceTitle}</span>
                <span className="block text-sm text-slate-700">
                  {t("itemAt", {
                    option: item.optionLabel,
                    quantity: item.quantity,
                    price: formatRupees(item.unitPriceRupees),
                  })}
                </span>
              </span>
              <span className="font-semibold tabular-nums">{formatRupees(item.lineTotalRupees)}</span>
            </li>
          ))}
        </ul>
        <dl className="mt-3 space-y-1 border-t border-slate-200 pt-3">
          <div className="flex justify-between text-sm text-slate-700">
            <dt>{t("gstIncluded")}</dt>
            <dd className="tabular-nums">{formatRupees(gstIncluded(cart.data.totalRupees))}</dd>
          </div>
          <div className="flex justify-between text-lg font-extrabold text-slate-950">
            <dt>{t("total")}</dt>
            <dd className="tabular-nums" data-testid="payment-total">
              {formatRupees(cart.data.totalRupees)}
            </dd>
          </div>
          {creditRupees > 0 ? (
            <>
              <div className="flex justify-between text-sm text-slate-700">
                <dt>{p("matesCredit")}</dt>
                <dd className="tabular-nums" data-testid="payment-credit">
                  −{formatRupees(creditRupees)}
                </dd>
              </div>
              <div className="flex justify-between text-lg font-extrabold text-slate-950">
                <dt>{t("toPay")}</dt>
                <dd className="tabular-nums" data-testid="payment-to-pay">
                  {formatRupees(toPay)}
                </dd>
              </div>
            </>
          ) : null}
        </dl>
      </section>
      <WhereWhen address={address} start={start} />
      <CheckoutBusiness state={business} />
      <fieldset className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5">
        <legend className="px-1 text-lg font-bold text-slate-900">{t("payment")}</legend>
        {(online ? (["pay_after_service", "online"] as const) : (["pay_after_service"] as const)).map((id) => (
          <label key={id} className="flex items-start gap-3">
            <input
              type="radio"
              name="payment"
              value={id}
              checked={(online ? method : "pay_after_service") === id}
              onChange={() => setMethod(id)}
              className="mt-1 accent-brand-800"
            />
            {id === "online" ? (
              <CreditCard className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
            ) : (
              <Wallet className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
            )}
            <span>
              <span className="block font-medium text-slate-900">{t(METHODS[id].label)}</span>
              <span className="block text-sm text-slate-600">{t(METHODS[id].detail)}</span>
            </span>
          </label>
        ))}
        {options.data && !online ? <p className="text-sm text-slate-600">{t("onlineNotSetUp")}</p> : null}
      </fieldset>
      {problem ? (
        <p role="alert" className="rounded-xl bg-red-50 p-4 font-medium text-red-900">
          {problem}{" "}
          <Link to="/book/address" className="underline">
            {t("changeAddressTime")}
          </Link>
        </p>
      ) : null}
      <button
        type="button"
        className={`${primaryActionClass} w-full`}
        onClick={() => void confirm()}
        disabled={sending}
        aria-busy={sending}
      >
        {sending
          ? t("processing")
          : online && method === "online" && toPay > 0
            ? t("confirmAndPay", { amount: formatRupees(toPay) })
            : t("confirmBooking")}
      </button>
    </div>
  );
}

/** /booking/payment: what, where, when, the total with GST, how to pay, and Confirm booking. */
export function BookingPaymentPage() {
  const t = useT(bookingMessages);
  usePageMeta(t("payment"));
  const token = useAuthToken();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 lg:px-6">
      <h1 className="mb-6 text-3xl font-extrabold tracking-tight text-slate-950 sm:text-4xl">{t("payment")}</h1>
      <RequireCustomer>{token ? <PaymentStep /> : null}</RequireCustomer>
    </div>
  );
}
