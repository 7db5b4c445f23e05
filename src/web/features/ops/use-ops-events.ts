import { useServerEvent } from "#web/features/events/public.ts";
import { refreshOps } from "./ops-api.ts";

/** A booking changed or an application arrived: the server says `ops`; the console reads again. */
export function useOpsEvents(): void {
  useServerEvent("ops", refreshOps);
  useServerEvent("open", refreshOps);
}
