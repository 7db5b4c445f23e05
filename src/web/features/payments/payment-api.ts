import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { type Booking, bookingResponseSchema } from "#domain/booking.ts";
import { invoiceSchema } from "#domain/invoice.ts";
import {
  type CheckoutOrder,
  type CheckoutResult,
  checkoutOrderSchema,
  type PaymentOptions,
  paymentOptionsSchema,
} from "#domain/payments.ts";
import { apiGet, apiSend } from "#web/lib/api-client.ts";
import { appQueryClient } from "#web/lib/query-client.ts";

/** The payment requests: what is offered, an order for what is due, Checkout's answer, invoices. */

export function usePaymentOptions() {
  return useQuery(
    {
      queryKey: ["payments", "options"],
      queryFn: ({ signal }): Promise<PaymentOptions> =>
        apiGet("/api/payments/options", paymentOptionsSchema, { signal }),
      staleTime: 5 * 60_000,
    },
    appQueryClient,
  );
}

export function startCheckout(bookingId: string): Promise<CheckoutOrder> {
  return apiSend("POST", `/api/bookings/${bookingId}/payment`, undefined, checkoutOrderSchema);
}

export function confirmCheckout(bookingId: string, result: CheckoutResult): Promise<Booking> {
  return apiSend("POST", `/api/bookings/${bookingId}/payment/verify`, result, bookingResponseSchema).then(
    (body) => body.booking,
  );
}

export function useInvoice(slug: string) {
  return useQuery(
    {
      queryKey: ["payments", "invoice", slug],
      queryFn: ({ signal }) =>
        apiGet(`/api/invoices/${encodeURIComponent(slug)}`, z.object({ invoice: invoiceSchema }), { signal }).then(
          (body) => body.invoice,
        ),
      staleTime: Number.POSITIVE_INFINITY,
    },
    appQueryClient,
  );
}
