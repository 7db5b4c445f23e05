/** The sentence a person is shown for something that failed: the error's own message, or a fallback. */
export function errorMessage(error: unknown, fallback = "Something went wrong. Please try again."): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
