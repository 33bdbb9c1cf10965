/**
 * The running job queue of a database, for work a request hands over after its commit (a
 * handler cannot hold the queue itself: it starts after the API). A request on a process whose
 * queue is not running leaves its work to the rows it wrote, which the next start hands over
 * (see `staff.apply-permissions` in workers.ts).
 */
import type { Db } from '../db/client.js';
import type { JobName, JobPayloads } from './names.js';

interface Sender { send<N extends JobName>(name: N, data: JobPayloads[N], options?: { singletonKey?: string }): Promise<string | null> }

const running = new WeakMap<Db, Sender>();

export const attachQueue = (db: Db, jobs: Sender) => { running.set(db, jobs); };
export const detachQueue = (db: Db) => { running.delete(db); };

/** Queue a job on this database's running queue; false when none runs in this process. */
export async function enqueue<N extends JobName>(db: Db, name: N, data: JobPayloads[N], singletonKey?: string): Promise<boolean> {
  const q = running.get(db);
  if (!q) return false;
  await q.send(name, data, singletonKey ? { singletonKey } : {});
  return true;
}
