import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { createMailer } from "./mailer.ts";

describe("the mailer", () => {
  it("sends nothing to an empty address (an account made by phone) and writes the others to the outbox", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "mates-mail-"));
    const mailer = createMailer({
      smtpUrl: undefined,
      from: "Mates <no-reply@mates.test>",
      dataDir,
      logger: pino({ level: "silent" }),
    });
    const mail = { subject: "Your booking is confirmed", text: "Confirmed.", html: "<p>Confirmed.</p>" };
    await mailer.send({ ...mail, to: "" });
    await mailer.send({ ...mail, to: "  " });
    const outbox = () => {
      try {
        return readdirSync(join(dataDir, "outbox"));
      } catch {
        return [];
      }
    };
    expect(outbox()).toEqual([]);
    await mailer.send({ ...mail, to: "priya@example.com" });
    expect(outbox().filter((name) => name.endsWith(".eml"))).toHaveLength(1);
    mailer.close();
  });
});
