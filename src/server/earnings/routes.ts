import { stream } from "hono/streaming";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import {
  financeSchema,
  financialYearSchema,
  mateWeeksSchema,
  quarterSchema,
  weekDetailSchema,
  weekSchema,
  weeksQuerySchema,
} from "#domain/earnings.ts";
import { quarterBounds, weekOf } from "#domain/payouts.ts";
import type { Auth } from "#server/auth/auth.ts";
import { roleRouter } from "#server/auth/session.ts";
import { mateOfUser } from "#server/bookings/job-steps.ts";
import { type AppDeps, nowOf, payoutSettingsOf } from "#server/context.ts";
import { badRequest, parseInput } from "#server/http/errors.ts";
import { errors, json, pathParam, queryParams } from "#server/http/openapi.ts";
import { recordAudit } from "#server/ops/audit.ts";
import { BOM, csvHeaders } from "./csv.ts";
import { dayRange, financeFigures, ledgerCsv, payoutsCsv, tdsByMateCsv } from "./finance.ts";
import { mateWeeks, weekDetail } from "./mate-earnings.ts";
import { tdsCsv, tdsPdf, tdsRows, weekStatementPdf } from "./statements.ts";

const security = [{ session: [] }];
const mateTags = ["Mate app"];
const opsTags = ["Operations"];
const weekParam = pathParam("week", weekSchema, "The week's Monday, YYYY-MM-DD.");
const statementFile = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}\.pdf$/, "Ask for a week's statement as its Monday and .pdf, like 2026-11-16.pdf.");
const tdsFile = z
  .string()
  .regex(/^Q?[1-4]\.(csv|pdf)$/i, "Ask for a quarter as Q1 to Q4 and .csv or .pdf, like Q3.csv.");
const pdfAnswer = (what: string) => ({ description: `${what} as application/pdf.` });
const csvAnswer = (what: string) => ({ description: `${what} as text/csv (UTF-8 with a byte-order mark).` });
const pdfHeaders = (filename: string) => ({
  "content-type": "application/pdf",
  "content-disposition": `attachment; filename="${filename}"`,
});

/** A Monday that is no later than this week's, or a 400. */
function pastOrThisWeek(text: string, now: Date): string {
  const week = parseInput(weekSchema, text);
  if (Number.isNaN(Date.parse(`${week}T00:00:00Z`)) || weekOf(new Date(`${week}T12:00:00Z`)) !== week) {
    throw badRequest("A week is named by its Monday.");
  }
  if (week > weekOf(now)) throw badRequest("That week has not begun.");
  return week;
}

/**
 * `/api/mate/earnings/weeks*`, `/statements/*` and `/tds/*` (issue 39, record 066): the signed-in
 * mate's own money only; the mate is found from the session, never from the request.
 */
export function mateEarningsRoutes(deps: AppDeps & { auth: Auth }) {
  const now = () => nowOf(deps);
  return roleRouter(deps.auth, "mate")
    .get(
      "/earnings/weeks",
      describeRoute({
        tags: mateTags,
        security,
        summary: "The balance (or what is owed), this week in full and a page of past weeks",
        parameters: queryParams(weeksQuerySchema),
        responses: { 200: json("The weeks.", mateWeeksSchema), ...errors(400, 401, 403) },
      }),
      async (c) => {
        const mate = await mateOfUser(deps.db, c.get("userId"));
        const query = parseInput(weeksQuerySchema, c.req.query());
        const before = query.before ? pastOrThisWeek(query.before, now()) : undefined;
        return c.json(await mateWeeks(deps.db, mate.id, now(), before));
      },
    )
    .get(
      "/earnings/weeks/:week",
      describeRoute({
        tags: mateTags,
        security,
        summary: "One week in full: jobs, adjustments with reasons, payouts with state and UTR",
        parameters: [weekParam],
        responses: { 200: json("The week.", weekDetailSchema), ...errors(400, 401, 403) },
      }),
      async (c) => {
        const mate = await mateOfUser(deps.db, c.get("userId"));
        return c.json(await weekDetail(deps.db, mate.id, pastOrThisWeek(c.req.param("week"), now())));
      },
    )
    .get(
      "/statements/:file",
      describeRoute({
        tags: mateTags,
        security,
        summary: "A week's statement as a PDF (the file is the week's Monday and .pdf)",
        parameters: [pathParam("file", statementFile, "Like 2026-11-16.pdf.")],
        responses: { 200: pdfAnswer("The statement"), ...errors(400, 401, 403) },
      }),
      async (c) => {
        const mate = await mateOfUser(deps.db, c.get("userId"));
        const file = parseInput(statementFile, c.req.param("file"));
        const week = pastOrThisWeek(file.slice(0, 10), now());
        const detail = await weekDetail(deps.db, mate.id, week);
        const pdf = await weekStatementPdf(detail, mate, deps.seller);
        return c.body(new Uint8Array(pdf), 200, pdfHeaders(`mates-statement-${week}.pdf`));
      },
    )
    .get(
      "/tds/:financialYear/:file",
      describeRoute({
        tags: mateTags,
        security,
        summary: "A quarter's TDS statement for the tax return, as CSV or PDF (Q3.csv, Q3.pdf)",
        parameters: [
          pathParam("financialYear", financialYearSchema, "Like 2026-27."),
          pathParam("file", tdsFile, "The quarter and the format: Q1.csv … Q4.pdf."),
        ],
        responses: { 200: csvAnswer("The statement (or application/pdf)"), ...errors(400, 401, 403) },
      }),
      async (c) => {
        const mate = await mateOfUser(deps.db, c.get("userId"));
        const financialYear = parseInput(financialYearSchema, c.req.param("financialYear"));
        const file = parseInput(tdsFile, c.req.param("file"));
        const quarter = Number(file.replace(/^q/i, "").slice(0, 1)) as 1 | 2 | 3 | 4;
        if (quarterBounds(financialYear, quarter).from > now()) throw badRequest("That quarter has not begun.");
        const rows = await tdsRows(deps.db, mate.id, financialYear, quarter, payoutSettingsOf(deps));
        const head = { mate, seller: deps.seller, label: `${financialYear} Q${quarter}` };
        const name = `mates-tds-${financialYear}-Q${quarter}`;
        if (file.toLowerCase().endsWith(".csv")) return c.body(tdsCsv(rows, head), 200, csvHeaders(`${name}.csv`));
        return c.body(new Uint8Array(await tdsPdf(rows, head)), 200, pdfHeaders(`${name}.pdf`));
      },
    );
}

const rangeFields = z
  .object({ from: z.iso.date("From is a date, YYYY-MM-DD."), to: z.iso.date("To is a date, YYYY-MM-DD.") })
  .strict();
const range = rangeFields.refine((value) => value.from <= value.to, "From must not be after to.");
const quarterQuery = z.object({ financialYear: financialYearSchema, quarter: quarterSchema }).strict();

/** `/api/ops/finance*` (issue 39, record 066): the finance page's figures and the accountant's exports. */
export function financeRoutes(deps: AppDeps & { auth: Auth }) {
  return roleRouter(deps.auth, "operator")
    .get(
      "/",
      describeRoute({
        tags: opsTags,
        security,
        summary: "Commission earned, TDS by quarter, money held for mates, payouts by state, open differences",
        responses: { 200: json("The figures, in paise.", financeSchema), ...errors(401, 403) },
      }),
      async (c) => c.json(await financeFigures(deps.db, nowOf(deps))),
    )
    .get(
      "/ledger.csv",
      describeRoute({
        tags: opsTags,
        security,
        summary: "Every ledger entry of the days from–to (inclusive, India time) with its transaction",
        parameters: queryParams(rangeFields),
        responses: { 200: csvAnswer("The entries"), ...errors(400, 401, 403) },
      }),
      (c) => {
        const query = parseInput(range, c.req.query());
        for (const [name, value] of Object.entries(csvHeaders(`mates-ledger-${query.from}-${query.to}.csv`))) {
          c.header(name, value);
        }
        return stream(c, async (out) => {
          await out.write(BOM);
          for await (const chunk of ledgerCsv(deps.db, dayRange(query.from, query.to))) await out.write(chunk);
        });
      },
    )
    .get(
      "/payouts.csv",
      describeRoute({
        tags: opsTags,
        security,
        summary: "Payouts made on the days from–to (inclusive, India time) with state and UTR",
        parameters: queryParams(rangeFields),
        responses: { 200: csvAnswer("The payouts"), ...errors(400, 401, 403) },
      }),
      async (c) => {
        const query = parseInput(range, c.req.query());
        const body = BOM + (await payoutsCsv(deps.db, dayRange(query.from, query.to)));
        return c.body(body, 200, csvHeaders(`mates-payouts-${query.from}-${query.to}.csv`));
      },
    )
    .get(
      "/tds.csv",
      describeRoute({
        tags: opsTags,
        security,
        summary: "TDS by mate for a quarter, with the full PAN for the return (the read is audited)",
        parameters: queryParams(quarterQuery),
        responses: { 200: csvAnswer("The TDS by mate"), ...errors(400, 401, 403) },
      }),
      async (c) => {
        const query = parseInput(quarterQuery, c.req.query());
        const quarter = query.quarter as 1 | 2 | 3 | 4;
        const body = await deps.db.transaction(async (tx) => {
          const csv = await tdsByMateCsv(tx, query.financialYear, quarter, payoutSettingsOf(deps));
          const operatorId = c.get("userId");
          await recordAudit(tx, {
            actorId: operatorId,
            action: "finance.tds_export",
            subjectType: "operator",
            subjectId: operatorId,
            after: { financialYear: query.financialYear, quarter },
            reason: "The TDS export with full PANs was downloaded.",
            at: nowOf(deps),
          });
          return csv;
        });
        return c.body(BOM + body, 200, csvHeaders(`mates-tds-${query.financialYear}-Q${quarter}.csv`));
      },
    );
}
