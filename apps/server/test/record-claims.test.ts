/**
 * Claims on the pending withdrawals and the pending KYC documents (platform/claims.ts): the
 * staff member who opens a record claims it, another sees the holder and is refused the decision
 * (409 with the contract's message, the claim as data), an expired claim lets the other decide,
 * the holder's decision releases the claim; another operator's record is not found (404) and a
 * role without the decision permission is refused (403).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import { CLAIM_MESSAGES, MSG, PAYMENT_FLOW_MESSAGES, PAYMENT_MESSAGES, RECORD_HELD } from '@pitboss/contract';
import { activities, players, recordClaims, transactions } from '../src/db/schema.js';
import type { Login, TestApp } from './helpers.js';
import { ALPHA_PLAYER_OPS, expectError, expectForbidden, getKyc, makeApp, newKey, pickKyc } from './support.js';

const OPA: Login = 'operator.admin@demo.local';
const ADMIN: Login = 'admin@demo.local';
const OPM: Login = 'operator.manager@demo.local';
const BRAVO: Login = 'bravo.admin@demo.local';
const PARTNER: Login = 'partner@demo.local';
const W_CLAIM = '/api/transactionsV2/withdraw/claim';
const W_DECIDE = '/api/transactionsV2/withdraw/in-progress';
const K_CLAIM = '/api/kyc/claim';
const K_DECIDE = '/api/players/kyc/v2';

let t: TestApp;
beforeAll(async () => { t = await makeApp(); });
afterAll(async () => { await t.close(); });

const used = new Set<string>();
/** A seeded alpha withdrawal no other test of this file touches, made IN_PROGRESS (its APPROVE moves no money). */
async function withdrawal(): Promise<string> {
  const db = t.database.db;
  const [w] = await db.select({ txId: transactions.txId }).from(transactions).where(and(
    eq(transactions.transactionType, 'WITHDRAW'), eq(transactions.status, 'PENDING'), inArray(transactions.opId, [...ALPHA_PLAYER_OPS]),
    eq(transactions.isDeleted, false), used.size ? notInArray(transactions.txId, [...used]) : undefined,
  )).orderBy(asc(transactions.txId)).limit(1);
  if (!w) throw new Error('no pending alpha withdrawal');
  used.add(w.txId);
  await db.update(transactions).set({ status: 'IN_PROGRESS' }).where(eq(transactions.txId, w.txId));
  return w.txId;
}
const approve = (as: Login, txId: string) => t.call('PUT', W_DECIDE, { as, headers: newKey(), body: { txId, status: 'APPROVE' } });
const claimW = (as: Login, txId: string, action: 'claim' | 'release' = 'claim') => t.call('POST', W_CLAIM, { as, body: { txId, action } });
const expire = (recordId: string) => t.database.db.update(recordClaims).set({ claimedUntil: new Date(Date.now() - 1000) }).where(eq(recordClaims.recordId, recordId));

describe('withdrawal claims', () => {
  it('the holder claims; another sees the holder, is refused the claim and the decision with the exact message', async () => {
    const txId = await withdrawal();
    const c = await claimW(OPA, txId);
    expect(c.statusCode, c.body).toBe(200);
    expect(c.json()).toMatchObject({ data: { claimedBy: OPA, claimedByMe: true }, messages: [CLAIM_MESSAGES.claimed('withdrawal')] });
    expect(Date.parse(c.json().data.claimedUntil)).toBeGreaterThan(Date.now() + 4 * 60_000);
    expect(await t.lastActivity()).toMatchObject({ action: 'WITHDRAW_CLAIM', targetType: 'transaction', targetId: txId, after: { claimedBy: OPA } });

    const held = [CLAIM_MESSAGES.heldBy('withdrawal', OPA)];
    const seen = await claimW(ADMIN, txId);
    expectError(seen, 409, held);
    expect(seen.json()).toMatchObject({ status: RECORD_HELD, data: { claimedBy: OPA, claimedByMe: false } });
    const refused = await approve(ADMIN, txId);
    expectError(refused, 409, held);
    expect((await t.database.db.select().from(transactions).where(eq(transactions.txId, txId)))[0]!.status).toBe('IN_PROGRESS');
    // Every withdrawal decision (with valid input: bad input answers 400 first) is refused the same way, before any provider is asked.
    const [w] = await t.database.db.select().from(transactions).where(eq(transactions.txId, txId));
    const route = w!.provider && !['tomani', 'witcher'].includes(w!.provider) ? `/api/transactionsV2/withdraw/${w!.provider}` : '/api/transactionsV2/withdraw';
    expectError(await t.call('PUT', route, { as: ADMIN, headers: newKey(), body: { txId, actionType: 'reject', playerNote: 'x', countsTowardDailyLimit: true } }), 409, held);
    // Releasing someone else's claim is refused too.
    expectError(await claimW(ADMIN, txId, 'release'), 409, held);
  });

  it("the holder's decision goes through and releases the claim", async () => {
    const txId = await withdrawal();
    expect((await claimW(OPA, txId)).statusCode).toBe(200);
    const res = await approve(OPA, txId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().messages).toEqual([PAYMENT_MESSAGES.WITHDRAW_CONFIRMED]);
    expect(await t.database.db.select().from(recordClaims).where(eq(recordClaims.recordId, txId))).toEqual([]);
  });

  it('an expired claim lets another staff member claim and decide', async () => {
    const txId = await withdrawal();
    expect((await claimW(OPA, txId)).statusCode).toBe(200);
    await expire(txId);
    const res = await approve(ADMIN, txId);
    expect(res.statusCode, res.body).toBe(200);
    const again = await withdrawal();
    expect((await claimW(OPA, again)).statusCode).toBe(200);
    await expire(again);
    const c = await claimW(ADMIN, again);
    expect(c.statusCode, c.body).toBe(200);
    expect(c.json().data).toMatchObject({ claimedBy: ADMIN, claimedByMe: true });
  });

  it('the holder releases; then another may decide', async () => {
    const txId = await withdrawal();
    expect((await claimW(OPA, txId)).statusCode).toBe(200);
    const r = await claimW(OPA, txId, 'release');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ data: { claimedBy: null, claimedByMe: false }, messages: [CLAIM_MESSAGES.released('withdrawal')] });
    expect(await t.lastActivity()).toMatchObject({ action: 'WITHDRAW_RELEASE', targetId: txId });
    expectError(await claimW(OPA, txId, 'release'), 409, [CLAIM_MESSAGES.notHolder('withdrawal')]);
    expect((await approve(ADMIN, txId)).statusCode).toBe(200);
  });

  it('racing claimants: 20 concurrent claims by two staff members leave exactly one holder', async () => {
    const txId = await withdrawal();
    const res = await Promise.all(Array.from({ length: 20 }, (_, i) => claimW(i % 2 ? OPA : ADMIN, txId)));
    const winners = new Set(res.filter((r) => r.statusCode === 200).map((r) => r.json().data.claimedBy));
    expect(winners.size).toBe(1);
    const holder = [...winners][0] as string;
    const losers = res.filter((r) => r.statusCode !== 200);
    for (const r of losers) expectError(r, 409, [CLAIM_MESSAGES.heldBy('withdrawal', holder)]);
    expect(losers.length).toBeGreaterThan(0);
    expect(await t.database.db.select().from(recordClaims).where(eq(recordClaims.recordId, txId))).toMatchObject([{ claimedBy: holder }]);
  });

  it("racing: a claim and another staff member's one-statement APPROVE never both apply while the claim is live; the decision applies once", async () => {
    const db = t.database.db;
    for (let i = 0; i < 8; i++) {
      const txId = await withdrawal();
      const [c, d] = await Promise.all([claimW(OPA, txId), approve(ADMIN, txId)]);
      expect(c.statusCode, c.body).toBe(200);
      expect([200, 409]).toContain(d.statusCode);
      const [w] = await db.select().from(transactions).where(eq(transactions.txId, txId));
      const decided = await db.select().from(activities).where(and(eq(activities.targetId, txId), eq(activities.action, 'WITHDRAW_IN_PROGRESS_APPROVE')));
      if (d.statusCode === 409) {
        // Refused: the claim came first; nothing changed.
        expectError(d, 409, [CLAIM_MESSAGES.heldBy('withdrawal', OPA)]);
        expect(w!.status).toBe('IN_PROGRESS');
        expect(decided).toHaveLength(0);
      } else {
        // Applied: the decision came first (its statement saw no live claim); once, and the late claim decides nothing.
        expect(w!.status).toBe('CONFIRMED');
        expect(decided).toHaveLength(1);
        expectError(await approve(OPA, txId), 409, [PAYMENT_MESSAGES.ALREADY_HANDLED('CONFIRMED', ADMIN)]);
      }
    }
  });

  it("another operator's withdrawal is not found (404); a role that cannot decide is refused (403)", async () => {
    const txId = await withdrawal();
    expectError(await claimW(BRAVO, txId), 404, [PAYMENT_MESSAGES.TX_NOT_FOUND]);
    expectForbidden(await claimW(OPM, txId));
    expectForbidden(await claimW(PARTNER, txId));
    // A held record stays "not found" to another operator's staff, never "held".
    expect((await claimW(OPA, txId)).statusCode).toBe(200);
    expectError(await approve(BRAVO, txId), 404, [PAYMENT_MESSAGES.TX_NOT_FOUND]);
    expectError(await t.call('POST', W_CLAIM, { as: OPA, body: { txId, action: 'grab' } }), 400, [CLAIM_MESSAGES.ACTION_INVALID]);
    expectError(await t.call('POST', W_CLAIM, { as: OPA, body: { txId: ' ', action: 'claim' } }), 400, ['Choose the withdrawal to claim.']);
    expectError(await t.call('POST', K_CLAIM, { as: OPA, body: { action: 'claim' } }), 400, ['Choose the document to claim.']);
  });
});

describe('KYC document claims', () => {
  const claimK = (as: Login, kycId: string, action: 'claim' | 'release' = 'claim') => t.call('POST', K_CLAIM, { as, body: { kycId, action } });

  it('another staff member sees the holder and is refused approve and reject; an edit is not a decision', async () => {
    const k = await pickKyc(t, { opIds: ALPHA_PLAYER_OPS, status: 'PENDING', optionType: 'EMAIL' });
    const c = await claimK(OPA, k.id);
    expect(c.statusCode, c.body).toBe(200);
    expect(c.json()).toMatchObject({ data: { claimedBy: OPA, claimedByMe: true }, messages: [CLAIM_MESSAGES.claimed('kyc')] });
    expect(await t.lastActivity()).toMatchObject({ action: 'KYC_CLAIM', targetType: 'kyc', targetId: k.id });
    const held = [CLAIM_MESSAGES.heldBy('kyc', OPA)];
    const seen = await claimK(OPM, k.id);
    expectError(seen, 409, held);
    expect(seen.json().data).toMatchObject({ claimedBy: OPA, claimedByMe: false });
    expectError(await t.call('PUT', K_DECIDE, { as: OPM, body: { action: 'approve', kycId: k.id, noteForPlayer: 'Fine.' } }), 409, held);
    expectError(await t.call('PUT', K_DECIDE, { as: OPM, body: { action: 'reject', uuid: k.id, noteForThePlayer: 'Blurry.' } }), 409, held);
    expect((await getKyc(t, k.id)).status).toBe('PENDING');
    // Editing the document's details decides nothing: allowed while another holds it.
    const edit = await t.call('PUT', K_DECIDE, { as: 'superadmin@demo.local', body: { action: 'edit', kycId: k.id, details: { email: 'held.edit@example.com' } } });
    expect(edit.statusCode, edit.body).toBe(200);
  });

  it("the holder's decision releases; an expired claim lets the other decide", async () => {
    const k = await pickKyc(t, { opIds: ALPHA_PLAYER_OPS, status: 'PENDING' });
    expect((await claimK(OPA, k.id)).statusCode).toBe(200);
    const res = await t.call('PUT', K_DECIDE, { as: OPA, body: { action: 'approve', kycId: k.id, noteForPlayer: 'Verified.' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().messages).toEqual([MSG.KYC_APPROVED]);
    expect(await t.database.db.select().from(recordClaims).where(eq(recordClaims.recordId, k.id))).toEqual([]);

    const k2 = await pickKyc(t, { opIds: ALPHA_PLAYER_OPS, status: 'PENDING' });
    expect((await claimK(OPA, k2.id)).statusCode).toBe(200);
    await expire(k2.id);
    const r2 = await t.call('PUT', K_DECIDE, { as: OPM, body: { action: 'reject', kycId: k2.id, noteForThePlayer: 'Blurry.' } });
    expect(r2.statusCode, r2.body).toBe(200);
    expect((await getKyc(t, k2.id)).status).toBe('REJECTED');
  });

  it("another operator's document is not found (404); a role without the documents page is refused (403)", async () => {
    const k = await pickKyc(t, { opIds: ALPHA_PLAYER_OPS, status: 'PENDING' });
    expectError(await claimK(BRAVO, k.id), 404, [MSG.KYC_NOT_FOUND]);
    expectForbidden(await claimK(PARTNER, k.id));
    expectForbidden(await claimK('devops@demo.local', k.id));
    expect((await claimK(OPA, k.id)).statusCode).toBe(200);
    expectError(await t.call('PUT', K_DECIDE, { as: BRAVO, body: { action: 'approve', kycId: k.id } }), 404, [MSG.KYC_NOT_FOUND]);
  });
});

describe('"Claimed by" in the lists', () => {
  const playerCodeOf = async (playerId: string) => (await t.database.db.select({ c: players.playerCode }).from(players).where(eq(players.id, playerId)))[0]!.c;

  it('the withdrawals list names the holder (their nickname) to others and "mine" to the holder; released: nobody', async () => {
    const txId = await withdrawal();
    const row = async (as: Login) => {
      const res = await t.call('POST', '/api/transactions/list', { as, body: { transactionType: 'WITHDRAW', txId, limit: 10 } });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.items as { txId: string; holder: unknown }[]).find((r) => r.txId === txId)!;
    };
    expect((await row(ADMIN)).holder).toBeNull();
    expect((await claimW(OPA, txId)).statusCode).toBe(200);
    expect((await row(ADMIN)).holder).toMatchObject({ name: 'alpha-admin', mine: false });
    expect((await row(OPA)).holder).toMatchObject({ name: 'alpha-admin', mine: true });
    // An expired claim is nobody's.
    await expire(txId);
    expect((await row(ADMIN)).holder).toBeNull();
    expect((await claimW(ADMIN, txId)).statusCode).toBe(200);
    expect((await row(OPA)).holder).toMatchObject({ name: 'admin', mine: false });
    expect((await claimW(ADMIN, txId, 'release')).statusCode).toBe(200);
    expect((await row(OPA)).holder).toBeNull();
  });

  it('the KYC documents list names the holder the same way', async () => {
    const k = await pickKyc(t, { opIds: ALPHA_PLAYER_OPS, status: 'PENDING' });
    const playerCode = await playerCodeOf(k.playerId);
    const row = async (as: Login) => {
      const res = await t.call('POST', '/api/kyc/list', { as, body: { status: 'PENDING', playerCode, limit: 100 } });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.items as { kycId: string; holder: unknown }[]).find((r) => r.kycId === k.id)!;
    };
    expect((await row(OPM)).holder).toBeNull();
    expect((await t.call('POST', K_CLAIM, { as: OPA, body: { kycId: k.id, action: 'claim' } })).statusCode).toBe(200);
    expect((await row(OPM)).holder).toMatchObject({ name: 'alpha-admin', mine: false });
    expect((await row(OPA)).holder).toMatchObject({ name: 'alpha-admin', mine: true });
    expect((await t.call('POST', K_CLAIM, { as: OPA, body: { kycId: k.id, action: 'release' } })).statusCode).toBe(200);
    expect((await row(OPM)).holder).toBeNull();
  });
});

describe('a decision takes its record in the same step as its change', () => {
  it('bad input answers 400 with its message even while another holds the record; then the 409', async () => {
    const txId = await withdrawal();
    expect((await claimW(OPA, txId)).statusCode).toBe(200);
    const [w] = await t.database.db.select().from(transactions).where(eq(transactions.txId, txId));
    await t.database.db.update(transactions).set({ status: 'PENDING' }).where(eq(transactions.txId, txId));
    const route = w!.provider && !['tomani', 'witcher'].includes(w!.provider) ? `/api/transactionsV2/withdraw/${w!.provider}` : '/api/transactionsV2/withdraw';
    // "Include in Daily Withdraw Request" missing: the input's own message, not "held by".
    expectError(await t.call('PUT', route, { as: ADMIN, headers: newKey(), body: { txId, actionType: 'reject', playerNote: 'x' } }), 400, [PAYMENT_FLOW_MESSAGES.COUNTS_TOWARD_DAILY_LIMIT_REQUIRED]);
    // Valid input: held by the other staff member.
    expectError(await t.call('PUT', route, { as: ADMIN, headers: newKey(), body: { txId, actionType: 'reject', playerNote: 'x', countsTowardDailyLimit: true } }), 409, [CLAIM_MESSAGES.heldBy('withdrawal', OPA)]);
    // The refused decider took nothing: the holder's claim is as it was.
    expect(await t.database.db.select().from(recordClaims).where(eq(recordClaims.recordId, txId))).toMatchObject([{ claimedBy: OPA }]);

    const k = await pickKyc(t, { opIds: ALPHA_PLAYER_OPS, status: 'PENDING' });
    expect((await t.call('POST', K_CLAIM, { as: OPA, body: { kycId: k.id, action: 'claim' } })).statusCode).toBe(200);
    expectError(await t.call('PUT', K_DECIDE, { as: OPM, body: { action: 'reject', kycId: k.id, noteForPlayer: '  ' } }), 400, [MSG.KYC_NOTE_REQUIRED]);
    expectError(await t.call('PUT', K_DECIDE, { as: OPM, body: { action: 'reject', kycId: k.id, noteForPlayer: 'Blurry.' } }), 409, [CLAIM_MESSAGES.heldBy('kyc', OPA)]);
  });

  it('a failed decision gives back the record it took', async () => {
    const k = await pickKyc(t, { opIds: ALPHA_PLAYER_OPS, status: 'PENDING' });
    expect((await t.call('PUT', K_DECIDE, { as: OPA, body: { action: 'approve', kycId: k.id, noteForPlayer: 'Fine.' } })).statusCode).toBe(200);
    // Approving it again: 409 "already confirmed", and no claim of the caller is left behind.
    expect((await t.call('PUT', K_DECIDE, { as: OPA, body: { action: 'approve', kycId: k.id, noteForPlayer: 'Fine.' } })).statusCode).toBe(409);
    expect(await t.database.db.select().from(recordClaims).where(eq(recordClaims.recordId, k.id))).toEqual([]);
  });

  it('racing: a claim and another staff member\'s decision, or the holder\'s release and the decision, never both apply while the record is held', async () => {
    const db = t.database.db;
    for (let i = 0; i < 6; i++) {
      // A free document: OPA claims it while OPM decides it.
      const k = await pickKyc(t, { opIds: ALPHA_PLAYER_OPS, status: 'PENDING' });
      const [c, d] = await Promise.all([
        t.call('POST', K_CLAIM, { as: OPA, body: { kycId: k.id, action: 'claim' } }),
        t.call('PUT', K_DECIDE, { as: OPM, body: { action: 'reject', kycId: k.id, noteForPlayer: 'Race.' } }),
      ]);
      expect([200, 409]).toContain(c.statusCode);
      expect([200, 409]).toContain(d.statusCode);
      if (c.statusCode === 200 && d.statusCode === 200) {
        // Both applied: only in sequence — the decision first (the claim then took a decided document).
        const acts = await db.select().from(activities).where(and(eq(activities.targetId, k.id), inArray(activities.action, ['KYC_CLAIM', 'KYC_REJECT']))).orderBy(asc(activities.id));
        expect(acts.map((a) => a.action)).toEqual(['KYC_REJECT', 'KYC_CLAIM']);
      }
      if (d.statusCode === 409) {
        expect(d.json().messages).toEqual([CLAIM_MESSAGES.heldBy('kyc', OPA)]);
        expect((await getKyc(t, k.id)).status).toBe('PENDING');
      }

      // A document OPA holds: OPA releases it while OPM decides it.
      const k2 = await pickKyc(t, { opIds: ALPHA_PLAYER_OPS, status: 'PENDING' });
      expect((await t.call('POST', K_CLAIM, { as: OPA, body: { kycId: k2.id, action: 'claim' } })).statusCode).toBe(200);
      const [r, d2] = await Promise.all([
        t.call('POST', K_CLAIM, { as: OPA, body: { kycId: k2.id, action: 'release' } }),
        t.call('PUT', K_DECIDE, { as: OPM, body: { action: 'reject', kycId: k2.id, noteForPlayer: 'Race.' } }),
      ]);
      expect(r.statusCode, r.body).toBe(200);
      if (d2.statusCode === 200) {
        const acts = await db.select().from(activities).where(and(eq(activities.targetId, k2.id), inArray(activities.action, ['KYC_RELEASE', 'KYC_REJECT']))).orderBy(asc(activities.id));
        expect(acts.map((a) => a.action)).toEqual(['KYC_RELEASE', 'KYC_REJECT']);
      } else {
        expectError(d2, 409, [CLAIM_MESSAGES.heldBy('kyc', OPA)]);
        expect((await getKyc(t, k2.id)).status).toBe('PENDING');
      }
      // Whatever the order, no claim is left on a decided document, and none of OPM's on an undecided one.
      const left = await db.select().from(recordClaims).where(inArray(recordClaims.recordId, [k.id, k2.id]));
      for (const l of left) expect(l.claimedBy).toBe(OPA);
    }
  });
});
