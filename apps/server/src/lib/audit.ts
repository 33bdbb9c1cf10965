import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { ENDPOINTS, restrictedActivityFields, type EndpointMeta } from '@pitboss/contract';
import { activities } from '../db/schema.js';
import type { Db } from '../db/client.js';

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId?: string | null;
  opId?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Who did it, when the record is written outside their request (a job settling what they started). */
export interface Actor { id: string | null; email: string | null; role: string | null; ip: string | null }

export const actorOf = (req: FastifyRequest): Actor => ({ id: req.user?.id ?? null, email: req.user?.email ?? null, role: req.user?.role ?? null, ip: req.ip });

const WRITTEN = Symbol.for('pitboss.activitiesWritten');

/** How many activity records this request wrote (the endpoint layer checks audited calls wrote one). */
export const activitiesWritten = (req: FastifyRequest): number => ((req as unknown as Record<symbol, number>)[WRITTEN] ?? 0);

/**
 * Write an activity record (actor, time, action, target, before, after, IP). Call inside the
 * mutation's transaction. On a call of the endpoint table the action must be one it declares.
 */
export async function audit(db: Db, req: FastifyRequest, e: AuditEntry): Promise<void> {
  assertDeclared(req, e.action);
  countActivity(req);
  await auditAs(db, actorOf(req), e);
}

/** On a call of the endpoint table the action must be one it declares. */
function assertDeclared(req: FastifyRequest, action: string): void {
  const name = req.routeOptions?.config?.endpoint;
  if (name) {
    const declared = (ENDPOINTS[name] as EndpointMeta).audit;
    const actions = declared === undefined ? [] : typeof declared === 'string' ? [declared] : declared;
    if (!actions.includes(action)) throw new Error(`Endpoint ${name} writes activity ${action} it does not declare`);
  }
}

/** The request wrote one more activity record (its statement applied). */
export function countActivity(req: FastifyRequest): void {
  (req as unknown as Record<symbol, number>)[WRITTEN] = activitiesWritten(req) + 1;
}

/**
 * The activity record of a mutation made by one statement: a CTE `insert ... select ... from
 * <source>` written for each row of `source` (none when the mutation did not apply), so the
 * record commits with the mutation. `opId` and `targetId` are SQL expressions over the
 * source's columns; `$` adds the other values as parameters. Call `countActivity` once the
 * statement applied.
 */
export function activityInsert(
  req: FastifyRequest, $: (value: unknown, cast?: string) => string,
  e: Omit<AuditEntry, 'opId' | 'targetId'> & { opId: string; targetId: string }, source: string,
): string {
  assertDeclared(req, e.action);
  const a = actorOf(req);
  const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));
  return `insert into activities (actor_id, actor_email, actor_role, op_id, action, target_type, target_id, before, after, ip)
    select ${$(a.id, '::uuid')}, ${$(a.email, '::text')}, ${$(a.role, '::text')}, ${e.opId}, ${$(e.action, '::text')}, ${$(e.targetType, '::text')},
      ${e.targetId}, ${$(json(e.before), '::text')}::jsonb, ${$(json(e.after), '::text')}::jsonb, ${$(a.ip, '::text')} from ${source}`;
}

/** The same record for an explicit actor. */
export async function auditAs(db: Db, actor: Actor, e: AuditEntry): Promise<void> {
  // A plain parameterized insert: it runs in every mutation, and the ORM's insert builder cost more than the statement itself.
  const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));
  await db.execute(sql`insert into ${activities} (actor_id, actor_email, actor_role, op_id, action, target_type, target_id, before, after, ip)
    values (${actor.id}, ${actor.email}, ${actor.role}, ${e.opId ?? null}, ${e.action}, ${e.targetType},
      ${e.targetId ?? null}, ${json(e.before)}::jsonb, ${json(e.after)}::jsonb, ${actor.ip})`);
}

/**
 * An activity's before and after as a reader of this role may see them: the fields the endpoint
 * table restricts for its action (`auditRestricted`, e.g. the invoice note, 002 §5) left out for
 * roles other than SUPER_ADMIN and ADMIN. Every reader of the activities table answers through it.
 */
export function activitySnapshotsFor(role: string | null, a: { action: string; before: unknown; after: unknown }): { before: unknown; after: unknown } {
  const hidden = restrictedActivityFields(a.action, role);
  if (!hidden.length) return { before: a.before, after: a.after };
  const strip = (v: unknown) => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
    const out = { ...(v as Record<string, unknown>) };
    for (const f of hidden) delete out[f];
    return out;
  };
  return { before: strip(a.before), after: strip(a.after) };
}
