import { describe, expect, it } from "vitest";
import { EVENT_LABELS, historyLabel } from "#domain/booking-history.ts";
import type { SourceCatalog } from "#domain/i18n/messages.ts";
import { JOB_ACTIONS } from "#domain/job.ts";
import { ACTION_KEY } from "./job-words.ts";

/** The English catalog as written (`?source`: not compiled, vite-messages.ts). */
const english = async () => ((await import(`${"./messages/en-IN.ts"}?source`)) as { messages: SourceCatalog }).messages;

describe("the mate's job history", () => {
  it("names every entry the server puts in it, in English as the server does", async () => {
    const en = await english();
    for (const action of [...Object.keys(JOB_ACTIONS), ...Object.keys(EVENT_LABELS)]) {
      const key = ACTION_KEY[action];
      expect(key, action).toBeDefined();
      if (key) expect(en[key]?.message, action).toBe(historyLabel(action));
    }
  });
});
