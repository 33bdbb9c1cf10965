/** Staff accounts: the admin list (scope, roles filter), block/unblock (sessions end at once) and delete (type-to-confirm). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { GENERAL_MESSAGES, MSG, SIGNED_IN_PAGES, STAFF_MESSAGES, staffRoleFilter, type StaffRow } from '@pitboss/contract';
import { DEMO_PASSWORD } from '../src/db/seed.js';
import { operators, roleTemplates, sessions, staffJobs, users } from '../src/db/schema.js';
import { runStaffJob, unfinishedStaffJobs } from '../src/modules/staff/jobs.js';
import { invalidateOperators } from '../src/lib/scope.js';
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
    // Another operator is not theirs to pick; a role outside their filter is refused.
    expectError(await t.call('POST', '/api/users/list', { as: OPA, body: { opId: 'op-bravo' } }), 404, [MSG.OPERATOR_NOT_FOUND]);
    for (const role of ['SUPER_ADMIN', 'ADMIN', 'DEV_OPS']) {
      expectError(await t.call('POST', '/api/users/list', { as: OPA, body: { role } }), 403, [STAFF_MESSAGES.NO_PERMISSION]);
    }
    expect((await list(OPA, { role: 'PARTNER' })).map((r) => r.email)).toEqual(['partner@demo.local']);
  });

  it('the roles filter (002 §6): Super Admin and Admin for super admins only; an admin lists every account but may not filter by Super Admin', async () => {
    expect(staffRoleFilter('SUPER_ADMIN')).toEqual(['SUPER_ADMIN', 'ADMIN', 'OPERATOR_ADMIN', 'OPERATOR_MANAGER', 'PARTNER']);
    for (const viewer of ['ADMIN', 'OPERATOR_ADMIN'] as const) expect(staffRoleFilter(viewer)).toEqual(['OPERATOR_ADMIN', 'OPERATOR_MANAGER', 'PARTNER']);
    expect((await list(SUPER, { role: 'SUPER_ADMIN' })).map((r) => r.email)).toContain('superadmin@demo.local');
    expect((await list(SUPER, { role: 'ADMIN' })).map((r) => r.email)).toEqual(expect.arrayContaining(['admin@demo.local', 'ops.admin@demo.local']));
    expectError(await t.call('POST', '/api/users/list', { as: ADMIN, body: { role: 'SUPER_ADMIN' } }), 403, [STAFF_MESSAGES.NO_PERMISSION]);
    // Unfiltered, an admin still lists every account (a global role); the admin accounts it manages are looked up by Clone Permissions.
    expect((await list(ADMIN)).map((r) => r.email)).toEqual(expect.arrayContaining(['superadmin@demo.local', 'ops.admin@demo.local', 'devops@demo.local', 'casino.manager@demo.local']));
    expect((await list(ADMIN, { role: 'ADMIN' })).every((r) => r.role === 'ADMIN')).toBe(true);
    expect((await list(ADMIN, { role: 'OPERATOR_ADMIN' })).map((r) => r.role)).toEqual(expect.arrayContaining(['OPERATOR_ADMIN']));
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

  it("a partner's login is deleted by SUPER_ADMIN or ADMIN only, as through /api/affiliates/delete; operator staff still block it and reset its password", async () => {
    const email = 'deletable.partner@demo.local';
    const [p] = await t.database.db.insert(users).values({ email, passwordHash: 'x', nickname: 'deletable partner', role: 'PARTNER', opId: 'alpha-partner' }).returning({ id: users.id });
    const adminId = p!.id;
    try {
      // The operator admin of the partner's parent operator: refused by both delete calls with the spec's text (002 §8); nothing deleted.
      expectError(await t.call('POST', '/api/users/delete', { as: OPA, body: { adminId, adminEmail: email } }), 403, ["You don't have permissions to perform this action."]);
      expectError(await t.call('POST', '/api/affiliates/delete', { as: OPA, body: { adminId, adminEmail: email } }), 403, ["You don't have permissions to perform this action."]);
      // Another operator's admin does not find it.
      expectError(await t.call('POST', '/api/users/delete', { as: 'brand.admin@demo.local', body: { adminId, adminEmail: email } }), 404, [STAFF_MESSAGES.USER_NOT_FOUND]);
      expect(await t.database.db.select({ id: users.id }).from(users).where(eq(users.id, adminId))).toEqual([{ id: adminId }]);
      // Block and password stay open to the operator admin (reversible, within its operators).
      expect((await t.call('POST', '/api/users/block', { as: OPA, body: { adminId, action: 'BLOCK', adminEmail: email } })).json()).toMatchObject({ success: true, messages: [STAFF_MESSAGES.BLOCKED] });
      expect((await t.call('POST', '/api/users/change-password', { as: OPA, body: { adminId, newPassword: 'Fresh-Pass-2026', passwordConfirm: 'Fresh-Pass-2026' } })).json())
        .toMatchObject({ success: true, messages: [STAFF_MESSAGES.PASSWORD_UPDATED] });
      // An admin deletes it through the admins page.
      const res = await t.call('POST', '/api/users/delete', { as: ADMIN, body: { adminId, adminEmail: email } });
      expect(res.json()).toEqual({ success: true, data: { id: adminId, deleted: true }, messages: [STAFF_MESSAGES.DELETED] });
      expect(await t.lastActivity()).toMatchObject({ action: 'USER_DELETE', actorEmail: ADMIN, targetId: email, opId: 'alpha-partner', before: { role: 'PARTNER' } });
    } finally {
      await t.database.db.delete(users).where(eq(users.id, adminId));
    }
  });

  it('operator staff still delete the other accounts of their operators', async () => {
    const email = 'deletable.manager@demo.local';
    const [m] = await t.database.db.insert(users).values({ email, passwordHash: 'x', nickname: 'deletable manager', role: 'OPERATOR_MANAGER', opId: 'alpha-casino' }).returning({ id: users.id });
    const res = await t.call('POST', '/api/users/delete', { as: OPA, body: { adminId: m!.id, adminEmail: email } });
    expect(res.json()).toEqual({ success: true, data: { id: m!.id, deleted: true }, messages: [STAFF_MESSAGES.DELETED] });
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
    // Another operator is a super admin's choice, not an admin's (the endpoint table's `superChanges` with its roles).
    const before = await t.lastActivity();
    expectError(await t.call('POST', '/api/users/change-roles', { as: ADMIN, body: { adminId, roles: ['OPERATOR_MANAGER'], opId: 'alpha-bet' } }), 403, [STAFF_MESSAGES.NO_PERMISSION]);
    expect(await t.lastActivity()).toEqual(before);
    // The account's own operator may be sent again.
    const same = await t.call('POST', '/api/users/change-roles', { as: ADMIN, body: { adminId, roles: ['OPERATOR_MANAGER'], opId: 'op-alpha' } });
    expect(same.json()).toMatchObject({ success: true, data: { role: 'OPERATOR_MANAGER', opId: 'op-alpha' } });
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

describe('change role: where the account lands', () => {
  it('a partner operator keeps partner users only, and a picked operator must be ACTIVE; nothing changes on a refusal', async () => {
    const partnerId = await idOf('partner@demo.local');
    const [mgr] = await t.database.db.insert(users).values({
      email: 'placed.manager@demo.local', passwordHash: 'x', nickname: 'placed manager', role: 'OPERATOR_MANAGER', opId: 'alpha-casino',
    }).returning({ id: users.id });
    const managerId = mgr!.id;
    const before = await t.database.db.select({ id: users.id, role: users.role, opId: users.opId }).from(users).where(sql`${users.id} in (${partnerId}, ${managerId})`);
    // The partner user made staff of its partner operator, by its operator's admin and by a super admin.
    expectError(await t.call('POST', '/api/users/change-roles', { as: OPA, body: { adminId: partnerId, roles: ['OPERATOR_MANAGER'] } }), 400, [STAFF_MESSAGES.PARTNER_OPERATOR_ONLY_PARTNERS]);
    expectError(await t.call('POST', '/api/users/change-roles', { as: SUPER, body: { adminId: partnerId, roles: ['OPERATOR_ADMIN'] } }), 400, [STAFF_MESSAGES.PARTNER_OPERATOR_ONLY_PARTNERS]);
    // A staff account moved into a partner operator.
    expectError(await t.call('POST', '/api/users/change-roles', { as: SUPER, body: { adminId: managerId, roles: ['OPERATOR_MANAGER'], opId: 'alpha-partner' } }), 400, [STAFF_MESSAGES.PARTNER_OPERATOR_ONLY_PARTNERS]);
    // A staff account moved into an INACTIVE operator.
    expectError(await t.call('POST', '/api/users/change-roles', { as: SUPER, body: { adminId: managerId, roles: ['OPERATOR_MANAGER'], opId: 'op-delta' } }), 400, [STAFF_MESSAGES.OPERATOR_INACTIVE]);
    const after = await t.database.db.select({ id: users.id, role: users.role, opId: users.opId }).from(users).where(sql`${users.id} in (${partnerId}, ${managerId})`);
    expect(after).toEqual(expect.arrayContaining(before));
    // The account of an operator that went INACTIVE still changes role where it is.
    await t.database.db.update(operators).set({ status: 'INACTIVE' }).where(eq(operators.opId, 'alpha-casino'));
    try {
      const res = await t.call('POST', '/api/users/change-roles', { as: SUPER, body: { adminId: managerId, roles: ['OPERATOR_ADMIN'] } });
      expect(res.json(), res.body).toMatchObject({ success: true, data: { id: managerId, role: 'OPERATOR_ADMIN', opId: 'alpha-casino' } });
    } finally {
      await t.database.db.update(operators).set({ status: 'ACTIVE' }).where(eq(operators.opId, 'alpha-casino'));
      await t.database.db.delete(users).where(eq(users.id, managerId));
    }
  });
});

describe('new admin (POST /api/users)', () => {
  const valid = { email: 'new.manager@demo.local', password: 'Fresh-pass-1', nickname: 'New Manager 1', userCode: 'NM-001', role: 'OPERATOR_MANAGER', opId: 'alpha-casino' };
  const create = (as: Login, body: Record<string, unknown>) => t.call('POST', '/api/users', { as, body });

  it('refuses each broken rule with its message', async () => {
    const bad = async (patch: Record<string, unknown>, messages: string[], as: Login = SUPER) => expectError(await create(as, { ...valid, ...patch }), 400, messages);
    await bad({ email: 'not-an-address' }, [STAFF_MESSAGES.EMAIL_INVALID]);
    await bad({ email: 'a@b' }, [STAFF_MESSAGES.EMAIL_INVALID]);
    await bad({ role: undefined }, [STAFF_MESSAGES.NEW_ROLE_REQUIRED]);
    await bad({ role: '' }, [STAFF_MESSAGES.NEW_ROLE_REQUIRED]);
    await bad({ nickname: 'bad_nick!' }, [STAFF_MESSAGES.NICKNAME_INVALID]);
    await bad({ nickname: 'ab' }, [STAFF_MESSAGES.NICKNAME_LENGTH]);
    await bad({ nickname: 'a nickname too long' }, [STAFF_MESSAGES.NICKNAME_LENGTH]);
    await bad({ userCode: 'ab' }, [STAFF_MESSAGES.USER_CODE_LENGTH]);
    await bad({ userCode: 'NM 001!' }, [STAFF_MESSAGES.USER_CODE_INVALID]);
    await bad({ playerSubInfoType: 'avatar' }, [GENERAL_MESSAGES.PLAYER_SUB_INFO_INVALID]);
    await bad({ userCode: 'code-longer-than-15' }, [STAFF_MESSAGES.USER_CODE_LENGTH]);
    // A new account's password (002 §5): 8 characters and at least 3 character types.
    await bad({ password: 'Ab1!x' }, [STAFF_MESSAGES.PASSWORD_WEAK]);
    await bad({ password: 'lowercase-only' }, [STAFF_MESSAGES.PASSWORD_WEAK]);
    await bad({ password: 'abcdefgh12' }, [STAFF_MESSAGES.PASSWORD_WEAK]);
    await bad({ password: 'Aa1'.repeat(43) }, [STAFF_MESSAGES.PASSWORD_TOO_LONG]);
    // An operator role needs its operator; a bad time zone.
    await bad({ opId: undefined }, [STAFF_MESSAGES.ROLE_NEEDS_OPERATOR]);
    await bad({ timezone: 'Mars/Olympus' }, [MSG.UNKNOWN_TIMEZONE]);
    await bad({ language: 'xx' }, [MSG.LANGUAGE_INVALID]);
    expect(await t.database.db.select().from(users).where(eq(users.email, valid.email))).toEqual([]);
  });

  it('creates the account with the defaults and the role template; it signs in; the activity names it without the password', async () => {
    const res = await create(OPA, valid);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true, messages: [STAFF_MESSAGES.CREATED],
      data: { email: valid.email, nickname: 'New Manager 1', role: 'OPERATOR_MANAGER', opId: 'alpha-casino', opTitle: 'Alpha Casino', parentOpTitle: 'Alpha Gaming', isBlocked: false, lastLoginAt: null },
    });
    const [u] = await t.database.db.select().from(users).where(eq(users.id, body.data.id));
    expect(u).toMatchObject({ language: 'en', timezone: 'UTC', playerSubInfoType: 'username', isHidden: false, roundReportNumbers: false, userCode: 'NM-001' });
    expect(u!.templateId).not.toBeNull();
    const act = await t.lastActivity();
    expect(act).toMatchObject({ action: 'USER_CREATE', actorEmail: OPA, targetType: 'user', targetId: valid.email, opId: 'alpha-casino', after: { role: 'OPERATOR_MANAGER' } });
    expect(JSON.stringify(act)).not.toContain(valid.password);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: valid.email, password: valid.password } });
    expect(login.statusCode, login.body).toBe(200);
    // The same e-mail again, in any case, is refused.
    expectError(await create(SUPER, { ...valid, email: 'NEW.Manager@demo.local' }), 409, [STAFF_MESSAGES.EMAIL_TAKEN]);
  });

  it('a global role has no operator; the time zone is stored by its canonical name', async () => {
    const res = await create(ADMIN, { ...valid, email: 'new.devops@demo.local', role: 'DEV_OPS', password: 'Abcdef1!', language: 'tr', timezone: 'europe/istanbul', playerSubInfoType: 'email' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ role: 'DEV_OPS', opId: null, opTitle: null });
    const [u] = await t.database.db.select().from(users).where(eq(users.email, 'new.devops@demo.local'));
    expect(u).toMatchObject({ opId: null, language: 'tr', timezone: 'Europe/Istanbul', playerSubInfoType: 'email' });
  });

  it('operator staff give operator roles only (not DEV_OPS), never Hide User Activity; an admin never SUPER_ADMIN; nobody gives PARTNER on the New Admin form', async () => {
    for (const role of ['ADMIN', 'SUPER_ADMIN', 'DEV_OPS', 'PARTNER']) {
      expectError(await create(OPA, { ...valid, email: `x.${role.toLowerCase()}@demo.local`, role }), 403, [STAFF_MESSAGES.NO_PERMISSION]);
    }
    // Only a super admin makes a super admin.
    expectError(await create(ADMIN, { ...valid, email: 'x.super@demo.local', role: 'SUPER_ADMIN', opId: undefined }), 403, [STAFF_MESSAGES.NO_PERMISSION]);
    expectError(await create(OPA, { ...valid, email: 'x.hidden@demo.local', isHidden: true }), 403, [STAFF_MESSAGES.NO_PERMISSION]);
    // PARTNER for a non-partner operator, and a staff role for a partner operator.
    expectError(await create(SUPER, { ...valid, email: 'x.partner@demo.local', role: 'PARTNER' }), 400, [STAFF_MESSAGES.PARTNER_NEEDS_PARTNER_OPERATOR]);
    expectError(await create(SUPER, { ...valid, email: 'x.partner@demo.local', opId: 'alpha-partner' }), 400, [STAFF_MESSAGES.PARTNER_OPERATOR_ONLY_PARTNERS]);
    expect(await t.database.db.select().from(users).where(sql`${users.email} like 'x.%'`)).toEqual([]);
  });

  it('an admin creates an ADMIN and a DEV_OPS account (002 §5: only creators other than super admins and admins may not); Change Role still offers ADMIN to super admins only', async () => {
    for (const role of ['ADMIN', 'DEV_OPS'] as const) {
      const email = `made.${role.toLowerCase()}@demo.local`;
      const res = await create(ADMIN, { ...valid, email, role, opId: undefined });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ success: true, messages: [STAFF_MESSAGES.CREATED], data: { email, role, opId: null } });
      expect(await t.lastActivity()).toMatchObject({ action: 'USER_CREATE', actorEmail: ADMIN, targetId: email, after: { role } });
    }
    expectError(await t.call('POST', '/api/users/change-roles', { as: ADMIN, body: { adminId: await idOf('made.dev_ops@demo.local'), roles: ['ADMIN'] } }), 403, [STAFF_MESSAGES.NO_PERMISSION]);
  });

  it('a super admin hides the activity of a new account; the partner wizard creates the partner user of a partner operator', async () => {
    const hidden = await create(SUPER, { ...valid, email: 'hidden.admin@demo.local', role: 'OPERATOR_ADMIN', opId: 'op-bravo', isHidden: true });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await t.database.db.select().from(users).where(eq(users.email, 'hidden.admin@demo.local')))[0]!.isHidden).toBe(true);
    const partner = await create(ADMIN, { ...valid, email: 'new.partner@demo.local', role: 'PARTNER', opId: 'alpha-partner', userCode: 'alpha-4821', nickname: 'Alpha Partner 2' });
    expect(partner.statusCode, partner.body).toBe(200);
    expect(partner.json().data).toMatchObject({ role: 'PARTNER', opId: 'alpha-partner' });
  });

  it("the operator must be one of the caller's (404) and ACTIVE", async () => {
    expectError(await create(OPA, { ...valid, email: 'x.bravo@demo.local', opId: 'op-bravo' }), 404, [MSG.OPERATOR_NOT_FOUND]);
    expectError(await create(SUPER, { ...valid, email: 'x.none@demo.local', opId: 'no-such-op' }), 404, [MSG.OPERATOR_NOT_FOUND]);
    await t.database.db.update(operators).set({ status: 'INACTIVE' }).where(eq(operators.opId, 'op-charlie'));
    try {
      expectError(await create(SUPER, { ...valid, email: 'x.charlie@demo.local', opId: 'op-charlie' }), 400, [STAFF_MESSAGES.OPERATOR_INACTIVE]);
    } finally {
      await t.database.db.update(operators).set({ status: 'ACTIVE' }).where(eq(operators.opId, 'op-charlie'));
    }
  });

  it('refuses roles without the admins page', async () => {
    expectError(await create(OPM, { ...valid, email: 'x.opm@demo.local' }), 403, [MSG.NO_PERMISSION]);
    expectError(await create('partner@demo.local', { ...valid, email: 'x.partner2@demo.local' }), 403, [MSG.NO_PERMISSION]);
  });
});

describe('staff details (GET /api/users/details/:adminId)', () => {
  const details = (as: Login, id: string) => t.call('GET', `/api/users/details/${id}`, { as });

  it('the account, its operator by title and its permissions in effect (template + extra − revoked) with labels', async () => {
    const res = await details(OPA, await idOf('casino.manager@demo.local'));
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({ email: 'casino.manager@demo.local', role: 'OPERATOR_MANAGER', opTitle: 'Alpha Casino', parentOpTitle: 'Alpha Gaming', userCode: 'CM-014', templateName: 'OPERATOR_MANAGER', language: 'en', timezone: 'UTC' });
    const keys = d.permissions.map((p: { key: string }) => p.key);
    expect(d.permissions.find((p: { key: string }) => p.key === 'export_csv')).toEqual({ key: 'export_csv', label: 'Export lists as CSV', source: 'extra' });
    expect(d.permissions.find((p: { key: string }) => p.key === 'players')).toEqual({ key: 'players', label: 'Players page', source: 'template' });
    expect(keys).not.toContain('player_wallet_view');
    expect(d.revoked).toEqual([{ key: 'player_wallet_view', label: "See a player's wallets" }]);
  });

  it("another operator's account and a global account are not found for operator staff; roles without the admins page are refused", async () => {
    expectError(await details(OPA, await idOf('bravo.admin@demo.local')), 404, [STAFF_MESSAGES.USER_NOT_FOUND]);
    expectError(await details(OPA, await idOf(SUPER)), 404, [STAFF_MESSAGES.USER_NOT_FOUND]);
    expectError(await details(OPM, await idOf('casino.manager@demo.local')), 403, [MSG.NO_PERMISSION]);
    expect((await details(SUPER, 'not-a-uuid')).statusCode).toBe(404);
  });
});

describe('refresh permissions', () => {
  const refresh = (as: Login, body: Record<string, unknown>) => t.call('POST', '/api/users/refresh-permissions', { as, body });

  it('refuses a role that is not the account’s, no role, and accounts out of reach', async () => {
    const adminId = await idOf('casino.manager@demo.local');
    expectError(await refresh(OPA, { adminId, roles: ['OPERATOR_ADMIN'] }), 400, [STAFF_MESSAGES.REFRESH_ROLE_MISMATCH]);
    expectError(await refresh(OPA, { adminId, roles: [] }), 400, [STAFF_MESSAGES.ROLE_REQUIRED]);
    expectError(await refresh(OPA, { adminId, roles: ['OPERATOR_MANAGER'], opId: 'op-bravo' }), 400, [STAFF_MESSAGES.REFRESH_OPERATOR_MISMATCH]);
    expectError(await refresh(OPA, { adminId: await idOf('bravo.admin@demo.local'), roles: ['OPERATOR_ADMIN'] }), 404, [STAFF_MESSAGES.USER_NOT_FOUND]);
    expectError(await refresh(OPM, { adminId, roles: ['OPERATOR_MANAGER'] }), 403, [MSG.NO_PERMISSION]);
    expectError(await refresh(OPA, { adminId: await idOf(OPA), roles: ['OPERATOR_ADMIN'] }), 403, [STAFF_MESSAGES.NO_PERMISSION]);
  });

  it("gives the account its role's template again, without its extra and revoked keys", async () => {
    const email = 'casino.manager@demo.local';
    const adminId = await idOf(email);
    const res = await refresh(OPA, { adminId, targetUsername: 'casino manager', opId: 'alpha-casino', roles: ['OPERATOR_MANAGER'] });
    expect(res.json()).toMatchObject({ success: true, data: { id: adminId, role: 'OPERATOR_MANAGER' }, messages: [STAFF_MESSAGES.REFRESHED] });
    const [u] = await t.database.db.select().from(users).where(eq(users.id, adminId));
    expect(u).toMatchObject({ extraPermissions: [], revokedPermissions: [] });
    expect(await t.lastActivity()).toMatchObject({ action: 'USER_PERMISSIONS_REFRESH', targetId: email, before: { extraPermissions: ['export_csv'], revokedPermissions: ['player_wallet_view'] } });
  });
});

describe('clone permissions', () => {
  const clone = (as: Login, body: Record<string, unknown>) => t.call('POST', '/api/users/clone-permissions', { as, body });

  it('source, target, role and permissions are all required, with one message', async () => {
    const sourceUserId = await idOf('operator.manager@demo.local');
    const targetUserId = await idOf('former.manager@demo.local');
    expectError(await clone(OPA, {}), 400, [STAFF_MESSAGES.CLONE_INVALID]);
    expectError(await clone(OPA, { sourceUserId, targetUserId, sourceRole: 'OPERATOR_MANAGER' }), 400, [STAFF_MESSAGES.CLONE_INVALID]);
    expectError(await clone(OPA, { sourceUserId, targetUserId, sourceRole: 'OPERATOR_MANAGER', permissions: [] }), 400, [STAFF_MESSAGES.CLONE_INVALID]);
    expectError(await clone(OPA, { sourceUserId, targetUserId, permissions: ['players'] }), 400, [STAFF_MESSAGES.CLONE_INVALID]);
    expectError(await clone(OPA, { sourceUserId: 'x', targetUserId, sourceRole: 'OPERATOR_MANAGER', permissions: ['players'] }), 400, [STAFF_MESSAGES.CLONE_INVALID]);
  });

  it('the target must have the same role; only keys the source holds; both within the caller’s operators', async () => {
    const manager = await idOf('former.manager@demo.local');
    expectError(await clone(OPA, { sourceUserId: await idOf('brand.admin@demo.local'), targetUserId: manager, sourceRole: 'OPERATOR_ADMIN', permissions: ['players'] }), 400, [STAFF_MESSAGES.CLONE_SAME_ROLE]);
    expectError(await clone(OPA, { sourceUserId: await idOf('casino.manager@demo.local'), targetUserId: manager, sourceRole: 'OPERATOR_MANAGER', permissions: ['players', 'settings_admins'] }), 400, [STAFF_MESSAGES.CLONE_NOT_SOURCE]);
    expectError(await clone(OPA, { sourceUserId: await idOf('bravo.admin@demo.local'), targetUserId: manager, sourceRole: 'OPERATOR_ADMIN', permissions: ['players'] }), 404, [STAFF_MESSAGES.USER_NOT_FOUND]);
    expectError(await clone(OPA, { sourceUserId: manager, targetUserId: await idOf('bravo.admin@demo.local'), sourceRole: 'OPERATOR_MANAGER', permissions: ['players'] }), 404, [STAFF_MESSAGES.USER_NOT_FOUND]);
    expectError(await clone(OPM, { sourceUserId: manager, targetUserId: manager, sourceRole: 'OPERATOR_MANAGER', permissions: ['players'] }), 403, [MSG.NO_PERMISSION]);
    expectError(await clone(OPA, { sourceUserId: manager, targetUserId: manager, sourceRole: 'OPERATOR_MANAGER', permissions: ['players'] }), 400, [STAFF_MESSAGES.CLONE_SAME_USER]);
  });

  it('the target takes exactly the listed keys of the source', async () => {
    const source = await idOf('casino.manager@demo.local');
    const target = await idOf('former.manager@demo.local');
    const res = await clone(OPA, { sourceUserId: source, targetUserId: target, sourceRole: 'OPERATOR_MANAGER', permissions: ['players', 'documentsV2', 'players'] });
    expect(res.json()).toEqual({ success: true, data: { id: target, permissions: 2 }, messages: [STAFF_MESSAGES.CLONED] });
    const d = (await t.call('GET', `/api/users/details/${target}`, { as: SUPER })).json().data;
    expect(d.permissions.map((p: { key: string }) => p.key).sort()).toEqual(['documentsV2', 'players', ...SIGNED_IN_PAGES].sort());
    expect(await t.lastActivity()).toMatchObject({ action: 'USER_PERMISSIONS_CLONE', targetId: 'former.manager@demo.local', after: { source: 'casino.manager@demo.local' } });
  });
});

describe('migrate', () => {
  const migrate = (as: Login, body: Record<string, unknown>) => t.call('POST', '/api/users/migrate', { as, body });

  it('refuses a global role, a role the caller may not give, another operator, an inactive one, a partner operator', async () => {
    const adminId = await idOf('brand.admin@demo.local');
    expectError(await migrate(OPA, { adminId, opId: 'alpha-casino' }), 400, [STAFF_MESSAGES.ROLE_REQUIRED]);
    expectError(await migrate(OPA, { adminId, role: 'OPERATOR_ADMIN' }), 400, [STAFF_MESSAGES.ROLE_NEEDS_OPERATOR]);
    expectError(await migrate(SUPER, { adminId, opId: 'alpha-casino', role: 'ADMIN' }), 400, [STAFF_MESSAGES.MIGRATE_GLOBAL]);
    expectError(await migrate(OPA, { adminId, opId: 'alpha-partner', role: 'PARTNER' }), 403, [STAFF_MESSAGES.NO_PERMISSION]);
    expectError(await migrate(OPA, { adminId, opId: 'op-bravo', role: 'OPERATOR_ADMIN' }), 404, [MSG.OPERATOR_NOT_FOUND]);
    expectError(await migrate(SUPER, { adminId, opId: 'alpha-partner', role: 'OPERATOR_ADMIN' }), 400, [STAFF_MESSAGES.PARTNER_OPERATOR_ONLY_PARTNERS]);
    expectError(await migrate(SUPER, { adminId, opId: 'alpha-bet', role: 'OPERATOR_ADMIN' }), 400, [STAFF_MESSAGES.MIGRATE_SAME]);
    expectError(await migrate(OPA, { adminId: await idOf('bravo.admin@demo.local'), opId: 'alpha-casino', role: 'OPERATOR_ADMIN' }), 404, [STAFF_MESSAGES.USER_NOT_FOUND]);
    expectError(await migrate(OPM, { adminId, opId: 'alpha-casino', role: 'OPERATOR_ADMIN' }), 403, [MSG.NO_PERMISSION]);
    // A Super Admin account is not migrated (by a super admin either); another super admin is.
    const superId = await idOf(SUPER);
    const otherSuper = await t.call('POST', '/api/users', { as: SUPER, body: { email: 'second.super@demo.local', password: 'Second-Super-1', nickname: 'second super', role: 'SUPER_ADMIN' } });
    expect(otherSuper.statusCode, otherSuper.body).toBe(200);
    expectError(await migrate(SUPER, { adminId: otherSuper.json().data.id, opId: 'alpha-casino', role: 'OPERATOR_ADMIN' }), 403, [STAFF_MESSAGES.MIGRATE_SUPER_ADMIN]);
    expectError(await migrate(ADMIN, { adminId: superId, opId: 'alpha-casino', role: 'OPERATOR_ADMIN' }), 403, [STAFF_MESSAGES.NO_PERMISSION]);
    expect((await t.database.db.select().from(users).where(eq(users.email, 'second.super@demo.local')))[0]).toMatchObject({ role: 'SUPER_ADMIN', opId: null });
    await t.database.db.update(operators).set({ status: 'INACTIVE' }).where(eq(operators.opId, 'alpha-casino'));
    try {
      expectError(await migrate(OPA, { adminId, opId: 'alpha-casino', role: 'OPERATOR_ADMIN' }), 400, [STAFF_MESSAGES.OPERATOR_INACTIVE]);
    } finally {
      await t.database.db.update(operators).set({ status: 'ACTIVE' }).where(eq(operators.opId, 'alpha-casino'));
    }
  });

  it('moves the account to another of the caller’s operators; a new role brings its template', async () => {
    const email = 'brand.admin@demo.local';
    const adminId = await idOf(email);
    const res = await migrate(OPA, { adminId, opId: 'alpha-casino', role: 'OPERATOR_MANAGER' });
    expect(res.json()).toEqual({ success: true, data: { id: adminId, opId: 'alpha-casino', role: 'OPERATOR_MANAGER' }, messages: [STAFF_MESSAGES.MIGRATED] });
    const [u] = await t.database.db.select().from(users).where(eq(users.id, adminId));
    const [tpl] = await t.database.db.select().from(roleTemplates).where(eq(roleTemplates.id, u!.templateId!));
    expect(tpl!.name).toBe('OPERATOR_MANAGER');
    expect(await t.lastActivity()).toMatchObject({ action: 'USER_MIGRATE', targetId: email, before: { opId: 'alpha-bet', role: 'OPERATOR_ADMIN' }, after: { opId: 'alpha-casino', role: 'OPERATOR_MANAGER' } });
  });
});

describe('GET /api/users/me', () => {
  it("answers the caller's operators with opId and title (the assign-roles dialog's operator list)", async () => {
    const d = (await t.call('GET', '/api/users/me', { as: OPA })).json().data;
    expect(d.operators.map((o: { opId: string; title: string }) => [o.opId, o.title]).sort())
      .toEqual([['alpha-bet', 'AlphaBet'], ['alpha-casino', 'Alpha Casino'], ['alpha-partner', 'Alpha Partners'], ['op-alpha', 'Alpha Gaming']]);
  });
});

describe('general settings (/api/users/me/general)', () => {
  it("operator staff see their operator's general settings and brands; global roles no operator", async () => {
    const mine = (await t.call('GET', '/api/users/me/general', { as: OPA })).json().data;
    expect(mine.account).toMatchObject({ email: OPA, role: 'OPERATOR_ADMIN', playerSubInfoType: 'username', roundReportNumbers: false });
    expect(mine.operator).toMatchObject({ opId: 'op-alpha', title: 'Alpha Gaming', status: 'ACTIVE', parentTitle: null, requireTwoFactor: false });
    expect(mine.operator.brands.map((b: { title: string }) => b.title).sort()).toEqual(['Alpha Casino', 'AlphaBet']);
    expect(mine.operatorsInScope).toBe(4);
    const all = (await t.call('GET', '/api/users/me/general', { as: SUPER })).json().data;
    expect(all).toMatchObject({ operator: null, operatorsInScope: null });
    expectError(await t.call('GET', '/api/users/me/general', { as: OPM }), 403, [MSG.NO_PERMISSION]);
  });

  it("a brand's staff see their brand as it is: its status, its parent, and the parent's two-factor rule that covers them", async () => {
    const email = 'brand.ops@demo.local';
    const made = await t.call('POST', '/api/users', { as: SUPER, body: { email, password: 'Brand-Ops-2026', nickname: 'brand ops', role: 'OPERATOR_ADMIN', opId: 'alpha-bet' } });
    expect(made.statusCode, made.body).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Brand-Ops-2026' } });
    const cookie = `pitboss_session=${login.cookies.find((c) => c.name === 'pitboss_session')!.value}`;
    const general = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/users/me/general', headers: { cookie } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    expect(await general()).toMatchObject({
      account: { email, role: 'OPERATOR_ADMIN', playerSubInfoType: 'username' },
      operator: { opId: 'alpha-bet', title: 'AlphaBet', kind: 'BRAND', status: 'ACTIVE', parentTitle: 'Alpha Gaming', requireTwoFactor: false, brands: [] },
      operatorsInScope: 1,
    });
    // The parent's rule covers the brand's staff (this one has a second factor, so it keeps the console).
    await t.database.db.update(users).set({ totpSecret: 'JBSWY3DPEHPK3PXP', totpEnabledAt: new Date() }).where(eq(users.email, email));
    await t.database.db.update(operators).set({ requireTwoFactor: true }).where(eq(operators.opId, 'op-alpha'));
    await t.database.db.update(operators).set({ status: 'INACTIVE' }).where(eq(operators.opId, 'alpha-bet'));
    await invalidateOperators(t.database.db);
    try {
      expect((await general()).operator).toMatchObject({ opId: 'alpha-bet', status: 'INACTIVE', requireTwoFactor: true });
    } finally {
      await t.database.db.update(operators).set({ requireTwoFactor: false }).where(eq(operators.opId, 'op-alpha'));
      await t.database.db.update(operators).set({ status: 'ACTIVE' }).where(eq(operators.opId, 'alpha-bet'));
      await invalidateOperators(t.database.db);
    }
  });

  it('saves how the lists show players and report numbers; refuses a value it does not know', async () => {
    expectError(await t.call('PUT', '/api/users/me/general', { as: OPA, body: { playerSubInfoType: 'avatar', roundReportNumbers: true } }), 400, [GENERAL_MESSAGES.PLAYER_SUB_INFO_INVALID]);
    expectError(await t.call('PUT', '/api/users/me/general', { as: OPA, body: { playerSubInfoType: 'email', roundReportNumbers: 'yes' } }), 400, [GENERAL_MESSAGES.ROUND_REPORT_NUMBERS_INVALID]);
    const res = await t.call('PUT', '/api/users/me/general', { as: OPA, body: { playerSubInfoType: 'email', roundReportNumbers: true } });
    expect(res.json()).toEqual({ success: true, data: { playerSubInfoType: 'email', roundReportNumbers: true }, messages: [GENERAL_MESSAGES.SAVED] });
    expect(await t.lastActivity()).toMatchObject({ action: 'USER_SETTINGS_UPDATE', targetId: OPA, after: { playerSubInfoType: 'email' } });
    expect((await t.call('GET', '/api/users/me/general', { as: OPA })).json().data.account).toMatchObject({ playerSubInfoType: 'email', roundReportNumbers: true });
    expectError(await t.call('PUT', '/api/users/me/general', { as: OPM, body: { playerSubInfoType: 'email', roundReportNumbers: true } }), 403, [MSG.NO_PERMISSION]);
  });
});

describe('Hide User Activity', () => {
  it("a hidden account's actions are seen by SUPER_ADMIN and ADMIN only", async () => {
    const email = 'hidden.ops@demo.local';
    const made = await t.call('POST', '/api/users', { as: SUPER, body: { email, password: 'Hidden-Pass-1', nickname: 'hidden ops', role: 'OPERATOR_ADMIN', opId: 'op-alpha', isHidden: true } });
    expect(made.statusCode, made.body).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Hidden-Pass-1' } });
    const cookie = `pitboss_session=${login.cookies.find((c) => c.name === 'pitboss_session')!.value}`;
    const done = await t.app.inject({ method: 'PUT', url: '/api/users/me/general', headers: { cookie }, payload: { playerSubInfoType: 'code', roundReportNumbers: false } });
    expect(done.statusCode, done.body).toBe(200);
    const byHidden = async (as: Login) => ((await t.call('POST', '/api/activities/list', { as, body: { log: 'all', action: 'USER_SETTINGS_UPDATE', limit: 100 } })).json().data.items as { actorEmail: string }[])
      .filter((a) => a.actorEmail === email).length;
    expect(await byHidden(SUPER)).toBe(1);
    expect(await byHidden(ADMIN)).toBe(1);
    expect(await byHidden(OPA)).toBe(0);
  });
});

describe('background updates without a running queue', () => {
  it('a save made while no queue runs stays QUEUED and is handed over at the next start', async () => {
    const [tpl] = await t.database.db.select().from(roleTemplates).where(eq(roleTemplates.name, 'Support Desk'));
    const res = await t.call('PUT', '/api/users/roles', { as: SUPER, body: { roleId: tpl!.id, roleName: 'Support Desk', permissions: tpl!.permissions.slice(1) } });
    expect(res.statusCode, res.body).toBe(200);
    const jobId = res.json().data.jobId as string;
    expect(await unfinishedStaffJobs(t.database.db)).toContain(jobId);
    expect(await runStaffJob(t.database.db, jobId)).toBe('ROLE_SAVE Support Desk: done');
    expect(await unfinishedStaffJobs(t.database.db)).not.toContain(jobId);
    const [job] = await t.database.db.select().from(staffJobs).where(eq(staffJobs.id, jobId));
    expect(job).toMatchObject({ status: 'DONE', total: 0, done: 0 });
  });
});
