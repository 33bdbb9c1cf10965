import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@pitboss/contract';
import { DEMO_LOGINS, DEMO_PASSWORD } from '../src/db/seed.js';
import { makeTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => { t = await makeTestApp(); });
afterAll(async () => { await t.close(); });

describe('health', () => {
  it('answers ok with the database status', async () => {
    const res = await t.call('GET', '/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { status: 'ok', db: 'ok' }, messages: [] });
  });
});

describe('login', () => {
  it.each(DEMO_LOGINS.map((u) => [u.email, u.role]))('%s logs in as %s', async (email, role) => {
    const res = await t.call('POST', '/api/auth/login', { body: { email, password: DEMO_PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.role).toBe(role);
    const cookie = res.headers['set-cookie'];
    expect(String(cookie)).toMatch(/pitboss_session=.+HttpOnly/i);
    expect(String(cookie)).toMatch(/SameSite=Lax/i);
  });

  it('refuses a wrong password with 401 and a message, and records the attempt', async () => {
    const res = await t.call('POST', '/api/auth/login', { body: { email: 'admin@demo.local', password: 'nope' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, messages: [MSG.WRONG_CREDENTIALS] });
  });

  it('validates the body with the contract messages', async () => {
    const res = await t.call('POST', '/api/auth/login', { body: { email: 'not-an-email', password: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().messages).toEqual(expect.arrayContaining(['Invalid email address.', 'Password is required.']));
  });

  it('rate-limits failed logins per account', async () => {
    const email = 'devops@demo.local';
    for (let i = 0; i < 5; i++) {
      const r = await t.call('POST', '/api/auth/login', { body: { email, password: 'wrong' } });
      expect(r.statusCode).toBe(401);
    }
    const res = await t.call('POST', '/api/auth/login', { body: { email, password: DEMO_PASSWORD } });
    expect(res.statusCode).toBe(429);
    expect(res.json().messages).toEqual([MSG.TOO_MANY_ATTEMPTS]);
  });

  it('refuses calls without a session', async () => {
    const res = await t.call('POST', '/api/players', { body: {} });
    expect(res.statusCode).toBe(401);
    expect(res.json().success).toBe(false);
  });

  it('logout ends the session (POST answers JSON, GET redirects to login)', async () => {
    const login = await t.call('POST', '/api/auth/login', { body: { email: 'admin@demo.local', password: DEMO_PASSWORD } });
    const c = `pitboss_session=${login.cookies.find((x) => x.name === 'pitboss_session')!.value}`;
    expect((await t.call('GET', '/api/users/me/check', { headers: { cookie: c } })).statusCode).toBe(200);
    const out = await t.call('POST', '/api/auth/logout', { headers: { cookie: c } });
    expect(out.json().success).toBe(true);
    expect((await t.call('GET', '/api/users/me/check', { headers: { cookie: c } })).statusCode).toBe(401);
    const get = await t.call('GET', '/api/auth/logout');
    expect(get.statusCode).toBe(302);
    expect(get.headers.location).toBe('/login');
  });

  it('a blocked user is refused with the forbidden-access redirect', async () => {
    const { users } = await import('../src/db/schema.js');
    const { eq } = await import('drizzle-orm');
    await t.database.db.update(users).set({ isBlocked: true }).where(eq(users.email, 'operator.manager@demo.local'));
    const res = await t.call('POST', '/api/auth/login', { body: { email: 'operator.manager@demo.local', password: DEMO_PASSWORD } });
    expect(res.statusCode).toBe(403);
    expect(res.json().data.redirect).toBe('/admin?error=forbidden-access');
  });
});

describe('unknown api paths', () => {
  it('answer 404 in the envelope', async () => {
    const res = await t.call('GET', '/api/nope', { as: 'admin@demo.local' });
    expect(res.statusCode).toBe(404);
    expect(res.json().success).toBe(false);
  });
});
