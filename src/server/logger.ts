import pino, { type Logger } from "pino";
import type { Config } from "./config.ts";

export function createLogger(level: Config["logLevel"]): Logger {
  return pino({
    level,
    base: { service: "mates" },
    redact: {
      paths: ["password", "*.password", "token", "*.token", "headers.cookie", "headers.authorization"],
      censor: "[redacted]",
    },
  });
}
