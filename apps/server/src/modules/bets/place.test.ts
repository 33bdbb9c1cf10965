import { describe, expect, it } from 'vitest';
import { toUnits } from '@pitboss/contract';
import { rng } from '../../db/seed.js';
import { DEMO_RTP, drawBet, type DrawnOutcome } from './place.js';

/** Draws `n` bets of 1,000 USD balances; answers the stakes and wins of those the draw settled, in cents. */
function book(n: number, statusOf: (casino: boolean, r: number) => DrawnOutcome) {
  const rand = rng(7);
  const at = new Date('2026-11-01T12:00:00Z');
  let staked = 0n, paid = 0n, won = 0, lost = 0;
  for (let seq = 1; seq <= n; seq++) {
    const d = drawBet(rand, { opId: 'op-alpha', playerId: 'p', currency: 'USD', rate: '1', balance: '1000', seq, placedAt: () => at, settledAt: () => at, statusOf })!;
    if (d.row.status === 'WON') won++;
    if (d.row.status === 'LOST') lost++;
    if (d.row.status !== 'WON' && d.row.status !== 'LOST') continue;
    staked += toUnits(d.row.stake);
    paid += toUnits(d.row.win ?? '0');
  }
  return { staked, paid, won, lost };
}

describe('the demo book (drawBet)', () => {
  it('settles a bet won or lost by its odds: players win back about DEMO_RTP of their stakes, the house keeps its edge', () => {
    const { staked, paid, won, lost } = book(20_000, () => 'SETTLED');
    expect(won + lost).toBe(20_000);
    expect(won).toBeGreaterThan(2_000);
    const rtp = Number((paid * 10_000n) / staked) / 10_000;
    expect(rtp).toBeGreaterThan(DEMO_RTP - 0.1);
    expect(rtp).toBeLessThan(1);
  });

  it('keeps the outcomes its caller draws other than settled: open, cashed out and canceled bets are never won or lost', () => {
    for (const outcome of ['OPEN', 'CASHBACK', 'CANCELED'] as const) {
      const { won, lost } = book(200, () => outcome);
      expect({ outcome, won, lost }).toEqual({ outcome, won: 0, lost: 0 });
    }
  });
});
