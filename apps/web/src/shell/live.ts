import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ENDPOINTS } from '@pitboss/contract/endpoints';
import { LIVE_FALLBACK_POLL_MS, LIVE_TOPICS, hearsTopic, type LiveEvent, type LiveTopic } from '@pitboss/contract/live';
import { shellKeys } from '../api/shell';
import { txKeys } from '../api/tx-keys';
import { kycKeys } from '../api/kyc';

/*
 * Live updates (packages/contract/src/live.ts): one EventSource per console. An event names a
 * changed record; the console reloads the queries that show it, through the ordinary calls.
 * While the stream is up, the pages it refreshes poll only as a safety net (`usePoll`).
 */

let connected = false;
const listeners = new Set<() => void>();
const setConnected = (v: boolean) => {
  if (connected === v) return;
  connected = v;
  for (const f of listeners) f();
};
const subscribe = (f: () => void) => { listeners.add(f); return () => { listeners.delete(f); }; };

export const useLiveConnected = (): boolean => useSyncExternalStore(subscribe, () => connected);

/** A page's poll interval: its own while no live stream is up, else only the safety net. */
export const usePoll = (ms: number): number => (useLiveConnected() ? Math.max(ms, LIVE_FALLBACK_POLL_MS) : ms);

/** The queries an event of each topic makes stale. */
const STALE: Readonly<Record<LiveTopic, (e: LiveEvent) => readonly (readonly unknown[])[]>> = {
  tickets: (e) => [['support.list'], ['support.get', e.id], [...shellKeys.all, 'badges']],
  // A claim taken or released, or a decision: the lists' "Claimed by" and statuses.
  withdrawals: (e) => [txKeys.lists(), txKeys.detail(e.id), [...shellKeys.all, 'badges']],
  kyc: (e) => [kycKeys.lists(), kycKeys.detail(e.id), [...shellKeys.all, 'badges']],
};

/** Whether the user hears any topic (the server filters again: this only spares a useless connection). */
export const hearsLive = (permissions: readonly string[]): boolean => LIVE_TOPICS.some((t) => hearsTopic(t, (p) => permissions.includes(p)));

/** Keeps the console's stream open while `enabled`; the browser reconnects a dropped stream by itself. */
export function useLiveEvents(enabled: boolean): void {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return undefined;
    const es = new EventSource(ENDPOINTS['shell.events'].path, { withCredentials: true });
    es.onopen = () => setConnected(true);
    es.onerror = () => setConnected(false);
    const onEvent = (m: MessageEvent<string>) => {
      const e = JSON.parse(m.data) as LiveEvent;
      for (const queryKey of STALE[e.topic]?.(e) ?? []) void qc.invalidateQueries({ queryKey });
    };
    for (const t of LIVE_TOPICS) es.addEventListener(t, onEvent as EventListener);
    return () => { es.close(); setConnected(false); };
  }, [enabled, qc]);
}
