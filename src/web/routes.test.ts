import type { RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { APP_PATHS } from "#domain/app-paths.ts";
import { routes } from "./routes.tsx";

function paths(list: RouteObject[], parent = ""): string[] {
  return list.flatMap((route) => {
    if (route.index) return [parent || "/"];
    if (route.path === undefined) return paths(route.children ?? [], parent);
    const own = route.path === "/" ? "" : `${parent}/${route.path}`.replace(/\/+/g, "/");
    return [...(route.children ? [] : [own || "/"]), ...paths(route.children ?? [], own)];
  });
}

describe("the router's table", () => {
  it("has the paths the server answers 200 for (domain/app-paths.ts), and a catch-all", () => {
    const routed = paths(routes);
    expect(routed).toContain("/*");
    expect(new Set(routed.filter((path) => path !== "/*"))).toEqual(new Set(APP_PATHS));
  });
});
