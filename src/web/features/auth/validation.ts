import { z } from "zod";
import { fullNameSchema, mobileSchema, PASSWORD_MAX, PASSWORD_MIN } from "#domain/user.ts";
import type { FieldErrors } from "#web/shell/use-field-errors.ts";

/**
 * Spec §5: login needs e-mail and password; sign-up needs all four fields. Checked here before
 * anything is sent, with the same rules the server applies (domain/user.ts), so people see what
 * to fix beside the field. What only the server knows comes back as "Login failed: …" and the like.
 */
const emailSchema = z.email();

export function emailError(value: string): string | undefined {
  if (value.trim() === "") return "Enter your email address";
  if (!emailSchema.safeParse(value.trim()).success) return "Enter a valid email address, like name@example.com";
  return undefined;
}

export function newPasswordError(value: string): string | undefined {
  if (value === "") return "Enter a password";
  if (value.length < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters`;
  if (value.length > PASSWORD_MAX) return `Password must be at most ${PASSWORD_MAX} characters`;
  return undefined;
}

function firstIssue(schema: z.ZodType, value: string): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

export function fullNameError(value: string): string | undefined {
  return firstIssue(fullNameSchema, value);
}

export function mobileError(value: string): string | undefined {
  if (value.trim() === "") return "Enter your mobile number";
  return firstIssue(mobileSchema, value);
}

export function loginErrors(input: { email: string; password: string }): FieldErrors<"email" | "password"> {
  const errors: FieldErrors<"email" | "password"> = {};
  const email = emailError(input.email);
  if (email) errors.email = email;
  if (input.password === "") errors.password = "Enter your password";
  return errors;
}

export type SignupField = "fullName" | "mobile" | "email" | "password";

export function signupErrors(input: Record<SignupField, string>): FieldErrors<SignupField> {
  const errors: FieldErrors<SignupField> = {};
  const checks: [SignupField, string | undefined][] = [
    ["fullName", fullNameError(input.fullName)],
    ["mobile", mobileError(input.mobile)],
    ["email", emailError(input.email)],
    ["password", newPasswordError(input.password)],
  ];
  for (const [field, error] of checks) if (error) errors[field] = error;
  return errors;
}
