import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BANKING_MESSAGES, MSG, PAYMENT_MESSAGES } from '@pitboss/contract';
import { bankAccounts, players } from '../src/db/schema.js';
import { makeTestApp, type TestApp } from './helpers.js';

let t: TestApp;
const P = { alphaBet: '', alphaCasino: '', bravo: '' } as Record<'alphaBet' | 'alphaCasino' | 'bravo', string>;
const ids = {} as Record<string, string>;
const URL = '/api/paymentsV2/withdraw/bank-accounts';

async function playerOf(opId: string) {
  const [p] = await t.database.db.select().from(players).where(eq(players.opId, opId)).limit(1);
  return p!;
}
async function account(name: string, v: Partial<typeof bankAccounts.$inferInsert> & { playerId: string; opId: string }) {
  const [row] = await t.database.db.insert(bankAccounts).values({ bankName: 'Test Bank', nameOnCard: name, cardNumber: `CARD-${name}`, iban: `IBAN-${name}`, accountNumber: '1', ...v }).returning();
  ids[name] = row!.uuid;
}
const act = (uuid: string, over: Record<string, unknown> = {}) => ({ uuid, actionType: 'approve', playerNote: 'Checked against the ID.', ...over });

beforeAll(async () => {
  t = await makeTestApp();
  const ab = await playerOf('alpha-bet');
  const ac = await playerOf('alpha-casino');
  const br = await playerOf('op-bravo');
  P.alphaBet = ab.playerCode; P.alphaCasino = ac.playerCode; P.bravo = br.playerCode;
  await account('pending1', { playerId: ab.id, opId: 'alpha-bet', cardNumber: 'CARD-SHARED-T1', iban: 'IBAN-SHARED-T1' });
  await account('dupDeleted', { playerId: ab.id, opId: 'alpha-bet', cardNumber: 'CARD-SHARED-T1', isDeleted: true });
  await account('dupIbanBravo', { playerId: br.id, opId: 'op-bravo', iban: 'IBAN-SHARED-T1' });
  await account('lonelyCard', { playerId: ab.id, opId: 'alpha-bet', cardNumber: 'CARD-LONELY-T1', iban: null });
  await account('empty', { playerId: ab.id, opId: 'alpha-bet', bankName: '', cardNumber: null, iban: null });
  await account('approved1', { playerId: ab.id, opId: 'alpha-bet', status: 'approved', approvedBy: 'seed' });
  await account('rejected1', { playerId: ab.id, opId: 'alpha-bet', status: 'rejected', rejectedBy: 'seed' });
  await account('deleted1', { playerId: ab.id, opId: 'alpha-bet', isDeleted: true });
  await account('casino1', { playerId: ac.id, opId: 'alpha-casino' });
  await account('bravo1', { playerId: br.id, opId: 'op-bravo' });
  await account('race', { playerId: ab.id, opId: 'alpha-bet' });
});
// pool.end() resolves before the sockets are closed; on PostgreSQL the helper then drops the
// database WITH (FORCE), which kills still-closing connections. Give them a moment first.
afterAll(async () => {
  const close = t.database.close;
  t.database.close = async () => { await close(); await new Promise((r) => setTimeout(r, 300)); };
  await t.close();
});

describe('bank accounts list', () => {
  it('flags duplicated cards and IBANs across the platform (deleted ones do not count), missing details and DELETED', async () => {
    const res = await t.call('POST', `${URL}/list`, { as: 'admin@demo.local', body: { playerCode: P.alphaBet, limit: 100 } });
    expect(res.statusCode).toBe(200);
    const items = res.json().data.items as { uuid: string; cardNumberIsDuplicated: boolean; ibanIsDuplicated: boolean; missingDetails: boolean; isDeleted: boolean; playerCode: string }[];
    const by = (n: string) => items.find((i) => i.uuid === ids[n])!;
    expect(by('pending1')).toMatchObject({ cardNumberIsDuplicated: false, ibanIsDuplicated: true, missingDetails: false, playerCode: P.alphaBet });
    expect(by('dupDeleted')).toMatchObject({ cardNumberIsDuplicated: true, isDeleted: true });
    expect(by('lonelyCard')).toMatchObject({ cardNumberIsDuplicated: false, ibanIsDuplicated: false });
    expect(by('empty').missingDetails).toBe(true);
    expect(by('deleted1').isDeleted).toBe(true);
  });

  it('filters by status and deleted', async () => {
    const pending = await t.call('POST', `${URL}/list`, { as: 'admin@demo.local', body: { playerCode: P.alphaBet, status: 'approved', limit: 100 } });
    expect(pending.json().data.items.every((i: { status: string }) => i.status === 'approved')).toBe(true);
    const deleted = await t.call('POST', `${URL}/list`, { as: 'admin@demo.local', body: { playerCode: P.alphaBet, deleted: true, limit: 100 } });
    const d = deleted.json().data.items as { uuid: string; isDeleted: boolean }[];
    expect(d.length).toBeGreaterThanOrEqual(2);
    expect(d.every((i) => i.isDeleted)).toBe(true);
    const bad = await t.call('POST', `${URL}/list`, { as: 'admin@demo.local', body: { status: 'weird' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages).toEqual(['Status must be pending, approved or rejected.']);
  });

  it('is scoped: operator admin sees only its operators, another operator answers 404', async () => {
    const res = await t.call('POST', `${URL}/list`, { as: 'operator.admin@demo.local', body: { limit: 100 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items.every((i: { opId: string }) => ['op-alpha', 'alpha-bet', 'alpha-casino', 'alpha-partner'].includes(i.opId))).toBe(true);
    const other = await t.call('POST', `${URL}/list`, { as: 'operator.admin@demo.local', body: { opId: 'op-bravo' } });
    expect(other.statusCode).toBe(404);
  });

  it('is denied to roles without the page (403)', async () => {
    for (const as of ['devops@demo.local', 'partner@demo.local'] as const) {
      const res = await t.call('POST', `${URL}/list`, { as, body: {} });
      expect(res.statusCode).toBe(403);
      expect(res.json().messages).toEqual([MSG.NO_PERMISSION]);
    }
  });

  it('detail: visible in scope, 404 outside', async () => {
    expect((await t.call('GET', `${URL}/${ids.pending1}`, { as: 'brand.admin@demo.local' })).statusCode).toBe(200);
    const casino = await t.call('GET', `${URL}/${ids.casino1}`, { as: 'brand.admin@demo.local' });
    expect(casino.statusCode).toBe(404);
    expect(casino.json().messages).toEqual([BANKING_MESSAGES.BANK_ACCOUNT_NOT_FOUND]);
    expect((await t.call('GET', `${URL}/${ids.bravo1}`, { as: 'operator.admin@demo.local' })).statusCode).toBe(404);
    expect((await t.call('GET', `${URL}/not-a-uuid`, { as: 'admin@demo.local' })).statusCode).toBe(404);
  });
});

describe('approve / reject', () => {
  it('approves a pending account with the note, approver and time; audited', async () => {
    const res = await t.call('PUT', URL, { as: 'operator.admin@demo.local', body: act(ids.pending1!, { playerCode: P.alphaBet }) });
    expect(res.statusCode).toBe(200);
    expect(res.json().messages).toEqual([PAYMENT_MESSAGES.BANK_ACCOUNT_APPROVED]);
    const [row] = await t.database.db.select().from(bankAccounts).where(eq(bankAccounts.uuid, ids.pending1!));
    expect(row).toMatchObject({ status: 'approved', approvedBy: 'operator.admin@demo.local', noteForThePlayer: 'Checked against the ID.' });
    expect(row!.confirmedAt).toBeInstanceOf(Date);
    expect(await t.lastActivity()).toMatchObject({ action: 'BANK_ACCOUNT_APPROVE', targetId: ids.pending1, actorEmail: 'operator.admin@demo.local', opId: 'alpha-bet' });
  });

  it('refuses approving an approved account and rejecting a rejected one (409)', async () => {
    const a = await t.call('PUT', URL, { as: 'admin@demo.local', body: act(ids.approved1!) });
    expect(a.statusCode).toBe(409);
    expect(a.json().messages).toEqual([BANKING_MESSAGES.BANK_ACCOUNT_ALREADY_APPROVED]);
    const r = await t.call('PUT', URL, { as: 'admin@demo.local', body: act(ids.rejected1!, { actionType: 'reject' }) });
    expect(r.statusCode).toBe(409);
    expect(r.json().messages).toEqual([BANKING_MESSAGES.BANK_ACCOUNT_ALREADY_REJECTED]);
  });

  it('redo needs redo_bank_account_actions: manager 403, operator admin 200', async () => {
    const denied = await t.call('PUT', URL, { as: 'operator.manager@demo.local', body: act(ids.approved1!, { actionType: 'reject' }) });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().messages).toEqual([MSG.NO_PERMISSION]);
    const res = await t.call('PUT', URL, { as: 'operator.admin@demo.local', body: act(ids.approved1!, { actionType: 'reject', playerNote: 'Name mismatch.' }) });
    expect(res.statusCode).toBe(200);
    expect(res.json().messages).toEqual([PAYMENT_MESSAGES.BANK_ACCOUNT_REJECTED]);
    expect(res.json().data).toMatchObject({ status: 'rejected', rejectedBy: 'operator.admin@demo.local', approvedBy: null });
    expect((await t.lastActivity())!.action).toBe('BANK_ACCOUNT_REDO_REJECT');
  });

  it('a pending account can be decided by the manager', async () => {
    const res = await t.call('PUT', URL, { as: 'operator.manager@demo.local', body: act(ids.lonelyCard!, { actionType: 'reject' }) });
    expect(res.statusCode).toBe(200);
  });

  it('deleted accounts cannot be changed (409)', async () => {
    const res = await t.call('PUT', URL, { as: 'admin@demo.local', body: act(ids.deleted1!) });
    expect(res.statusCode).toBe(409);
    expect(res.json().messages).toEqual([BANKING_MESSAGES.BANK_ACCOUNT_DELETED]);
  });

  it.each([
    [{ playerNote: '' }, PAYMENT_MESSAGES.NOTE_REQUIRED],
    [{ playerNote: '   ' }, PAYMENT_MESSAGES.NOTE_REQUIRED],
    [{ playerNote: 'x'.repeat(201) }, PAYMENT_MESSAGES.NOTE_MAX],
    [{ uuid: 'nope' }, BANKING_MESSAGES.BANK_ACCOUNT_NOT_FOUND],
  ])('invalid input %j → 400 with its message', async (over, message) => {
    const res = await t.call('PUT', URL, { as: 'admin@demo.local', body: act(ids.race!, over) });
    expect(res.statusCode).toBe(400);
    expect(res.json().messages).toContain(message);
  });

  it('a playerCode of another player is refused', async () => {
    const res = await t.call('PUT', URL, { as: 'admin@demo.local', body: act(ids.race!, { playerCode: P.bravo }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().messages).toEqual([BANKING_MESSAGES.BANK_ACCOUNT_PLAYER_MISMATCH]);
  });

  it('another operator\'s account answers 404 and stays unchanged', async () => {
    expect((await t.call('PUT', URL, { as: 'operator.admin@demo.local', body: act(ids.bravo1!) })).statusCode).toBe(404);
    expect((await t.call('PUT', URL, { as: 'brand.admin@demo.local', body: act(ids.casino1!) })).statusCode).toBe(404);
    const rows = await t.database.db.select().from(bankAccounts).where(eq(bankAccounts.uuid, ids.bravo1!));
    expect(rows[0]!.status).toBe('pending');
  });

  it('is denied to roles without the page (403)', async () => {
    for (const as of ['devops@demo.local', 'partner@demo.local'] as const) {
      const res = await t.call('PUT', URL, { as, body: act(ids.race!) });
      expect(res.statusCode).toBe(403);
      expect(res.json().messages).toEqual([MSG.NO_PERMISSION]);
    }
  });

  it('50 concurrent approvals of one pending account: exactly one 200, the others 409', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) =>
      t.call('PUT', URL, { as: i % 2 ? 'admin@demo.local' : 'operator.admin@demo.local', body: act(ids.race!) })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(49);
    const { activities } = await import('../src/db/schema.js');
    const audits = await t.database.db.select().from(activities).where(eq(activities.targetId, ids.race!));
    expect(audits).toHaveLength(1);
  });
});

describe('card numbers and IBANs', () => {
  it('are masked to their last 4 in the list and the details', async () => {
    const list = await t.call('POST', `${URL}/list`, { as: 'admin@demo.local', body: { playerCode: P.alphaBet, limit: 100 } });
    const row = (list.json().data.items as { uuid: string; cardNumber: string | null; iban: string | null }[]).find((i) => i.uuid === ids.lonelyCard)!;
    expect(row).toMatchObject({ cardNumber: '•••• Y-T1', iban: null });
    expect(list.body).not.toContain('CARD-LONELY-T1');
    const one = await t.call('GET', `${URL}/${ids.pending1}`, { as: 'admin@demo.local' });
    expect(one.json().data).toMatchObject({ cardNumber: '•••• D-T1', iban: '•••• D-T1' });
    expect(one.body).not.toContain('CARD-SHARED-T1');
  });

  it('are revealed on purpose with a reason, which the activity log keeps (the numbers it does not)', async () => {
    const bad = await t.call('POST', `${URL}/reveal`, { as: 'admin@demo.local', body: { uuid: ids.pending1, reason: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages).toEqual([BANKING_MESSAGES.REVEAL_REASON]);
    const none = await t.call('POST', `${URL}/reveal`, { as: 'admin@demo.local', body: { uuid: ids.pending1 } });
    expect(none.json().messages).toEqual([BANKING_MESSAGES.REVEAL_REASON]);
    const res = await t.call('POST', `${URL}/reveal`, { as: 'admin@demo.local', body: { uuid: ids.pending1, reason: 'Checking the payout card with the bank' } });
    expect(res.json().data).toEqual({ uuid: ids.pending1, cardNumber: 'CARD-SHARED-T1', iban: 'IBAN-SHARED-T1', accountNumber: '1' });
    const a = await t.lastActivity();
    expect(a).toMatchObject({ action: 'BANK_ACCOUNT_REVEAL', actorEmail: 'admin@demo.local', targetType: 'bankAccount', targetId: ids.pending1, after: { reason: 'Checking the payout card with the bank' } });
    expect(JSON.stringify(a)).not.toContain('CARD-SHARED-T1');
  });
});
