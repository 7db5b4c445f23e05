/** A field of a queue job's payload: a string, or nothing. */
export const text = (value: unknown) => (typeof value === "string" ? value : undefined);
