import { isGlobalRole, MSG } from '@pitboss/contract';
import { operators } from '../db/schema.js';
import type { Db } from '../db/client.js';
import type { AuthedUser } from './context.js';
import { notFound } from './http.js';

export interface OperatorRow {
  opId: string;
  title: string;
  parentOpId: string | null;
  kind: string;
  isCmsDefault: boolean;
  allowedCurrencies: string[];
  allowedLangs: string[];
  dailyTopupLimitInUsd: string;
  settings: unknown;
}

/** Operators are a small table read on nearly every call: cached, invalidated on change. */
let cache: { at: number; rows: OperatorRow[]; byId: Map<string, OperatorRow> } | null = null;
const TTL_MS = 5_000;

export async function loadOperators(db: Db): Promise<{ rows: OperatorRow[]; byId: Map<string, OperatorRow> }> {
  if (cache && Date.now() - cache.at < TTL_MS) return cache;
  const rows = (await db.select().from(operators)) as OperatorRow[];
  cache = { at: Date.now(), rows, byId: new Map(rows.map((r) => [r.opId, r])) };
  return cache;
}
export const invalidateOperators = () => { cache = null; };

/** Operators a user may see at all: null means every operator. */
export async function allowedOperators(db: Db, user: AuthedUser): Promise<Set<string> | null> {
  if (isGlobalRole(user.role)) return null;
  if (!user.opId) return new Set();
  const { rows } = await loadOperators(db);
  const set = new Set<string>([user.opId]);
  if (user.role !== 'PARTNER') for (const r of rows) if (r.parentOpId === user.opId) set.add(r.opId);
  return set;
}

/**
 * The operators a list call covers, from the shared `opId` and `includeBrands` parameters.
 * An operator outside the user's reach answers 404, whatever id is sent. Null = all operators.
 */
export async function resolveScope(db: Db, user: AuthedUser, q: { opId?: string; includeBrands?: boolean }): Promise<string[] | null> {
  const allowed = await allowedOperators(db, user);
  const { rows, byId } = await loadOperators(db);
  if (!q.opId || q.opId === '*') return allowed ? [...allowed] : null;
  if (!byId.has(q.opId) || (allowed && !allowed.has(q.opId))) throw notFound(MSG.OPERATOR_NOT_FOUND);
  const ids = [q.opId];
  if (q.includeBrands) for (const r of rows) if (r.parentOpId === q.opId && (!allowed || allowed.has(r.opId))) ids.push(r.opId);
  return ids;
}

/** A record of operator `opId` is visible to the user, else 404 with `message`. */
export async function assertInScope(db: Db, user: AuthedUser, opId: string, message: string = MSG.NOT_FOUND): Promise<void> {
  const allowed = await allowedOperators(db, user);
  if (allowed && !allowed.has(opId)) throw notFound(message);
}
