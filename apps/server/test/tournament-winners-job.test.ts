/**
 * Tournament winners are fixed at the end by the job queue (`tournaments.finalize-due`), without
 * any read of the tournament: a tournament whose end passes gets its winners written by the job,
 * once, from its leaderboard.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { tournamentEntries, tournamentWinners, tournaments } from '../src/db/schema.js';
import { finalizeDue } from '../src/modules/tournaments/service.js';
import { completedRuns, makeApp, until } from './support.js';
import type { TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => { t = await makeApp({ jobs: { pollSeconds: 1 }, env: { TOURNAMENTS_FINALIZE_SECONDS: '1' } }); });
afterAll(async () => { await t.close(); });

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();

describe('tournament winners job', () => {
  it('writes the winners of a tournament whose end passes, without a read, once', async () => {
    const res = await t.call('POST', '/api/tournament', {
      as: 'admin@demo.local',
      body: {
        opId: 'op-alpha', title: `Job-fixed ${Math.random()}`, startsAt: iso(-10 * 24 * HOUR), endsAt: iso(3_000), scoring: 'TOTAL_WAGER',
        providers: ['Pragmatic Play', 'Evolution', 'NetEnt', "Play'n GO"], games: [], prizes: [{ rank: 1, amountUsd: '100' }, { rank: 2, amountUsd: '50' }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as string;
    const board = await t.database.db.select().from(tournamentEntries).where(eq(tournamentEntries.tournamentId, id))
      .orderBy(sql`score desc, reached_at, player_id`).limit(2);
    expect(board).toHaveLength(2);
    // Not before its end.
    expect(await t.database.db.select().from(tournamentWinners).where(eq(tournamentWinners.tournamentId, id))).toEqual([]);

    // From here on nothing calls the API: only the job can write the winners.
    const winners = await until('the winners written by the job', () =>
      t.database.db.select().from(tournamentWinners).where(eq(tournamentWinners.tournamentId, id)).orderBy(asc(tournamentWinners.rank)), (w) => w.length === 2, 30_000);
    expect(winners.map((w) => w.playerId)).toEqual(board.map((e) => e.playerId));
    expect(winners.map((w) => w.prizeUsd)).toEqual(['100.00000000', '50.00000000']);
    expect(winners.every((w) => w.status === 'PENDING')).toBe(true);
    const [row] = await t.database.db.select().from(tournaments).where(eq(tournaments.id, id));
    expect(row!.finalizedAt).not.toBeNull();
    expect(await completedRuns(t.database.db, 'tournaments.finalize-due')).toBeGreaterThan(0);

    // Idempotent: another sweep (and reads) fix nothing again.
    expect(await finalizeDue(t.database.db, null)).toEqual([]);
    expect((await t.call('GET', `/api/tournament/details/${id}`, { as: 'admin@demo.local' })).json().data.winners).toHaveLength(2);
    expect(await t.database.db.select().from(tournamentWinners).where(eq(tournamentWinners.tournamentId, id))).toHaveLength(2);
  });

  it('a backlog of ended tournaments is cleared by one sweep, each fixed once even with sweeps at once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const [row] = await t.database.db.insert(tournaments).values({
        opId: 'op-bravo', title: `Backlog ${i} ${Math.random()}`, startsAt: new Date(Date.now() - 2 * HOUR), endsAt: new Date(Date.now() - HOUR),
        scoring: 'TOTAL_WAGER', providers: [], games: [], prizes: [], prizePoolUsd: '0', createdBy: 'test',
      }).returning();
      ids.push(row!.id);
    }
    const all = (await Promise.all([finalizeDue(t.database.db, null), finalizeDue(t.database.db, null)])).flat();
    const mine = all.filter((x) => ids.includes(x));
    // Each fixed by exactly one sweep (the job may have taken some first).
    expect(new Set(mine).size).toBe(mine.length);
    const rows = await t.database.db.select().from(tournaments).where(inArray(tournaments.id, ids));
    expect(rows.every((r) => r.finalizedAt !== null)).toBe(true);
  });
});
