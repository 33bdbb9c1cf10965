import { and, eq, inArray, sql } from 'drizzle-orm';
import { EXPORT_MESSAGES, FAILED_CALL_OUTCOMES, SUPPORT_REPORT_COLUMNS, SUPPORT_REPORT_KIND, toCsv } from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { exportJobs } from '../../db/schema.js';
import { rowsOf } from '../../lib/query.js';

export interface SupportReportParams { hours: number; since: string }

const CHUNK = 1000;
/** The failed calls, by the contract's one definition (the systems page counts the same). */
const FAILED = sql`outcome in (${sql.join(FAILED_CALL_OUTCOMES.map((o) => sql`${o}`), sql`, `)})`;

/**
 * Builds the support report of one export: the failed outside-system calls (provider_calls,
 * FAILED_CALL_OUTCOMES) of the period, newest first, read CHUNK at a time by id (the progress moves with
 * them). Runs again from the start if a previous attempt died; a failure is recorded on the row.
 */
export async function runSupportReport(db: Db, exportId: string): Promise<string> {
  const [row] = await db.update(exportJobs).set({ status: 'RUNNING', progress: 0 })
    .where(and(eq(exportJobs.id, exportId), eq(exportJobs.kind, SUPPORT_REPORT_KIND), inArray(exportJobs.status, ['QUEUED', 'RUNNING']))).returning();
  if (!row) return 'skipped';
  const p = row.params as SupportReportParams;
  try {
    const [count] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from provider_calls where created_at > ${p.since}::timestamptz and ${FAILED}`);
    const total = Math.max(1, Number(count?.n ?? 0));
    const lines: string[][] = [];
    let before = Number.MAX_SAFE_INTEGER;
    for (;;) {
      const rows = await rowsOf<{ id: number; at: Date; provider: string; action: string; outcome: string; description: string | null; txId: string | null }>(db, sql`
        select id::float8 as id, created_at as at, provider, action, outcome, response->>'description' as description, tx_id::text as "txId"
        from provider_calls where created_at > ${p.since}::timestamptz and ${FAILED} and id < ${before}
        order by id desc limit ${CHUNK}`);
      if (!rows.length) break;
      before = Number(rows[rows.length - 1]!.id);
      for (const r of rows) lines.push([new Date(r.at).toISOString(), `payments:${r.provider}`, r.action, r.outcome, r.description ?? '', r.txId ?? '']);
      await db.update(exportJobs).set({ progress: Math.min(99, Math.floor((lines.length * 100) / total)), rows: lines.length }).where(eq(exportJobs.id, exportId));
    }
    const csv = toCsv(SUPPORT_REPORT_COLUMNS, lines);
    await db.update(exportJobs).set({ status: 'DONE', progress: 100, rows: lines.length, content: `\uFEFF${csv}\r\n`, finishedAt: new Date() }).where(eq(exportJobs.id, exportId));
    return 'done';
  } catch (e) {
    await db.update(exportJobs).set({ status: 'FAILED', error: EXPORT_MESSAGES.FAILED, finishedAt: new Date() }).where(eq(exportJobs.id, exportId));
    return `failed: ${(e as Error).message}`;
  }
}

/** Support reports left queued: queued again when the queue starts. */
export async function queuedSupportReports(db: Db): Promise<string[]> {
  const rows = await db.select({ id: exportJobs.id }).from(exportJobs)
    .where(and(inArray(exportJobs.status, ['QUEUED', 'RUNNING']), eq(exportJobs.kind, SUPPORT_REPORT_KIND))).limit(100);
  return rows.map((r) => r.id);
}
