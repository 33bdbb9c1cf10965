import { LIST, anyOf, ep, record } from '../define.js';

/** The pending-withdrawals page: every withdraw call below needs it. */
const WITHDRAW_PAGE = 'withdraw_pending';
/** Component permissions of the withdraw pages. */
const APPROVE = 'transactions_withdraw_approve';
const REJECT = 'transactions_withdraw_reject';

/** The decision field chooses the approve or the reject permission (anything else asks for reject), besides the page. */
const BY_STATUS = { anyOf: [WITHDRAW_PAGE], byField: { field: 'status', keys: { APPROVE, REJECT }, otherwise: REJECT } } as const;
const BY_ACTION_TYPE = { anyOf: [WITHDRAW_PAGE], byField: { field: 'actionType', keys: { confirm: APPROVE, reject: REJECT }, otherwise: REJECT } } as const;
/**
 * The page and the approve permission, whatever the request holds: a field rule with no keys
 * always asks for `otherwise`, in addition to the page.
 */
const APPROVER = { anyOf: [WITHDRAW_PAGE], byField: { field: 'txId', keys: {}, otherwise: APPROVE } } as const;
/** The page and either decision permission: who may decide a withdrawal may claim it (a viewer never blocks a decider). */
const DECIDER = { anyOf: [WITHDRAW_PAGE], byField: { field: 'txId', keys: {}, otherwise: [APPROVE, REJECT] } } as const;
/**
 * Approve and reject are decisions on a claimed withdrawal (claims.ts): refused while someone else
 * holds it, releasing it once done. They and the claim call announce the `withdrawals` live topic,
 * so the lists' "Claimed by" and statuses follow other staff at once.
 */
const DECISION = { kind: 'withdrawal' } as const;

/** Any of the deposit pages. */
const DEPOSIT_PAGES = anyOf('deposit_orders', 'deposit_pending', 'deposit_list');

/**
 * The activities of a call sent to a payment provider (claim → call → settle): `<A>_SENT` when
 * claimed, then `<A>` (done, or in progress after a timeout) or `<A>_NEEDS_FORCE` / `<A>_FAILED`
 * when the provider refused.
 */
const sentToProvider = <const A extends string>(a: A) => [`${a}_SENT`, a, `${a}_NEEDS_FORCE`, `${a}_FAILED`] as const;

/**
 * Withdraw approvals and deposit orders (001 §4, §7). Every call that moves money, or asks a
 * provider to, is a money call (Idempotency-Key required). The transaction is found within the
 * caller's operators (404 otherwise) before the handler runs.
 */
export const PAYMENTS = {
  'payments.withdrawInProgress': ep({
    method: 'PUT', path: '/api/transactionsV2/withdraw/in-progress', tag: 'payments',
    summary: 'Settle an in-progress withdrawal (the money is at the provider): APPROVE confirms it, REJECT refunds what it holds',
    access: BY_STATUS, scope: record('transaction', 'txId'), money: true,
    audit: ['WITHDRAW_IN_PROGRESS_APPROVE', 'WITHDRAW_IN_PROGRESS_REJECT'],
    claim: DECISION, live: 'withdrawals',
  }),
  'payments.withdrawJbForce': ep({
    method: 'PUT', path: '/api/transactionsV2/withdraw/jb/force', tag: 'payments',
    summary: 'Force-approve a JB withdrawal the provider held (status 0 with canForce)',
    access: APPROVER, scope: record('transaction', 'txId'), money: true,
    audit: sentToProvider('WITHDRAW_FORCE_CONFIRM'),
    claim: DECISION, live: 'withdrawals',
  }),
  'payments.tomaniGateways': ep({
    method: 'GET', path: '/api/transactionsV2/withdraw/tomani/gateways', tag: 'payments',
    summary: "Active Tomani withdraw gateways of one of the caller's operators (step 0 of the Tomani dialog)",
    access: anyOf(WITHDRAW_PAGE), scope: LIST,
  }),
  'payments.withdrawTomani': ep({
    method: 'PUT', path: '/api/transactionsV2/withdraw/tomani', tag: 'payments',
    summary: 'Confirm a Tomani withdrawal through a chosen gateway (withForce after status 0 with canForce)',
    access: APPROVER, scope: record('transaction', 'txId'), money: true,
    audit: [...sentToProvider('WITHDRAW_TOMANI_CONFIRM'), ...sentToProvider('WITHDRAW_TOMANI_FORCE_CONFIRM'), 'WITHDRAW_FIRST_APPROVAL'],
    claim: DECISION, live: 'withdrawals',
  }),
  'payments.withdraw': ep({
    method: 'PUT', path: '/api/transactionsV2/withdraw', tag: 'payments',
    summary: 'Confirm (by hand: no automation) or reject a withdrawal of a provider without a suffix (Witcher; Tomani reject)',
    access: BY_ACTION_TYPE, scope: record('transaction', 'txId'), money: true,
    audit: ['WITHDRAW_CONFIRM_MANUAL', 'WITHDRAW_REJECT', 'WITHDRAW_FIRST_APPROVAL'],
    claim: DECISION, live: 'withdrawals',
  }),
  'payments.withdrawProvider': ep({
    method: 'PUT', path: '/api/transactionsV2/withdraw/:suffix', tag: 'payments',
    summary: 'Confirm a pending withdrawal with its provider, or reject it and refund what it holds (one route for every provider suffix)',
    access: BY_ACTION_TYPE, scope: record('transaction', 'txId'), money: true,
    audit: [...sentToProvider('WITHDRAW_CONFIRM'), 'WITHDRAW_REJECT', 'WITHDRAW_FIRST_APPROVAL'],
    claim: DECISION, live: 'withdrawals',
  }),
  'payments.withdrawClaim': ep({
    method: 'POST', path: '/api/transactionsV2/withdraw/claim', tag: 'payments',
    summary: 'Claim (or renew) or release a withdrawal being decided; held by someone else: 409 with their claim; a claim expires when its holder is idle (designed)',
    access: DECIDER, scope: record('transaction', 'txId'), audit: ['WITHDRAW_CLAIM', 'WITHDRAW_RELEASE'], live: 'withdrawals',
  }),
  'payments.resend': ep({
    method: 'POST', path: '/api/transactionsV2/withdraw/resend', tag: 'payments',
    summary: 'Re-send a pending or in-progress withdrawal to its gateway; a provider that reports it paid settles it',
    access: APPROVER, scope: record('transaction', 'txId'), money: true,
    audit: ['WITHDRAW_RESEND_SENT', 'WITHDRAW_RESEND'],
  }),
  'payments.cpgResend': ep({
    method: 'POST', path: '/api/transactionsV2/withdraw/cpg/resend', tag: 'payments',
    summary: 'Re-send a pending or in-progress card-gateway (cpg) withdrawal',
    access: APPROVER, scope: record('transaction', 'txId'), money: true,
    audit: ['WITHDRAW_RESEND_SENT', 'WITHDRAW_RESEND'],
  }),
  'payments.depositVerify': ep({
    method: 'POST', path: '/api/transactionsV2/deposit/verify', tag: 'payments',
    summary: 'Verify a pending deposit with its provider: paid → confirmed and the MAIN wallet credited once',
    access: DEPOSIT_PAGES, scope: record('transaction', 'txId'), money: true,
    audit: ['DEPOSIT_VERIFY_SENT', 'DEPOSIT_VERIFY', 'DEPOSIT_VERIFY_FAILED', 'DEPOSIT_VERIFY_TIMEOUT', 'DEPOSIT_VERIFY_NEEDS_FORCE'],
  }),
  'payments.depositReject': ep({
    method: 'POST', path: '/api/transactionsV2/deposit/reject-deposit-order', tag: 'payments',
    summary: 'Reject a pending deposit order with a reason (no money moves)',
    access: DEPOSIT_PAGES, scope: record('transaction', 'txId'), money: true,
    audit: 'DEPOSIT_ORDER_REJECT',
  }),
  'payments.orderStatus': ep({
    method: 'POST', path: '/api/deposit/orders/status', tag: 'payments',
    summary: "The Order Status dialog: the deposit, the provider's current view of the order, and whether Confirm is offered",
    access: DEPOSIT_PAGES, scope: record('transaction', 'txId'),
  }),
} as const;
