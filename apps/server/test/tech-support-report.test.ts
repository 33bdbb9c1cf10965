import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_MESSAGES, MSG, SUPPORT_REPORT_COLUMNS, SUPPORT_REPORT_MESSAGES } from '@pitboss/contract';
import { providerCalls } from '../src/db/schema.js';
import { makeApp, until, DEVOPS } from './support.js';
import type { TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => { t = await makeApp({ jobs: true }); });
afterAll(async () => { await t.close(); });


describe('support report export', () => {
  it('runs as a background job with progress, then offers its CSV of the failed outside-system calls', async () => {
    await t.database.db.insert(providerCalls).values([
      { txId: null, provider: 'jb', action: 'withdraw', request: {}, outcome: 'TIMEOUT', response: { description: 'Provider call failed: socket hang up' } },
      { txId: null, provider: 'jb', action: 'withdraw', request: {}, outcome: 'SUCCESS', response: {} },
      { txId: null, provider: 'jb', action: 'deposit', request: {}, outcome: 'FAILED', response: { description: 'Refused by the provider' } },
      { txId: null, provider: 'jb', action: 'withdraw', request: {}, outcome: 'NEEDS_FORCE', response: { description: 'Needs force' } },
    ]);
    const res = await t.call('POST', '/api/dev/support-report', { as: DEVOPS, body: { hours: 24 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().messages).toEqual([EXPORT_MESSAGES.QUEUED]);
    const id = res.json().data.exportId as string;
    expect((await t.lastActivity())).toMatchObject({ action: 'EXPORT_SUPPORT_REPORT', targetId: id });
    const done = await until('the report finished', async () => (await t.call('GET', `/api/dev/support-report/${id}`, { as: DEVOPS })).json().data,
      (d) => d.status === 'DONE' || d.status === 'FAILED');
    expect(done).toMatchObject({ status: 'DONE', progress: 100, kind: 'SUPPORT_REPORT', downloadUrl: `/api/dev/support-report/${id}/file` });
    const file = await t.call('GET', done.downloadUrl, { as: DEVOPS });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    const lines = file.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe(SUPPORT_REPORT_COLUMNS.join(','));
    expect(file.body).toContain('payments:jb,withdraw,TIMEOUT,Provider call failed: socket hang up');
    expect(file.body).not.toContain(',SUCCESS,');
    expect(file.body).toContain('payments:jb,deposit,FAILED,Refused by the provider');
    expect(file.body).toContain('payments:jb,withdraw,NEEDS_FORCE,Needs force');
    expect(lines.length - 1).toBe(done.rows);
    // The same calls the systems page counts as failures in the window (one definition, FAILED_CALL_OUTCOMES).
    const sys = (await t.call('GET', '/api/dev/systems', { as: DEVOPS })).json().data;
    const failures = sys.systems.filter((x: { kind: string }) => x.kind === 'PAYMENT_PROVIDER').reduce((n: number, x: { failures: number }) => n + x.failures, 0);
    expect(failures).toBe(done.rows);
  });

  it('hours out of range are refused with the message; operator staff are refused; an unknown report is 404', async () => {
    for (const hours of [0, 721, 1.5]) {
      const bad = await t.call('POST', '/api/dev/support-report', { as: DEVOPS, body: { hours } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().messages).toEqual([SUPPORT_REPORT_MESSAGES.HOURS]);
    }
    const denied = await t.call('POST', '/api/dev/support-report', { as: 'operator.admin@demo.local', body: { hours: 24 } });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().messages).toEqual([MSG.NO_PERMISSION]);
    const none = await t.call('GET', '/api/dev/support-report/00000000-0000-4000-8000-000000000000', { as: DEVOPS });
    expect(none.statusCode).toBe(404);
  });
});
