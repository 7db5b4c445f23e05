import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";
import { severalInstanceWarnings, smsWarnings, startWarnings } from "./instance-warnings.ts";

/** The settings of several instances (issue 42): listen address, trusted proxies, Redis names, warnings. */

describe("HOST", () => {
  it("listens on every interface unless told, else on the address or name given", () => {
    expect(loadConfig({}).host).toBeUndefined();
    expect(loadConfig({ HOST: " 10.0.0.11 " }).host).toBe("10.0.0.11");
    expect(loadConfig({ HOST: "::" }).host).toBe("::");
    expect(loadConfig({ HOST: "localhost" }).host).toBe("localhost");
    expect(() => loadConfig({ HOST: "http://10.0.0.11" })).toThrow(/HOST: must be the address to listen on/);
  });
});

describe("TRUST_PROXY", () => {
  it("trusts nobody by default, or when 0", () => {
    for (const value of [undefined, "", "0"]) {
      const proxies = loadConfig({ TRUST_PROXY: value }).trustProxy;
      expect(proxies.entries).toEqual([]);
      expect(proxies.trusts("127.0.0.1")).toBe(false);
    }
  });

  it("trusts the addresses and ranges listed, and loopback by name", () => {
    const proxies = loadConfig({ TRUST_PROXY: "10.0.0.5, 192.168.1.0/24, fd00::/8, loopback" }).trustProxy;
    expect(proxies.entries).toEqual(["10.0.0.5/32", "192.168.1.0/24", "fd00::/8", "127.0.0.0/8", "::1/128"]);
    for (const address of ["10.0.0.5", "::ffff:10.0.0.5", "192.168.1.200", "fd12::1", "127.0.0.1", "::1"]) {
      expect(proxies.trusts(address), address).toBe(true);
    }
    for (const address of ["10.0.0.6", "192.168.2.1", "2001:db8::1", "unknown", ""]) {
      expect(proxies.trusts(address), address).toBe(false);
    }
  });

  it("refuses a count of proxies (it trusted whoever connects) and what is not an address", () => {
    expect(() => loadConfig({ TRUST_PROXY: "1" })).toThrow(/TRUST_PROXY: a count of proxies would trust whoever/);
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.5,nginx" })).toThrow(/TRUST_PROXY: "nginx" is not an IP address/);
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.0/33" })).toThrow(/TRUST_PROXY: "10.0.0.0\/33" is not/);
  });
});

describe("REDIS_PREFIX", () => {
  it("is mates on the embedded database, else derived from the PostgreSQL server and database", () => {
    expect(loadConfig({}).redisPrefix).toBe("mates");
    const shop = loadConfig({ DATABASE_URL: "postgres://a:one@db.example:5432/shop" }).redisPrefix;
    expect(shop).toMatch(/^mates-[0-9a-f]{8}$/);
    // The same database by another user or password (and the default port spelled out) is the same deployment.
    expect(loadConfig({ DATABASE_URL: "postgresql://b:two@DB.example/shop" }).redisPrefix).toBe(shop);
    expect(loadConfig({ DATABASE_URL: "postgres://a:one@db.example:5432/staging" }).redisPrefix).not.toBe(shop);
    expect(loadConfig({ DATABASE_URL: "postgres://a:one@db2.example:5432/shop" }).redisPrefix).not.toBe(shop);
  });

  it("is derived from a database name with a bad escape as written, not a crash", () => {
    const odd = loadConfig({ DATABASE_URL: "postgres://a:one@db.example:5432/shop%zz" }).redisPrefix;
    expect(odd).toMatch(/^mates-[0-9a-f]{8}$/);
    expect(odd).not.toBe(loadConfig({ DATABASE_URL: "postgres://a:one@db.example:5432/shop" }).redisPrefix);
  });

  it("takes a name of its own, and refuses one with spaces or colons", () => {
    expect(loadConfig({ REDIS_PREFIX: "shop-blue" }).redisPrefix).toBe("shop-blue");
    expect(() => loadConfig({ REDIS_PREFIX: "shop blue" })).toThrow(/REDIS_PREFIX: must be 1 to 40 letters/);
    expect(() => loadConfig({ REDIS_PREFIX: "a:b" })).toThrow(/REDIS_PREFIX: must be/);
  });
});

describe("warnings when several instances are expected (REDIS_URL set)", () => {
  const redis = { REDIS_URL: "redis://127.0.0.1:6379" };

  it("says nothing for one instance", () => {
    expect(severalInstanceWarnings(loadConfig({}))).toEqual([]);
  });

  it("names SMTP_URL and the documents' folder when each instance would keep its own", () => {
    const warnings = severalInstanceWarnings(loadConfig({ ...redis, DATA_DIR: "/srv/mates" }));
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/^SMTP_URL is not set: each instance writes its mails to its own DATA_DIR\/outbox/);
    expect(warnings[1]).toMatch(/\(\/srv\/mates\/uploads\).*set S3_URL, or UPLOADS_DIR to a folder every instance/);
  });

  it("is quiet once mail goes through SMTP and documents to S3 or a shared folder", () => {
    const smtp = { ...redis, SMTP_URL: "smtps://mates:secret@smtp.example.com:465" };
    const s3 = { S3_URL: "https://key:secret@s3.ap-south-1.amazonaws.com/docs?region=ap-south-1" };
    expect(severalInstanceWarnings(loadConfig({ ...smtp, ...s3 }))).toEqual([]);
    expect(severalInstanceWarnings(loadConfig({ ...smtp, UPLOADS_DIR: "/mnt/shared/uploads" }))).toEqual([]);
  });
});

describe("the warning of SMS written to the outbox in production", () => {
  const msg91 = {
    SMS_PROVIDER: "msg91",
    MSG91_AUTH_KEY: "key-of-the-account",
    MSG91_OTP_TEMPLATE_ID: "6543a1b2c3d4e5f6a7b8c9d0",
    MSG91_SENDER_ID: "MATESS",
  };
  const inProduction = (env: Record<string, string>) => ({ ...loadConfig(env), nodeEnv: "production" as const });

  it("names SMS_PROVIDER when production has none: nobody would get a code", () => {
    const warnings = smsWarnings(inProduction({}));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^SMS_PROVIDER is not set: .*DATA_DIR\/outbox and no SMS is sent; set SMS_PROVIDER=msg91/,
    );
    expect(startWarnings(inProduction({}))).toEqual(warnings);
  });

  it("is quiet outside production, and once MSG91 sends", () => {
    expect(smsWarnings(loadConfig({}))).toEqual([]);
    expect(smsWarnings(inProduction(msg91))).toEqual([]);
  });
});
