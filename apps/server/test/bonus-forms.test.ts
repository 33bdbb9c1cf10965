import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  AMOUNT_MESSAGES, BONUS_FORM_MESSAGES, MSG, NOTE_MAX, PLATFORM_MESSAGES, addDec, cmpDec, convertAmount,
} from '@pitboss/contract';
import { bonusForms, bonusRequests, ledgerEntries, players, transactions, wallets } from '../src/db/schema.js';
import { reconcile } from '../src/modules/wallet/ledger.js';
import { idemKey, type Login, type TestApp } from './helpers.js';
import { ALPHA_PLAYER_OPS, BRAVO_SCOPE, expectError, makeApp } from './support.js';

const ADMIN: Login = 'admin@demo.local';
const OP_ADMIN: Login = 'operator.admin@demo.local';
const N = 50;

let t: TestApp;
let cashForm: string;
let lockedForm: string;
beforeAll(async () => {
  t = await makeApp();
  cashForm = (await createForm({ title: 'Test cash prize', prizeType: 'CASH', maxAmountInUSD: '1000' })).bonusId;
  lockedForm = (await createForm({ title: 'Test locked prize', prizeType: 'LOCKED', maxAmountInUSD: '300' })).bonusId;
});
afterAll(async () => { await t.close(); });

async function createForm(o: { title: string; prizeType: 'CASH' | 'LOCKED'; maxAmountInUSD: string; opId?: string; isActive?: boolean }, as: Login = ADMIN) {
  const res = await t.call('POST', '/api/bonus/form', { as, body: { opId: 'op-alpha', defaultAmountInUSD: '10', isActive: true, ...o } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { bonusId: string; opId: string };
}

const used = new Set<string>();
/** A player of Alpha (not deleted) no earlier test used; `currency` picks their active currency. */
async function nextPlayer(currency?: string) {
  const rows = await t.database.db.select().from(players)
    .where(and(inArray(players.opId, [...ALPHA_PLAYER_OPS]), eq(players.isDeleted, false), currency ? eq(players.activeCurrency, currency) : sql`true`))
    .orderBy(asc(players.playerCode)).limit(400);
  const p = rows.find((r) => !used.has(r.id));
  if (!p) throw new Error('no player left');
  used.add(p.id);
  return p;
}

async function newRequest(o: { bonusId?: string; amountInUSD?: string; currency?: string } = {}) {
  const p = await nextPlayer(o.currency);
  const res = await t.call('POST', '/api/bonus/form/requests/new', {
    as: ADMIN, body: { bonusId: o.bonusId ?? cashForm, playerCode: p.playerCode, amountInUSD: o.amountInUSD ?? '25.50', note: 'Promised by support.' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { player: p, request: res.json().data as { requestId: string; bonusId: string; playerCode: string; status: string } };
}

const approveBody = (r: { requestId: string; bonusId: string; playerCode: string }, extra: Record<string, unknown> = {}) =>
  ({ requestId: r.requestId, bonusId: r.bonusId, playerCode: r.playerCode, opId: 'op-alpha', action: 'APPROVE', amountInUSD: '25.50', note: 'Approved, enjoy.', accept: true, ...extra });

async function balance(playerId: string, kind: string, currency: string) {
  const [w] = await t.database.db.select().from(wallets).where(and(eq(wallets.playerId, playerId), eq(wallets.kind, kind), eq(wallets.currency, currency)));
  return w?.balance ?? '0';
}
async function entriesOf(txId: string) {
  return t.database.db.select({ amount: ledgerEntries.amount, currency: ledgerEntries.currency, reason: ledgerEntries.reason, kind: wallets.kind })
    .from(ledgerEntries).innerJoin(wallets, eq(wallets.id, ledgerEntries.walletId)).where(eq(ledgerEntries.refId, txId));
}
async function requestRow(id: string) {
  return (await t.database.db.select().from(bonusRequests).where(eq(bonusRequests.id, id)))[0]!;
}
async function listed(view: 'pending' | 'history', playerCode: string, as: Login = ADMIN) {
  const res = await t.call('POST', '/api/bonus/form/requests/list', { as, body: { view, playerCode, limit: 100 } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.items as { requestId: string; status: string }[]);
}

describe('bonus forms', () => {
  it('New Bonus Form: created with its fields and audited; listed for the operator, not for Bravo', async () => {
    const res = await t.call('POST', '/api/bonus/form', { as: OP_ADMIN, body: { opId: 'alpha-bet', title: '  Reload  ', prizeType: 'LOCKED', defaultAmountInUSD: '5', maxAmountInUSD: '50.5' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, messages: [BONUS_FORM_MESSAGES.FORM_CREATED], data: { opId: 'alpha-bet', opTitle: 'AlphaBet', parentOpTitle: 'Alpha Gaming', title: 'Reload', prizeType: 'LOCKED', isActive: true, createdBy: OP_ADMIN } });
    const id = res.json().data.bonusId as string;
    expect(cmpDec(res.json().data.maxAmountInUSD, '50.5')).toBe(0);
    expect(await t.lastActivity()).toMatchObject({ action: 'BONUS_FORM_CREATE', targetType: 'bonusForm', targetId: id, opId: 'alpha-bet', actorEmail: OP_ADMIN });
    const mine = await t.call('POST', '/api/bonus/form/list', { as: OP_ADMIN, body: { limit: 100 } });
    expect(mine.statusCode).toBe(200);
    const items = mine.json().data.items as { bonusId: string; opId: string }[];
    expect(items.map((f) => f.bonusId)).toContain(id);
    expect(items.filter((f) => BRAVO_SCOPE.includes(f.opId as never))).toEqual([]);
    const bravo = await t.call('POST', '/api/bonus/form/list', { as: 'bravo.admin@demo.local', body: { limit: 100 } });
    expect(bravo.json().data.items.length).toBeGreaterThan(0);
    expect((bravo.json().data.items as { bonusId: string }[]).map((f) => f.bonusId)).not.toContain(id);
    expectError(await t.call('POST', '/api/bonus/form/list', { as: OP_ADMIN, body: { prizeType: 'GIFT' } }), 400, ['Prize type must be one of CASH, LOCKED.']);
    expectError(await t.call('POST', '/api/bonus/form/list', { as: OP_ADMIN, body: { isActive: 'yes' } }), 400, ['Active must be one of true, false.']);
  });

  it('New Bonus Form refuses bad input with the exact messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, BONUS_FORM_MESSAGES.TITLE_REQUIRED],
      [{ title: 'x'.repeat(81) }, BONUS_FORM_MESSAGES.TITLE_MAX],
      [{ prizeType: 'GOLD' }, BONUS_FORM_MESSAGES.PRIZE_TYPE_REQUIRED],
      [{ defaultAmountInUSD: '0' }, BONUS_FORM_MESSAGES.DEFAULT_AMOUNT_ABOVE_ZERO],
      [{ maxAmountInUSD: '0' }, BONUS_FORM_MESSAGES.MAX_AMOUNT_ABOVE_ZERO],
      [{ defaultAmountInUSD: '100.01', maxAmountInUSD: '100' }, BONUS_FORM_MESSAGES.DEFAULT_OVER_MAX],
      [{ opId: '' }, BONUS_FORM_MESSAGES.OPERATOR_REQUIRED],
    ];
    for (const [patch, message] of cases) {
      const res = await t.call('POST', '/api/bonus/form', { as: ADMIN, body: { opId: 'op-alpha', title: 'T', prizeType: 'CASH', defaultAmountInUSD: '1', maxAmountInUSD: '10', ...patch } });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().messages, JSON.stringify(patch)).toEqual([message]);
    }
  });

  it('who may create: operator.manager and devops 403; another operator\'s opId 404', async () => {
    const body = { opId: 'op-alpha', title: 'T', prizeType: 'CASH', defaultAmountInUSD: '1', maxAmountInUSD: '10' };
    for (const as of ['operator.manager@demo.local', 'devops@demo.local', 'partner@demo.local'] as const) {
      const res = await t.call('POST', '/api/bonus/form', { as, body });
      expect(res.statusCode, as).toBe(403);
      expect(res.json().messages).toEqual([MSG.NO_PERMISSION]);
    }
    const foreign = await t.call('POST', '/api/bonus/form', { as: OP_ADMIN, body: { ...body, opId: 'op-bravo' } });
    expect(foreign.statusCode).toBe(404);
  });

  it('Delete Bonus Form: gone from the list, audited; again 404; Bravo\'s form 404; wrong opId 404; operator.manager 403', async () => {
    const f = await createForm({ title: 'To delete', prizeType: 'CASH', maxAmountInUSD: '10' });
    const manager = await t.call('DELETE', `/api/bonus/form?bonusId=${f.bonusId}&opId=op-alpha`, { as: 'operator.manager@demo.local' });
    expect(manager.statusCode).toBe(403);
    const wrongOp = await t.call('DELETE', `/api/bonus/form?bonusId=${f.bonusId}&opId=alpha-bet`, { as: OP_ADMIN });
    expect(wrongOp.statusCode).toBe(404);
    expect(wrongOp.json().messages).toEqual([BONUS_FORM_MESSAGES.FORM_NOT_FOUND]);
    const res = await t.call('DELETE', `/api/bonus/form?bonusId=${f.bonusId}&opId=op-alpha`, { as: OP_ADMIN });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().messages).toEqual([BONUS_FORM_MESSAGES.FORM_DELETED]);
    expect(await t.lastActivity()).toMatchObject({ action: 'BONUS_FORM_DELETE', targetType: 'bonusForm', targetId: f.bonusId, opId: 'op-alpha' });
    const [row] = await t.database.db.select().from(bonusForms).where(eq(bonusForms.id, f.bonusId));
    expect(row!.deletedBy).toBe(OP_ADMIN);
    const list = await t.call('POST', '/api/bonus/form/list', { as: ADMIN, body: { limit: 100, opId: 'op-alpha' } });
    expect((list.json().data.items as { bonusId: string }[]).map((x) => x.bonusId)).not.toContain(f.bonusId);
    const again = await t.call('DELETE', `/api/bonus/form?bonusId=${f.bonusId}`, { as: ADMIN });
    expect(again.statusCode).toBe(404);
    const [bravo] = await t.database.db.select().from(bonusForms).where(eq(bonusForms.opId, 'op-bravo')).limit(1);
    const foreign = await t.call('DELETE', `/api/bonus/form?bonusId=${bravo!.id}`, { as: OP_ADMIN });
    expect(foreign.statusCode).toBe(404);
    expect((await t.database.db.select().from(bonusForms).where(eq(bonusForms.id, bravo!.id)))[0]!.deletedAt).toBeNull();
    const bad = await t.call('DELETE', '/api/bonus/form?bonusId=nope', { as: ADMIN });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages).toEqual([BONUS_FORM_MESSAGES.FORM_NOT_FOUND]);
  });
});

describe('bonus requests', () => {
  it('a request: PENDING in the queue with the form and player; refused over the maximum, for another operator\'s player, on an inactive form', async () => {
    const { player, request } = await newRequest();
    expect(request).toMatchObject({ status: 'PENDING', bonusId: cashForm, playerCode: player.playerCode, prizeType: 'CASH', formTitle: 'Test cash prize', note: 'Promised by support.' });
    expect(await t.lastActivity()).toMatchObject({ action: 'BONUS_REQUEST_CREATE', targetType: 'bonusRequest', targetId: request.requestId, opId: player.opId });
    expect((await listed('pending', player.playerCode)).map((r) => r.requestId)).toEqual([request.requestId]);
    const p = await nextPlayer();
    const over = await t.call('POST', '/api/bonus/form/requests/new', { as: ADMIN, body: { bonusId: lockedForm, playerCode: p.playerCode, amountInUSD: '300.00000001', note: 'n' } });
    expect(over.statusCode).toBe(400);
    expect(over.json().messages).toEqual([BONUS_FORM_MESSAGES.overMax('300')]);
    const [bravoPlayer] = await t.database.db.select().from(players).where(and(eq(players.opId, 'bravo-spin'), eq(players.isDeleted, false))).limit(1);
    const other = await t.call('POST', '/api/bonus/form/requests/new', { as: ADMIN, body: { bonusId: cashForm, playerCode: bravoPlayer!.playerCode, amountInUSD: '1', note: 'n' } });
    expect(other.statusCode).toBe(400);
    expect(other.json().messages).toEqual([BONUS_FORM_MESSAGES.PLAYER_NOT_IN_OPERATOR]);
    const hidden = await t.call('POST', '/api/bonus/form/requests/new', { as: OP_ADMIN, body: { bonusId: cashForm, playerCode: bravoPlayer!.playerCode, amountInUSD: '1', note: 'n' } });
    expect(hidden.statusCode).toBe(404);
    const inactive = await createForm({ title: 'Off', prizeType: 'CASH', maxAmountInUSD: '10', isActive: false });
    const off = await t.call('POST', '/api/bonus/form/requests/new', { as: ADMIN, body: { bonusId: inactive.bonusId, playerCode: p.playerCode, amountInUSD: '1', note: 'n' } });
    expect(off.statusCode).toBe(400);
    expect(off.json().messages).toEqual([BONUS_FORM_MESSAGES.FORM_INACTIVE]);
    const noNote = await t.call('POST', '/api/bonus/form/requests/new', { as: ADMIN, body: { bonusId: cashForm, playerCode: p.playerCode, amountInUSD: '1', note: ' ' } });
    expect(noNote.json().messages).toEqual([BONUS_FORM_MESSAGES.NOTE_REQUIRED]);
  });

  it('Topup Player validation: amount above 0, note required and ≤ 200, accept checkbox required; Reject needs a note; nothing changes', async () => {
    const { request } = await newRequest();
    const cases: [Record<string, unknown>, string][] = [
      [{ amountInUSD: '0' }, BONUS_FORM_MESSAGES.AMOUNT_ABOVE_ZERO],
      [{ amountInUSD: '0.00000000' }, BONUS_FORM_MESSAGES.AMOUNT_ABOVE_ZERO],
      [{ amountInUSD: '-5' }, BONUS_FORM_MESSAGES.AMOUNT_ABOVE_ZERO],
      [{ amountInUSD: '5.123456789' }, AMOUNT_MESSAGES.FORMAT],
      [{ note: undefined }, BONUS_FORM_MESSAGES.NOTE_REQUIRED],
      [{ note: '   ' }, BONUS_FORM_MESSAGES.NOTE_REQUIRED],
      [{ note: 'x'.repeat(NOTE_MAX + 1) }, BONUS_FORM_MESSAGES.NOTE_MAX],
      [{ accept: undefined }, BONUS_FORM_MESSAGES.ACCEPT_REQUIRED],
      [{ accept: false }, BONUS_FORM_MESSAGES.ACCEPT_REQUIRED],
      [{ action: 'CONFIRM' }, BONUS_FORM_MESSAGES.ACTION_REQUIRED],
      [{ action: 'REJECT', note: '' }, BONUS_FORM_MESSAGES.REJECT_NOTE_REQUIRED],
      [{ action: 'REJECT', note: 'x'.repeat(NOTE_MAX + 1) }, BONUS_FORM_MESSAGES.NOTE_MAX],
    ];
    for (const [patch, message] of cases) {
      const res = await t.call('PUT', '/api/bonus/form/requests', { as: ADMIN, headers: idemKey(), body: approveBody(request, patch) });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().messages, JSON.stringify(patch)).toEqual([message]);
    }
    const max = await t.call('PUT', '/api/bonus/form/requests', { as: ADMIN, headers: idemKey(), body: approveBody(request, { amountInUSD: '1000.01' }) });
    expect(max.statusCode).toBe(400);
    expect(max.json().messages).toEqual([BONUS_FORM_MESSAGES.overMax('1000')]);
    const noKey = await t.call('PUT', '/api/bonus/form/requests', { as: ADMIN, body: approveBody(request) });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().messages).toEqual([PLATFORM_MESSAGES.IDEMPOTENCY_KEY_REQUIRED]);
    expect(await requestRow(request.requestId)).toMatchObject({ status: 'PENDING', txId: null, decidedBy: null });
  });

  it('approve a cash prize: the main wallet (EUR) credited once at the rates, a BONUS / MANUAL_BONUS transaction, audited; out of the queue, in the history', async () => {
    const { player, request } = await newRequest({ currency: 'EUR' });
    const before = await balance(player.id, 'MAIN', 'EUR');
    const res = await t.call('PUT', '/api/bonus/form/requests', { as: ADMIN, headers: idemKey(), body: approveBody(request, { amountInUSD: '54', note: '  Approved, enjoy.  ' }) });
    expect(res.statusCode, res.body).toBe(200);
    const credited = convertAmount('54', '1', '1.08');
    expect(credited).toBe('50.00000000');
    expect(res.json()).toMatchObject({
      success: true, messages: [BONUS_FORM_MESSAGES.APPROVED],
      data: { status: 'APPROVED', walletType: 'MAIN', creditedCurrency: 'EUR', approveNote: 'Approved, enjoy.', decidedBy: ADMIN, noteForPlayer: null },
    });
    const data = res.json().data as { txId: string; creditedAmount: string; approvedAmountInUSD: string };
    expect(cmpDec(data.creditedAmount, credited)).toBe(0);
    expect(cmpDec(data.approvedAmountInUSD, '54')).toBe(0);
    expect(cmpDec(await balance(player.id, 'MAIN', 'EUR'), addDec(before, credited))).toBe(0);
    const [tx] = await t.database.db.select().from(transactions).where(eq(transactions.txId, data.txId));
    expect(tx).toMatchObject({ transactionType: 'BONUS', transactionSubType: 'MANUAL_BONUS', status: 'CONFIRMED', walletType: 'MAIN', fromCurrency: 'USD', toCurrency: 'EUR', confirmedBy: ADMIN, playerId: player.id });
    expect(cmpDec(tx!.toAmount, credited)).toBe(0);
    expect(cmpDec(tx!.fromAmountInUsd, '54')).toBe(0);
    expect(cmpDec(tx!.balanceAfter!, addDec(before, credited))).toBe(0);
    const entries = await entriesOf(data.txId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'MAIN', currency: 'EUR', reason: 'BONUS_FORM_CREDIT' });
    expect(cmpDec(entries[0]!.amount, credited)).toBe(0);
    expect(await t.lastActivity()).toMatchObject({ action: 'BONUS_REQUEST_APPROVE', targetType: 'bonusRequest', targetId: request.requestId, actorEmail: ADMIN, opId: player.opId });
    expect(await listed('pending', player.playerCode)).toEqual([]);
    expect((await listed('history', player.playerCode)).map((r) => [r.requestId, r.status])).toEqual([[request.requestId, 'APPROVED']]);
    const again = await t.call('PUT', '/api/bonus/form/requests', { as: OP_ADMIN, headers: idemKey(), body: approveBody(request, { action: 'REJECT', note: 'No' }) });
    expect(again.statusCode).toBe(409);
    expect(again.json().messages).toEqual([BONUS_FORM_MESSAGES.alreadyDecided('APPROVED', ADMIN)]);
    expect(await entriesOf(data.txId)).toHaveLength(1);
  });

  it('approve a locked prize: the bonus wallet (USD) credited with the amount typed', async () => {
    const { player, request } = await newRequest({ bonusId: lockedForm, amountInUSD: '100' });
    const before = await balance(player.id, 'BONUS', 'USD');
    const res = await t.call('PUT', '/api/bonus/form/requests', { as: 'operator.manager@demo.local', headers: idemKey(), body: approveBody(request, { amountInUSD: '80.12345678' }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ walletType: 'BONUS', creditedCurrency: 'USD', prizeType: 'LOCKED', decidedBy: 'operator.manager@demo.local' });
    expect(cmpDec(await balance(player.id, 'BONUS', 'USD'), addDec(before, '80.12345678'))).toBe(0);
    const entries = await entriesOf(res.json().data.txId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'BONUS', currency: 'USD' });
  });

  it('reject: REJECTED with the note for the player, no money moves, audited; a later approve answers 409', async () => {
    const { player, request } = await newRequest();
    const before = await balance(player.id, 'MAIN', player.activeCurrency);
    const res = await t.call('PUT', '/api/bonus/form/requests', { as: OP_ADMIN, headers: idemKey(), body: { ...approveBody(request), action: 'REJECT', note: ' Not eligible this month. ', amountInUSD: undefined, accept: undefined } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ messages: [BONUS_FORM_MESSAGES.REJECTED], data: { status: 'REJECTED', noteForPlayer: 'Not eligible this month.', txId: null, decidedBy: OP_ADMIN } });
    expect(await t.lastActivity()).toMatchObject({ action: 'BONUS_REQUEST_REJECT', targetId: request.requestId });
    expect(await balance(player.id, 'MAIN', player.activeCurrency)).toBe(before);
    const approve = await t.call('PUT', '/api/bonus/form/requests', { as: ADMIN, headers: idemKey(), body: approveBody(request) });
    expect(approve.statusCode).toBe(409);
    expect(approve.json()).toMatchObject({ status: 'ALREADY_HANDLED', messages: [BONUS_FORM_MESSAGES.alreadyDecided('REJECTED', OP_ADMIN)] });
    expect(await requestRow(request.requestId)).toMatchObject({ status: 'REJECTED', txId: null });
  });

  it('who may decide: devops and partner 403; another operator\'s request 404; a bonusId or playerCode not the request\'s 404; nothing changes', async () => {
    const { request } = await newRequest();
    for (const as of ['devops@demo.local', 'partner@demo.local'] as const) {
      const res = await t.call('PUT', '/api/bonus/form/requests', { as, headers: idemKey(), body: approveBody(request) });
      expect(res.statusCode, as).toBe(403);
      expect(res.json().messages).toEqual([MSG.NO_PERMISSION]);
    }
    const [bravo] = await t.database.db.select().from(bonusRequests).where(and(inArray(bonusRequests.opId, [...BRAVO_SCOPE]), eq(bonusRequests.status, 'PENDING'))).limit(1);
    expect(bravo).toBeDefined();
    const [bp] = await t.database.db.select().from(players).where(eq(players.id, bravo!.playerId));
    const foreign = await t.call('PUT', '/api/bonus/form/requests', { as: OP_ADMIN, headers: idemKey(), body: { ...approveBody({ requestId: bravo!.id, bonusId: bravo!.bonusId, playerCode: bp!.playerCode }), opId: undefined } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().messages).toEqual([BONUS_FORM_MESSAGES.REQUEST_NOT_FOUND]);
    expect((await requestRow(bravo!.id)).status).toBe('PENDING');
    const wrongForm = await t.call('PUT', '/api/bonus/form/requests', { as: ADMIN, headers: idemKey(), body: approveBody(request, { bonusId: lockedForm }) });
    expect(wrongForm.statusCode).toBe(404);
    const wrongPlayer = await t.call('PUT', '/api/bonus/form/requests', { as: ADMIN, headers: idemKey(), body: approveBody(request, { playerCode: 'P999999' }) });
    expect(wrongPlayer.statusCode).toBe(404);
    const wrongOp = await t.call('PUT', '/api/bonus/form/requests', { as: ADMIN, headers: idemKey(), body: approveBody(request, { opId: 'op-bravo' }) });
    expect(wrongOp.statusCode).toBe(404);
    expect(await requestRow(request.requestId)).toMatchObject({ status: 'PENDING', txId: null });
  });

  it(`${N} concurrent approvals (each its own key) → one 200, ${N - 1} × 409, credited once`, async () => {
    const { player, request } = await newRequest({ bonusId: lockedForm, amountInUSD: '10.01' });
    const before = await balance(player.id, 'BONUS', 'USD');
    const results = await Promise.all(Array.from({ length: N }, () =>
      t.call('PUT', '/api/bonus/form/requests', { as: ADMIN, headers: idemKey(), body: approveBody(request, { amountInUSD: '10.01' }) })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(N - 1);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().messages).toEqual([BONUS_FORM_MESSAGES.alreadyDecided('APPROVED', ADMIN)]);
    expect(cmpDec(await balance(player.id, 'BONUS', 'USD'), addDec(before, '10.01'))).toBe(0);
    const txs = await t.database.db.select().from(transactions).where(sql`${transactions.extra}->>'requestId' = ${request.requestId}`);
    expect(txs).toHaveLength(1);
    expect(await entriesOf(txs[0]!.txId)).toHaveLength(1);
  });

  it(`${N} concurrent approvals with one Idempotency-Key → all 200 with the same answer, credited once`, async () => {
    const { player, request } = await newRequest({ bonusId: lockedForm, amountInUSD: '7.77' });
    const before = await balance(player.id, 'BONUS', 'USD');
    const key = { 'idempotency-key': `bonus-${request.requestId}` };
    const results = await Promise.all(Array.from({ length: N }, () =>
      t.call('PUT', '/api/bonus/form/requests', { as: ADMIN, headers: key, body: approveBody(request, { amountInUSD: '7.77' }) })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(N).fill(200));
    for (const r of results) expect(r.json()).toEqual(results[0]!.json());
    expect(cmpDec(await balance(player.id, 'BONUS', 'USD'), addDec(before, '7.77'))).toBe(0);
  });

  it('the history lists only decided requests, the queue only pending ones', async () => {
    const pending = await t.call('POST', '/api/bonus/form/requests/list', { as: ADMIN, body: { view: 'pending', limit: 100 } });
    const history = await t.call('POST', '/api/bonus/form/requests/list', { as: ADMIN, body: { view: 'history', limit: 100 } });
    const p = pending.json().data.items as { status: string }[];
    const h = history.json().data.items as { status: string }[];
    expect(p.length).toBeGreaterThan(0);
    expect(h.length).toBeGreaterThan(0);
    expect(p.filter((r) => r.status !== 'PENDING')).toEqual([]);
    expect(h.filter((r) => r.status === 'PENDING')).toEqual([]);
    const [n] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(bonusRequests).where(ne(bonusRequests.status, 'PENDING'));
    expect(n!.n).toBeGreaterThan(0);
  });
});

describe('ledger', () => {
  it('reconciles after every movement above', async () => {
    expect((await reconcile(t.database.db)).problems).toEqual([]);
  });
});
