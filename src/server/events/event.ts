/**
 * The change feed behind `GET /api/events` (spec §7 "Subscribe to users/{key}/cartItems"): a
 * capability publishes an event for a user after its change is stored; every stream that user has
 * open, on this instance or (with Redis) any other, receives it.
 */
export type ServerEvent = {
  /** The SSE event name: `cart`, `booking`, … */
  type: string;
  data: unknown;
  /**
   * Given by the bus on publish (record 077): increasing across the deployment's instances, sent as
   * the frame's `id:` so that a reconnecting browser's `Last-Event-ID` says what it has seen.
   * Absent on an event delivered while Redis was down (it is in no log).
   */
  id?: string;
};
