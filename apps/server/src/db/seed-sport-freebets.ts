/**
 * Demo sport free bets (issue 9): every parent operator's sportsbook account gets the simulator's
 * demo templates (enabled ones of each stage, a paused one, an ended one), and a few players hold
 * a free bet granted by staff (Live Tennis and Derby Night), recorded as the console records a grant.
 * Deterministic: the players are those with the highest codes of each operator.
 */
import { FREEBET_MESSAGES } from '@pitboss/contract';
import type { Db } from './client.js';
import { sportFreebetGrants } from './schema.js';
import { SIM_DEMO_TEMPLATES, SportsbookSimulator } from '../integrations/sportsbook/simulator.js';
import { demoDeciderOf } from './seed-people.js';

const GRANTED_KEYS = ['live-tennis', 'lira-derby'] as const;

export async function seedSportFreebets(db: Db, opts: {
  operators: readonly { opId: string; parentOpId: string | null; kind: string }[];
  players: readonly { id: string; opId: string; playerCode: string }[];
}): Promise<void> {
  const sim = new SportsbookSimulator(db);
  const parents = opts.operators.filter((o) => o.kind === 'OPERATOR').map((o) => o.opId);
  await sim.ensureAccounts(parents);
  const page = await sim.listTemplates({ accounts: parents, page: 1, pageSize: 1000 });
  const parentOf = new Map(opts.operators.map((o) => [o.opId, o.parentOpId]));
  for (const account of parents) {
    const mine = opts.players.filter((p) => p.opId === account || parentOf.get(p.opId) === account)
      .sort((a, b) => (a.playerCode < b.playerCode ? 1 : -1)).slice(0, 3);
    for (const [i, p] of mine.entries()) {
      const name = SIM_DEMO_TEMPLATES.find((d) => d.key === GRANTED_KEYS[i % GRANTED_KEYS.length])!.name;
      const t = page.items.find((x) => x.account === account && x.name === name);
      if (!t) continue;
      const d = t.freebetData;
      const res = await sim.grantFreebet({ account, playerId: p.id, templateId: t.id, betCount: d.betCount, betAmount: d.betAmount, currency: d.currency, reference: crypto.randomUUID() });
      await db.insert(sportFreebetGrants).values({
        opId: p.opId, playerId: p.id, templateId: t.id, templateName: t.name, betCount: d.betCount, betAmount: d.betAmount, currency: d.currency,
        result: res.outcome, errorCode: res.outcome === 'REFUSED' ? res.errorCode : null, message: res.outcome === 'GRANTED' ? FREEBET_MESSAGES.GRANTED : null,
        freebetId: res.outcome === 'GRANTED' ? res.freebet.id : null, adapter: sim.kind, grantedBy: demoDeciderOf(p.opId),
      });
    }
  }
}
