import { describeRoute } from "hono-openapi";
import type { Cart } from "#domain/cart.ts";
import type { Auth } from "#server/auth/auth.ts";
import { SESSION_ENDED } from "#server/auth/revocation.ts";
import { sessionUser, signedInRouter } from "#server/auth/session.ts";
import { readCart } from "#server/cart/cart.ts";
import type { Database } from "#server/db/client.ts";
import { errors } from "#server/http/openapi.ts";
import { type EventBus, OPERATORS_TOPIC, type ServerEvent } from "./bus.ts";
import { heartbeats } from "./heartbeats.ts";
import { idOf, parseEventId } from "./log.ts";

export type EventStreamOptions = {
  /** A comment line this often keeps proxies from closing an idle stream. */
  heartbeatMs: number;
  /** Frames a slow reader may leave unread before the stream is closed (it reconnects and re-reads). */
  maxQueuedFrames: number;
  /** Aborted when the server stops: every stream ends so that draining does not wait for them. */
  shutdown?: AbortSignal;
  /** Told when a stream opens and when it ends (the open streams of /metrics). */
  streams?: { opened: () => void; closed: () => void };
};

export const DEFAULT_EVENT_STREAM: EventStreamOptions = { heartbeatMs: 25_000, maxQueuedFrames: 256 };

const encoder = new TextEncoder();

/** An event is encoded once, however many of the customer's tabs receive it. */
const encoded = new WeakMap<ServerEvent, Uint8Array>();

function frame(event: ServerEvent): Uint8Array {
  let bytes = encoded.get(event);
  if (!bytes) {
    // JSON.stringify never writes a line break, so one data line carries the whole event. The id
    // line makes the browser send it back as Last-Event-ID when it reconnects (record 077); it
    // comes last so that a frame still starts with its event name, as simple readers expect.
    const id = event.id === undefined ? "" : `id: ${event.id}\n`;
    bytes = encoder.encode(`event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n${id}\n`);
    encoded.set(event, bytes);
  }
  return bytes;
}

const HEARTBEAT = encoder.encode(": ping\n\n");
/** EventSource waits this long before reconnecting after a drop. */
const RETRY = encoder.encode("retry: 2000\n\n");

/**
 * `GET /api/events`: Server-Sent Events for the signed-in user (spec §7 "Subscribe to
 * users/{key}/cartItems"). The stream listens to the user's events before it reads anything, then
 * opens with the current cart, so a reconnect after a gap always starts from the truth; every change
 * published from then on follows that cart, those published while it was read included. The
 * response (the browser's "open") comes only once the stream listens. A closed tab ends the stream
 * and its subscription.
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
        "Opens with `event: cart` carrying the current cart; then every change to the cart follows as another `cart` event. Comment lines keep the stream alive. Every event has an `id`; a stream opened with `Last-Event-ID` (or `?lastEventId=`) first replays, after the cart, the events published since that id, when they are still kept (a few minutes).",
      responses: {
        200: { description: "The event stream.", content: { "text/event-stream": { schema: { type: "string" } } } },
        ...errors(401),
      },
    }),
    async (c) => {
      const userId = c.get("userId");
      // EventSource sends the header on its own reconnects; the query parameter is for other clients.
      const lastEventId = parseEventId(c.req.header("Last-Event-ID") ?? c.req.query("lastEventId"));
      // Listen first, then read (issue 36): a change published while the opening cart (or the
      // replay) is read is held back and sent after them, so it is neither lost nor overtaken.
      const held: ServerEvent[] = [];
      let endedEarly = false;
      /** The last replayed id: a live event up to it was replayed already (it reached both ways). */
      let replayedUpTo = 0;
      let send = (event: ServerEvent) => {
        // As for a slow reader: past the limit the stream ends, and the browser reconnects and re-reads.
        if (held.length >= options.maxQueuedFrames) endedEarly = true;
        else held.push(event);
      };
      const live = (event: ServerEvent) => {
        if (event.id !== undefined && idOf(event) <= replayedUpTo) return;
        send(event);
      };
      let end = () => {
        endedEarly = true;
      };
      // A session ended by an operator closes the stream; the browser's reconnect finds no session.
      const listeners = [events.subscribe(userId, (event) => (event.type === SESSION_ENDED ? end() : live(event)))];
      const unsubscribe = () => {
        for (const stop of listeners.splice(0)) stop();
      };
      let cart: Cart;
      let replayed: ServerEvent[] = [];
      try {
        const topics = [userId];
        if ((await sessionUser(auth, c))?.role === "operator") {
          listeners.push(events.subscribe(OPERATORS_TOPIC, live));
          topics.push(OPERATORS_TOPIC);
        }
        cart = await readCart(db, userId);
        if (lastEventId !== undefined) {
          // An ended session is not replayed: this request's session was checked just now, and
          // replaying another's end would close every new stream until it left the log.
          replayed = (await events.replay(topics, lastEventId)).filter((event) => event.type !== SESSION_ENDED);
          replayedUpTo = replayed.reduce((highest, event) => Math.max(highest, idOf(event)), 0);
        }
      } catch (error) {
        unsubscribe();
        throw error;
      }
      let release = () => {};
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          let open = true;
          const close = () => {
            if (!open) return;
            open = false;
            release();
            try {
              controller.close();
            } catch {
              // already closed by the reader
            }
          };
          const write = (bytes: Uint8Array) => {
            if (!open) return;
            if ((controller.desiredSize ?? 0) < -options.maxQueuedFrames) {
              close();
              return;
            }
            controller.enqueue(bytes);
          };
          const stopBeating = beat(() => write(HEARTBEAT));
          options.streams?.opened();
          let counted = true;
          release = () => {
            // Both the close and the reader's cancel may release a stream: it is counted out once.
            if (counted) options.streams?.closed();
            counted = false;
            stopBeating();
            unsubscribe();
            options.shutdown?.removeEventListener("abort", close);
          };
          c.req.raw.signal.addEventListener("abort", close, { once: true });
          options.shutdown?.addEventListener("abort", close, { once: true });
          write(RETRY);
          write(frame({ type: "cart", data: cart }));
          for (const event of replayed) write(frame(event));
          send = (event) => write(frame(event));
          for (const event of held.splice(0)) live(event);
          end = close;
          if (endedEarly || c.req.raw.signal.aborted || options.shutdown?.aborted) close();
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
