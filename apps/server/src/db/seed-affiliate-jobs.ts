import type { Db } from './client.js';
import { affiliateWithdrawJobs } from './schema.js';
import { runAffiliateJob } from '../modules/rewards/affiliate-jobs.js';

/**
 * Demo affiliate withdraw jobs (/withdraw/affiliate): one run over the brand Charlie Luck, paid
 * through the same code as a started job (its withdrawals, ledger entries and activities are
 * real), so the page shows a finished job and what it paid. The other operators' affiliates keep
 * their profit for a job started from the console.
 */
export async function seedAffiliateWithdrawJob(db: Db): Promise<void> {
  const [j] = await db.insert(affiliateWithdrawJobs).values({ opId: 'charlie-luck', startedBy: 'admin@demo.local' }).returning({ id: affiliateWithdrawJobs.id });
  const r = await runAffiliateJob(db, j!.id);
  if (r.startsWith('failed')) throw new Error(`seeding the affiliate withdraw job: ${r}`);
}
