import { Hono } from "hono";
import { z } from "zod";
import { addressInputSchema } from "#domain/booking.ts";
import type { Auth } from "../auth/auth.ts";
import { requireUserId } from "../auth/routes.ts";
import type { Database } from "../db/client.ts";
import type { Gazetteer } from "../geo/gazetteer.ts";
import { parseInput } from "../http/errors.ts";
import { createAddress, deleteAddress, listAddresses, toAddress, updateAddress } from "./addresses.ts";

const idSchema = z.uuid("That is not an address id.");

/** `/api/addresses`: the signed-in customer's saved addresses. */
export function addressRoutes({ auth, db, gazetteer }: { auth: Auth; db: Database; gazetteer: Gazetteer }) {
  return new Hono()
    .use(async (c, next) => {
      c.header("Cache-Control", "no-store");
      await next();
    })
    .get("/", async (c) => {
      const rows = await listAddresses(db, await requireUserId(auth, c));
      return c.json({ addresses: rows.map((row) => toAddress(gazetteer, row)) });
    })
    .post("/", async (c) => {
      const userId = await requireUserId(auth, c);
      const input = parseInput(addressInputSchema, await c.req.json());
      return c.json({ address: toAddress(gazetteer, await createAddress(db, userId, input)) }, 201);
    })
    .patch("/:id", async (c) => {
      const userId = await requireUserId(auth, c);
      const id = parseInput(idSchema, c.req.param("id"));
      const input = parseInput(addressInputSchema, await c.req.json());
      return c.json({ address: toAddress(gazetteer, await updateAddress(db, userId, id, input)) });
    })
    .delete("/:id", async (c) => {
      const userId = await requireUserId(auth, c);
      await deleteAddress(db, userId, parseInput(idSchema, c.req.param("id")));
      return c.body(null, 204);
    });
}
