import { describeRoute } from "hono-openapi";
import type { Auth } from "#server/auth/auth.ts";
import { SESSION_ENDED } from "#server/auth/revocation.ts";
import { sessionUser, signedInRouter } from "#server/auth/session.ts";
import { readCart } from "#server/cart/cart.ts";
import type { Database } from "#server/db/client.ts";
import { errors } from "#server/http/openapi.ts";
import { type EventBus, OPERATORS_TOPIC, type ServerEvent } from "./bus.ts";
import { heartbeats } from "./heartbeats.ts";

export type EventStreamOptions = {
  /** A comment line this often keeps proxies from closing an idle stream. */
  heartbeatMs: number;
  /** Frames a slow reader may leave unread before the stream is closed (it reconnects and re-reads). */
  maxQueuedFrames: number;
  /** Aborted when the server stops: every stream ends so that draining does not wait for them. */
  shutdown?: AbortSignal;
};

export const DEFAULT_EVENT_STREAM: EventStreamOptions = { heartbeatMs: 25_000, maxQueuedFrames: 256 };

const encoder = new TextEncoder();

/** An event is encoded once, however many of the customer's tabs receive it. */
const encoded = new WeakMap<ServerEvent, Uint8Array>();

function frame(event: ServerEvent): Uint8Array {
  let bytes = encoded.get(event);
  if (!bytes) {
    // JSON.stringify never writes a line break, so one data line carries the whole event.
    bytes = encoder.encode(`event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
    encoded.set(event, bytes);
  }
  return bytes;
}

const HEARTBEAT = encoder.encode(": ping\n\n");
/** EventSource waits this long before reconnecting after a drop. */
const RETRY = encoder.encode("retry: 2000\n\n");

/**
 * `GET /api/events`: Server-Sent Events for the signed-in user (spec §7 "Subscribe to
 * users/{key}/cartItems"). The stream opens with the current cart, so a reconnect after a gap
 * always starts from the truth; then every change published for the user follows. A closed tab
 * ends the stream and its subscription.
 */
export function eventRoutes({
  auth,
  db,
  events,
  options = DEFAULT_EVENT_STREAM,
}: {
  auth: Auth;
  db: Database;
  events: EventBus;
  options?: EventStreamOptions;
}) {
  const beat = heartbeats(options.heartbeatMs);
  return signedInRouter(auth).get(
    "/",
    describeRoute({
      tags: ["Cart"],
      security: [{ session: [] }],
      summary: "Live changes for the signed-in customer (Server-Sent Events)",
      description:
        "Opens with `event: cart` carrying the current cart; then every change to the cart follows as another `cart` event. Comment lines keep the stream alive.",
      responses: {
        200: { description: "The event stream.", content: { "text/event-stream": { schema: { type: "string" } } } },
        ...errors(401),
      },
    }),
    async (c) => {
      const userId = c.get("userId");
      const cart = await readCart(db, userId);
      const operator = (await sessionUser(auth, c))?.role === "operator";
      let release = () => {};
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          let open = true;
          const end = () => {
            if (!open) return;
            open = false;
            release();
            try {
              controller.close();
            } catch {
              // already closed by the reader
            }
          };
          const send = (bytes: Uint8Array) => {
            if (!open) return;
            if ((controller.desiredSize ?? 0) < -options.maxQueuedFrames) {
              end();
              return;
            }
            controller.enqueue(bytes);
          };
          // A session ended by an operator closes the stream; the browser's reconnect finds no session.
          const own = events.subscribe(userId, (event) => (event.type === SESSION_ENDED ? end() : send(frame(event))));
          const desk = operator ? events.subscribe(OPERATORS_TOPIC, (event) => send(frame(event))) : () => {};
          const unsubscribe = () => {
            own();
            desk();
          };
          const stopBeating = beat(() => send(HEARTBEAT));
          release = () => {
            stopBeating();
            unsubscribe();
            options.shutdown?.removeEventListener("abort", end);
          };
          c.req.raw.signal.addEventListener("abort", end, { once: true });
          options.shutdown?.addEventListener("abort", end, { once: true });
          send(RETRY);
          send(frame({ type: "cart", data: cart }));
        },
        cancel() {
          release();
        },
      });
      return new Response(body, {
        headers: {
          "Content-Type": "text/event-stream; charset=utf-8",
          "Cache-Control": "no-store",
          // Proxies such as nginx must pass each event on at once.
          "X-Accel-Buffering": "no",
        },
      });
    },
  );
}
