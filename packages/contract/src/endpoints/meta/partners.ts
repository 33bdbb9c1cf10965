import { LIST, anyOf, ep, optionalRecord, record, withRoles } from '../define.js';

/** The partner setup (wizard, settings, partner users) needs SUPER_ADMIN or ADMIN (000 §4). */
const SETUP = withRoles(['partners_list'], ['SUPER_ADMIN', 'ADMIN']);
/**
 * A decision on a partner withdrawal (001 §6): the withdraw page and the approve or the reject
 * permission by the request's actionType (anything else asks for reject).
 */
/**
 * Which staff member acted (their e-mail) is staff's, not the partner's: answers name them to
 * every role but PARTNER (the spec's partner history item and channel have no actor).
 */
const STAFF_NAMES = { exceptRoles: ['PARTNER'] } as const;
const DECISION = {
  anyOf: ['partners_withdraw'],
  byField: { field: 'actionType', keys: { confirm: 'transactions_withdraw_approve', reject: 'transactions_withdraw_reject' }, otherwise: 'transactions_withdraw_reject' },
} as const;

/**
 * Partners (000 §3–§5, §7; 001 §3–§7): the partner list and settings, the wizard's brand step,
 * the partner's balance and withdrawals, channels and the partner dashboard. A partner's
 * records are scoped by the partner operator: a PARTNER user reaches their own only.
 */
export const PARTNERS = {
  'partners.list': ep({
    method: 'POST', path: '/api/partners/list', tag: 'partners',
    summary: 'Partners by name with their parent operator, settings and staff accounts (designed: the spec shows no list call)',
    access: anyOf('partners_list'), scope: LIST,
  }),
  'partners.createBrand': ep({
    method: 'POST', path: '/api/operators/brands/new/v3', tag: 'partners',
    summary: 'Partner wizard step 1: a new operator of kind PARTNER under an ACTIVE parent operator, with its domain and the new-partner settings (inactive, each value 1)',
    access: SETUP, scope: record('operator', 'parentOpId'), audit: 'PARTNER_CREATE', invalidates: 'operators',
  }),
  'partners.settings': ep({
    method: 'POST', path: '/api/partners/settings', tag: 'partners',
    summary: "Save a partner's settings (wizard step 3, Edit Partner): active, fees and shares 1–100 %, minimum withdraw in USD",
    access: SETUP, scope: record('operator', 'opId'), audit: 'PARTNER_SETTINGS_UPDATE',
  }),
  'partners.deleteAffiliate': ep({
    method: 'POST', path: '/api/affiliates/delete', tag: 'partners',
    summary: "Delete a partner's staff account (role PARTNER; type-to-confirm with its e-mail); its sessions end at once",
    access: SETUP, scope: record('user', 'adminId'), audit: 'AFFILIATE_DELETE', invalidates: 'user',
  }),
  'partners.activePlayers': ep({
    method: 'POST', path: '/api/reports/affiliate/active-players', tag: 'partners',
    summary: "A partner's active players (activity in the last 30 days), with their count",
    access: anyOf('partners_list', 'partner_dashboard'), scope: record('operator', 'opId'),
  }),
  'partners.balance': ep({
    method: 'POST', path: '/api/partners/balance', tag: 'partners',
    summary: "A partner's balance (USD, from the ledger), what pending requests hold, and the minimum withdraw (designed)",
    access: anyOf('partners_withdraw', 'partner_dashboard'), scope: record('operator', 'opId'),
  }),
  'partners.withdrawRequest': ep({
    method: 'POST', path: '/api/partners/transactions/withdraw-balance', tag: 'partners',
    summary: 'A partner requests a withdrawal of their balance in USDT on TRON: the amount is held from the balance at once',
    access: withRoles(['partners_withdraw'], ['PARTNER']), scope: record('operator', 'opId'), money: true, audit: 'PARTNER_WITHDRAW_REQUEST',
  }),
  'partners.withdrawHistory': ep({
    method: 'POST', path: '/api/partners/transactions/withdraw-history', tag: 'partners',
    summary: 'Partner withdraw requests, newest first: a partner sees theirs, staff every partner in their scope (status filter)',
    access: anyOf('partners_withdraw', 'partner_dashboard'), scope: LIST,
    // Who decided (staff e-mails) is staff's, not the partner's.
    fieldAccess: { 'items[].confirmedBy': STAFF_NAMES, 'items[].rejectedBy': STAFF_NAMES },
  }),
  'partners.withdrawDecision': ep({
    method: 'PUT', path: '/api/partners/transactions/withdraw', tag: 'partners',
    summary: 'Confirm or reject a PENDING partner withdrawal with a note shown to the partner; rejecting returns the amount to the partner balance',
    access: DECISION, scope: record('partnerWithdrawal', 'txId'), money: true, audit: ['PARTNER_WITHDRAW_CONFIRM', 'PARTNER_WITHDRAW_REJECT'],
  }),
  'partners.channelsList': ep({
    method: 'POST', path: '/api/partners/channels/list', tag: 'partners',
    summary: "Partner channels with their tracking links and the players each brought (designed: the spec shows no list call)",
    access: anyOf('channels', 'marketings', 'partner_dashboard'), scope: LIST,
    fieldAccess: { 'items[].createdBy': STAFF_NAMES },
  }),
  'partners.channelCreate': ep({
    method: 'POST', path: '/api/partners/channels', tag: 'partners',
    summary: "A new channel of a partner (SUPER_ADMIN and ADMIN choose the partner; a partner creates their own)",
    access: withRoles(['channels'], ['SUPER_ADMIN', 'ADMIN', 'PARTNER']), scope: optionalRecord('operator', 'opId'), audit: 'CHANNEL_CREATE',
  }),
  'partners.dashboard': ep({
    method: 'POST', path: '/api/partners/dashboard', tag: 'partners',
    summary: "A partner's registered players, first-time depositors, deposits, active players and their profit over a period, against the period before",
    access: anyOf('partner_dashboard'), scope: record('operator', 'opId'),
  }),
} as const;
