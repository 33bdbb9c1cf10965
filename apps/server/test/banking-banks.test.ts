import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { BANKING_MESSAGES, BANK_KEY_MAX, MSG, NAME_MAX, PAYMENT_MESSAGES } from '@pitboss/contract';
import { activities, banks } from '../src/db/schema.js';
import { makeTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let bravoBank: string;
let casinoBank: string;
beforeAll(async () => {
  t = await makeTestApp();
  const db = t.database.db;
  bravoBank = (await db.select().from(banks).where(eq(banks.opId, 'op-bravo')).limit(1))[0]!.uuid;
  casinoBank = (await db.insert(banks).values({ opId: 'alpha-casino', key: 'casino_only', bankName: { en: 'Casino Bank' }, order: 1 }).returning())[0]!.uuid;
});
// pool.end() resolves before the sockets are closed; on PostgreSQL the helper then drops the
// database WITH (FORCE), which kills still-closing connections. Give them a moment first.
afterAll(async () => {
  const close = t.database.close;
  t.database.close = async () => { await close(); await new Promise((r) => setTimeout(r, 300)); };
  await t.close();
});

const activityCount = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(activities))[0]!.n;

const newBank = (over: Record<string, unknown> = {}) => ({ opId: 'op-alpha', key: 'test_bank-a', bankName: { en: 'Test Bank', tr: 'Test Bankası' }, order: 7, status: 'Active', ...over });

describe('bank list', () => {
  it('lists the operator\'s banks, ordered', async () => {
    const res = await t.call('POST', '/api/banks/list', { as: 'operator.admin@demo.local', body: { opId: 'op-alpha' } });
    expect(res.statusCode).toBe(200);
    const items = res.json().data.items as { opId: string; order: number }[];
    expect(items.length).toBeGreaterThanOrEqual(5);
    expect(items.every((i) => i.opId === 'op-alpha')).toBe(true);
    expect(items.map((i) => i.order)).toEqual([...items.map((i) => i.order)].sort((a, b) => a - b));
  });
  it('another operator → 404; wrong roles → 403', async () => {
    expect((await t.call('POST', '/api/banks/list', { as: 'operator.admin@demo.local', body: { opId: 'op-bravo' } })).statusCode).toBe(404);
    for (const as of ['devops@demo.local', 'partner@demo.local'] as const) {
      const res = await t.call('POST', '/api/banks/list', { as, body: {} });
      expect(res.statusCode).toBe(403);
      expect(res.json().messages).toEqual([MSG.NO_PERMISSION]);
    }
  });
});

describe('new bank', () => {
  it('creates a bank; audited', async () => {
    const res = await t.call('POST', '/api/banks', { as: 'operator.admin@demo.local', body: newBank() });
    expect(res.statusCode).toBe(200);
    expect(res.json().messages).toEqual([PAYMENT_MESSAGES.BANK_ADDED]);
    expect(res.json().data).toMatchObject({ opId: 'op-alpha', key: 'test_bank-a', order: 7, bankName: { en: 'Test Bank', tr: 'Test Bankası' } });
    expect(await t.lastActivity()).toMatchObject({ action: 'BANK_CREATE', targetType: 'bank', opId: 'op-alpha', actorEmail: 'operator.admin@demo.local' });
  });

  it('a duplicate key for the operator → 409; the same key elsewhere is fine', async () => {
    const dup = await t.call('POST', '/api/banks', { as: 'admin@demo.local', body: newBank() });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().messages).toEqual([BANKING_MESSAGES.BANK_KEY_EXISTS]);
    const other = await t.call('POST', '/api/banks', { as: 'admin@demo.local', body: newBank({ opId: 'op-charlie' }) });
    expect(other.statusCode).toBe(200);
  });

  it.each([
    [{ key: 'bad key!' }, PAYMENT_MESSAGES.BANK_KEY],
    [{ key: 'bank1' }, PAYMENT_MESSAGES.BANK_KEY],
    [{ key: '' }, PAYMENT_MESSAGES.BANK_KEY],
    // Every stored text has a length limit (a 9,999-letter key was stored; a longer one broke the index).
    [{ key: 'k'.repeat(BANK_KEY_MAX + 1) }, PAYMENT_MESSAGES.BANK_KEY_MAX],
    [{ bankName: { en: 'n'.repeat(NAME_MAX + 1) } }, PAYMENT_MESSAGES.BANK_NAME_MAX],
    [{ bankName: { en: 'Bank', tr: 'n'.repeat(NAME_MAX + 1) } }, PAYMENT_MESSAGES.BANK_NAME_MAX],
    [{ bankName: { tr: 'Sadece Türkçe' } }, PAYMENT_MESSAGES.BANK_EN_REQUIRED],
    [{ bankName: { en: '  ' } }, PAYMENT_MESSAGES.BANK_EN_REQUIRED],
    [{ order: 1.5 }, PAYMENT_MESSAGES.BANK_ORDER],
    [{ order: 100_000_000 }, PAYMENT_MESSAGES.BANK_ORDER],
    [{ order: '3' }, PAYMENT_MESSAGES.BANK_ORDER],
    [{ opId: undefined }, PAYMENT_MESSAGES.BANK_SELECT_OPERATOR],
    [{ opId: '' }, PAYMENT_MESSAGES.BANK_SELECT_OPERATOR],
    [{ key: 'farsi', bankName: { en: 'X', fa: 'ایکس' } }, BANKING_MESSAGES.BANK_LANG_NOT_ALLOWED(['en', 'tr'])],
  ])('invalid %j → 400 with its message', async (over, message) => {
    const res = await t.call('POST', '/api/banks', { as: 'admin@demo.local', body: newBank({ key: 'valid_key', ...over }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().messages).toContain(message);
  });

  it('order 99999999 is accepted', async () => {
    const res = await t.call('POST', '/api/banks', { as: 'admin@demo.local', body: newBank({ key: 'max-order', order: 99_999_999 }) });
    expect(res.statusCode).toBe(200);
  });

  it('another operator → 404; wrong roles → 403', async () => {
    expect((await t.call('POST', '/api/banks', { as: 'operator.admin@demo.local', body: newBank({ opId: 'op-bravo', key: 'x_bravo' }) })).statusCode).toBe(404);
    expect((await t.call('POST', '/api/banks', { as: 'brand.admin@demo.local', body: newBank({ opId: 'alpha-casino', key: 'x_casino' }) })).statusCode).toBe(404);
    for (const as of ['devops@demo.local', 'partner@demo.local'] as const) {
      const res = await t.call('POST', '/api/banks', { as, body: newBank({ key: 'denied' }) });
      expect(res.statusCode).toBe(403);
      expect(res.json().messages).toEqual([MSG.NO_PERMISSION]);
    }
  });
});

describe('edit and delete bank', () => {
  let uuid: string;
  beforeAll(async () => {
    const res = await t.call('POST', '/api/banks', { as: 'admin@demo.local', body: newBank({ key: 'editable' }) });
    uuid = res.json().data.uuid;
  });

  it('updates a bank; audited with before and after', async () => {
    const res = await t.call('PUT', '/api/banks', { as: 'operator.admin@demo.local', body: newBank({ uuid, key: 'edited', bankName: { en: 'Edited' }, order: 3, status: 'Inactive' }) });
    expect(res.statusCode).toBe(200);
    expect(res.json().messages).toEqual([PAYMENT_MESSAGES.BANK_UPDATED]);
    expect(res.json().data).toMatchObject({ key: 'edited', status: 'Inactive', order: 3, bankName: { en: 'Edited' } });
    const a = await t.lastActivity();
    expect(a).toMatchObject({ action: 'BANK_UPDATE', targetId: uuid });
    expect(a!.before).toMatchObject({ key: 'editable' });
  });

  it('names in any language only for SUPER_ADMIN / ADMIN with no operator chosen', async () => {
    const body = newBank({ uuid, key: 'edited', bankName: { en: 'Edited', fa: 'ویرایش' }, opId: undefined });
    const admin = await t.call('PUT', '/api/banks', { as: 'admin@demo.local', body });
    expect(admin.statusCode).toBe(200);
    const opAdmin = await t.call('PUT', '/api/banks', { as: 'operator.admin@demo.local', body });
    expect(opAdmin.statusCode).toBe(400);
    expect(opAdmin.json().messages).toEqual([PAYMENT_MESSAGES.BANK_SELECT_OPERATOR]);
    const withOp = await t.call('PUT', '/api/banks', { as: 'admin@demo.local', body: { ...body, opId: 'op-alpha' } });
    expect(withOp.statusCode).toBe(400);
    expect(withOp.json().messages).toEqual([BANKING_MESSAGES.BANK_LANG_NOT_ALLOWED(['en', 'tr'])]);
  });

  it('renaming to an existing key of the operator → 409', async () => {
    const res = await t.call('PUT', '/api/banks', { as: 'admin@demo.local', body: newBank({ uuid, key: 'test_bank-a' }) });
    expect(res.statusCode).toBe(409);
    expect(res.json().messages).toEqual([BANKING_MESSAGES.BANK_KEY_EXISTS]);
  });

  it('another operator\'s bank → 404', async () => {
    expect((await t.call('PUT', '/api/banks', { as: 'operator.admin@demo.local', body: newBank({ uuid: bravoBank, opId: 'op-bravo' }) })).statusCode).toBe(404);
    expect((await t.call('PUT', '/api/banks', { as: 'brand.admin@demo.local', body: newBank({ uuid: casinoBank, opId: 'alpha-bet' }) })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/banks?uuid=${bravoBank}&opId=op-bravo`, { as: 'operator.admin@demo.local' })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/banks?uuid=${casinoBank}`, { as: 'brand.admin@demo.local' })).statusCode).toBe(404);
  });

  it('operator.manager reads the banks but may not create, edit or delete one (403, role review)', async () => {
    const OPM = 'operator.manager@demo.local';
    const list = await t.call('POST', '/api/banks/list', { as: OPM, body: { opId: 'op-alpha' } });
    expect(list.statusCode).toBe(200);
    const before = await activityCount();
    for (const [method, url, body] of [
      ['POST', '/api/banks', newBank({ key: 'manager_bank' })],
      ['PUT', '/api/banks', newBank({ uuid, key: 'manager_edit' })],
      ['DELETE', `/api/banks?uuid=${uuid}&opId=op-alpha`, undefined],
    ] as const) {
      const res = await t.call(method, url, { as: OPM, body });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().messages).toEqual([MSG.NO_PERMISSION]);
    }
    expect(await activityCount()).toBe(before);
    const [row] = await t.database.db.select().from(banks).where(eq(banks.uuid, uuid));
    expect(row!.key).not.toBe('manager_edit');
    expect((await t.database.db.select().from(banks).where(eq(banks.key, 'manager_bank'))).length).toBe(0);
  });

  it('deletes a bank; audited; then 404', async () => {
    const res = await t.call('DELETE', `/api/banks?uuid=${uuid}&opId=op-alpha`, { as: 'operator.admin@demo.local' });
    expect(res.statusCode).toBe(200);
    expect(res.json().messages).toEqual([BANKING_MESSAGES.BANK_DELETED]);
    expect(await t.lastActivity()).toMatchObject({ action: 'BANK_DELETE', targetId: uuid });
    expect((await t.database.db.select().from(banks).where(eq(banks.uuid, uuid))).length).toBe(0);
    expect((await t.call('DELETE', `/api/banks?uuid=${uuid}&opId=op-alpha`, { as: 'operator.admin@demo.local' })).statusCode).toBe(404);
  });

  it('wrong roles → 403', async () => {
    const res = await t.call('DELETE', `/api/banks?uuid=${bravoBank}`, { as: 'devops@demo.local' });
    expect(res.statusCode).toBe(403);
    expect(res.json().messages).toEqual([MSG.NO_PERMISSION]);
  });
});
