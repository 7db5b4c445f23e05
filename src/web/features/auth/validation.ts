import { z } from "zod";
import { fullNameSchema, mobileSchema, PASSWORD_MAX, PASSWORD_MIN } from "#domain/user.ts";
import type { messages } from "./messages/en-IN.ts";

/**
 * Spec §5: login needs e-mail and password; sign-up needs all four fields. Checked here before
 * anything is sent, with the same rules the server applies (domain/user.ts), so people see what
 * to fix beside the field. What only the server knows comes back as "Login failed: …" and the like.
 * Each check answers the id of its message in the auth catalog (messages/en-IN.ts); the form shows
 * it in the active language with `t(key, FIELD_LIMITS)`.
 */
export type AuthKey = keyof typeof messages;

/** What is wrong with each field, as message ids (a FieldErrors of use-field-errors.ts). */
export type KeyErrors<K extends string> = Partial<Record<K, AuthKey>>;

/** The numbers the field messages name ({min}, {max}, {nameMax}). */
export const FIELD_LIMITS = { min: PASSWORD_MIN, max: PASSWORD_MAX, nameMax: 80 } as const;

const emailSchema = z.email();

export function emailError(value: string): AuthKey | undefined {
  if (value.trim() === "") return "emailEmpty";
  if (!emailSchema.safeParse(value.trim()).success) return "emailInvalid";
  return undefined;
}

export function newPasswordError(value: string): AuthKey | undefined {
  if (value === "") return "newPasswordEmpty";
  if (value.length < PASSWORD_MIN) return "passwordShort";
  if (value.length > PASSWORD_MAX) return "passwordLong";
  return undefined;
}

/** The server's name rule (fullNameSchema), said by which part of it failed. */
export function fullNameError(value: string): AuthKey | undefined {
  if (fullNameSchema.safeParse(value).success) return undefined;
  if (value.includes("\u0000")) return "nameNul";
  return value.trim() === "" ? "nameEmpty" : "nameLong";
}

export function mobileError(value: string): AuthKey | undefined {
  if (value.trim() === "") return "mobileEmpty";
  return mobileSchema.safeParse(value).success ? undefined : "mobileInvalid";
}

export function loginErrors(input: { email: string; password: string }): KeyErrors<"email" | "password"> {
  const errors: KeyErrors<"email" | "password"> = {};
  const email = emailError(input.email);
  if (email) errors.email = email;
  if (input.password === "") errors.password = "passwordEmpty";
  return errors;
}

export type SignupField = "fullName" | "mobile" | "email" | "password";

export function signupErrors(input: Record<SignupField, string>): KeyErrors<SignupField> {
  const errors: KeyErrors<SignupField> = {};
  const checks: [SignupField, AuthKey | undefined][] = [
    ["fullName", fullNameError(input.fullName)],
    ["mobile", mobileError(input.mobile)],
    ["email", emailError(input.email)],
    ["password", newPasswordError(input.password)],
  ];
  for (const [field, error] of checks) if (error) errors[field] = error;
  return errors;
}
