import { LIST, anyOf, ep, record, withRoles } from '../define.js';

/** Manual top-ups are for SUPER_ADMIN and ADMIN holding the top-up page (001 §5). */
const TOPUP = withRoles(['topup_list'], ['SUPER_ADMIN', 'ADMIN']);

/** Wallet (001 §4-5): the Topup Player and Bonus Topup dialogs, and the top-up list. */
export const WALLET = {
  'wallet.topupInfo': ep({
    method: 'POST', path: '/api/player/wallet/topup/info', tag: 'wallet', summary: 'What the Topup Player dialog shows: the operator\'s currencies, daily limit and today\'s total',
    access: TOPUP, scope: record('player', 'playerCode'),
  }),
  'wallet.topup': ep({
    method: 'POST', path: '/api/player/wallet/topup', tag: 'wallet', summary: 'Top up or reduce a player\'s MAIN wallet within the operator\'s daily limit; above the four-eyes threshold it records a first approval awaiting a second staff member',
    access: TOPUP, scope: record('player', 'playerCode'), audit: ['WALLET_TOPUP_INCREASE', 'WALLET_TOPUP_DECREASE', 'TOPUP_FIRST_APPROVAL'], money: true,
  }),
  'wallet.topupBonus': ep({
    method: 'POST', path: '/api/player/wallet/topup-bonus', tag: 'wallet', summary: 'Top up or reduce a player\'s BONUS wallet (USD, within ±100,000,000)',
    access: TOPUP, scope: record('player', 'playerCode'), audit: 'WALLET_TOPUP_BONUS', money: true,
  }),
  'wallet.topupApprovals': ep({
    method: 'POST', path: '/api/player/wallet/topup/approvals/list', tag: 'wallet',
    summary: 'Manual top-ups above the four-eyes threshold: awaiting second approval (view pending) or all (designed)',
    access: anyOf('topup_list'), scope: LIST,
  }),
  'wallet.topupApprovalDecision': ep({
    method: 'PUT', path: '/api/player/wallet/topup/approvals', tag: 'wallet',
    summary: 'Second approval (APPROVE: a different staff member; the top-up is applied once) or rejection of a pending top-up (designed)',
    access: TOPUP, scope: record('fourEyesApproval', 'approvalId'), audit: ['TOPUP_SECOND_APPROVAL', 'TOPUP_APPROVAL_REJECT'], money: true,
  }),
  'wallet.topupList': ep({
    method: 'POST', path: '/api/topup/list', tag: 'wallet', summary: 'Manual top-ups (MAIN and bonus), newest first',
    access: anyOf('topup_list'), scope: LIST,
  }),
} as const;
