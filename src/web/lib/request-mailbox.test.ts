import { describe, expect, it } from "vitest";
import { createRequestMailbox } from "./request-mailbox.ts";

describe("request mailbox", () => {
  it("hands a request made before the handler over when the handler arrives", () => {
    const mailbox = createRequestMailbox<string>();
    mailbox.post("early");
    const seen: string[] = [];
    mailbox.take((request) => seen.push(request));
    mailbox.post("later");
    expect(seen).toEqual(["early", "later"]);
  });

  it("keeps only the latest waiting request and hands it over once", () => {
    const mailbox = createRequestMailbox<number>();
    mailbox.post(1);
    mailbox.post(2);
    const first: number[] = [];
    const release = mailbox.take((request) => first.push(request));
    release();
    const second: number[] = [];
    mailbox.take((request) => second.push(request));
    expect(first).toEqual([2]);
    expect(second).toEqual([]);
  });

  it("keeps requests waiting after the handler let them go", () => {
    const mailbox = createRequestMailbox<string>();
    const gone: string[] = [];
    const release = mailbox.take((request) => gone.push(request));
    release();
    mailbox.post("after");
    const next: string[] = [];
    mailbox.take((request) => next.push(request));
    expect(gone).toEqual([]);
    expect(next).toEqual(["after"]);
  });

  it("does not let a stale release drop a newer handler", () => {
    const mailbox = createRequestMailbox<string>();
    const releaseOld = mailbox.take(() => {});
    const seen: string[] = [];
    mailbox.take((request) => seen.push(request));
    releaseOld();
    mailbox.post("x");
    expect(seen).toEqual(["x"]);
  });
});
