import type { FastifyRequest } from 'fastify';
import { ENDPOINTS, type EndpointMeta, type EndpointName } from '@pitboss/contract';
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

const WRITTEN = Symbol.for('pitboss.activitiesWritten');

/** How many activity records this request wrote (the endpoint layer checks audited calls wrote one). */
export const activitiesWritten = (req: FastifyRequest): number => ((req as unknown as Record<symbol, number>)[WRITTEN] ?? 0);

/**
 * Write an activity record (actor, time, action, target, before, after, IP). Call inside the
 * mutation's transaction. On a call of the endpoint table the action must be one it declares.
 */
export async function audit(db: Db, req: FastifyRequest, e: AuditEntry): Promise<void> {
  const name = (req.routeOptions?.config as { endpoint?: EndpointName } | undefined)?.endpoint;
  if (name) {
    const declared = (ENDPOINTS[name] as EndpointMeta).audit;
    const actions = declared === undefined ? [] : typeof declared === 'string' ? [declared] : declared;
    if (!actions.includes(e.action)) throw new Error(`Endpoint ${name} writes activity ${e.action} it does not declare`);
  }
  (req as unknown as Record<symbol, number>)[WRITTEN] = activitiesWritten(req) + 1;
  await db.insert(activities).values({
    actorId: req.user?.id ?? null,
    actorEmail: req.user?.email ?? null,
    actorRole: req.user?.role ?? null,
    opId: e.opId ?? null,
    action: e.action,
    targetType: e.targetType,
    targetId: e.targetId ?? null,
    before: (e.before ?? null) as never,
    after: (e.after ?? null) as never,
    ip: req.ip,
  });
}
