import { and, eq, inArray, sql } from 'drizzle-orm';
import { EXPORT_MESSAGES, HIGH_DEPOSITORS_COLUMNS, HIGH_DEPOSITORS_KIND, cmpDec, roundDec, toCsv, type ExportView } from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import type { FastifyReply } from 'fastify';
import { exportJobs } from '../../db/schema.js';
import { HttpError } from '../../lib/http.js';
import { rowsOf, textArray } from '../../lib/query.js';
import { loadOperators } from '../../lib/scope.js';

/** What the export was asked for, as stored on its row (the operators resolved when it was made). */
export interface HighDepositorsParams {
  opIds: string[];
  /** First instant of the period (inclusive). */
  from?: string;
  /** First instant after the period (exclusive). */
  to?: string;
  /** USD, an exact decimal (a number on exports made before it was stored as text). */
  threshold: string | number;
  trimDecimals: boolean;
}

/** Players read per step: the progress moves step by step over the operators' players. */
const CHUNK = 1000;

/**
 * The finished CSV of a background export, as a download (409 while it is being built): the one
 * answer of every export's file call (Export High Depositors, the support report).
 */
export function sendExportFile(reply: FastifyReply, row: typeof exportJobs.$inferSelect): void {
  if (row.status !== 'DONE' || row.content === null) throw new HttpError(409, [EXPORT_MESSAGES.NOT_READY], 'NOT_READY');
  reply.header('content-type', 'text/csv; charset=utf-8')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `attachment; filename="${row.fileName.replace(/[^\w.-]/g, '_')}"`)
    .header('cache-control', 'private, no-store')
    .send(row.content);
}

export function viewOf(row: typeof exportJobs.$inferSelect, downloadUrl: (id: string) => string): ExportView {
  return {
    exportId: row.id, kind: row.kind, opId: row.opId, status: row.status as ExportView['status'], progress: row.progress, rows: row.rows,
    fileName: row.fileName, downloadUrl: row.status === 'DONE' ? downloadUrl(row.id) : null, error: row.error,
    createdAt: row.createdAt.toISOString(), finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Builds the high depositors CSV of one export: the operators' players by id, CHUNK at a time,
 * each step summing their confirmed deposits in the period (the transactions' player index) and
 * recording the progress on the export row; the players at or above the threshold, largest
 * total first. Runs again from the start if a previous attempt died; a finished export is left
 * alone. A failure is recorded on the row (the console shows it) rather than retried.
 */
export async function runHighDepositors(db: Db, exportId: string): Promise<string> {
  const [row] = await db.update(exportJobs).set({ status: 'RUNNING', progress: 0 })
    .where(and(eq(exportJobs.id, exportId), eq(exportJobs.kind, HIGH_DEPOSITORS_KIND), inArray(exportJobs.status, ['QUEUED', 'RUNNING']))).returning();
  if (!row) return 'skipped';
  const p = row.params as HighDepositorsParams;
  try {
    const [count] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from players where op_id = any(${textArray(p.opIds)}::text[])`);
    const total = Math.max(1, Number(count?.n ?? 0));
    const { byId } = await loadOperators(db);
    const found: { code: string; username: string | null; email: string | null; opId: string; n: number; usd: string; first: string; last: string }[] = [];
    let after = '00000000-0000-0000-0000-000000000000';
    let seen = 0;
    for (;;) {
      const ids = await rowsOf<{ id: string }>(db, sql`select id::text as id from players
        where op_id = any(${textArray(p.opIds)}::text[]) and id > ${after}::uuid order by id limit ${CHUNK}`);
      if (!ids.length) break;
      after = ids[ids.length - 1]!.id;
      seen += ids.length;
      const sums = await rowsOf<{ code: string; username: string | null; email: string | null; opId: string; n: number; usd: string; first: Date; last: Date }>(db, sql`
        select p.player_code as code, p.username, p.email, p.op_id as "opId", count(*)::int as n, sum(t.to_amount_in_usd)::text as usd,
          min(t.created_at) as first, max(t.created_at) as last
        from players p join transactions t on t.player_id = p.id
        where p.id = any(${textArray(ids.map((x) => x.id))}::uuid[]) and t.transaction_type = 'DEPOSIT' and t.status = 'CONFIRMED' and not t.is_deleted
          ${p.from ? sql`and t.created_at >= ${p.from}::timestamptz` : sql``} ${p.to ? sql`and t.created_at < ${p.to}::timestamptz` : sql``}
        group by p.id, p.player_code, p.username, p.email, p.op_id
        having sum(t.to_amount_in_usd) >= ${String(p.threshold)}::numeric`);
      for (const s of sums) found.push({ ...s, first: new Date(s.first).toISOString(), last: new Date(s.last).toISOString() });
      await db.update(exportJobs).set({ progress: Math.min(99, Math.floor((seen * 100) / total)), rows: found.length }).where(eq(exportJobs.id, exportId));
    }
    found.sort((a, b) => cmpDec(b.usd, a.usd) || a.code.localeCompare(b.code));
    const csv = toCsv(HIGH_DEPOSITORS_COLUMNS, found.map((f) => [
      f.code, f.username ?? '', f.email ?? '', byId.get(f.opId)?.title ?? f.opId, String(f.n),
      p.trimDecimals ? roundDec(f.usd, 0) : roundDec(f.usd, 2), f.first, f.last,
    ]));
    await db.update(exportJobs).set({ status: 'DONE', progress: 100, rows: found.length, content: `\uFEFF${csv}\r\n`, finishedAt: new Date() })
      .where(eq(exportJobs.id, exportId));
    return 'done';
  } catch (e) {
    await db.update(exportJobs).set({ status: 'FAILED', error: EXPORT_MESSAGES.FAILED, finishedAt: new Date() }).where(eq(exportJobs.id, exportId));
    return `failed: ${(e as Error).message}`;
  }
}

/** Exports left queued (made while no queue ran in that process, or their job was lost): queued again when the queue starts. */
export async function queuedExports(db: Db): Promise<string[]> {
  const rows = await db.select({ id: exportJobs.id }).from(exportJobs)
    .where(and(inArray(exportJobs.status, ['QUEUED', 'RUNNING']), eq(exportJobs.kind, HIGH_DEPOSITORS_KIND))).limit(100);
  return rows.map((r) => r.id);
}
