/** Export High Depositors (001 §2, §5, §7): validated, built by a job of the queue with progress, downloaded as CSV. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { EXPORT_MESSAGES, HIGH_DEPOSITORS_COLUMNS, MSG, highDepositorsForm, roundDec } from '@pitboss/contract';
import { activities, exportJobs } from '../src/db/schema.js';
import { loadConfig } from '../src/config.js';
import { startJobs } from '../src/jobs/index.js';
import { rowsOf, textArray } from '../src/lib/query.js';
import { expectError, makeApp, until } from './support.js';
import type { Login, TestApp } from './helpers.js';

const ADMIN: Login = 'admin@demo.local';
const URL = '/api/players/max-deposit';
const ALPHA = ['op-alpha', 'alpha-bet', 'alpha-casino'];

let t: TestApp;
beforeAll(async () => { t = await makeApp({ jobs: true }); });
afterAll(async () => { await t.close(); });

const start = (body: unknown, as: Login = ADMIN) => t.call('POST', URL, { as, body });
const follow = (exportId: string) => until('the export finished', async () => (await t.call('GET', `/api/exports/${exportId}`, { as: ADMIN })).json().data, (d) => d.status === 'DONE' || d.status === 'FAILED');

/** The expected rows, computed independently: confirmed deposits per player of the operators, at or above the threshold. */
async function expected(opIds: string[], threshold: string, from?: string) {
  return rowsOf<{ code: string; n: number; usd: string }>(t.database.db, sql`
    select p.player_code as code, count(*)::int as n, sum(t.to_amount_in_usd)::text as usd from transactions t join players p on p.id = t.player_id
    where p.op_id = any(${textArray(opIds)}::text[]) and t.transaction_type = 'DEPOSIT' and t.status = 'CONFIRMED' and not t.is_deleted
      ${from ? sql`and t.created_at >= ${from}::timestamptz` : sql``}
    group by p.player_code having sum(t.to_amount_in_usd) >= ${threshold}::numeric order by sum(t.to_amount_in_usd) desc, p.player_code`);
}

const parse = (csv: string) => csv.replace(/^\uFEFF/, '').trim().split('\r\n').map((l) => l.split(','));

describe('POST /api/players/max-deposit', () => {
  it('queues the export; the job builds the CSV with progress; the file downloads as an attachment, equal to the deposits', async () => {
    const res = await start({ opId: 'op-alpha', includeBrands: true, depositAmountInUSDThreshold: 1000 });
    expect(res.statusCode, res.body).toBe(200);
    const queued = res.json();
    expect(queued.messages).toEqual([EXPORT_MESSAGES.QUEUED]);
    expect(queued.data).toMatchObject({ status: 'QUEUED', opId: 'op-alpha', downloadUrl: null, kind: 'HIGH_DEPOSITORS' });
    expect(queued.data.fileName).toMatch(/^high-depositors-op-alpha-[\d-]+\.csv$/);
    const act = await t.lastActivity();
    expect(act).toMatchObject({ action: 'EXPORT_HIGH_DEPOSITORS', targetType: 'export', targetId: queued.data.exportId, opId: 'op-alpha', actorEmail: ADMIN });

    const done = await follow(queued.data.exportId);
    const want = await expected(ALPHA, '1000');
    expect(done).toMatchObject({ status: 'DONE', progress: 100, rows: want.length, downloadUrl: `/api/exports/${queued.data.exportId}/file` });
    expect(want.length).toBeGreaterThan(0);

    const file = await t.call('GET', done.downloadUrl, { as: ADMIN });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${done.fileName}"`);
    const [head, ...rows] = parse(file.body);
    expect(head).toEqual([...HIGH_DEPOSITORS_COLUMNS]);
    expect(rows.map((r) => [r[0], Number(r[4]), r[5]])).toEqual(want.map((w) => [w.code, w.n, roundDec(w.usd, 2)]));
  });

  it('without brands, only the operator itself; trimDecimals writes whole USD; the period limits the deposits', async () => {
    const from = new Date(Date.now() - 30 * 86_400_000).toISOString();
    const res = await start({ opId: 'op-alpha', includeBrands: false, trimDecimals: true, from, depositAmountInUSDThreshold: 0 });
    const done = await follow(res.json().data.exportId);
    const want = await expected(['op-alpha'], '0', from);
    expect(want.length).toBeGreaterThan(0);
    // The same players without the period: the period left some deposits out.
    expect((await expected(['op-alpha'], '0')).reduce((n, w) => n + w.n, 0)).toBeGreaterThan(want.reduce((n, w) => n + w.n, 0));
    const [, ...rows] = parse((await t.call('GET', done.downloadUrl, { as: ADMIN })).body);
    expect(rows.map((r) => [r[0], r[3], r[5]])).toEqual(want.map((w) => [w.code, 'Alpha Gaming', roundDec(w.usd, 0)]));
    expect(rows.filter((r) => !/^\d+$/.test(r[5]!))).toEqual([]);
  });

  it('an operator must be selected: "Operator not found, please select an operator."', async () => {
    for (const body of [{ depositAmountInUSDThreshold: 10 }, { opId: '', depositAmountInUSDThreshold: 10 }, { opId: '*', depositAmountInUSDThreshold: 10 }, { opId: 'no-such-op', depositAmountInUSDThreshold: 10 }]) {
      const res = await start(body);
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().messages).toEqual([MSG.OPERATOR_NOT_FOUND]);
    }
  });

  it('the threshold is a USD number of at least 0', async () => {
    for (const v of [-1, -0.01, '100', null]) {
      const res = await start({ opId: 'op-alpha', depositAmountInUSDThreshold: v });
      expect(res.statusCode, String(v)).toBe(400);
      expect(res.json().messages).toEqual([EXPORT_MESSAGES.THRESHOLD]);
    }
    expect((await start({ opId: 'op-alpha', depositAmountInUSDThreshold: 0 })).statusCode).toBe(200);
  });

  it('the threshold has at most 2 decimals, on the server as in the form', async () => {
    for (const v of [10.005, 0.1 + 0.2, 1e-7, 1e12, Number.MAX_SAFE_INTEGER]) {
      expectError(await start({ opId: 'op-alpha', depositAmountInUSDThreshold: v }), 400, [EXPORT_MESSAGES.THRESHOLD]);
    }
    expect(highDepositorsForm.safeParse({ opId: 'op-alpha', includeBrands: true, trimDecimals: false, from: '', to: '', threshold: '10.005' }).error?.issues.map((i) => i.message)).toEqual([EXPORT_MESSAGES.THRESHOLD]);
    for (const [v, text] of [[10.5, '10.5'], [999_999_999_999.99, '999999999999.99']] as const) {
      const res = await start({ opId: 'op-alpha', depositAmountInUSDThreshold: v });
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await t.database.db.select().from(exportJobs).where(eq(exportJobs.id, res.json().data.exportId));
      expect(row!.params).toMatchObject({ threshold: text });
    }
  });

  it('from after to is refused with the form\'s message, the two compared as instants whatever their offsets', async () => {
    expectError(await start({ opId: 'op-alpha', from: '2026-03-02T00:00:00.000Z', to: '2026-03-01T00:00:00.000Z', depositAmountInUSDThreshold: 1 }), 400, [MSG.DATE_RANGE_INVALID]);
    // 20:00 UTC is after 00:00 at +05:00 (19:00 UTC), though it sorts first as text.
    expectError(await start({ opId: 'op-alpha', from: '2026-03-01T20:00:00Z', to: '2026-03-02T00:00:00+05:00', depositAmountInUSDThreshold: 1 }), 400, [MSG.DATE_RANGE_INVALID]);
    expect((await start({ opId: 'op-alpha', from: '2026-03-02T00:00:00+05:00', to: '2026-03-01T20:00:00Z', depositAmountInUSDThreshold: 1 })).statusCode).toBe(200);
    expect(highDepositorsForm.safeParse({ opId: 'op-alpha', includeBrands: true, trimDecimals: false, from: '2026-03-02', to: '2026-03-01', threshold: '1' }).error?.issues.map((i) => i.message)).toEqual([MSG.DATE_RANGE_INVALID]);
  });

  it('the period runs from `from` (inclusive) until `to` (exclusive), as the console sends the day after the last day', async () => {
    // One confirmed deposit of Alpha moved to a known instant, alone in its day.
    const [dep] = await rowsOf<{ id: string; code: string; usd: string }>(t.database.db, sql`
      select t.tx_id::text as id, p.player_code as code, t.to_amount_in_usd::text as usd from transactions t join players p on p.id = t.player_id
      where p.op_id = 'op-alpha' and t.transaction_type = 'DEPOSIT' and t.status = 'CONFIRMED' and not t.is_deleted and t.to_amount_in_usd > 0 limit 1`);
    const at = '2021-06-15T12:00:00.000Z';
    await t.database.db.execute(sql`update transactions set created_at = ${at}::timestamptz where tx_id = ${dep!.id}::uuid`);
    const run = async (from: string, to: string) => {
      const res = await start({ opId: 'op-alpha', includeBrands: false, from, to, depositAmountInUSDThreshold: 0 });
      expect(res.statusCode, res.body).toBe(200);
      const done = await follow(res.json().data.exportId);
      expect(done.status).toBe('DONE');
      return parse((await t.call('GET', done.downloadUrl, { as: ADMIN })).body).slice(1);
    };
    expect(await run('2021-06-15T00:00:00.000Z', at)).toEqual([]);
    const upTo = await run('2021-06-15T00:00:00.000Z', '2021-06-15T12:00:00.001Z');
    expect(upTo.map((r) => [r[0], r[4], r[5]])).toEqual([[dep!.code, '1', roundDec(dep!.usd, 2)]]);
    const from = await run(at, '2021-06-16T00:00:00.000Z');
    expect(from.map((r) => r[0])).toEqual([dep!.code]);
  });

  it('SUPER_ADMIN and ADMIN only; an export of another operator is not found for operator staff', async () => {
    for (const as of ['operator.admin@demo.local', 'operator.manager@demo.local', 'partner@demo.local', 'devops@demo.local'] as const) {
      const res = await start({ opId: 'op-alpha', depositAmountInUSDThreshold: 1 }, as);
      expect(res.statusCode).toBe(403);
      expect(res.json().messages).toEqual([MSG.NO_PERMISSION]);
    }
    const [row] = await t.database.db.select().from(exportJobs).orderBy(desc(exportJobs.createdAt)).limit(1);
    expect((await t.call('GET', `/api/exports/${row!.id}`, { as: 'operator.admin@demo.local' })).statusCode).toBe(403);
    expect((await t.call('GET', `/api/exports/${crypto.randomUUID()}`, { as: ADMIN })).statusCode).toBe(404);
  });
});

describe('an export made while no queue runs', () => {
  it('stays queued (its file is not ready), and runs when a queue starts', async () => {
    const solo = await makeApp();
    try {
      const res = await solo.call('POST', URL, { as: ADMIN, body: { opId: 'op-bravo', includeBrands: true, depositAmountInUSDThreshold: 500 } });
      const id = res.json().data.exportId as string;
      expect(res.json().data.status).toBe('QUEUED');
      const file = await solo.call('GET', `/api/exports/${id}/file`, { as: ADMIN });
      expect(file.statusCode).toBe(409);
      expect(file.json().messages).toEqual([EXPORT_MESSAGES.NOT_READY]);
      const jobs = await startJobs(solo.database, loadConfig({ LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv), { pollSeconds: 0.5 });
      try {
        const done = await until('the export ran', async () => (await solo.call('GET', `/api/exports/${id}`, { as: ADMIN })).json().data, (d) => d.status === 'DONE');
        expect(done.rows).toBe((await rowsOf(solo.database.db, sql`select 1 from transactions t join players p on p.id = t.player_id
          where p.op_id in ('op-bravo', 'bravo-spin', 'bravo-sports') and t.transaction_type = 'DEPOSIT' and t.status = 'CONFIRMED' and not t.is_deleted
          group by p.id having sum(t.to_amount_in_usd) >= 500`)).length);
      } finally {
        await jobs.stop();
      }
      expect((await solo.database.db.select().from(activities).where(eq(activities.targetId, id))).map((a) => a.action)).toEqual(['EXPORT_HIGH_DEPOSITORS']);
    } finally {
      await solo.close();
    }
  });
});
