import { generateKeyPairSync, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { freshPostgresDatabase } from "#testing/postgres-database.ts";
import { freePort, startServer, stopGently } from "#testing/server-process.ts";
import { loadConfig } from "./config.ts";
import { startWarnings } from "./instance-warnings.ts";

/**
 * The README's production settings (issue 42: its command used to stop at one missing setting per
 * attempt): the file as written, with the operator's own values where it says `…`, is complete.
 */

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
const marker = readme.indexOf("<!-- src/server/readme-production.test.ts");
const block = /```sh\n([\s\S]*?)```/.exec(readme.slice(marker))?.[1] ?? "";
const settings = Object.fromEntries(
  block
    .split("\n")
    .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
    .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
);

/** A VAPID pair as web-push makes one: the P-256 public point and private scalar, base64url. */
function vapidPair() {
  const jwk = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ format: "jwk" });
  const point = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x ?? "", "base64url"),
    Buffer.from(jwk.y ?? "", "base64url"),
  ]);
  return { VAPID_PUBLIC_KEY: point.toString("base64url"), VAPID_PRIVATE_KEY: jwk.d ?? "" };
}

/** What an operator puts where the README says `…` (the values that are theirs alone). */
const OWN_VALUES: Record<string, string> = {
  AUTH_SECRET: randomBytes(32).toString("hex"),
  ...vapidPair(),
  SELLER_GSTIN: "27AABCM1234F1ZX",
  MSG91_AUTH_KEY: "key-of-the-msg91-account",
  MSG91_OTP_TEMPLATE_ID: "6543a1b2c3d4e5f6a7b8c9d0",
  MSG91_INVITE_TEMPLATE_ID: "6543a1b2c3d4e5f6a7b8c9d1",
  MSG91_SENDER_ID: "MATESS",
};

const filled = () =>
  Object.fromEntries(Object.entries(settings).map(([name, value]) => [name, value === "…" ? OWN_VALUES[name] : value]));

describe("the README's production settings", () => {
  it("leave to the operator exactly the secrets, the GSTIN and MSG91's account", () => {
    expect(settings.NODE_ENV).toBe("production");
    const own = Object.entries(settings).flatMap(([name, value]) => (value === "…" ? [name] : []));
    expect(own.sort()).toEqual(Object.keys(OWN_VALUES).sort());
  });

  it("are complete and valid once those are filled in", () => {
    const config = loadConfig(filled());
    expect(config.nodeEnv).toBe("production");
    expect(config.host).toBe("10.0.0.11");
    expect(config.trustProxy.trusts("10.0.0.5")).toBe(true);
    expect(config.uploads.kind).toBe("s3");
    expect(config.sms.msg91).toBeDefined();
    // Codes go by SMS, mails by SMTP, documents to S3: nothing for the start to warn of.
    expect(startWarnings(config)).toEqual([]);
  });

  it("start a production server (on this machine's database, Redis and address)", { timeout: 180_000 }, async () => {
    const port = await freePort();
    const database = process.env.DATABASE_URL ? await freshPostgresDatabase(process.env.DATABASE_URL) : undefined;
    const { DATABASE_URL: _database, REDIS_URL: _redis, ...rest } = filled();
    const server = await startServer(port, {
      ...rest,
      HOST: "127.0.0.1",
      TRUST_PROXY: "loopback",
      APP_ORIGIN: `http://127.0.0.1:${port}`,
      DATA_DIR: mkdtempSync(join(tmpdir(), "mates-readme-")),
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    });
    try {
      expect((await server.request("/api/health")).status).toBe(200);
    } finally {
      await stopGently(server);
      await database?.drop();
    }
  });
});
