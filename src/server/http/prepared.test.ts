import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { noneMatchHits, prepare, prepareNow, replyWith } from "./prepared.ts";

describe("If-None-Match", () => {
  const etag = '"abc123"';
  it("hits on the ETag itself, weakly compared, in a list, or on *", () => {
    expect(noneMatchHits('"abc123"', etag)).toBe(true);
    expect(noneMatchHits('W/"abc123"', etag)).toBe(true);
    expect(noneMatchHits('"old", W/"abc123"', etag)).toBe(true);
    expect(noneMatchHits("*", etag)).toBe(true);
  });
  it("misses on another tag, a bare word, an empty header or none", () => {
    expect(noneMatchHits('"abc1234"', etag)).toBe(false);
    expect(noneMatchHits('"other", "abc"', etag)).toBe(false);
    expect(noneMatchHits("abc123", etag)).toBe(false);
    expect(noneMatchHits("", etag)).toBe(false);
    expect(noneMatchHits(undefined, etag)).toBe(false);
  });
});

describe("a prepared answer's reply", () => {
  it("is 304 without a body to a matching tag, else the best encoding the client takes, and no body for HEAD", async () => {
    const answer = await prepare("application/json", JSON.stringify({ words: "You need it, we fix it. ".repeat(40) }));
    const ask = { method: "GET", ifNoneMatch: undefined, acceptEncoding: undefined };
    const notModified = replyWith(answer, "public, no-cache", { ...ask, ifNoneMatch: `W/${answer.etag}` });
    expect(notModified).toEqual({
      status: 304,
      headers: {
        "content-type": "application/json",
        "cache-control": "public, no-cache",
        etag: answer.etag,
        vary: "Accept-Encoding",
      },
      body: undefined,
    });
    const brotli = replyWith(answer, "public, no-cache", { ...ask, acceptEncoding: "gzip, deflate, br" });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.body).toBe(answer.br);
    const gzip = replyWith(answer, "public, no-cache", { ...ask, acceptEncoding: "gzip" });
    expect(gzip.body).toBe(answer.gzip);
    const plain = replyWith(answer, "public, no-cache", ask);
    expect(plain.headers).not.toHaveProperty("content-encoding");
    expect(plain.headers["content-length"]).toBe(String(answer.identity.length));
    const head = replyWith(answer, "public, no-cache", { ...ask, method: "HEAD" });
    expect(head).toEqual({ ...plain, body: undefined });
  });
});

describe("preparing", () => {
  it("at once gives the same bytes, compressed forms and ETag as off the event loop, and leaves a small answer uncompressed", async () => {
    for (const body of [JSON.stringify({ google: false }), "You need it, we fix it. ".repeat(40)]) {
      expect(prepareNow("application/json", body)).toEqual(await prepare("application/json", body));
    }
    const small = prepareNow("application/json", JSON.stringify({ google: true }));
    expect(small).toEqual({
      type: "application/json",
      etag: expect.stringMatching(/^"[\w-]{20}"$/),
      identity: Buffer.from('{"google":true}'),
    });
    const large = prepareNow("text/plain", "You need it, we fix it. ".repeat(40));
    expect(gunzipSync(large.gzip as Buffer)).toEqual(large.identity);
    expect(brotliDecompressSync(large.br as Buffer)).toEqual(large.identity);
  });
});
