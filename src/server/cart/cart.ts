import { randomUUID } from "node:crypto";
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { TypedQueryBuilder } from "drizzle-orm/query-builders/query-builder";
import { addQuantities, CART_LIMITS, type Cart, type CartItem, type CartLine, foldCartLines } from "#domain/cart.ts";
import { lockCustomer } from "#server/auth/users.ts";
import { serviceOptions, services } from "#server/catalogue/schema.ts";
import type { Database } from "#server/db/client.ts";
import type { EventBus } from "#server/events/bus.ts";
import { AppError, badRequest, notFound } from "#server/http/errors.ts";
import { cartItems } from "./schema.ts";

/** A database or a transaction: every function here works inside a caller's transaction too. */
type Db = Pick<Database, "select" | "insert" | "update" | "delete">;

const tooMany = () =>
  new AppError(
    400,
    "cart_full",
    `Your cart can hold at most ${CART_LIMITS.maxItems} different items. Book or remove some first.`,
  );

/** The columns of a cart line, priced from the catalogue as it is now. */
const lineColumns = {
  id: cartItems.id,
  quantity: cartItems.quantity,
  service: services.name,
  serviceTitle: services.title,
  group: services.group,
  icon: services.icon,
  option: serviceOptions.key,
  optionLabel: serviceOptions.label,
  unitPriceRupees: serviceOptions.priceRupees,
  durationMinutes: serviceOptions.durationMinutes,
};

type LineRow = Omit<CartItem, "lineTotalRupees">;

function toCart(rows: readonly LineRow[]): Cart {
  const items: CartItem[] = rows.map((row) => ({ ...row, lineTotalRupees: row.unitPriceRupees * row.quantity }));
  return {
    items,
    count: items.length,
    totalRupees: items.reduce((sum, item) => sum + item.lineTotalRupees, 0),
  };
}

/** The customer's cart, priced from the catalogue as it is now, oldest item first. */
export async function readCart(db: Db, userId: string): Promise<Cart> {
  const rows = await db
    .select(lineColumns)
    .from(cartItems)
    .innerJoin(serviceOptions, eq(serviceOptions.id, cartItems.optionId))
    .innerJoin(services, eq(services.id, serviceOptions.serviceId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  return toCart(rows);
}

/** Catalogue option ids of the lines that name a real service and option, keyed "service/option". */
async function resolveOptions(db: Db, lines: readonly CartLine[]): Promise<Map<string, number>> {
  const names = [...new Set(lines.map((line) => line.service))];
  if (names.length === 0) return new Map();
  const rows = await db
    .select({ id: serviceOptions.id, service: services.name, option: serviceOptions.key })
    .from(serviceOptions)
    .innerJoin(services, eq(services.id, serviceOptions.serviceId))
    .where(inArray(services.name, names));
  return new Map(rows.map((row) => [`${row.service}/${row.option}`, row.id]));
}

async function itemCount(tx: Db, userId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(cartItems).where(eq(cartItems.userId, userId));
  return row?.n ?? 0;
}

/** Adds a line; the same service and option already in the cart gets the quantities added. */
export async function addCartItem(db: Database, userId: string, line: CartLine): Promise<void> {
  const optionId = (await resolveOptions(db, [line])).get(`${line.service}/${line.option}`);
  if (optionId === undefined) {
    throw badRequest(`There is no option "${line.option}" of a service "${line.service}".`, "unknown_option");
  }
  await db.transaction(async (tx) => {
    await lockCustomer(tx, userId);
    const [existing] = await tx
      .select({ quantity: cartItems.quantity })
      .from(cartItems)
      .where(and(eq(cartItems.userId, userId), eq(cartItems.optionId, optionId)));
    if (existing) {
      if (existing.quantity + line.quantity > CART_LIMITS.maxQuantity) {
        throw new AppError(
          400,
          "quantity_limit",
          `You can book at most ${CART_LIMITS.maxQuantity} of one option; your cart already has ${existing.quantity}.`,
        );
      }
      await tx
        .update(cartItems)
        .set({ quantity: existing.quantity + line.quantity, updatedAt: new Date() })
        .where(and(eq(cartItems.userId, userId), eq(cartItems.optionId, optionId)));
      return;
    }
    if ((await itemCount(tx, userId)) >= CART_LIMITS.maxItems) throw tooMany();
    await tx.insert(cartItems).values({ id: randomUUID(), userId, optionId, quantity: line.quantity });
  });
}

/**
 * Changing or removing one cart item, with the cart read back, in one statement (a data-modifying
 * WITH): a cart write is the most frequent write there is, and each round trip to the database is
 * paid on every one. The statement's read sees the cart from before the change, so each row says
 * whether the change touched it and with what quantity.
 *
 * Both statements are prepared once per database: a CPU profile of the event-stream benchmark
 * showed Drizzle building SQL text as the largest single cost of a cart write, and these two are
 * built once instead of on every write (docs/benchmarks.md).
 */
function prepareCartChanges(db: Database) {
  const userId = sql.placeholder("userId");
  const oneOfMine = and(eq(cartItems.id, sql.placeholder("id")), eq(cartItems.userId, userId));
  const touched = { id: cartItems.id, quantity: cartItems.quantity };
  const changeAndRead = (
    name: string,
    change: TypedQueryBuilder<{ id: typeof touched.id; quantity: typeof touched.quantity }>,
  ) => {
    const changed = db.$with("changed").as(change);
    return db
      .with(changed)
      .select({ ...lineColumns, changedId: changed.id, changedQuantity: changed.quantity })
      .from(cartItems)
      .leftJoin(changed, eq(changed.id, cartItems.id))
      .innerJoin(serviceOptions, eq(serviceOptions.id, cartItems.optionId))
      .innerJoin(services, eq(services.id, serviceOptions.serviceId))
      .where(eq(cartItems.userId, userId))
      .orderBy(asc(cartItems.createdAt), asc(cartItems.id))
      .prepare(name);
  };
  return {
    setQuantity: changeAndRead(
      "cart_set_quantity",
      db
        .update(cartItems)
        .set({ quantity: sql`${sql.placeholder("quantity")}`, updatedAt: sql`now()` })
        .where(oneOfMine)
        .returning(touched),
    ),
    remove: changeAndRead("cart_remove", db.delete(cartItems).where(oneOfMine).returning(touched)),
  };
}

const cartChanges = new WeakMap<Database, ReturnType<typeof prepareCartChanges>>();

function preparedCartChanges(db: Database) {
  let statements = cartChanges.get(db);
  if (!statements) {
    statements = prepareCartChanges(db);
    cartChanges.set(db, statements);
  }
  return statements;
}

/** A change that touched nothing (not this customer's item, or gone) is a 404. */
function touchedOne<T extends { changedId: string | null }>(rows: T[]): T[] {
  if (!rows.some((row) => row.changedId !== null)) throw notFound("That item is not in your cart any more.");
  return rows;
}

/** A new quantity for one item, answered with the cart as it now is (one statement). */
export async function setCartItemQuantity(db: Database, userId: string, id: string, quantity: number): Promise<Cart> {
  const rows = touchedOne(await preparedCartChanges(db).setQuantity.execute({ userId, id, quantity }));
  return toCart(
    rows.map(({ changedId: _, changedQuantity, ...row }) => ({ ...row, quantity: changedQuantity ?? row.quantity })),
  );
}

/** Removes one item, answered with the cart as it now is (one statement). */
export async function removeCartItem(db: Database, userId: string, id: string): Promise<Cart> {
  const rows = touchedOne(await preparedCartChanges(db).remove.execute({ userId, id }));
  return toCart(
    rows.filter((row) => row.changedId === null).map(({ changedId: _, changedQuantity: __, ...row }) => row),
  );
}

export async function clearCart(db: Db, userId: string): Promise<void> {
  await db.delete(cartItems).where(eq(cartItems.userId, userId));
}

export type LeftOut = CartLine & { reason: "unknown_option" | "cart_full" };

/**
 * A visitor's local list merged into the account at sign-in, in one transaction: the same service
 * and option add their quantities up to the limit; new items are added while the cart has room.
 * Lines that name no catalogue option any more, or that find the cart full, come back as leftOut,
 * so the browser can say which ones; nothing is dropped silently.
 */
export async function mergeCart(db: Database, userId: string, lines: readonly CartLine[]): Promise<LeftOut[]> {
  const folded = foldCartLines(lines);
  const options = await resolveOptions(db, folded);
  const leftOut: LeftOut[] = [];
  const known: { line: CartLine; optionId: number }[] = [];
  for (const line of folded) {
    const optionId = options.get(`${line.service}/${line.option}`);
    if (optionId === undefined) leftOut.push({ ...line, reason: "unknown_option" });
    else known.push({ line, optionId });
  }
  if (known.length === 0) return leftOut;

  await db.transaction(async (tx) => {
    await lockCustomer(tx, userId);
    const existing = await tx
      .select({ optionId: cartItems.optionId, quantity: cartItems.quantity })
      .from(cartItems)
      .where(eq(cartItems.userId, userId));
    const held = new Map(existing.map((row) => [row.optionId, row.quantity]));
    let room = CART_LIMITS.maxItems - existing.length;
    // One transaction shares one now(): new items get a millisecond each, to keep the visitor's order.
    const start = Date.now();
    for (const [index, { line, optionId }] of known.entries()) {
      const quantity = held.get(optionId);
      if (quantity !== undefined) {
        await tx
          .update(cartItems)
          .set({ quantity: addQuantities(quantity, line.quantity), updatedAt: new Date() })
          .where(and(eq(cartItems.userId, userId), eq(cartItems.optionId, optionId)));
      } else if (room > 0) {
        room--;
        await tx
          .insert(cartItems)
          .values({ id: randomUUID(), userId, optionId, quantity: line.quantity, createdAt: new Date(start + index) });
      } else {
        leftOut.push({ ...line, reason: "cart_full" });
      }
    }
  });
  return leftOut;
}

/** Sends the customer's open tabs (every instance) the cart as given. Call after the change is committed. */
export async function sendCart(events: EventBus, userId: string, cart: Cart): Promise<Cart> {
  await events.publish(userId, { type: "cart", data: cart });
  return cart;
}

/** Reads the cart as it now is and sends it to the customer's open tabs. Call after the change is committed. */
export async function publishCart(db: Db, events: EventBus, userId: string): Promise<Cart> {
  return sendCart(events, userId, await readCart(db, userId));
}
