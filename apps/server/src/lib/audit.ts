import type { FastifyRequest } from 'fastify';
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

/** Write an activity record (actor, time, action, target, before, after, IP). Call inside the mutation's transaction. */
export async function audit(db: Db, req: FastifyRequest, e: AuditEntry): Promise<void> {
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
