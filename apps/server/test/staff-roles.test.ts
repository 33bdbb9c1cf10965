/**
 * Role templates and the permission catalogue (002 §2–§9): who sees and changes what, the rules
 * and messages of a save, and the background job that updates existing accounts (with its progress).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG, PERMISSION_MESSAGES, ROLE_MESSAGES, STAFF_MESSAGES, type RoleTemplateRow, type StaffJobRow } from '@pitboss/contract';
import { permissions, roleTemplates, users } from '../src/db/schema.js';
import { expectError, makeApp, until } from './support.js';
import type { Login, TestApp } from './helpers.js';

const SUPER: Login = 'superadmin@demo.local';
const ADMIN: Login = 'admin@demo.local';
const OPA: Login = 'operator.admin@demo.local';
const OPM: Login = 'operator.manager@demo.local';
const DEVOPS: Login = 'devops@demo.local';

let t: TestApp;
beforeAll(async () => { t = await makeApp({ jobs: true }); });
afterAll(async () => { await t.close(); });

const db = () => t.database.db;
const templates = async (as: Login) => (await t.call('GET', '/api/users/roles/list', { as })).json().data.items as RoleTemplateRow[];
const templateId = async (name: string) => (await db().select({ id: roleTemplates.id }).from(roleTemplates).where(eq(roleTemplates.name, name)))[0]!.id;
const permissionId = async (key: string) => (await db().select({ id: permissions.id }).from(permissions).where(eq(permissions.key, key)))[0]!.id;
const userOf = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0]!;
const jobDone = (as: Login, jobId: string) => until(`job ${jobId}`, async () => ((await t.call('GET', '/api/users/permission-jobs', { as })).json().data.items as StaffJobRow[]).find((j) => j.id === jobId), (j) => j?.status === 'DONE');
const save = (as: Login, body: Record<string, unknown>) => t.call('PUT', '/api/users/roles', { as, body });
const savePermission = (as: Login, body: Record<string, unknown>) => t.call('POST', '/api/users/permissions-v2', { as, body });

describe('role templates: list and details', () => {
  it('SUPER_ADMIN and ADMIN see every role; operator admins the roles they may give; others are refused', async () => {
    expect((await templates(SUPER)).map((x) => x.name)).toEqual(['SUPER_ADMIN', 'ADMIN', 'OPERATOR_ADMIN', 'OPERATOR_MANAGER', 'Support Desk', 'PARTNER', 'DEV_OPS']);
    expect((await templates(ADMIN)).length).toBe(7);
    const mine = await templates(OPA);
    expect(mine.map((x) => x.name)).toEqual(['OPERATOR_ADMIN', 'OPERATOR_MANAGER', 'Support Desk']);
    expect(mine.find((x) => x.name === 'OPERATOR_MANAGER')).toMatchObject({ baseRole: 'OPERATOR_MANAGER', userCount: 4 });
    expectError(await t.call('GET', '/api/users/roles/list', { as: OPM }), 403, [MSG.NO_PERMISSION]);
    expectError(await t.call('GET', '/api/users/roles/list', { as: DEVOPS }), 403, [MSG.NO_PERMISSION]);
  });

  it('Role Details: active permissions by name; the allowed roles and the whole catalogue for SUPER_ADMIN and ADMIN only', async () => {
    const id = await templateId('OPERATOR_MANAGER');
    const full = (await t.call('GET', `/api/users/roles?role=${id}`, { as: ADMIN })).json().data;
    expect(full.permissions.players).toEqual({ name: 'players', desc: 'Players page', tags: ['players'], allowedRoles: ['SUPER_ADMIN', 'ADMIN', 'OPERATOR_ADMIN', 'OPERATOR_MANAGER', 'PARTNER'] });
    expect(full.all.some((p: { name: string }) => p.name === 'settings_dev')).toBe(true);
    const mine = (await t.call('GET', `/api/users/roles?role=${id}`, { as: OPA })).json().data;
    expect(mine.permissions.players).toEqual({ name: 'players', desc: 'Players page', tags: ['players'] });
    expect(mine.all.some((p: { name: string }) => p.name === 'settings_dev')).toBe(false);
    expect(mine.all.length).toBeLessThan(full.all.length);
    expectError(await t.call('GET', `/api/users/roles?role=${await templateId('SUPER_ADMIN')}`, { as: OPA }), 404, [ROLE_MESSAGES.NOT_FOUND]);
    expectError(await t.call('GET', '/api/users/roles?role=nope', { as: OPA }), 400, [ROLE_MESSAGES.NOT_FOUND]);
  });
});

describe('role templates: save (PUT /api/users/roles)', () => {
  it('refuses callers without the update right, unknown keys, keys not allowed for the role, keys the caller lacks, and a Super Admin template without its roles page', async () => {
    const id = await templateId('OPERATOR_MANAGER');
    const keys = (await db().select().from(roleTemplates).where(eq(roleTemplates.id, id)))[0]!.permissions;
    expectError(await save(ADMIN, { roleId: id, roleName: 'OPERATOR_MANAGER', permissions: keys }), 403, [MSG.NO_PERMISSION]);
    expectError(await save(OPM, { roleId: id, roleName: 'OPERATOR_MANAGER', permissions: keys }), 403, [MSG.NO_PERMISSION]);
    expectError(await save(OPA, { roleId: id, roleName: ' ', permissions: keys }), 400, [ROLE_MESSAGES.NAME_REQUIRED]);
    expectError(await save(OPA, { roleId: id, roleName: 'OPERATOR_MANAGER', permissions: [...keys, 'no_such_key'] }), 400, [ROLE_MESSAGES.unknownPermission('no_such_key')]);
    expectError(await save(OPA, { roleId: id, roleName: 'OPERATOR_MANAGER', permissions: [...keys, 'settings_dev'] }), 400, [ROLE_MESSAGES.notAllowedForRole('settings_dev', 'OPERATOR_MANAGER')]);
    expectError(await save(OPA, { roleId: id, roleName: 'OPERATOR_MANAGER', permissions: [...keys, 'support_ticket_escalate'] }), 403, [ROLE_MESSAGES.ONLY_OWN]);
    expectError(await save(OPA, { roleId: await templateId('DEV_OPS'), roleName: 'DEV_OPS', permissions: [] }), 404, [ROLE_MESSAGES.NOT_FOUND]);
    expectError(await save(OPA, { roleId: id, roleName: 'Support Desk', permissions: keys }), 409, [ROLE_MESSAGES.NAME_TAKEN]);
    const superId = await templateId('SUPER_ADMIN');
    const superKeys = (await db().select().from(roleTemplates).where(eq(roleTemplates.id, superId)))[0]!.permissions;
    expectError(await save(SUPER, { roleId: superId, roleName: 'SUPER_ADMIN', permissions: superKeys.filter((k) => k !== 'settings_roles_update') }), 400, [ROLE_MESSAGES.SUPER_LOCK]);
    expect((await db().select().from(roleTemplates).where(eq(roleTemplates.id, id)))[0]!.permissions).toEqual(keys);
  });

  it('applies at once to signed-in accounts; a background job tidies the accounts of the role, with its progress', async () => {
    const id = await templateId('OPERATOR_MANAGER');
    const keys = (await db().select().from(roleTemplates).where(eq(roleTemplates.id, id)))[0]!.permissions;
    await db().update(users).set({ extraPermissions: ['edit_kyc_data'], revokedPermissions: ['brands'] }).where(eq(users.email, OPM));
    const next = [...keys.filter((k) => k !== 'brands'), 'edit_kyc_data'];
    const res = await save(OPA, { roleId: id, roleName: 'OPERATOR_MANAGER', permissions: next });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, messages: [ROLE_MESSAGES.SAVED], warnings: [ROLE_MESSAGES.WAIT], data: { id, name: 'OPERATOR_MANAGER', permissions: new Set(next).size } });
    expect(await t.lastActivity()).toMatchObject({ action: 'ROLE_UPDATE', targetType: 'role', targetId: 'OPERATOR_MANAGER', before: { removed: ['brands'] }, after: { added: ['edit_kyc_data'] } });
    const job = await jobDone(OPA, body.data.jobId);
    expect(job).toMatchObject({ kind: 'ROLE_SAVE', subject: 'OPERATOR_MANAGER', total: 4, done: 4, createdBy: OPA });
    expect(await userOf(OPM)).toMatchObject({ extraPermissions: [], revokedPermissions: [] });
    const me = (await t.call('GET', '/api/users/me', { as: OPM })).json().data.user;
    expect(me.permissions).toContain('edit_kyc_data');
    expect(me.permissions).not.toContain('brands');
  });
});

describe('role templates: delete', () => {
  it('refuses a template accounts still use, then deletes an unused one', async () => {
    expectError(await t.call('DELETE', `/api/users/roles?templateId=${await templateId('OPERATOR_MANAGER')}`, { as: OPA }), 409, [ROLE_MESSAGES.inUse(4)]);
    const spare = await templateId('Support Desk');
    expectError(await t.call('DELETE', `/api/users/roles?templateId=${spare}`, { as: ADMIN }), 403, [MSG.NO_PERMISSION]);
    const res = await t.call('DELETE', `/api/users/roles?templateId=${spare}`, { as: OPA });
    expect(res.json()).toEqual({ success: true, data: { id: spare, deleted: true }, messages: [ROLE_MESSAGES.DELETED] });
    expect(await t.lastActivity()).toMatchObject({ action: 'ROLE_DELETE', targetId: 'Support Desk' });
    expectError(await t.call('DELETE', `/api/users/roles?templateId=${spare}`, { as: OPA }), 404, [ROLE_MESSAGES.NOT_FOUND]);
  });
});

describe('permission catalogue', () => {
  it('lists and filters for holders of the page only', async () => {
    const res = await t.call('POST', '/api/users/permissions-v2/list', { as: SUPER, body: { search: 'vip' } });
    expect(res.json().data.items.map((p: { key: string }) => p.key)).toEqual(['reports_vip_view']);
    const tagged = (await t.call('POST', '/api/users/permissions-v2/list', { as: SUPER, body: { tag: 'Support', limit: 100 } })).json().data.items;
    expect(tagged.map((p: { key: string }) => p.key)).toContain('support_ticket_escalate');
    expect(tagged.find((p: { key: string }) => p.key === 'support_ticket_escalate')).toMatchObject({ builtIn: false, tags: ['support'] });
    expectError(await t.call('POST', '/api/users/permissions-v2/list', { as: OPA, body: {} }), 403, [MSG.NO_PERMISSION]);
  });

  it('key, description, tags and at least one allowed role are required, with one message', async () => {
    const valid = { key: 'bonus_manual_grant', description: 'Grant a bonus by hand', tags: ['bonus'], allowedRoles: ['SUPER_ADMIN'] };
    for (const patch of [{ key: '' }, { key: undefined }, { description: ' ' }, { tags: [] }, { tags: ' , ' }, { allowedRoles: [] }, { allowedRoles: undefined }]) {
      expectError(await savePermission(SUPER, { ...valid, ...patch }), 400, [PERMISSION_MESSAGES.INVALID]);
    }
    expectError(await savePermission(SUPER, { ...valid, key: 'bad key' }), 400, [PERMISSION_MESSAGES.KEY_PATTERN]);
    expectError(await savePermission(OPA, valid), 403, [MSG.NO_PERMISSION]);
    expectError(await savePermission(DEVOPS, valid), 403, [MSG.NO_PERMISSION]);
  });

  it('creates with tags from a comma list; the key is taken once and cannot change on edit', async () => {
    const res = await savePermission(ADMIN, { key: 'bonus_manual_grant', description: 'Grant a bonus by hand', tags: 'Bonus, manual', allowedRoles: ['ADMIN', 'SUPER_ADMIN'] });
    expect(res.json()).toMatchObject({ success: true, messages: [PERMISSION_MESSAGES.SAVED], data: { key: 'bonus_manual_grant', tags: ['bonus', 'manual'], allowedRoles: ['SUPER_ADMIN', 'ADMIN'], builtIn: false, jobId: null } });
    expect(await t.lastActivity()).toMatchObject({ action: 'PERMISSION_CREATE', targetType: 'permission', targetId: 'bonus_manual_grant' });
    expectError(await savePermission(SUPER, { key: 'bonus_manual_grant', description: 'x', tags: ['x'], allowedRoles: ['ADMIN'] }), 409, [PERMISSION_MESSAGES.KEY_TAKEN]);
    const permissionId = res.json().data.id;
    expectError(await savePermission(SUPER, { permissionId, key: 'bonus_grant', description: 'x', tags: ['x'], allowedRoles: ['ADMIN'] }), 400, [PERMISSION_MESSAGES.KEY_FIXED]);
    expectError(await savePermission(SUPER, { permissionId: await permissionId_('players'), key: 'players', description: 'Players', tags: ['players'], allowedRoles: ['ADMIN'] }), 400, [PERMISSION_MESSAGES.SUPER_ALWAYS]);
  });

  it('required menu items (002 §3): a list or a comma list of the menu\'s item keys, read back in the menu\'s order; kept by an edit that omits them; an unknown key is refused by name', async () => {
    const read = async (key: string) => ((await t.call('POST', '/api/users/permissions-v2/list', { as: SUPER, body: { search: key } })).json().data.items as { key: string; requiredMenuItems: string[] }[])
      .find((p) => p.key === key)!;
    // The built-in entry of the brands menu's component permission (000 §6) lists it.
    expect((await read('brands_access')).requiredMenuItems).toEqual(['/brands']);
    const base = { key: 'reports_menu_extra', description: 'Extra report columns', tags: ['reports'], allowedRoles: ['SUPER_ADMIN'] };
    const made = await savePermission(SUPER, { ...base, requiredMenuItems: '/reports/transactions, /players' });
    expect(made.json(), made.body).toMatchObject({ success: true, data: { key: base.key, requiredMenuItems: ['/reports/transactions', '/players'] } });
    expect(await t.lastActivity()).toMatchObject({ action: 'PERMISSION_CREATE', targetId: base.key, after: { requiredMenuItems: ['/reports/transactions', '/players'] } });
    expect((await read(base.key)).requiredMenuItems).toEqual(['/reports/transactions', '/players']);
    const permissionId = made.json().data.id as string;
    // An edit without the field keeps it; a list replaces it; an empty list clears it.
    expect((await savePermission(SUPER, { ...base, permissionId, description: 'Extra columns' })).json().data.requiredMenuItems).toEqual(['/reports/transactions', '/players']);
    expect((await savePermission(SUPER, { ...base, permissionId, requiredMenuItems: ['/brands'] })).json().data.requiredMenuItems).toEqual(['/brands']);
    expect(await t.lastActivity()).toMatchObject({ action: 'PERMISSION_UPDATE', before: { requiredMenuItems: ['/reports/transactions', '/players'] }, after: { requiredMenuItems: ['/brands'] } });
    // A path that is no menu item (unknown, a detail page, a page not built) is refused by name; nothing changes.
    for (const bad of ['/nowhere', '/players/:playerCode', 'players']) {
      expectError(await savePermission(SUPER, { ...base, permissionId, requiredMenuItems: ['/players', bad] }), 400, [PERMISSION_MESSAGES.unknownMenuItem(bad)]);
    }
    expectError(await savePermission(SUPER, { ...base, permissionId, requiredMenuItems: 7 }), 400, [PERMISSION_MESSAGES.INVALID]);
    expect((await read(base.key)).requiredMenuItems).toEqual(['/brands']);
    expect((await savePermission(SUPER, { ...base, permissionId, requiredMenuItems: [] })).json().data.requiredMenuItems).toEqual([]);
  });

  it('a role taken away leaves its templates and accounts in a background job', async () => {
    const key = 'support_ticket_escalate';
    const id = await templateId('OPERATOR_MANAGER');
    const keys = (await db().select().from(roleTemplates).where(eq(roleTemplates.id, id)))[0]!.permissions;
    const saved = await save(SUPER, { roleId: id, roleName: 'OPERATOR_MANAGER', permissions: [...keys, key] });
    expect(saved.statusCode).toBe(200);
    // The role's own job first (it would drop the extra key below, the template holding it).
    await jobDone(SUPER, saved.json().data.jobId);
    await db().update(users).set({ extraPermissions: [key] }).where(eq(users.email, 'bravo.manager@demo.local'));
    const res = await savePermission(SUPER, { permissionId: await permissionId(key), key, description: 'Escalate a ticket', tags: ['support'], allowedRoles: ['SUPER_ADMIN', 'ADMIN', 'OPERATOR_ADMIN'] });
    expect(res.json()).toMatchObject({ success: true, warnings: [ROLE_MESSAGES.WAIT], data: { allowedRoles: ['SUPER_ADMIN', 'ADMIN', 'OPERATOR_ADMIN'] } });
    expect(await t.lastActivity()).toMatchObject({ action: 'PERMISSION_UPDATE', targetId: key });
    const job = await jobDone(SUPER, res.json().data.jobId);
    expect(job).toMatchObject({ kind: 'PERMISSION_SAVE', subject: key, total: 1, done: 1 });
    expect((await db().select().from(roleTemplates).where(eq(roleTemplates.id, id)))[0]!.permissions).not.toContain(key);
    expect((await userOf('bravo.manager@demo.local')).extraPermissions).toEqual([]);
  });

  it('deletes a permission staff added (never one the console checks); templates and accounts lose it in a background job', async () => {
    expectError(await t.call('DELETE', `/api/users/permissions-v2?permissionId=${await permissionId('players')}`, { as: SUPER }), 400, [PERMISSION_MESSAGES.BUILT_IN]);
    const key = 'reports_vip_view';
    const id = await templateId('OPERATOR_ADMIN');
    const keys = (await db().select().from(roleTemplates).where(eq(roleTemplates.id, id)))[0]!.permissions;
    expect((await save(SUPER, { roleId: id, roleName: 'OPERATOR_ADMIN', permissions: [...keys, key] })).statusCode).toBe(200);
    const pid = await permissionId(key);
    expectError(await t.call('DELETE', `/api/users/permissions-v2?permissionId=${pid}`, { as: OPA }), 403, [MSG.NO_PERMISSION]);
    const res = await t.call('DELETE', `/api/users/permissions-v2?permissionId=${pid}`, { as: SUPER });
    expect(res.json()).toMatchObject({ success: true, data: { id: pid, deleted: true }, messages: [PERMISSION_MESSAGES.DELETED] });
    await jobDone(SUPER, res.json().data.jobId);
    expect((await db().select().from(roleTemplates).where(eq(roleTemplates.id, id)))[0]!.permissions).not.toContain(key);
    expectError(await t.call('DELETE', `/api/users/permissions-v2?permissionId=${pid}`, { as: SUPER }), 404, [PERMISSION_MESSAGES.NOT_FOUND]);
  });

  it("operator staff see the background updates without who started others' ones", async () => {
    const seen = async (as: Login) => ((await t.call('GET', '/api/users/permission-jobs', { as })).json().data.items as StaffJobRow[])
      .map((j) => [j.id, j.createdBy] as const);
    const all = new Map(await seen(SUPER));
    const mine = await seen(OPA);
    // The same jobs, with the names of those who started them shown for the operator admin's own only.
    expect(mine.map(([id]) => id)).toEqual([...all.keys()]);
    const others = [...all].filter(([, by]) => by !== OPA);
    expect(mine.filter(([, by]) => by === OPA).length).toBeGreaterThan(0);
    expect(others.length).toBeGreaterThan(0);
    for (const [id, by] of mine) expect(by).toBe(all.get(id) === OPA ? OPA : null);
    expectError(await t.call('GET', '/api/users/permission-jobs', { as: OPM }), 403, [STAFF_MESSAGES.NO_PERMISSION]);
  });
});

const permissionId_ = permissionId;
