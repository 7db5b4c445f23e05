/** Text without NUL characters, which PostgreSQL cannot store in a text column. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to match NUL.
export const NO_NUL = /^[^\u0000]*$/;
