import { i18n } from "#web/i18n/i18n.ts";
import { shellMessages } from "#web/shell/shell-messages.ts";

/** "Something went wrong. Please try again." in the active language (the shell's catalog is loaded at start-up). */
export function genericErrorText(): string {
  return i18n._(`${shellMessages.name}.errorGeneric`);
}

/** The sentence a person is shown for something that failed: the error's own message, or a fallback. */
export function errorMessage(error: unknown, fallback?: string): string {
  return error instanceof Error && error.message ? error.message : (fallback ?? genericErrorText());
}
