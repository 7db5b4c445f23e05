import { describe, expect, it } from "vitest";
import { cartInLanguage } from "./cart.ts";
import { type Service, servicePath } from "./catalogue.ts";
import { textsToTranslate, textsTranslated, translateService, untranslated } from "./catalogue-translations.ts";
import { findService } from "./service-lookup.ts";

const hardware: Service = {
  name: "hardware",
  title: "Hardware and Tools",
  group: "Nearkart",
  description: "Hardware from the nearest hardware store, brought to your door.",
  icon: "wrench",
  includes: ["Buying from a nearby hardware store"],
  excludes: ["Cement by the bag"],
  options: [
    { key: "pvc-tape", label: "PVC insulation tape", priceRupees: 40, durationMinutes: 60, unit: "1 roll" },
    { key: "aa-batteries-4", label: "AA batteries", priceRupees: 120, durationMinutes: 60, unit: "pack of 4" },
  ],
};

describe("a service in another language", () => {
  it("takes each translated field and keeps English for the rest, its name and keys unchanged", () => {
    const hindi = translateService(hardware, {
      ...untranslated(),
      title: "हार्डवेयर और औज़ार",
      includes: ["पास की हार्डवेयर दुकान से ख़रीदारी"],
      options: { "pvc-tape": { label: "PVC इंसुलेशन टेप", unit: null } },
    });
    expect(hindi.name).toBe("hardware");
    expect(hindi.title).toBe("हार्डवेयर और औज़ार");
    expect(hindi.englishTitle).toBe("Hardware and Tools");
    expect(hindi.description).toBe(hardware.description);
    expect(hindi.includes).toEqual(["पास की हार्डवेयर दुकान से ख़रीदारी"]);
    expect(hindi.excludes).toEqual(hardware.excludes);
    expect(hindi.options[0]).toEqual({ ...hardware.options[0], label: "PVC इंसुलेशन टेप" });
    expect(hindi.options[1]).toEqual(hardware.options[1]);
    expect(translateService(hardware, undefined)).toBe(hardware);
    expect(translateService(hardware, untranslated()).englishTitle).toBeUndefined();
  });

  it("keeps its Nearkart page under the English title, found in either language", () => {
    const hindi = translateService(hardware, { ...untranslated(), title: "हार्डवेयर और औज़ार" });
    expect(servicePath(hindi)).toBe("/nearkart/Hardware%20and%20Tools");
    const catalogue = { groups: [{ name: "Nearkart" as const, services: [hindi] }] };
    expect(findService(catalogue, "Hardware%20and%20Tools", "Nearkart")).toBe(hindi);
    expect(findService(catalogue, "हार्डवेयर और औज़ार", "Nearkart")).toBe(hindi);
  });

  it("counts the texts to translate and those written", () => {
    expect(textsToTranslate(hardware)).toBe(4 + 2 * 2);
    const some = { ...untranslated(), title: "x", options: { "pvc-tape": { label: "टेप", unit: "1 रोल" } } };
    expect(textsTranslated(hardware, some)).toBe(3);
  });

  it("names a customer's cart lines as the catalogue does in the screen's language", () => {
    const hindi = translateService(hardware, {
      ...untranslated(),
      title: "हार्डवेयर",
      options: { "pvc-tape": { label: "टेप", unit: null } },
    });
    const line = {
      id: "1",
      service: "hardware",
      option: "pvc-tape",
      quantity: 2,
      serviceTitle: "Hardware and Tools",
      optionLabel: "PVC insulation tape",
      group: "Nearkart",
      icon: "wrench",
      unitPriceRupees: 40,
      durationMinutes: 60,
      lineTotalRupees: 80,
    };
    const gone = { ...line, id: "2", service: "bakery", serviceTitle: "Bakery" };
    const cart = cartInLanguage({ items: [line, gone], count: 2, totalRupees: 80 }, [hindi]);
    expect(cart.items[0]).toEqual({ ...line, serviceTitle: "हार्डवेयर", optionLabel: "टेप" });
    expect(cart.items[1]).toBe(gone);
    expect(cart.totalRupees).toBe(80);
  });
});
