import PgBoss from 'pg-boss';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { PgliteBossAdapter } from './pglite-adapter.js';
import { QUEUES, RECURRING_KEY, type JobName, type JobPayloads } from './names.js';
import { registerWorkers } from './workers.js';
import { attachQueue, detachQueue } from './queue.js';

export type { JobName, JobPayloads } from './names.js';

/**
 * The PostgreSQL-backed job queue (pg-boss 10, schema `pgboss`, created and migrated by pg-boss
 * on start; it sits beside the Drizzle migrations and touches none of our tables). Jobs are rows:
 * they survive restarts and run once (a job fetched by a process that dies is retried after it
 * expires). On PGlite the queue shares the one connection with the API, through
 * PgliteBossAdapter; on PostgreSQL it has its own small pool. No job holds a transaction across
 * an outside call (see modules/payments/claims.ts).
 *
 * Recurring jobs (the provider sweep, the demo activity simulator) re-enqueue their next run when
 * they start (startAfter = the interval, singleton key "recurring", queue policy `stately`: one
 * queued and one running at most), and start() makes sure a next run is queued.
 */
export interface JobsOptions {
  /** Worker polling interval in seconds for every queue (default: each queue's own, QUEUES in names.ts). */
  pollSeconds?: number;
  log?: { info(msg: string): void; error(msg: string): void };
}

export interface Jobs {
  readonly boss: PgBoss;
  send<N extends JobName>(name: N, data: JobPayloads[N], options?: PgBoss.SendOptions): Promise<string | null>;
  /** Queue the next run of a recurring job in `seconds` (no-op when one is queued already). */
  recur(name: JobName, seconds: number): Promise<string | null>;
  work<N extends JobName>(name: N, handler: (data: JobPayloads[N], job: PgBoss.Job<JobPayloads[N]>) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quiet = { info: () => {}, error: () => {} };

export async function startJobs(database: Database, config: Config, opts: JobsOptions = {}): Promise<Jobs> {
  const log = opts.log ?? quiet;
  let adapter: PgliteBossAdapter | null = null;
  let boss: PgBoss;
  if (database.kind === 'pglite') {
    if (!database.pglite) throw new Error('The job queue needs the PGlite instance.');
    adapter = new PgliteBossAdapter(database.pglite);
    boss = new PgBoss({ db: adapter, schedule: false });
  } else {
    if (!database.url) throw new Error('The job queue needs the PostgreSQL URL.');
    boss = new PgBoss({ connectionString: database.url, max: 3, application_name: 'pitboss-jobs', schedule: false });
  }
  boss.on('error', (e: Error) => log.error(`job queue: ${e.message}`));
  await boss.start();
  for (const [name, { pollSeconds: _poll, ...spec }] of Object.entries(QUEUES)) {
    if (await boss.getQueue(name)) await boss.updateQueue(name, { name, ...spec });
    else await boss.createQueue(name, { name, ...spec });
  }

  let stopping = false;
  let active = 0;
  const jobs: Jobs = {
    boss,
    send: (name, data, options = {}) => boss.send(name, data as object, options),
    recur: (name, seconds) => boss.send(name, {}, { singletonKey: RECURRING_KEY, startAfter: Math.max(1, Math.round(seconds)) }),
    async work(name, handler) {
      const pollingIntervalSeconds = opts.pollSeconds ?? QUEUES[name].pollSeconds;
      await boss.work<JobPayloads[typeof name]>(name, { pollingIntervalSeconds }, async ([job]) => {
        if (!job) return;
        if (stopping) throw new Error('The job queue is stopping; the job runs again later.');
        active++;
        try {
          await handler(job.data, job);
        } catch (e) {
          log.error(`job ${name} ${job.id} failed: ${(e as Error).message}`);
          throw e;
        } finally {
          active--;
        }
      });
    },
    async stop() {
      if (stopping) return;
      stopping = true;
      detachQueue(database.db);
      await boss.stop({ graceful: true, wait: true, timeout: 10_000, close: true });
      // A fetch under way when stop began may still hand a job over: let it finish (or refuse it).
      const deadline = Date.now() + 10_000;
      while (active > 0 && Date.now() < deadline) await sleep(50);
      await sleep(50);
      adapter?.close();
    },
  };
  await registerWorkers(jobs, database.db, config, log);
  attachQueue(database.db, jobs);
  return jobs;
}
