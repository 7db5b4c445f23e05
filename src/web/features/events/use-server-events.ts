import { useEffect, useRef } from "react";
import { type ServerEventHandler, subscribeServerEvent } from "./server-events.ts";

/**
 * Calls onData with each `type` event of GET /api/events while the component is mounted
 * (`"open"` for every (re)connection). Only for signed-in customers: the stream needs a session.
 */
export function useServerEvent(type: string, onData: ServerEventHandler): void {
  const latest = useRef(onData);
  latest.current = onData;
  useEffect(() => subscribeServerEvent(type, (data) => latest.current(data)), [type]);
}
