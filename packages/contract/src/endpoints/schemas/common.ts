/** Building blocks of answer schemas: every answer's `data` is declared, so no column leaks. */
import { z } from 'zod';

export const isoDate = z.string();
export const money = z.string();
export const nullableString = z.string().nullable();

/** The operator of a row by name, beside its `opId`: its title and its parent's (the console shows "Title (Parent)"). */
export const opTitles = { opTitle: z.string(), parentOpTitle: nullableString } as const;

/**
 * One page of a list: rows, whether another page follows (no exact total), and the keyset cursor
 * of the next page (null when nothing remains, or for a sort without one).
 */
export const listAnswer = <T extends z.ZodType>(item: T) => z.object({
  items: z.array(item),
  count: z.number().int(),
  remaining: z.boolean(),
  page: z.number().int(),
  limit: z.number().int(),
  nextCursor: z.string().nullable(),
});

/** Free-form JSON kept for display (activity before/after, provider payloads). */
export const json = z.unknown();

export const empty = z.object({});
