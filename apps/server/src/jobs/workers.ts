import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { maintainTables } from '../db/maintenance.js';
import { foldTxRollups } from '../db/rollups.js';
import { checkWithdrawal, configureProviderChecks, dueProviderWork, recoverClaim } from '../modules/payments/claims.js';
import { simulateOnce } from '../modules/simulator/activity.js';
import { runStaffJob, unfinishedStaffJobs } from '../modules/staff/jobs.js';
import { queuedExports, runHighDepositors } from '../modules/exports/high-depositors.js';
import { queuedSupportReports, runSupportReport } from '../modules/tech-support/report.js';
import { runAffiliateJob, runningAffiliateJobs } from '../modules/rewards/affiliate-jobs.js';
import { finalizeDue } from '../modules/tournaments/service.js';
import { runInvoiceRun, unfinishedRuns } from '../modules/billing/runs.js';
import { expireDepositBonuses } from '../modules/bonuses/expiry.js';
import { evaluateFlows } from '../modules/flows/service.js';
import { runAutomation, unfinishedAutomations } from '../modules/infra/service.js';
import type { Jobs } from './index.js';

/** Every worker of the process, registered in one place, and the first run of each recurring job. */
export async function registerWorkers(jobs: Jobs, db: Db, config: Config, log: { info(msg: string): void; error(msg: string): void }): Promise<void> {
  configureProviderChecks(config.PAYMENTS_CHECK_SECONDS);

  // A recurring job queues its next run first (a failing run does not end the series).
  await jobs.work('payments.sweep', async () => {
    await jobs.recur('payments.sweep', config.PAYMENTS_SWEEP_SECONDS);
    const due = await dueProviderWork(db, config.PAYMENTS_CLAIM_STALE_SECONDS);
    for (const c of due.claims) await jobs.send('payments.settle-claim', c, { singletonKey: c.claimId });
    for (const txId of due.checks) await jobs.send('payments.check-withdrawal', { txId }, { singletonKey: txId });
    if (due.claims.length || due.checks.length) log.info(`payments sweep: ${due.claims.length} claim(s) to settle, ${due.checks.length} provider check(s)`);
  });

  await jobs.work('payments.settle-claim', async ({ txId, claimId }) => {
    const r = await recoverClaim(db, txId, claimId);
    log.info(`payments settle-claim ${txId}: ${r}`);
  });

  await jobs.work('payments.check-withdrawal', async ({ txId }) => {
    const r = await checkWithdrawal(db, txId);
    log.info(`payments check-withdrawal ${txId}: ${r}`);
  });

  // Accounts updated after a role or permission save; saves made while no queue ran (or cut short) are handed over now.
  await jobs.work('staff.apply-permissions', async ({ jobId }) => {
    log.info(`staff job ${jobId}: ${await runStaffJob(db, jobId)}`);
  });
  for (const jobId of await unfinishedStaffJobs(db)) await jobs.send('staff.apply-permissions', { jobId }, { singletonKey: jobId });
  // Background exports; those recorded while no queue ran (or whose job was lost) are queued again.
  await jobs.work('exports.high-depositors', async ({ exportId }) => {
    const r = await runHighDepositors(db, exportId);
    if (r.startsWith('failed')) log.error(`export ${exportId}: ${r}`);
    else log.info(`export ${exportId}: ${r}`);
  });
  for (const exportId of await queuedExports(db)) await jobs.send('exports.high-depositors', { exportId }, { singletonKey: exportId });
  await jobs.work('exports.support-report', async ({ exportId }) => {
    const r = await runSupportReport(db, exportId);
    if (r.startsWith('failed')) log.error(`support report ${exportId}: ${r}`);
    else log.info(`support report ${exportId}: ${r}`);
  });
  for (const exportId of await queuedSupportReports(db)) await jobs.send('exports.support-report', { exportId }, { singletonKey: exportId });

  // Add-domain automations; those left in progress (no queue ran, or a process died) continue.
  await jobs.work('infra.domain-automation', async ({ domainId }) => {
    await runAutomation(db, domainId);
    log.info(`domain automation ${domainId}: done`);
  });
  for (const domainId of await unfinishedAutomations(db)) await jobs.send('infra.domain-automation', { domainId }, { singletonKey: domainId });

  // Affiliate withdraw jobs; those left RUNNING by a stopped process resume (each player is paid once per job).
  await jobs.work('rewards.affiliate-withdraw', async ({ jobId }) => {
    const r = await runAffiliateJob(db, jobId);
    if (r.startsWith('failed')) log.error(`affiliate withdraw job ${jobId}: ${r}`);
    else log.info(`affiliate withdraw job ${jobId}: ${r}`);
  });
  for (const jobId of await runningAffiliateJobs(db)) await jobs.send('rewards.affiliate-withdraw', { jobId }, { singletonKey: jobId });

  // Invoice runs (every operator of a month); those recorded while no queue ran are queued now.
  await jobs.work('billing.invoice-run', async ({ runId }) => {
    const r = await runInvoiceRun(db, runId);
    if (r.startsWith('failed')) log.error(`invoice run ${runId}: ${r}`);
    else log.info(`invoice run ${runId}: ${r}`);
  });
  for (const runId of await unfinishedRuns(db)) await jobs.send('billing.invoice-run', { runId }, { singletonKey: runId });

  // Tournament winners are fixed at the end by this sweep, without anyone reading the tournament
  // (finalizeOne is idempotent: a racing read or a second process fixes nothing twice).
  await jobs.work('tournaments.finalize-due', async () => {
    await jobs.recur('tournaments.finalize-due', config.TOURNAMENTS_FINALIZE_SECONDS);
    const fixed = await finalizeDue(db, null);
    if (fixed.length) log.info(`tournament winners fixed: ${fixed.join(', ')}`);
  });

  // Deposit bonuses whose definition ended expire (one conditional update from ACTIVE: idempotent).
  await jobs.work('bonuses.expire-due', async () => {
    await jobs.recur('bonuses.expire-due', config.BONUSES_EXPIRE_SECONDS);
    const expired = await expireDepositBonuses(db);
    if (expired.length) log.info(`deposit bonuses expired: ${expired.length}`);
  });

  // Flows run over new events, each event once per flow (a unique run row), outside any money transaction.
  await jobs.work('flows.evaluate', async () => {
    await jobs.recur('flows.evaluate', config.FLOWS_EVALUATE_SECONDS);
    const ran = await evaluateFlows(db);
    const n = Object.values(ran).reduce((a, b) => a + b, 0);
    if (n) log.info(`flows ran on ${n} event(s)`);
  });

  // The transaction roll-ups' pending changes, folded (one process at a time; the totals count them either way).
  await jobs.work('reports.fold-rollups', async () => {
    await jobs.recur('reports.fold-rollups', config.ROLLUP_FOLD_SECONDS);
    await foldTxRollups(db);
  });

  // The first runs (a restart finds the queued ones and adds nothing).
  await jobs.recur('payments.sweep', Math.min(5, config.PAYMENTS_SWEEP_SECONDS));
  await jobs.recur('tournaments.finalize-due', Math.min(5, config.TOURNAMENTS_FINALIZE_SECONDS));
  await jobs.recur('bonuses.expire-due', Math.min(5, config.BONUSES_EXPIRE_SECONDS));
  await jobs.recur('flows.evaluate', Math.min(5, config.FLOWS_EVALUATE_SECONDS));
  await jobs.recur('reports.fold-rollups', config.ROLLUP_FOLD_SECONDS);

  // Planner statistics of the tables that changed, and the dead row versions of those updated (cheap when none did).
  if (config.ANALYZE_MINUTES > 0) {
    await jobs.work('db.analyze', async () => {
      await jobs.recur('db.analyze', config.ANALYZE_MINUTES * 60);
      const { analyzed, vacuumed } = await maintainTables(db);
      if (vacuumed.length) log.info(`vacuumed ${vacuumed.join(', ')}`);
      if (analyzed.length) log.info(`analyzed ${analyzed.join(', ')}`);
    });
    await jobs.recur('db.analyze', config.ANALYZE_MINUTES * 60);
  } else {
    await jobs.boss.purgeQueue('db.analyze');
  }

  // The demo's activity simulator: only when turned on; turned off, nothing of it stays queued.
  const every = config.ACTIVITY_SIMULATOR_SECONDS;
  if (every > 0) {
    await jobs.work('simulator.activity', async () => {
      await jobs.recur('simulator.activity', every);
      const r = await simulateOnce(db);
      if (r) log.info(`simulated ${r.event} ${r.ref}`);
    });
    await jobs.recur('simulator.activity', every);
  } else {
    await jobs.boss.purgeQueue('simulator.activity');
  }
}
