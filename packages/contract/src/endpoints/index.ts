/**
 * The endpoint table: every API call, declared once (see define.ts). This module is zod-free
 * so the console can read it on its first load; the schemas are in ./schemas.
 */
import type { EndpointMeta } from './define.js';
import { isSuperRole, type Role } from '../roles.js';
import { ACTIVITIES } from './meta/activities.js';
import { AUTH } from './meta/auth.js';
import { KYC } from './meta/kyc.js';
import { OPERATORS } from './meta/operators.js';
import { PAYMENTS } from './meta/payments.js';
import { PLAYERS } from './meta/players.js';
import { PROFILE } from './meta/profile.js';
import { SECURITY } from './meta/security.js';
import { SETTINGS } from './meta/settings.js';
import { SHELL } from './meta/shell.js';
import { STAFF } from './meta/staff.js';
import { TRANSACTIONS } from './meta/transactions.js';
// Wallet, rewards and banking.
import { WALLET } from './meta/wallet.js';
import { REWARDS } from './meta/rewards.js';
import { BANKING } from './meta/banking.js';
// Partners.
import { PARTNERS } from './meta/partners.js';
// Player reports (the Player Wallet panels).
import { REPORTS, REWARD_CALCULATORS, REWARD_SETTINGS } from './meta/reports.js';
import { EXPORTS } from './meta/exports.js';
// Support tickets.
import { SUPPORT_ENDPOINTS } from './meta/support.js';
import { TECH_SUPPORT } from './meta/tech-support.js';
import { BETS } from './meta/bets.js';
// Bonus forms and requests.
import { BONUS_FORMS } from './meta/bonus-forms.js';
import { TOURNAMENTS } from './meta/tournaments.js';
import { SPORT_FREEBETS } from './meta/sport-freebets.js';
import { REWARD_HISTORY } from './meta/reward-history.js';
import { BONUS_DEFINITIONS } from './meta/bonus-definitions.js';
import { BONUS_RELEASES } from './meta/bonus-releases.js';
import { BONUS_ABUSE } from './meta/bonus-abuse.js';
import { OPERATOR_REPORTS } from './meta/operator-reports.js';
import { GAMES } from './meta/games.js';
import { CRYPTO_NETWORKS_ENDPOINTS, FLOWS_ENDPOINTS, TREASURY_ACCOUNT_ENDPOINTS, WHATS_NEW_ENDPOINTS } from './meta/misc.js';
import { CMS } from './meta/cms.js';
import { BILLING } from './meta/billing.js';
import { INFRA } from './meta/infra.js';

export * from './define.js';

export const ENDPOINTS = {
  ...ACTIVITIES,
  ...AUTH,
  ...KYC,
  ...OPERATORS,
  ...PAYMENTS,
  ...PLAYERS,
  ...PROFILE,
  ...SECURITY,
  ...SETTINGS,
  ...SHELL,
  ...STAFF,
  ...TRANSACTIONS,
  // Wallet, rewards and banking.
  ...WALLET,
  ...REWARDS,
  ...BANKING,
  // Partners.
  ...PARTNERS,
  ...REPORTS,
  ...REWARD_SETTINGS,
  ...REWARD_CALCULATORS,
  ...REWARD_HISTORY,
  ...EXPORTS,
  ...SUPPORT_ENDPOINTS,
  ...TECH_SUPPORT,
  ...BETS,
  ...BONUS_FORMS,
  ...TOURNAMENTS,
  ...SPORT_FREEBETS,
  ...BONUS_DEFINITIONS,
  ...BONUS_RELEASES,
  ...BONUS_ABUSE,
  ...OPERATOR_REPORTS,
  ...GAMES,
  ...CRYPTO_NETWORKS_ENDPOINTS,
  ...WHATS_NEW_ENDPOINTS,
  ...FLOWS_ENDPOINTS,
  ...TREASURY_ACCOUNT_ENDPOINTS,
  ...CMS,
  ...BILLING,
  ...INFRA,
} as const satisfies Record<string, EndpointMeta>;

export type EndpointName = keyof typeof ENDPOINTS;
export const ENDPOINT_NAMES = Object.keys(ENDPOINTS) as EndpointName[];

/** Per activity action, the fields of its before/after that only SUPER_ADMIN and ADMIN may read (the union of the `auditRestricted` of the calls that write it). */
export const ACTIVITY_RESTRICTED_FIELDS: Readonly<Record<string, readonly string[]>> = /* @__PURE__ */ (() => {
  const out: Record<string, Set<string>> = {};
  for (const m of Object.values(ENDPOINTS) as EndpointMeta[]) {
    if (!m.auditRestricted?.length || m.audit === undefined) continue;
    for (const action of typeof m.audit === 'string' ? [m.audit] : m.audit) {
      const set = (out[action] ??= new Set());
      for (const f of m.auditRestricted) set.add(f);
    }
  }
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, [...v]]));
})();

/** The fields of an activity's before/after a role may not read (none for SUPER_ADMIN and ADMIN). */
export const restrictedActivityFields = (action: string, role: Role | string | null): readonly string[] =>
  (role && isSuperRole(role as Role) ? [] : ACTIVITY_RESTRICTED_FIELDS[action] ?? []);
