import { describe, expect, it } from "vitest";
import { dataBlockOf, PREFETCH_LIST_ID, START_UP_LIST_ID } from "./start-up.ts";

describe("dataBlockOf", () => {
  const html = `<head><script type="application/json" id="${START_UP_LIST_ID}">{"entry":"/assets/index-1.js"}</script>
<script type="application/json" id="${PREFETCH_LIST_ID}">["/assets/a.js","/assets/b.js"]</script></head>`;

  it("reads the JSON of the block with that id, and of no other", () => {
    expect(dataBlockOf(html, START_UP_LIST_ID)).toEqual({ entry: "/assets/index-1.js" });
    expect(dataBlockOf(html, PREFETCH_LIST_ID)).toEqual(["/assets/a.js", "/assets/b.js"]);
  });

  it("says which block a document without it lacks", () => {
    expect(() => dataBlockOf("<head></head>", START_UP_LIST_ID)).toThrow(`no #${START_UP_LIST_ID} list`);
  });
});
