import { describe, expect, it } from "vitest";
import { type Catalogue, type Service, servicePath } from "./catalogue.ts";
import { allServices, findService } from "./service-lookup.ts";

function service(name: string, title: string, group: Service["group"]): Service {
  return {
    name,
    title,
    group,
    description: "A description long enough for the schema.",
    icon: "wrench",
    includes: [],
    excludes: [],
    options: [
      { key: "a", label: "Option A", priceRupees: 100, durationMinutes: 30 },
      { key: "b", label: "Option B", priceRupees: 200, durationMinutes: 60 },
    ],
  };
}

const catalogue: Catalogue = {
  groups: [
    { name: "Homekit", services: [service("plumber", "Plumber", "Homekit")] },
    { name: "Nearkart", services: [service("fruits-and-vegetables", "Fruits and Vegetables", "Nearkart")] },
    { name: "Renova", services: [service("home-painting", "Home Painting", "Renova")] },
  ],
};

describe("findService", () => {
  it("finds by URL name or by title, ignoring case and encoding", () => {
    expect(findService(catalogue, "plumber")?.title).toBe("Plumber");
    expect(findService(catalogue, "Home Painting")?.name).toBe("home-painting");
    expect(findService(catalogue, "home%20painting")?.name).toBe("home-painting");
    expect(findService(catalogue, "FRUITS-AND-VEGETABLES")?.name).toBe("fruits-and-vegetables");
    expect(findService(catalogue, "Fruits%20and%20Vegetables", "Nearkart")?.name).toBe("fruits-and-vegetables");
  });

  it("keeps to the group when one is given", () => {
    expect(findService(catalogue, "plumber", "Renova")).toBeUndefined();
    expect(findService(catalogue, "home-painting", "Renova")?.title).toBe("Home Painting");
  });

  it("finds nothing for unknown or empty names, and survives bad encoding", () => {
    expect(findService(catalogue, "astrologer")).toBeUndefined();
    expect(findService(catalogue, "  ")).toBeUndefined();
    expect(findService(catalogue, "%E0%A4%A")).toBeUndefined();
  });
});

describe("allServices", () => {
  it("lists services in group order", () => {
    expect(allServices(catalogue).map((s) => s.name)).toEqual(["plumber", "fruits-and-vegetables", "home-painting"]);
  });
});

describe("servicePath", () => {
  it("puts each service on its group's page, and that page finds it again", () => {
    expect(allServices(catalogue).map(servicePath)).toEqual([
      "/service/plumber",
      "/nearkart/Fruits%20and%20Vegetables",
      "/renova/home-painting",
    ]);
    for (const found of allServices(catalogue)) {
      const [, page, segment = ""] = servicePath(found).split("/");
      const group = page === "nearkart" ? "Nearkart" : page === "renova" ? "Renova" : undefined;
      expect(findService(catalogue, segment, group)).toBe(found);
    }
  });
});
