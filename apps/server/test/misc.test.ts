/**
 * Crypto networks (masked list, full keys for SUPER_ADMIN/ADMIN only, the key rules with the
 * spec's duplicate message, an activity without key values), What's New (notes by role, unread
 * and mark read, the SUPER_ADMIN editor), Flows (validation, permission, tenancy, delete, the
 * evaluation running each event once per flow and its actions) and Treasury Account (scope,
 * USD totals, history, movements).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { CRYPTO_NETWORK_MESSAGES, FLOW_MESSAGES, REVIEW_TAG, WHATS_NEW_MESSAGES } from '@pitboss/contract';
import { activities, cryptoNetworks, flowRuns, flows, notifications, playerTags, players, releaseNotes, transactions } from '../src/db/schema.js';
import { evaluateFlow, evaluateFlows } from '../src/modules/flows/service.js';
import { ALPHA_PLAYER_OPS, ALPHA_SCOPE, BRAVO_SCOPE, activitiesOf, expectError, expectForbidden, makeApp } from './support.js';
import type { Login, TestApp } from './helpers.js';

const SUPER: Login = 'superadmin@demo.local';
const ADMIN: Login = 'admin@demo.local';
const OPA: Login = 'operator.admin@demo.local';
const OPM: Login = 'operator.manager@demo.local';
const DEVOPS: Login = 'devops@demo.local';
const PARTNER: Login = 'partner@demo.local';

let t: TestApp;
beforeAll(async () => { t = await makeApp(); });
afterAll(async () => { await t.close(); });

describe('crypto networks', () => {
  const URL = '/api/settings/crypto-networks';
  it('lists every network with its keys masked to the last 4 characters (DEV_OPS included); operator staff are refused', async () => {
    const [eth] = await t.database.db.select().from(cryptoNetworks).where(eq(cryptoNetworks.networkName, 'ETH'));
    const res = await t.call('GET', URL, { as: DEVOPS });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data.items as { networkName: string; keys: string[]; keysCount: number }[];
    expect(items.map((i) => i.networkName)).toEqual(['TRON', 'ETH', 'BSC', 'BTC', 'POLYGON']);
    const e = items.find((i) => i.networkName === 'ETH')!;
    expect(e.keysCount).toBe(eth!.explorerApiKeys.length);
    expect(e.keys).toEqual(eth!.explorerApiKeys.map((k) => `•••• ${k.slice(-4)}`));
    for (const k of eth!.explorerApiKeys) expect(res.body).not.toContain(k);
    expectForbidden(await t.call('GET', URL, { as: OPA }));
  });

  it('answers the full keys to SUPER_ADMIN and ADMIN only', async () => {
    const [tron] = await t.database.db.select().from(cryptoNetworks).where(eq(cryptoNetworks.networkName, 'TRON'));
    const res = await t.call('GET', `${URL}/TRON`, { as: ADMIN });
    expect(res.json().data.keys).toEqual(tron!.explorerApiKeys);
    expectForbidden(await t.call('GET', `${URL}/TRON`, { as: DEVOPS }));
    expect((await t.call('GET', `${URL}/DOGE`, { as: ADMIN })).statusCode).toBe(404);
  });

  it('refuses duplicate, blank and spaced keys with their messages, and DEV_OPS edits', async () => {
    expectError(await t.call('PUT', URL, { as: SUPER, body: { networkName: 'BSC', keys: ['AAAA1111', 'BBBB2222', 'AAAA1111'] } }), 400, [CRYPTO_NETWORK_MESSAGES.DUPLICATE_KEYS]);
    expectError(await t.call('PUT', URL, { as: SUPER, body: { networkName: 'BSC', keys: ['   '] } }), 400, [CRYPTO_NETWORK_MESSAGES.KEY_BLANK]);
    expectError(await t.call('PUT', URL, { as: SUPER, body: { networkName: 'BSC', keys: ['AB CD'] } }), 400, [CRYPTO_NETWORK_MESSAGES.KEY_WHITESPACE]);
    expectError(await t.call('PUT', URL, { as: SUPER, body: { networkName: 'BSC', keys: [] } }), 400, [CRYPTO_NETWORK_MESSAGES.KEYS_REQUIRED]);
    expectError(await t.call('PUT', URL, { as: SUPER, body: { networkName: 'DOGE', keys: ['K1'] } }), 400, [CRYPTO_NETWORK_MESSAGES.NETWORK_INVALID]);
    expectForbidden(await t.call('PUT', URL, { as: DEVOPS, body: { networkName: 'BSC', keys: ['X1'] } }));
  });

  it('saves the list ("Crypto Network updated!") and writes an activity without the key values', async () => {
    const keys = ['NEWKEY0000SECRET9876', 'OTHERKEY1111SECRET5432'];
    const res = await t.call('PUT', URL, { as: ADMIN, body: { networkName: 'POLYGON', keys } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().messages).toEqual([CRYPTO_NETWORK_MESSAGES.UPDATED]);
    expect((await t.call('GET', `${URL}/POLYGON`, { as: SUPER })).json().data.keys).toEqual(keys);
    const [a] = await activitiesOf(t, 'POLYGON');
    expect(a).toMatchObject({ action: 'CRYPTO_NETWORK_UPDATE', targetType: 'cryptoNetwork', after: { keysCount: 2, lastFour: ['9876', '5432'] } });
    expect(JSON.stringify(a)).not.toContain('SECRET');
  });
});

describe("what's new", () => {
  const ED = '/api/whats-new/super-admin';
  const note = (over: Record<string, unknown> = {}) => ({ version: '2.0', releaseDate: '2026-11-01', title: 'Test note', body: '# Hello\n- one', audience: ['OPERATOR_ADMIN'], ...over });

  it('shows each role its published notes, newest first, all unread at first; marking read clears the count', async () => {
    const res = await t.call('GET', '/api/whats-new', { as: PARTNER });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data.items as { version: string; unread: boolean; audience: string[] }[];
    expect(items.map((n) => n.version)).toEqual(['1.3', '1.1']);
    expect(res.json().data.unread).toBe(2);
    const read = await t.call('POST', '/api/whats-new/read', { as: PARTNER, body: {} });
    expect(read.json().data.unread).toBe(0);
    expect((await t.call('GET', '/api/whats-new/unread', { as: PARTNER })).json().data.unread).toBe(0);
    // Drafts are nobody's reading.
    const ops = (await t.call('GET', '/api/whats-new', { as: OPA })).json().data.items as { version: string }[];
    expect(ops.map((n) => n.version)).toEqual(['1.4', '1.2', '1.1', '1.0']);
  });

  it('the editor is SUPER_ADMIN only, validates, and a published note is unread for its readers until they read', async () => {
    expectForbidden(await t.call('POST', ED, { as: ADMIN, body: note() }));
    expectForbidden(await t.call('GET', ED, { as: ADMIN }));
    expectError(await t.call('POST', ED, { as: SUPER, body: note({ version: 'v2' }) }), 400, [WHATS_NEW_MESSAGES.VERSION_INVALID]);
    expectError(await t.call('POST', ED, { as: SUPER, body: note({ audience: [] }) }), 400, [WHATS_NEW_MESSAGES.AUDIENCE_REQUIRED]);
    await t.call('POST', '/api/whats-new/read', { as: OPA, body: {} });
    const created = await t.call('POST', ED, { as: SUPER, body: note() });
    expect(created.json().messages).toEqual([WHATS_NEW_MESSAGES.CREATED]);
    const id = created.json().data.id as string;
    expect((await t.call('GET', '/api/whats-new/unread', { as: OPA })).json().data.unread).toBe(0);
    const pub = await t.call('PUT', `${ED}/publish`, { as: SUPER, body: { id, published: true } });
    expect(pub.json().messages).toEqual([WHATS_NEW_MESSAGES.PUBLISHED]);
    expect((await t.call('GET', '/api/whats-new/unread', { as: OPA })).json().data.unread).toBe(1);
    expect((await t.call('GET', '/api/whats-new/unread', { as: OPM })).json().data.unread).toBeGreaterThan(0);
    const list = (await t.call('GET', '/api/whats-new', { as: OPA })).json().data.items as { id: string; unread: boolean }[];
    expect(list[0]).toMatchObject({ id, unread: true });
    const upd = await t.call('PUT', ED, { as: SUPER, body: { ...note({ title: 'Renamed' }), id } });
    expect(upd.json().data.title).toBe('Renamed');
    expect((await activitiesOf(t, id)).map((a) => a.action)).toEqual(['RELEASE_NOTE_UPDATE', 'RELEASE_NOTE_PUBLISH', 'RELEASE_NOTE_CREATE']);
    const del = await t.call('DELETE', `${ED}?id=${id}`, { as: SUPER });
    expect(del.json().messages).toEqual([WHATS_NEW_MESSAGES.DELETED]);
    expect(await t.database.db.select().from(releaseNotes).where(eq(releaseNotes.id, id))).toEqual([]);
    expectError(await t.call('DELETE', `${ED}?id=${id}`, { as: SUPER }), 404, [WHATS_NEW_MESSAGES.NOT_FOUND]);
  });
});

describe('flows', () => {
  const valid = (over: Record<string, unknown> = {}) => ({ opId: 'op-alpha', name: 'Test flow', trigger: 'PLAYER_REGISTERED', action: 'ADD_TAG', tag: 'new-player', ...over });

  it('validates with the contract messages; OPERATOR_MANAGER and DEV_OPS may not create', async () => {
    expectError(await t.call('POST', '/api/flows', { as: OPA, body: valid({ tag: '' }) }), 400, [FLOW_MESSAGES.TAG_REQUIRED]);
    expectError(await t.call('POST', '/api/flows', { as: OPA, body: valid({ minAmountUsd: '10' }) }), 400, [FLOW_MESSAGES.AMOUNT_NOT_FOR_TRIGGER]);
    expectError(await t.call('POST', '/api/flows', { as: OPA, body: valid({ trigger: 'DEPOSIT_CONFIRMED', minAmountUsd: '1.234' }) }), 400, [FLOW_MESSAGES.AMOUNT_INVALID]);
    expectError(await t.call('POST', '/api/flows', { as: OPA, body: valid({ name: ' ' }) }), 400, [FLOW_MESSAGES.NAME_REQUIRED]);
    expectForbidden(await t.call('POST', '/api/flows', { as: OPM, body: valid() }));
    expectForbidden(await t.call('POST', '/api/flows/list', { as: DEVOPS, body: {} }));
    expect((await t.call('POST', '/api/flows', { as: OPA, body: valid({ opId: 'op-bravo' }) })).statusCode).toBe(404);
  });

  it("lists the operator's flows only; another operator's flow is not found for delete", async () => {
    const res = await t.call('POST', '/api/flows/list', { as: OPM, body: {} });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data.items as { opId: string }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((f) => (ALPHA_SCOPE as readonly string[]).includes(f.opId))).toBe(true);
    const [bravo] = await t.database.db.select().from(flows).where(inArray(flows.opId, [...BRAVO_SCOPE])).limit(1);
    expectError(await t.call('POST', '/api/flows/delete', { as: OPA, body: { flowId: bravo!.id } }), 404, [FLOW_MESSAGES.NOT_FOUND]);
  });

  it('runs each new event once per flow: a registered player gets the tag, a second evaluation adds nothing', async () => {
    const created = await t.call('POST', '/api/flows', { as: OPA, body: valid({ realPlayersOnly: false }) });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().messages).toEqual([FLOW_MESSAGES.CREATED]);
    const flowId = created.json().data.flowId as string;
    const [p] = await t.database.db.insert(players).values({ playerCode: `FLOW${Date.now()}`, opId: 'alpha-bet' }).returning();
    await t.database.db.insert(players).values({ playerCode: `FLOWB${Date.now()}`, opId: 'op-bravo' });
    expect(await evaluateFlow(t.database.db, flowId)).toBe(1);
    expect(await evaluateFlow(t.database.db, flowId)).toBe(0);
    await Promise.all([evaluateFlows(t.database.db), evaluateFlows(t.database.db)]);
    const runs = await t.database.db.select().from(flowRuns).where(eq(flowRuns.flowId, flowId));
    expect(runs.map((r) => r.playerId)).toEqual([p!.id]);
    expect(await t.database.db.select().from(playerTags).where(eq(playerTags.playerId, p!.id))).toMatchObject([{ tag: 'new-player', flowId }]);
    const hist = await t.call('POST', '/api/flows/runs', { as: OPM, body: { flowId } });
    expect(hist.json().data.items).toMatchObject([{ playerCode: p!.playerCode, eventType: 'PLAYER_REGISTERED' }]);
    const listed = (await t.call('POST', '/api/flows/list', { as: OPA, body: {} })).json().data.items.find((f: { flowId: string }) => f.flowId === flowId);
    expect(listed.runsCount).toBe(1);
    // Deleting removes the flow and its history, with its activity.
    const del = await t.call('POST', '/api/flows/delete', { as: OPA, body: { flowId } });
    expect(del.json().messages).toEqual([FLOW_MESSAGES.DELETED]);
    expect(await t.database.db.select().from(flowRuns).where(eq(flowRuns.flowId, flowId))).toEqual([]);
    expect((await activitiesOf(t, flowId)).map((a) => a.action)).toEqual(['FLOW_DELETE', 'FLOW_CREATE']);
  });

  it('applies the amount condition to confirmed deposits and notifies staff; a switched-off flow runs on nothing', async () => {
    const flow = await t.call('POST', '/api/flows', { as: OPA, body: valid({ trigger: 'DEPOSIT_CONFIRMED', minAmountUsd: '100', action: 'NOTIFY_STAFF', tag: undefined, message: 'Look.', realPlayersOnly: false }) });
    const flowId = flow.json().data.flowId as string;
    const deps = await t.database.db.select({ txId: transactions.txId, usd: transactions.fromAmountInUsd }).from(transactions)
      .where(and(inArray(transactions.opId, [...ALPHA_PLAYER_OPS]), eq(transactions.transactionType, 'DEPOSIT'), eq(transactions.status, 'CONFIRMED'))).limit(200);
    const big = deps.find((d) => Number(d.usd) >= 100)!;
    const small = deps.find((d) => Number(d.usd) < 100)!;
    await t.database.db.update(transactions).set({ confirmedAt: sql`now()` }).where(inArray(transactions.txId, [big.txId, small.txId]));
    expect(await evaluateFlow(t.database.db, flowId)).toBe(1);
    const [run] = await t.database.db.select().from(flowRuns).where(eq(flowRuns.flowId, flowId));
    expect(run).toMatchObject({ eventKey: `tx:${big.txId}`, outcome: 'Staff notified' });
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.title, 'Flow: Test flow'));
    expect(notes.some((n) => n.opId === 'op-alpha' && n.body.includes('Look.'))).toBe(true);
    const off = await t.call('PUT', '/api/flows/active', { as: OPA, body: { flowId, isActive: false } });
    expect(off.json().messages).toEqual([FLOW_MESSAGES.DEACTIVATED]);
    await t.database.db.update(transactions).set({ confirmedAt: sql`now()` }).where(eq(transactions.txId, deps.find((d) => Number(d.usd) >= 100 && d.txId !== big.txId)!.txId));
    expect(await evaluateFlow(t.database.db, flowId)).toBe(0);
  });

  it('FLAG_FOR_REVIEW tags the player review; the edit is audited', async () => {
    const flow = await t.call('POST', '/api/flows', { as: OPA, body: valid({ action: 'FLAG_FOR_REVIEW', tag: undefined, realPlayersOnly: true }) });
    const flowId = flow.json().data.flowId as string;
    const [realP] = await t.database.db.insert(players).values({ playerCode: `FLR${Date.now()}`, opId: 'op-alpha' }).returning();
    const [testP] = await t.database.db.insert(players).values({ playerCode: `FLT${Date.now()}`, opId: 'op-alpha', isTest: true }).returning();
    expect(await evaluateFlow(t.database.db, flowId)).toBe(1);
    expect(await t.database.db.select({ tag: playerTags.tag }).from(playerTags).where(eq(playerTags.playerId, realP!.id))).toEqual([{ tag: REVIEW_TAG }]);
    expect(await t.database.db.select().from(playerTags).where(eq(playerTags.playerId, testP!.id))).toEqual([]);
    const upd = await t.call('PUT', '/api/flows', { as: OPA, body: { flowId, name: 'Renamed', trigger: 'PLAYER_REGISTERED', action: 'FLAG_FOR_REVIEW' } });
    expect(upd.json()).toMatchObject({ messages: [FLOW_MESSAGES.UPDATED], data: { name: 'Renamed' } });
    const [a] = await t.database.db.select().from(activities).where(eq(activities.targetId, flowId)).orderBy(sql`${activities.id} desc`).limit(1);
    expect(a).toMatchObject({ action: 'FLOW_UPDATE', before: { name: 'Test flow' }, after: { name: 'Renamed' } });
  });
});

describe('treasury account', () => {
  it("answers the operator's wallets with USD values, their total and a daily history ending on today's total", async () => {
    const res = await t.call('POST', '/api/treasury-account/summary', { as: OPM, body: { days: 30 } });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data as { wallets: { opId: string; balanceUsd: string; balance: string; currency: string }[]; totalUsd: string; history: { day: string; totalUsd: string }[] };
    expect(d.wallets.length).toBeGreaterThan(0);
    expect(d.wallets.every((w) => (ALPHA_SCOPE as readonly string[]).includes(w.opId))).toBe(true);
    expect(Number(d.totalUsd)).toBeCloseTo(d.wallets.reduce((a, w) => a + Number(w.balanceUsd), 0), 2);
    expect(d.history).toHaveLength(30);
    expect(Number(d.history[29]!.totalUsd)).toBeCloseTo(Number(d.totalUsd), 2);
    expect(new Set(d.history.map((h) => h.totalUsd)).size).toBeGreaterThan(1);
    // Every wallet of the demo was opened before the longest view: each line starts at a balance, not at nothing.
    const long = (await t.call('POST', '/api/treasury-account/summary', { as: OPM, body: { days: 90 } })).json().data as { wallets: { uuid: string; title: string }[]; history: { byWallet: Record<string, string> }[] };
    const seeded = long.wallets.filter((w) => /^(Utopia wallet|CPG treasury) \(/.test(w.title));
    expect(seeded.map((w) => w.title).sort()).toEqual(['CPG treasury (Alpha Gaming)', 'Utopia wallet (Alpha Gaming)']);
    for (const w of seeded) expect(Number(long.history[0]!.byWallet[w.uuid] ?? 0), w.title).toBeGreaterThan(0);
    expectError(await t.call('POST', '/api/treasury-account/summary', { as: OPM, body: { days: 12 } }), 400, ['Period must be 7, 30 or 90 days.']);
    expect((await t.call('POST', '/api/treasury-account/summary', { as: OPA, body: { opId: 'op-bravo' } })).statusCode).toBe(404);
    expectForbidden(await t.call('POST', '/api/treasury-account/summary', { as: DEVOPS, body: {} }));
  });

  it('lists the movements of the operator, newest first, by wallet', async () => {
    const sum = (await t.call('POST', '/api/treasury-account/summary', { as: OPA, body: {} })).json().data;
    const cpg = sum.wallets.find((w: { provider: string }) => w.provider === 'cpg');
    const res = await t.call('POST', '/api/treasury-account/movements', { as: OPA, body: { treasuryUuid: cpg.uuid, limit: 50 } });
    const items = res.json().data.items as { treasuryUuid: string; balanceAfter: string; transactionType: string; opId: string }[];
    expect(items.length).toBeGreaterThan(10);
    expect(items.every((m) => m.treasuryUuid === cpg.uuid)).toBe(true);
    expect(Number(items[0]!.balanceAfter)).toBe(Number(cpg.balance));
    const all = (await t.call('POST', '/api/treasury-account/movements', { as: ADMIN, body: { transactionType: 'TOPUP', limit: 100 } })).json().data.items as { opId: string; transactionType: string }[];
    expect(new Set(all.map((m) => m.opId)).size).toBeGreaterThan(1);
    expect(all.every((m) => m.transactionType === 'TOPUP')).toBe(true);
  });
});
