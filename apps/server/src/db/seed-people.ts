import type { Role } from '@pitboss/contract';

/*
 * The people and operators of the demo world (the seed and the tests read them), and who among
 * the staff may act on an operator's records: every actor the seed writes is one of those.
 */

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

/**
 * The demo world's active staff who work on an operator's records: the global admins, and the
 * operator staff of the operator itself or of its parent (the scope each would have), in the
 * order above. Super admins, dev ops, partners and blocked accounts are left out.
 */
export function demoStaffOf(opId: string): { email: string; role: Role }[] {
  const parent = DEMO_OPERATORS.find((o) => o.opId === opId)?.parentOpId ?? null;
  return [...DEMO_LOGINS, ...DEMO_STAFF].filter((u) => !('isBlocked' in u && u.isBlocked) && ['ADMIN', 'OPERATOR_ADMIN', 'OPERATOR_MANAGER'].includes(u.role)
    && (u.opId === null || u.opId === opId || (parent !== null && u.opId === parent)));
}

/**
 * Who decides an operator's records in the demo world (KYC documents, ticket replies, payments,
 * bonus requests): the admin of the operator or of its parent when the demo has one (Alpha's and
 * Bravo's), else the global admin. So no record names a decider who could not see it.
 */
export function demoDeciderOf(opId: string): string {
  return demoStaffOf(opId).find((u) => u.role === 'OPERATOR_ADMIN')?.email ?? 'admin@demo.local';
}

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
