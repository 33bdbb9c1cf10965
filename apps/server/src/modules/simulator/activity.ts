import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { KYC_OPTION_TYPES, fromUnits } from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { bonusReleaseDefinitions, files, kycRecords, operators, paymentGateways, playerBonusReleases, players, transactions, usernameRequests, wallets } from '../../db/schema.js';
import { claimPlayerRelease } from '../bonuses/release-claims.js';
import { postEntry, rateOf, toUsd } from '../wallet/ledger.js';
import { demoKycFile } from '../../db/demo-images.js';
import { drawBet, placeBet } from '../bets/place.js';

/**
 * The demo's activity simulator (ARCHITECTURE "Demo data and live activity"): now and then a
 * player registers, orders a deposit, requests a withdrawal, submits a KYC document or asks for
 * a new username, places a bet, or claims what a bonus release unlocked for them (release-claims.ts), so queues, badges and the bets list move as in production.
 * A bet is drawn like the seed's (modules/bets/place.ts) from a player's MAIN wallet with money:
 * a casino round settles at once (won or lost, its win credited), a sport bet stays OPEN for staff
 * to settle or cancel. Every money effect goes through the ledger (a withdrawal request holds its
 * amount, a stake is a BET entry, a win a WIN entry), so reconciliation keeps holding; the GGR
 * roll-up and tournament leaderboards follow from the bet rows by trigger.
 * Off by default; `ACTIVITY_SIMULATOR_SECONDS=N` runs one event every N seconds as the recurring
 * job `simulator.activity` of the job queue (apps/server/src/jobs).
 */
export type SimEvent = 'REGISTRATION' | 'DEPOSIT_ORDER' | 'WITHDRAW_REQUEST' | 'KYC_SUBMISSION' | 'USERNAME_REQUEST' | 'CASINO_ROUND' | 'SPORT_BET' | 'RELEASE_CLAIM';
/** What a tick draws; BET becomes a CASINO_ROUND or a SPORT_BET as the bet is drawn. */
type Pick = Exclude<SimEvent, 'CASINO_ROUND' | 'SPORT_BET'> | 'BET';
const EVENTS: readonly Pick[] = ['REGISTRATION', 'DEPOSIT_ORDER', 'DEPOSIT_ORDER', 'WITHDRAW_REQUEST', 'WITHDRAW_REQUEST', 'KYC_SUBMISSION', 'USERNAME_REQUEST', 'BET', 'BET', 'BET', 'RELEASE_CLAIM'];

export async function simulateOnce(db: Db, rand: () => number = Math.random): Promise<{ event: SimEvent; ref: string } | null> {
  const event = EVENTS[Math.floor(rand() * EVENTS.length)]!;
  const ops = (await db.select().from(operators)).filter((o) => o.kind === 'OPERATOR' || o.kind === 'BRAND');
  if (!ops.length) return null;
  const op = ops[Math.floor(rand() * ops.length)]!;
  const cents = 1000 + Math.floor(rand() * 50_000);
  const amount = fromUnits(BigInt(cents) * 1_000_000n);
  return db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    if (event === 'REGISTRATION') {
      const code = `S${Date.now().toString(36).toUpperCase()}${Math.floor(rand() * 1000)}`;
      const [p] = await tx.insert(players).values({ playerCode: code, opId: op.opId, username: `sim_${code.toLowerCase()}`, email: `${code.toLowerCase()}@sim.local`, activeCurrency: 'USD', lastActivityAt: new Date() }).returning();
      return { event, ref: p!.playerCode };
    }
    if (event === 'BET') {
      // A MAIN wallet with money of an active player of the operator.
      const [w] = await tx.select({ playerId: wallets.playerId, currency: wallets.currency, balance: wallets.balance }).from(wallets)
        .innerJoin(players, eq(players.id, wallets.playerId))
        .where(and(eq(wallets.opId, op.opId), eq(wallets.kind, 'MAIN'), gt(wallets.balance, '0'), eq(players.isDeleted, false), eq(players.isBlocked, false)))
        .orderBy(sql`random()`).limit(1);
      if (!w) return null;
      const now = new Date();
      const d = drawBet(rand, {
        opId: op.opId, playerId: w.playerId, currency: w.currency, rate: await rateOf(tx, w.currency), balance: w.balance,
        seq: now.getTime() * 1000 + Math.floor(rand() * 1000), placedAt: () => now, settledAt: () => now,
        statusOf: (casino) => (casino ? 'SETTLED' : 'OPEN'),
      });
      if (!d) return null;
      const b = await placeBet(tx, d);
      return { event: b.betType === 'CASINO' ? 'CASINO_ROUND' : 'SPORT_BET', ref: b.betId };
    }
    if (event === 'RELEASE_CLAIM') {
      // A player of the operator with an unlocked, unclaimed bonus release period claims it.
      const [r] = await tx.select({ id: playerBonusReleases.id }).from(playerBonusReleases)
        .innerJoin(bonusReleaseDefinitions, eq(bonusReleaseDefinitions.id, playerBonusReleases.definitionId))
        .where(and(eq(playerBonusReleases.opId, op.opId), eq(playerBonusReleases.isDeleted, false), isNull(bonusReleaseDefinitions.deletedAt),
          gt(playerBonusReleases.unlockedAmountInUsd, playerBonusReleases.claimedAmountInUsd)))
        .orderBy(sql`random()`).limit(1);
      if (!r) return null;
      await claimPlayerRelease(tx, r.id, null);
      return { event, ref: r.id };
    }
    // An active player of the operator (newest first keeps it cheap; any will do).
    const [p] = await tx.select().from(players).where(and(eq(players.opId, op.opId), eq(players.isDeleted, false), eq(players.isBlocked, false)))
      .orderBy(sql`random()`).limit(1);
    if (!p) return null;
    if (event === 'KYC_SUBMISSION') {
      const t = KYC_OPTION_TYPES[Math.floor(rand() * KYC_OPTION_TYPES.length)]!;
      const data: Record<string, string> = t === 'EMAIL' ? { email: p.email ?? `${p.playerCode.toLowerCase()}@sim.local` } : t === 'MOBILE_NUMBER' ? { phoneNumber: `90${String(Math.floor(rand() * 1e9)).padStart(9, '1')}` } : t === 'PASSPORT_ID' ? { passportId: String(Math.floor(rand() * 1e9)).padStart(9, '1') } : t === 'CARD_ID' ? { cardId: `ID${Math.floor(rand() * 1e8)}` } : t === 'ADDRESS' ? { postCode: '34000', address: '1 Demo Street', city: 'Istanbul', country: 'TR' } : t === 'PERSONAL_DETAILS' ? { firstName: p.firstName ?? 'Demo', lastName: p.lastName ?? 'Player', birthDate: '1990-01-01' } : t === 'CARD_COPY' ? { frontImageUrl: '' } : { imageUrl: '' };
      const kycId = crypto.randomUUID();
      // An image document comes with its picture: a real PNG stored as an upload would be.
      for (const field of ['imageUrl', 'frontImageUrl'] as const) {
        if (data[field] === undefined) continue;
        const f = demoKycFile(field === 'imageUrl' ? 'passport' : 'card-front', { kycId, opId: p.opId, playerCode: p.playerCode });
        await tx.insert(files).values(f);
        data[field] = `/api/files/${f.id}`;
      }
      const [k] = await tx.insert(kycRecords).values({ id: kycId, playerId: p.id, opId: p.opId, optionType: t, level: ['PASSPORT_COPY', 'CARD_COPY'].includes(t) ? 2 : 1, status: 'PENDING', data }).returning({ id: kycRecords.id });
      return { event, ref: k!.id };
    }
    if (event === 'USERNAME_REQUEST') {
      const [pending] = await tx.select({ id: usernameRequests.id }).from(usernameRequests).where(and(eq(usernameRequests.playerId, p.id), eq(usernameRequests.status, 'PENDING'))).limit(1);
      if (pending) return null;
      const [u] = await tx.insert(usernameRequests).values({ playerId: p.id, opId: p.opId, username: `${(p.username ?? 'player').slice(0, 12)}_${Math.floor(rand() * 100)}`, originalUsername: p.username, status: 'PENDING' }).returning({ id: usernameRequests.id });
      return { event, ref: u!.id };
    }
    const direction = event === 'DEPOSIT_ORDER' ? 'DEPOSIT' : 'WITHDRAW';
    const [gw] = await tx.select().from(paymentGateways).where(and(eq(paymentGateways.opId, p.opId), eq(paymentGateways.direction, direction), eq(paymentGateways.isActive, true), eq(paymentGateways.isDeleted, false)))
      .orderBy(sql`random()`).limit(1);
    const rate = await rateOf(tx, 'USD');
    const usd = toUsd(amount, rate);
    const txId = crypto.randomUUID();
    const base = {
      txId, opId: p.opId, playerId: p.id, fromAmount: amount, fromCurrency: 'USD', fromAmountInUsd: usd, toAmount: amount, toCurrency: 'USD', toAmountInUsd: usd,
      rateToUsd: rate, gateway: gw?.provider ?? null, gatewayUuid: gw?.uuid ?? null, provider: gw?.provider ?? null, status: 'PENDING', extra: { simulated: true },
    };
    if (direction === 'DEPOSIT') {
      await tx.insert(transactions).values({ ...base, transactionType: 'DEPOSIT', externalRef: `SIM-${Math.floor(rand() * 1e9)}` });
      return { event, ref: txId };
    }
    const [w] = await tx.select().from(wallets).where(and(eq(wallets.playerId, p.id), eq(wallets.kind, 'MAIN'), eq(wallets.currency, 'USD'), gt(wallets.balance, amount))).limit(1);
    if (!w) return null; // not enough to withdraw
    const hold = await postEntry(tx, { playerId: p.id, opId: p.opId, kind: 'MAIN', currency: 'USD', amount: `-${amount}`, reason: 'WITHDRAW_HOLD', refType: 'transaction', refId: txId });
    await tx.insert(transactions).values({ ...base, transactionType: 'WITHDRAW', balanceBefore: hold.balanceBefore, balanceAfter: hold.balanceAfter, destination: { type: 'IBAN', holder: p.playerCode } });
    return { event, ref: txId };
  });
}
