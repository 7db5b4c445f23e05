import { useMutation, useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { z } from "zod";
import { type Address, type AddressInput, addressListSchema, addressResponseSchema } from "#domain/address.ts";
import {
  type Booking,
  type BookingList,
  bookingListSchema,
  bookingResponseSchema,
  type PlaceBooking,
} from "#domain/booking.ts";
import { mergeResultSchema } from "#domain/cart.ts";
import { bookingInLanguage } from "#domain/names-in-language.ts";
import { slotsResponseSchema } from "#domain/slots.ts";
import { showAccountCart } from "#web/features/cart/public.ts";
import { useTranslatedServices } from "#web/features/catalogue/public.ts";
import { apiGet, apiSend, apiUpload } from "#web/lib/api-client.ts";
import { appQueryClient } from "#web/lib/query-client.ts";

/** The booking screens' requests: addresses, slots and bookings of the signed-in customer. */

export const bookingKeys = {
  addresses: ["booking", "addresses"] as const,
  slots: (date: string, booking?: string) => ["booking", "slots", date, booking ?? "cart"] as const,
  list: ["booking", "list"] as const,
  one: (id: string) => ["booking", "one", id] as const,
};

export function useAddresses({ enabled }: { enabled: boolean }) {
  return useQuery(
    {
      queryKey: bookingKeys.addresses,
      queryFn: ({ signal }) => apiGet("/api/addresses", addressListSchema, { signal }).then((body) => body.addresses),
      staleTime: 0,
      enabled,
    },
    appQueryClient,
  );
}

function refreshAddresses() {
  void appQueryClient.invalidateQueries({ queryKey: bookingKeys.addresses });
}

export function useSaveAddress() {
  return useMutation(
    {
      mutationFn: ({ id, input }: { id?: string; input: AddressInput }) =>
        apiSend(
          id ? "PATCH" : "POST",
          id ? `/api/addresses/${id}` : "/api/addresses",
          input,
          addressResponseSchema,
        ).then((body) => body.address),
      onSuccess: refreshAddresses,
    },
    appQueryClient,
  );
}

export function useDeleteAddress() {
  return useMutation(
    {
      mutationFn: (address: Address) => apiSend("DELETE", `/api/addresses/${address.id}`, undefined, z.unknown()),
      onSuccess: refreshAddresses,
    },
    appQueryClient,
  );
}

export function useSlots(date: string | undefined, booking?: string) {
  return useQuery(
    {
      queryKey: bookingKeys.slots(date ?? "", booking),
      queryFn: ({ signal }) =>
        apiGet(
          `/api/slots?${new URLSearchParams({ date: date ?? "", ...(booking ? { booking } : {}) })}`,
          slotsResponseSchema,
          { signal },
        ),
      enabled: date !== undefined,
      staleTime: 0,
      refetchInterval: 60_000,
    },
    appQueryClient,
  );
}

/** Every answer about a booking lands in the cache, so each screen showing it follows. */
export function showBooking(booking: Booking): void {
  appQueryClient.setQueryData(bookingKeys.one(booking.id), booking);
  void appQueryClient.invalidateQueries({ queryKey: bookingKeys.list });
}

export function placeBooking(input: PlaceBooking): Promise<Booking> {
  return apiSend("POST", "/api/bookings", input, bookingResponseSchema).then((body) => body.booking);
}

export function useBooking(id: string | undefined) {
  const services = useTranslatedServices();
  const select = useCallback(
    (booking: Booking) => (services ? bookingInLanguage(booking, services) : booking),
    [services],
  );
  return useQuery(
    {
      queryKey: bookingKeys.one(id ?? ""),
      queryFn: ({ signal }) =>
        apiGet(`/api/bookings/${encodeURIComponent(id ?? "")}`, bookingResponseSchema, { signal }).then(
          (b) => b.booking,
        ),
      enabled: Boolean(id),
      staleTime: 0,
      select,
    },
    appQueryClient,
  );
}

export function useBookingList({ enabled }: { enabled: boolean }) {
  const services = useTranslatedServices();
  const select = useCallback(
    (list: BookingList): BookingList => {
      if (!services) return list;
      const named = (bookings: Booking[]) => bookings.map((booking) => bookingInLanguage(booking, services));
      return { upcoming: named(list.upcoming), past: named(list.past), cancelled: named(list.cancelled) };
    },
    [services],
  );
  return useQuery(
    {
      queryKey: bookingKeys.list,
      queryFn: ({ signal }) => apiGet("/api/bookings", bookingListSchema, { signal }),
      enabled,
      staleTime: 0,
      select,
    },
    appQueryClient,
  );
}

export function useCancelBooking() {
  return useMutation(
    {
      /** `chargeRupees`: what the customer agreed cancelling costs; the server refuses if it changed. */
      mutationFn: ({ id, chargeRupees }: { id: string; chargeRupees: number }) =>
        apiSend("POST", `/api/bookings/${id}/cancel`, { chargeRupees }, bookingResponseSchema).then((b) => b.booking),
      onSuccess: showBooking,
    },
    appQueryClient,
  );
}

/** The no-show rescue's two taps: "another-mate" (find another mate now) or "cancel" (cancel, free). */
export function useNoShowRescue() {
  return useMutation(
    {
      mutationFn: ({ id, choice }: { id: string; choice: "another-mate" | "cancel" }) =>
        apiSend("POST", `/api/bookings/${id}/no-show/${choice}`, undefined, bookingResponseSchema).then(
          (b) => b.booking,
        ),
      onSuccess: showBooking,
    },
    appQueryClient,
  );
}

export function useReschedule() {
  return useMutation(
    {
      mutationFn: ({ id, start }: { id: string; start: string }) =>
        apiSend("POST", `/api/bookings/${id}/reschedule`, { start }, bookingResponseSchema).then((b) => b.booking),
      onSuccess: showBooking,
    },
    appQueryClient,
  );
}

/** Free re-work of a completed booking: the form's details and photos; answers the new booking. */
export function useRequestRework(bookingId: string) {
  return useMutation(
    {
      mutationFn: (body: FormData) =>
        apiUpload(`/api/bookings/${bookingId}/rework`, body, bookingResponseSchema).then((answer) => answer.booking),
      onSuccess: (booking) => {
        showBooking(booking);
        void appQueryClient.invalidateQueries({ queryKey: bookingKeys.one(bookingId) });
      },
    },
    appQueryClient,
  );
}

/** Book again: the booking's services and options go back in the cart; those left out say why. */
export function useBookAgain() {
  return useMutation(
    {
      mutationFn: (id: string) => apiSend("POST", `/api/bookings/${id}/book-again`, undefined, mergeResultSchema),
      onSuccess: (result) => showAccountCart(result.cart),
    },
    appQueryClient,
  );
}

/** The customer's answer to extra work a mate proposed. */
export function useDecideExtra() {
  return useMutation(
    {
      mutationFn: ({ bookingId, extraId, approve }: { bookingId: string; extraId: string; approve: boolean }) =>
        apiSend("POST", `/api/bookings/${bookingId}/extras/${extraId}`, { approve }, bookingResponseSchema).then(
          (b) => b.booking,
        ),
      onSuccess: showBooking,
    },
    appQueryClient,
  );
}
