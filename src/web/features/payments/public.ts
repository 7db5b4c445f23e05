// The payments feature's public surface (issue 17): paying online through Razorpay Checkout, what a
// booking's money came to, and the tax invoice.
export { BookingMoney } from "./booking-money.tsx";
export { openCheckout } from "./checkout.ts";
export { CreditAccountSection } from "./credit-account.tsx";
export { useCredit } from "./credit-api.ts";
export { InvoiceView } from "./invoice-view.tsx";
export { PayOnline, useHoldText } from "./pay-online.tsx";
export { usePaymentOptions } from "./payment-api.ts";
