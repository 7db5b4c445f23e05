// The accounts feature's public surface for other features: the account field checks and their
// texts in the active language (the profile's details edit uses the sign-up form's rules).
export { useAuthT } from "./use-auth-t.ts";
export { fullNameError } from "./validation.ts";
