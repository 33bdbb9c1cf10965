import { DEFAULT_ROLE_PERMISSIONS, KYC_OPTION_TYPES, ROLES, type KycOptionType, type Role } from '@pitboss/contract';
import type { Db } from './client.js';
import {
  currencyRates, files, kycRecords, ledgerEntries, notifications, operators, players, roleTemplates, tooltips, usernameRequests, users, wallets,
} from './schema.js';
import { demoKycFile, type DemoImage } from './demo-images.js';
import { hashPassword } from '../modules/auth/service.js';
import { sql } from 'drizzle-orm';
import { seedMoney } from './seed-money.js';
import { bulkInsert } from './bulk.js';
import { analyzeTables } from './maintenance.js';

export const DEMO_PASSWORD = 'demo-Pitboss-1';

export const DEMO_LOGINS: { email: string; role: Role; opId: string | null; nickname: string }[] = [
  { email: 'superadmin@demo.local', role: 'SUPER_ADMIN', opId: null, nickname: 'superadmin' },
  { email: 'admin@demo.local', role: 'ADMIN', opId: null, nickname: 'admin' },
  { email: 'operator.admin@demo.local', role: 'OPERATOR_ADMIN', opId: 'op-alpha', nickname: 'alpha-admin' },
  { email: 'operator.manager@demo.local', role: 'OPERATOR_MANAGER', opId: 'op-alpha', nickname: 'alpha-manager' },
  { email: 'brand.admin@demo.local', role: 'OPERATOR_ADMIN', opId: 'alpha-bet', nickname: 'alphabet-admin' },
  { email: 'partner@demo.local', role: 'PARTNER', opId: 'alpha-partner', nickname: 'alpha-partner' },
  { email: 'devops@demo.local', role: 'DEV_OPS', opId: null, nickname: 'devops' },
];

/** More staff of the demo world (same password): the admin list shows several operators' teams and a blocked account. */
export const DEMO_STAFF: { email: string; role: Role; opId: string | null; nickname: string; isBlocked?: boolean }[] = [
  { email: 'ops.admin@demo.local', role: 'ADMIN', opId: null, nickname: 'ops admin' },
  { email: 'casino.manager@demo.local', role: 'OPERATOR_MANAGER', opId: 'alpha-casino', nickname: 'casino manager' },
  { email: 'former.manager@demo.local', role: 'OPERATOR_MANAGER', opId: 'op-alpha', nickname: 'former manager', isBlocked: true },
  { email: 'bravo.admin@demo.local', role: 'OPERATOR_ADMIN', opId: 'op-bravo', nickname: 'bravo admin' },
  { email: 'bravo.manager@demo.local', role: 'OPERATOR_MANAGER', opId: 'bravo-spin', nickname: 'bravo manager' },
];

export const DEMO_OPERATORS = [
  { opId: 'cms-default', title: 'CMS Default', parentOpId: null, kind: 'CMS_DEFAULT', isCmsDefault: true, allowedCurrencies: ['USD'] },
  { opId: 'op-alpha', title: 'Alpha Gaming', parentOpId: null, kind: 'OPERATOR', isCmsDefault: false, allowedCurrencies: ['USD', 'EUR', 'TRY', 'USDT'] },
  { opId: 'alpha-bet', title: 'AlphaBet', parentOpId: 'op-alpha', kind: 'BRAND', isCmsDefault: false, allowedCurrencies: ['USD', 'EUR', 'TRY'] },
  { opId: 'alpha-casino', title: 'Alpha Casino', parentOpId: 'op-alpha', kind: 'BRAND', isCmsDefault: false, allowedCurrencies: ['USD', 'USDT', 'BTC'] },
  { opId: 'alpha-partner', title: 'Alpha Partners', parentOpId: 'op-alpha', kind: 'PARTNER', isCmsDefault: false, allowedCurrencies: ['USD'] },
  { opId: 'op-bravo', title: 'Bravo Entertainment', parentOpId: null, kind: 'OPERATOR', isCmsDefault: false, allowedCurrencies: ['USD', 'EUR', 'IRR'] },
  { opId: 'bravo-spin', title: 'Bravo Spin', parentOpId: 'op-bravo', kind: 'BRAND', isCmsDefault: false, allowedCurrencies: ['USD', 'IRR'] },
  { opId: 'bravo-sports', title: 'Bravo Sports', parentOpId: 'op-bravo', kind: 'BRAND', isCmsDefault: false, allowedCurrencies: ['USD', 'EUR'] },
  { opId: 'op-charlie', title: 'Charlie Play', parentOpId: null, kind: 'OPERATOR', isCmsDefault: false, allowedCurrencies: ['USD', 'USDT', 'ETH', 'TRX'] },
  { opId: 'charlie-luck', title: 'Charlie Luck', parentOpId: 'op-charlie', kind: 'BRAND', isCmsDefault: false, allowedCurrencies: ['USD', 'USDT'] },
  { opId: 'charlie-stars', title: 'Charlie Stars', parentOpId: 'op-charlie', kind: 'BRAND', isCmsDefault: false, allowedCurrencies: ['USD', 'TRX'] },
] as const;

const RATES: Record<string, string> = {
  USD: '1', EUR: '1.08', TRY: '0.029', IRR: '0.0000238', USDT: '1', BTC: '65000', ETH: '3200', TRX: '0.12', UUSD: '1',
};

/** Deterministic PRNG (mulberry32). */
function rng(seed: number) {
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

const FIRST = ['Ali', 'Maria', 'John', 'Elif', 'Reza', 'Sara', 'Mehmet', 'Anna', 'Omar', 'Lena', 'Ivan', 'Zeynep', 'Pablo', 'Nina', 'Kian'];
const LAST = ['Smith', 'Yilmaz', 'Karimi', 'Novak', 'Garcia', 'Demir', 'Rossi', 'Ivanova', 'Hansen', 'Moradi', 'Kaya', 'Silva'];

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return Number(row?.n ?? 0) === 0;
}

/** Seed the deterministic demo world. */
export async function seedDemo(db: Db, opts: { players: number }): Promise<void> {
  const rand = rng(20261123);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const now = Date.now();

  await db.insert(operators).values(DEMO_OPERATORS.map((o) => ({
    ...o, allowedCurrencies: [...o.allowedCurrencies], allowedLangs: ['en', 'tr'],
    settings: { deposit: { allowedGateways: ['cpg', 'jb', 'tomani'] }, withdraw: { allowedGateways: ['cpg', 'jb', 'tomani', 'witcher'] } },
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
    const isDeleted = rand() < 0.03;
    playerRows.push({
      id: crypto.randomUUID(), playerCode: code, opId: op.opId, username: rand() < 0.85 ? `${first.toLowerCase()}${last.toLowerCase()}${i}` : null,
      email: `${first.toLowerCase()}.${last.toLowerCase()}${i}@example.com`, firstName: first, lastName: last,
      activeCurrency: pick(op.allowedCurrencies), affId: rand() < 0.2 ? 'alpha-partner' : null, refId: rand() < 0.1 ? `P${100001 + Math.floor(rand() * Math.max(i, 1))}` : null,
      channelId: rand() < 0.3 ? `ch-${1 + Math.floor(rand() * 5)}` : null, subChannelId: rand() < 0.15 ? `sub-${1 + Math.floor(rand() * 3)}` : null,
      isTest: rand() < 0.1, isVerified: rand() < 0.4, isBlocked: rand() < 0.05, chatIsBlocked: rand() < 0.05, isDeleted,
      twoFactorEnabled: rand() < 0.3,
      totalBetCount: Math.floor(rand() * 500), totalDepositCount: Math.floor(rand() * 30), totalWithdrawCount: Math.floor(rand() * 10),
      totalTopUpIncreaseCount: Math.floor(rand() * 3),
      createdAt: created, updatedAt: new Date(Math.min(now, created.getTime() + Math.floor(rand() * 30 * 86_400_000))),
      lastActivityAt: rand() < 0.9 ? new Date(Math.min(now, created.getTime() + Math.floor(rand() * 60 * 86_400_000))) : null,
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
      let bal = 0;
      const n = 1 + Math.floor(rand() * 4);
      for (let k = 0; k < n; k++) {
        const amt = k === 0 ? 1000 + Math.floor(rand() * 500_000) : Math.floor(rand() * 200_000) - 100_000;
        const applied = bal + amt < 0 ? -bal : amt;
        bal += applied;
        ledgerRows.push({
          walletId: id, playerId: p.id, opId: p.opId, amount: fromCents(applied), balanceAfter: fromCents(bal), currency,
          rateToUsd: RATES[currency]!, reason: k === 0 ? 'DEPOSIT' : applied >= 0 ? 'WIN' : 'BET',
          createdAt: new Date(p.createdAt.getTime() + (k + 1) * 3_600_000),
        });
      }
      walletRows.push({ id, playerId: p.id, opId: p.opId, kind: 'MAIN', currency, balance: fromCents(bal) });
    }
    for (const kind of ['BONUS', 'AFFILIATE', 'CASHBACK'] as const) {
      if (rand() < 0.25) {
        const id = uuid();
        const c = Math.floor(rand() * 20_000);
        walletRows.push({ id, playerId: p.id, opId: p.opId, kind, currency: 'USD', balance: fromCents(c) });
        ledgerRows.push({ walletId: id, playerId: p.id, opId: p.opId, amount: fromCents(c), balanceAfter: fromCents(c), currency: 'USD', rateToUsd: '1', reason: `${kind}_CREDIT`, createdAt: new Date(p.createdAt.getTime() + 7_200_000) });
      }
    }
    if (rand() < 0.3) {
      const types = KYC_OPTION_TYPES.filter(() => rand() < 0.4);
      for (const t of types.length ? types : [pick(KYC_OPTION_TYPES)]) {
        const status = pick(['PENDING', 'PENDING', 'CONFIRMED', 'REJECTED', 'NOT_SUBMITTED'] as const);
        const at = new Date(p.createdAt.getTime() + Math.floor(rand() * 10 * 86_400_000));
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
          rejectedAt: status === 'REJECTED' ? at : null, rejectedBy: status === 'REJECTED' ? 'operator.admin@demo.local' : null,
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
  await bulkInsert(db, wallets, walletRows);
  await bulkInsert(db, ledgerEntries, ledgerRows);
  await bulkInsert(db, kycRecords, kycRows);
  await bulkInsert(db, files, fileRows, 1_000);
  await bulkInsert(db, usernameRequests, unameRows);
  await analyzeTables(db);
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
