/**
 * The background jobs (pg-boss queues): one name per kind of work, its payload, and the queue's
 * policy. Recurring jobs re-enqueue themselves (see jobs/index.ts) so they survive restarts as rows.
 */
export interface JobPayloads {
  /** Recurring (PAYMENTS_SWEEP_SECONDS): hands stale provider claims and due provider checks to the jobs below. */
  'payments.sweep': Record<string, never>;
  /** Settle a claim whose provider answer never came: ask the provider by reference, settle as the request would have. */
  'payments.settle-claim': { txId: string; claimId: string };
  /** Ask the provider about an IN_PROGRESS withdrawal it did not answer for; confirm, release or ask again later. */
  'payments.check-withdrawal': { txId: string };
  /** Recurring (TOURNAMENTS_FINALIZE_SECONDS): fix the winners of every tournament that has ended and has none fixed yet. */
  'tournaments.finalize-due': Record<string, never>;
  /** Recurring (BONUSES_EXPIRE_SECONDS): ACTIVE player deposit bonuses whose definition ended become EXPIRED. */
  'bonuses.expire-due': Record<string, never>;
  /** Recurring (ACTIVITY_SIMULATOR_SECONDS): one demo event (registration, deposit order, withdrawal request, ...). */
  'simulator.activity': Record<string, never>;
  /** Recurring (ROLLUP_FOLD_SECONDS): move the transaction roll-ups' pending changes into the roll-ups (db/rollups.ts). */
  'reports.fold-rollups': Record<string, never>;
  /** Recurring (ANALYZE_MINUTES): ANALYZE the tables whose statistics are stale, VACUUM those with many dead row versions (the embedded database runs no autovacuum). */
  'db.analyze': Record<string, never>;
  /** After a role template or permission save: update the existing accounts (a `staff_jobs` row holds what and the progress). */
  'staff.apply-permissions': { jobId: string };
  /** Build the CSV of one export (export_jobs row), reporting its progress on the row. */
  'exports.high-depositors': { exportId: string };
  /** Build the support report of /tech-support/export-report (an export_jobs row of kind SUPPORT_REPORT). */
  'exports.support-report': { exportId: string };
  /** Pay every eligible affiliate of an operator (an affiliate_withdraw_jobs row holds the progress; cancelled between batches). */
  'rewards.affiliate-withdraw': { jobId: string };
  /** Recurring (FLOWS_EVALUATE_SECONDS): run every active flow over its new events (each event once per flow). */
  'flows.evaluate': Record<string, never>;
  /** Invoice every operator of a month (an invoice_runs row holds the progress). */
  'billing.invoice-run': { runId: string };
  /** Add New Domain (V2): the automation of one domain (zone, DNS, rules, Front Door custom domain, route), its progress on the domain row. */
  'infra.domain-automation': { domainId: string };
}
export type JobName = keyof JobPayloads;

export interface QueueSpec {
  /** `stately`: at most one queued and one active job per singleton key (recurring chains, one job per claim). */
  policy: 'standard' | 'stately';
  retryLimit: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  expireInSeconds: number;
  /** How often an idle worker asks for a job (on PGlite each ask is a query on the one connection). */
  pollSeconds: number;
}

export const QUEUES: Record<JobName, QueueSpec> = {
  'payments.sweep': { policy: 'stately', retryLimit: 0, expireInSeconds: 120, pollSeconds: 5 },
  'payments.settle-claim': { policy: 'stately', retryLimit: 8, retryDelay: 15, retryBackoff: true, expireInSeconds: 300, pollSeconds: 2 },
  'payments.check-withdrawal': { policy: 'stately', retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 300, pollSeconds: 5 },
  'tournaments.finalize-due': { policy: 'stately', retryLimit: 0, expireInSeconds: 300, pollSeconds: 5 },
  'bonuses.expire-due': { policy: 'stately', retryLimit: 0, expireInSeconds: 300, pollSeconds: 5 },
  'simulator.activity': { policy: 'stately', retryLimit: 0, expireInSeconds: 120, pollSeconds: 2 },
  'reports.fold-rollups': { policy: 'stately', retryLimit: 0, expireInSeconds: 300, pollSeconds: 2 },
  'db.analyze': { policy: 'stately', retryLimit: 0, expireInSeconds: 600, pollSeconds: 30 },
  'staff.apply-permissions': { policy: 'stately', retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 900, pollSeconds: 2 },
  'exports.high-depositors': { policy: 'stately', retryLimit: 2, retryDelay: 10, retryBackoff: true, expireInSeconds: 900, pollSeconds: 2 },
  'exports.support-report': { policy: 'stately', retryLimit: 2, retryDelay: 10, retryBackoff: true, expireInSeconds: 900, pollSeconds: 2 },
  // A run is resumable and pays each player once per job: an expired run (its process died) runs again and continues; an error ends it FAILED.
  'rewards.affiliate-withdraw': { policy: 'stately', retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 1800, pollSeconds: 2 },
  'flows.evaluate': { policy: 'stately', retryLimit: 0, expireInSeconds: 300, pollSeconds: 5 },
  // A run is resumable: an expired run runs again, skipping the invoices it already wrote.
  'billing.invoice-run': { policy: 'stately', retryLimit: 2, retryDelay: 10, retryBackoff: true, expireInSeconds: 1800, pollSeconds: 2 },
  // A run ends COMPLETED or ERROR on the domain (never throws); an expired run starts again and continues where the row says.
  'infra.domain-automation': { policy: 'stately', retryLimit: 2, retryDelay: 10, retryBackoff: true, expireInSeconds: 600, pollSeconds: 2 },
};

/** The singleton key of a recurring job's next run. */
export const RECURRING_KEY = 'recurring';
