/**
 * Live updates (server-sent events): the console keeps one `EventSource` on `GET /api/events`
 * and, when an event of a topic arrives, reloads what shows that topic (the support queue, a
 * ticket, the badges) instead of waiting for its poll. An endpoint of the table declares the
 * topic it changes (`live`); the platform announces every successful call of it to every
 * process, and each process passes an event on only to the signed-in staff who hold the
 * topic's permission and the record's operator. The event names the record, never its content:
 * the console reads the content through the ordinary, scoped calls.
 */
export const LIVE_TOPICS = ['tickets', 'withdrawals', 'kyc'] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

/** The permissions (any one) a staff member needs to receive a topic's events (the pages that show it). */
export const LIVE_TOPIC_PERMISSION: Readonly<Record<LiveTopic, readonly string[]>> = {
  tickets: ['support'],
  /** Claims and decisions of withdrawals: the withdrawals list and the pending queue show who holds each. */
  withdrawals: ['withdraw_pending', 'withdraw_list'],
  /** Claims and decisions of KYC documents (the documents page). */
  kyc: ['documentsV2'],
};

/** Whether someone holding `has` hears the topic. */
export const hearsTopic = (topic: LiveTopic, has: (permission: string) => boolean): boolean => LIVE_TOPIC_PERMISSION[topic].some(has);

export interface LiveEvent {
  readonly topic: LiveTopic;
  /** The endpoint whose call changed the record (`support.reply`). */
  readonly endpoint: string;
  /** The record's id. */
  readonly id: string;
  /** The record's operator (or brand): who may hear of it. */
  readonly opId: string;
}

/** How long a browser waits before reconnecting a dropped stream (the `retry:` field). */
export const LIVE_RETRY_MS = 5_000;
/** A comment line this often keeps proxies from closing an idle stream. */
export const LIVE_HEARTBEAT_MS = 25_000;
/** While the stream is up, the pages it refreshes poll only this rarely (a safety net). */
export const LIVE_FALLBACK_POLL_MS = 60_000;
