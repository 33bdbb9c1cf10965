/** Staff accounts: the admin list (scope, roles filter), block/unblock (sessions end at once) and delete (type-to-confirm). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG, STAFF_MESSAGES, type StaffRow } from '@pitboss/contract';
import { DEMO_PASSWORD } from '../src/db/seed.js';
import { sessions, users } from '../src/db/schema.js';
import { expectError, makeApp } from './support.js';
import type { Login, TestApp } from './helpers.js';

const SUPER: Login = 'superadmin@demo.local';
const ADMIN: Login = 'admin@demo.local';
const OPA: Login = 'operator.admin@demo.local';
const OPM: Login = 'operator.manager@demo.local';

let t: TestApp;
beforeAll(async () => { t = await makeApp(); });
afterAll(async () => { await t.close(); });

const list = async (as: Login, body: Record<string, unknown> = {}) => {
  const res = await t.call('POST', '/api/users/list', { as, body: { limit: 100, ...body } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items as StaffRow[];
};
const idOf = async (email: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
/** A session of a demo staff account that is not one of the fixtures. */
const signIn = async (email: string) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: DEMO_PASSWORD } });
  expect(res.statusCode, res.body).toBe(200);
  return `pitboss_session=${res.cookies.find((c) => c.name === 'pitboss_session')!.value}`;
};
const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });

describe('admin list', () => {
  it('global roles see every account, with operator titles and the parent in brackets', async () => {
    await signIn('casino.manager@demo.local');
    const rows = await list(SUPER);
    const emails = rows.map((r) => r.email);
    expect(emails).toEqual(expect.arrayContaining(['superadmin@demo.local', 'devops@demo.local', 'bravo.admin@demo.local', 'casino.manager@demo.local']));
    expect(rows.find((r) => r.email === 'casino.manager@demo.local')).toMatchObject({ opTitle: 'Alpha Casino', parentOpTitle: 'Alpha Gaming', role: 'OPERATOR_MANAGER' });
    expect(rows.find((r) => r.email === 'casino.manager@demo.local')?.lastLoginAt).not.toBeNull();
    expect(rows.find((r) => r.email === 'bravo.manager@demo.local')?.lastLoginAt).toBeNull();
  });

  it("operator staff see their operators' accounts only: no global account, no other operator", async () => {
    const emails = (await list(OPA)).map((r) => r.email).sort();
    expect(emails).toEqual(['brand.admin@demo.local', 'casino.manager@demo.local', 'former.manager@demo.local', 'operator.admin@demo.local', 'operator.manager@demo.local', 'partner@demo.local']);
    // Another operator is not theirs to pick; a role outside their filter finds nothing.
    expectError(await t.call('POST', '/api/users/list', { as: OPA, body: { opId: 'op-bravo' } }), 404, [MSG.OPERATOR_NOT_FOUND]);
    expect(await list(OPA, { role: 'SUPER_ADMIN' })).toEqual([]);
  });

  it('filters by role, status and part of the e-mail or nickname', async () => {
    expect((await list(SUPER, { role: 'OPERATOR_MANAGER' })).map((r) => r.email).sort())
      .toEqual(['bravo.manager@demo.local', 'casino.manager@demo.local', 'former.manager@demo.local', 'operator.manager@demo.local']);
    expect((await list(SUPER, { status: 'blocked' })).map((r) => r.email)).toEqual(['former.manager@demo.local']);
    expect((await list(SUPER, { search: 'BRAVO' })).map((r) => r.email).sort()).toEqual(['bravo.admin@demo.local', 'bravo.manager@demo.local']);
    expect((await list(SUPER, { search: 'casino man' })).map((r) => r.email)).toEqual(['casino.manager@demo.local']);
  });

  it('refuses roles without the admins page, and bad filters with a message', async () => {
    const res = await t.call('POST', '/api/users/list', { as: OPM, body: {} });
    expectError(res, 403, [MSG.NO_PERMISSION]);
    const bad = await t.call('POST', '/api/users/list', { as: SUPER, body: { role: 'KING' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages.length).toBeGreaterThan(0);
  });
});

describe('block and unblock', () => {
  it('a block ends the account’s sessions at once and writes the activity; unblock lets it sign in again', async () => {
    const email = 'casino.manager@demo.local';
    const cookie = await signIn(email);
    expect((await me(cookie)).statusCode).toBe(200);
    const adminId = await idOf(email);
    const res = await t.call('POST', '/api/users/block', { as: OPA, body: { adminId, action: 'BLOCK', adminEmail: email } });
    expect(res.json()).toEqual({ success: true, data: { id: adminId, isBlocked: true }, messages: [STAFF_MESSAGES.BLOCKED] });
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, adminId))).toEqual([]);
    expect(await t.lastActivity()).toMatchObject({ action: 'USER_BLOCK', actorEmail: OPA, targetType: 'user', targetId: email, opId: 'alpha-casino', before: { isBlocked: false }, after: { isBlocked: true } });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: DEMO_PASSWORD } });
    expect(login.statusCode).toBeGreaterThanOrEqual(400);

    // A second block is refused (the toggle is applied once).
    expectError(await t.call('POST', '/api/users/block', { as: OPA, body: { adminId, action: 'BLOCK' } }), 409, [STAFF_MESSAGES.ALREADY_BLOCKED]);

    const un = await t.call('POST', '/api/users/block', { as: OPA, body: { adminId, action: 'UNBLOCK' } });
    expect(un.json()).toMatchObject({ success: true, data: { isBlocked: false }, messages: [STAFF_MESSAGES.UNBLOCKED] });
    expect((await me(await signIn(email))).statusCode).toBe(200);
  });

  it('nobody blocks their own account, and only a super admin acts on a super admin', async () => {
    expectError(await t.call('POST', '/api/users/block', { as: OPA, body: { adminId: await idOf(OPA), action: 'BLOCK' } }), 403, [STAFF_MESSAGES.NO_PERMISSION]);
    expectError(await t.call('POST', '/api/users/block', { as: ADMIN, body: { adminId: await idOf(SUPER), action: 'BLOCK' } }), 403, [STAFF_MESSAGES.NO_PERMISSION]);
    const [u] = await t.database.db.select().from(users).where(eq(users.email, SUPER));
    expect(u!.isBlocked).toBe(false);
  });

  it("an operator's staff cannot reach a global account or another operator's (404)", async () => {
    expectError(await t.call('POST', '/api/users/block', { as: OPA, body: { adminId: await idOf(ADMIN), action: 'BLOCK' } }), 404, [STAFF_MESSAGES.USER_NOT_FOUND]);
    expectError(await t.call('POST', '/api/users/block', { as: OPA, body: { adminId: await idOf('bravo.admin@demo.local'), action: 'BLOCK' } }), 404, [STAFF_MESSAGES.USER_NOT_FOUND]);
  });
});

describe('delete', () => {
  it('requires the account’s e-mail typed to confirm', async () => {
    const adminId = await idOf('bravo.manager@demo.local');
    expectError(await t.call('POST', '/api/users/delete', { as: SUPER, body: { adminId } }), 400, [STAFF_MESSAGES.DELETE_CONFIRM]);
    expectError(await t.call('POST', '/api/users/delete', { as: SUPER, body: { adminId, adminEmail: 'bravo.admin@demo.local' } }), 400, [STAFF_MESSAGES.DELETE_CONFIRM]);
    expect(await t.database.db.select().from(users).where(eq(users.id, adminId))).toHaveLength(1);
  });

  it('deletes the account and its sessions, and writes who it was', async () => {
    const email = 'bravo.manager@demo.local';
    const cookie = await signIn(email);
    const adminId = await idOf(email);
    const res = await t.call('POST', '/api/users/delete', { as: SUPER, body: { adminId, adminEmail: email, adminUsername: 'bravo manager' } });
    expect(res.json()).toEqual({ success: true, data: { id: adminId, deleted: true }, messages: [STAFF_MESSAGES.DELETED] });
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await t.database.db.select().from(users).where(eq(users.id, adminId))).toEqual([]);
    expect(await t.lastActivity()).toMatchObject({ action: 'USER_DELETE', targetType: 'user', targetId: email, opId: 'bravo-spin', before: { role: 'OPERATOR_MANAGER' } });
    // Gone: a second delete finds nothing.
    expectError(await t.call('POST', '/api/users/delete', { as: SUPER, body: { adminId, adminEmail: email } }), 404, [STAFF_MESSAGES.USER_NOT_FOUND]);
  });
});

describe('change password', () => {
  it('refuses a weak password with what it lacks, and two different ones', async () => {
    const adminId = await idOf('casino.manager@demo.local');
    expectError(await t.call('POST', '/api/users/change-password', { as: OPA, body: { adminId, newPassword: 'short', passwordConfirm: 'short' } }), 400,
      [STAFF_MESSAGES.passwordMissing(['one uppercase letter', 'one digit', '8 characters'])]);
    expectError(await t.call('POST', '/api/users/change-password', { as: OPA, body: { adminId, newPassword: 'Longer-Pass1', passwordConfirm: 'Longer-Pass2' } }), 400,
      [STAFF_MESSAGES.PASSWORD_MISMATCH]);
  });

  it('sets the password, ends the account’s sessions, and logs no secret', async () => {
    const email = 'casino.manager@demo.local';
    const cookie = await signIn(email);
    const adminId = await idOf(email);
    const res = await t.call('POST', '/api/users/change-password', { as: OPA, body: { adminId, newPassword: 'Fresh-Pass-2026', passwordConfirm: 'Fresh-Pass-2026' } });
    expect(res.json()).toMatchObject({ success: true, data: { id: adminId }, messages: [STAFF_MESSAGES.PASSWORD_UPDATED] });
    expect(res.json().data.sessionsEnded).toBeGreaterThanOrEqual(1);
    expect((await me(cookie)).statusCode).toBe(401);
    const act = await t.lastActivity();
    expect(act).toMatchObject({ action: 'USER_PASSWORD_CHANGE', targetId: email, after: { passwordChanged: true } });
    expect(JSON.stringify(act)).not.toContain('Fresh-Pass-2026');
    const old = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: DEMO_PASSWORD } });
    expect(old.statusCode).toBe(401);
    const fresh = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Fresh-Pass-2026' } });
    expect(fresh.statusCode).toBe(200);
  });
});

describe('change role', () => {
  it('a role must be chosen, PARTNER is never given, ADMIN only by a super admin', async () => {
    const adminId = await idOf('operator.manager@demo.local');
    expectError(await t.call('POST', '/api/users/change-roles', { as: OPA, body: { adminId, roles: [] } }), 400, [STAFF_MESSAGES.ROLE_REQUIRED]);
    expectError(await t.call('POST', '/api/users/change-roles', { as: OPA, body: { adminId } }), 400, [STAFF_MESSAGES.ROLE_REQUIRED]);
    expectError(await t.call('POST', '/api/users/change-roles', { as: SUPER, body: { adminId, roles: ['PARTNER'] } }), 403, [STAFF_MESSAGES.NO_PERMISSION]);
    expectError(await t.call('POST', '/api/users/change-roles', { as: ADMIN, body: { adminId, roles: ['ADMIN'] } }), 403, [STAFF_MESSAGES.NO_PERMISSION]);
    expectError(await t.call('POST', '/api/users/change-roles', { as: OPA, body: { adminId, roles: ['OPERATOR_ADMIN'], opId: 'alpha-bet' } }), 403, [STAFF_MESSAGES.NO_PERMISSION]);
  });

  it('gives the role and its template at once (the cached session sees it), and a super admin may move the operator', async () => {
    const email = 'operator.manager@demo.local';
    const adminId = await idOf(email);
    const cookie = await signIn(email);
    expect((await t.app.inject({ method: 'POST', url: '/api/users/list', headers: { cookie }, payload: {} })).statusCode).toBe(403);
    const res = await t.call('POST', '/api/users/change-roles', { as: OPA, body: { adminId, roles: ['OPERATOR_ADMIN'], targetUsername: 'alpha-manager' } });
    expect(res.json()).toEqual({ success: true, data: { id: adminId, role: 'OPERATOR_ADMIN', opId: 'op-alpha' }, messages: [STAFF_MESSAGES.ROLE_CHANGED] });
    // The new template's admins page, on the very next call.
    expect((await t.app.inject({ method: 'POST', url: '/api/users/list', headers: { cookie }, payload: {} })).statusCode).toBe(200);
    expect(await t.lastActivity()).toMatchObject({ action: 'USER_ROLE_CHANGE', before: { role: 'OPERATOR_MANAGER' }, after: { role: 'OPERATOR_ADMIN', opId: 'op-alpha' } });

    const moved = await t.call('POST', '/api/users/change-roles', { as: SUPER, body: { adminId, roles: ['OPERATOR_MANAGER'], opId: 'alpha-casino' } });
    expect(moved.json().data).toEqual({ id: adminId, role: 'OPERATOR_MANAGER', opId: 'alpha-casino' });
    const global = await t.call('POST', '/api/users/change-roles', { as: SUPER, body: { adminId, roles: ['DEV_OPS'] } });
    expect(global.json().data).toEqual({ id: adminId, role: 'DEV_OPS', opId: null });
    expectError(await t.call('POST', '/api/users/change-roles', { as: SUPER, body: { adminId, roles: ['OPERATOR_ADMIN'] } }), 400, [STAFF_MESSAGES.ROLE_NEEDS_OPERATOR]);
  });
});
