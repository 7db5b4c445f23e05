import { lazy } from "react";

// The accounts feature's public surface for other features and pages: the account field checks and
// their texts in the active language (the profile's details edit uses the sign-up form's rules).
export { useAuthT } from "./use-auth-t.ts";
export { fullNameError } from "./validation.ts";

/** The profile's "Mobile number for sign-in" (issue 41), its code loaded when it first shows. */
export const PhoneSettings = lazy(() => import("./phone-settings.tsx").then((m) => ({ default: m.PhoneSettings })));
