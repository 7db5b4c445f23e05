import { bookingSchema } from "#domain/booking.ts";
import { useServerEvent } from "#web/features/events/public.ts";
import { appQueryClient } from "#web/lib/query-client.ts";
import { bookingKeys, showBooking } from "./booking-api.ts";

/** Status changes of the customer's bookings arrive live; after a gap in the stream, re-read. */
export function useBookingEvents(): void {
  useServerEvent("booking", (data) => {
    const parsed = bookingSchema.safeParse(data);
    if (parsed.success) showBooking(parsed.data);
  });
  // A chat message changes the unread count on the booking.
  useServerEvent("message", () => {
    void appQueryClient.invalidateQueries({ queryKey: [bookingKeys.list[0]] });
  });
  useServerEvent("open", () => {
    void appQueryClient.invalidateQueries({ queryKey: [bookingKeys.list[0]] });
  });
}
