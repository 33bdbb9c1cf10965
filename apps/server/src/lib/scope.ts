import { isGlobalRole, MSG } from '@pitboss/contract';
import { operators } from '../db/schema.js';
import type { Db } from '../db/client.js';
import type { AuthedUser } from './context.js';
import { notFound } from './http.js';
import { invalidate, LiveCache } from './cache-bus.js';

export interface OperatorRow {
  opId: string;
  title: string;
  parentOpId: string | null;
  kind: string;
  status: string;
  isCmsDefault: boolean;
  allowedCurrencies: string[];
  allowedLangs: string[];
  /** Top-ups are in USD plus these (those still allowed): 001 §3 extraData.additionalTopupCurrencies. */
  additionalTopupCurrencies: string[];
  dailyTopupLimitInUsd: string;
  /** Four-eyes approval threshold in USD (null: off). */
  fourEyesThresholdUsd: string | null;
  /** Where the operator's bonus release periods begin (null: the parent's, else UTC). */
  timeZone: string | null;
  settings: unknown;
}

/**
 * Operators are a small table read on nearly every call: cached per database, dropped at once
 * in every process by `invalidateOperators` (lib/cache-bus.ts). The time to live only bounds a
 * change nobody announced (a manual SQL edit).
 */
type Operators = { rows: OperatorRow[]; byId: Map<string, OperatorRow> };
const OPERATORS_TTL_MS = 60_000;
const caches = new WeakMap<Db, LiveCache<'all', Operators>>();
function operatorsCache(db: Db): LiveCache<'all', Operators> {
  let c = caches.get(db);
  if (!c) {
    c = new LiveCache<'all', Operators>(db, OPERATORS_TTL_MS, 1, (cache, msg) => { if (msg === 'operators' || msg === '*') cache.clear(); });
    caches.set(db, c);
  }
  return c;
}

export async function loadOperators(db: Db): Promise<Operators> {
  const cache = operatorsCache(db);
  const hit = cache.get('all');
  if (hit) return hit;
  const generation = cache.generation;
  const rows = (await db.select().from(operators)) as OperatorRow[];
  const value = { rows, byId: new Map(rows.map((r) => [r.opId, r])) };
  cache.set('all', value, generation);
  return value;
}

/** The time zone in effect for an operator: its own, else its parent's, else UTC. */
export function operatorTimeZone(ops: Operators, opId: string): string {
  const o = ops.byId.get(opId);
  return o?.timeZone ?? (o?.parentOpId ? ops.byId.get(o.parentOpId)?.timeZone : null) ?? 'UTC';
}

/** An operator was added, changed or removed: call after the commit (every process drops its copy). */
export const invalidateOperators = (db: Db) => invalidate(db, 'operators');

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
 * A list's Operator ID filter (`operatorId`, super roles' extra filter, 000 §6) narrows them to
 * exactly that operator: a filter, so an id outside them (or unknown) lists nothing.
 */
export async function resolveScope(db: Db, user: AuthedUser, q: { opId?: string; includeBrands?: boolean; operatorId?: string }): Promise<string[] | null> {
  const scope = await selectedOperators(db, user, q);
  if (!q.operatorId) return scope;
  return !scope || scope.includes(q.operatorId) ? [q.operatorId] : [];
}

async function selectedOperators(db: Db, user: AuthedUser, q: { opId?: string; includeBrands?: boolean }): Promise<string[] | null> {
  const allowed = await allowedOperators(db, user);
  const { rows, byId } = await loadOperators(db);
  if (!q.opId || q.opId === '*') return allowed ? [...allowed] : null;
  if (!byId.has(q.opId) || (allowed && !allowed.has(q.opId))) throw notFound(MSG.OPERATOR_NOT_FOUND);
  const ids = [q.opId];
  if (q.includeBrands) for (const r of rows) if (r.parentOpId === q.opId && (!allowed || allowed.has(r.opId))) ids.push(r.opId);
  return ids;
}

/** An operator as answers name it: its title and its parent's ("AlphaBet", parent "Alpha Gaming"). */
export interface OpTitles { opTitle: string; parentOpTitle: string | null }

/**
 * The titles of operators by id, from the cached operator table (no query per row, usually none
 * at all): list and record answers add `opTitle` and `parentOpTitle` beside `opId`, and the
 * console shows "Title (Parent)". An unknown id reads as itself.
 */
export async function operatorTitles(db: Db): Promise<(opId: string) => OpTitles> {
  const { byId } = await loadOperators(db);
  return (opId) => {
    const op = byId.get(opId);
    const parent = op?.parentOpId ? byId.get(op.parentOpId) : undefined;
    return { opTitle: op?.title ?? opId, parentOpTitle: parent?.title ?? null };
  };
}

/** `operatorTitles` for rows that may have no operator (activity and login logs of global staff): both titles null then. */
export async function operatorTitlesOrNone(db: Db): Promise<(opId: string | null) => { opTitle: string | null; parentOpTitle: string | null }> {
  const titleOf = await operatorTitles(db);
  return (opId) => (opId ? titleOf(opId) : { opTitle: null, parentOpTitle: null });
}
