import { describeRoute } from "hono-openapi";
import { z } from "zod";
import {
  addCartItemSchema,
  cartSchema,
  mergeCartSchema,
  mergeResultSchema,
  updateCartItemSchema,
} from "#domain/cart.ts";
import type { Auth } from "#server/auth/auth.ts";
import { signedInRouter } from "#server/auth/session.ts";
import type { Database } from "#server/db/client.ts";
import type { EventBus } from "#server/events/bus.ts";
import { parseInput } from "#server/http/errors.ts";
import { errors, json, jsonBody, pathParam } from "#server/http/openapi.ts";
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
const tags = ["Cart"];
const security = [{ session: [] }];
const itemParam = pathParam("id", itemIdSchema, "The cart item id.");
const changed = json("The cart after the change.", cartSchema);

/**
 * The signed-in customer's cart (spec §3 users/{key}/cartItems). Every change answers the new cart
 * and sends it to the customer's other tabs and devices over /api/events.
 */
export function cartRoutes({ auth, db, events }: { auth: Auth; db: Database; events: EventBus }) {
  return signedInRouter(auth)
    .get(
      "/",
      describeRoute({
        tags,
        security,
        summary: "The customer's cart",
        responses: { 200: json("The cart.", cartSchema), ...errors(401) },
      }),
      async (c) => c.json(await readCart(db, c.get("userId"))),
    )
    .post(
      "/items",
      describeRoute({
        tags,
        security,
        summary: "Add an option of a service (adds to the quantity when already there)",
        requestBody: jsonBody(addCartItemSchema),
        responses: { 200: changed, ...errors(400, 401, 403, 429) },
      }),
      async (c) => {
        const userId = c.get("userId");
        const line = parseInput(addCartItemSchema, await c.req.json());
        await addCartItem(db, userId, line);
        return c.json(await publishCart(db, events, userId));
      },
    )
    .patch(
      "/items/:id",
      describeRoute({
        tags,
        security,
        summary: "Set the quantity of a cart item",
        parameters: [itemParam],
        requestBody: jsonBody(updateCartItemSchema),
        responses: { 200: changed, ...errors(400, 401, 403, 404, 429) },
      }),
      async (c) => {
        const userId = c.get("userId");
        const id = parseInput(itemIdSchema, c.req.param("id"));
        const { quantity } = parseInput(updateCartItemSchema, await c.req.json());
        return c.json(await sendCart(events, userId, await setCartItemQuantity(db, userId, id, quantity)));
      },
    )
    .delete(
      "/items/:id",
      describeRoute({
        tags,
        security,
        summary: "Remove a cart item",
        parameters: [itemParam],
        responses: { 200: changed, ...errors(400, 401, 403, 404, 429) },
      }),
      async (c) => {
        const userId = c.get("userId");
        const id = parseInput(itemIdSchema, c.req.param("id"));
        return c.json(await sendCart(events, userId, await removeCartItem(db, userId, id)));
      },
    )
    .post(
      "/merge",
      describeRoute({
        tags,
        security,
        summary: "Merge a visitor's local cart into the account at sign-in",
        requestBody: jsonBody(mergeCartSchema),
        responses: {
          200: json("The merged cart and the lines left out, with why.", mergeResultSchema),
          ...errors(400, 401, 403, 429),
        },
      }),
      async (c) => {
        const userId = c.get("userId");
        const { items } = parseInput(mergeCartSchema, await c.req.json());
        const leftOut = await mergeCart(db, userId, items);
        const cart = await publishCart(db, events, userId);
        return c.json({ cart, leftOut });
      },
    );
}
