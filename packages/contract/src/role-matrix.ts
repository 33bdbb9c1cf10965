/**
 * What each role may do by default, by area: every cell is an endpoint of the table evaluated
 * with the role's default permission template (DEFAULT_ROLE_PERMISSIONS) and the endpoint's own
 * access rule — the same check the server makes. The README prints it; a unit test keeps the
 * README's copy equal to it.
 */
import { ENDPOINTS, accessAllows, type EndpointName } from './endpoints/index.js';
import { DEFAULT_ROLE_PERMISSIONS } from './permissions.js';
import { ROLES, ROLE_LABELS, type Role } from './roles.js';

interface Area { label: string; endpoint?: EndpointName; request?: Record<string, unknown>; keys?: readonly string[] }

export const ROLE_MATRIX_AREAS: readonly Area[] = [
  { label: 'Players: list and details', endpoint: 'players.list' },
  { label: 'Player wallet, top-ups, conversion', endpoint: 'wallet.topup' },
  { label: 'Player panels (bonus, affiliate, cashback), high depositors export', endpoint: 'reports.bonusSummary' },
  { label: 'KYC: approve / reject', endpoint: 'kyc.update', request: { action: 'approve' } },
  { label: 'KYC: edit details', endpoint: 'kyc.update', request: { action: 'edit' } },
  { label: 'Transactions: list', endpoint: 'transactions.list' },
  { label: 'Withdrawals: approve / reject', keys: ['transactions_withdraw_approve', 'transactions_withdraw_reject'] },
  { label: 'Withdrawal destinations: show full numbers', endpoint: 'transactions.destinationReveal' },
  { label: 'Cashback and bonus approvals', endpoint: 'rewards.cashbackDecision' },
  { label: 'Profit history (every player\'s affiliate profit and cashback)', endpoint: 'reports.profitHistory' },
  { label: 'Affiliate withdraw approvals', endpoint: 'rewards.affiliateWithdrawDecision' },
  { label: 'Bulk affiliate payouts (withdraw jobs): start, cancel', endpoint: 'rewards.affiliateWithdrawJobStart' },
  { label: 'Bonus forms: create, delete', endpoint: 'bonus.formCreate' },
  { label: 'Bonus form requests: approve (Topup Player) / reject', endpoint: 'bonus.requestDecision' },
  { label: 'Bank accounts: approve / reject', endpoint: 'banking.bankAccountDecide' },
  { label: 'Payment configuration: view', endpoint: 'banking.gatewaysList', request: { direction: 'DEPOSIT' } },
  { label: 'Payment configuration: change (gateways, banks)', endpoint: 'banking.bankCreate' },
  { label: 'Activity and login logs', endpoint: 'settings.loginActivity' },
  { label: 'Staff accounts: create, block, role, migrate', endpoint: 'staff.create' },
  { label: 'Role templates: change', endpoint: 'staff.roleSave' },
  { label: 'Permission catalogue: change', endpoint: 'staff.permissionSave' },
  { label: 'Operators and brands: list and details', endpoint: 'operators.list' },
  { label: 'Operators: activate, deactivate, transform', endpoint: 'operators.transform' },
  { label: 'Infrastructure (domains, Cloudflare, tech support)', keys: ['settings_domains', 'settings_cf_account_v2', 'tech_support'] },
  { label: 'Partner console', keys: ['partner_dashboard', 'partners_withdraw'] },
  { label: 'Partner setup (wizard, settings, partner users)', endpoint: 'partners.createBrand' },
  { label: 'Partner withdraw approvals', endpoint: 'partners.withdrawDecision', request: { actionType: 'confirm' } },
  { label: 'Tournaments and winners: list and details', endpoint: 'tournaments.list' },
  { label: 'Tournaments: create, delete', endpoint: 'tournaments.create' },
  { label: 'Tournament winners: pay or reject prizes', endpoint: 'tournaments.payout' },
  { label: 'Deposit bonus definitions and player bonuses: list and details', endpoint: 'bonusDefs.list' },
  { label: 'Deposit bonus definitions: create, edit, clone, delete', endpoint: 'bonusDefs.create' },
  { label: 'Sport free bet templates and applied free bets: list and details', endpoint: 'sport.templates' },
  { label: 'Sport free bets: grant to a player', endpoint: 'sport.grant' },
  { label: 'Bonus releases and their report: list and details', endpoint: 'bonusReleases.list' },
  { label: 'Bonus releases: create, edit, clone, delete', endpoint: 'bonusReleases.create' },
  { label: "Operator games (an operator's own games): list and details", endpoint: 'games.operatorList' },
  { label: 'Operator games: order and status', endpoint: 'games.operatorUpdate' },
  { label: 'Games catalogue: edit games, categories, tags, jurisdictions, providers', endpoint: 'games.update' },
  { label: 'Games: enable or disable for operators (Enable Operators, by aggregator)', endpoint: 'games.cmsEnableAggregator' },
  { label: 'Own profile, password, two-factor, sessions', endpoint: 'profile.twoFactorConfirm' },
  { label: 'Staff two-factor reset and sessions', endpoint: 'staff.reset2fa' },
  { label: "Operator's two-factor rule", endpoint: 'operators.setTwoFactorRule' },
  { label: 'Crypto networks: list (keys masked)', endpoint: 'cryptoNetworks.list' },
  { label: 'Crypto networks: full keys, edit', endpoint: 'cryptoNetworks.update' },
  { label: "What's New: read", endpoint: 'whatsNew.list' },
  { label: "What's New: write and publish notes", endpoint: 'whatsNew.create' },
  { label: 'Flows and their runs: list', endpoint: 'flows.list' },
  { label: 'Flows: create, edit, switch, delete', endpoint: 'flows.create' },
  { label: 'Treasury Account', endpoint: 'treasuryAccount.summary' },
];

/** Whether `role`'s default template allows the area. */
export function roleMayDefault(role: Role, area: Area): boolean {
  const perms = DEFAULT_ROLE_PERMISSIONS[role];
  if (area.endpoint) return accessAllows(ENDPOINTS[area.endpoint].access, { role, has: (k) => perms.includes(k) }, { request: area.request ?? {} });
  return (area.keys ?? []).every((k) => perms.includes(k));
}

/** The matrix as a Markdown table. */
export function roleMatrixMarkdown(): string {
  const head = `| area | ${ROLES.map((r) => ROLE_LABELS[r]).join(' | ')} |`;
  const sep = `|---|${ROLES.map(() => ':-:').join('|')}|`;
  const rows = ROLE_MATRIX_AREAS.map((a) => `| ${a.label} | ${ROLES.map((r) => (roleMayDefault(r, a) ? '✓' : '')).join(' | ')} |`);
  return [head, sep, ...rows].join('\n');
}
