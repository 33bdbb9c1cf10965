/**
 * The route table of the spec (000 §2.1): all 162 page routes. Navigation, router, page
 * titles and permission checks are derived from this one table; no path is written twice.
 * `built: true` routes are mounted in the console; the others stay listed as not built
 * (they appear neither in the navigation nor in the router).
 */
import type { Role } from './roles.js';
export const NAV_GROUPS = [
  'Dashboards', 'Players', 'Documents', 'Transactions', 'Deposit', 'Withdraw', 'Bets', 'Bonus',
  'Tournaments', 'Partners', 'Operators', 'Reports', 'Billing', 'Support', 'Games', 'CMS', 'CMS v2',
  'Settings', 'Other',
] as const;
export type NavGroup = (typeof NAV_GROUPS)[number];

export const BADGE_KEYS = ['tickets', 'withdraw', 'deposit', 'cashback', 'affProfit', 'bankAccounts', 'kyc', 'playerUsernames'] as const;
export type BadgeKey = (typeof BADGE_KEYS)[number];

export interface RouteDef {
  /** Path with `:param` placeholders (React Router syntax). */
  path: string;
  title: string;
  /** The permission slug a user needs to open the page. */
  slug: string;
  group: NavGroup;
  /** Shown in the left navigation (detail routes are not). */
  nav: boolean;
  badge?: BadgeKey;
  built: boolean;
  /** For detail routes: the list route they belong to. */
  parent?: string;
  /** Component permissions a user other than SUPER_ADMIN and ADMIN also needs for the page (000 §6: the brands menu needs brands_access). */
  nonAdmin?: readonly string[];
}

/** `/players/:playerCode` → `players_playerCode`; `/cms/v2/modals/affiliate` → `cms_v2_modals_affiliate`. */
export const slugOf = (path: string): string =>
  path.replace(/^\//, '').replace(/[:{}]/g, '').replace(/[/-]/g, '_') || 'root';

type Opts = { badge?: BadgeKey; built?: boolean; parent?: string; slug?: string; nav?: boolean; nonAdmin?: readonly string[] };
const r = <const P extends string>(path: P, title: string, group: NavGroup, o: Opts = {}): RouteDef & { readonly path: P } => ({
  path,
  title,
  group,
  slug: o.slug ?? (o.parent ? slugOf(o.parent) : slugOf(path)),
  nav: o.nav ?? (!path.includes(':') && !o.parent),
  badge: o.badge,
  built: o.built ?? false,
  parent: o.parent,
  ...(o.nonAdmin ? { nonAdmin: o.nonAdmin } : {}),
});

const B = { built: true };

export const ROUTES = [
  // Dashboards (3)
  r('/quick-dashboard', 'Quick Dashboard', 'Dashboards', B),
  r('/dashboard', 'Dashboard', 'Dashboards', B),
  r('/partner-dashboard', 'Partner Dashboard', 'Dashboards', B),
  // Partners and marketing (3)
  r('/partners/list', 'Partners', 'Partners', B),
  r('/partners/withdraw', 'Partner Withdraw', 'Partners', B),
  r('/marketings', 'Marketing', 'Partners', B),
  // Reports (18)
  r('/reports/bonus-releases', 'Bonus Releases Report', 'Reports', B),
  r('/reports/bonus-transactions', 'Bonus Transactions Report', 'Reports', B),
  r('/reports/game-currency', 'Game Currency Report', 'Reports', B),
  r('/reports/game-financial', 'Game Financial Report', 'Reports', B),
  r('/reports/game-operator', 'Game Operator Report', 'Reports', B),
  r('/reports/games', 'Games Report', 'Reports', B),
  r('/reports/game-providers', 'Game Providers Report', 'Reports', B),
  r('/reports/operator', 'Operator Report', 'Reports', B),
  r('/reports/registration', 'Registration Report', 'Reports', B),
  r('/reports/billing-invoice-ggr', 'Billing Invoice GGR Report', 'Reports', B),
  r('/reports/billing-payment-collections', 'Billing Payment Collections Report', 'Reports', B),
  r('/reports/risk-management', 'Risk Management Report', 'Reports', B),
  r('/reports/transaction-operator', 'Transaction Operator Report', 'Reports', B),
  r('/reports/transactions', 'Transactions Report', 'Reports', B),
  r('/reports/transactionsV2', 'Transactions Report V2', 'Reports', B),
  r('/reports/affiliate-revenue', 'Affiliate Revenue Report', 'Reports', B),
  r('/reports/top-affiliates', 'Top Affiliates', 'Reports', B),
  r('/reports/top-channels', 'Top Channels', 'Reports', B),
  // Billing (8)
  r('/billing/affiliates', 'Affiliates Billing', 'Billing', B),
  r('/billing/me', 'My Billing', 'Billing', B),
  r('/billing/meV2', 'My Billing (Preview)', 'Billing', B),
  r('/billing/operators', 'Operators Billing', 'Billing', B),
  r('/billing/operatorsV2', 'Operators Billing V2', 'Billing', B),
  r('/billing/brands', 'Brands Billing', 'Billing', B),
  r('/billing/invoices', 'Invoices', 'Billing', B),
  r('/billing/transaction-history', 'Billing Transaction History', 'Billing', B),
  // Withdraw (9)
  r('/withdraw/bank-accounts', 'Bank Accounts', 'Withdraw', { built: true, badge: 'bankAccounts' }),
  r('/withdraw/bank-list', 'Bank List', 'Withdraw', B),
  r('/withdraw/gateways', 'Withdraw Gateways', 'Withdraw', B),
  r('/withdraw/gatewaysV2', 'Withdraw Gateways V2', 'Withdraw', B),
  r('/withdraw/gatewaysV2/:uuid', 'Withdraw Gateway', 'Withdraw', { built: true, parent: '/withdraw/gatewaysV2' }),
  r('/withdraw/list', 'Withdrawals', 'Withdraw', B),
  r('/withdraw/pending', 'Pending Withdrawals', 'Withdraw', { built: true, badge: 'withdraw' }),
  r('/withdraw/treasuries', 'Treasuries', 'Withdraw', B),
  r('/withdraw/affiliate', 'Affiliate Withdrawals', 'Withdraw', B),
  // Deposit (6)
  r('/deposit/gateways', 'Deposit Gateways', 'Deposit', B),
  r('/deposit/gatewaysV2', 'Deposit Gateways V2', 'Deposit', B),
  r('/deposit/gatewaysV2/:uuid', 'Deposit Gateway', 'Deposit', { built: true, parent: '/deposit/gatewaysV2' }),
  r('/deposit/list', 'Deposits', 'Deposit', B),
  r('/deposit/orders', 'Deposit Orders', 'Deposit', B),
  r('/deposit/pending', 'Pending Deposits', 'Deposit', { built: true, badge: 'deposit' }),
  // Bets (4)
  r('/bets', 'Bets', 'Bets', B),
  r('/bets/:id', 'Bet Details', 'Bets', { built: true, parent: '/bets' }),
  r('/betsV2/:betId', 'Quick Bet Details', 'Bets', { built: true, parent: '/quick-bets' }),
  r('/quick-bets', 'Quick Bets', 'Bets', B),
  // Bonus (11)
  r('/bonus', 'Bonus Definitions', 'Bonus', B),
  r('/bonus/list', 'Player Bonuses', 'Bonus', B),
  r('/bonus/claims', 'Bonus Claims', 'Bonus', B),
  r('/bonus/releases', 'Bonus Releases', 'Bonus', B),
  r('/bonus/sport', 'Sport Free Bets', 'Bonus', B),
  r('/bonus/transactions', 'Bonus Transactions', 'Bonus', B),
  r('/bonus/:id', 'Bonus Details', 'Bonus', { parent: '/bonus', built: true }),
  r('/bonus/form', 'Bonus Forms', 'Bonus', B),
  r('/bonus/form/new', 'New Bonus Form', 'Bonus', { parent: '/bonus/form', built: true }),
  r('/bonus/form/requests', 'Bonus Form Requests', 'Bonus', B),
  r('/bonus/form/history', 'Bonus Form History', 'Bonus', B),
  // Tournaments (5)
  r('/tournament/list', 'Tournaments', 'Tournaments', B),
  r('/tournament/new', 'New Tournament', 'Tournaments', { parent: '/tournament/list', built: true }),
  r('/tournament/winners/list', 'Tournament Winners', 'Tournaments', B),
  r('/tournament/winners/:id', 'Tournament Winner', 'Tournaments', { parent: '/tournament/winners/list', built: true }),
  r('/tournament/:id', 'Tournament Details', 'Tournaments', { parent: '/tournament/list', built: true }),
  // Brands and channels (2)
  r('/brands', 'Brands', 'Operators', { built: true, nonAdmin: ['brands_access'] }),
  r('/channels', 'Channels', 'Partners', B),
  // Operators (3)
  r('/operators', 'Operators', 'Operators', B),
  r('/operators/:id', 'Operator Details', 'Operators', { built: true, parent: '/operators' }),
  r('/operators/activities', 'Operator Activities', 'Operators', B),
  // CMS v1 (12)
  r('/cms/operators', 'CMS Operators', 'CMS', B),
  r('/cms/branding', 'Branding', 'CMS', B),
  r('/cms/pages', 'Pages', 'CMS', B),
  r('/cms/blog', 'Blog', 'CMS', B),
  r('/cms/banners', 'Banners', 'CMS', B),
  r('/cms/file-manager', 'File Manager', 'CMS', B),
  r('/cms/template', 'Template', 'CMS', B),
  r('/cms/menus', 'Menus', 'CMS', B),
  r('/cms/modals', 'Modals', 'CMS', B),
  r('/cms/page-types', 'Page Types', 'CMS', B),
  r('/cms/footer', 'Footer', 'CMS', B),
  r('/cms/activities', 'CMS Activities', 'CMS', B),
  // CMS v2 (21)
  r('/cms/v2/branding', 'Branding', 'CMS v2', B),
  r('/cms/v2/theme', 'Theme', 'CMS v2', B),
  r('/cms/v2/sliders', 'Sliders', 'CMS v2', B),
  r('/cms/v2/pages', 'Pages', 'CMS v2', B),
  r('/cms/v2/blog', 'Blog', 'CMS v2', B),
  r('/cms/v2/modals', 'Modals', 'CMS v2', B),
  r('/cms/v2/cards', 'Cards', 'CMS v2', B),
  r('/cms/v2/bonus-cards', 'Bonus Cards', 'CMS v2', B),
  r('/cms/v2/game-cards', 'Game Cards', 'CMS v2', B),
  r('/cms/v2/article', 'Article', 'CMS v2', B),
  r('/cms/v2/login-image', 'Login Image', 'CMS v2', B),
  r('/cms/v2/footer', 'Footer', 'CMS v2', B),
  r('/cms/v2/widgets', 'Widgets', 'CMS v2', B),
  r('/cms/v2/file-manager', 'File Manager', 'CMS v2', B),
  r('/cms/v2/secondary-banner', 'Secondary Banner', 'CMS v2', B),
  r('/cms/v2/promotional-banner', 'Promotional Banner', 'CMS v2', B),
  r('/cms/v2/modals/affiliate', 'Affiliate Modal', 'CMS v2', B),
  r('/cms/v2/modals/affiliate-more', 'Affiliate More Modal', 'CMS v2', B),
  r('/cms/v2/modals/cashback', 'Cashback Modal', 'CMS v2', B),
  r('/cms/v2/modals/cashback-more', 'Cashback More Modal', 'CMS v2', B),
  r('/cms/v2/modals/level-upgrade', 'Level Upgrade Modal', 'CMS v2', B),
  // Settings (16)
  r('/settings', 'Settings', 'Settings', B),
  r('/settings/general', 'General Settings', 'Settings', B),
  r('/settings/dev', 'Dev Settings', 'Settings', B),
  r('/settings/cf-account-v2', 'Cloudflare Accounts', 'Settings', B),
  r('/settings/cf-account-v2/domains', 'Cloudflare Domains', 'Settings', B),
  r('/settings/cf-account-v2/afds', 'Front Door Profiles', 'Settings', B),
  r('/settings/staff-permissions', 'Staff Permissions', 'Settings', B),
  r('/settings/crypto-networks', 'Crypto Networks', 'Settings', B),
  r('/settings/notifications', 'Notifications', 'Settings', B),
  r('/settings/translation', 'Translation', 'Settings', B),
  r('/settings/domains', 'Domains', 'Settings', B),
  r('/settings/login-activitiy', 'Login Activity', 'Settings', B),
  r('/settings/activities', 'Activities', 'Settings', B),
  r('/settings/roles', 'Roles', 'Settings', B),
  r('/settings/admins', 'Admins', 'Settings', B),
  r('/settings/admins/:user_id', 'Admin Details', 'Settings', { parent: '/settings/admins', built: true }),
  // Documents (1)
  r('/documentsV2', 'Documents', 'Documents', { badge: 'kyc', ...B }),
  // Players (5)
  r('/players', 'Players', 'Players', B),
  r('/players/:playerCode', 'Player Details', 'Players', { parent: '/players', nav: false, ...B }),
  r('/players/balances', 'Player Balances', 'Players', B),
  r('/players/usernames', 'Player Usernames', 'Players', { badge: 'playerUsernames', ...B }),
  r('/players/details-activities', 'Player Activities', 'Players', B),
  // Transactions (8)
  r('/transactions/list', 'Transactions', 'Transactions', B),
  r('/transactions/details/:txId', 'Transaction Details', 'Transactions', { built: true, parent: '/transactions/list' }),
  r('/transactions/transactions-activities', 'Transaction Activities', 'Transactions', B),
  r('/transactions/claimed-bonus', 'Claimed Bonuses', 'Transactions', B),
  r('/transactions/affiliate-profit', 'Affiliate Profit', 'Transactions', B),
  r('/transactions/pending-affiliate-profit', 'Pending Affiliate Profit', 'Transactions', { badge: 'affProfit', built: true }),
  r('/transactions/cashback', 'Cashback', 'Transactions', B),
  r('/transactions/pending-cashback', 'Pending Cashback', 'Transactions', { badge: 'cashback', built: true }),
  // Support (6)
  r('/support', 'Support Tickets', 'Support', { badge: 'tickets', built: true }),
  r('/support/:brandId/:ticketId', 'Support Ticket', 'Support', { parent: '/support', built: true }),
  r('/support/activities', 'Support Activities', 'Support', B),
  r('/tech-support', 'Tech Support', 'Support', B),
  r('/tech-support/export-report', 'Export Report', 'Support', B),
  r('/tech-support/servers', 'Servers', 'Support', B),
  // Games (12)
  r('/games', 'Games', 'Games', B),
  r('/games-cms/all-games', 'All Games', 'Games', B),
  r('/games-cms/all-games/:id', 'Game Details', 'Games', { parent: '/games-cms/all-games', built: true }),
  r('/games-cms/operator-games', 'Operator Games', 'Games', B),
  r('/games-cms/operator-games/:id', 'Operator Game Details', 'Games', { parent: '/games-cms/operator-games', built: true }),
  r('/gamesV2', 'Games V2', 'Games', B),
  r('/gamesV2/:id', 'Game Details V2', 'Games', { parent: '/gamesV2', built: true }),
  r('/gamesV2/activities', 'Game Activities', 'Games', B),
  r('/gamesV2/original-providers/list', 'Original Providers', 'Games', B),
  r('/gamesV2/jurisdictions', 'Jurisdictions', 'Games', B),
  r('/gamesV2/categories', 'Game Categories', 'Games', B),
  r('/gamesV2/tags', 'Game Tags', 'Games', B),
  // Other (9)
  r('/exchange-rates', 'Exchange Rates', 'Other', B),
  r('/whats-new', "What's New", 'Other', B),
  r('/whats-new/super-admin', "What's New (Super Admin)", 'Other', B),
  r('/profit-history', 'Profit History', 'Other', B),
  r('/topup/list', 'Top-ups', 'Transactions', B),
  r('/treasury-account', 'Treasury Account', 'Other', B),
  r('/user/profile', 'My Profile', 'Other', B),
  r('/flows', 'Flows', 'Other', B),
  r('/internal-cashback-affiliate-calculator', 'Cashback & Affiliate Calculator', 'Other', B),
] as const satisfies readonly RouteDef[];

/** Every page slug of the route table (a page slug is also a permission key). */
export const PAGE_SLUGS: readonly string[] = [...new Set(ROUTES.map((x) => x.slug))];

export const routeByPath = (path: string): RouteDef | undefined => (ROUTES as readonly RouteDef[]).find((x) => x.path === path);

/**
 * The menu's items (000 §2.1, §6): the built navigation routes, each known by its path (unique;
 * titles repeat between CMS and CMS v2), named by its group and title. A permission's
 * `requiredMenuItems` (002 §3) are keys of this list.
 */
export const MENU_ITEMS: readonly RouteDef[] = (ROUTES as readonly RouteDef[]).filter((x) => x.built && x.nav);
const MENU_ITEM_BY_PATH = new Map(MENU_ITEMS.map((x) => [x.path, x]));
export const isMenuItem = (path: string): boolean => MENU_ITEM_BY_PATH.has(path);
/** A menu item as staff read it: "Operators › Brands"; a key the menu does not hold, as it is. */
export const menuItemLabel = (path: string): string => {
  const x = MENU_ITEM_BY_PATH.get(path);
  return x ? `${x.group} › ${x.title}` : path;
};

/** Every path of the table, as a type: a link or a page registered against another path does not compile. */
export type RoutePath = (typeof ROUTES)[number]['path'];

type ParamNames<P extends string> = P extends `${string}:${infer N}/${infer Rest}` ? N | ParamNames<`/${Rest}`> : P extends `${string}:${infer N}` ? N : never;
/** The parameters of a route path (`/players/:playerCode` → `{ playerCode: string }`). */
export type RouteParams<P extends string> = Record<ParamNames<P>, string>;

/** The table's entry of a path (typed; throws for a path outside the table). */
export function route<P extends RoutePath>(path: P): RouteDef & { readonly path: P } {
  const found = routeByPath(path);
  if (!found) throw new Error(`Route ${path} is not in the route table`);
  return found as RouteDef & { readonly path: P };
}

/**
 * A link to a route of the table: `linkTo('/players/:playerCode', { playerCode }, search)`.
 * The path is checked against the table at compile time and its parameters are required.
 */
export function linkTo<P extends RoutePath>(
  path: P,
  ...args: [ParamNames<P>] extends [never] ? [params?: undefined, search?: string] : [params: RouteParams<P>, search?: string]
): string {
  const [params, search] = args as [Record<string, string> | undefined, string | undefined];
  return buildPath(route(path).path, params ?? {}) + (search ?? '');
}

/** Match a concrete pathname (e.g. `/players/P1001`) to its route, static paths first. */
export function matchRoute(pathname: string): RouteDef | undefined {
  const clean = pathname.replace(/\/+$/, '') || '/';
  const exact = ROUTES.find((x) => x.path === clean);
  if (exact) return exact;
  const parts = clean.split('/');
  return ROUTES.find((x) => {
    const p = x.path.split('/');
    return p.length === parts.length && p.every((seg, i) => seg.startsWith(':') || seg === parts[i]);
  });
}

/** Build a concrete path from a route path and params. */
export const buildPath = (path: string, params: Record<string, string>): string =>
  path.replace(/:([A-Za-z_]+)/g, (_, k: string) => encodeURIComponent(params[k] ?? ''));

/** Paths on which the test-player filter is hidden (000 §2.1). */
export function isTestFilterHidden(pathname: string): boolean {
  if (['/partner-dashboard', '/partners/list', '/marketings'].includes(pathname)) return true;
  if (pathname.includes('/reports/') || pathname.includes('dashboard')) return true;
  if (pathname.includes('affiliate-revenue') || pathname.includes('top-channels') || pathname.includes('top-affiliates')) return true;
  if (pathname.startsWith('/games') || pathname.startsWith('/gamesV2')) return true;
  return false;
}

/**
 * The operator selector is hidden on these paths (000 §2.1); also on `/settings`, the index of the
 * settings pages, whose content depends on no operator.
 */
export function isOperatorSelectorHidden(pathname: string): boolean {
  if (pathname === '/settings' || pathname === '/settings/general') return true;
  if (/^\/settings\/admins\/[^/]+$/.test(pathname)) return true;
  if (/^\/games-cms\/operator-games\/[^/]+$/.test(pathname)) return true;
  if (pathname.startsWith('/games') || pathname.startsWith('/gamesV2')) return true;
  return false;
}

/** The operator selector offers brands only on these paths (000 §2.1). */
export function isBrandsOnlySelector(pathname: string): boolean {
  return pathname.includes('dashboard') || pathname === '/partners/withdraw' || pathname === '/marketings';
}

/**
 * The pages a role starts on, best first. PARTNER: the partner dashboard (chosen as soon as it
 * is built), then the other partner pages; DEV_OPS: the infrastructure pages. A role not listed
 * starts on the first page of its navigation.
 */
export const ROLE_START_PAGES: Readonly<Partial<Record<Role, readonly RoutePath[]>>> = {
  PARTNER: ['/partner-dashboard', '/partners/withdraw', '/marketings', '/channels'],
  DEV_OPS: [
    '/tech-support', '/tech-support/servers', '/tech-support/export-report', '/settings/domains', '/settings/cf-account-v2',
    '/settings/cf-account-v2/domains', '/settings/cf-account-v2/afds', '/settings/crypto-networks', '/settings/dev', '/settings', '/gamesV2',
  ],
};

const opens = (permissions: readonly string[]) => (r: RouteDef) => r.built && permissions.includes(r.slug);

/** The pages of the navigation a user can open (built and permitted), in navigation order. */
export function usablePages(permissions: readonly string[], routes: readonly RouteDef[] = ROUTES): RouteDef[] {
  const open = opens(permissions);
  return NAV_GROUPS.flatMap((g) => routes.filter((r) => r.group === g && r.nav && open(r)));
}

/** The navigation pages a user is permitted that this console does not have yet (an honest summary, not links). */
export function pagesNotBuilt(permissions: readonly string[], routes: readonly RouteDef[] = ROUTES): RouteDef[] {
  return NAV_GROUPS.flatMap((g) => routes.filter((r) => r.group === g && r.nav && !r.built && permissions.includes(r.slug)));
}

/**
 * Where a user lands after signing in: one function of the role and the built routes. A role
 * with start pages lands on the first of them that is built and permitted; any other role on
 * the first page of its navigation. `null`: none of them exists yet — the console's landing
 * page lists what the user can use (never an empty list, never a "no permission" page).
 */
export function landingPath(role: Role, permissions: readonly string[], routes: readonly RouteDef[] = ROUTES): string | null {
  const start = ROLE_START_PAGES[role];
  const open = opens(permissions);
  if (start) return start.find((p) => routes.some((r) => r.path === p && open(r))) ?? null;
  return usablePages(permissions, routes)[0]?.path ?? null;
}
