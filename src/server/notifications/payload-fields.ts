/** A field of a queue job's payload or of a history entry's details: a string, or nothing. */
export const text = (value: unknown) => (typeof value === "string" ? value : undefined);
/** A field of a history entry's details: a number, or 0. */
export const number = (value: unknown) => (typeof value === "number" ? value : 0);
