/**
 * Invoice runs (README "Billing"): invoice every active operator (with its brands) and every
 * partner with its own invoice settings for one month, one operator per transaction, the progress
 * on the `invoice_runs` row (/billing/invoices shows it). An invoice that exists is skipped
 * unless the run overwrites; a run cut short (its process died) runs again from the start when
 * the queue hands it over, skipping what it already wrote.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { MONTHS, type TestPlayersInclusion } from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { billingSettings, invoiceRuns } from '../../db/schema.js';
import { auditAs } from '../../lib/audit.js';
import { HttpError } from '../../lib/http.js';
import { loadOperators } from '../../lib/scope.js';
import { settingsFor, writeInvoice } from './service.js';

/** The operators a run invoices: active operators (brands inside their parent's invoice) and partners with their own settings. */
export async function runTargets(db: Db): Promise<{ opId: string; includeBrands: boolean }[]> {
  const { rows } = await loadOperators(db);
  const own = new Set((await db.select({ opId: billingSettings.opId }).from(billingSettings)).map((r) => r.opId));
  return rows
    .filter((r) => r.status === 'ACTIVE' && ((r.kind === 'OPERATOR' && !r.isCmsDefault) || (r.kind === 'PARTNER' && own.has(r.opId))))
    .sort((a, b) => a.opId.localeCompare(b.opId))
    .map((r) => ({ opId: r.opId, includeBrands: r.kind === 'OPERATOR' }));
}

export async function runInvoiceRun(db: Db, runId: string): Promise<string> {
  const [run] = await db.update(invoiceRuns).set({ status: 'RUNNING', done: 0, created: 0, skipped: 0, failed: 0, error: null })
    .where(sql`${invoiceRuns.id} = ${runId} and ${invoiceRuns.status} in ('QUEUED', 'RUNNING')`).returning();
  if (!run) return 'not found or finished';
  try {
    const targets = await runTargets(db);
    await db.update(invoiceRuns).set({ total: targets.length }).where(eq(invoiceRuns.id, runId));
    let created = 0; let skipped = 0; let failed = 0;
    for (const t of targets) {
      try {
        await db.transaction(async (tx) => {
          const { settings } = await settingsFor(tx, t.opId);
          const { row, before } = await writeInvoice(tx, {
            opId: t.opId, year: run.year, month: run.month, inclusion: run.testPlayersInclusion as TestPlayersInclusion, includeBrands: t.includeBrands,
            settings, overridden: false, title: `Invoice ${MONTHS[run.month - 1]} ${run.year}`, description: '', reference: `RUN-${run.id.slice(0, 8)}`,
            note: 'Monthly invoice run', superAdminNote: null, issuedAt: new Date(), by: run.createdBy, overwrite: run.overwriteExistingInvoice,
          });
          await auditAs(tx, { id: null, email: run.createdBy, role: null, ip: null }, {
            action: 'BILLING_INVOICE_GENERATE', targetType: 'billingRecord', targetId: row.id, opId: row.opId,
            before: before ? { amountInUSD: before.amountInUsd } : null, after: { invoiceNo: row.invoiceNo, year: row.year, month: row.month, amountInUSD: row.amountInUsd, runId },
          });
        });
        created++;
      } catch (e) {
        if (e instanceof HttpError && e.status === 'CONFLICT_ERROR') skipped++;
        else failed++;
      }
      await db.update(invoiceRuns).set({ done: created + skipped + failed, created, skipped, failed }).where(eq(invoiceRuns.id, runId));
    }
    await db.update(invoiceRuns).set({ status: failed ? 'FAILED' : 'DONE', finishedAt: new Date(), error: failed ? `${failed} operator(s) could not be invoiced` : null }).where(eq(invoiceRuns.id, runId));
    return `created ${created}, skipped ${skipped}, failed ${failed}`;
  } catch (e) {
    await db.update(invoiceRuns).set({ status: 'FAILED', finishedAt: new Date(), error: String((e as Error).message).slice(0, 500) }).where(eq(invoiceRuns.id, runId));
    return `failed: ${(e as Error).message}`;
  }
}

/** Runs recorded while no queue ran (or whose job was lost): handed to the queue at start. */
export async function unfinishedRuns(db: Db): Promise<string[]> {
  return (await db.select({ id: invoiceRuns.id }).from(invoiceRuns).where(inArray(invoiceRuns.status, ['QUEUED', 'RUNNING']))).map((r) => r.id);
}
