import { useServerEvent } from "#web/features/events/public.ts";
import { refreshMate } from "./mate-api.ts";

/** A new or released job, an approved extra, a cancellation: the server says `jobs`; every screen reads again. */
export function useMateEvents(): void {
  useServerEvent("jobs", refreshMate);
  useServerEvent("open", refreshMate);
}
