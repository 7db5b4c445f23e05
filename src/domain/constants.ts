/**
 * Every text, storage key, limit and timing that the product specification names
 * (../shared/spec.md). Components and tests import these; nothing re-types them.
 */

export const BRAND = "Mates";
export const TAGLINE = "You need it, we fix it";

/** Spec §1, §2 footer: the three service groups, in display order. */
export const SERVICE_GROUPS = ["Homekit", "Nearkart", "Renova"] as const;
export type ServiceGroup = (typeof SERVICE_GROUPS)[number];

/** Spec §1, §9: Monday to Sunday, 6:00 AM to 9:00 PM. Minutes after midnight, Asia/Kolkata. */
export const SERVICE_HOURS = {
  days: "Monday to Sunday",
  opens: "6:00 AM",
  closes: "9:00 PM",
  opensMinute: 6 * 60,
  closesMinute: 21 * 60,
  timeZone: "Asia/Kolkata",
} as const;

/** Spec §3: the zone every record of this deployment belongs to. */
export const ZONE_ID = "Zone001";

/** Spec §9: served areas, matched by substring. */
export const SERVED_AREAS = [
  "Bhayandar",
  "Mira Road",
  "Dahisar",
  "Borivali",
  "Kandivali",
  "Malad",
  "Goregaon",
  "Jogeshwari",
  "Andheri",
  "Kelva",
] as const;

/** Spec §5, §9. */
export const LIMITS = {
  serviceSuggestions: 6,
  serviceSearchMinChars: 2,
  locationSuggestions: 5,
  /** "more than 2 characters" */
  locationSearchMinChars: 3,
} as const;

/** Spec §2, §9, in milliseconds. */
export const TIMINGS = {
  splashMs: 3200,
  splashFadeMs: 1000,
  welcomeToastMs: 2500,
  tokenRereadMs: 1000,
  /** Ours, not the spec's: typing pauses this long before a place search is sent (the server rate-limits its geocoders too). */
  placeSearchDebounceMs: 300,
} as const;

/** Spec §3: local storage keys. */
export const STORAGE_KEYS = {
  authToken: "authToken",
  userInfo: "userInfo",
  detectedCity: "detectedCity",
  servicePopupShown: "servicePopupShown",
  redirectAfterLogin: "redirectAfterLogin",
  openSidebarOnProfile: "openSidebarOnProfile",
  reopenSidebar: "reopenSidebar",
  cart: "cart",
  /** Ours, not the spec's: "mate" or "operator" while such a user is signed in (the header's links). */
  userRole: "userRole",
} as const;

/** Spec §3: session storage keys. */
export const SESSION_KEYS = {
  welcomed: "welcomed",
} as const;

/** Spec §2: paths remembered as redirectAfterLogin when there is no token. */
export const REDIRECT_AFTER_LOGIN_PATHS = ["/booking/payment", "/book", "/book/address", "/profile"] as const;

/** Spec §2: paths that redirect to /booking/payment. */
export const PAYMENT_ALIASES = ["/payment", "/Payment", "/checkout"] as const;

/** Spec §2: anchors of the About page, in order, with their headings. */
export const ABOUT_ANCHORS = [
  { id: "about", label: "About us" },
  { id: "how-it-works", label: "How it works" },
  { id: "pricing", label: "Pricing" },
  { id: "carriers", label: "Careers" },
  { id: "support", label: "Support" },
  { id: "terms", label: "Terms" },
  { id: "privacy", label: "Privacy" },
] as const;

/** Spec §2, §4, §8: texts shown to people, word for word. */
export const MESSAGES = {
  loading: "Loading...",
  processing: "Processing...",
  enterEmail: "Please enter your email address",
  loginFailed: (message: string) => `Login failed: ${message}`,
  signupFailed: (message: string) => `Signup failed: ${message}`,
  googleFailed: (message: string) => `Google login failed: ${message}`,
  resetSent: "Password reset email sent! Check your inbox.",
  resetFailed: (message: string) => `Error sending reset email: ${message}`,
  /** Someone with no name yet (an operator invited by e-mail address alone) is greeted without one. */
  welcomeBack: (name: string) => (name.trim() === "" ? "Welcome back!" : `Welcome back, ${name}!`),
  locationDetecting: "Detecting...",
  locationUnableToFetch: "Unable to fetch",
  locationDenied: "Location access denied",
  locationUnsupported: "Geolocation not supported",
  serviceUnavailableTitle: "Service not available",
  serviceUnavailableText: (city: string) => `We're sorry, Mates is currently not available in ${city}.`,
  servedAreasSummary: "Mates serves Mumbai's western suburbs from Andheri to Bhayandar, and Kelva.",
  unservedAddress: (city: string) => `Mates is not available in ${city} yet, so this address cannot be booked.`,
} as const;
