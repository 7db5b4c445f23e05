import { bookingSchema } from "#domain/booking.ts";
import { useServerEvent } from "#web/features/events/public.ts";
import { appQueryClient, rereadQueries } from "#web/lib/query-client.ts";
import { bookingKeys } from "./booking-api.ts";

const changed = bookingSchema.pick({ id: true });

/**
 * Status changes of the customer's bookings arrive live; after a gap in the stream, re-read. An
 * event is the signal to read the booking again, not the state to show: a read already on its way
 * may have started before the change (its answer would land after the event's), and two changes
 * published at once may reach the tab in either order. The read each event starts sees its change.
 */
export function useBookingEvents(): void {
  useServerEvent("booking", (data) => {
    const parsed = changed.safeParse(data);
    if (!parsed.success) return;
    rereadQueries(bookingKeys.one(parsed.data.id));
    rereadQueries(bookingKeys.list);
  });
  // A chat message changes the unread count on the booking.
  useServerEvent("message", () => {
    void appQueryClient.invalidateQueries({ queryKey: [bookingKeys.list[0]] });
  });
  useServerEvent("open", () => rereadQueries([bookingKeys.list[0]]));
}
