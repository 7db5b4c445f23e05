import { describe, expect, it } from "vitest";
import { matchAppPath } from "./app-paths.ts";

describe("matchAppPath", () => {
  it("knows the app's pages, case-insensitively, a trailing slash ignored", () => {
    expect(matchAppPath("/")?.pattern).toBe("/");
    expect(matchAppPath("/About/")?.pattern).toBe("/about");
    expect(matchAppPath("/Payment")?.pattern).toBe("/payment");
    expect(matchAppPath("/mate/jobs/j-1")).toMatchObject({ pattern: "/mate/jobs/:id", param: "j-1" });
  });

  it("marks the pages that name a service, with the group they must be in", () => {
    expect(matchAppPath("/service/Home%20Painting")).toMatchObject({ param: "Home%20Painting", serviceGroup: "any" });
    expect(matchAppPath("/nearkart/Bakery")).toMatchObject({ param: "Bakery", serviceGroup: "Nearkart" });
    expect(matchAppPath("/renova/tiling")?.serviceGroup).toBe("Renova");
    expect(matchAppPath("/about")?.serviceGroup).toBeUndefined();
  });

  it("knows nothing else", () => {
    expect(matchAppPath("/xyz")).toBeUndefined();
    expect(matchAppPath("/service")).toBeUndefined();
    expect(matchAppPath("/service/")).toBeUndefined();
    expect(matchAppPath("/service/a/b")).toBeUndefined();
    expect(matchAppPath("/mate/unknown")).toBeUndefined();
  });
});
