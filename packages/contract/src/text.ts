/** Counted nouns for display texts (no dependencies: the first load's messages use it). */
/** A noun for a count: "user" for 1, "users" otherwise (or the plural given). */
export const plural = (n: number, noun: string, nouns = `${noun}s`): string => (n === 1 ? noun : nouns);
/** A count with its noun: "1 user", "1,234 users". */
export const countOf = (n: number, noun: string, nouns?: string): string => `${n.toLocaleString('en-US')} ${plural(n, noun, nouns)}`;
