/**
 * The risk report's demo data: in each operator with players, a few card numbers sit on the
 * bank accounts of two or three different players (the pattern the report exists to show). The
 * report roll-ups (report_*_daily, risk_cards) follow from the rows by trigger.
 */
import type { Db } from './client.js';
import { bulkInsert } from './bulk.js';
import { bankAccounts } from './schema.js';

export async function seedReports(db: Db, o: { players: readonly { id: string; opId: string; playerCode: string }[]; now: number }): Promise<void> {
  const byOp = new Map<string, { id: string; playerCode: string }[]>();
  for (const p of o.players) byOp.set(p.opId, [...(byOp.get(p.opId) ?? []), p]);
  const rows: (typeof bankAccounts.$inferInsert)[] = [];
  let n = 0;
  for (const [opId, ps] of byOp) {
    for (let card = 0; card < 3 && ps.length >= 8; card++) {
      const number = `4${String(5_000_000_000_000_00 + ++n * 7_919).padStart(15, '0')}`;
      const holders = ps.slice(card * 3, card * 3 + 2 + (card % 2));
      holders.forEach((p, i) => {
        const at = new Date(o.now - (card * 5 + i + 1) * 86_400_000);
        rows.push({
          playerId: p.id, opId, status: i === 0 ? 'approved' : 'pending', bankName: 'Garanti', nameOnCard: p.playerCode, cardNumber: number,
          approvedBy: i === 0 ? 'admin@demo.local' : null, confirmedAt: i === 0 ? at : null, createdAt: at, updatedAt: at,
        });
      });
    }
  }
  await bulkInsert(db, bankAccounts, rows);
}
