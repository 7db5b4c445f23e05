import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

/** A key pair made with web-push's generateVAPIDKeys, for settings that need one. */
const VAPID = {
  VAPID_PUBLIC_KEY: "BCjuaG1EVcjgwWZjV4MAfEjfRL5IdG6er2cBVjs8dFejfMYsfySnenvKrb8VRdOUjHbJl42ZDPQL8DGSH5SzTWs",
  VAPID_PRIVATE_KEY: "WGkQJ-JxO5_6ZNFE4_TOeY9-R1fLq2bFUtbaVGBE-QM",
};

describe("loadConfig", () => {
  it("runs on the embedded defaults with no settings at all", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe("./.data");
    expect(config.databaseUrl).toBeUndefined();
    expect(config.appOrigin).toBe("http://localhost:3000");
    expect(config.googleIssuer).toBe("https://accounts.google.com");
    expect(config.googleGeocodingUrl).toBe("https://maps.googleapis.com/maps/api/geocode/json");
    expect(config.nominatimUrl).toBe("https://nominatim.openstreetmap.org");
    expect(config.google).toBeUndefined();
  });

  it.each([["abc"], ["0"], ["70000"], ["30.5"], ["-1"]])("rejects PORT=%s naming the variable", (port) => {
    expect(() => loadConfig({ PORT: port })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: port })).toThrow(/PORT: /);
  });

  it("rejects a DATABASE_URL that is not a PostgreSQL URL, naming it", () => {
    expect(() => loadConfig({ DATABASE_URL: "mysql://localhost/x" })).toThrow(/DATABASE_URL: must be a PostgreSQL/);
    expect(() => loadConfig({ DATABASE_URL: "not a url" })).toThrow(/DATABASE_URL/);
  });

  it("accepts PostgreSQL and Redis URLs", () => {
    const config = loadConfig({
      DATABASE_URL: "postgres://postgres@127.0.0.1:5432/test",
      REDIS_URL: "redis://127.0.0.1:6379",
    });
    expect(config.databaseUrl).toBe("postgres://postgres@127.0.0.1:5432/test");
    expect(config.redisUrl).toBe("redis://127.0.0.1:6379");
  });

  it("names every bad variable at once", () => {
    try {
      loadConfig({ PORT: "x", REDIS_URL: "http://nope", LOG_LEVEL: "loud" });
      expect.unreachable();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/PORT: /);
      expect(message).toMatch(/REDIS_URL: /);
      expect(message).toMatch(/LOG_LEVEL: /);
    }
  });

  it("names every missing production setting and every bad value in one message", () => {
    let message = "";
    try {
      loadConfig({ NODE_ENV: "production", PORT: "x", SELLER_STATE: "Karnataka", RAZORPAY_KEY_ID: "rzp_live_1" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(
      message
        .split("\n")
        .slice(1)
        .map((line) => line.trim().split(":")[0]),
    ).toEqual(["PORT", "AUTH_SECRET", "SELLER_GSTIN", "VAPID_PUBLIC_KEY", "RAZORPAY_KEY_ID"]);
    // The GSTIN's state is checked even when another setting is bad.
    expect(() => loadConfig({ PORT: "x", SELLER_STATE: "Karnataka", SELLER_GSTIN: "27AABCM1234F1ZX" })).toThrow(
      /PORT: [^\n]*\n {2}SELLER_GSTIN: is registered in Maharashtra/,
    );
  });

  it("requires AUTH_SECRET in production and a long one everywhere", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/AUTH_SECRET: is required/);
    expect(() => loadConfig({ AUTH_SECRET: "short" })).toThrow(/AUTH_SECRET: must be at least 32/);
    const production = {
      NODE_ENV: "production",
      AUTH_SECRET: "x".repeat(32),
      SELLER_GSTIN: "27AABCM1234F1ZX",
      ...VAPID,
    };
    expect(loadConfig(production).authSecret).toBe("x".repeat(32));
  });

  it("takes Razorpay's three keys together or not at all, and the seller's details for invoices", () => {
    expect(loadConfig({}).razorpay).toBeUndefined();
    expect(() => loadConfig({ RAZORPAY_KEY_ID: "rzp_test_1" })).toThrow(/must be set together/);
    const config = loadConfig({
      RAZORPAY_KEY_ID: "rzp_test_1",
      RAZORPAY_KEY_SECRET: "secret",
      RAZORPAY_WEBHOOK_SECRET: "hook",
      RAZORPAY_API_URL: "http://127.0.0.1:9/",
    });
    expect(config.razorpay).toEqual({
      keyId: "rzp_test_1",
      keySecret: "secret",
      webhookSecret: "hook",
      apiUrl: "http://127.0.0.1:9",
      checkoutUrl: "https://checkout.razorpay.com/v1/checkout.js",
    });
    expect(loadConfig({ SELLER_STATE: "karnataka", SELLER_GSTIN: "29aabcm1234f1zt" }).seller).toMatchObject({
      gstin: "29AABCM1234F1ZT",
      stateCode: "29",
    });
    expect(() => loadConfig({ SELLER_GSTIN: "GST123" })).toThrow(/SELLER_GSTIN: must be a valid 15-character GSTIN/);
    // The layout is right but the check character is not (the example the tests used until issue 36).
    expect(() => loadConfig({ SELLER_GSTIN: "27AABCM1234F1Z5" })).toThrow(/SELLER_GSTIN: .*does not match the rest/);
    expect(() => loadConfig({ SELLER_STATE: "Atlantis" })).toThrow(/SELLER_STATE: must be the name of an Indian state/);
    expect(() => loadConfig({ SELLER_STATE: "Karnataka", SELLER_GSTIN: "27AABCM1234F1ZX" })).toThrow(
      /SELLER_GSTIN: is registered in Maharashtra, not in SELLER_STATE \(Karnataka\)/,
    );
    expect(() => loadConfig({ NODE_ENV: "production", AUTH_SECRET: "x".repeat(32) })).toThrow(
      /SELLER_GSTIN: is required/,
    );
  });

  it("takes VAPID's keys together, requires them in production, and checks their shape", () => {
    expect(loadConfig({}).vapid).toEqual({ keys: undefined, subject: "mailto:support@mates.in" });
    expect(loadConfig(VAPID).vapid.keys).toEqual({
      publicKey: VAPID.VAPID_PUBLIC_KEY,
      privateKey: VAPID.VAPID_PRIVATE_KEY,
    });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: VAPID.VAPID_PUBLIC_KEY })).toThrow(/must be set together/);
    expect(() => loadConfig({ ...VAPID, VAPID_PUBLIC_KEY: "short" })).toThrow(
      /VAPID_PUBLIC_KEY: must be a VAPID public key/,
    );
    expect(() => loadConfig({ VAPID_SUBJECT: "support@mates.in" })).toThrow(
      /VAPID_SUBJECT: must be a mailto: or https: URL/,
    );
    expect(loadConfig({ VAPID_SUBJECT: "https://mates.in/contact" }).vapid.subject).toBe("https://mates.in/contact");
    expect(() =>
      loadConfig({ NODE_ENV: "production", AUTH_SECRET: "x".repeat(32), SELLER_GSTIN: "27AABCM1234F1ZX" }),
    ).toThrow(/VAPID_PUBLIC_KEY: is required when NODE_ENV=production/);
  });

  it("offers /metrics only with a long enough METRICS_TOKEN, and waits SHUTDOWN_DELAY_SECONDS when set", () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: "  " }).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: "a-scraper-token-0001" }).metricsToken).toBe("a-scraper-token-0001");
    expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
    // The bearer header carries no spaces: such a token could never be matched.
    expect(() => loadConfig({ METRICS_TOKEN: "a scraper token 0001" })).toThrow(/without spaces/);
    expect(loadConfig({}).shutdownDelaySeconds).toBe(0);
    expect(loadConfig({ SHUTDOWN_DELAY_SECONDS: "15" }).shutdownDelaySeconds).toBe(15);
    expect(() => loadConfig({ SHUTDOWN_DELAY_SECONDS: "-1" })).toThrow(
      /SHUTDOWN_DELAY_SECONDS: must be a whole number/,
    );
  });

  it("turns Nominatim off and trims origins", () => {
    const config = loadConfig({ NOMINATIM_URL: "off", APP_ORIGIN: "https://mates.in/" });
    expect(config.nominatimUrl).toBeUndefined();
    expect(config.appOrigin).toBe("https://mates.in");
  });

  it("configures Google only with both client id and secret", () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: "id" })).toThrow(/GOOGLE_CLIENT_SECRET/);
    const config = loadConfig({
      GOOGLE_CLIENT_ID: "id",
      GOOGLE_CLIENT_SECRET: "secret",
      GOOGLE_ISSUER: "http://127.0.0.1:9999",
    });
    expect(config.google).toEqual({ clientId: "id", clientSecret: "secret", issuer: "http://127.0.0.1:9999" });
  });

  it("keeps applicants' documents under DATA_DIR/uploads, in UPLOADS_DIR, or in the bucket of S3_URL", () => {
    expect(loadConfig({}).uploads).toEqual({ kind: "files", dir: "./.data/uploads" });
    expect(loadConfig({ DATA_DIR: "/srv/mates/" }).uploads).toEqual({ kind: "files", dir: "/srv/mates/uploads" });
    expect(loadConfig({ UPLOADS_DIR: "/secure/docs" }).uploads).toEqual({ kind: "files", dir: "/secure/docs" });
    expect(
      loadConfig({ S3_URL: "https://AKIA1:se%2Fcret@s3.ap-south-1.amazonaws.com/mates-docs?region=ap-south-1" })
        .uploads,
    ).toEqual({
      kind: "s3",
      endpoint: "https://s3.ap-south-1.amazonaws.com",
      bucket: "mates-docs",
      region: "ap-south-1",
      accessKeyId: "AKIA1",
      secretAccessKey: "se/cret",
    });
    expect(() => loadConfig({ S3_URL: "https://s3.example.com/bucket" })).toThrow(/S3_URL: must name the access key/);
    expect(() => loadConfig({ S3_URL: "https://k:s@s3.example.com/" })).toThrow(/S3_URL: must name the access key/);
    expect(() => loadConfig({ S3_URL: "ftp://k:s@host/b" })).toThrow(/S3_URL: must be an S3-compatible bucket URL/);
  });

  it("reads the rate limits, with defaults, and rejects what is not a count", () => {
    expect(loadConfig({}).rateLimits).toEqual({
      geoReversePerMinute: 30,
      geoSearchPerMinute: 60,
      geoPaidCallsPerMinute: 600,
      writesPerUserPerMinute: 60,
      applicationsPerHour: 5,
    });
    expect(loadConfig({ GEO_PAID_CALLS_PER_MINUTE: "0" }).rateLimits.geoPaidCallsPerMinute).toBe(0);
    expect(loadConfig({ WRITES_PER_USER_PER_MINUTE: "100000" }).rateLimits.writesPerUserPerMinute).toBe(100_000);
    expect(() => loadConfig({ WRITES_PER_USER_PER_MINUTE: "0" })).toThrow(
      /WRITES_PER_USER_PER_MINUTE: must be at least 1/,
    );
    expect(() => loadConfig({ GEO_SEARCH_PER_MINUTE: "lots" })).toThrow(
      /GEO_SEARCH_PER_MINUTE: must be a whole number/,
    );
  });

  it("reads the set-off window in minutes, 2 hours by default, and rejects what is not one", () => {
    expect(loadConfig({}).setOffWindowMinutes).toBe(120);
    expect(loadConfig({ SET_OFF_WINDOW_MINUTES: "90" }).setOffWindowMinutes).toBe(90);
    expect(() => loadConfig({ SET_OFF_WINDOW_MINUTES: "0" })).toThrow(/SET_OFF_WINDOW_MINUTES: must be at least 1/);
    expect(() => loadConfig({ SET_OFF_WINDOW_MINUTES: "2h" })).toThrow(
      /SET_OFF_WINDOW_MINUTES: must be a whole number/,
    );
  });

  it("reads the no-show rescue's settings: 15 minutes after the start and ₹100 of credit by default", () => {
    expect(loadConfig({}).noShowAfterMinutes).toBe(15);
    expect(loadConfig({}).noShowCreditRupees).toBe(100);
    expect(loadConfig({ NO_SHOW_AFTER_MINUTES: "-60", NO_SHOW_CREDIT_RUPEES: "150" })).toMatchObject({
      noShowAfterMinutes: -60,
      noShowCreditRupees: 150,
    });
    expect(() => loadConfig({ NO_SHOW_AFTER_MINUTES: "soon" })).toThrow(
      /NO_SHOW_AFTER_MINUTES: must be a whole number/,
    );
    expect(() => loadConfig({ NO_SHOW_CREDIT_RUPEES: "-1" })).toThrow(/NO_SHOW_CREDIT_RUPEES: must be a whole number/);
  });

  it("reads the payout settings: commission by group, TDS, the payout day, the dues limit", () => {
    const defaults = loadConfig({}).payouts;
    expect(defaults).toEqual({
      commissionBp: { Homekit: 2000, Renova: 1500, Nearkart: 1000 },
      tdsBp: 10,
      tdsNoPanBp: 500,
      payoutWeekday: 1,
      duesLimitRupees: 2000,
      destinationHoldHours: 24,
      requestsPerSecond: 5,
    });
    const set = loadConfig({
      COMMISSION_HOMEKIT_PERCENT: "17.5",
      TDS_PERCENT: "1",
      PAYOUT_DAY: "Friday",
      MATE_DUES_LIMIT_RUPEES: "500",
    }).payouts;
    expect(set).toMatchObject({ commissionBp: { Homekit: 1750 }, tdsBp: 100, payoutWeekday: 5, duesLimitRupees: 500 });
    expect(() => loadConfig({ COMMISSION_RENOVA_PERCENT: "15%" })).toThrow(
      /COMMISSION_RENOVA_PERCENT: must be a percentage/,
    );
    expect(() => loadConfig({ TDS_NO_PAN_PERCENT: "101" })).toThrow(/TDS_NO_PAN_PERCENT: must be a percentage/);
    expect(() => loadConfig({ PAYOUT_DAY: "someday" })).toThrow(/PAYOUT_DAY: must be a day of the week/);
    expect(() => loadConfig({ RAZORPAYX_REQUESTS_PER_SECOND: "20" })).toThrow(/RAZORPAYX_REQUESTS_PER_SECOND/);
  });

  it("turns RazorpayX on only with its account, its webhook secret and Razorpay's keys", () => {
    expect(loadConfig({}).razorpayX).toBeUndefined();
    const keys = { RAZORPAY_KEY_ID: "rzp_test_x", RAZORPAY_KEY_SECRET: "s", RAZORPAY_WEBHOOK_SECRET: "w" };
    const x = { RAZORPAYX_ACCOUNT_NUMBER: "2323230041626905", RAZORPAYX_WEBHOOK_SECRET: "xw" };
    expect(loadConfig({ ...keys, ...x }).razorpayX).toEqual({ accountNumber: "2323230041626905", webhookSecret: "xw" });
    expect(() => loadConfig({ ...keys, RAZORPAYX_ACCOUNT_NUMBER: x.RAZORPAYX_ACCOUNT_NUMBER })).toThrow(
      /must be set together/,
    );
    expect(() => loadConfig(x)).toThrow(/RazorpayX needs RAZORPAY_KEY_ID/);
    expect(() => loadConfig({ ...keys, ...x, RAZORPAYX_ACCOUNT_NUMBER: "12-34" })).toThrow(
      /RAZORPAYX_ACCOUNT_NUMBER: must be the RazorpayX business account number/,
    );
  });
  it("writes SMS to the outbox by default, and uses MSG91 only with its key, template and sender", () => {
    expect(loadConfig({}).sms).toEqual({
      msg91: undefined,
      timeoutMs: 10_000,
      limits: {
        resendAfterSeconds: 30,
        codesPerNumberPerHour: 5,
        codesPerAddressPerHour: 20,
        verifyPerNumberPerHour: 20,
        verifyPerAddressPerHour: 60,
      },
    });
    const msg91 = {
      MSG91_AUTH_KEY: "key",
      MSG91_OTP_TEMPLATE_ID: "64f0c0ffee0123456789abcd",
      MSG91_SENDER_ID: "matesi",
    };
    expect(loadConfig({ SMS_PROVIDER: "msg91", ...msg91 }).sms.msg91).toEqual({
      authKey: "key",
      templateId: "64f0c0ffee0123456789abcd",
      senderId: "MATESI",
      apiUrl: "https://control.msg91.com",
    });
    expect(() => loadConfig({ SMS_PROVIDER: "msg91", MSG91_AUTH_KEY: "key" })).toThrow(
      /MSG91_OTP_TEMPLATE_ID: SMS_PROVIDER=msg91 needs/,
    );
    expect(() => loadConfig({ SMS_PROVIDER: "twilio" })).toThrow(/SMS_PROVIDER: must be msg91/);
    expect(() => loadConfig({ SMS_PROVIDER: "msg91", ...msg91, MSG91_SENDER_ID: "MATES-1" })).toThrow(
      /MSG91_SENDER_ID: must be the 6-letter DLT sender id/,
    );
    expect(loadConfig({ SMS_CODES_PER_NUMBER_PER_HOUR: "3" }).sms.limits.codesPerNumberPerHour).toBe(3);
    expect(() => loadConfig({ SMS_RESEND_AFTER_SECONDS: "0" })).toThrow(/SMS_RESEND_AFTER_SECONDS/);
  });
});
