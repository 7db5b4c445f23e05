import { describe, expect, it } from "vitest";
import { isAppNavigation, isBuiltAsset, isPublicCatalogueRequest } from "./caching-rules.ts";

const origin = "https://mates.example";
const at = (path: string) => new URL(path, origin);

describe("isPublicCatalogueRequest: the only API answers the service worker ever caches", () => {
  it("takes the public catalogue's GETs", () => {
    for (const path of [
      "/api/services",
      "/api/services/deep-cleaning",
      "/api/services/plumber/reviews",
      "/api/services/plumber/reviews?page=2",
      // In Hindi or Marathi (record 070): the language is in the URL, so each is cached apart.
      "/api/services?lang=hi-IN",
      "/api/services/plumber?lang=mr-IN",
    ]) {
      expect(isPublicCatalogueRequest(at(path), "GET", origin), path).toBe(true);
    }
  });

  it("never takes a private answer, a change, or another origin's", () => {
    for (const path of [
      "/api/cart",
      "/api/cart/items",
      "/api/me",
      "/api/events",
      "/api/bookings",
      "/api/bookings/1/messages",
      "/api/addresses",
      "/api/mate/jobs",
      "/api/ops/bookings",
      "/api/invoices/MT-1",
      "/api/push/subscription",
      "/api/services/plumber/reviews/mine",
      "/api/services/Plumber",
      "/api/servicesx",
    ]) {
      expect(isPublicCatalogueRequest(at(path), "GET", origin), path).toBe(false);
    }
    expect(isPublicCatalogueRequest(at("/api/services"), "POST", origin)).toBe(false);
    expect(isPublicCatalogueRequest(new URL("https://elsewhere.example/api/services"), "GET", origin)).toBe(false);
  });
});

describe("isAppNavigation: what the app shell stands in for offline", () => {
  it("takes the app's pages", () => {
    for (const path of ["/", "/service/plumber", "/mate-assigning?booking=3", "/mate/jobs/9", "/profile"]) {
      expect(isAppNavigation(at(path), origin), path).toBe(true);
    }
  });

  it("leaves the API and files to the network", () => {
    for (const path of [
      "/api/auth/callback/google",
      "/api/invoices/MT-1/pdf",
      "/auth/google-done.html",
      "/robots.txt",
    ]) {
      expect(isAppNavigation(at(path), origin), path).toBe(false);
    }
    expect(isAppNavigation(new URL("https://elsewhere.example/"), origin)).toBe(false);
  });
});

describe("isBuiltAsset", () => {
  it("takes GETs of the built files only", () => {
    expect(isBuiltAsset(at("/assets/mate-pages-AbC12345.js"), "GET", origin)).toBe(true);
    expect(isBuiltAsset(at("/api/services"), "GET", origin)).toBe(false);
    expect(isBuiltAsset(new URL("https://elsewhere.example/assets/x.js"), "GET", origin)).toBe(false);
  });
});
