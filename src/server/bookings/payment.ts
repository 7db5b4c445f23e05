import type { PAYMENT_METHODS } from "#domain/booking.ts";

/**
 * How a booking is paid. Placing a booking asks its method what to do before the booking counts;
 * today the only method collects nothing online. An online gateway is a second entry here (with its
 * setting in config.ts and a `requiresAction` answer that the payment screen follows), leaving the
 * booking, slot and assignment code as it is.
 */
export type PaymentMethodId = (typeof PAYMENT_METHODS)[number];

export type PaymentMethod = {
  id: PaymentMethodId;
  label: string;
  /** Called inside the booking's transaction; may refuse by throwing an AppError. */
  prepare(booking: { id: string; totalRupees: number }): Promise<{ state: "due_after_service" }>;
};

export const PAY_AFTER_SERVICE: PaymentMethod = {
  id: "pay_after_service",
  label: "Pay after service (cash or UPI to your mate)",
  prepare: async () => ({ state: "due_after_service" }),
};

export const PAYMENT_METHOD_BY_ID: Record<PaymentMethodId, PaymentMethod> = {
  pay_after_service: PAY_AFTER_SERVICE,
};
