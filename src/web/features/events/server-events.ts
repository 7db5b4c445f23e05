/**
 * One EventSource per tab on GET /api/events (spec §7 "Subscribe to users/{key}/cartItems"),
 * shared by every subscriber, opened with the first and closed with the last. The browser
 * reconnects by itself after a dropped connection; when it gives up (the server refused or was
 * down), this module tries again with a growing delay. Each (re)opened stream starts with the
 * current cart, and subscribers of "open" hear every (re)connection so they can re-read what a
 * gap may have hidden (e.g. bookings). A page kept by the back/forward cache must hold no open
 * connection: the stream is closed when the page is put away and opened again, with an "open" for
 * every subscriber, when it comes back (decision 028).
 */

export type ServerEventHandler = (data: unknown) => void;

const handlers = new Map<string, Set<ServerEventHandler>>();
const attached = new Set<string>();
let source: EventSource | undefined;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let failures = 0;

/** 1 s, 2 s, 4 s … up to 30 s between attempts after the browser gave up. */
export function backoffMs(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1));
}

function emit(type: string, data: unknown): void {
  for (const handler of [...(handlers.get(type) ?? [])]) handler(data);
}

function listenFor(type: string): void {
  if (!source || type === "open" || attached.has(type)) return;
  attached.add(type);
  source.addEventListener(type, (event) => {
    let data: unknown;
    try {
      data = JSON.parse((event as MessageEvent<string>).data);
    } catch {
      return;
    }
    emit(type, data);
  });
}

function connect(): void {
  retryTimer = undefined;
  const current = new EventSource("/api/events");
  source = current;
  attached.clear();
  for (const type of handlers.keys()) listenFor(type);
  current.addEventListener("open", () => {
    failures = 0;
    emit("open", undefined);
  });
  current.addEventListener("error", () => {
    // CONNECTING: the browser retries by itself. CLOSED: it gave up; we try again later.
    if (current.readyState !== EventSource.CLOSED || source !== current) return;
    source = undefined;
    failures++;
    retryTimer = setTimeout(connect, backoffMs(failures));
  });
}

function disconnect(): void {
  source?.close();
  source = undefined;
  attached.clear();
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = undefined;
  failures = 0;
}

function listenerTotal(): number {
  let total = 0;
  for (const set of handlers.values()) total += set.size;
  return total;
}

window.addEventListener("pagehide", (event) => {
  if (event.persisted) disconnect();
});
window.addEventListener("pageshow", (event) => {
  if (event.persisted && listenerTotal() > 0 && !source && !retryTimer) connect();
});

/** Hears one event type of the signed-in user's stream; the returned function stops listening. */
export function subscribeServerEvent(type: string, handler: ServerEventHandler): () => void {
  let set = handlers.get(type);
  if (!set) {
    set = new Set();
    handlers.set(type, set);
  }
  set.add(handler);
  if (!source && !retryTimer) connect();
  else listenFor(type);
  return () => {
    handlers.get(type)?.delete(handler);
    if (listenerTotal() === 0) disconnect();
  };
}
