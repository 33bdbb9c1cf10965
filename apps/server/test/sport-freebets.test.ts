import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { FREEBET_ERROR_TEXTS, FREEBET_MESSAGES, PLATFORM_MESSAGES, SPORT_TEMPLATES_PAGE_SIZE, type SportTemplate } from '@pitboss/contract';
import { sportFreebetGrants, sportsbookSimTemplates } from '../src/db/schema.js';
import { HttpSportsbookClient, SIM_DEMO_TEMPLATES, sportsbookFor } from '../src/integrations/sportsbook/index.js';
import { rowsOf } from '../src/lib/query.js';
import type { Login, TestApp } from './helpers.js';
import { send, startJsonStub, type JsonStub, type StubRequest } from './json-stub.js';
import { ALPHA_PLAYER_OPS, BRAVO_SCOPE, expectError, expectForbidden, makeApp, pickPlayer } from './support.js';

const ADMIN: Login = 'admin@demo.local';
const OP_ADMIN: Login = 'operator.admin@demo.local';
const OP_MANAGER: Login = 'operator.manager@demo.local';

let t: TestApp;
beforeAll(async () => { t = await makeApp(); });
afterAll(async () => { await t.close(); });

async function templates(as: Login = OP_ADMIN, query = 'page=1') {
  const res = await t.call('GET', `/api/bonus/sport?${query}`, { as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { code: number; items: SportTemplate[]; message: string; metadata: { totalItems: number; itemsPerPage: number } };
}
/** Alpha's demo template by its simulator key. */
async function alphaTemplate(key: string) {
  await templates();
  const name = SIM_DEMO_TEMPLATES.find((d) => d.key === key)!.name;
  const [r] = await t.database.db.select().from(sportsbookSimTemplates).where(and(eq(sportsbookSimTemplates.opId, 'op-alpha'), eq(sportsbookSimTemplates.name, name)));
  return r!;
}
/** A grant with its Idempotency-Key (a fresh one unless given: each call is a new click). */
const grant = (playerId: string, body: Record<string, unknown>, as: Login = OP_ADMIN, key: string = `test-${crypto.randomUUID()}`) =>
  t.call('POST', `/api/bonus/sport/player/${playerId}`, { as, body, headers: { 'idempotency-key': key } });
const alphaPlayer = () => pickPlayer(t, { opIds: ALPHA_PLAYER_OPS, isDeleted: false });

describe('sport free bet templates (simulator)', () => {
  it('lists the operator\'s templates page by page in the spec\'s shape; a brand uses its parent\'s account; Bravo\'s are not Alpha\'s', async () => {
    const p1 = await templates(OP_ADMIN);
    expect(p1).toMatchObject({ code: 0, message: 'OK', metadata: { totalItems: SIM_DEMO_TEMPLATES.length, itemsPerPage: SPORT_TEMPLATES_PAGE_SIZE } });
    expect(p1.items.map((i) => i.name)).toEqual(SIM_DEMO_TEMPLATES.map((d) => d.name));
    expect(p1.items.every((i) => i.opId === 'op-alpha' && i.opTitle === 'Alpha Gaming')).toBe(true);
    expect(p1.items[0]).toMatchObject({ isEnable: true, stage: 1, freebetData: { currency: 'USD', betAmount: '10.00', betCount: 1 } });
    expect(Number.isInteger(p1.items[0]!.fromTime) && p1.items[0]!.fromTime < Date.now() / 1000).toBe(true);
    expect(new Set(p1.items.map((i) => i.stage))).toEqual(new Set([1, 2, 3]));
    // A brand's staff see their parent operator's sportsbook account.
    expect((await templates('brand.admin@demo.local')).items.map((i) => i.id)).toEqual(p1.items.map((i) => i.id));
    // Every operator for an admin: more than one page.
    const all = await templates(ADMIN);
    expect(all.metadata.totalItems).toBeGreaterThan(SPORT_TEMPLATES_PAGE_SIZE);
    expect(all.items).toHaveLength(SPORT_TEMPLATES_PAGE_SIZE);
    const p2 = await templates(ADMIN, 'page=2');
    expect(p2.items.length).toBe(Math.min(SPORT_TEMPLATES_PAGE_SIZE, all.metadata.totalItems - SPORT_TEMPLATES_PAGE_SIZE));
    expect(p2.items.some((i) => all.items.some((a) => a.id === i.id))).toBe(false);
    const bravo = await templates(ADMIN, 'opId=op-bravo&includeBrands=true');
    expect(bravo.items.every((i) => i.opId === 'op-bravo')).toBe(true);
    expect(bravo.items.some((i) => p1.items.some((a) => a.id === i.id))).toBe(false);
  });

  it('another operator\'s opId → 404; a role without the page → 403; a bad page → its message', async () => {
    expect((await t.call('GET', '/api/bonus/sport?opId=op-bravo', { as: OP_ADMIN })).statusCode).toBe(404);
    expectForbidden(await t.call('GET', '/api/bonus/sport', { as: 'partner@demo.local' }));
    expectForbidden(await t.call('GET', '/api/bonus/sport', { as: 'devops@demo.local' }));
    expectError(await t.call('GET', '/api/bonus/sport?page=0', { as: OP_ADMIN }), 400, [FREEBET_MESSAGES.PAGE_POSITIVE]);
  });
});

describe('granting a sport free bet (simulator)', () => {
  it('grants, records who granted what, writes the activity and lists it among the applied free bets; the same template again → 34', async () => {
    const tpl = await alphaTemplate('prematch-football');
    const p = await alphaPlayer();
    const res = await grant(p.id, { betCount: 1, betAmount: '10.00', currency: 'USD', templateId: tpl.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, messages: [FREEBET_MESSAGES.GRANTED], data: { errorItems: [], freebet: { templateId: tpl.id, name: tpl.name, stage: 1, freebetData: { betAmount: '10.00', betCount: 1 } } } });
    const grantId = res.json().data.grantId as string;
    const [row] = await t.database.db.select().from(sportFreebetGrants).where(eq(sportFreebetGrants.id, grantId));
    expect(row).toMatchObject({ playerId: p.id, opId: p.opId, templateId: tpl.id, betCount: 1, currency: 'USD', result: 'GRANTED', grantedBy: OP_ADMIN, adapter: 'simulator' });
    expect(await t.lastActivity()).toMatchObject({ action: 'SPORT_FREEBET_GRANT', targetType: 'sportFreebetGrant', targetId: grantId, opId: p.opId, actorEmail: OP_ADMIN });

    const appliedRes = await t.call('GET', `/api/bonus/sport/player/${p.id}`, { as: OP_MANAGER });
    expect(appliedRes.statusCode, appliedRes.body).toBe(200);
    expect(appliedRes.json().data.items).toEqual([expect.objectContaining({ id: res.json().data.freebet.id, templateId: tpl.id, name: tpl.name })]);

    const again = await grant(p.id, { betCount: 1, betAmount: '10.00', currency: 'USD', templateId: tpl.id });
    expectError(again, 400, [FREEBET_ERROR_TEXTS[34]]);
    expect(again.json().data.errorItems).toEqual([{ errorCode: 34, message: FREEBET_ERROR_TEXTS[34] }]);
    expect(await t.lastActivity()).toMatchObject({ action: 'SPORT_FREEBET_GRANT', after: expect.objectContaining({ result: 'REFUSED', errorCode: 34 }) });
    expect((await t.call('GET', `/api/bonus/sport/player/${p.id}`, { as: OP_ADMIN })).json().data.items).toHaveLength(1);
  });

  it('needs an Idempotency-Key; a replay of the key grants once and answers the first answer; duplicates at once with the key make one grant', async () => {
    const tpl = await alphaTemplate('lira-derby');
    const p = await pickPlayer(t, { opIds: ['alpha-casino'], isDeleted: false });
    const body = { betCount: 1, betAmount: '250', currency: 'TRY', templateId: tpl.id };
    const grantsOf = async () => t.database.db.select().from(sportFreebetGrants).where(and(eq(sportFreebetGrants.playerId, p.id), eq(sportFreebetGrants.templateId, tpl.id)));
    // Without a key: refused before anything is sent to the sportsbook.
    expectError(await t.call('POST', `/api/bonus/sport/player/${p.id}`, { as: OP_ADMIN, body }), 400, [PLATFORM_MESSAGES.IDEMPOTENCY_KEY_REQUIRED]);
    expect(await grantsOf()).toHaveLength(0);
    // A double click: the same key twice at once, then once more.
    const key = `double-click-${crypto.randomUUID()}`;
    const [a, b] = await Promise.all([grant(p.id, body, OP_ADMIN, key), grant(p.id, body, OP_ADMIN, key)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().data.grantId).toBe(b.json().data.grantId);
    const c = await grant(p.id, body, OP_ADMIN, key);
    expect(c.statusCode).toBe(200);
    expect(c.headers['idempotent-replayed']).toBe('true');
    expect(c.json().data).toEqual(a.json().data);
    const rows = await grantsOf();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ result: 'GRANTED', id: a.json().data.grantId });
    const [acts] = await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from activities where action = 'SPORT_FREEBET_GRANT' and target_id = ${a.json().data.grantId}`);
    expect(acts!.n).toBe(1);
    expect((await t.call('GET', `/api/bonus/sport/player/${p.id}`, { as: OP_ADMIN })).json().data.items.filter((f: { templateId: number }) => f.templateId === tpl.id)).toHaveLength(1);
    // The key with another body is refused; a new key is a new click (the sportsbook refuses the second grant: 34).
    expect((await grant(p.id, { ...body, betAmount: '100' }, OP_ADMIN, key)).statusCode).toBe(422);
    expectError(await grant(p.id, body), 400, [FREEBET_ERROR_TEXTS[34]]);
  });

  it('twenty grants of one template to one player at once make one free bet', async () => {
    const tpl = await alphaTemplate('combo-all');
    const p = await alphaPlayer();
    const all = await Promise.all(Array.from({ length: 20 }, () => grant(p.id, { betCount: 2, betAmount: '25', currency: 'USD', templateId: tpl.id })));
    expect(all.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(all.filter((r) => r.statusCode === 400).every((r) => r.json().messages[0] === FREEBET_ERROR_TEXTS[34])).toBe(true);
    expect((await t.call('GET', `/api/bonus/sport/player/${p.id}`, { as: OP_ADMIN })).json().data.items).toHaveLength(1);
  });

  it('maps each refusal code to the spec\'s text: 31 expired, 33 not enabled or unknown, 37 not the template\'s bonus, 39 unknown currency', async () => {
    const p = await alphaPlayer();
    const expired = await alphaTemplate('expired-cup');
    const disabled = await alphaTemplate('disabled-basketball');
    const tennis = await alphaTemplate('live-tennis');
    const cases: [Record<string, unknown>, 31 | 33 | 37 | 39][] = [
      [{ betCount: 1, betAmount: '20', currency: 'USD', templateId: expired.id }, 31],
      [{ betCount: 1, betAmount: '15', currency: 'USD', templateId: disabled.id }, 33],
      [{ betCount: 1, betAmount: '15', currency: 'USD', templateId: 999_999 }, 33],
      [{ betCount: 1, betAmount: '5', currency: 'USD', templateId: tennis.id }, 37],
      [{ betCount: 4, betAmount: '5', currency: 'EUR', templateId: tennis.id }, 37],
      [{ betCount: 1, betAmount: '5.01', currency: 'EUR', templateId: tennis.id }, 37],
      [{ betCount: 1, betAmount: '5', currency: 'BTC', templateId: tennis.id }, 39],
    ];
    for (const [body, code] of cases) {
      const res = await grant(p.id, body);
      expectError(res, 400, [FREEBET_ERROR_TEXTS[code]]);
      expect(res.json()).toMatchObject({ status: `FREEBET_${code}`, data: { errorItems: [{ errorCode: code, message: FREEBET_ERROR_TEXTS[code] }] } });
    }
    // Bravo's template is not in Alpha's account.
    const bravo = (await templates(ADMIN, 'opId=op-bravo')).items[0]!;
    expectError(await grant(p.id, { betCount: 1, betAmount: '10', currency: 'USD', templateId: bravo.id }), 400, [FREEBET_ERROR_TEXTS[33]]);
    const rows = await t.database.db.select().from(sportFreebetGrants).where(eq(sportFreebetGrants.playerId, p.id));
    expect(rows.map((r) => r.result)).toEqual(Array(cases.length + 1).fill('REFUSED'));
    expect((await t.call('GET', `/api/bonus/sport/player/${p.id}`, { as: OP_ADMIN })).json().data.items).toEqual([]);
  });

  it('a role without the grant permission → 403; another operator\'s player → 404; nothing recorded', async () => {
    const tpl = await alphaTemplate('prematch-football');
    const p = await alphaPlayer();
    const body = { betCount: 1, betAmount: '10', currency: 'USD', templateId: tpl.id };
    expectForbidden(await grant(p.id, body, OP_MANAGER));
    expectForbidden(await grant(p.id, body, 'partner@demo.local'));
    const bravo = await pickPlayer(t, { opIds: BRAVO_SCOPE, isDeleted: false });
    expect((await grant(bravo.id, body, OP_ADMIN)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/bonus/sport/player/${bravo.id}`, { as: OP_ADMIN })).statusCode).toBe(404);
    expect((await grant(crypto.randomUUID(), body, OP_ADMIN)).statusCode).toBe(404);
    expect(await t.database.db.select().from(sportFreebetGrants).where(eq(sportFreebetGrants.playerId, p.id))).toEqual([]);
    expect(await t.database.db.select().from(sportFreebetGrants).where(eq(sportFreebetGrants.playerId, bravo.id))).toEqual([]);
  });

  it('invalid input answers the exact messages and calls no sportsbook', async () => {
    const p = await alphaPlayer();
    const base = { betCount: 1, betAmount: '10', currency: 'USD', templateId: 1 };
    const bad: [Record<string, unknown>, string][] = [
      [{ betCount: 0 }, FREEBET_MESSAGES.BET_COUNT_POSITIVE],
      [{ betCount: -2 }, FREEBET_MESSAGES.BET_COUNT_POSITIVE],
      [{ betCount: 1.5 }, FREEBET_MESSAGES.BET_COUNT_POSITIVE],
      [{ betAmount: '0' }, FREEBET_MESSAGES.BET_AMOUNT_POSITIVE],
      [{ betAmount: '-5' }, FREEBET_MESSAGES.BET_AMOUNT_POSITIVE],
      [{ betAmount: 'ten' }, FREEBET_MESSAGES.BET_AMOUNT_FORMAT],
      [{ betAmount: '1.001' }, FREEBET_MESSAGES.BET_AMOUNT_FORMAT],
      [{ currency: 'XYZ' }, FREEBET_MESSAGES.CURRENCY_KNOWN],
      [{ currency: undefined }, FREEBET_MESSAGES.CURRENCY_KNOWN],
      [{ templateId: undefined }, FREEBET_MESSAGES.TEMPLATE_REQUIRED],
      [{ templateId: 0 }, FREEBET_MESSAGES.TEMPLATE_REQUIRED],
    ];
    for (const [patch, message] of bad) {
      const res = await grant(p.id, { ...base, ...patch });
      expect({ patch, status: res.statusCode, messages: res.json().messages }).toEqual({ patch, status: 400, messages: [message] });
    }
    expect(await t.database.db.select().from(sportFreebetGrants).where(eq(sportFreebetGrants.playerId, p.id))).toEqual([]);
    const deleted = await pickPlayer(t, { opIds: ALPHA_PLAYER_OPS, isDeleted: true });
    expectError(await grant(deleted.id, base), 400, [FREEBET_MESSAGES.PLAYER_DELETED]);
    expect(await t.database.db.select().from(sportFreebetGrants).where(eq(sportFreebetGrants.playerId, deleted.id))).toEqual([]);
  });

  it('the demo world holds seeded templates and grants of Alpha\'s players', async () => {
    const seeded = await t.database.db.select().from(sportFreebetGrants).where(eq(sportFreebetGrants.grantedBy, OP_ADMIN));
    // No test grants Live Tennis successfully: these are the seed's.
    expect(seeded.some((g) => g.result === 'GRANTED' && g.templateName === 'Live Tennis Free Bet' && (ALPHA_PLAYER_OPS as readonly string[]).includes(g.opId))).toBe(true);
  });
});

/* ---------- The HTTP client against a local stub of the documented sportsbook API ---------- */

let stub: JsonStub;
let base: string;
let seen: StubRequest[];
const KEY = 'sportsbook-test-key';
const stubTemplate = (id: number, account: string) => ({
  id, account, name: `Stub template ${id}`, isEnable: true, type: 'SINGLE', stage: 3, fromTime: 1_700_000_000, toTime: 4_100_000_000, daysToUse: 7,
  disciplines: ['Football'], freebetData: { minSelection: 1, maxSelection: 1, minOdd: '1.5', maxOdd: '10', currency: 'USD', betAmount: '10.00', betCount: 1, maxWinCurrency: 'USD', maxWin: '500.00' },
});
/** templateId → what the stub answers a grant. */
const GRANT_ANSWERS: Record<number, [number, unknown] | 'slow'> = {
  31: [200, { code: 31, message: 'expired', errorItems: [{ errorCode: 31 }] }],
  33: [200, { code: 33, errorItems: [{ errorCode: 33 }] }],
  34: [200, { code: 34, errorItems: [{ errorCode: 34 }] }],
  37: [422, { code: 37, errorItems: [{ errorCode: 37 }] }],
  39: [200, { code: 39, errorItems: [{ errorCode: 39 }] }],
  50: [500, { message: 'Internal error' }],
  51: [200, { code: 7, message: 'Something odd' }],
  52: [200, 'not json'],
  53: 'slow',
};

beforeAll(async () => {
  stub = await startJsonStub(KEY, { code: 401, message: 'Invalid API key' }, (req, res) => {
    const body = req.body;
    const u = new URL(req.url, 'http://stub');
    if (req.method === 'GET' && u.pathname === '/freebet/templates') {
      const accounts = u.searchParams.getAll('account');
      if (accounts.includes('down')) return send(res, 503, { message: 'Maintenance' });
      const page = Number(u.searchParams.get('page'));
      const size = Number(u.searchParams.get('pageSize'));
      const all = accounts.flatMap((a, i) => Array.from({ length: 25 }, (_, k) => stubTemplate(1000 * (i + 1) + k, a)));
      return send(res, 200, { code: 0, message: 'OK', items: all.slice((page - 1) * size, page * size), metadata: { totalItems: all.length, itemsPerPage: size } });
    }
    const player = /^\/freebet\/players\/([^/]+)$/.exec(u.pathname);
    if (player && req.method === 'POST') {
      const a = GRANT_ANSWERS[Number(body!.templateId)];
      if (a === 'slow') { setTimeout(() => send(res, 200, { code: 0 }), 3_000); return; }
      if (a) return send(res, a[0], a[1]);
      return send(res, 200, { code: 0, message: 'OK', errorItems: [], data: { id: `FB-${String(body!.reference).slice(0, 8)}`, templateId: body!.templateId, activationDate: 1_800_000_000, fromTime: 1_800_000_000, toTime: 1_800_604_800, name: 'Stub template', type: 'SINGLE', stage: 3, disciplines: ['Football'], freebetData: { minSelection: 1, maxSelection: 1, minOdd: '1.5', maxOdd: '10', betAmount: body!.betAmount, betCount: body!.betCount, maxWin: '500.00' } } });
    }
    if (player && req.method === 'GET') return send(res, 200, { code: 0, items: [{ id: 'FB-1', templateId: 1000, activationDate: 1_800_000_000, fromTime: 1_800_000_000, toTime: 1_800_604_800, name: 'Stub template', type: 'SINGLE', stage: 1, disciplines: [], freebetData: { betAmount: '10.00', betCount: 1 } }] });
    return send(res, 404, { message: 'No route' });
  });
  ({ base, seen } = stub);
});
afterAll(async () => { await stub.close(); });

const client = (timeoutMs = 1_000, apiKey = KEY) => new HttpSportsbookClient({ baseUrl: `${base}/`, apiKey, timeoutMs });
const grantReq = (templateId: number) => ({ account: 'op-alpha', playerId: 'p-1', templateId, betCount: 1, betAmount: '10.00', currency: 'USD', reference: crypto.randomUUID() });

describe('sportsbook HTTP client (local stub)', () => {
  it('sportsbookFor: the simulator by default, the HTTP client when SPORTSBOOK_URL is set', () => {
    expect(sportsbookFor(t.database.db, {}).kind).toBe('simulator');
    expect(sportsbookFor(t.database.db, { SPORTSBOOK_URL: base, SPORTSBOOK_KEY: KEY }).kind).toBe('http');
  });

  it('lists templates: the accounts, page and page size in the query, the API key as a bearer token', async () => {
    seen.length = 0;
    const page = await client().listTemplates({ accounts: ['op-alpha', 'op-bravo'], page: 2, pageSize: 20 });
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/freebet/templates?account=op-alpha&account=op-bravo&page=2&pageSize=20', headers: { authorization: `Bearer ${KEY}`, accept: 'application/json' } });
    expect(page).toMatchObject({ code: 0, totalItems: 50, itemsPerPage: 20 });
    expect(page.items.map((i) => i.id)).toEqual([...Array.from({ length: 5 }, (_, k) => 1020 + k), ...Array.from({ length: 15 }, (_, k) => 2000 + k)]);
    expect(page.items[0]).toMatchObject({ account: 'op-alpha', freebetData: { betAmount: '10.00', maxWin: '500.00' } });
    await expect(client().listTemplates({ accounts: ['down'], page: 1, pageSize: 20 })).rejects.toThrow(/HTTP 503/);
    await expect(client(1_000, 'wrong').listTemplates({ accounts: ['op-alpha'], page: 1, pageSize: 20 })).rejects.toThrow(/HTTP 401/);
  });

  it('grants: the documented body, the reference as Idempotency-Key; error codes, non-OK answers and a timeout mapped', async () => {
    seen.length = 0;
    const req = grantReq(7);
    const ok = await client().grantFreebet(req);
    expect(ok).toMatchObject({ outcome: 'GRANTED', freebet: { templateId: 7, freebetData: { betAmount: '10.00', betCount: 1 } } });
    expect(seen[0]).toMatchObject({
      method: 'POST', url: '/freebet/players/p-1', headers: { authorization: `Bearer ${KEY}`, 'idempotency-key': req.reference, 'content-type': 'application/json' },
      body: { account: 'op-alpha', templateId: 7, betCount: 1, betAmount: '10.00', currency: 'USD', reference: req.reference },
    });
    for (const code of [31, 33, 34, 37, 39]) expect(await client().grantFreebet(grantReq(code))).toMatchObject({ outcome: 'REFUSED', errorCode: code });
    for (const id of [50, 51, 52]) expect(await client().grantFreebet(grantReq(id))).toMatchObject({ outcome: 'FAILED' });
    expect(await client(1_000, 'wrong').grantFreebet(grantReq(7))).toMatchObject({ outcome: 'FAILED', description: expect.stringContaining('401') });
    const started = Date.now();
    expect(await client(300).grantFreebet(grantReq(53))).toMatchObject({ outcome: 'FAILED', description: 'No answer within 300 ms.' });
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(await new HttpSportsbookClient({ baseUrl: 'http://127.0.0.1:1', timeoutMs: 1_000 }).grantFreebet(grantReq(7))).toMatchObject({ outcome: 'FAILED' });
  });

  it('through the API with SPORTSBOOK_URL: templates, a grant, a refusal\'s text and "Unable to perform this action."', async () => {
    const saved = { url: process.env.SPORTSBOOK_URL, key: process.env.SPORTSBOOK_KEY, timeout: process.env.SPORTSBOOK_TIMEOUT_MS };
    process.env.SPORTSBOOK_URL = base; process.env.SPORTSBOOK_KEY = KEY; process.env.SPORTSBOOK_TIMEOUT_MS = '500';
    try {
      const list = await templates(OP_ADMIN);
      expect(list.metadata).toMatchObject({ totalItems: 25, itemsPerPage: SPORT_TEMPLATES_PAGE_SIZE });
      expect(list.items[0]).toMatchObject({ id: 1000, opId: 'op-alpha', opTitle: 'Alpha Gaming' });
      const p = await alphaPlayer();
      const res = await grant(p.id, { betCount: 1, betAmount: '10', currency: 'USD', templateId: 1000 });
      expect(res.statusCode, res.body).toBe(200);
      const grantId = res.json().data.grantId as string;
      expect(seen.at(-1)).toMatchObject({ url: `/freebet/players/${p.id}`, body: { account: 'op-alpha', templateId: 1000, betAmount: '10', reference: grantId } });
      for (const code of [31, 33, 34, 37, 39] as const) expectError(await grant(p.id, { betCount: 1, betAmount: '10', currency: 'USD', templateId: code }), 400, [FREEBET_ERROR_TEXTS[code]]);
      for (const id of [50, 51, 53]) {
        const failed = await grant(p.id, { betCount: 1, betAmount: '10', currency: 'USD', templateId: id });
        expectError(failed, 502, [FREEBET_MESSAGES.UNABLE]);
      }
      const [row] = await t.database.db.select().from(sportFreebetGrants).where(and(eq(sportFreebetGrants.playerId, p.id), eq(sportFreebetGrants.templateId, 50)));
      expect(row).toMatchObject({ result: 'FAILED', adapter: 'http', grantedBy: OP_ADMIN });
      expect((await t.call('GET', `/api/bonus/sport/player/${p.id}`, { as: OP_ADMIN })).json().data.items).toHaveLength(1);
      process.env.SPORTSBOOK_KEY = 'wrong';
      expectError(await t.call('GET', '/api/bonus/sport', { as: OP_ADMIN }), 502, [FREEBET_MESSAGES.LIST_FAILED]);
    } finally {
      for (const [k, v] of [['SPORTSBOOK_URL', saved.url], ['SPORTSBOOK_KEY', saved.key], ['SPORTSBOOK_TIMEOUT_MS', saved.timeout]] as const) {
        if (v === undefined) delete process.env[k]; else process.env[k] = v;
      }
    }
  });
});
