import { createMemoryRouter, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { APP_PATHS } from "#domain/app-paths.ts";
import { roleRoutes } from "./role-routes.tsx";
import { addRoleRoutes, routes } from "./routes.tsx";

function paths(list: RouteObject[], parent = ""): string[] {
  return list.flatMap((route) => {
    if (route.index) return [parent || "/"];
    if (route.path === undefined) return paths(route.children ?? [], parent);
    const own = route.path === "/" ? "" : `${parent}/${route.path}`.replace(/\/+/g, "/");
    return [...(route.children ? [] : [own || "/"]), ...paths(route.children ?? [], own)];
  });
}

/** The paths of the routes a router settles on for a path, once it has loaded their lazy modules. */
async function matchedPaths(path: string): Promise<(string | undefined)[]> {
  const router = createMemoryRouter(routes, { initialEntries: [path], patchRoutesOnNavigation: addRoleRoutes });
  await new Promise<void>((resolve) => {
    if (router.state.navigation.state === "idle" && router.state.initialized) resolve();
    router.subscribe((state) => {
      if (state.initialized) resolve();
    });
  });
  const matched = router.state.matches.map((match) => match.route.path ?? (match.route.index ? "(index)" : undefined));
  router.dispose();
  return matched;
}

describe("the router's table", () => {
  it("has the paths the server answers 200 for (domain/app-paths.ts), and a catch-all", () => {
    const routed = paths(routes);
    expect(routed).toContain("/*");
    const roles = paths(Object.values(roleRoutes), "");
    expect(new Set([...routed.filter((path) => path !== "/*"), ...roles])).toEqual(new Set(APP_PATHS));
  });

  it("starts without the mate app's and the console's routes", () => {
    expect(paths(routes).filter((path) => /^\/(mate|ops)(\/|$)/.test(path))).toEqual([]);
  });

  it("adds the mate app's and the console's routes when a path under them is opened, in any case", async () => {
    expect(await matchedPaths("/mate/jobs/7")).toEqual(["/", "mate", undefined, "jobs/:id"]);
    expect(await matchedPaths("/mate/join?t=x")).toEqual(["/", "mate", "join"]);
    expect(await matchedPaths("/OPS/audit")).toEqual(["/", "ops", "audit"]);
    expect(await matchedPaths("/ops")).toEqual(["/", "ops", "(index)"]);
  });

  it("leaves a customer's path and an unknown one to the customer's table", async () => {
    expect(await matchedPaths("/service/deep-cleaning")).toEqual(["/", "service/:serviceName"]);
    expect(await matchedPaths("/mates")).toEqual(["/", "*"]);
    expect(await matchedPaths("/mate/nope")).toEqual(["/", "*"]);
  });
});
