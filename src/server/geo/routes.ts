import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { LIMITS } from "#domain/constants.ts";
import { isInIndia, OUTSIDE_INDIA_MESSAGE, placeChoiceSchema, reverseAnswerSchema } from "#domain/geo.ts";
import { badRequest, notFound, parseInput } from "#server/http/errors.ts";
import { errors, json, queryParams } from "#server/http/openapi.ts";
import type { GeoService } from "./geo.ts";

const coordinate = (name: string, max: number) =>
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/, `${name} must be a number`)
    .transform(Number)
    .pipe(
      z.number().min(-max, `${name} must be from -${max} to ${max}`).max(max, `${name} must be from -${max} to ${max}`),
    );

const reverseQuery = z.object({ lat: coordinate("lat", 90), lon: coordinate("lon", 180) });

const searchQuery = z.object({
  q: z
    .string({ error: "q is required" })
    .trim()
    .min(LIMITS.locationSearchMinChars, `q must be at least ${LIMITS.locationSearchMinChars} characters`)
    .max(100, "q must be at most 100 characters"),
});

export function geoRoutes(geo: GeoService) {
  return new Hono()
    .get(
      "/reverse",
      describeRoute({
        tags: ["Location"],
        summary: "The locality at a point in India, and whether Mates serves it",
        parameters: queryParams(reverseQuery),
        responses: {
          200: json("The locality.", reverseAnswerSchema),
          ...errors(400, 404, 429),
        },
      }),
      async (c) => {
        const { lat, lon } = parseInput(reverseQuery, { lat: c.req.query("lat") ?? "", lon: c.req.query("lon") ?? "" });
        if (!isInIndia(lat, lon)) throw badRequest(OUTSIDE_INDIA_MESSAGE, "outside_india");
        const found = await geo.reverse(lat, lon);
        if (!found) throw notFound("We could not tell which locality this is.");
        return c.json(found);
      },
    )
    .get(
      "/search",
      describeRoute({
        tags: ["Location"],
        summary: "Places matching a text, at most five",
        description: "Each says whether an address there is served (its name and its distance from the served area).",
        parameters: queryParams(searchQuery),
        responses: { 200: json("The suggestions.", z.array(placeChoiceSchema)), ...errors(400, 429) },
      }),
      async (c) => {
        const { q } = parseInput(searchQuery, { q: c.req.query("q") });
        return c.json(await geo.search(q));
      },
    );
}
