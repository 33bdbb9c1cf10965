/**
 * Staff sessions: the device and address of each, the last-seen time (written at most once a
 * minute), the own list with the current one marked, ending one or all others, and the admin's
 * view and end of another account's sessions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SESSION_HANDLE_LENGTH, SESSION_MESSAGES, STAFF_MESSAGES, type SessionRow } from '@pitboss/contract';
import { DEMO_PASSWORD } from '../src/db/seed.js';
import { sessions, users } from '../src/db/schema.js';
import { invalidateUser, sha256 } from '../src/modules/auth/service.js';
import { expectError, expectForbidden, makeApp } from './support.js';
import type { Login, TestApp } from './helpers.js';

const SUPER: Login = 'superadmin@demo.local';
const OPA: Login = 'operator.admin@demo.local';
const OPM: Login = 'operator.manager@demo.local';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let t: TestApp;
beforeAll(async () => { t = await makeApp(); });
afterAll(async () => { await t.close(); });

type Res = { statusCode: number; json(): any; body: string };
const signIn = async (email: string, ua = CHROME, from = '127.0.0.1') => {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: from, headers: { 'user-agent': ua }, payload: { email, password: DEMO_PASSWORD } });
  expect(res.statusCode, res.body).toBe(200);
  const c = res.cookies.find((x) => x.name === 'pitboss_session')!;
  return { cookie: `pitboss_session=${c.value}`, sid: sha256(c.value) };
};
const as = (cookie: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  t.app.inject({ method, url, headers: { cookie }, ...(body !== undefined ? { payload: body as never } : {}) }) as Promise<Res>;
const idOf = async (email: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const row = async (sid: string) => (await t.database.db.select().from(sessions).where(eq(sessions.id, sid)))[0];

describe('own sessions', () => {
  const email = 'ops.admin@demo.local';

  it('lists the account’s sessions with device, address and times; the current one is marked', async () => {
    const a = await signIn(email, CHROME, '10.1.1.1');
    const b = await signIn(email, 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', '10.2.2.2');
    const res = await as(a.cookie, 'GET', '/api/users/me/sessions');
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data.items as SessionRow[];
    expect(res.json().data.mayRevoke).toBe(true);
    expect(items).toHaveLength(2);
    const current = items.find((s) => s.current)!;
    expect(current).toMatchObject({ id: a.sid.slice(0, SESSION_HANDLE_LENGTH), ip: '10.1.1.1', userAgent: CHROME });
    expect(current.lastSeenAt).not.toBeNull();
    expect(items.find((s) => !s.current)).toMatchObject({ id: b.sid.slice(0, SESSION_HANDLE_LENGTH), ip: '10.2.2.2' });
    // The handle is not the session's key, and nothing of the token leaves the server.
    expect(JSON.stringify(items)).not.toContain(a.sid);
  });

  it('ends another of its sessions by its handle, never the current one, never another account’s', async () => {
    const a = await signIn(email);
    const b = await signIn(email);
    const stranger = await signIn('casino.manager@demo.local');
    expectError(await as(a.cookie, 'POST', '/api/users/me/sessions/revoke', { sessionId: a.sid.slice(0, SESSION_HANDLE_LENGTH) }), 400, [SESSION_MESSAGES.CURRENT]);
    expectError(await as(a.cookie, 'POST', '/api/users/me/sessions/revoke', { sessionId: stranger.sid.slice(0, SESSION_HANDLE_LENGTH) }), 404, [SESSION_MESSAGES.NOT_FOUND]);
    expectError(await as(a.cookie, 'POST', '/api/users/me/sessions/revoke', { sessionId: 'not-a-handle' }), 400, [SESSION_MESSAGES.NOT_FOUND]);
    expect((await as(stranger.cookie, 'GET', '/api/users/me/check')).statusCode).toBe(200);

    const res = await as(a.cookie, 'POST', '/api/users/me/sessions/revoke', { sessionId: b.sid.slice(0, SESSION_HANDLE_LENGTH) });
    expect(res.json()).toEqual({ success: true, data: { ended: 1 }, messages: [SESSION_MESSAGES.REVOKED] });
    expect((await as(b.cookie, 'GET', '/api/users/me/check')).statusCode).toBe(401);
    expect((await as(a.cookie, 'GET', '/api/users/me/check')).statusCode).toBe(200);
    expect(await t.lastActivity()).toMatchObject({ action: 'USER_SESSION_REVOKE', targetType: 'user', targetId: email, actorEmail: email, before: { session: b.sid.slice(0, SESSION_HANDLE_LENGTH) } });
  });

  it('ends every other session at once and keeps this one', async () => {
    const a = await signIn(email);
    const others = [await signIn(email), await signIn(email)];
    const before = (await as(a.cookie, 'GET', '/api/users/me/sessions')).json().data.items.length as number;
    const res = await as(a.cookie, 'POST', '/api/users/me/sessions/revoke-others', {});
    expect(res.json()).toEqual({ success: true, data: { ended: before - 1 }, messages: [SESSION_MESSAGES.othersRevoked(before - 1)] });
    for (const o of others) expect((await as(o.cookie, 'GET', '/api/users/me/check')).statusCode).toBe(401);
    const left = (await as(a.cookie, 'GET', '/api/users/me/sessions')).json().data.items as SessionRow[];
    expect(left.map((s) => s.current)).toEqual([true]);
    expect(await t.lastActivity()).toMatchObject({ action: 'USER_SESSION_REVOKE', after: { otherSessionsEnded: before - 1 } });
    expect((await as(a.cookie, 'POST', '/api/users/me/sessions/revoke-others', { everything: true })).statusCode).toBe(400);
  });

  it('the last-seen time is written at most once a minute, not on every request', async () => {
    const a = await signIn(email);
    const first = (await row(a.sid))!.lastSeenAt!;
    await as(a.cookie, 'GET', '/api/users/me/check');
    expect((await row(a.sid))!.lastSeenAt).toEqual(first);
    // Two minutes later (the stored time moved back, the cached session dropped): the next request writes it.
    await t.database.db.update(sessions).set({ lastSeenAt: sql`now() - interval '2 minutes'` }).where(eq(sessions.id, a.sid));
    await invalidateUser(t.database.db, await idOf(email));
    await as(a.cookie, 'GET', '/api/users/me/check');
    const seen = (await row(a.sid))!.lastSeenAt!;
    expect(Date.now() - seen.getTime()).toBeLessThan(10_000);
    await t.database.db.update(sessions).set({ lastSeenAt: sql`now() - interval '30 seconds'` }).where(eq(sessions.id, a.sid));
    await invalidateUser(t.database.db, await idOf(email));
    await as(a.cookie, 'GET', '/api/users/me/check');
    expect(Date.now() - (await row(a.sid))!.lastSeenAt!.getTime()).toBeGreaterThanOrEqual(29_000);
  });
});

describe('another account’s sessions (admins)', () => {
  const email = 'casino.manager@demo.local';

  it('are listed for holders of the admins page within their operators', async () => {
    await signIn(email);
    const adminId = await idOf(email);
    const res = await t.call('POST', '/api/users/sessions', { as: OPA, body: { adminId } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.mayRevoke).toBe(true);
    expect(res.json().data.items.length).toBeGreaterThan(0);
    expect(res.json().data.items.every((s: SessionRow) => !s.current)).toBe(true);
    expectForbidden(await t.call('POST', '/api/users/sessions', { as: OPM, body: { adminId } }));
    expectError(await t.call('POST', '/api/users/sessions', { as: OPA, body: { adminId: await idOf('bravo.admin@demo.local') } }), 404, [STAFF_MESSAGES.USER_NOT_FOUND]);
    expectError(await t.call('POST', '/api/users/sessions', { as: OPA, body: { adminId: await idOf('admin@demo.local') } }), 404, [STAFF_MESSAGES.USER_NOT_FOUND]);
    // A super admin's sessions are seen by an admin, not ended.
    expect((await t.call('POST', '/api/users/sessions', { as: 'admin@demo.local', body: { adminId: await idOf(SUPER) } })).json().data.mayRevoke).toBe(false);
  });

  it('one is ended by its handle (of that account only), then all of them; logged', async () => {
    const a = await signIn(email);
    const b = await signIn(email);
    const adminId = await idOf(email);
    const other = await signIn('operator.manager@demo.local');
    expectError(await t.call('POST', '/api/users/sessions/revoke', { as: OPA, body: { adminId, sessionId: other.sid.slice(0, SESSION_HANDLE_LENGTH) } }), 404, [SESSION_MESSAGES.NOT_FOUND]);
    expect((await as(other.cookie, 'GET', '/api/users/me/check')).statusCode).toBe(200);

    const one = await t.call('POST', '/api/users/sessions/revoke', { as: OPA, body: { adminId, sessionId: a.sid.slice(0, SESSION_HANDLE_LENGTH) } });
    expect(one.json()).toEqual({ success: true, data: { ended: 1 }, messages: [SESSION_MESSAGES.REVOKED] });
    expect((await as(a.cookie, 'GET', '/api/users/me/check')).statusCode).toBe(401);
    expect((await as(b.cookie, 'GET', '/api/users/me/check')).statusCode).toBe(200);
    expect(await t.lastActivity()).toMatchObject({ action: 'USER_SESSION_REVOKE', actorEmail: OPA, targetType: 'user', targetId: email, opId: 'alpha-casino' });

    await signIn(email);
    const open = (await t.database.db.select().from(sessions).where(eq(sessions.userId, adminId))).length;
    expect(open).toBeGreaterThanOrEqual(2);
    const all = await t.call('POST', '/api/users/sessions/revoke', { as: OPA, body: { adminId } });
    expect(all.json()).toEqual({ success: true, data: { ended: open }, messages: [SESSION_MESSAGES.allRevoked(open)] });
    expect(await t.lastActivity()).toMatchObject({ action: 'USER_SESSION_REVOKE', before: null, after: { sessionsEnded: open } });
    expect((await as(b.cookie, 'GET', '/api/users/me/check')).statusCode).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, adminId))).toEqual([]);
  });

  it('is refused on the own account, on a super admin for an admin, and without the admins page', async () => {
    expectError(await t.call('POST', '/api/users/sessions/revoke', { as: OPA, body: { adminId: await idOf(OPA) } }), 403, [STAFF_MESSAGES.NO_PERMISSION]);
    expectError(await t.call('POST', '/api/users/sessions/revoke', { as: 'admin@demo.local', body: { adminId: await idOf(SUPER) } }), 403, [STAFF_MESSAGES.NO_PERMISSION]);
    expectForbidden(await t.call('POST', '/api/users/sessions/revoke', { as: OPM, body: { adminId: await idOf(email) } }));
    expect((await t.call('GET', '/api/users/me/check', { as: SUPER })).statusCode).toBe(200);
  });

  it('a block still ends every session at once', async () => {
    const a = await signIn(email);
    const adminId = await idOf(email);
    expect((await t.call('POST', '/api/users/block', { as: OPA, body: { adminId, action: 'BLOCK' } })).statusCode).toBe(200);
    expect((await as(a.cookie, 'GET', '/api/users/me/check')).statusCode).toBe(401);
    expect((await t.call('POST', '/api/users/sessions', { as: OPA, body: { adminId } })).json().data.items).toEqual([]);
  });
});
