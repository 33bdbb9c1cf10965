import { LIST, anyOf, ep, record, withRoles } from '../define.js';

/** The transaction lists' extra filters of SUPER_ADMIN and ADMIN (000 §6, 001 §6): the operator ID. */
export const TX_SUPER_FILTERS = ['operatorId'] as const;

/** The list reads one page permission per transaction type; the operator ID filter is for super roles. */
const BY_TYPE = {
  anyOf: ['transactions_list', 'deposit_list', 'withdraw_list'],
  byField: { field: 'transactionType', keys: { DEPOSIT: 'deposit_list', WITHDRAW: 'withdraw_list' }, otherwise: 'transactions_list' },
  superFields: TX_SUPER_FILTERS,
} as const;

/**
 * Who sees a withdrawal's full destination: a withdraw page and the approve permission (those
 * who pay it out), whatever the request holds (a field rule with no keys asks for `otherwise`).
 */
const DESTINATION_REVEAL = { anyOf: ['withdraw_list', 'withdraw_pending'], byField: { field: 'txId', keys: {}, otherwise: 'transactions_withdraw_approve' } } as const;

/** Transactions (001 §2, §7): the one list behind the transactions, deposit and withdraw pages. */
export const TRANSACTIONS = {
  'transactions.list': ep({
    method: 'POST', path: '/api/transactions/list', tag: 'transactions', summary: 'Transactions (also the deposit and withdraw lists with a type filter); keyset cursor, no total count',
    access: BY_TYPE, scope: LIST,
  }),
  'transactions.total': ep({
    method: 'POST', path: '/api/transactions/total', tag: 'transactions', summary: 'Totals of the filtered transactions by status and currency, in USD',
    access: BY_TYPE, scope: LIST,
  }),
  'transactions.depositTotal': ep({
    method: 'POST', path: '/api/transactions/deposit/total-amount', tag: 'transactions', summary: 'Totals of the filtered deposits',
    access: { ...anyOf('deposit_list'), superFields: TX_SUPER_FILTERS }, scope: LIST,
  }),
  'transactions.details': ep({
    method: 'GET', path: '/api/transactions/details/:txId', tag: 'transactions', summary: 'One transaction with its provider calls',
    access: anyOf('transactions_list', 'deposit_list', 'withdraw_list'), scope: record('transaction', 'txId', 'params'),
  }),
  'transactions.destinationReveal': ep({
    method: 'POST', path: '/api/transactionsV2/withdraw/destination/reveal', tag: 'transactions',
    summary: 'The full card number, IBAN or account number of a withdrawal\'s destination (masked in every other answer); the reason is logged',
    access: DESTINATION_REVEAL, scope: record('transaction', 'txId'), audit: 'WITHDRAW_DESTINATION_REVEAL', secret: true,
  }),
  'transactions.delete': ep({
    method: 'DELETE', path: '/api/transactionsV2', tag: 'transactions', summary: 'Soft-delete a transaction that is not confirmed or in progress (never moves money)',
    access: withRoles(['transactions_list'], ['SUPER_ADMIN', 'ADMIN']), scope: record('transaction', 'txId'), audit: 'TRANSACTION_DELETE',
  }),
} as const;
