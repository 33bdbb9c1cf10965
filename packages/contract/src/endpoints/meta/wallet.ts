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
    method: 'POST', path: '/api/player/wallet/topup', tag: 'wallet', summary: 'Top up or reduce a player\'s MAIN wallet within the operator\'s daily limit',
    access: TOPUP, scope: record('player', 'playerCode'), audit: ['WALLET_TOPUP_INCREASE', 'WALLET_TOPUP_DECREASE'], money: true,
  }),
  'wallet.topupBonus': ep({
    method: 'POST', path: '/api/player/wallet/topup-bonus', tag: 'wallet', summary: 'Top up or reduce a player\'s BONUS wallet (USD, within ±100,000,000)',
    access: TOPUP, scope: record('player', 'playerCode'), audit: 'WALLET_TOPUP_BONUS', money: true,
  }),
  'wallet.topupList': ep({
    method: 'POST', path: '/api/topup/list', tag: 'wallet', summary: 'Manual top-ups (MAIN and bonus), newest first',
    access: anyOf('topup_list'), scope: LIST,
  }),
} as const;
