import { ENDPOINTS, EXPORT_MESSAGES, HIGH_DEPOSITORS_KIND, fillPath } from '@pitboss/contract';
import { exportJobs } from '../../db/schema.js';
import { ok } from '../../lib/http.js';
import { enqueue } from '../../jobs/queue.js';
import type { Handlers } from '../../platform/endpoints.js';
import { sendExportFile, viewOf, type HighDepositorsParams } from './high-depositors.js';

const fileUrl = (id: string) => fillPath(ENDPOINTS['exports.file'].path, { id });
const stamp = (d: Date) => d.toISOString().slice(0, 19).replace(/[:T]/g, '-');

export const exportHandlers: Handlers<'exports.highDepositors' | 'exports.get' | 'exports.file'> = {
  /**
   * Export High Depositors: the export is recorded (with its activity) and handed to the job
   * queue; the answer is the export to follow (`fileName` is its file, downloadable once DONE).
   */
  'exports.highDepositors': async ({ db, user, body, scope, audit }) => {
    const params: HighDepositorsParams = {
      opIds: scope ?? [body.opId], from: body.from, to: body.to, threshold: body.depositAmountInUSDThreshold, trimDecimals: body.trimDecimals,
    };
    const now = new Date();
    const row = await db.transaction(async (tx) => {
      const [r] = await tx.insert(exportJobs).values({
        kind: HIGH_DEPOSITORS_KIND, opId: body.opId, requestedBy: user.email, params, fileName: `high-depositors-${body.opId}-${stamp(now)}.csv`, createdAt: now,
      }).returning();
      await audit(tx, { targetType: 'export', targetId: r!.id, opId: body.opId, after: { kind: HIGH_DEPOSITORS_KIND, includeBrands: body.includeBrands, ...params } });
      return r!;
    });
    await enqueue(db, 'exports.high-depositors', { exportId: row.id }, row.id);
    return ok(viewOf(row, fileUrl), [EXPORT_MESSAGES.QUEUED]);
  },

  'exports.get': async ({ reply, found }) => {
    reply.header('cache-control', 'no-store');
    return ok(viewOf(found, fileUrl));
  },

  'exports.file': async ({ reply, found }) => {
    sendExportFile(reply, found);
  },
};
