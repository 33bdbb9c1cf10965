import { LIST, anyOf, ep, optionalRecord, record, rolesExcept, withRoles } from '../define.js';

const BANK_ACCOUNTS = 'withdraw_bank_accounts';
const BANK_LIST = 'withdraw_bank_list';
const TREASURIES = 'withdraw_treasuries';
const SUPER = ['SUPER_ADMIN', 'ADMIN'] as const;
/** Role review: OPERATOR_MANAGER reads the payment configuration (gateways, banks) but does not change it. */
const CONFIG_ROLES = rolesExcept('OPERATOR_MANAGER');

/** The gateway pages of each direction (V1 and V2 read the same gateways). */
const DEPOSIT_GATEWAY_PAGES = ['deposit_gateways', 'deposit_gatewaysV2'] as const;
const WITHDRAW_GATEWAY_PAGES = ['withdraw_gateways', 'withdraw_gatewaysV2'] as const;
const ANY_GATEWAY_PAGE = [...DEPOSIT_GATEWAY_PAGES, ...WITHDRAW_GATEWAY_PAGES];
/** A page of the gateway's direction: the requested one (list) or the found gateway's (detail, edit). */
const byDirection = (from: 'request' | 'record') =>
  ({ field: 'direction', in: from, keys: { DEPOSIT: DEPOSIT_GATEWAY_PAGES, WITHDRAW: WITHDRAW_GATEWAY_PAGES }, otherwise: ANY_GATEWAY_PAGE }) as const;

/**
 * Banking (000 §3-5, 001 §3-7): players' bank accounts, the bank list, deposit and withdraw
 * gateways, treasuries (the Utopia wallet) and Convert Player Balance.
 */
export const BANKING = {
  'banking.bankAccountsList': ep({
    method: 'POST', path: '/api/paymentsV2/withdraw/bank-accounts/list', tag: 'banking', summary: 'Players\' bank accounts, duplicated cards and IBANs flagged, newest first',
    access: anyOf(BANK_ACCOUNTS), scope: LIST,
  }),
  'banking.bankAccountGet': ep({
    method: 'GET', path: '/api/paymentsV2/withdraw/bank-accounts/:uuid', tag: 'banking', summary: 'One bank account',
    access: anyOf(BANK_ACCOUNTS), scope: record('bankAccount', 'uuid', 'params'),
  }),
  'banking.bankAccountReveal': ep({
    method: 'POST', path: '/api/paymentsV2/withdraw/bank-accounts/reveal', tag: 'banking',
    summary: 'The full card number, IBAN and account number of one bank account (shown masked elsewhere); the reason is logged',
    access: anyOf(BANK_ACCOUNTS), scope: record('bankAccount', 'uuid'), audit: 'BANK_ACCOUNT_REVEAL', secret: true,
  }),
  'banking.bankAccountDecide': ep({
    method: 'PUT', path: '/api/paymentsV2/withdraw/bank-accounts', tag: 'banking', summary: 'Approve or reject a bank account (a decided one only with redo_bank_account_actions)',
    access: {
      anyOf: [BANK_ACCOUNTS],
      byField: { field: 'status', in: 'record', keys: { approved: 'redo_bank_account_actions', rejected: 'redo_bank_account_actions' }, otherwise: BANK_ACCOUNTS },
    },
    scope: record('bankAccount', 'uuid'),
    audit: ['BANK_ACCOUNT_APPROVE', 'BANK_ACCOUNT_REJECT', 'BANK_ACCOUNT_REDO_APPROVE', 'BANK_ACCOUNT_REDO_REJECT'],
  }),

  'banking.banksList': ep({
    method: 'POST', path: '/api/banks/list', tag: 'banking', summary: 'The banks players can choose, per operator',
    access: anyOf(BANK_LIST), scope: LIST,
  }),
  'banking.bankCreate': ep({
    method: 'POST', path: '/api/banks', tag: 'banking', summary: 'New Bank: key unique per operator, names in the operator\'s languages',
    access: withRoles([BANK_LIST], CONFIG_ROLES), scope: record('operator', 'opId'), audit: 'BANK_CREATE',
  }),
  'banking.bankUpdate': ep({
    method: 'PUT', path: '/api/banks', tag: 'banking', summary: 'Edit Bank',
    access: withRoles([BANK_LIST], CONFIG_ROLES), scope: record('bank', 'uuid'), audit: 'BANK_UPDATE',
  }),
  'banking.bankDelete': ep({
    method: 'DELETE', path: '/api/banks', tag: 'banking', summary: 'Delete a bank',
    access: withRoles([BANK_LIST], CONFIG_ROLES), scope: record('bank', 'uuid', 'query'), audit: 'BANK_DELETE',
  }),

  'banking.gatewaysList': ep({
    method: 'POST', path: '/api/paymentsV2/gateways/list', tag: 'banking', summary: 'Deposit or withdraw gateways (V1 and V2 pages)',
    access: { anyOf: ANY_GATEWAY_PAGE, byField: byDirection('request') }, scope: LIST,
  }),
  'banking.gatewayGet': ep({
    method: 'GET', path: '/api/paymentsV2/gateways/:uuid', tag: 'banking', summary: 'One gateway',
    access: { anyOf: ANY_GATEWAY_PAGE, byField: byDirection('record') }, scope: record('gateway', 'uuid', 'params'),
  }),
  'banking.gatewayUpdate': ep({
    method: 'PUT', path: '/api/paymentsV2/gateways/:uuid', tag: 'banking', summary: 'Edit a gateway: title, currencies, limits (USD), fee, state, order',
    access: { anyOf: ANY_GATEWAY_PAGE, roles: CONFIG_ROLES, byField: byDirection('record') }, scope: record('gateway', 'uuid', 'params'), audit: 'GATEWAY_UPDATE',
  }),
  'banking.depositGatewayDelete': ep({
    method: 'DELETE', path: '/api/paymentsV2/deposit', tag: 'banking', summary: 'Delete a deposit gateway (soft)',
    access: withRoles(DEPOSIT_GATEWAY_PAGES, CONFIG_ROLES), scope: record('gateway', 'uuid'), audit: 'GATEWAY_DELETE',
  }),
  'banking.withdrawGatewayDelete': ep({
    method: 'DELETE', path: '/api/paymentsV2/withdraw', tag: 'banking', summary: 'Delete a withdraw gateway (soft)',
    access: withRoles(WITHDRAW_GATEWAY_PAGES, CONFIG_ROLES), scope: record('gateway', 'uuid'), audit: 'GATEWAY_DELETE',
  }),
  'banking.depositExchangeRates': ep({
    method: 'POST', path: '/api/paymentsV2/deposit/exchange-rates', tag: 'banking', summary: 'Rates between the player\'s wallet currencies and a deposit gateway\'s currencies',
    access: anyOf(...DEPOSIT_GATEWAY_PAGES), scope: optionalRecord('gateway', 'gatewayUuid'),
  }),
  'banking.depositTestSettings': ep({
    method: 'POST', path: '/api/paymentsV2/deposit/test-settings', tag: 'banking', summary: 'Test Your Settings: fee, amount after fee, USD value and the gateway limits',
    access: anyOf(...DEPOSIT_GATEWAY_PAGES), scope: record('gateway', 'gatewayUuid'),
  }),

  'banking.treasuriesList': ep({
    method: 'POST', path: '/api/paymentsV2/treasuries/list', tag: 'banking', summary: 'Treasury balances (the Utopia wallet and others)',
    access: anyOf(TREASURIES), scope: LIST,
  }),
  'banking.utopiaTopup': ep({
    method: 'POST', path: '/api/paymentsV2/withdraw/utopia/wallet/topup', tag: 'banking', summary: 'Top up the Utopia wallet with a voucher (redeemed once)',
    access: withRoles([TREASURIES], SUPER), scope: record('treasury', 'uuid'), audit: 'UTOPIA_WALLET_TOPUP', money: true,
  }),
  'banking.utopiaWithdraw': ep({
    method: 'POST', path: '/api/paymentsV2/withdraw/utopia/wallet/withdraw', tag: 'banking', summary: 'Withdraw from the Utopia wallet, at most its balance',
    access: withRoles([TREASURIES], SUPER), scope: record('treasury', 'uuid'), audit: 'UTOPIA_WALLET_WITHDRAW', money: true,
  }),
  'banking.utopiaTransactions': ep({
    method: 'POST', path: '/api/paymentsV2/withdraw/utopia/wallet/transactions', tag: 'banking', summary: 'The Utopia wallet\'s movements, newest first',
    access: anyOf(TREASURIES), scope: record('treasury', 'uuid'),
  }),

  'banking.walletConvert': ep({
    method: 'POST', path: '/api/player/wallet/convert', tag: 'banking', summary: 'Convert Player Balance: a whole MAIN wallet into another of the player\'s currencies',
    access: withRoles(['players'], SUPER), scope: record('player', 'playerId'), audit: 'WALLET_CONVERT', money: true,
  }),
} as const;
