import { describe, expect, it } from "vitest";
import { SEARCH_ALIASES } from "./search-aliases.ts";
import { searchServices } from "./service-search.ts";

/** The seeded catalogue's services, by name, with their English, Hindi and Marathi titles. */
const CATALOGUE: readonly (readonly [name: string, en: string, hi: string, mr: string])[] = [
  ["deep-cleaning", "Deep Cleaning", "डीप क्लीनिंग", "डीप क्लीनिंग"],
  ["bathroom-cleaning", "Bathroom Cleaning", "बाथरूम की सफ़ाई", "बाथरूम साफसफाई"],
  ["kitchen-cleaning", "Kitchen Cleaning", "किचन की सफ़ाई", "किचन साफसफाई"],
  ["sofa-cleaning", "Sofa Cleaning", "सोफ़ा की सफ़ाई", "सोफा साफसफाई"],
  ["pest-control", "Pest Control", "पेस्ट कंट्रोल", "पेस्ट कंट्रोल"],
  ["ac-service", "AC Service and Repair", "AC सर्विस और रिपेयर", "AC सर्व्हिसिंग आणि दुरुस्ती"],
  ["electrician", "Electrician", "इलेक्ट्रीशियन", "इलेक्ट्रिशियन"],
  ["plumber", "Plumber", "प्लंबर", "प्लंबर"],
  ["carpenter", "Carpenter", "कारपेंटर (बढ़ई)", "सुतार"],
  ["appliance-repair", "Appliance Repair", "अप्लायंस रिपेयर", "उपकरण दुरुस्ती"],
  ["groceries", "Groceries", "किराना", "किराणा"],
  ["medicines", "Medicines", "दवाइयाँ", "औषधे"],
  ["hardware", "Hardware and Tools", "हार्डवेयर और औज़ार", "हार्डवेअर आणि अवजारे"],
  ["stationery", "Stationery", "स्टेशनरी", "स्टेशनरी"],
  ["fruits-and-vegetables", "Fruits and Vegetables", "फल और सब्ज़ियाँ", "फळे आणि भाज्या"],
  ["flowers-and-puja-items", "Flowers and Puja Items", "फूल और पूजा सामग्री", "फुले आणि पूजा साहित्य"],
  ["pet-supplies", "Pet Supplies", "पालतू जानवरों का सामान", "पाळीव प्राण्यांचे साहित्य"],
  ["bakery", "Bakery", "बेकरी", "बेकरी"],
  ["home-painting", "Home Painting", "घर की पेंटिंग", "घराचे रंगकाम"],
  ["waterproofing", "Waterproofing", "वॉटरप्रूफिंग", "वॉटरप्रूफिंग"],
  ["false-ceiling", "False Ceiling", "फॉल्स सीलिंग", "फॉल्स सीलिंग"],
  ["modular-kitchen", "Modular Kitchen", "मॉड्यूलर किचन", "मॉड्युलर किचन"],
  ["tiling", "Tiling and Flooring", "टाइल्स और फ़्लोरिंग", "टाइल्स आणि फ्लोरिंग"],
  ["interior-design", "Interior Design", "इंटीरियर डिज़ाइन", "इंटिरियर डिझाइन"],
  ["home-automation", "Home Automation", "होम ऑटोमेशन", "होम ऑटोमेशन"],
  ["full-home-renovation", "Full-Home Renovation", "पूरे घर का रेनोवेशन", "संपूर्ण घराचे नूतनीकरण"],
  ["site-visit", "Free Site Visit", "मुफ़्त साइट विज़िट", "मोफत साइट व्हिजिट"],
];
const LANGUAGES = { en: 1, hi: 2, mr: 3 } as const;
const servicesIn = (language: keyof typeof LANGUAGES) =>
  CATALOGUE.map((row) => ({
    name: row[0],
    title: row[LANGUAGES[language]] as string,
    ...(language === "en" ? {} : { englishTitle: row[1] }),
  }));
const first = (query: string, language: keyof typeof LANGUAGES) =>
  searchServices(servicesIn(language), query, undefined, SEARCH_ALIASES)[0]?.name;

/** Real queries as Mumbai types them, and the service each must find first, in any screen language. */
const QUERIES: readonly (readonly [query: string, service: string])[] = [
  // Devanagari, Hindi and Marathi.
  ["प्लंबर", "plumber"],
  ["प्लम्बर", "plumber"],
  ["नल", "plumber"],
  ["नळ", "plumber"],
  ["नल वाला", "plumber"],
  ["बिजली", "electrician"],
  ["बिजली वाला", "electrician"],
  ["इलेक्ट्रिशियन", "electrician"],
  ["इलेक्ट्रीशियन", "electrician"],
  ["वायरमैन", "electrician"],
  ["घर की सफाई", "deep-cleaning"],
  ["किचन सफाई", "kitchen-cleaning"],
  ["पेंटर", "home-painting"],
  ["रंगकाम", "home-painting"],
  ["कीटक नियंत्रण", "pest-control"],
  ["झुरळ", "pest-control"],
  ["खटमल", "pest-control"],
  ["सुतार", "carpenter"],
  ["बढ़ई", "carpenter"],
  ["बढई", "carpenter"],
  ["किराना", "groceries"],
  ["किराणा", "groceries"],
  ["सब्जी", "fruits-and-vegetables"],
  ["भाजी", "fruits-and-vegetables"],
  ["दवाई", "medicines"],
  ["औषध", "medicines"],
  ["फूल", "flowers-and-puja-items"],
  ["सीलन", "waterproofing"],
  ["गळती", "waterproofing"],
  ["एसी", "ac-service"],
  ["फ्रिज", "appliance-repair"],
  ["पाव", "bakery"],
  ["टाइल्स", "tiling"],
  // Latin letters: romanised Hindi and Marathi, and the Hinglish of trades.
  ["nal wala", "plumber"],
  ["nal", "plumber"],
  ["nalwala", "plumber"],
  ["paani leak", "plumber"],
  ["bijli wala", "electrician"],
  ["bijli", "electrician"],
  ["bijli mistri", "electrician"],
  ["wireman", "electrician"],
  ["safai", "deep-cleaning"],
  ["ghar ki safai", "deep-cleaning"],
  ["sofa safai", "sofa-cleaning"],
  ["rangkaam", "home-painting"],
  ["rang kaam", "home-painting"],
  ["painter", "home-painting"],
  ["pest control wala", "pest-control"],
  ["cockroach", "pest-control"],
  ["khatmal", "pest-control"],
  ["sutar", "carpenter"],
  ["kirana", "groceries"],
  ["sabzi", "fruits-and-vegetables"],
  ["sabji wala", "fruits-and-vegetables"],
  ["dawai", "medicines"],
  ["seelan", "waterproofing"],
  ["geyser", "plumber"],
  ["pooja", "flowers-and-puja-items"],
  ["pav", "bakery"],
  ["ac wala", "ac-service"],
  ["fridge", "appliance-repair"],
  ["washing machine", "appliance-repair"],
  ["pop ceiling", "false-ceiling"],
  ["tank", "plumber"],
  ["tanki", "plumber"],
  ["टंकी", "plumber"],
  ["नाली", "plumber"],
  ["drainage", "plumber"],
  ["leak", "plumber"],
  ["tap", "plumber"],
  ["fan", "electrician"],
  ["बिजली वाली", "electrician"],
  ["नळ हवा", "plumber"],
  // English, as before.
  ["plumber", "plumber"],
  ["electrcian", "electrician"],
  ["ac", "ac-service"],
  ["kitchen", "kitchen-cleaning"],
];

describe("search as Mumbai types (issue 40)", () => {
  it("has a table of at least 40 real queries", () => {
    expect(QUERIES.length).toBeGreaterThanOrEqual(40);
  });

  for (const language of ["en", "hi", "mr"] as const) {
    it(`finds each query's service first with the screen in ${language}`, () => {
      const wrong = QUERIES.flatMap(([query, service]) => {
        const found = first(query, language);
        return found === service ? [] : [`${query} → ${found ?? "nothing"} (want ${service})`];
      });
      expect(wrong).toEqual([]);
    });
  }

  it("finds the cleaning services for सफाई and safai, in every screen language", () => {
    const cleaning = ["deep-cleaning", "bathroom-cleaning", "kitchen-cleaning", "sofa-cleaning"];
    for (const language of ["en", "hi", "mr"] as const) {
      for (const query of ["सफाई", "safai"]) {
        const found = searchServices(servicesIn(language), query, undefined, SEARCH_ALIASES).map((s) => s.name);
        expect(found.slice(0, 4).sort(), `${query} (${language})`).toEqual([...cleaning].sort());
      }
    }
  });

  it("matches the titles of the screen's language, at most six", () => {
    expect(first("प्लं", "hi")).toBe("plumber");
    expect(first("बाथरूम", "mr")).toBe("bathroom-cleaning");
    expect(searchServices(servicesIn("mr"), "सफाई", undefined, SEARCH_ALIASES).length).toBeLessThanOrEqual(6);
  });

  it("starts at two characters, in any script", () => {
    expect(searchServices(servicesIn("hi"), "न", undefined, SEARCH_ALIASES)).toEqual([]);
    expect(searchServices(servicesIn("hi"), "नल", undefined, SEARCH_ALIASES).length).toBeGreaterThan(0);
  });

  it("keeps English searches as they rank on titles alone", () => {
    const en = servicesIn("en");
    for (const query of ["clean", "home", "kitchen", "pair", "pl", "pest", "car", "tiling", "repair"]) {
      const plain = searchServices(en, query).map((s) => s.name);
      const withAliases = searchServices(en, query, undefined, SEARCH_ALIASES).map((s) => s.name);
      expect(withAliases.slice(0, plain.length), query).toEqual(plain);
    }
  });

  it("lists aliases only for services of the catalogue, none twice", () => {
    const names = new Set(CATALOGUE.map(([name]) => name));
    for (const [name, aliases] of Object.entries(SEARCH_ALIASES)) {
      expect(names.has(name), name).toBe(true);
      expect(new Set(aliases).size, name).toBe(aliases.length);
    }
  });
});
