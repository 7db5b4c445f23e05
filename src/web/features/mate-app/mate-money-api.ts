import { useMutation } from "@tanstack/react-query";
import { type DuesOrder, duesOrderSchema, duesPaidSchema, panResponseSchema } from "#domain/mate-money.ts";
import type { CheckoutResult } from "#domain/payments.ts";
import { apiSend } from "#web/lib/api-client.ts";
import { appQueryClient } from "#web/lib/query-client.ts";
import { refreshMate } from "./mate-api.ts";

/** The mate's PAN and dues (issue 39): `/api/mate/pan`, `/api/mate/dues/*`. */

export function useSavePan() {
  return useMutation(
    {
      mutationFn: (pan: string) => apiSend("PUT", "/api/mate/pan", { pan }, panResponseSchema),
      onSuccess: refreshMate,
    },
    appQueryClient,
  );
}

export function startDuesPayment(): Promise<DuesOrder> {
  return apiSend("POST", "/api/mate/dues/payment", undefined, duesOrderSchema);
}

export function confirmDuesPayment(result: CheckoutResult) {
  return apiSend("POST", "/api/mate/dues/payment/verify", result, duesPaidSchema);
}
