import { inArray, sql, type SQL, type Column } from 'drizzle-orm';

/** A `col IN (...)` condition for a scope; null scope = every operator (no condition). */
export function inScope(col: Column, scope: string[] | null): SQL | undefined {
  if (scope === null) return undefined;
  if (scope.length === 0) return sql`false`;
  return inArray(col, scope);
}

/** Badge counts stop at this cap: a bounded count, never a full scan of a huge table. */
export const BADGE_COUNT_CAP = 1000;

/** Rows of a raw SQL query (both drivers answer `{ rows }`). */
export async function rowsOf<T>(db: { execute: (q: SQL) => Promise<unknown> }, q: SQL): Promise<T[]> {
  return ((await db.execute(q)) as { rows: T[] }).rows;
}
