import { createContext, useContext } from 'react';

/**
 * Queue mode of a list's detail drawer: after a decision on the open record, `advance()` moves
 * the drawer to the next record still waiting for a decision on the page (or the previous one
 * when it was the last; closes when none is left) instead of staying on the handled record.
 */
export interface DrawerQueue {
  advance: () => void;
}
export const DrawerQueueContext = createContext<DrawerQueue | null>(null);
/** The open drawer's queue, or null outside a queue-mode list. */
export const useDrawerQueue = () => useContext(DrawerQueueContext);

/** The record to open after `current` was decided: the next pending row, else the previous pending one. */
export function nextInQueue<T>(rows: readonly T[], key: (r: T) => string, current: string, isPending: (r: T) => boolean): string | undefined {
  const i = rows.findIndex((r) => key(r) === current);
  const after = rows.slice(i + 1).find((r) => isPending(r));
  if (after) return key(after);
  const before = [...rows.slice(0, Math.max(i, 0))].reverse().find((r) => isPending(r) && key(r) !== current);
  return before ? key(before) : undefined;
}
