import { GLOBAL, LIST, anyOf, ep, forNonAdmins, record, withRoles } from '../define.js';

const SUPER = ['SUPER_ADMIN', 'ADMIN'] as const;
const NETWORKS = 'settings_crypto_networks';

/**
 * Crypto networks (000 §2.3, §3, §5, §7, §8): platform-wide infrastructure (no operator). The
 * list answers the keys masked (SUPER_ADMIN, ADMIN, DEV_OPS); the full keys and their change are
 * SUPER_ADMIN's and ADMIN's (the Edit Crypto Network drawer). The activity keeps counts and the
 * last 4 characters of the keys, never a key.
 */
export const CRYPTO_NETWORKS_ENDPOINTS = {
  'cryptoNetworks.list': ep({
    method: 'GET', path: '/api/settings/crypto-networks', tag: 'settings',
    summary: 'The crypto networks with their explorer API keys masked to the last 4 characters (designed)',
    access: anyOf(NETWORKS), scope: GLOBAL,
  }),
  'cryptoNetworks.get': ep({
    method: 'GET', path: '/api/settings/crypto-networks/:networkName', tag: 'settings',
    summary: 'One crypto network with its full explorer API keys, for the Edit Crypto Network drawer (designed)',
    access: withRoles([NETWORKS], SUPER), scope: GLOBAL,
  }),
  'cryptoNetworks.update': ep({
    method: 'PUT', path: '/api/settings/crypto-networks', tag: 'settings',
    summary: 'Edit Crypto Network: the whole list of explorer API keys (non-blank, no whitespace, unique) — "Crypto Network updated!"',
    access: withRoles([NETWORKS], SUPER), scope: GLOBAL, audit: 'CRYPTO_NETWORK_UPDATE',
  }),
} as const;

const WHATS_NEW_EDIT = withRoles(['whats_new_super_admin'], ['SUPER_ADMIN']);

/** What's New (designed): the reader's published notes with their unread mark; the SUPER_ADMIN editor. Notes are platform-wide. */
export const WHATS_NEW_ENDPOINTS = {
  'whatsNew.list': ep({
    method: 'GET', path: '/api/whats-new', tag: 'whats-new',
    summary: "The published release notes of the reader's role, newest first, each marked unread when published after the reader's last visit",
    access: anyOf('whats_new'), scope: GLOBAL,
  }),
  'whatsNew.unread': ep({
    method: 'GET', path: '/api/whats-new/unread', tag: 'shell',
    summary: "How many published notes of the reader's role are unread (the top bar's badge)",
    access: anyOf('whats_new'), scope: GLOBAL,
  }),
  'whatsNew.markRead': ep({
    method: 'POST', path: '/api/whats-new/read', tag: 'whats-new',
    summary: "Mark every note read for the reader (their own last-read time; no activity: it changes no one else's data)",
    access: anyOf('whats_new'), scope: GLOBAL,
  }),
  'whatsNew.adminList': ep({
    method: 'GET', path: '/api/whats-new/super-admin', tag: 'whats-new',
    summary: 'Every release note, drafts included, newest first (SUPER_ADMIN)',
    access: WHATS_NEW_EDIT, scope: GLOBAL,
  }),
  'whatsNew.create': ep({
    method: 'POST', path: '/api/whats-new/super-admin', tag: 'whats-new',
    summary: 'Create a release note as a draft (SUPER_ADMIN)',
    access: WHATS_NEW_EDIT, scope: GLOBAL, audit: 'RELEASE_NOTE_CREATE',
  }),
  'whatsNew.update': ep({
    method: 'PUT', path: '/api/whats-new/super-admin', tag: 'whats-new',
    summary: 'Edit a release note (SUPER_ADMIN)',
    access: WHATS_NEW_EDIT, scope: GLOBAL, audit: 'RELEASE_NOTE_UPDATE',
  }),
  'whatsNew.publish': ep({
    method: 'PUT', path: '/api/whats-new/super-admin/publish', tag: 'whats-new',
    summary: 'Publish a release note (readers see it, unread) or move it back to draft (SUPER_ADMIN)',
    access: WHATS_NEW_EDIT, scope: GLOBAL, audit: ['RELEASE_NOTE_PUBLISH', 'RELEASE_NOTE_UNPUBLISH'],
  }),
  'whatsNew.delete': ep({
    method: 'DELETE', path: '/api/whats-new/super-admin', tag: 'whats-new',
    summary: 'Delete a release note (SUPER_ADMIN)',
    access: WHATS_NEW_EDIT, scope: GLOBAL, audit: 'RELEASE_NOTE_DELETE',
  }),
} as const;

/** Creating, editing, switching and deleting flows: the page and, for operator staff, `flows_manage` (OPERATOR_ADMIN's template holds it). */
const FLOWS_MANAGE = forNonAdmins(['flows'], ['flows_manage']);

/** Flows (002 §2, §3, §7 POST /api/flows/delete; the rest designed). */
export const FLOWS_ENDPOINTS = {
  'flows.list': ep({
    method: 'POST', path: '/api/flows/list', tag: 'flows',
    summary: 'The flows of the selected operators, the newest first (trigger, active, name); keyset cursor (designed)',
    access: anyOf('flows'), scope: LIST,
  }),
  'flows.create': ep({
    method: 'POST', path: '/api/flows', tag: 'flows',
    summary: 'Create a flow of an operator: trigger, conditions, action, active (designed)',
    access: FLOWS_MANAGE, scope: record('operator', 'opId'), audit: 'FLOW_CREATE',
  }),
  'flows.update': ep({
    method: 'PUT', path: '/api/flows', tag: 'flows',
    summary: 'Edit a flow (switching it on again runs it over events from then on) (designed)',
    access: FLOWS_MANAGE, scope: record('flow', 'flowId'), audit: 'FLOW_UPDATE',
  }),
  'flows.setActive': ep({
    method: 'PUT', path: '/api/flows/active', tag: 'flows',
    summary: 'Switch a flow on or off (designed)',
    access: FLOWS_MANAGE, scope: record('flow', 'flowId'), audit: ['FLOW_ACTIVATE', 'FLOW_DEACTIVATE'],
  }),
  'flows.delete': ep({
    method: 'POST', path: '/api/flows/delete', tag: 'flows',
    summary: 'Delete a flow with its run history (002 §7: flowId)',
    access: FLOWS_MANAGE, scope: record('flow', 'flowId'), audit: 'FLOW_DELETE',
  }),
  'flows.runs': ep({
    method: 'POST', path: '/api/flows/runs', tag: 'flows',
    summary: "A flow's run history, the newest first: the event, the player, what the action did (designed)",
    access: anyOf('flows'), scope: record('flow', 'flowId'),
  }),
} as const;

/** Treasury Account (designed): read-only, by operator. */
export const TREASURY_ACCOUNT_ENDPOINTS = {
  'treasuryAccount.summary': ep({
    method: 'POST', path: '/api/treasury-account/summary', tag: 'treasury-account',
    summary: "The operators' treasury wallets: balance in its currency and in USD, the total in USD, and the daily balance over 7, 30 or 90 days",
    access: anyOf('treasury_account'), scope: LIST,
  }),
  'treasuryAccount.movements': ep({
    method: 'POST', path: '/api/treasury-account/movements', tag: 'treasury-account',
    summary: 'The movements of the treasury wallets (top-ups, payouts), the newest first; keyset cursor',
    access: anyOf('treasury_account'), scope: LIST,
  }),
} as const;
