// Kept apart from transactions.ts so the shell's live updates (shell/live.ts) can name the
// transactions' queries without loading the payment messages and schemas.

/** Query-key factory of the transactions resource (deposit/withdraw lists share it). */
export const txKeys = {
  all: ['transactions'] as const,
  lists: () => [...txKeys.all, 'list'] as const,
  list: (params: object) => [...txKeys.lists(), params] as const,
  totals: (params: object) => [...txKeys.all, 'totals', params] as const,
  details: () => [...txKeys.all, 'detail'] as const,
  detail: (txId: string) => [...txKeys.details(), txId] as const,
  tomaniGateways: (opId: string) => [...txKeys.all, 'tomani-gateways', opId] as const,
  orderStatus: (txId: string) => [...txKeys.all, 'order-status', txId] as const,
};
