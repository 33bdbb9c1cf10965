/**
 * Four-eyes approval (issue 9): the operator's threshold; bonus requests, manual top-ups and
 * withdrawal approvals above it need two different staff members; races of first approvals (two
 * approvers at once, the same approver twice) and of second approvals move the money once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { FOUR_EYES_MESSAGES, cmpDec, subDec } from '@pitboss/contract';
import { activities, bonusRequests, fourEyesApprovals, ledgerEntries, players, transactions, wallets } from '../src/db/schema.js';
import { postEntry, reconcile, toUsd } from '../src/modules/wallet/ledger.js';
import { type Login, type TestApp } from './helpers.js';
import { ALPHA_PLAYER_OPS, expectError, makeApp, newKey } from './support.js';

const A: Login = 'admin@demo.local';
const B: Login = 'superadmin@demo.local';
const OP_ADMIN: Login = 'operator.admin@demo.local';
const N = 20;

let t: TestApp;
let form: string;
beforeAll(async () => {
  t = await makeApp();
  const res = await t.call('POST', '/api/bonus/form', { as: A, body: { opId: 'op-alpha', title: 'Four eyes', prizeType: 'LOCKED', defaultAmountInUSD: '10', maxAmountInUSD: '1000', isActive: true } });
  expect(res.statusCode, res.body).toBe(200);
  form = res.json().data.bonusId;
  const set = await t.call('PUT', '/api/operators/four-eyes', { as: A, body: { opId: 'op-alpha', thresholdInUSD: '100' } });
  expect(set.statusCode, set.body).toBe(200);
});
afterAll(async () => { await t.close(); });

const used = new Set<string>();
async function nextPlayer() {
  const rows = await t.database.db.select().from(players)
    .where(and(inArray(players.opId, [...ALPHA_PLAYER_OPS]), eq(players.isDeleted, false))).orderBy(asc(players.playerCode)).limit(300);
  const p = rows.find((r) => !used.has(r.id))!;
  used.add(p.id);
  return p;
}
const startBalance = new Map<string, string>();
/** The player's bonus wallet (USD) gained since their request was made. */
async function bonusBalance(playerId: string) {
  const [w] = await t.database.db.select().from(wallets).where(and(eq(wallets.playerId, playerId), eq(wallets.kind, 'BONUS'), eq(wallets.currency, 'USD')));
  return subDec(w?.balance ?? '0', startBalance.get(playerId) ?? '0');
}
async function newRequest(amountInUSD: string) {
  const p = await nextPlayer();
  startBalance.set(p.id, '0');
  startBalance.set(p.id, await bonusBalance(p.id));
  const res = await t.call('POST', '/api/bonus/form/requests/new', { as: A, body: { bonusId: form, playerCode: p.playerCode, amountInUSD, note: 'Promised.' } });
  expect(res.statusCode, res.body).toBe(200);
  return { p, r: res.json().data as { requestId: string; bonusId: string; playerCode: string } };
}
const approve = (r: { requestId: string; bonusId: string; playerCode: string }, amountInUSD: string, extra: Record<string, unknown> = {}) =>
  ({ requestId: r.requestId, bonusId: r.bonusId, playerCode: r.playerCode, action: 'APPROVE', amountInUSD, note: 'Approved.', accept: true, ...extra });
const decide = (as: Login, body: unknown) => t.call('PUT', '/api/bonus/form/requests', { as, headers: newKey(), body });
const actionsOf = async (targetId: string) =>
  (await t.database.db.select({ action: activities.action, actor: activities.actorEmail }).from(activities).where(eq(activities.targetId, targetId)).orderBy(asc(activities.id)));

describe('the operator setting', () => {
  it('saved exact, cleared with empty, refused below 0 or not a number; shown by the settings; operator staff of another operator get 404', async () => {
    const bad = await t.call('PUT', '/api/operators/four-eyes', { as: A, body: { opId: 'op-bravo', thresholdInUSD: '-1' } });
    expectError(bad, 400, [FOUR_EYES_MESSAGES.THRESHOLD_FORMAT]);
    expectError(await t.call('PUT', '/api/operators/four-eyes', { as: A, body: { opId: 'op-bravo', thresholdInUSD: 'ten' } }), 400, [FOUR_EYES_MESSAGES.THRESHOLD_FORMAT]);
    const set = await t.call('PUT', '/api/operators/four-eyes', { as: A, body: { opId: 'op-bravo', thresholdInUSD: '0.12345678' } });
    expect(set.json()).toMatchObject({ success: true, messages: [FOUR_EYES_MESSAGES.THRESHOLD_SAVED] });
    expect(cmpDec(set.json().data.fourEyesThresholdInUSD, '0.12345678')).toBe(0);
    const read = await t.call('GET', '/api/operators/settings?opId=op-bravo', { as: A });
    expect(cmpDec(read.json().data.fourEyesThresholdInUSD, '0.12345678')).toBe(0);
    const off = await t.call('PUT', '/api/operators/four-eyes', { as: A, body: { opId: 'op-bravo', thresholdInUSD: '' } });
    expect(off.json()).toMatchObject({ success: true, data: { fourEyesThresholdInUSD: null }, messages: [FOUR_EYES_MESSAGES.THRESHOLD_CLEARED] });
    expect((await t.lastActivity())).toMatchObject({ action: 'OPERATOR_FOUR_EYES_THRESHOLD', targetId: 'op-bravo', actorEmail: A });
    // OPERATOR_ADMIN: its own operator yes, another no; OPERATOR_MANAGER never.
    expect((await t.call('PUT', '/api/operators/four-eyes', { as: OP_ADMIN, body: { opId: 'op-bravo', thresholdInUSD: '5' } })).statusCode).toBe(404);
    expect((await t.call('PUT', '/api/operators/four-eyes', { as: 'operator.manager@demo.local', body: { opId: 'op-alpha', thresholdInUSD: '5' } })).statusCode).toBe(403);
    const own = await t.call('PUT', '/api/operators/four-eyes', { as: OP_ADMIN, body: { opId: 'op-alpha', thresholdInUSD: '100' } });
    expect(own.statusCode, own.body).toBe(200);
  });
});

describe('bonus requests', () => {
  it('at or below the threshold: one approval credits as before', async () => {
    const { p, r } = await newRequest('100');
    const res = await decide(A, approve(r, '100'));
    expect(res.json()).toMatchObject({ success: true, data: { status: 'APPROVED', firstApproval: null } });
    expect(cmpDec(await bonusBalance(p.id), '100')).toBe(0);
  });

  it('above: the first approval needs a reason and moves nothing; the same user again is refused; another applies once; both in the activity log', async () => {
    const { p, r } = await newRequest('150');
    expectError(await decide(A, approve(r, '150')), 400, [FOUR_EYES_MESSAGES.REASON_REQUIRED]);
    expectError(await decide(A, approve(r, '150', { reasonCode: 'OTHER' })), 400, [FOUR_EYES_MESSAGES.REASON_NOTE_REQUIRED]);
    expectError(await decide(A, approve(r, '150', { reasonCode: 'MAYBE' })), 400, [FOUR_EYES_MESSAGES.REASON_INVALID]);
    const first = await decide(A, approve(r, '150', { reasonCode: 'KNOWN_PLAYER' }));
    expect(first.json()).toMatchObject({
      success: true, messages: [FOUR_EYES_MESSAGES.RECORDED],
      data: { status: 'PENDING', fourEyesThresholdInUSD: expect.any(String), firstApproval: { status: 'AWAITING_SECOND_APPROVAL', reasonCode: 'KNOWN_PLAYER', firstBy: A, firstByName: 'admin' } },
    });
    expect(cmpDec(await bonusBalance(p.id), '0')).toBe(0);
    expectError(await decide(A, approve(r, '150')), 409, [FOUR_EYES_MESSAGES.SAME_APPROVER]);
    expectError(await decide(B, approve(r, '140')), 400, [FOUR_EYES_MESSAGES.amountDiffers('150.00000000')]);
    const second = await decide(B, approve(r, '150'));
    expect(second.json()).toMatchObject({ success: true, data: { status: 'APPROVED', decidedBy: B, firstApproval: { status: 'APPROVED', secondBy: B } } });
    expect(cmpDec(await bonusBalance(p.id), '150')).toBe(0);
    expect(await actionsOf(r.requestId)).toEqual(expect.arrayContaining([
      { action: 'BONUS_REQUEST_FIRST_APPROVAL', actor: A }, { action: 'BONUS_REQUEST_APPROVE', actor: B },
    ]));
    // Decided: a third approval is the existing 409.
    expect((await decide(A, approve(r, '150'))).statusCode).toBe(409);
  });

  it('the first approver may reject instead; the approval closes', async () => {
    const { r } = await newRequest('150');
    expect((await decide(A, approve(r, '150', { reasonCode: 'PROMOTION_AGREED' }))).statusCode).toBe(200);
    const rej = await decide(A, { ...approve(r, '150'), action: 'REJECT', note: 'Not this time.' });
    expect(rej.json()).toMatchObject({ success: true, data: { status: 'REJECTED' } });
    const [a] = await t.database.db.select().from(fourEyesApprovals).where(eq(fourEyesApprovals.recordId, r.requestId));
    expect(a).toMatchObject({ status: 'REJECTED', secondBy: A });
  });

  it(`races: ${N} first approvals by two users at once → one first approval, the others 409, nothing credited; then ${N} second approvals → credited once`, async () => {
    const { p, r } = await newRequest('200');
    const who = (i: number): Login => (i % 2 ? A : B);
    const res = await Promise.all(Array.from({ length: N }, (_, i) => decide(who(i), approve(r, '200', { reasonCode: 'VERIFIED_DOCUMENTS' }))));
    const okd = res.filter((x) => x.statusCode === 200);
    expect(okd).toHaveLength(1);
    expect(okd[0]!.json().messages).toEqual([FOUR_EYES_MESSAGES.RECORDED]);
    const firstBy = okd[0]!.json().data.firstApproval.firstBy as string;
    const firstName = firstBy === A ? 'admin' : 'superadmin';
    res.forEach((x, i) => {
      if (x === okd[0]) return;
      expectError(x, 409, [who(i) === firstBy ? FOUR_EYES_MESSAGES.SAME_APPROVER : FOUR_EYES_MESSAGES.awaitingSecond(firstName)]);
    });
    expect(cmpDec(await bonusBalance(p.id), '0')).toBe(0);
    const other: Login = firstBy === A ? B : A;
    const seconds = await Promise.all(Array.from({ length: N }, (_, i) => decide(i % 2 ? other : (firstBy as Login), approve(r, '200'))));
    expect(seconds.filter((x) => x.statusCode === 200)).toHaveLength(1);
    expect(seconds.every((x) => x.statusCode === 200 || x.statusCode === 409)).toBe(true);
    expect(cmpDec(await bonusBalance(p.id), '200')).toBe(0);
    const [row] = await t.database.db.select().from(bonusRequests).where(eq(bonusRequests.id, r.requestId));
    expect(row).toMatchObject({ status: 'APPROVED', decidedBy: other });
    expect((await reconcile(t.database.db)).problems).toEqual([]);
  });

  it(`races: the same approver ${N} times at once → one first approval, ${N - 1} refused as the same approver, nothing credited`, async () => {
    const { p, r } = await newRequest('300');
    const res = await Promise.all(Array.from({ length: N }, () => decide(A, approve(r, '300', { reasonCode: 'KNOWN_PLAYER' }))));
    expect(res.filter((x) => x.statusCode === 200)).toHaveLength(1);
    for (const x of res.filter((y) => y.statusCode !== 200)) expectError(x, 409, [FOUR_EYES_MESSAGES.SAME_APPROVER]);
    expect(cmpDec(await bonusBalance(p.id), '0')).toBe(0);
    expect((await t.database.db.select().from(fourEyesApprovals).where(eq(fourEyesApprovals.recordId, r.requestId)))).toHaveLength(1);
  });
});

describe('manual top-ups', () => {
  const topup = (as: Login, playerCode: string, amount: string, extra: Record<string, unknown> = {}) => t.call('POST', '/api/player/wallet/topup', {
    as, headers: newKey(), body: { playerCode, amount, currency: 'USD', action: 'INCREASE', reason: 'OTHER', note: 'Goodwill', accept: true, ...extra },
  });
  const decideTopup = (as: Login, approvalId: string, action: 'APPROVE' | 'REJECT') => t.call('PUT', '/api/player/wallet/topup/approvals', { as, headers: newKey(), body: { approvalId, action } });
  async function usdMain(playerId: string) {
    const [w] = await t.database.db.select().from(wallets).where(and(eq(wallets.playerId, playerId), eq(wallets.kind, 'MAIN'), eq(wallets.currency, 'USD')));
    return w?.balance ?? '0';
  }

  it('below the threshold: applied at once; the info shows the threshold', async () => {
    const p = await nextPlayer();
    const info = await t.call('POST', '/api/player/wallet/topup/info', { as: A, body: { playerCode: p.playerCode } });
    expect(cmpDec(info.json().data.limits.fourEyesThresholdInUSD, '100')).toBe(0);
    const res = await topup(A, p.playerCode, '50');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.txId).toEqual(expect.any(String));
  });

  it('above: a pending top-up awaiting a second staff member (listed); the first approver is refused; another applies it once', async () => {
    const p = await nextPlayer();
    const before = await usdMain(p.id);
    expectError(await topup(A, p.playerCode, '250'), 400, [FOUR_EYES_MESSAGES.REASON_REQUIRED]);
    const first = await topup(A, p.playerCode, '250', { reasonCode: 'VERIFIED_DOCUMENTS' });
    expect(first.json()).toMatchObject({ success: true, messages: [FOUR_EYES_MESSAGES.RECORDED], data: { awaitingSecondApproval: true, approval: { firstBy: A, firstByName: 'admin', reasonCode: 'VERIFIED_DOCUMENTS' } } });
    expect(cmpDec(await usdMain(p.id), before)).toBe(0);
    const id = first.json().data.approval.approvalId as string;
    const listed = await t.call('POST', '/api/player/wallet/topup/approvals/list', { as: B, body: { view: 'pending', limit: 100 } });
    expect(listed.json().data.items).toEqual(expect.arrayContaining([expect.objectContaining({ approvalId: id, playerCode: p.playerCode, firstByName: 'admin', currency: 'USD' })]));
    expectError(await decideTopup(A, id, 'APPROVE'), 409, [FOUR_EYES_MESSAGES.SAME_APPROVER]);
    const res = await Promise.all(Array.from({ length: N }, (_, i) => decideTopup(i % 2 ? B : A, id, 'APPROVE')));
    expect(res.filter((x) => x.statusCode === 200)).toHaveLength(1);
    expect(res.every((x) => x.statusCode === 200 || x.statusCode === 409)).toBe(true);
    expect(cmpDec(await usdMain(p.id), before) !== 0).toBe(true);
    const [a] = await t.database.db.select().from(fourEyesApprovals).where(eq(fourEyesApprovals.id, id));
    expect(a).toMatchObject({ status: 'APPROVED', secondBy: B });
    const entries = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.refId, a!.txId!));
    expect(entries).toHaveLength(1);
    expect(cmpDec(entries[0]!.amount, '250')).toBe(0);
    expect((await t.database.db.select({ action: activities.action, actor: activities.actorEmail }).from(activities)
      .where(and(eq(activities.targetId, p.playerCode), inArray(activities.action, ['TOPUP_FIRST_APPROVAL', 'TOPUP_SECOND_APPROVAL']))).orderBy(asc(activities.id))))
      .toEqual([{ action: 'TOPUP_FIRST_APPROVAL', actor: A }, { action: 'TOPUP_SECOND_APPROVAL', actor: B }]);
    expect((await reconcile(t.database.db)).problems).toEqual([]);
  });

  it('a pending top-up may be rejected (then neither approves it); OPERATOR_ADMIN may not decide (403)', async () => {
    const p = await nextPlayer();
    const first = await topup(B, p.playerCode, '500', { reasonCode: 'OTHER', reasonNote: 'VIP call' });
    const id = first.json().data.approval.approvalId as string;
    expect((await decideTopup(OP_ADMIN, id, 'APPROVE')).statusCode).toBe(403);
    expect((await decideTopup(A, id, 'REJECT')).json()).toMatchObject({ success: true, messages: [FOUR_EYES_MESSAGES.TOPUP_REJECTED], data: { status: 'REJECTED' } });
    expectError(await decideTopup(A, id, 'APPROVE'), 409, [FOUR_EYES_MESSAGES.topupDecided('REJECTED', A)]);
  });
});

describe('withdrawal approvals', () => {
  /** A fresh PENDING USD withdrawal of Alpha, held from a MAIN wallet. */
  async function makeWithdrawal(amount: string, provider: string) {
    const db = t.database.db;
    const [w] = await db.select().from(wallets).where(and(inArray(wallets.opId, [...ALPHA_PLAYER_OPS]), eq(wallets.kind, 'MAIN'), eq(wallets.currency, 'USD'), sql`${wallets.balance} >= ${amount}`))
      .orderBy(asc(wallets.id)).limit(1);
    const txId = crypto.randomUUID();
    await db.transaction(async (tx) => {
      const e = await postEntry(tx as never, { playerId: w!.playerId, opId: w!.opId, kind: 'MAIN', currency: 'USD', amount: `-${amount}`, reason: 'WITHDRAW_HOLD', refType: 'transaction', refId: txId });
      const usd = toUsd(amount, e.rate);
      await tx.insert(transactions).values({
        txId, opId: w!.opId, playerId: w!.playerId, transactionType: 'WITHDRAW', status: 'PENDING', fromAmount: amount, fromCurrency: 'USD', fromAmountInUsd: usd,
        toAmount: amount, toCurrency: 'USD', toAmountInUsd: usd, rateToUsd: e.rate, balanceBefore: e.balanceBefore, balanceAfter: e.balanceAfter, provider, gateway: provider,
        destination: { type: 'IBAN', iban: 'TR000000000000000000000001' },
      });
    });
    return txId;
  }
  const status = async (txId: string) => (await t.database.db.select().from(transactions).where(eq(transactions.txId, txId)))[0]!.status;
  const confirm = (as: Login, txId: string, extra: Record<string, unknown> = {}, path = '/api/transactionsV2/withdraw') =>
    t.call('PUT', path, { as, headers: newKey(), body: { txId, actionType: 'confirm', playerNote: '', ...extra } });

  it('below the threshold: one confirmation confirms', async () => {
    const txId = await makeWithdrawal('60.00', 'witcher');
    expect((await confirm(A, txId)).statusCode).toBe(200);
    expect(await status(txId)).toBe('CONFIRMED');
  });

  it('above (by hand): first approval keeps it PENDING; the same user refused; another confirms; both in the activity log', async () => {
    const txId = await makeWithdrawal('160.00', 'witcher');
    // Its details carry what the Approve dialog asks: the threshold, then the first approval.
    const details = async () => (await t.call('GET', `/api/transactions/details/${txId}`, { as: B })).json().data;
    expect((await details()).fourEyes).toMatchObject({ thresholdInUSD: expect.any(String), firstApproval: null });
    expectError(await confirm(A, txId), 400, [FOUR_EYES_MESSAGES.REASON_REQUIRED]);
    const first = await confirm(A, txId, { reasonCode: 'VERIFIED_DOCUMENTS' });
    expect(first.json()).toMatchObject({ success: true, messages: [FOUR_EYES_MESSAGES.RECORDED], data: { status: 'PENDING' } });
    expect((await details()).fourEyes).toMatchObject({ firstApproval: { status: 'AWAITING_SECOND_APPROVAL', reasonCode: 'VERIFIED_DOCUMENTS', firstBy: A, firstByName: 'admin' } });
    expect(await status(txId)).toBe('PENDING');
    expectError(await confirm(A, txId), 409, [FOUR_EYES_MESSAGES.SAME_APPROVER]);
    expect((await confirm(B, txId)).statusCode).toBe(200);
    expect(await status(txId)).toBe('CONFIRMED');
    expect((await details()).fourEyes).toBeUndefined();
    expect(await actionsOf(txId)).toEqual(expect.arrayContaining([{ action: 'WITHDRAW_FIRST_APPROVAL', actor: A }, { action: 'WITHDRAW_CONFIRM_MANUAL', actor: B }]));
  });

  it(`races through a provider: ${N} first confirmations by two users → one first approval, nothing sent; ${N} second → sent and confirmed once`, async () => {
    const txId = await makeWithdrawal('170.00', 'cpg');
    const res = await Promise.all(Array.from({ length: N }, (_, i) => confirm(i % 2 ? A : B, txId, { reasonCode: 'KNOWN_PLAYER' }, '/api/transactionsV2/withdraw/cpg')));
    expect(res.filter((x) => x.statusCode === 200)).toHaveLength(1);
    expect(res.every((x) => x.statusCode === 200 || x.statusCode === 409)).toBe(true);
    expect(await status(txId)).toBe('PENDING');
    const [a] = await t.database.db.select().from(fourEyesApprovals).where(eq(fourEyesApprovals.recordId, txId));
    const other: Login = a!.firstBy === A ? B : A;
    const seconds = await Promise.all(Array.from({ length: N }, () => confirm(other, txId, {}, '/api/transactionsV2/withdraw/cpg')));
    expect(seconds.filter((x) => x.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    expect(await status(txId)).toBe('CONFIRMED');
    const sent = await t.database.db.select().from(activities).where(and(eq(activities.targetId, txId), eq(activities.action, 'WITHDRAW_CONFIRM_SENT')));
    expect(sent).toHaveLength(1);
    const [closed] = await t.database.db.select().from(fourEyesApprovals).where(eq(fourEyesApprovals.recordId, txId));
    expect(closed).toMatchObject({ status: 'APPROVED', secondBy: other });
  });

  it('the same approver many times at once → one first approval, the rest refused, still PENDING; a rejection closes it', async () => {
    const txId = await makeWithdrawal('180.00', 'witcher');
    const res = await Promise.all(Array.from({ length: N }, () => confirm(A, txId, { reasonCode: 'KNOWN_PLAYER' })));
    expect(res.filter((x) => x.statusCode === 200)).toHaveLength(1);
    for (const x of res.filter((y) => y.statusCode !== 200)) expectError(x, 409, [FOUR_EYES_MESSAGES.SAME_APPROVER]);
    expect(await status(txId)).toBe('PENDING');
    const rej = await t.call('PUT', '/api/transactionsV2/withdraw', { as: A, headers: newKey(), body: { txId, actionType: 'reject', playerNote: 'Refunded: test.', countsTowardDailyLimit: true } });
    expect(rej.statusCode, rej.body).toBe(200);
    const [a] = await t.database.db.select().from(fourEyesApprovals).where(eq(fourEyesApprovals.recordId, txId));
    expect(a).toMatchObject({ status: 'REJECTED' });
  });
});
