/** Bonus abuse signals (issue 9): players sharing the player's sign-in IP, device or card / IBAN, and who received the same bonus. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BONUS_ABUSE_MESSAGES, MSG } from '@pitboss/contract';
import { bankAccounts, bonusForms, bonusRequests, players, sportFreebetGrants } from '../src/db/schema.js';
import { makeApp } from './support.js';
import type { Login, TestApp } from './helpers.js';

const URL = '/api/bonus/abuse-signals';
const OP = 'alpha-bet';
const TEMPLATE = 987_654;
let t: TestApp;
const post = (body: unknown, as: Login = 'admin@demo.local') => t.call('POST', URL, { as, body });

const tag = `AB${Date.now().toString(36).toUpperCase()}`;
const code = (k: string) => `${tag}-${k}`;
const ids: Record<string, string> = {};
let formId = '';
let otherFormId = '';

async function player(k: string, o: { ip?: string; device?: string; opId?: string }) {
  const [p] = await t.database.db.insert(players).values({
    playerCode: code(k), opId: o.opId ?? OP, username: `${tag.toLowerCase()}_${k.toLowerCase()}`, firstName: 'Test', lastName: k,
    lastLoginIp: o.ip ?? null, deviceFingerprint: o.device ?? null,
  }).returning({ id: players.id });
  ids[k] = p!.id;
}
const request = (bonusId: string, k: string, status: string) => t.database.db.insert(bonusRequests).values({
  bonusId, opId: OP, playerId: ids[k]!, prizeType: 'CASH', amountInUsd: '10', note: 'test', status,
});

beforeAll(async () => {
  t = await makeApp();
  const ip = `192.0.2.${Math.floor(Math.random() * 200) + 1}-${tag}`;
  await player('A', { ip, device: `${tag}-dev-a` });
  await player('B', { ip, device: `${tag}-dev-b` }); // shares the IP, got the bonus
  await player('C', { ip, device: `${tag}-dev-a` }); // shares IP and device, request still pending
  await player('D', { device: `${tag}-dev-d` }); // shares a card, got the bonus
  await player('E', { ip: `${tag}-elsewhere` }); // unrelated, got the bonus
  await player('F', { ip, opId: 'op-bravo' }); // same IP at another operator: not a signal here
  const [f] = await t.database.db.insert(bonusForms).values({ opId: OP, title: `${tag} welcome`, prizeType: 'CASH', defaultAmountInUsd: '10', maxAmountInUsd: '50' }).returning({ id: bonusForms.id });
  const [g] = await t.database.db.insert(bonusForms).values({ opId: OP, title: `${tag} other`, prizeType: 'CASH', defaultAmountInUsd: '10', maxAmountInUsd: '50' }).returning({ id: bonusForms.id });
  formId = f!.id;
  otherFormId = g!.id;
  await request(formId, 'B', 'APPROVED');
  await request(formId, 'C', 'PENDING');
  await request(formId, 'D', 'APPROVED');
  await request(formId, 'E', 'APPROVED');
  await request(formId, 'A', 'PENDING');
  await t.database.db.insert(bankAccounts).values([
    { playerId: ids.A!, opId: OP, cardNumber: `${tag}-4111`, iban: null },
    { playerId: ids.D!, opId: OP, cardNumber: `${tag}-4111`, iban: null },
  ]);
  await t.database.db.insert(sportFreebetGrants).values([
    { opId: OP, playerId: ids.C!, templateId: TEMPLATE, betCount: 1, betAmount: '5', currency: 'USD', result: 'GRANTED', adapter: 'simulator', grantedBy: 'test' },
    { opId: OP, playerId: ids.B!, templateId: TEMPLATE, betCount: 1, betAmount: '5', currency: 'USD', result: 'REFUSED', adapter: 'simulator', grantedBy: 'test' },
  ]);
});
afterAll(async () => {
  const db = t.database.db;
  const who = `{${Object.values(ids).join(',')}}`;
  await db.execute(sql`delete from sport_freebet_grants where player_id = any(${who}::uuid[])`);
  await db.execute(sql`delete from bank_accounts where player_id = any(${who}::uuid[])`);
  await db.execute(sql`delete from bonus_requests where player_id = any(${who}::uuid[])`);
  await db.execute(sql`delete from bonus_forms where title like ${`${tag}%`}`);
  await db.execute(sql`delete from players where player_code like ${`${tag}-%`}`);
  await t.close();
});

describe('POST /api/bonus/abuse-signals', () => {
  it('a bonus form: the players sharing the IP, device or card, those who received it first', async () => {
    const res = await post({ playerCode: code('A'), opId: OP, bonusId: formId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      playerCode: code('A'),
      bonus: { kind: 'BONUS_FORM', id: formId },
      players: [
        { playerCode: code('B'), username: `${tag.toLowerCase()}_b`, name: 'Test B', shared: ['IP'], receivedSameBonus: true },
        { playerCode: code('D'), username: `${tag.toLowerCase()}_d`, name: 'Test D', shared: ['BANK_ACCOUNT'], receivedSameBonus: true },
        { playerCode: code('C'), username: `${tag.toLowerCase()}_c`, name: 'Test C', shared: ['IP', 'DEVICE'], receivedSameBonus: false },
      ],
      receivedSameBonus: 2,
      truncated: false,
    });
  });

  it('another bonus form nobody received: the same players, none received it', async () => {
    const d = (await post({ playerCode: code('A'), bonusId: otherFormId })).json().data;
    expect(d.receivedSameBonus).toBe(0);
    expect(d.players.map((p: { playerCode: string }) => p.playerCode)).toEqual([code('B'), code('C'), code('D')]);
  });

  it('a free bet template: only a GRANTED free bet counts', async () => {
    const d = (await post({ playerCode: code('A'), templateId: TEMPLATE })).json().data;
    expect(d.bonus).toEqual({ kind: 'FREEBET_TEMPLATE', id: String(TEMPLATE) });
    expect(d.players.filter((p: { receivedSameBonus: boolean }) => p.receivedSameBonus).map((p: { playerCode: string }) => p.playerCode)).toEqual([code('C')]);
  });

  it('an unrelated player has no signals, though others received the bonus', async () => {
    const d = (await post({ playerCode: code('E'), bonusId: formId })).json().data;
    expect(d).toMatchObject({ players: [], receivedSameBonus: 0, truncated: false });
  });

  it('the seeded world has players sharing a sign-in IP within an operator', async () => {
    const [pair] = (await t.database.db.execute(sql`select a.player_code as code from players a join players b on b.op_id = a.op_id and b.last_login_ip = a.last_login_ip and b.id <> a.id
      where a.last_login_ip like '198.51.100.%' order by a.player_code limit 1`) as unknown as { rows: { code: string }[] }).rows;
    expect(pair).toBeDefined();
    const d = (await post({ playerCode: pair!.code, bonusId: formId })).json().data;
    expect(d.players.some((p: { shared: string[] }) => p.shared.includes('IP'))).toBe(true);
  });

  it('one bonus exactly: neither or both is refused with its message; bad ids too', async () => {
    for (const body of [{ playerCode: code('A') }, { playerCode: code('A'), bonusId: formId, templateId: TEMPLATE }]) {
      const res = await post(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().messages).toEqual([BONUS_ABUSE_MESSAGES.REFERENCE]);
    }
    expect((await post({ playerCode: code('A'), bonusId: 'nope' })).json().messages).toEqual([BONUS_ABUSE_MESSAGES.BONUS_ID]);
    expect((await post({ playerCode: code('A'), templateId: 0 })).json().messages).toEqual([BONUS_ABUSE_MESSAGES.TEMPLATE_ID]);
  });

  it('across the operator family: brands of one parent and the parent compared, as far as the caller may see', async () => {
    const ip = `${tag}-family-ip`;
    await player('P', { ip, device: `${tag}-fam-dev` });
    await player('G', { ip, opId: 'op-alpha' }); // the parent operator, same IP
    await player('H', { device: `${tag}-fam-dev`, opId: 'alpha-casino' }); // a sister brand, same device
    await player('I', { ip, opId: 'op-bravo' }); // another operator's family: never
    const codes = async (as: Login) => (await post({ playerCode: code('P'), bonusId: formId }, as)).json().data.players.map((x: { playerCode: string }) => x.playerCode).sort();
    expect(await codes('admin@demo.local')).toEqual([code('G'), code('H')]);
    expect(await codes('operator.admin@demo.local')).toEqual([code('G'), code('H')]);
    // The brand's own admin sees only their brand's players: nothing of the parent or the sister brand.
    expect(await codes('brand.admin@demo.local')).toEqual([]);
  });

  it("tenant scoped: another operator's player is not found; roles without bonus pages are refused", async () => {
    const other = await post({ playerCode: code('A'), opId: 'op-bravo', bonusId: formId });
    expect(other.statusCode).toBe(404);
    expect(other.json().messages).toEqual([MSG.PLAYER_NOT_FOUND]);
    expect((await post({ playerCode: code('A'), bonusId: formId }, 'operator.admin@demo.local')).statusCode).toBe(200);
    for (const as of ['partner@demo.local', 'devops@demo.local'] as const) expect((await post({ playerCode: code('A'), bonusId: formId }, as)).statusCode).toBe(403);
  });
});
