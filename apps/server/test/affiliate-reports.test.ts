/** The Affiliate panel's Reports (001 §2, §3, §7): figures of an affiliate's referred players in a period, exact on data written here. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { AFFILIATE_REPORT_MESSAGES, MSG } from '@pitboss/contract';
import { bets, partnerChannels, players, transactions } from '../src/db/schema.js';
import { makeApp } from './support.js';
import type { Login, TestApp } from './helpers.js';

const REPORT = '/api/reports/affiliate/player/summary/reports';
const CHANNELS = '/api/reports/affiliate/channels';
const OP = 'alpha-bet';
const DAY = 86_400_000;

let t: TestApp;
const post = (url: string, body: unknown, as: Login = 'admin@demo.local') => t.call('POST', url, { as, body });

const tag = `AR${Date.now().toString(36).toUpperCase()}`;
const code = (s: string) => `${tag}-${s}`;
const now = new Date();
const yesterday = new Date(now.getTime() - DAY);
const ids: Record<string, string> = {};

async function player(key: string, o: { refId?: string; channelId?: string; subChannelId?: string; createdAt?: Date } = {}) {
  const [p] = await t.database.db.insert(players).values({
    playerCode: code(key), opId: OP, username: `${tag.toLowerCase()}_${key}`, refId: o.refId ?? null, channelId: o.channelId ?? null,
    subChannelId: o.subChannelId ?? null, createdAt: o.createdAt ?? now,
  }).returning({ id: players.id });
  ids[key] = p!.id;
  return p!.id;
}
let betN = 0;
const bet = (playerId: string, stake: string, placedAt: Date, status = 'LOST') => t.database.db.insert(bets).values({
  betId: `${tag}-bet-${++betN}`, opId: OP, playerId, betType: 'CASINO', stake, currency: 'USD', rateToUsd: '1', stakeInUsd: stake, status, placedAt,
});
const tx = (playerId: string, type: string, amount: string, o: { subType?: string; status?: string; isFtd?: boolean; isDeleted?: boolean; createdAt?: Date; usd?: string } = {}) =>
  t.database.db.insert(transactions).values({
    opId: OP, playerId, transactionType: type, transactionSubType: o.subType ?? null, status: o.status ?? 'CONFIRMED',
    fromAmount: amount, fromCurrency: 'USD', fromAmountInUsd: o.usd ?? amount, toAmount: amount, toCurrency: 'USD', toAmountInUsd: o.usd ?? amount, rateToUsd: '1',
    isFtd: o.isFtd ?? false, isDeleted: o.isDeleted ?? false, createdAt: o.createdAt ?? now, confirmedAt: o.createdAt ?? now,
  });

beforeAll(async () => {
  t = await makeApp();
  const aff = await player('AFF');
  const ref = code('AFF');
  const r1 = await player('R1', { refId: ref, channelId: `${tag}-ch1`, subChannelId: 'sub-a' });
  const r2 = await player('R2', { refId: ref, channelId: `${tag}-ch1`, subChannelId: 'sub-b' });
  const r3 = await player('R3', { refId: ref });
  const r4 = await player('R4', { refId: ref, channelId: `${tag}-ch2`, createdAt: yesterday });
  await player('OTHER'); // not referred: nothing of it counts
  await t.database.db.insert(partnerChannels).values({ opId: OP, channelId: `${tag}-ch1`, description: 'Telegram group', domain: 'alpha.example', createdBy: 'test' });
  // Bets: R1 two today, R2 one today, R3 one canceled today (not active), R4 one yesterday; OTHER one today.
  await bet(r1, '10', now);
  await bet(r1, '5', now);
  await bet(r2, '7', now);
  await bet(r3, '9', now, 'CANCELED');
  await bet(r4, '3', yesterday);
  await bet(ids.OTHER!, '100', now);
  // Money: first deposits of R1 (25.50) and R3 (10.25) today, a second deposit of R1, R4's first deposit yesterday,
  // a pending and a deleted deposit (not counted), withdrawals, and the affiliate's commissions.
  await tx(r1, 'DEPOSIT', '25.50', { isFtd: true });
  await tx(r1, 'DEPOSIT', '4.50');
  await tx(r3, 'DEPOSIT', '10.25', { isFtd: true });
  await tx(r4, 'DEPOSIT', '1000', { isFtd: true, createdAt: yesterday });
  await tx(r2, 'DEPOSIT', '99', { status: 'PENDING' });
  await tx(r2, 'DEPOSIT', '77', { isDeleted: true });
  await tx(r2, 'WITHDRAW', '12.34');
  await tx(r3, 'WITHDRAW', '0.66');
  await tx(ids.OTHER!, 'DEPOSIT', '500', { isFtd: true });
  await tx(aff, 'AFFILIATE', '1.10', { subType: 'AFFILIATE_CPR_COMMISSION' });
  await tx(aff, 'AFFILIATE', '2.20', { subType: 'AFFILIATE_CPA_COMMISSION' });
  await tx(aff, 'REFERRAL_PROFIT', '3.30', { subType: 'OTHER' });
  await tx(aff, 'AFFILIATE', '50', { subType: 'AFFILIATE_PROFIT_WITHDRAW' }); // moves commission, not a profit
});
afterAll(async () => {
  const db = t.database.db;
  const who = Object.values(ids);
  await db.execute(sql`delete from transactions where player_id = any(${`{${who.join(',')}}`}::uuid[])`);
  await db.execute(sql`delete from bets where bet_id like ${`${tag}-bet-%`}`);
  await db.execute(sql`delete from partner_channels where channel_id like ${`${tag}-%`}`);
  await db.execute(sql`delete from players where player_code like ${`${tag}-%`}`);
  await t.close();
});

describe('Affiliate Reports: POST /api/reports/affiliate/player/summary/reports', () => {
  it('Today: cards and charts of the referred players, exact; the previous period is yesterday', async () => {
    const res = await post(REPORT, { playerCode: code('AFF'), opId: OP, period: 'TODAY' });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    // admin@ works in UTC: today from midnight UTC.
    const midnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    expect(d.currentPeriod).toEqual({ from: midnight.toISOString(), to: new Date(midnight.getTime() + DAY).toISOString() });
    expect(d.previousPeriod).toEqual({ from: new Date(midnight.getTime() - DAY).toISOString(), to: midnight.toISOString() });
    expect(d.cards).toEqual({
      registered: 3, // R1, R2, R3 (R4 signed up yesterday)
      affiliateProfitInUSD: '6.60', // 1.10 CPR + 2.20 CPA + 3.30 referral profit
      refPlayersWithdrawInUSD: '13.00', // 12.34 + 0.66
      refPlayersDepositInUSD: '40.25', // 25.50 + 4.50 + 10.25 (pending and deleted left out)
      activePlayers: 2, // R1, R2 (R3's only bet was canceled)
      refPlayersFTDInUSD: '35.75', // 25.50 + 10.25
      refPlayersFTDCount: 2,
    });
    const hour = now.getUTCHours();
    const { bets: b, registrations: r } = d.charts;
    expect(b.currentPeriod.labels).toHaveLength(24);
    expect(b.currentPeriod.labels[hour]).toBe(`${String(hour).padStart(2, '0')}:00`);
    expect(b.currentPeriod.values[hour]).toBe(3);
    expect(b.currentPeriod.values.reduce((a: number, v: number) => a + v, 0)).toBe(3);
    expect(b.previousPeriod.values[yesterday.getUTCHours()]).toBe(1);
    expect(b.previousPeriod.values.reduce((a: number, v: number) => a + v, 0)).toBe(1);
    expect(r.currentPeriod.values[hour]).toBe(3);
    expect(r.previousPeriod.values.reduce((a: number, v: number) => a + v, 0)).toBe(1);
  });

  it('This Year: yesterday is counted too (unless today is 1 January); twelve months compared with last year', async () => {
    const d = (await post(REPORT, { playerCode: code('AFF'), period: 'THIS_YEAR' })).json().data;
    const sameYear = yesterday.getUTCFullYear() === now.getUTCFullYear();
    expect(d.charts.bets.currentPeriod.labels).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
    expect(d.cards).toEqual({
      registered: sameYear ? 4 : 3,
      affiliateProfitInUSD: '6.60',
      refPlayersWithdrawInUSD: '13.00',
      refPlayersDepositInUSD: sameYear ? '1040.25' : '40.25',
      activePlayers: sameYear ? 3 : 2,
      refPlayersFTDInUSD: sameYear ? '1035.75' : '35.75',
      refPlayersFTDCount: sameYear ? 3 : 2,
    });
    expect(d.charts.bets.currentPeriod.values[now.getUTCMonth()]).toBe(sameYear && yesterday.getUTCMonth() === now.getUTCMonth() ? 4 : 3);
  });

  it('This Week and This Month: weekday and day-of-month buckets', async () => {
    const w = (await post(REPORT, { playerCode: code('AFF'), period: 'THIS_WEEK' })).json().data;
    expect(w.charts.registrations.currentPeriod.labels).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(w.charts.registrations.currentPeriod.values[(now.getUTCDay() + 6) % 7]).toBe(3);
    const m = (await post(REPORT, { playerCode: code('AFF'), period: 'THIS_MONTH' })).json().data;
    expect(m.charts.bets.currentPeriod.labels.length).toBeGreaterThanOrEqual(28);
    expect(m.charts.bets.currentPeriod.values[now.getUTCDate() - 1]).toBe(3);
  });

  it('filters: Channel ID, SubChannel ID and Channel Type narrow the referred players (not the affiliate profit)', async () => {
    const ch1 = (await post(REPORT, { playerCode: code('AFF'), period: 'TODAY', channelId: `${tag}-ch1` })).json().data;
    expect(ch1.cards).toEqual({
      registered: 2, affiliateProfitInUSD: '6.60', refPlayersWithdrawInUSD: '12.34', refPlayersDepositInUSD: '30.00', activePlayers: 2, refPlayersFTDInUSD: '25.50', refPlayersFTDCount: 1,
    });
    const sub = (await post(REPORT, { playerCode: code('AFF'), period: 'TODAY', channelId: `${tag}-ch1`, subChannelId: 'sub-b' })).json().data;
    expect(sub.cards).toMatchObject({ registered: 1, refPlayersDepositInUSD: '0.00', refPlayersWithdrawInUSD: '12.34', activePlayers: 1 });
    const direct = (await post(REPORT, { playerCode: code('AFF'), period: 'TODAY', channelType: 'DIRECT' })).json().data;
    expect(direct.cards).toMatchObject({ registered: 1, refPlayersDepositInUSD: '10.25', refPlayersFTDInUSD: '10.25', activePlayers: 0 });
    const viaChannel = (await post(REPORT, { playerCode: code('AFF'), period: 'TODAY', channelType: 'CHANNEL', channelId: '', subChannelId: null })).json().data;
    expect(viaChannel.cards.registered).toBe(2);
  });

  it('a player who referred nobody answers zeros', async () => {
    const d = (await post(REPORT, { playerCode: code('OTHER'), period: 'THIS_MONTH' })).json().data;
    expect(d.cards).toEqual({ registered: 0, affiliateProfitInUSD: '0.00', refPlayersWithdrawInUSD: '0.00', refPlayersDepositInUSD: '0.00', activePlayers: 0, refPlayersFTDInUSD: '0.00', refPlayersFTDCount: 0 });
    expect(d.charts.bets.currentPeriod.values.every((v: number) => v === 0)).toBe(true);
  });

  it('SUPER_ADMIN and ADMIN only; other roles are refused', async () => {
    for (const as of ['superadmin@demo.local', 'admin@demo.local'] as const) expect((await post(REPORT, { playerCode: code('AFF'), period: 'TODAY' }, as)).statusCode).toBe(200);
    for (const as of ['operator.manager@demo.local', 'operator.admin@demo.local', 'partner@demo.local', 'devops@demo.local'] as const) {
      const res = await post(REPORT, { playerCode: code('AFF'), period: 'TODAY' }, as);
      expect(res.statusCode).toBe(403);
      expect(res.json().messages).toEqual([MSG.NO_PERMISSION]);
    }
  });

  it("another operator's player is not found", async () => {
    const res = await post(REPORT, { playerCode: code('AFF'), opId: 'op-bravo', period: 'TODAY' });
    expect(res.statusCode).toBe(404);
    expect(res.json().messages).toEqual([MSG.PLAYER_NOT_FOUND]);
  });

  it('an invalid period, channel type or a direct channel with a channel ID is refused with its message', async () => {
    for (const period of ['YESTERDAY', undefined, 3]) {
      const res = await post(REPORT, { playerCode: code('AFF'), period });
      expect(res.statusCode).toBe(400);
      expect(res.json().messages).toEqual([AFFILIATE_REPORT_MESSAGES.PERIOD]);
    }
    expect(AFFILIATE_REPORT_MESSAGES.PERIOD).toBe('period must be one of TODAY, THIS_WEEK, THIS_MONTH, THIS_YEAR.');
    const type = await post(REPORT, { playerCode: code('AFF'), period: 'TODAY', channelType: 'EMAIL' });
    expect(type.json().messages).toEqual([AFFILIATE_REPORT_MESSAGES.CHANNEL_TYPE]);
    const direct = await post(REPORT, { playerCode: code('AFF'), period: 'TODAY', channelType: 'DIRECT', channelId: `${tag}-ch1` });
    expect(direct.statusCode).toBe(400);
    expect(direct.json().messages).toEqual([AFFILIATE_REPORT_MESSAGES.DIRECT_NO_CHANNEL]);
  });
});

describe('Affiliate channels: POST /api/reports/affiliate/channels', () => {
  it("the referred players' channels with their subchannels and the partner channel's description", async () => {
    const res = await post(CHANNELS, { playerCode: code('AFF'), opId: OP, limit: 100, page: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      items: [
        { channelId: `${tag}-ch1`, channelType: 'CHANNEL', description: 'Telegram group', subChannels: ['sub-a', 'sub-b'], referredPlayers: 2 },
        { channelId: `${tag}-ch2`, channelType: 'CHANNEL', description: null, subChannels: [], referredPlayers: 1 },
      ],
      total: 2, page: 1, limit: 100,
    });
    const p2 = (await post(CHANNELS, { playerCode: code('AFF'), limit: 1, page: 2 })).json().data;
    expect(p2).toMatchObject({ items: [{ channelId: `${tag}-ch2` }], total: 2, page: 2, limit: 1 });
  });

  it('limit above 100 and page 0 are refused; other roles and operators too', async () => {
    expect((await post(CHANNELS, { playerCode: code('AFF'), limit: 101 })).json().messages).toEqual([AFFILIATE_REPORT_MESSAGES.LIMIT]);
    expect((await post(CHANNELS, { playerCode: code('AFF'), page: 0 })).json().messages).toEqual([AFFILIATE_REPORT_MESSAGES.PAGE]);
    expect((await post(CHANNELS, { playerCode: code('AFF') }, 'operator.admin@demo.local')).statusCode).toBe(403);
    expect((await post(CHANNELS, { playerCode: code('AFF'), opId: 'op-bravo' })).statusCode).toBe(404);
  });

});
