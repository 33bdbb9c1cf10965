import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BONUS_DEFINITION_MESSAGES, MSG, cmpDec, toUnits } from '@pitboss/contract';
import { bonusDefinitions } from '../src/db/schema.js';
import type { Login, TestApp } from './helpers.js';
import { ALPHA_SCOPE, BRAVO_SCOPE, expectError, makeApp } from './support.js';

const ADMIN: Login = 'admin@demo.local';
const OP_ADMIN: Login = 'operator.admin@demo.local';
const OP_MANAGER: Login = 'operator.manager@demo.local';
const DAY = 86_400_000;

let t: TestApp;
beforeAll(async () => { t = await makeApp(); });
afterAll(async () => { await t.close(); });

const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();
// Each body names its own game unless told otherwise: two bodies never have the same conditions by accident.
let unique = 0;
const body = (o: Record<string, unknown> = {}) => ({
  opId: 'op-alpha', title: 'Spring Reload 40%', description: 'Reload for casino players.', status: 'ACTIVE', startTime: at(-1), endTime: at(30),
  percentage: '40', maxBonusInUSD: '250.50', minDepositInUSD: '20', wagerMultiplier: 30, betType: 'CASINO', providers: ['Evolution'], games: [`Game ${++unique}`], currencies: ['EUR'], ...o,
});
type Def = { bonusId: string; opId: string; title: string; status: string; maxBonusInUSD: string; percentage: string; clonedFrom: string | null; version: number };

async function create(o: Record<string, unknown> = {}, as: Login = ADMIN): Promise<Def> {
  const res = await t.call('POST', '/api/bonus/deposit', { as, body: body(o) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Def;
}
async function listed(as: Login, filters: Record<string, unknown> = {}) {
  const res = await t.call('POST', '/api/bonus/deposit/list', { as, body: { limit: 100, ...filters } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items as Def[];
}

describe('deposit bonus definitions', () => {
  it('seeded: each operator lists its own definitions, never a deleted one nor another operator\'s', async () => {
    const alpha = await listed(OP_ADMIN);
    expect(alpha.length).toBeGreaterThan(3);
    expect(alpha.every((d) => (ALPHA_SCOPE as readonly string[]).includes(d.opId))).toBe(true);
    expect(alpha.some((d) => d.status === 'DEACTIVE')).toBe(true);
    expect(alpha.some((d) => d.status === 'DELETED')).toBe(false);
    const bravo = await listed('bravo.admin@demo.local');
    expect(bravo.length).toBeGreaterThan(0);
    expect(bravo.every((d) => (BRAVO_SCOPE as readonly string[]).includes(d.opId))).toBe(true);
    // The status filter offers ACTIVE and DEACTIVE only.
    expect((await listed(OP_ADMIN, { status: 'DEACTIVE' })).every((d) => d.status === 'DEACTIVE')).toBe(true);
    expectError(await t.call('POST', '/api/bonus/deposit/list', { as: OP_ADMIN, body: { status: 'DELETED' } }), 400, ['Status must be one of ACTIVE, DEACTIVE.']);
    expectError(await t.call('POST', '/api/bonus/deposit/list', { as: OP_ADMIN, body: { betType: 'POKER' } }), 400, ['Bet type must be one of CASINO, SPORT, ALL.']);
  });

  it('create: the fields as sent, exact money, audited; details answer it; the operator manager sees it but may not create', async () => {
    const res = await t.call('POST', '/api/bonus/deposit', { as: OP_ADMIN, body: body({ opId: 'alpha-bet', title: '  Brand Reload  ', providers: ['Evolution', 'Evolution'] }) });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(res.json().messages).toEqual([BONUS_DEFINITION_MESSAGES.CREATED]);
    expect(d).toMatchObject({ opId: 'alpha-bet', opTitle: 'AlphaBet', parentOpTitle: 'Alpha Gaming', title: 'Brand Reload', status: 'ACTIVE', percentage: '40', wagerMultiplier: 30, betType: 'CASINO', providers: ['Evolution'], currencies: ['EUR'], createdBy: OP_ADMIN, playersCount: 0 });
    expect(cmpDec(d.maxBonusInUSD, '250.50')).toBe(0);
    expect(toUnits(d.minDepositInUSD)).toBe(toUnits('20'));
    expect(await t.lastActivity()).toMatchObject({ action: 'BONUS_DEFINITION_CREATE', targetType: 'bonusDefinition', targetId: d.bonusId, opId: 'alpha-bet', actorEmail: OP_ADMIN });
    const got = await t.call('GET', `/api/bonus/deposit/details/${d.bonusId}`, { as: OP_MANAGER });
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json().data).toMatchObject({ bonusId: d.bonusId, title: 'Brand Reload' });
    expect((await listed(OP_MANAGER)).map((x) => x.bonusId)).toContain(d.bonusId);
    for (const as of [OP_MANAGER, 'partner@demo.local', 'devops@demo.local'] as const) {
      const denied = await t.call('POST', '/api/bonus/deposit', { as, body: body() });
      expect(denied.statusCode, as).toBe(403);
      expect(denied.json().messages).toEqual([MSG.NO_PERMISSION]);
    }
  });

  it('another operator\'s definition is not found: details, edit, delete, clone; an operator outside the caller\'s is not found', async () => {
    const [bravoDef] = await t.database.db.select().from(bonusDefinitions).where(eq(bonusDefinitions.opId, 'op-bravo')).limit(1);
    const id = bravoDef!.id;
    expect((await t.call('GET', `/api/bonus/deposit/details/${id}`, { as: OP_ADMIN })).statusCode).toBe(404);
    expectError(await t.call('PUT', '/api/bonus/deposit', { as: OP_ADMIN, body: { ...body(), bonusId: id } }), 404, [BONUS_DEFINITION_MESSAGES.NOT_FOUND]);
    expectError(await t.call('DELETE', `/api/bonus/deposit?bonusId=${id}&opId=op-bravo`, { as: OP_ADMIN }), 404, [BONUS_DEFINITION_MESSAGES.NOT_FOUND]);
    expectError(await t.call('POST', '/api/bonus/clone', { as: OP_ADMIN, body: { bonusId: id, targetOpId: 'op-alpha', startTime: at(1), endTime: at(5) } }), 404, [BONUS_DEFINITION_MESSAGES.NOT_FOUND]);
    expect((await t.call('POST', '/api/bonus/deposit', { as: OP_ADMIN, body: body({ opId: 'op-bravo' }) })).statusCode).toBe(404);
    const mine = await create({}, OP_ADMIN);
    expect((await t.call('POST', '/api/bonus/clone', { as: OP_ADMIN, body: { bonusId: mine.bonusId, targetOpId: 'op-bravo', startTime: at(1), endTime: at(5) } })).statusCode).toBe(404);
    // The selected operator must be the definition's (or its parent).
    expectError(await t.call('DELETE', `/api/bonus/deposit?bonusId=${mine.bonusId}&opId=alpha-casino`, { as: OP_ADMIN }), 404, [BONUS_DEFINITION_MESSAGES.NOT_FOUND]);
  });

  it('refuses bad input with the exact messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, BONUS_DEFINITION_MESSAGES.TITLE_REQUIRED],
      [{ title: 'x'.repeat(101) }, BONUS_DEFINITION_MESSAGES.TITLE_MAX],
      [{ description: 'x'.repeat(1001) }, BONUS_DEFINITION_MESSAGES.DESCRIPTION_MAX],
      [{ status: 'DELETED' }, BONUS_DEFINITION_MESSAGES.STATUS_INVALID],
      [{ startTime: '' }, BONUS_DEFINITION_MESSAGES.START_REQUIRED],
      [{ endTime: 'tomorrow' }, BONUS_DEFINITION_MESSAGES.END_INVALID],
      [{ startTime: at(5), endTime: at(2) }, BONUS_DEFINITION_MESSAGES.PERIOD_INVALID],
      [{ startTime: at(-10), endTime: at(-2) }, BONUS_DEFINITION_MESSAGES.END_IN_PAST],
      [{ percentage: '0' }, BONUS_DEFINITION_MESSAGES.PERCENTAGE_INVALID],
      [{ percentage: '1000.01' }, BONUS_DEFINITION_MESSAGES.PERCENTAGE_INVALID],
      [{ percentage: '12.345' }, BONUS_DEFINITION_MESSAGES.PERCENTAGE_INVALID],
      [{ maxBonusInUSD: '0' }, BONUS_DEFINITION_MESSAGES.MAX_BONUS_INVALID],
      [{ maxBonusInUSD: 100 }, BONUS_DEFINITION_MESSAGES.MAX_BONUS_INVALID],
      [{ maxBonusInUSD: '1e3' }, BONUS_DEFINITION_MESSAGES.MAX_BONUS_INVALID],
      [{ minDepositInUSD: '-5' }, BONUS_DEFINITION_MESSAGES.MIN_DEPOSIT_INVALID],
      [{ wagerMultiplier: 2.5 }, BONUS_DEFINITION_MESSAGES.WAGER_INVALID],
      [{ wagerMultiplier: 201 }, BONUS_DEFINITION_MESSAGES.WAGER_INVALID],
      [{ betType: 'POKER' }, BONUS_DEFINITION_MESSAGES.BET_TYPE_INVALID],
      [{ providers: [''] }, BONUS_DEFINITION_MESSAGES.NAMES_INVALID],
      [{ currencies: ['usd'] }, BONUS_DEFINITION_MESSAGES.CURRENCIES_INVALID],
      [{ opId: '' }, BONUS_DEFINITION_MESSAGES.OPERATOR_REQUIRED],
    ];
    for (const [patch, message] of cases) {
      const res = await t.call('POST', '/api/bonus/deposit', { as: ADMIN, body: body(patch) });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().messages, JSON.stringify(patch)).toEqual([message]);
    }
  });

  it('edit: the new fields, audited with before and after; a disabled bonus shows DEACTIVE', async () => {
    const d = await create({ title: 'To edit' });
    const res = await t.call('PUT', '/api/bonus/deposit', { as: OP_ADMIN, body: { ...body({ title: 'Edited', status: 'DEACTIVE', maxBonusInUSD: '99.99' }), opId: 'op-alpha', bonusId: d.bonusId } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ messages: [BONUS_DEFINITION_MESSAGES.UPDATED], data: { title: 'Edited', status: 'DEACTIVE', updatedBy: OP_ADMIN, version: 2 } });
    expect(d).toMatchObject({ version: 1 });
    expect(cmpDec(res.json().data.maxBonusInUSD, '99.99')).toBe(0);
    expect(await t.lastActivity()).toMatchObject({ action: 'BONUS_DEFINITION_UPDATE', targetId: d.bonusId });
    expectError(await t.call('PUT', '/api/bonus/deposit', { as: OP_MANAGER, body: { ...body(), bonusId: d.bonusId } }), 403, [MSG.NO_PERMISSION]);
  });

  it('delete: a soft delete, gone from the list and the details; again 404; the operator manager may not', async () => {
    const d = await create({ title: 'To delete' });
    expectError(await t.call('DELETE', `/api/bonus/deposit?bonusId=${d.bonusId}&opId=op-alpha`, { as: OP_MANAGER }), 403, [MSG.NO_PERMISSION]);
    const res = await t.call('DELETE', `/api/bonus/deposit?bonusId=${d.bonusId}&opId=op-alpha`, { as: OP_ADMIN });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ messages: [BONUS_DEFINITION_MESSAGES.DELETED], data: { status: 'DELETED' } });
    expect(await t.lastActivity()).toMatchObject({ action: 'BONUS_DEFINITION_DELETE', targetId: d.bonusId });
    const [row] = await t.database.db.select().from(bonusDefinitions).where(eq(bonusDefinitions.id, d.bonusId));
    expect(row).toMatchObject({ status: 'DELETED', deletedBy: OP_ADMIN });
    expect((await listed(OP_ADMIN)).map((x) => x.bonusId)).not.toContain(d.bonusId);
    expect((await listed(ADMIN, { title: 'To delete' })).map((x) => x.bonusId)).not.toContain(d.bonusId);
    expect((await t.call('GET', `/api/bonus/deposit/details/${d.bonusId}`, { as: ADMIN })).statusCode).toBe(404);
    expectError(await t.call('DELETE', `/api/bonus/deposit?bonusId=${d.bonusId}&opId=op-alpha`, { as: OP_ADMIN }), 404, [BONUS_DEFINITION_MESSAGES.NOT_FOUND]);
  });

  it('clone: to another operator with a new period; the same conditions again in an overlapping period are refused with the spec\'s text', async () => {
    const src = await create({ title: 'Clone me', percentage: '33.5', providers: ['NetEnt', 'Evolution'], currencies: [] });
    const ok = await t.call('POST', '/api/bonus/clone', { as: ADMIN, body: { bonusId: src.bonusId, opId: 'op-alpha', targetOpId: 'op-charlie', startTime: at(2), endTime: at(12) } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ messages: [BONUS_DEFINITION_MESSAGES.CLONED], data: { opId: 'op-charlie', title: 'Clone me', status: 'ACTIVE', percentage: '33.5', clonedFrom: src.bonusId } });
    expect(ok.json().data.startTime).toBe(at(2).slice(0, 10) + ok.json().data.startTime.slice(10));
    expect(await t.lastActivity()).toMatchObject({ action: 'BONUS_DEFINITION_CLONE', targetId: ok.json().data.bonusId, opId: 'op-charlie' });
    // Overlapping the clone: refused, nothing written.
    const before = (await listed(ADMIN, { opId: 'op-charlie' })).length;
    const again = await t.call('POST', '/api/bonus/clone', { as: ADMIN, body: { bonusId: src.bonusId, targetOpId: 'op-charlie', startTime: at(10), endTime: at(20) } });
    expectError(again, 409, [BONUS_DEFINITION_MESSAGES.CLONE_CONFLICT]);
    expect((await listed(ADMIN, { opId: 'op-charlie' })).length).toBe(before);
    // After its period: allowed. Other conditions in the same period: allowed.
    expect((await t.call('POST', '/api/bonus/clone', { as: ADMIN, body: { bonusId: src.bonusId, targetOpId: 'op-charlie', startTime: at(13), endTime: at(20) } })).statusCode).toBe(200);
    const other = await create({ title: 'Other conditions', percentage: '34' });
    expect((await t.call('POST', '/api/bonus/clone', { as: ADMIN, body: { bonusId: other.bonusId, targetOpId: 'op-charlie', startTime: at(2), endTime: at(12) } })).statusCode).toBe(200);
    // Into its own operator, overlapping itself: refused.
    expectError(await t.call('POST', '/api/bonus/clone', { as: ADMIN, body: { bonusId: src.bonusId, targetOpId: 'op-alpha', startTime: at(1), endTime: at(3) } }), 409, [BONUS_DEFINITION_MESSAGES.CLONE_CONFLICT]);
    // A disabled bonus with the same conditions does not block.
    const off = await create({ title: 'Disabled twin', percentage: '61', status: 'DEACTIVE' });
    expect((await t.call('POST', '/api/bonus/clone', { as: ADMIN, body: { bonusId: off.bonusId, targetOpId: 'op-alpha', startTime: at(1), endTime: at(3) } })).statusCode).toBe(200);
    // Bad input and roles.
    expectError(await t.call('POST', '/api/bonus/clone', { as: ADMIN, body: { bonusId: src.bonusId, targetOpId: '', startTime: at(1), endTime: at(3) } }), 400, [BONUS_DEFINITION_MESSAGES.TARGET_OPERATOR_REQUIRED]);
    expectError(await t.call('POST', '/api/bonus/clone', { as: ADMIN, body: { bonusId: src.bonusId, targetOpId: 'op-charlie', startTime: at(3), endTime: at(1) } }), 400, [BONUS_DEFINITION_MESSAGES.PERIOD_INVALID]);
    expectError(await t.call('POST', '/api/bonus/clone', { as: OP_MANAGER, body: { bonusId: src.bonusId, targetOpId: 'op-alpha', startTime: at(40), endTime: at(50) } }), 403, [MSG.NO_PERMISSION]);
  });

  it('create and edit refuse an ACTIVE bonus with the same conditions overlapping on the same operator, with the catalogue\'s message', async () => {
    // Fixed instants: the periods' edges meet exactly.
    const now = Date.now();
    const at = (days: number) => new Date(now + days * DAY).toISOString();
    const same = { percentage: '12.5', games: ['Twin Game'], providers: ['Evolution', 'NetEnt'], currencies: ['USD', 'EUR'] };
    const first = await create({ ...same, title: 'Twin one', startTime: at(100), endTime: at(110) });
    const count = async () => (await t.database.db.select().from(bonusDefinitions).where(eq(bonusDefinitions.title, 'Twin two'))).length;
    // Same conditions (sets in another order), overlapping: refused, nothing written.
    const dup = await t.call('POST', '/api/bonus/deposit', { as: OP_ADMIN, body: body({ ...same, providers: ['NetEnt', 'Evolution'], currencies: ['EUR', 'USD'], title: 'Twin two', startTime: at(105), endTime: at(120) }) });
    expectError(dup, 409, [BONUS_DEFINITION_MESSAGES.SAME_CONDITIONS]);
    expect(await count()).toBe(0);
    // Another operator, a period after it, other conditions or disabled: allowed.
    expect((await t.call('POST', '/api/bonus/deposit', { as: ADMIN, body: body({ ...same, opId: 'op-charlie', title: 'Twin other op', startTime: at(105), endTime: at(120) }) })).statusCode).toBe(200);
    const later = await create({ ...same, title: 'Twin two', startTime: at(110), endTime: at(120) });
    expect((await t.call('POST', '/api/bonus/deposit', { as: ADMIN, body: body({ ...same, percentage: '12.6', title: 'Twin other', startTime: at(105), endTime: at(120) }) })).statusCode).toBe(200);
    const off = await create({ ...same, title: 'Twin off', status: 'DEACTIVE', startTime: at(105), endTime: at(120) });
    // Editing into an overlap (the period, or switching the disabled twin on) is refused; editing itself keeps passing.
    const edit = (d: Def, o: Record<string, unknown>) => t.call('PUT', '/api/bonus/deposit', { as: OP_ADMIN, body: { ...body({ ...same, ...o }), opId: 'op-alpha', bonusId: d.bonusId } });
    expectError(await edit(later, { title: 'Twin two', startTime: at(109), endTime: at(120) }), 409, [BONUS_DEFINITION_MESSAGES.SAME_CONDITIONS]);
    expectError(await edit(off, { title: 'Twin off', status: 'ACTIVE', startTime: at(105), endTime: at(120) }), 409, [BONUS_DEFINITION_MESSAGES.SAME_CONDITIONS]);
    expect((await edit(first, { title: 'Twin one renamed', startTime: at(100), endTime: at(110) })).statusCode).toBe(200);
  });

  it('two creates of the same conditions at once: exactly one is written, under the operator lock', async () => {
    const same = { percentage: '13.25', games: ['Race Game'], title: 'Create race', startTime: at(200), endTime: at(210) };
    const send = () => t.call('POST', '/api/bonus/deposit', { as: ADMIN, body: body(same) });
    const answers = await Promise.all([send(), send(), send()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().messages).toEqual([BONUS_DEFINITION_MESSAGES.SAME_CONDITIONS]);
    expect(await t.database.db.select().from(bonusDefinitions).where(eq(bonusDefinitions.title, 'Create race'))).toHaveLength(1);
  });

  it('two clones of the same bonus into one operator at once: exactly one is applied, the other refused with the spec\'s text', async () => {
    const src = await create({ title: 'Race me', percentage: '77.7' });
    const send = () => t.call('POST', '/api/bonus/clone', { as: ADMIN, body: { bonusId: src.bonusId, targetOpId: 'op-charlie', startTime: at(40), endTime: at(50) } });
    const answers = await Promise.all([send(), send(), send()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().messages).toEqual([BONUS_DEFINITION_MESSAGES.CLONE_CONFLICT]);
    const copies = await t.database.db.select().from(bonusDefinitions).where(eq(bonusDefinitions.clonedFrom, src.bonusId));
    expect(copies).toHaveLength(1);
  });

  it('player bonuses (/bonus/list): seeded rows of the caller\'s operators, filters by status and bonus', async () => {
    const res = await t.call('POST', '/api/bonus/deposit/players/list', { as: OP_MANAGER, body: { limit: 100 } });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data.items as { bonusId: string; opId: string; status: string; bonusAmountInUSD: string; depositAmountInUSD: string; wagerRequiredInUSD: string }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => (ALPHA_SCOPE as readonly string[]).includes(i.opId))).toBe(true);
    for (const i of items) expect(toUnits(i.bonusAmountInUSD) > 0n && toUnits(i.wagerRequiredInUSD) >= toUnits(i.bonusAmountInUSD)).toBe(true);
    // 001 §3 Player bonus: createdAt, bonusId, uniuqeId (the record's own id, spelled as the spec spells it), title, type, prizeType, bonusAmountInUSD, version.
    for (const i of items as unknown as Record<string, unknown>[]) {
      expect(i).toMatchObject({ uniuqeId: i.id, type: 'DEPOSIT_BONUS', prizeType: 'LOCKED', version: 1 });
      expect(typeof i.title === 'string' && typeof i.createdAt === 'string').toBe(true);
    }
    const one = items[0]!;
    const byBonus = await t.call('POST', '/api/bonus/deposit/players/list', { as: OP_MANAGER, body: { limit: 100, bonusId: one.bonusId } });
    expect((byBonus.json().data.items as { bonusId: string }[]).every((i) => i.bonusId === one.bonusId)).toBe(true);
    expectError(await t.call('POST', '/api/bonus/deposit/players/list', { as: OP_MANAGER, body: { status: 'WON' } }), 400, ['Status must be one of ACTIVE, COMPLETED, EXPIRED, CANCELED.']);
    expect((await t.call('POST', '/api/bonus/deposit/players/list', { as: 'partner@demo.local', body: {} })).statusCode).toBe(403);
  });
});
