/**
 * Demo bonus forms and requests (issue 9): each parent operator has a few forms (cash and locked
 * prizes, one inactive), each brand one of its own; requests of their players wait in the queue
 * (/bonus/form/requests), some were rejected with a note for the player (/bonus/form/history).
 * Approved requests appear when staff approve them (the money goes through the ledger then).
 * Deterministic (the seed's PRNG); dates relative to now.
 */
import { randomUUID } from 'node:crypto';
import type { BonusPrizeType } from '@pitboss/contract';
import { bulkInsert } from './bulk.js';
import type { Db } from './client.js';
import { bonusForms, bonusRequests } from './schema.js';
import { demoDeciderOf, demoStaffOf } from './seed-people.js';

const PARENT_FORMS: { title: string; prizeType: BonusPrizeType; def: string; max: string; active: boolean }[] = [
  { title: 'Welcome back cash prize', prizeType: 'CASH', def: '10.00', max: '100.00', active: true },
  { title: 'Loyalty locked bonus', prizeType: 'LOCKED', def: '25.00', max: '500.00', active: true },
  { title: 'VIP compensation', prizeType: 'CASH', def: '50.00', max: '1000.00', active: true },
  { title: 'Summer promotion (ended)', prizeType: 'LOCKED', def: '15.00', max: '150.00', active: false },
];
const NOTES = [
  'Player asked for the promised welcome back bonus.', 'Compensation for the delayed withdrawal.', 'Tournament runner-up prize.',
  'Birthday bonus requested by the VIP manager.', 'Goodwill gesture after the game outage.', 'Loyalty reward for 12 months of play.',
];
const REJECT_NOTES = ['You are not eligible for this bonus yet.', 'This bonus was already granted this month.', 'The promotion has ended.'];

export async function seedBonusForms(db: Db, opts: {
  operators: readonly { opId: string; parentOpId: string | null; kind: string; title: string }[];
  players: readonly { id: string; opId: string }[];
  rand: () => number; now: number;
}): Promise<void> {
  const { operators, players, rand, now } = opts;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const forms: (typeof bonusForms.$inferInsert & { id: string; opId: string; prizeType: string; maxAmountInUsd: string; defaultAmountInUsd: string; isActive: boolean })[] = [];
  for (const op of operators) {
    const at = (days: number) => new Date(now - days * 86_400_000);
    if (op.kind === 'OPERATOR') {
      PARENT_FORMS.forEach((f, i) => forms.push({
        id: randomUUID(), opId: op.opId, title: f.title, prizeType: f.prizeType, defaultAmountInUsd: f.def, maxAmountInUsd: f.max, isActive: f.active,
        createdBy: 'admin@demo.local', createdAt: at(60 - i * 7), updatedAt: at(60 - i * 7),
      }));
    } else if (op.kind === 'BRAND') {
      forms.push({
        id: randomUUID(), opId: op.opId, title: `${op.title} reload bonus`, prizeType: 'LOCKED', defaultAmountInUsd: '20.00', maxAmountInUsd: '200.00', isActive: true,
        createdBy: demoDeciderOf(op.opId), createdAt: at(20), updatedAt: at(20),
      });
    }
  }
  const parentOf = new Map(operators.map((o) => [o.opId, o.parentOpId]));
  const requests: (typeof bonusRequests.$inferInsert)[] = [];
  for (const form of forms.filter((f) => f.isActive)) {
    const eligible = players.filter((p) => p.opId === form.opId || parentOf.get(p.opId) === form.opId);
    if (!eligible.length) continue;
    for (let i = 0; i < 4; i++) {
      const p = eligible[Math.floor(rand() * eligible.length)]!;
      const created = new Date(now - Math.floor(rand() * 10 * 86_400_000) - 60_000);
      // Whole dollars between the default and the maximum (some at the default).
      const def = Number.parseInt(form.defaultAmountInUsd, 10);
      const max = Number.parseInt(form.maxAmountInUsd, 10);
      const amount = `${rand() < 0.4 ? def : def + Math.floor(rand() * (max - def))}.00`;
      const rejected = i === 3 && rand() < 0.7;
      const decidedAt = rejected ? new Date(Math.min(now, created.getTime() + Math.floor(rand() * 86_400_000))) : null;
      requests.push({
        id: randomUUID(), bonusId: form.id, opId: p.opId, playerId: p.id, prizeType: form.prizeType, amountInUsd: amount, note: pick(NOTES),
        status: rejected ? 'REJECTED' : 'PENDING', noteForPlayer: rejected ? pick(REJECT_NOTES) : null,
        // Asked by staff who work on the player's operator, decided by its admin.
        createdBy: pick(demoStaffOf(p.opId)).email, createdAt: created, decidedBy: rejected ? demoDeciderOf(p.opId) : null, decidedAt,
        sortAt: decidedAt ?? created,
      });
    }
  }
  await bulkInsert(db, bonusForms, forms);
  await bulkInsert(db, bonusRequests, requests);
}
