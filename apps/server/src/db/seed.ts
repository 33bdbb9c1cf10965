import { seedBilling } from './seed-billing.js';
import { DEFAULT_ROLE_PERMISSIONS, KYC_OPTION_TYPES, ROLES, addDec, cmpDec, convertAmount, currencyDecimals, roundDec, type KycOptionType } from '@pitboss/contract';
import type { Db } from './client.js';
import {
  bets, currencyRates, files, kycRecords, ledgerEntries, notifications, operators, permissions, players, roleTemplates, staffJobs, tooltips, usernameRequests, users, wallets,
} from './schema.js';
import { demoKycFile, type DemoImage } from './demo-images.js';
import { hashPassword } from '../modules/auth/service.js';
import { sql } from 'drizzle-orm';
import { seedMoney } from './seed-money.js';
import { seedAffiliateWithdrawJob } from './seed-affiliate-jobs.js';
import { bulkInsert } from './bulk.js';
import { seedGames } from './seed-games.js';
import { maintainTables } from './maintenance.js';
import { foldTxRollups } from './rollups.js';
import { seedPartners } from './seed-partners.js';
import { seedSupport } from './seed-support.js';
import { seedBets } from './seed-bets.js';
import { seedReports } from './seed-reports.js';
import { seedBonusForms } from './seed-bonus-forms.js';
import { seedTournaments } from './seed-tournaments.js';
import { seedCms } from './seed-cms.js';
import { seedInfra } from './seed-infra.js';
import { seedSportFreebets } from './seed-sport-freebets.js';
import { seedBonusDefinitions } from './seed-bonus-definitions.js';
import { seedBonusReleases } from './seed-bonus-releases.js';
import { seedMisc } from './seed-misc.js';
import { seedActivities } from './seed-activities.js';

export const DEMO_PASSWORD = 'demo-Pitboss-1';

import { DEMO_LOGINS, DEMO_OPERATORS, DEMO_STAFF, demoDeciderOf } from './seed-people.js';

export { DEMO_LOGINS, DEMO_OPERATORS, DEMO_STAFF, demoDeciderOf, demoStaffOf } from './seed-people.js';

/**
 * An operator being onboarded: INACTIVE (the status shows in the operators list; no staff, brand
 * or partner attaches to it) and without brands, players or money, so the demo can transform it
 * into a brand of an ACTIVE parent. Kept out of DEMO_OPERATORS, whose players and money it has none of.
 */
export const DEMO_ONBOARDING_OPERATOR = {
  opId: 'op-delta', title: 'Delta Bets', parentOpId: null, kind: 'OPERATOR', isCmsDefault: false, allowedCurrencies: ['USD', 'EUR'], status: 'INACTIVE',
} as const;

/**
 * The demo operators' additional top-up currencies (001 §3 extraData.additionalTopupCurrencies):
 * top-ups are in USD plus these, some of each operator's allowed currencies (USD only where none).
 */
const DEMO_TOPUP_CURRENCIES: Record<string, string[]> = {
  'op-alpha': ['EUR', 'TRY'], 'alpha-bet': ['EUR', 'TRY'], 'alpha-casino': ['USDT'],
  'op-bravo': ['EUR'], 'bravo-sports': ['EUR'],
  'op-charlie': ['USDT'], 'charlie-luck': ['USDT'],
};

/** The affiliates and cashback sections of an operator's settings (001 §3), a little different per operator. */
function demoCommercialSettings(i: number) {
  const pct = (n: number) => Math.min(100, n);
  return {
    affiliates: {
      general: {
        minRequiredWagerInUSDToConsiderAPlayerAsActive: `${50 + i * 10}.00`, claimedBonusAdminFeePercentage: pct(10 + (i % 3) * 5),
        cashbackAdminFeePercentage: pct(5 + (i % 2) * 5), affiliatesAdminFeePercentage: pct(15 + (i % 4) * 5), minWithdrawableAmountInUSD: `${20 + (i % 3) * 10}.00`,
      },
      // A level's required wager completes it; the last level is open-ended (its wager unused, 0).
      levelSettings: [1, 2, 3].map((level) => ({
        level, requiredWagerInUSD: level === 3 ? '0.00' : `${level * level * 1000}.00`, emailCpr: `${level}.00`, telegramCpr: `${level}.50`, gmailCpr: `${level}.25`,
        maxCpr: `${level * 50}.00`, cpa: `${10 + level * 5}.00`,
      })),
      revenueShareSettings: [
        { monthlyReferredPlayersTotalWagerInUSD: '0.00', revenueSharePercentage: pct(20 + (i % 3) * 5) },
        { monthlyReferredPlayersTotalWagerInUSD: '50000.00', revenueSharePercentage: pct(30 + (i % 3) * 5) },
        { monthlyReferredPlayersTotalWagerInUSD: '250000.00', revenueSharePercentage: pct(40 + (i % 3) * 5) },
      ],
    },
    cashback: {
      minWithdrawAmountInUSD: `${10 + (i % 3) * 5}.00`, autoApproval: i % 2 === 0,
      settings: [
        { index: 0, lostAmountInUSD: '100.00', percentage: 5 },
        { index: 1, lostAmountInUSD: '1000.00', percentage: 8 },
        { index: 2, lostAmountInUSD: '10000.00', percentage: pct(10 + (i % 3)) },
      ],
    },
  };
}

const RATES: Record<string, string> = {
  USD: '1', EUR: '1.08', TRY: '0.029', IRR: '0.0000238', USDT: '1', BTC: '65000', ETH: '3200', TRX: '0.12', UUSD: '1',
};

/** Deterministic PRNG (mulberry32). */
export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Integer minor units → exact decimal string (no float arithmetic on money). */
const fromCents = (c: number) => `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`;

/**
 * A USD value in cents as an amount of `currency` at the demo rates, with that currency's
 * decimals: $25.00 is 25.00 USD, 0.00038462 BTC, 1,050,420 IRR (never 25 BTC).
 */
export function demoAmount(usdCents: number, currency: string, rates: Record<string, string> = RATES): string {
  const neg = usdCents < 0;
  const v = roundDec(convertAmount(fromCents(Math.abs(usdCents)), '1', rates[currency] ?? '1'), currencyDecimals(currency));
  return neg && cmpDec(v, '0') !== 0 ? `-${v}` : v;
}

const FIRST = ['Ali', 'Maria', 'John', 'Elif', 'Reza', 'Sara', 'Mehmet', 'Anna', 'Omar', 'Lena', 'Ivan', 'Zeynep', 'Pablo', 'Nina', 'Kian'];
const LAST = ['Smith', 'Yilmaz', 'Karimi', 'Novak', 'Garcia', 'Demir', 'Rossi', 'Ivanova', 'Hansen', 'Moradi', 'Kaya', 'Silva'];

/**
 * Players who registered on the demo partner's own site (000 §4: a partner may have its own
 * domain): their operator is the partner, so the partner's players page lists them, and the
 * partner's staff see them as any operator's players. Each has a USD wallet funded by one deposit
 * (a ledger entry, so reconciliation holds), and a code of its own range (P9xxxxx). Seeded with its
 * own PRNG after the rest of the players, whose world does not depend on them.
 */
async function seedPartnerSitePlayers(db: Db, rand: () => number, now: number, count = 24): Promise<void> {
  const opId = 'alpha-partner';
  const rows: (typeof players.$inferInsert)[] = [];
  const walletRows: (typeof wallets.$inferInsert)[] = [];
  const ledgerRows: (typeof ledgerEntries.$inferInsert)[] = [];
  for (let i = 0; i < count; i++) {
    const first = FIRST[Math.floor(rand() * FIRST.length)]!;
    const last = LAST[Math.floor(rand() * LAST.length)]!;
    const id = crypto.randomUUID();
    const createdAt = new Date(now - Math.floor(rand() * 120 * 86_400_000) - 3_600_000);
    rows.push({
      id, playerCode: `P9${String(i + 1).padStart(5, '0')}`, opId, username: `${first.toLowerCase()}${last.toLowerCase()}p${i}`,
      email: `${first.toLowerCase()}.${last.toLowerCase()}.p${i}@example.com`, firstName: first, lastName: last, activeCurrency: 'USD',
      isVerified: rand() < 0.5, twoFactorEnabled: rand() < 0.3, totalDepositCount: 1, totalBetCount: Math.floor(rand() * 200),
      createdAt, updatedAt: createdAt, lastActivityAt: new Date(Math.min(now, createdAt.getTime() + Math.floor(rand() * 30 * 86_400_000))),
      lastLoginIp: `10.250.0.${i + 1}`, deviceFingerprint: `dev-partner-${i}`,
    });
    const walletId = crypto.randomUUID();
    const balance = fromCents(2_000 + Math.floor(rand() * 48_000));
    // The wallet last changed with its deposit (not at seeding: a list of balances by last change shows them by then).
    const deposited = new Date(createdAt.getTime() + 3_600_000);
    walletRows.push({ id: walletId, playerId: id, opId, kind: 'MAIN', currency: 'USD', balance, updatedAt: deposited });
    ledgerRows.push({ walletId, playerId: id, opId, amount: balance, balanceAfter: balance, currency: 'USD', rateToUsd: '1', reason: 'DEPOSIT', createdAt: deposited });
  }
  await bulkInsert(db, players, rows);
  await bulkInsert(db, wallets, walletRows);
  await bulkInsert(db, ledgerEntries, ledgerRows);
}

/**
 * A fifth of Alpha Gaming's players came through its partner's link (players.affId). The draw is
 * made for every player, so the rest of the demo world does not depend on it.
 */
const fromPartner = (draw: number, op: { opId: string; parentOpId: string | null }) => draw < 0.2 && (op.opId === 'op-alpha' || op.parentOpId === 'op-alpha');

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return Number(row?.n ?? 0) === 0;
}

/** Seed the deterministic demo world. */
export async function seedDemo(db: Db, opts: { players: number }): Promise<void> {
  const rand = rng(20261123);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const now = Date.now();
  /** Times of the demo world are in the past: a fresh player's first movements happen before now, not an hour after. */
  const past = (ms: number) => new Date(Math.min(now - 1000, ms));

  await db.insert(operators).values([...DEMO_OPERATORS, DEMO_ONBOARDING_OPERATOR].map((o, i) => ({
    ...o, allowedCurrencies: [...o.allowedCurrencies], allowedLangs: ['en', 'tr'], additionalTopupCurrencies: DEMO_TOPUP_CURRENCIES[o.opId] ?? [],
    settings: {
      deposit: { allowedGateways: ['cpg', 'jb', 'tomani'] }, withdraw: { allowedGateways: ['cpg', 'jb', 'tomani', 'witcher'] },
      ...(o.kind === 'CMS_DEFAULT' ? {} : demoCommercialSettings(i)),
    },
    // The onboarding operator joined last month; the others are older.
    createdAt: new Date(now - (o.opId === DEMO_ONBOARDING_OPERATOR.opId ? 30 : 500 - i * 20) * 86_400_000),
  })));
  await db.insert(currencyRates).values(Object.entries(RATES).map(([currency, rateToUsd]) => ({ currency, rateToUsd })));

  const templates = await db.insert(roleTemplates).values(ROLES.map((role) => ({ name: role, baseRole: role, permissions: [...DEFAULT_ROLE_PERMISSIONS[role]] }))).returning();
  const tplByRole = new Map(templates.map((t) => [t.baseRole, t.id]));
  const pw = await hashPassword(DEMO_PASSWORD);
  // Accounts made over the last year or so, the first ones earliest (the admin list reads as a team that grew).
  const staff = [...DEMO_LOGINS, ...DEMO_STAFF];
  await db.insert(users).values(staff.map((u, i) => ({
    email: u.email, passwordHash: pw, nickname: u.nickname, role: u.role, opId: u.opId, templateId: tplByRole.get(u.role) ?? null,
    createdAt: new Date(Date.now() - (staff.length - i) * 29 * 86_400_000 - i * 3_600_000),
    isBlocked: 'isBlocked' in u && u.isBlocked === true,
  })));

  // Staff tweaks the details page shows: a manager with an extra key and a revoked one; a spare
  // template nobody uses (deletable); permissions staff added to the catalogue; finished background updates.
  await db.update(users).set({ extraPermissions: ['export_csv'], revokedPermissions: ['player_wallet_view'], userCode: 'CM-014' }).where(sql`${users.email} = 'casino.manager@demo.local'`);
  const support = DEFAULT_ROLE_PERMISSIONS.OPERATOR_MANAGER.filter((k) => k.startsWith('players') || k.startsWith('documents') || k === 'user_profile' || k === 'whats_new');
  await db.insert(roleTemplates).values({ name: 'Support Desk', baseRole: 'OPERATOR_MANAGER', permissions: [...support] });
  await db.insert(permissions).values([
    { key: 'reports_vip_view', description: 'See VIP players in the reports', tags: ['reports', 'vip'], allowedRoles: ['SUPER_ADMIN', 'ADMIN', 'OPERATOR_ADMIN'] },
    { key: 'support_ticket_escalate', description: 'Escalate a support ticket to the platform team', tags: ['support'], allowedRoles: ['SUPER_ADMIN', 'ADMIN', 'OPERATOR_ADMIN', 'OPERATOR_MANAGER'] },
  ]).onConflictDoNothing();
  await db.insert(staffJobs).values([
    { kind: 'ROLE_SAVE', subject: 'OPERATOR_MANAGER', status: 'DONE', total: 4, done: 4, createdBy: 'superadmin@demo.local', createdAt: new Date(now - 3 * 86_400_000), startedAt: new Date(now - 3 * 86_400_000), finishedAt: new Date(now - 3 * 86_400_000 + 2_000) },
    { kind: 'PERMISSION_SAVE', subject: 'export_csv', status: 'DONE', total: 1, done: 1, createdBy: 'admin@demo.local', createdAt: new Date(now - 86_400_000), startedAt: new Date(now - 86_400_000), finishedAt: new Date(now - 86_400_000 + 1_000) },
  ]);

  await db.insert(notifications).values([
    { opId: '*', title: 'Welcome to Pitboss', body: 'Demo world loaded. Every change you make is recorded in the activity log.', level: 'info' },
    { opId: 'op-alpha', title: 'KYC backlog', body: 'Alpha Gaming has KYC documents waiting for review.', level: 'warning' },
  ]);
  await db.insert(tooltips).values([
    { key: 'players.wallet', opId: '*', text: 'Balances are read on demand and are not real-time.' },
    { key: 'kyc.note', opId: '*', text: 'The note is shown to the player.' },
  ]);

  const playerOps = DEMO_OPERATORS.filter((o) => o.kind === 'OPERATOR' || o.kind === 'BRAND');
  const playerRows: (typeof players.$inferInsert)[] = [];
  for (let i = 0; i < opts.players; i++) {
    const op = playerOps[i % playerOps.length]!;
    const created = new Date(now - Math.floor(rand() * 400 * 86_400_000) - (i < 20 ? 0 : 3_600_000));
    if (i < 10) created.setTime(now - i * 4 * 60_000); // a few fresh registrations for the quick filters
    const first = pick(FIRST);
    const last = pick(LAST);
    const code = `P${String(100001 + i)}`;
    /**
     * Who brought the player: the partner's link (its channels ch-1..ch-3, the partner's own) or a
     * referring player (channels of that player's own links); the channel draws are made for every
     * player so the rest of the world does not depend on them.
     */
    const link = (partner: boolean, refId: string | null) => {
      const channel = rand() < 0.3 ? 1 + Math.floor(rand() * 5) : 0;
      const sub = rand() < 0.15 ? `sub-${1 + Math.floor(rand() * 3)}` : null;
      const via = partner ? { affId: 'alpha-partner', channelId: channel ? `ch-${1 + (channel % 3)}` : null } : { affId: null, channelId: channel && refId ? `ch-${channel}` : null };
      return { ...via, refId, subChannelId: via.channelId ? sub : null };
    };
    const isDeleted = rand() < 0.03;
    playerRows.push({
      id: crypto.randomUUID(), playerCode: code, opId: op.opId, username: rand() < 0.85 ? `${first.toLowerCase()}${last.toLowerCase()}${i}` : null,
      email: `${first.toLowerCase()}.${last.toLowerCase()}${i}@example.com`, firstName: first, lastName: last,
      activeCurrency: pick(op.allowedCurrencies), ...link(fromPartner(rand(), op), rand() < 0.1 ? `P${100001 + Math.floor(rand() * Math.max(i, 1))}` : null),
      isTest: rand() < 0.1, isVerified: rand() < 0.4, isBlocked: rand() < 0.05, chatIsBlocked: rand() < 0.05, isDeleted,
      twoFactorEnabled: rand() < 0.3,
      totalBetCount: Math.floor(rand() * 500), totalDepositCount: Math.floor(rand() * 30), totalWithdrawCount: Math.floor(rand() * 10),
      totalTopUpIncreaseCount: Math.floor(rand() * 3),
      createdAt: created, updatedAt: new Date(Math.min(now, created.getTime() + Math.floor(rand() * 30 * 86_400_000))),
      lastActivityAt: rand() < 0.9 ? new Date(Math.min(now, created.getTime() + Math.floor(rand() * 60 * 86_400_000))) : null,
      // Sign-in data without drawing from rand() (the rest of the world stays as it was): each player its own IP
      // and device, but players i and i + (operators) — of the same operator — share an IP every 61 players and a device every 67.
      lastLoginIp: i % 61 === 0 || i % 61 === playerOps.length ? `198.51.100.${Math.floor(i / 61) % 250}` : `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      deviceFingerprint: i % 67 === 0 || i % 67 === playerOps.length ? `dev-shared-${Math.floor(i / 67)}` : `dev-${i.toString(36)}`,
    });
  }
  await bulkInsert(db, players, playerRows);
  const inserted = playerRows.map((p) => ({ id: p.id!, opId: p.opId, playerCode: p.playerCode, username: p.username ?? null, createdAt: p.createdAt! }));

  const walletRows: (typeof wallets.$inferInsert & { id: string })[] = [];
  const ledgerRows: (typeof ledgerEntries.$inferInsert)[] = [];
  const kycRows: (typeof kycRecords.$inferInsert)[] = [];
  const fileRows: (typeof files.$inferInsert)[] = [];
  const unameRows: (typeof usernameRequests.$inferInsert)[] = [];
  const opById = new Map<string, (typeof DEMO_OPERATORS)[number]>(DEMO_OPERATORS.map((o) => [o.opId, o]));
  const uuid = () => crypto.randomUUID();
  for (const p of inserted) {
    const op = opById.get(p.opId)!;
    const currencies = [...op.allowedCurrencies].filter(() => rand() < 0.6);
    if (!currencies.includes('USD')) currencies.unshift('USD');
    for (const currency of currencies) {
      const id = uuid();
      // Worth $10 to $5,010 in the wallet's own currency, then wins and bets of up to $1,000.
      let bal = '0';
      const n = 1 + Math.floor(rand() * 4);
      for (let k = 0; k < n; k++) {
        const amt = demoAmount(k === 0 ? 1000 + Math.floor(rand() * 500_000) : Math.floor(rand() * 200_000) - 100_000, currency);
        const applied = cmpDec(addDec(bal, amt), '0') < 0 ? `-${bal}` : amt;
        if (cmpDec(applied, '0') === 0) continue;
        bal = addDec(bal, applied);
        ledgerRows.push({
          walletId: id, playerId: p.id, opId: p.opId, amount: applied, balanceAfter: bal, currency,
          rateToUsd: RATES[currency]!, reason: k === 0 ? 'DEPOSIT' : applied.startsWith('-') ? 'BET' : 'WIN',
          createdAt: past(p.createdAt.getTime() + (k + 1) * 3_600_000),
        });
      }
      walletRows.push({ id, playerId: p.id, opId: p.opId, kind: 'MAIN', currency, balance: bal });
    }
    for (const kind of ['BONUS', 'AFFILIATE', 'CASHBACK'] as const) {
      if (rand() < 0.25) {
        const id = uuid();
        const c = Math.floor(rand() * 20_000);
        walletRows.push({ id, playerId: p.id, opId: p.opId, kind, currency: 'USD', balance: fromCents(c) });
        ledgerRows.push({ walletId: id, playerId: p.id, opId: p.opId, amount: fromCents(c), balanceAfter: fromCents(c), currency: 'USD', rateToUsd: '1', reason: `${kind}_CREDIT`, createdAt: past(p.createdAt.getTime() + 7_200_000) });
      }
    }
    if (rand() < 0.3) {
      const types = KYC_OPTION_TYPES.filter(() => rand() < 0.4);
      for (const t of types.length ? types : [pick(KYC_OPTION_TYPES)]) {
        const status = pick(['PENDING', 'PENDING', 'CONFIRMED', 'REJECTED', 'NOT_SUBMITTED'] as const);
        const at = past(p.createdAt.getTime() + Math.floor(rand() * 10 * 86_400_000));
        const kycId = uuid();
        // The document's images: real PNG files stored like uploads, linked to the document.
        const image = (kind: DemoImage) => {
          const f = demoKycFile(kind, { kycId, opId: p.opId, playerCode: p.playerCode, at });
          fileRows.push(f);
          return `/api/files/${f.id}`;
        };
        kycRows.push({
          id: kycId, playerId: p.id, opId: p.opId, level: ['PASSPORT_COPY', 'CARD_COPY'].includes(t) ? 2 : 1, optionType: t, status,
          data: kycData(t, p.playerCode, rand, image), createdAt: at, updatedAt: at,
          noteForPlayer: status === 'CONFIRMED' ? 'Document verified.' : status === 'REJECTED' ? 'Image is blurry, please upload again.' : null,
          approvedAt: status === 'CONFIRMED' ? at : null, approvedBy: status === 'CONFIRMED' ? 'admin@demo.local' : null,
          rejectedAt: status === 'REJECTED' ? at : null, rejectedBy: status === 'REJECTED' ? demoDeciderOf(p.opId) : null,
        });
      }
    }
    if (rand() < 0.04) {
      unameRows.push({
        playerId: p.id, opId: p.opId, username: `${(p.username ?? 'player').slice(0, 12)}_new`, originalUsername: p.username,
        status: 'PENDING', createdAt: new Date(now - Math.floor(rand() * 5 * 86_400_000)),
      });
    }
  }
  await seedMoney(db, { players: inserted, walletRows, ledgerRows, rates: RATES, operators: DEMO_OPERATORS, rand: rng(424242), now });
  const betRows = seedBets({ players: inserted, walletRows, ledgerRows, rates: RATES, rand: rng(777), now, count: Math.min(4_000, inserted.length * 3), olderCount: Math.min(8_000, inserted.length * 6) });
  await bulkInsert(db, wallets, walletRows);
  await bulkInsert(db, ledgerEntries, ledgerRows);
  await bulkInsert(db, bets, betRows);
  await bulkInsert(db, kycRecords, kycRows);
  await bulkInsert(db, files, fileRows, 1_000);
  await bulkInsert(db, usernameRequests, unameRows);
  await seedPartners(db, now);
  if (opts.players > 0) await seedPartnerSitePlayers(db, rng(313131), now);
  await seedSupport(db, { players: inserted, rand: rng(777001), now, agentOf: demoDeciderOf });
  await seedBonusForms(db, {
    operators: DEMO_OPERATORS, rand: rng(909090), now,
    players: playerRows.filter((p) => !p.isDeleted).map((p) => ({ id: p.id!, opId: p.opId })),
  });
  await seedTournaments(db, { opIds: ['op-alpha', 'op-bravo', 'op-charlie'], now });
  await seedSportFreebets(db, { operators: DEMO_OPERATORS, players: playerRows.filter((p) => !p.isDeleted).map((p) => ({ id: p.id!, opId: p.opId, playerCode: p.playerCode })) });
  await seedBonusDefinitions(db, { operators: DEMO_OPERATORS, rand: rng(515151), now });
  await seedBonusReleases(db, {
    operators: DEMO_OPERATORS, rand: rng(515151), now,
    players: playerRows.filter((p) => !p.isDeleted).map((p) => ({ id: p.id!, opId: p.opId })),
  });
  await seedAffiliateWithdrawJob(db);
  await seedReports(db, { players: playerRows.filter((p) => !p.isDeleted).map((p) => ({ id: p.id!, opId: p.opId, playerCode: p.playerCode })), now });
  await seedGames(db, { operators: DEMO_OPERATORS, rand: rng(636363), now });
  await seedMisc(db, { parentOpIds: ['op-alpha', 'op-bravo', 'op-charlie'], now, rand: rng(616161) });
  await seedCms(db, now);
  await seedBilling(db, now);
  await seedInfra(db, now);
  await seedActivities(db, { now });
  await foldTxRollups(db);
  await maintainTables(db);
}

function kycData(t: KycOptionType, code: string, rand: () => number, image: (kind: DemoImage) => string): Record<string, string> {
  const d = (n: number) => String(Math.floor(rand() * 10 ** n)).padStart(n, '1');
  switch (t) {
    case 'PASSPORT_COPY': return { imageUrl: image('passport') };
    case 'CARD_COPY': return rand() < 0.5 ? { frontImageUrl: image('card-front'), backImageUrl: image('card-back') } : { frontImageUrl: image('card-front') };
    case 'EMAIL': return { email: `${code.toLowerCase()}@example.com` };
    case 'MOBILE_NUMBER': return { phoneNumber: `90${d(9)}` };
    case 'ADDRESS': return { postCode: d(5), address: `${1 + Math.floor(rand() * 200)} Market Street`, city: 'Istanbul', country: 'TR' };
    case 'PERSONAL_DETAILS': return { firstName: 'Demo', lastName: 'Player', birthDate: `19${70 + Math.floor(rand() * 30)}-0${1 + Math.floor(rand() * 9)}-1${Math.floor(rand() * 9)}` };
    case 'PASSPORT_ID': return { passportId: d(9) };
    case 'CARD_ID': return { cardId: `ID${d(8)}` };
  }
}
