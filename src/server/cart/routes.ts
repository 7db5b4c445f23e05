import { Hono } from "hono";
import { z } from "zod";
import { addCartItemSchema, mergeCartSchema, updateCartItemSchema } from "#domain/cart.ts";
import type { Auth } from "../auth/auth.ts";
import { requireUserId } from "../auth/routes.ts";
import type { Database } from "../db/client.ts";
import type { EventBus } from "../events/bus.ts";
import { parseInput } from "../http/errors.ts";
import {
  addCartItem,
  mergeCart,
  publishCart,
  readCart,
  removeCartItem,
  sendCart,
  setCartItemQuantity,
} from "./cart.ts";

const itemIdSchema = z.uuid("That is not a cart item id.");

/**
 * The signed-in customer's cart (spec §3 users/{key}/cartItems). Every change answers the new cart
 * and sends it to the customer's other tabs and devices over /api/events.
 */
export function cartRoutes({ auth, db, events }: { auth: Auth; db: Database; events: EventBus }) {
  return new Hono()
    .use(async (c, next) => {
      c.header("Cache-Control", "no-store");
      await next();
    })
    .get("/", async (c) => c.json(await readCart(db, await requireUserId(auth, c))))
    .post("/items", async (c) => {
      const userId = await requireUserId(auth, c);
      const line = parseInput(addCartItemSchema, await c.req.json());
      await addCartItem(db, userId, line);
      return c.json(await publishCart(db, events, userId));
    })
    .patch("/items/:id", async (c) => {
      const userId = await requireUserId(auth, c);
      const id = parseInput(itemIdSchema, c.req.param("id"));
      const { quantity } = parseInput(updateCartItemSchema, await c.req.json());
      return c.json(await sendCart(events, userId, await setCartItemQuantity(db, userId, id, quantity)));
    })
    .delete("/items/:id", async (c) => {
      const userId = await requireUserId(auth, c);
      const id = parseInput(itemIdSchema, c.req.param("id"));
      return c.json(await sendCart(events, userId, await removeCartItem(db, userId, id)));
    })
    .post("/merge", async (c) => {
      const userId = await requireUserId(auth, c);
      const { items } = parseInput(mergeCartSchema, await c.req.json());
      const leftOut = await mergeCart(db, userId, items);
      const cart = await publishCart(db, events, userId);
      return c.json({ cart, leftOut });
    });
}
