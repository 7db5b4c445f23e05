import { describe, expect, it } from "vitest";
import { customerFiles, dataBlockOf, PREFETCH_LIST_ID, START_UP_LIST_ID } from "./start-up.ts";

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

describe("customerFiles", () => {
  it("is every file of both lists, as paths in the build", () => {
    const html = `<script type="application/json" id="${START_UP_LIST_ID}">{"stylesheet":"/assets/i.css","modules":["/assets/r.js"],"entry":"/assets/index-1.js"}</script>
<script type="application/json" id="${PREFETCH_LIST_ID}">["/assets/a.js"]</script>`;
    expect(customerFiles(html)).toEqual(new Set(["assets/i.css", "assets/r.js", "assets/index-1.js", "assets/a.js"]));
  });
});
