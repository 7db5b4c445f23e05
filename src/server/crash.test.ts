import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addressResponseSchema } from "#domain/address.ts";
import { bookingDays, bookingResponseSchema } from "#domain/booking.ts";
import { type Cart, cartSchema } from "#domain/cart.ts";
import { catalogueSchema } from "#domain/catalogue.ts";
import { kolkataDay } from "#domain/kolkata-time.ts";
import { slotsResponseSchema } from "#domain/slots.ts";
import { freshPostgresDatabase } from "#testing/postgres-database.ts";
import {
  freePort,
  killHard,
  type ProcessCustomer,
  type ServerProcess,
  signUp,
  startServer,
  stopGently,
} from "#testing/server-process.ts";
import { openDatabase } from "./db/client.ts";

/**
 * Issue 12 §5, nothing acknowledged is lost: many clients write carts and place bookings against the
 * real server process, which is killed with SIGKILL in the middle of it, then started again on the
 * same database. Every write answered 2xx must be there, and nothing half done: no booking without
 * its mates' busy cells, no cart emptied without its booking. On the embedded database (always) and
 * on PostgreSQL (when DATABASE_URL is set). See docs/decisions/017-durability.md.
 */

const CLIENTS = 8;
/** Acknowledged writes per round before the kill (about what 1.5 s of load gave on a 2-core machine). */
const LOAD_WRITES = 120;
const KANDIVALI = {
  label: "Home",
  flat: "B-402",
  building: "Sai Krupa CHS",
  street: "Mathuradas Road",
  locality: "Kandivali West",
  landmark: "Near Shatabdi Hospital",
  pincode: "400067",
  lat: 19.2045,
  lon: 72.8421,
};

type Line = { service: string; option: string; quantity: number };
type Op =
  | { kind: "add"; line: Line }
  | { kind: "set"; id: string; quantity: number }
  | { kind: "remove"; id: string }
  | { kind: "book"; key: string; body: object };

type Client = {
  customer: ProcessCustomer;
  addressId: string;
  /** The cart as the last acknowledged write answered it. */
  cart: Cart;
  /** The write sent when the server died, answered or not: it may or may not have landed. */
  pending: Op | undefined;
  bookings: { id: string; items: unknown }[];
};

const describeCart = (cart: Cart) =>
  cart.items
    .map((item) => `${item.service}/${item.option}x${item.quantity}`)
    .sort()
    .join(", ");

/** The cart (as a sorted description) that the pending write would have made of the acknowledged one. */
function withPending(cart: Cart, op: Op): string {
  const lines = cart.items.map((item) => ({ ...item }));
  if (op.kind === "book") return "";
  if (op.kind === "add") {
    const same = lines.find((item) => item.service === op.line.service && item.option === op.line.option);
    if (same) same.quantity = Math.min(20, same.quantity + op.line.quantity);
    else lines.push({ ...lines[0], ...op.line } as (typeof lines)[number]);
  }
  if (op.kind === "set") for (const item of lines) if (item.id === op.id) item.quantity = op.quantity;
  const kept = op.kind === "remove" ? lines.filter((item) => item.id !== op.id) : lines;
  return describeCart({ ...cart, items: kept });
}

async function crashRun(
  label: string,
  kills: number,
  target: { env: Record<string, string>; databaseUrl?: string; dataDir: string },
) {
  const port = await freePort();
  const request = (server: ServerProcess, client: Client, path: string, init: RequestInit = {}) =>
    server.request(path, { ...init, headers: { ...client.customer.headers, ...(init.headers as object) } });

  let server = await startServer(port, target.env);
  const catalogue = catalogueSchema.parse(await (await server.request("/api/services")).json());
  const lines = catalogue.groups
    .flatMap((group) => group.services)
    .filter((service) => service.group !== "Nearkart")
    .slice(0, 4)
    .map((service) => ({ service: service.name, option: service.options[0]?.key ?? "" }));

  const clients: Client[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const customer = await signUp(server, `crash-${label}-${i}`);
    const client: Client = {
      customer,
      addressId: "",
      cart: { items: [] } as unknown as Cart,
      pending: undefined,
      bookings: [],
    };
    const address = await request(server, client, "/api/addresses", {
      method: "POST",
      body: JSON.stringify(KANDIVALI),
    });
    expect(address.status, await address.clone().text()).toBe(201);
    client.addressId = addressResponseSchema.parse(await address.json()).address.id;
    client.cart = cartSchema.parse(await (await request(server, client, "/api/cart")).json());
    clients.push(client);
  }
  // Open starts on the day after tomorrow, for the job of any one of the chosen services.
  const first = clients[0] as Client;
  await request(server, first, "/api/cart/items", {
    method: "POST",
    body: JSON.stringify({ ...lines[0], quantity: 1 }),
  });
  const day = bookingDays(new Date())[2] ?? kolkataDay(new Date());
  const slots = slotsResponseSchema.parse(await (await request(server, first, `/api/slots?date=${day}`)).json());
  const starts = slots.slots
    .filter((slot) => slot.available)
    .map((slot) => slot.start)
    .slice(0, 6);
  expect(starts.length).toBeGreaterThan(0);
  const seeded = cartSchema.parse(await (await request(server, first, "/api/cart")).json());
  for (const item of seeded.items) await request(server, first, `/api/cart/items/${item.id}`, { method: "DELETE" });
  first.cart = cartSchema.parse(await (await request(server, first, "/api/cart")).json());

  const figures = { acknowledged: 0, bookings: 0, checkedAfterRestart: 0, pendingLanded: 0, pendingNot: 0 };
  /** Who waits for the acknowledged writes to reach a count: the signal to kill. */
  let onAcknowledged: { count: number; reached: () => void } | undefined;
  const acknowledgedReach = (count: number) =>
    new Promise<void>((reached) => {
      onAcknowledged = { count, reached };
      if (figures.acknowledged >= count) reached();
    });
  const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;

  const work = async (client: Client, live: { dead: boolean }) => {
    while (!live.dead) {
      const items = client.cart.items;
      const roll = Math.random();
      let op: Op;
      if (roll < 0.45 || items.length === 0)
        op = { kind: "add", line: { ...pick(lines), quantity: 1 + Math.floor(Math.random() * 2) } };
      else if (roll < 0.65) op = { kind: "set", id: pick(items).id, quantity: 1 + Math.floor(Math.random() * 5) };
      else if (roll < 0.8) op = { kind: "remove", id: pick(items).id };
      else {
        const key = randomUUID();
        op = {
          kind: "book",
          key,
          body: { addressId: client.addressId, start: pick(starts), paymentMethod: "pay_after_service" },
        };
      }
      client.pending = op;
      let response: Response;
      let body: unknown;
      try {
        response =
          op.kind === "add"
            ? await request(server, client, "/api/cart/items", { method: "POST", body: JSON.stringify(op.line) })
            : op.kind === "set"
              ? await request(server, client, `/api/cart/items/${op.id}`, {
                  method: "PATCH",
                  body: JSON.stringify({ quantity: op.quantity }),
                })
              : op.kind === "remove"
                ? await request(server, client, `/api/cart/items/${op.id}`, { method: "DELETE" })
                : await request(server, client, "/api/bookings", {
                    method: "POST",
                    headers: { "idempotency-key": op.key },
                    body: JSON.stringify(op.body),
                  });
        body = await response.json();
      } catch {
        return; // the server died with this write in flight: it stays pending
      }
      expect(response.status, JSON.stringify(body)).toBeLessThan(500);
      client.pending = undefined;
      if (response.status >= 300) continue; // refused (a full cart, a taken slot): nothing changed
      figures.acknowledged++;
      if (onAcknowledged && figures.acknowledged >= onAcknowledged.count) onAcknowledged.reached();
      if (op.kind === "book") {
        const { booking } = bookingResponseSchema.parse(body);
        client.bookings.push({ id: booking.id, items: booking.items });
        client.cart = { ...client.cart, items: [] };
        figures.bookings++;
      } else client.cart = cartSchema.parse(body);
    }
  };

  for (let round = 1; round <= kills; round++) {
    const live = { dead: false };
    const running = clients.map((client) => work(client, live));
    // Load until this round has LOAD_WRITES acknowledged writes (at most 30 s); then kill while
    // every client has a write in flight.
    let bound: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      acknowledgedReach(figures.acknowledged + LOAD_WRITES),
      new Promise((resolve) => {
        bound = setTimeout(resolve, 30_000);
      }),
    ]);
    clearTimeout(bound);
    await killHard(server);
    live.dead = true;
    await Promise.all(running);

    server = await startServer(port, target.env);
    for (const client of clients) {
      const now = cartSchema.parse(await (await request(server, client, "/api/cart")).json());
      const acknowledged = describeCart(client.cart);
      const found = describeCart(now);
      if (found === acknowledged) {
        if (client.pending) figures.pendingNot++;
      } else {
        // The only other allowed state: the one unanswered write landed.
        expect(
          client.pending,
          `${label} round ${round}: cart ${found} is not the acknowledged ${acknowledged}`,
        ).toBeDefined();
        expect(found).toBe(withPending(client.cart, client.pending as Op));
        figures.pendingLanded++;
      }
      if (client.pending?.kind === "book" && now.items.length === 0 && client.cart.items.length > 0) {
        // The cart was emptied: its booking must exist. The same key finds it (200), it never makes another.
        const replay = await request(server, client, "/api/bookings", {
          method: "POST",
          headers: { "idempotency-key": client.pending.key },
          body: JSON.stringify(client.pending.body),
        });
        expect(replay.status, await replay.clone().text()).toBe(200);
        const { booking } = bookingResponseSchema.parse(await replay.json());
        client.bookings.push({ id: booking.id, items: booking.items });
      }
      for (const booking of client.bookings) {
        const response = await request(server, client, `/api/bookings/${booking.id}`);
        expect(response.status, `${label} round ${round}: acknowledged booking ${booking.id} is missing`).toBe(200);
        expect(bookingResponseSchema.parse(await response.json()).booking.items).toEqual(booking.items);
      }
      figures.checkedAfterRestart = figures.acknowledged;
      client.cart = now;
      client.pending = undefined;
    }
  }

  // Bookings placed just before a kill are assigned by the next start: none stays waiting.
  const waiting = async () =>
    (
      await Promise.all(
        clients.map(async (client) => {
          const list = (await (await request(server, client, "/api/bookings")).json()) as {
            upcoming: { status: string }[];
          };
          return list.upcoming.filter((booking) => booking.status === "finding").length;
        }),
      )
    ).reduce((a, b) => a + b, 0);
  await expect.poll(waiting, { timeout: 30_000, interval: 100 }).toBe(0);
  await stopGently(server);

  // The invariants, read from the database itself once the server is stopped.
  const database = await openDatabase(
    target.databaseUrl ? { kind: "postgres", url: target.databaseUrl } : { kind: "pglite", dataDir: target.dataDir },
  );
  try {
    // PGlite's driver answers { rows }, postgres.js the rows themselves.
    const rows = async (query: ReturnType<typeof sql>) => {
      const result = (await database.db.execute(query)) as unknown as { rows?: unknown[] } & unknown[];
      return [...(result.rows ?? result)];
    };
    expect(await rows(sql`select id from bookings where status = 'finding'`)).toEqual([]);
    // An assigned booking has a mate for each of its jobs (one per service), and each of those mates holds busy cells for it.
    expect(
      await rows(sql`
        select b.id from bookings b
        where b.status = 'assigned' and (
          exists (select 1 from jobs j where j.booking_id = b.id and j.mate_id is null)
          or exists (select 1 from jobs j where j.booking_id = b.id
                     and not exists (select 1 from mate_busy c where c.booking_id = b.id and c.mate_id = j.mate_id)))`),
    ).toEqual([]);
    // No cells held for a booking that is not assigned (or that does not exist).
    expect(
      await rows(sql`
        select c.booking_id from mate_busy c left join bookings b on b.id = c.booking_id
        where b.id is null or b.status <> 'assigned'`),
    ).toEqual([]);
    const acknowledgedIds = clients.flatMap((client) => client.bookings.map((booking) => booking.id));
    const stored = (await rows(sql`select id from bookings`)) as { id: string }[];
    for (const id of acknowledgedIds)
      expect(
        stored.some((row) => row.id === id),
        id,
      ).toBe(true);
  } finally {
    await database.close();
  }
  return figures;
}

describe("a crash loses nothing acknowledged", () => {
  it("on the embedded database, killed twice mid-stream", { timeout: 600_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "mates-crash-"));
    try {
      const figures = await crashRun("pglite", 2, { env: { DATA_DIR: dataDir }, dataDir });
      console.info(`[crash test, PGlite] ${JSON.stringify(figures)}`);
      expect(figures.acknowledged).toBeGreaterThan(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.skipIf(!process.env.DATABASE_URL)("on PostgreSQL, killed twice mid-stream", { timeout: 600_000 }, async () => {
    const database = await freshPostgresDatabase(process.env.DATABASE_URL as string);
    const dataDir = mkdtempSync(join(tmpdir(), "mates-crash-pg-"));
    try {
      const figures = await crashRun("postgres", 2, {
        env: { DATABASE_URL: database.url, DATA_DIR: dataDir },
        databaseUrl: database.url,
        dataDir,
      });
      console.info(`[crash test, PostgreSQL] ${JSON.stringify(figures)}`);
      expect(figures.acknowledged).toBeGreaterThan(0);
    } finally {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
