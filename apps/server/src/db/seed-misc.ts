/**
 * Demo data of crypto networks, What's New, flows and the treasury account: the explorer keys of
 * each network, release notes describing the console's real features (published, one draft), two
 * flows per parent operator (one of them off) and, for each CPG treasury, a month of movements
 * (top-ups and payouts) after its opening balance, so the Treasury Account chart has a history.
 */
import { eq } from 'drizzle-orm';
import { CRYPTO_NETWORKS, ROLES, addDec, fromUnits, toUnits } from '@pitboss/contract';
import type { Db } from './client.js';
import { cryptoNetworks, flows, releaseNotes, treasuries, treasuryEntries } from './schema.js';
import { demoDeciderOf } from './seed-people.js';

const DAY = 86_400_000;
const STAFF = ROLES.filter((r) => r !== 'PARTNER');

const NOTES: { version: string; daysAgo: number; title: string; body: string; audience: readonly string[]; draft?: boolean }[] = [
  { version: '1.0', daysAgo: 120, title: 'Players, KYC and transactions', audience: STAFF, body: [
    '# A new back office',
    'Pitboss replaces the old console. Everything starts from the **operator selector** in the top bar.',
    '- Players: search, details drawer, wallet and top-ups',
    '- KYC documents with approve and reject',
    '- Transactions, deposits and withdrawals with their totals per status',
  ].join('\n') },
  { version: '1.1', daysAgo: 90, title: 'Two-factor sign-in for staff', audience: ROLES, body: [
    'Set up two-factor authentication on **My Profile** with any authenticator app. You get ten recovery codes, shown once.',
    'Operators can require it for all their staff.',
  ].join('\n') },
  { version: '1.2', daysAgo: 60, title: 'Tournaments and bonus releases', audience: ['SUPER_ADMIN', 'ADMIN', 'OPERATOR_ADMIN', 'OPERATOR_MANAGER'], body: [
    '## Tournaments',
    'Create wager races and multiplier hunts; winners are fixed when a tournament ends and paid with `Approve`.',
    '## Bonus releases',
    'Daily, weekly or monthly tiers unlocked by wager, with their report.',
  ].join('\n') },
  { version: '1.3', daysAgo: 30, title: 'Partner dashboard and withdrawals', audience: ['SUPER_ADMIN', 'ADMIN', 'PARTNER'], body: [
    'Partners see their registrations, deposits and profit against the previous period.',
    '- Request withdrawals in USDT on TRON',
    '- Channels with their tracking links',
  ].join('\n') },
  { version: '1.4', daysAgo: 7, title: 'Flows, Treasury Account and crypto networks', audience: ['SUPER_ADMIN', 'ADMIN', 'OPERATOR_ADMIN', 'OPERATOR_MANAGER', 'DEV_OPS'], body: [
    '## Flows',
    'Automate routine checks: notify staff, flag or tag a player when a large deposit or withdrawal arrives, a player registers or sends KYC.',
    '## Treasury Account',
    'Your treasury wallets in USD, their balance over time and every movement.',
    '## Crypto networks',
    'Explorer API keys per network, masked everywhere but the edit drawer.',
  ].join('\n') },
  { version: '1.5', daysAgo: 0, title: 'Next: reports', audience: STAFF, draft: true, body: 'Game and operator reports with exports. **Draft** — not published yet.' },
];

/** Deterministic explorer keys (32 hex characters) per network. */
const keyOf = (network: string, i: number) => {
  let h = 2166136261;
  for (const c of `${network}:${i}`) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  let out = '';
  for (let k = 0; k < 4; k++) { h = Math.imul(h ^ (h >>> 15), 2246822519) >>> 0; out += h.toString(16).padStart(8, '0'); }
  return out.toUpperCase();
};

export async function seedMisc(db: Db, opts: { parentOpIds: readonly string[]; now: number; rand: () => number }): Promise<void> {
  const { now, rand } = opts;
  await db.insert(cryptoNetworks).values(CRYPTO_NETWORKS.map((n, i) => ({
    networkName: n, explorerApiKeys: Array.from({ length: n === 'BTC' ? 1 : 2 + (i % 2) }, (_, k) => keyOf(n, k)),
    updatedAt: new Date(now - (10 + i) * DAY), updatedBy: 'superadmin@demo.local',
  })));

  await db.insert(releaseNotes).values(NOTES.map((n) => {
    const at = new Date(now - n.daysAgo * DAY);
    return {
      version: n.version, releaseDate: at.toISOString().slice(0, 10), title: n.title, body: n.body, audience: [...n.audience],
      publishedAt: n.draft ? null : at, createdBy: 'superadmin@demo.local', createdAt: at, updatedAt: at,
    };
  }));

  const since = new Date(now - 2 * DAY);
  await db.insert(flows).values(opts.parentOpIds.flatMap((opId) => [
    { opId, name: 'Large deposit alert', trigger: 'DEPOSIT_CONFIRMED', minAmountUsd: '1000', realPlayersOnly: true, action: 'NOTIFY_STAFF', message: 'Check the source of funds.', isActive: true, activeSince: since, evaluatedUntil: since, createdBy: demoDeciderOf(opId), createdAt: since, updatedAt: since },
    { opId, name: 'Review big withdrawals', trigger: 'WITHDRAWAL_REQUESTED', minAmountUsd: '1500', realPlayersOnly: true, action: 'FLAG_FOR_REVIEW', isActive: true, activeSince: since, evaluatedUntil: since, createdBy: demoDeciderOf(opId), createdAt: new Date(since.getTime() + 60_000), updatedAt: since },
    { opId, name: 'Tag new KYC senders', trigger: 'KYC_SUBMITTED', realPlayersOnly: false, action: 'ADD_TAG', tag: 'kyc-sent', isActive: false, activeSince: since, evaluatedUntil: since, createdBy: demoDeciderOf(opId), createdAt: new Date(since.getTime() + 120_000), updatedAt: since },
  ]));

  // A month of CPG treasury movements after an opening balance made 95 days ago (before the page's longest view); the balance is the last one's.
  const cpg = await db.select().from(treasuries).where(eq(treasuries.provider, 'cpg'));
  for (const t of cpg) {
    const moves: { at: number; amount: string; type: 'TOPUP' | 'WITHDRAW'; sub: string }[] = [];
    for (let d = 29; d >= 0; d--) {
      const n = 1 + Math.floor(rand() * 2);
      for (let k = 0; k < n; k++) {
        const at = now - d * DAY - Math.floor(rand() * 20) * 3_600_000 - 60_000;
        if (rand() < 0.2) moves.push({ at, amount: fromUnits(BigInt(3000 + Math.floor(rand() * 7000)) * 10n ** 8n), type: 'TOPUP', sub: 'PROVIDER_TOPUP' });
        else moves.push({ at, amount: `-${(50 + Math.floor(rand() * 1500)).toString()}.${String(Math.floor(rand() * 100)).padStart(2, '0')}`, type: 'WITHDRAW', sub: 'PAYOUT' });
      }
    }
    moves.sort((a, b) => a.at - b.at);
    const opening = '20000';
    await db.update(treasuryEntries).set({ amount: opening, balanceAfter: opening, createdAt: new Date(now - 95 * DAY), confirmedAt: new Date(now - 95 * DAY) })
      .where(eq(treasuryEntries.treasuryUuid, t.uuid));
    let running = opening;
    // A payout the balance cannot cover is not made (the treasury never goes below zero).
    const rows = [];
    for (const m of moves) {
      const after = addDec(running, m.amount);
      if (toUnits(after) < 0n) continue;
      running = after;
      rows.push({
        treasuryUuid: t.uuid, opId: t.opId, transactionType: m.type, transactionSubType: m.sub, status: 'CONFIRMED', amount: m.amount, fee: '0',
        currency: t.currency, balanceAfter: after, createdBy: m.type === 'TOPUP' ? 'ops.admin@demo.local' : 'payouts', confirmedAt: new Date(m.at), createdAt: new Date(m.at), updatedAt: new Date(m.at),
      });
    }
    await db.insert(treasuryEntries).values(rows);
    await db.update(treasuries).set({ balance: running }).where(eq(treasuries.uuid, t.uuid));
  }
}
