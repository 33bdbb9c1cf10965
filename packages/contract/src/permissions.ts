import { ROUTES, PAGE_SLUGS, type RouteDef } from './routes.js';
import type { Role } from './roles.js';

/** Component permissions (000 §6, 001 §6): finer rights inside pages. */
export const COMPONENT_PERMISSIONS = [
  'approve_reject_kyc',
  'edit_kyc_data',
  'redo_bank_account_actions',
  'players_tabs',
  'brands_access',
  'player_delete',
  'player_reset_2fa',
  'player_usernames_moderate',
  'player_wallet_view',
  'transactions_withdraw_approve',
  'transactions_withdraw_reject',
  'export_csv',
  'json_tab',
] as const;
export type ComponentPermission = (typeof COMPONENT_PERMISSIONS)[number];

/** Every permission key: page slugs plus component permissions. */
export const PERMISSION_KEYS: readonly string[] = [...PAGE_SLUGS, ...COMPONENT_PERMISSIONS];

const slugsOfGroups = (...groups: RouteDef['group'][]) =>
  ROUTES.filter((r) => groups.includes(r.group)).map((r) => r.slug);

const OPERATOR_PAGES = [
  ...slugsOfGroups('Players', 'Documents', 'Transactions', 'Deposit', 'Withdraw', 'Bets', 'Bonus', 'Tournaments', 'Support', 'Reports', 'CMS', 'CMS v2'),
  'quick_dashboard', 'dashboard', 'brands', 'channels', 'billing_me', 'exchange_rates', 'whats_new', 'user_profile',
  'settings_activities', 'settings_login_activitiy', 'settings_admins', 'settings_roles', 'internal_cashback_affiliate_calculator',
];

/**
 * The default permission template of each role. Stored as the seed of the role templates
 * table; a user's effective permissions are the template's plus their own extra keys.
 * The spec does not give the catalogue ("not shown"); this is the choice written down.
 */
export const DEFAULT_ROLE_PERMISSIONS: Record<Role, readonly string[]> = {
  SUPER_ADMIN: PERMISSION_KEYS,
  ADMIN: PERMISSION_KEYS.filter((k) => k !== 'whats_new_super_admin'),
  OPERATOR_ADMIN: [
    ...OPERATOR_PAGES,
    'approve_reject_kyc', 'edit_kyc_data', 'redo_bank_account_actions', 'players_tabs', 'brands_access',
    'player_delete', 'player_reset_2fa', 'player_usernames_moderate', 'player_wallet_view',
    'transactions_withdraw_approve', 'transactions_withdraw_reject',
  ],
  OPERATOR_MANAGER: [
    ...OPERATOR_PAGES.filter((s) => !s.startsWith('settings_')),
    'approve_reject_kyc', 'players_tabs', 'player_usernames_moderate', 'player_wallet_view',
  ],
  PARTNER: ['partner_dashboard', 'partners_withdraw', 'marketings', 'channels', 'players', 'user_profile', 'whats_new'],
  DEV_OPS: [
    ...slugsOfGroups('Games'),
    'settings', 'settings_dev', 'settings_cf_account_v2', 'settings_cf_account_v2_domains', 'settings_cf_account_v2_afds',
    'settings_domains', 'settings_crypto_networks', 'tech_support', 'tech_support_servers', 'tech_support_export_report',
    'user_profile', 'whats_new', 'flows',
  ],
};

/** One place that answers "may this user do X". Deny by default. */
export function can(permissions: readonly string[] | ReadonlySet<string>, key: string): boolean {
  return Array.isArray(permissions) ? permissions.includes(key) : (permissions as ReadonlySet<string>).has(key);
}
