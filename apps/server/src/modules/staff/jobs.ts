/**
 * Background updates of existing accounts after a role template or permission save (002 §4: the
 * console asks to wait 5 minutes). The save writes a `staff_jobs` row in its own transaction and
 * hands it to the job queue after the commit (`staff.apply-permissions`); a process whose queue
 * is not running leaves it QUEUED, and the next start hands every unfinished row over. The work
 * is set-based and idempotent, so a retry or a second run starts again from nothing.
 *
 * - ROLE_SAVE: the accounts of the template drop the extra keys the template now holds and the
 *   revoked keys it no longer holds (tweaks that became meaningless).
 * - PERMISSION_SAVE: templates and accounts of roles the permission no longer allows lose it.
 * - PERMISSION_DELETE: every template and account loses the key.
 *
 * Progress (`done` of `total` accounts) is written after each batch; the console reads it.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { permissions, roleTemplates, staffJobs, users } from '../../db/schema.js';
import { invalidate } from '../../lib/cache-bus.js';
import { enqueue } from '../../jobs/queue.js';

export type StaffJobKind = 'ROLE_SAVE' | 'PERMISSION_SAVE' | 'PERMISSION_DELETE';
const BATCH = 200;

const textArray = (xs: readonly string[]): SQL => sql`array[${sql.join(xs.map((x) => sql`${x}`), sql`, `)}]::text[]`;

/** The job's row, inside the save's transaction. */
export async function createStaffJob(tx: Db, j: { kind: StaffJobKind; subject: string; subjectId?: string; createdBy: string }): Promise<string> {
  const [row] = await tx.insert(staffJobs).values({ kind: j.kind, subject: j.subject, subjectId: j.subjectId ?? null, createdBy: j.createdBy }).returning({ id: staffJobs.id });
  return row!.id;
}

/** After the commit: hand the job to this process's queue (else the next start does). */
export const kickStaffJob = (db: Db, jobId: string) => enqueue(db, 'staff.apply-permissions', { jobId }, jobId);

/** Unfinished jobs (a process stopped before running them): handed to the queue at start. */
export async function unfinishedStaffJobs(db: Db): Promise<string[]> {
  const rows = await db.select({ id: staffJobs.id }).from(staffJobs).where(inArray(staffJobs.status, ['QUEUED', 'RUNNING'])).orderBy(asc(staffJobs.createdAt));
  return rows.map((r) => r.id);
}

/** The accounts a job updates, then each batch (`update` returns nothing; progress is counted here). */
async function inBatches(db: Db, jobId: string, ids: string[], update: (batch: string[]) => Promise<unknown>): Promise<void> {
  await db.update(staffJobs).set({ total: ids.length }).where(eq(staffJobs.id, jobId));
  for (let i = 0; i < ids.length; i += BATCH) {
    const batch = ids.slice(i, i + BATCH);
    await update(batch);
    await db.update(staffJobs).set({ done: sql`${staffJobs.done} + ${batch.length}` }).where(eq(staffJobs.id, jobId));
  }
}

const idsOf = async (q: Promise<{ id: string }[]>) => (await q).map((r) => r.id);

/** Runs one job; answers what it did (for the log). */
export async function runStaffJob(db: Db, jobId: string): Promise<string> {
  const [job] = await db.select().from(staffJobs).where(eq(staffJobs.id, jobId));
  if (!job || job.status === 'DONE') return 'nothing to do';
  await db.update(staffJobs).set({ status: 'RUNNING', startedAt: new Date(), done: 0, total: 0, error: null }).where(eq(staffJobs.id, jobId));
  try {
    if (job.kind === 'ROLE_SAVE') {
      const [tpl] = await db.select().from(roleTemplates).where(eq(roleTemplates.id, job.subjectId ?? '00000000-0000-0000-0000-000000000000'));
      const ids = tpl ? await idsOf(db.select({ id: users.id }).from(users).where(eq(users.templateId, tpl.id)).orderBy(asc(users.id))) : [];
      const keys = textArray(tpl?.permissions ?? []);
      await inBatches(db, jobId, ids, (batch) => db.update(users).set({
        extraPermissions: sql`coalesce((select array_agg(k order by k) from unnest(${users.extraPermissions}) k where not k = any(${keys})), '{}'::text[])`,
        revokedPermissions: sql`coalesce((select array_agg(k order by k) from unnest(${users.revokedPermissions}) k where k = any(${keys})), '{}'::text[])`,
      }).where(inArray(users.id, batch)));
    } else {
      const key = job.subject;
      const [perm] = job.kind === 'PERMISSION_SAVE' ? await db.select().from(permissions).where(eq(permissions.key, key)) : [];
      // A permission deleted after its save is handled as deleted.
      const allowed = perm ? textArray(perm.allowedRoles) : null;
      const notAllowed = (col: SQL | typeof roleTemplates.baseRole | typeof users.role) => (allowed ? sql`not (${col} = any(${allowed}))` : sql`true`);
      await db.update(roleTemplates).set({ permissions: sql`array_remove(${roleTemplates.permissions}, ${key})` })
        .where(and(sql`${key} = any(${roleTemplates.permissions})`, notAllowed(roleTemplates.baseRole)));
      const holds = allowed ? sql`${key} = any(${users.extraPermissions})` : sql`(${key} = any(${users.extraPermissions}) or ${key} = any(${users.revokedPermissions}))`;
      const ids = await idsOf(db.select({ id: users.id }).from(users).where(and(holds, notAllowed(users.role))).orderBy(asc(users.id)));
      await inBatches(db, jobId, ids, (batch) => db.update(users).set({
        extraPermissions: sql`array_remove(${users.extraPermissions}, ${key})`,
        ...(allowed ? {} : { revokedPermissions: sql`array_remove(${users.revokedPermissions}, ${key})` }),
      }).where(inArray(users.id, batch)));
    }
    await db.update(staffJobs).set({ status: 'DONE', finishedAt: new Date() }).where(eq(staffJobs.id, jobId));
    // Every signed-in account sees its permissions as they are now, in every process.
    await invalidate(db, 'users');
    return `${job.kind} ${job.subject}: done`;
  } catch (e) {
    await db.update(staffJobs).set({ status: 'FAILED', error: (e as Error).message.slice(0, 500) }).where(eq(staffJobs.id, jobId));
    throw e;
  }
}
