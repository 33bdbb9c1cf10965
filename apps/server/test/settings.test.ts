import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@pitboss/contract';
import { DEMO_PASSWORD } from '../src/db/seed.js';
import { makeTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
  // A few attempts: successes, a wrong password of a known user and an unknown email.
  await t.call('POST', '/api/auth/login', { body: { email: 'superadmin@demo.local', password: DEMO_PASSWORD } });
  await t.call('POST', '/api/auth/login', { body: { email: 'brand.admin@demo.local', password: 'wrong' } });
  await t.call('POST', '/api/auth/login', { body: { email: 'nobody@demo.local', password: 'wrong' } });
  await t.cookie('operator.admin@demo.local');
});
afterAll(async () => { await t.close(); });

type Row = { email: string; success: boolean; reason: string | null; opId: string | null };
const list = async (as: Parameters<TestApp['cookie']>[0], body: Record<string, unknown> = {}) => t.call('POST', '/api/settings/login-activity/list', { as, body });

describe('POST /api/settings/login-activity/list', () => {
  it('shows every attempt to a super admin, with the reason of failures', async () => {
    const res = await list('admin@demo.local', { limit: 100 });
    expect(res.statusCode).toBe(200);
    const items = res.json().data.items as Row[];
    expect(items.some((x) => x.email === 'nobody@demo.local' && !x.success && x.reason === 'WRONG_CREDENTIALS')).toBe(true);
    expect(items.some((x) => x.email === 'brand.admin@demo.local' && !x.success)).toBe(true);
    expect(items.some((x) => x.email === 'superadmin@demo.local' && x.success)).toBe(true);
  });

  it('shows an operator admin only the accounts of its operator and brands', async () => {
    const res = await list('operator.admin@demo.local', { limit: 100 });
    expect(res.statusCode).toBe(200);
    const items = res.json().data.items as Row[];
    expect(items.length).toBeGreaterThan(0);
    for (const x of items) expect(['op-alpha', 'alpha-bet', 'alpha-casino', 'alpha-partner']).toContain(x.opId);
    expect(items.some((x) => x.email === 'brand.admin@demo.local')).toBe(true);
    expect(items.some((x) => x.email === 'nobody@demo.local' || x.email === 'superadmin@demo.local')).toBe(false);
  });

  it('filters by success and email prefix', async () => {
    const res = await list('admin@demo.local', { success: 'false', email: 'brand.' });
    const items = res.json().data.items as Row[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((x) => !x.success && x.email.startsWith('brand.'))).toBe(true);
  });

  it('is denied without the page permission, 404 for another operator, 400 on bad input', async () => {
    for (const who of ['operator.manager@demo.local', 'devops@demo.local', 'partner@demo.local'] as const) {
      const res = await list(who);
      expect(res.statusCode, who).toBe(403);
      expect(res.json().messages).toEqual([MSG.NO_PERMISSION]);
    }
    expect((await list('operator.admin@demo.local', { opId: 'op-bravo' })).statusCode).toBe(404);
    const bad = await list('admin@demo.local', { success: 'maybe' });
    expect(bad.statusCode).toBe(400);
  });
});
