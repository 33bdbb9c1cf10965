import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { MSG, USERNAME_ADMIN_MAX } from '@pitboss/contract';
import { usernameRequests } from '../src/db/schema.js';
import type { TestApp } from './helpers.js';
import {
  ALPHA_PLAYER_OPS, ALPHA_SCOPE, BRAVO_SCOPE, activitiesOf, activityCount, addUsernameRequest, allPages, expectError, expectForbidden,
  getPlayer, getUsernameRequest, pickPlayer,
  makeApp, SA, ADMIN, OPA, OPM, BRAND, PARTNER,
} from './support.js';

let t: TestApp;
beforeAll(async () => { t = await makeApp(); });
afterAll(async () => { await t.close(); });

const URL = '/api/players/usernames';

describe('POST /api/players/usernames/list', () => {
  it('superadmin lists every request; the PENDING tab only pending ones', async () => {
    const all = await allPages<{ status: string }>(t, '/api/players/usernames/list', SA, {});
    const [n] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(usernameRequests);
    expect(all).toHaveLength(Number(n!.n));
    expect(all.length).toBeGreaterThan(0);
    const p = await pickPlayer(t, { opIds: ALPHA_PLAYER_OPS, hasUsername: true });
    const req = await addUsernameRequest(t, p, 'listed_name');
    await t.database.db.update(usernameRequests).set({ status: 'REJECT' }).where(eq(usernameRequests.id, req.id));
    const pending = await allPages<{ status: string; id: string }>(t, '/api/players/usernames/list', SA, { status: 'PENDING' });
    expect(pending.every((x) => x.status === 'PENDING')).toBe(true);
    expect(pending.map((x) => x.id)).not.toContain(req.id);
    const rejected = await allPages<{ status: string; id: string }>(t, '/api/players/usernames/list', SA, { status: 'REJECT' });
    expect(rejected.map((x) => x.id)).toContain(req.id);
    expect(rejected.every((x) => x.status === 'REJECT')).toBe(true);
  });

  it('items carry the requested, original and current usernames', async () => {
    const p = await pickPlayer(t, { opIds: ALPHA_PLAYER_OPS, hasUsername: true });
    const req = await addUsernameRequest(t, p, 'shape_check');
    const res = await t.call('POST', '/api/players/usernames/list', { as: OPA, body: { playerCode: p.playerCode } });
    expect(res.statusCode).toBe(200);
    const item = res.json().data.items.find((x: { id: string }) => x.id === req.id);
    expect(item).toMatchObject({
      id: req.id, playerId: p.id, playerCode: p.playerCode, opId: p.opId, username: 'shape_check', originalUsername: p.username,
      currentUsername: p.username, status: 'PENDING', note: null, moderatedBy: null, moderatedAt: null,
    });
  });

  it('operator.admin@ sees only its own operators; op-bravo answers 404', async () => {
    const p = await pickPlayer(t, { opIds: BRAVO_SCOPE, hasUsername: true });
    const bravoReq = await addUsernameRequest(t, p, 'bravo_request');
    const items = await allPages<{ opId: string; id: string }>(t, '/api/players/usernames/list', OPA, {});
    for (const x of items) expect(ALPHA_SCOPE).toContain(x.opId);
    expect(items.map((x) => x.id)).not.toContain(bravoReq.id);
    const [n] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(usernameRequests).where(inArray(usernameRequests.opId, [...ALPHA_SCOPE]));
    expect(items).toHaveLength(Number(n!.n));
    expectError(await t.call('POST', '/api/players/usernames/list', { as: OPA, body: { opId: 'op-bravo' } }), 404, [MSG.OPERATOR_NOT_FOUND]);
  });

  it('partner@ and devops@ are refused', async () => {
    expectForbidden(await t.call('POST', '/api/players/usernames/list', { as: PARTNER, body: {} }));
    expectForbidden(await t.call('POST', '/api/players/usernames/list', { as: 'devops@demo.local', body: {} }));
  });
});

describe('PUT /api/players/usernames', () => {
  it('operator.admin@ approves a valid username: player renamed, request closed, audited', async () => {
    const p = await pickPlayer(t, { opIds: ALPHA_PLAYER_OPS, hasUsername: true });
    const req = await addUsernameRequest(t, p, 'fresh_name');
    const res = await t.call('PUT', URL, { as: OPA, body: { playerCode: p.playerCode, username: 'fresh-name2', status: 'APPROVE' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { username: 'fresh-name2', status: 'APPROVE' }, messages: [MSG.USERNAME_UPDATED] });
    expect((await getPlayer(t, p.id)).username).toBe('fresh-name2');
    expect(await getUsernameRequest(t, req.id)).toMatchObject({ status: 'APPROVE', username: 'fresh-name2', moderatedBy: OPA, usernameRejectionReason: null });
    expect(await t.lastActivity()).toMatchObject({
      action: 'USERNAME_APPROVE', actorEmail: OPA, actorRole: 'OPERATOR_ADMIN', targetType: 'player', targetId: p.playerCode, opId: p.opId,
      before: { username: p.username, requested: 'fresh_name', status: 'PENDING' }, after: { username: 'fresh-name2', status: 'APPROVE', note: null },
    });
    // moderated once: a second decision answers 409
    const again = await t.call('PUT', URL, { as: OPA, body: { playerCode: p.playerCode, username: 'other_name', status: 'APPROVE' } });
    expectError(again, 409, [MSG.USERNAME_NOT_PENDING]);
    expect((await getPlayer(t, p.id)).username).toBe('fresh-name2');
  });

  it("REJECT with a note keeps the player's original username and records the reason", async () => {
    const p = await pickPlayer(t, { opIds: ALPHA_PLAYER_OPS, hasUsername: true });
    const req = await addUsernameRequest(t, p, 'wanted_name');
    const res = await t.call('PUT', URL, { as: OPA, body: { playerCode: p.playerCode, username: 'wanted_name', status: 'REJECT', note: 'Not allowed.' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ username: p.username, status: 'REJECT' });
    expect((await getPlayer(t, p.id)).username).toBe(p.username);
    expect(await getUsernameRequest(t, req.id)).toMatchObject({ status: 'REJECT', note: 'Not allowed.', usernameRejectionReason: 'Not allowed.', moderatedBy: OPA });
    expect(await t.lastActivity()).toMatchObject({
      action: 'USERNAME_REJECT', actorEmail: OPA, targetId: p.playerCode,
      before: { username: p.username, requested: 'wanted_name', status: 'PENDING' }, after: { username: p.username, status: 'REJECT', note: 'Not allowed.' },
    });
  });

  it('REJECT without a note → 400 Note for the player is required, nothing changes', async () => {
    const p = await pickPlayer(t, { opIds: ALPHA_PLAYER_OPS, hasUsername: true });
    const req = await addUsernameRequest(t, p, 'no_note_name');
    const before = await activityCount(t);
    const res = await t.call('PUT', URL, { as: OPA, body: { playerCode: p.playerCode, username: 'no_note_name', status: 'REJECT' } });
    expectError(res, 400, ['Note for the player is required']);
    expect((await getUsernameRequest(t, req.id)).status).toBe('PENDING');
    expect(await activityCount(t)).toBe(before);
  });

  it('a missing status → 400 Username status cannot be empty.', async () => {
    const p = await pickPlayer(t, { opIds: ALPHA_PLAYER_OPS, hasUsername: true });
    expectError(await t.call('PUT', URL, { as: OPA, body: { playerCode: p.playerCode, username: 'abcdef' } }), 400, ['Username status cannot be empty.']);
  });

  it('a non-super role approving an invalid username → 400, while admin@ may approve it', async () => {
    const p = await pickPlayer(t, { opIds: ALPHA_PLAYER_OPS, hasUsername: true });
    const req = await addUsernameRequest(t, p, '1st.player');
    const before = await activityCount(t);
    for (const as of [OPA, OPM]) {
      const res = await t.call('PUT', URL, { as, body: { playerCode: p.playerCode, username: '1st.player', status: 'APPROVE' } });
      expectError(res, 400, ['Invalid username, please enter valid characters...']);
    }
    expect((await getUsernameRequest(t, req.id)).status).toBe('PENDING');
    expect((await getPlayer(t, p.id)).username).toBe(p.username);
    expect(await activityCount(t)).toBe(before);
    const ok = await t.call('PUT', URL, { as: ADMIN, body: { playerCode: p.playerCode, username: '1st.player', status: 'APPROVE' } });
    expect(ok.statusCode).toBe(200);
    expect((await getPlayer(t, p.id)).username).toBe('1st.player');
    expect(await t.lastActivity()).toMatchObject({ action: 'USERNAME_APPROVE', actorEmail: ADMIN, actorRole: 'ADMIN', after: { username: '1st.player' } });
  });

  it('an empty username cannot be approved, even by a super role', async () => {
    const p = await pickPlayer(t, { opIds: ALPHA_PLAYER_OPS, hasUsername: true });
    await addUsernameRequest(t, p, 'some_name');
    expectError(await t.call('PUT', URL, { as: SA, body: { playerCode: p.playerCode, username: '', status: 'APPROVE' } }), 400, [MSG.USERNAME_INVALID]);
  });

  it(`a super role's username is free of the character rule but not of a length limit (${USERNAME_ADMIN_MAX} characters)`, async () => {
    const p = await pickPlayer(t, { opIds: ALPHA_PLAYER_OPS, hasUsername: true });
    const req = await addUsernameRequest(t, p, 'long_name');
    expectError(await t.call('PUT', URL, { as: SA, body: { playerCode: p.playerCode, username: 'u'.repeat(USERNAME_ADMIN_MAX + 1), status: 'APPROVE' } }), 400, [MSG.USERNAME_INVALID]);
    expect((await getUsernameRequest(t, req.id)).status).toBe('PENDING');
    expect((await getPlayer(t, p.id)).username).toBe(p.username);
    const ok = await t.call('PUT', URL, { as: SA, body: { playerCode: p.playerCode, username: 'u'.repeat(USERNAME_ADMIN_MAX), status: 'APPROVE' } });
    expect(ok.statusCode).toBe(200);
    expect((await getPlayer(t, p.id)).username).toBe('u'.repeat(USERNAME_ADMIN_MAX));
  });

  it('operator.manager@ may moderate (player_usernames_moderate)', async () => {
    const p = await pickPlayer(t, { opIds: ALPHA_PLAYER_OPS, hasUsername: true });
    await addUsernameRequest(t, p, 'manager_ok');
    const res = await t.call('PUT', URL, { as: OPM, body: { playerCode: p.playerCode, username: 'manager_ok', status: 'APPROVE' } });
    expect(res.statusCode).toBe(200);
    expect(await t.lastActivity()).toMatchObject({ action: 'USERNAME_APPROVE', actorEmail: OPM });
  });

  it('a player without a pending request answers 409', async () => {
    const p = await pickPlayer(t, { opIds: ALPHA_PLAYER_OPS, hasUsername: true });
    await t.database.db.delete(usernameRequests).where(eq(usernameRequests.playerId, p.id));
    expectError(await t.call('PUT', URL, { as: OPA, body: { playerCode: p.playerCode, username: 'abcdefg', status: 'APPROVE' } }), 409, [MSG.USERNAME_NOT_PENDING]);
  });

  it("another operator's player answers 404 and keeps the request pending", async () => {
    const p = await pickPlayer(t, { opIds: BRAVO_SCOPE, hasUsername: true });
    const req = await addUsernameRequest(t, p, 'bravo_name');
    const logged = await activitiesOf(t, p.playerCode);
    expectError(await t.call('PUT', URL, { as: OPA, body: { playerCode: p.playerCode, username: 'bravo_name', status: 'APPROVE' } }), 404, [MSG.PLAYER_NOT_FOUND]);
    expect((await getUsernameRequest(t, req.id)).status).toBe('PENDING');
    expect(await activitiesOf(t, p.playerCode)).toEqual(logged);
  });

  it('brand.admin@ cannot moderate an alpha-casino player', async () => {
    const p = await pickPlayer(t, { opIds: ['alpha-casino'], hasUsername: true });
    const req = await addUsernameRequest(t, p, 'casino_name');
    expectError(await t.call('PUT', URL, { as: BRAND, body: { playerCode: p.playerCode, username: 'casino_name', status: 'APPROVE' } }), 404, [MSG.PLAYER_NOT_FOUND]);
    expect((await getUsernameRequest(t, req.id)).status).toBe('PENDING');
  });

  it('two concurrent decisions on one request: exactly one 200 and one 409, one audit row', async () => {
    const p = await pickPlayer(t, { opIds: ALPHA_PLAYER_OPS, hasUsername: true });
    await t.database.db.delete(usernameRequests).where(eq(usernameRequests.playerId, p.id));
    const req = await addUsernameRequest(t, p, 'race_name');
    await t.cookie(OPA); await t.cookie(OPM);
    const [a, b] = await Promise.all([
      t.call('PUT', URL, { as: OPA, body: { playerCode: p.playerCode, username: 'race_name', status: 'APPROVE' } }),
      t.call('PUT', URL, { as: OPM, body: { playerCode: p.playerCode, username: 'race_name', status: 'REJECT', note: 'no' } }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().messages).toEqual([MSG.USERNAME_NOT_PENDING]);
    const stored = await getUsernameRequest(t, req.id);
    const player = await getPlayer(t, p.id);
    if (stored.status === 'APPROVE') expect(player.username).toBe('race_name');
    else expect([stored.status, player.username]).toEqual(['REJECT', p.username]);
    const acts = (await activitiesOf(t, p.playerCode)).filter((x) => x.action === 'USERNAME_APPROVE' || x.action === 'USERNAME_REJECT');
    expect(acts).toHaveLength(1);
  });

  it('a note over 200 characters is refused', async () => {
    const p = await pickPlayer(t, { opIds: ALPHA_PLAYER_OPS, hasUsername: true });
    await addUsernameRequest(t, p, 'long_note');
    expectError(await t.call('PUT', URL, { as: OPA, body: { playerCode: p.playerCode, username: 'long_note', status: 'REJECT', note: 'n'.repeat(201) } }), 400, ['Note must be at most 200 characters.']);
  });

  it('partner@ and devops@ are refused', async () => {
    expectForbidden(await t.call('PUT', URL, { as: PARTNER, body: { playerCode: 'P100001', username: 'abcdefg', status: 'APPROVE' } }));
    expectForbidden(await t.call('PUT', URL, { as: 'devops@demo.local', body: { playerCode: 'P100001', username: 'abcdefg', status: 'APPROVE' } }));
  });
});
