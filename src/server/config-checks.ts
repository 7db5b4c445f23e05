import { createHash } from "node:crypto";
import { gstinProblem, stateCodeOf, stateNameOf } from "#domain/gstin.ts";

/**
 * What config.ts's schema cannot see one setting at a time: settings that go together, what
 * production requires, and the GSTIN's state against SELLER_STATE. Read from the environment as
 * given, so that these problems are reported with the schema's, all in one message (issue 42: a
 * production start used to stop at one missing setting per attempt).
 */

type Env = Record<string, string | undefined>;

const isSet = (env: Env, name: string) => (env[name] ?? "").trim() !== "";

/** Each setting of a group given when one is, with the line that says so. */
const TOGETHER: { names: string[]; line: string }[] = [
  {
    names: ["RAZORPAY_KEY_ID", "RAZORPAY_KEY_SECRET", "RAZORPAY_WEBHOOK_SECRET"],
    line: "RAZORPAY_KEY_ID: RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET must be set together",
  },
  {
    names: ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
    line: "GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together",
  },
  {
    names: ["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY"],
    line: "VAPID_PRIVATE_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together",
  },
  {
    names: ["RAZORPAYX_ACCOUNT_NUMBER", "RAZORPAYX_WEBHOOK_SECRET"],
    line: "RAZORPAYX_ACCOUNT_NUMBER: RAZORPAYX_ACCOUNT_NUMBER and RAZORPAYX_WEBHOOK_SECRET must be set together",
  },
];

/** What NODE_ENV=production does not start without. */
const REQUIRED_IN_PRODUCTION: { name: string; why: string }[] = [
  { name: "AUTH_SECRET", why: "at least 32 characters, the same on every instance (openssl rand -hex 32)" },
  { name: "SELLER_GSTIN", why: "tax invoices carry it" },
  {
    name: "VAPID_PUBLIC_KEY",
    why: "with VAPID_PRIVATE_KEY, the same pair on every instance (npx web-push generate-vapid-keys)",
  },
];

/** Lines `NAME: problem`, none when the combination is right. */
export function combinationProblems(env: Env): string[] {
  const problems: string[] = [];
  if ((env.NODE_ENV ?? "").trim() === "production") {
    for (const { name, why } of REQUIRED_IN_PRODUCTION) {
      if (!isSet(env, name)) problems.push(`${name}: is required when NODE_ENV=production (${why})`);
    }
  }
  for (const group of TOGETHER) {
    const given = group.names.filter((name) => isSet(env, name));
    if (given.length > 0 && given.length < group.names.length) problems.push(group.line);
  }
  if (isSet(env, "RAZORPAYX_ACCOUNT_NUMBER") && isSet(env, "RAZORPAYX_WEBHOOK_SECRET")) {
    if (!isSet(env, "RAZORPAY_KEY_ID") || !isSet(env, "RAZORPAY_KEY_SECRET")) {
      problems.push("RAZORPAYX_ACCOUNT_NUMBER: RazorpayX needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET too");
    }
  }
  if ((env.SMS_PROVIDER ?? "").trim() === "msg91") {
    const missing = ["MSG91_AUTH_KEY", "MSG91_OTP_TEMPLATE_ID", "MSG91_SENDER_ID"].find((name) => !isSet(env, name));
    if (missing) {
      problems.push(`${missing}: SMS_PROVIDER=msg91 needs MSG91_AUTH_KEY, MSG91_OTP_TEMPLATE_ID and MSG91_SENDER_ID`);
    }
  }
  // A GSTIN names its state in its first two digits; the invoices' tax split reads SELLER_STATE.
  // A malformed GSTIN or an unknown state is the schema's to report.
  const gstin = (env.SELLER_GSTIN ?? "").trim().toUpperCase();
  const stateCode = stateCodeOf((env.SELLER_STATE ?? "").trim() || "Maharashtra");
  if (gstin && gstinProblem(gstin) === undefined && stateCode && gstin.slice(0, 2) !== stateCode) {
    problems.push(
      `SELLER_GSTIN: is registered in ${stateNameOf(gstin.slice(0, 2)) ?? "another state"}, not in SELLER_STATE (${(env.SELLER_STATE ?? "").trim() || "Maharashtra"})`,
    );
  }
  return problems;
}

/**
 * The database's name as PostgreSQL reads it; a path with a bad escape (`%zz`) stays as written
 * rather than stop the start with a URIError (the database then says whether it exists).
 */
function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * REDIS_PREFIX's default: `mates` on the embedded database, else `mates-` and a short hash of the
 * PostgreSQL server and database (never the user or password), so that the instances of one
 * deployment share their keys and channels and two deployments on one Redis never meet.
 */
export function defaultRedisPrefix(databaseUrl: string | undefined): string {
  if (!databaseUrl) return "mates";
  const url = new URL(databaseUrl);
  const where = `${url.hostname.toLowerCase()}:${url.port || "5432"}/${decodedPath(url.pathname.replace(/^\/+/, ""))}`;
  return `mates-${createHash("sha256").update(where).digest("hex").slice(0, 8)}`;
}
