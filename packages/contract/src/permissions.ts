import { MENU_ITEMS, ROUTES, PAGE_SLUGS, type RouteDef } from './routes.js';
import { isSuperRole, type Role } from './roles.js';

/** The component permission the dashboard bets chart and the App Service charts need (002: "shown only to users allowed the dashboard bets chart component"). */
export const DASHBOARD_BETS_CHART = 'dashboard_bets_chart';

/**
 * The component permission of a player's tabs area (000 §6 and 001 §6: "The player tabs area needs
 * the players_tabs permission"): the tabs of the player drawer and the sections of the player page
 * beyond the player's own details (KYC records, username requests, applied free bets). Without it
 * the drawer and the page show the player's details alone, and the server answers none of the
 * tabs' data (`players.get` leaves them out, `sport.applied` is refused).
 */
export const PLAYERS_TABS = 'players_tabs';

/** Component permissions (000 §6, 001 §6): finer rights inside pages. */
export const COMPONENT_PERMISSIONS = [
  'approve_reject_kyc',
  'edit_kyc_data',
  'redo_bank_account_actions',
  PLAYERS_TABS,
  'brands_access',
  'player_delete',
  'player_reset_2fa',
  'player_usernames_moderate',
  'player_wallet_view',
  'transactions_withdraw_approve',
  'transactions_withdraw_reject',
  'export_csv',
  'json_tab',
  'settings_roles_update',
  DASHBOARD_BETS_CHART,
  'bonus_form_edit',
  'bonus_form_decide',
  'tournament_manage',
  'tournament_payout',
  'sport_freebet_grant',
  'bonus_definition_edit',
  'bonus_release_manage',
  'flows_manage',
] as const;
export type ComponentPermission = (typeof COMPONENT_PERMISSIONS)[number];

/** Every permission key: page slugs plus component permissions. */
export const PERMISSION_KEYS: readonly string[] = [...PAGE_SLUGS, ...COMPONENT_PERMISSIONS];

const slugsOfGroups = (...groups: RouteDef['group'][]) =>
  ROUTES.filter((r) => groups.includes(r.group)).map((r) => r.slug);

// Tech support pages are infrastructure (every operator's provider calls, the platform's servers): global roles only.
const OPERATOR_PAGES = [
  ...slugsOfGroups('Players', 'Documents', 'Transactions', 'Deposit', 'Withdraw', 'Bets', 'Bonus', 'Tournaments', 'Support', 'Reports', 'CMS', 'CMS v2')
    .filter((s) => !s.startsWith('tech_support')),
  'quick_dashboard', 'dashboard', 'brands', 'channels', 'billing_me', 'exchange_rates', 'whats_new', 'user_profile',
  'settings_activities', 'settings_login_activitiy', 'settings_admins', 'settings_roles', 'internal_cashback_affiliate_calculator',
  'profit_history', 'flows', 'treasury_account',
  // Their operators' games (order and status by operator admins; see README "Games").
  'games', 'games_cms_operator_games',
];

/** Rights no role gets merely by holding every key: who may change role templates (002 §6: SUPER_ADMIN and OPERATOR_ADMIN). */
const NOT_FOR_ADMIN = ['whats_new_super_admin', 'settings_roles_update'];

/**
 * The default permission template of each role. Stored as the seed of the role templates
 * table; a user's effective permissions are the template's plus their own extra keys.
 * The spec does not give the catalogue ("not shown"); this is the choice written down.
 */
export const DEFAULT_ROLE_PERMISSIONS: Record<Role, readonly string[]> = {
  SUPER_ADMIN: PERMISSION_KEYS,
  ADMIN: PERMISSION_KEYS.filter((k) => !NOT_FOR_ADMIN.includes(k)),
  OPERATOR_ADMIN: [
    ...OPERATOR_PAGES, 'settings', 'settings_general', 'settings_roles_update', 'operators', 'operators_activities',
    'approve_reject_kyc', 'edit_kyc_data', 'redo_bank_account_actions', 'players_tabs', 'brands_access',
    'player_delete', 'player_reset_2fa', 'player_usernames_moderate', 'player_wallet_view',
    'transactions_withdraw_approve', 'transactions_withdraw_reject', 'bonus_form_edit', 'bonus_form_decide',
    'tournament_manage', 'tournament_payout',
    'sport_freebet_grant', 'bonus_definition_edit', 'bonus_release_manage', 'flows_manage',
  ],
  OPERATOR_MANAGER: [
    ...OPERATOR_PAGES.filter((s) => !s.startsWith('settings_')),
    'approve_reject_kyc', 'players_tabs', 'player_usernames_moderate', 'player_wallet_view', 'bonus_form_decide',
  ],
  PARTNER: ['partner_dashboard', 'partners_withdraw', 'marketings', 'channels', 'players', 'user_profile', 'whats_new'],
  DEV_OPS: [
    ...slugsOfGroups('Games'),
    'settings', 'settings_dev', 'settings_cf_account_v2', 'settings_cf_account_v2_domains', 'settings_cf_account_v2_afds',
    'settings_domains', 'settings_crypto_networks', 'tech_support', 'tech_support_servers', 'tech_support_export_report',
    'user_profile', 'whats_new', DASHBOARD_BETS_CHART,
  ],
};

/**
 * Pages every signed-in staff member holds whatever their role template or revoked keys: their
 * own profile (where they set up the second factor their operator may require).
 */
export const SIGNED_IN_PAGES: readonly string[] = ['user_profile'];

/**
 * The permissions the console works with: the user's own, or only the signed-in pages while
 * their operator requires a second factor they have not set up (the server refuses the rest).
 */
export function consolePermissions(u: { permissions: readonly string[]; twoFactorSetupRequired: boolean }): readonly string[] {
  return u.twoFactorSetupRequired ? SIGNED_IN_PAGES : u.permissions;
}

/** One place that answers "may this user do X". Deny by default. */
export function can(permissions: readonly string[] | ReadonlySet<string>, key: string): boolean {
  return Array.isArray(permissions) ? permissions.includes(key) : (permissions as ReadonlySet<string>).has(key);
}

/**
 * May the user see the JSON tab of a bonus record — a deposit bonus definition, a player's deposit
 * bonus, a bonus release (drawer, details and report row), a sport free bet template or an applied
 * free bet. 000 §6: "SUPER_ADMIN alone: … JSON tabs for bonus releases"; 001 §6: "JSON tabs on free
 * bet and bonus drawers: super admin only through component permissions". So: a SUPER_ADMIN who
 * holds `json_tab` (an ADMIN holding `json_tab` sees the JSON of other records, not of these).
 */
export function mayViewBonusJson(user: { role: Role; permissions: readonly string[] | ReadonlySet<string> }): boolean {
  return user.role === 'SUPER_ADMIN' && can(user.permissions, 'json_tab');
}

/** What each component permission lets its holder do (the catalogue's descriptions). */
export const COMPONENT_PERMISSION_LABELS: Record<ComponentPermission, string> = {
  approve_reject_kyc: 'Approve or reject KYC documents',
  edit_kyc_data: 'Edit the details of a KYC document',
  redo_bank_account_actions: 'Decide again on an approved or rejected bank account',
  players_tabs: "See the tabs of a player's details",
  brands_access: 'Open the brands of the own operator',
  player_delete: 'Delete a player',
  player_reset_2fa: "Reset a player's two-factor sign-in",
  player_usernames_moderate: 'Approve or reject username requests',
  player_wallet_view: "See a player's wallets",
  transactions_withdraw_approve: 'Approve withdrawals',
  transactions_withdraw_reject: 'Reject withdrawals',
  export_csv: 'Export lists as CSV',
  json_tab: 'See the JSON tab of records',
  settings_roles_update: 'Change role templates (Save Changes on the roles page)',
  [DASHBOARD_BETS_CHART]: 'See the dashboard bets chart and the App Service charts',
  bonus_form_edit: 'Create and delete bonus forms',
  bonus_form_decide: 'Approve or reject bonus form requests (Topup Player)',
  tournament_manage: 'Create and delete tournaments',
  tournament_payout: "Pay or reject tournament winners' prizes",
  sport_freebet_grant: 'Grant sport free bets to players (Add Sport FreeBet)',
  bonus_definition_edit: 'Create, edit, clone and delete deposit bonus definitions',
  bonus_release_manage: 'Create, edit, clone and delete bonus releases',
  flows_manage: 'Create, edit, switch and delete flows',
};

/** A permission's human label: the page's title for a page slug, the description of a component permission, else the key. */
export function permissionLabel(key: string): string {
  const page = ROUTES.find((r) => r.slug === key && !r.parent);
  if (page) return `${page.title} page`;
  return (COMPONENT_PERMISSION_LABELS as Record<string, string>)[key] ?? key;
}

/**
 * The catalogue entry a built-in key starts with: its label, a tag (the page's navigation group,
 * or "component"), the roles allowed to hold it — SUPER_ADMIN and ADMIN always, the roles
 * whose default template holds it, and both operator roles when either holds it — and the menu
 * items that need it (a component permission a route's `nonAdmin` names).
 */
export function builtInPermission(key: string): { description: string; tags: string[]; allowedRoles: Role[]; requiredMenuItems: string[] } {
  const page = ROUTES.find((r) => r.slug === key);
  const holders = (Object.keys(DEFAULT_ROLE_PERMISSIONS) as Role[]).filter((r) => DEFAULT_ROLE_PERMISSIONS[r].includes(key));
  const roles = new Set<Role>(['SUPER_ADMIN', 'ADMIN', ...holders]);
  if (roles.has('OPERATOR_ADMIN') || roles.has('OPERATOR_MANAGER')) { roles.add('OPERATOR_ADMIN'); roles.add('OPERATOR_MANAGER'); }
  const order = Object.keys(DEFAULT_ROLE_PERMISSIONS) as Role[];
  return {
    description: permissionLabel(key),
    tags: [page ? page.group.toLowerCase() : 'component'],
    allowedRoles: order.filter((r) => roles.has(r)),
    // The menu items that need this component permission besides their page (the route table's `nonAdmin`: the brands menu's brands_access).
    requiredMenuItems: MENU_ITEMS.filter((r) => r.nonAdmin?.includes(key)).map((r) => r.path),
  };
}

/**
 * Whether a user may open a page of the route table: its permission slug, and for a user other
 * than SUPER_ADMIN and ADMIN the route's `nonAdmin` component permissions (000 §6). One check
 * for the navigation, the page guard and the server's menu.
 */
export function mayOpenRoute(user: { role: Role; permissions: readonly string[] | ReadonlySet<string> }, route: Pick<RouteDef, 'slug' | 'nonAdmin'>): boolean {
  if (!can(user.permissions, route.slug)) return false;
  return !route.nonAdmin || isSuperRole(user.role) || route.nonAdmin.every((k) => can(user.permissions, k));
}
