import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext } from 'playwright-core';
import { AFFILIATE_WITHDRAW_MESSAGES } from '@pitboss/contract';
import { login, openBrowser, type Session } from './browser.js';

let s: Session;
let api: APIRequestContext;
beforeAll(async () => {
  s = await openBrowser();
  await login(s.page, 'operator.admin@demo.local', null);
  api = s.context.request;
});
afterAll(async () => { await s?.close(); });

const post = async (url: string, data: unknown) => (await (await api.post(url, { data })).json()).data;

describe('affiliate withdrawals', () => {
  it('starts a job from /withdraw/affiliate through the confirmation, follows its progress to the end and lists what it paid', async () => {
    const op = 'alpha-casino';
    await s.page.goto(`/withdraw/affiliate?opId=${op}`);
    const panel = s.page.getByRole('region', { name: 'Affiliate withdraw jobs' });
    const startButton = panel.getByRole('button', { name: 'Start affiliate withdraw' });
    await startButton.waitFor({ timeout: 15_000 });
    await startButton.click();
    const dialog = s.page.getByRole('dialog', { name: AFFILIATE_WITHDRAW_MESSAGES.START_TITLE });
    await dialog.getByRole('button', { name: 'Start' }).click();
    await expect.poll(() => s.page.getByText(AFFILIATE_WITHDRAW_MESSAGES.JOB_STARTED).count()).toBeGreaterThan(0);

    // The job runs on the server's queue; the panel reads it again until it is done.
    const row = panel.getByTestId('affiliate-job-row').first();
    await expect.poll(() => row.getByText('Done', { exact: true }).count(), { timeout: 30_000 }).toBe(1);
    const jobs = (await post('/api/reports/affiliate/withdraw-jobs/list', { opId: op, limit: 1 })).items as { jobId: string; status: string; paidPlayers: number; totalPlayers: number }[];
    expect(jobs[0]).toMatchObject({ status: 'DONE' });
    expect(jobs[0]!.paidPlayers).toBe(jobs[0]!.totalPlayers);
    expect(jobs[0]!.paidPlayers).toBeGreaterThan(0);
    await expect.poll(() => row.getByText(`${jobs[0]!.paidPlayers} of ${jobs[0]!.totalPlayers}`).count()).toBe(1);

    // The withdrawals the job paid are in the list, with who paid them.
    const paid = (await post('/api/reports/affiliate/withdrawals/list', { opId: op, jobId: jobs[0]!.jobId, limit: 100 })).items as { playerCode: string }[];
    expect(paid).toHaveLength(jobs[0]!.paidPlayers);
    const table = s.page.getByRole('table', { name: 'Affiliate withdrawals' });
    await expect.poll(() => table.getByText(`(${paid[0]!.playerCode})`, { exact: false }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => table.getByText('operator.admin@demo.local (job)').count()).toBeGreaterThan(0);
  });
});
