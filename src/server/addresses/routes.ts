import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { addressInputSchema, addressListSchema, addressResponseSchema } from "#domain/address.ts";
import type { Auth } from "#server/auth/auth.ts";
import { signedInRouter } from "#server/auth/session.ts";
import type { Database } from "#server/db/client.ts";
import type { Gazetteer } from "#server/geo/gazetteer.ts";
import { parseInput } from "#server/http/errors.ts";
import { errors, json, jsonBody, pathParam } from "#server/http/openapi.ts";
import { createAddress, deleteAddress, listAddresses, toAddress, updateAddress } from "./addresses.ts";

const idSchema = z.uuid("That is not an address id.");
const tags = ["Addresses"];
const security = [{ session: [] }];
const idParam = pathParam("id", idSchema, "The address id.");

/** `/api/addresses`: the signed-in customer's saved addresses. */
export function addressRoutes({ auth, db, gazetteer }: { auth: Auth; db: Database; gazetteer: Gazetteer }) {
  return signedInRouter(auth)
    .get(
      "/",
      describeRoute({
        tags,
        security,
        summary: "The customer's saved addresses",
        responses: { 200: json("The addresses.", addressListSchema), ...errors(401) },
      }),
      async (c) => {
        const rows = await listAddresses(db, c.get("userId"));
        return c.json({ addresses: rows.map((row) => toAddress(gazetteer, row)) });
      },
    )
    .post(
      "/",
      describeRoute({
        tags,
        security,
        summary: "Save a new address",
        requestBody: jsonBody(addressInputSchema),
        responses: { 201: json("The saved address.", addressResponseSchema), ...errors(400, 401, 403, 409, 429) },
      }),
      async (c) => {
        const userId = c.get("userId");
        const input = parseInput(addressInputSchema, await c.req.json());
        return c.json({ address: toAddress(gazetteer, await createAddress(db, userId, input)) }, 201);
      },
    )
    .patch(
      "/:id",
      describeRoute({
        tags,
        security,
        summary: "Change a saved address",
        parameters: [idParam],
        requestBody: jsonBody(addressInputSchema),
        responses: { 200: json("The changed address.", addressResponseSchema), ...errors(400, 401, 403, 404, 429) },
      }),
      async (c) => {
        const userId = c.get("userId");
        const id = parseInput(idSchema, c.req.param("id"));
        const input = parseInput(addressInputSchema, await c.req.json());
        return c.json({ address: toAddress(gazetteer, await updateAddress(db, userId, id, input)) });
      },
    )
    .delete(
      "/:id",
      describeRoute({
        tags,
        security,
        summary: "Delete a saved address",
        parameters: [idParam],
        responses: { 204: { description: "Deleted." }, ...errors(400, 401, 403, 404, 429) },
      }),
      async (c) => {
        const userId = c.get("userId");
        await deleteAddress(db, userId, parseInput(idSchema, c.req.param("id")));
        return c.body(null, 204);
      },
    );
}
