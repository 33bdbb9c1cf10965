import type { z } from 'zod';
import type { EndpointMeta } from '../define.js';

/** The schemas of one endpoint: its inputs and the answer's `data` (`null` for a file answer). */
export interface EndpointSchemas {
  readonly body?: z.ZodType;
  readonly query?: z.ZodType;
  readonly params?: z.ZodType;
  readonly response: z.ZodType | null;
}

/** Exactly one schema entry per meta entry of a domain. */
export type SchemasOf<M extends Record<string, EndpointMeta>> = { readonly [K in keyof M]: EndpointSchemas };
