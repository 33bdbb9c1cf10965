import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
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

/**
 * Write an activity record (actor, time, action, target, before, after, IP). Call inside the
 * mutation's transaction. A plain parameterized insert: it runs in every mutation, and the
 * ORM's insert builder cost more than the statement itself.
 */
export async function audit(db: Db, req: FastifyRequest, e: AuditEntry): Promise<void> {
  const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));
  await db.execute(sql`insert into ${activities} (actor_id, actor_email, actor_role, op_id, action, target_type, target_id, before, after, ip)
    values (${req.user?.id ?? null}, ${req.user?.email ?? null}, ${req.user?.role ?? null}, ${e.opId ?? null}, ${e.action}, ${e.targetType},
      ${e.targetId ?? null}, ${json(e.before)}::jsonb, ${json(e.after)}::jsonb, ${req.ip})`);
}
