/**
 * Tenancy and permissions across every player and KYC call: a role without the right answers 403
 * with the no-permission message; another operator's records answer 404 as if they did not exist;
 * neither changes data or writes an audit record.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@pitboss/contract';
import type { TestApp } from './helpers.js';
import {
  ALPHA_SCOPE, BRAVO_SCOPE, PNG_BYTES, activityCount, addUsernameRequest, allPages, expectError, expectForbidden, getKyc, getPlayer,
  getUsernameRequest, pickKyc, pickPlayer, uploadForm, type Kyc, type Player,
  makeApp, OPA, OPM, BRAND, PARTNER, DEVOPS,
} from './support.js';

let t: TestApp;
beforeAll(async () => { t = await makeApp(); });
afterAll(async () => { await t.close(); });

const KYC = '/api/players/kyc/v2';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe('a role without the right is refused with 403 and changes nothing', () => {
  let p: Player;
  let k: Kyc;
  let email: Kyc;
  beforeAll(async () => {
    p = await pickPlayer(t, { opIds: ['op-alpha'], isDeleted: false, twoFactorEnabled: true });
    k = await pickKyc(t, { opIds: ['op-alpha'], status: 'PENDING' });
    email = await pickKyc(t, { opIds: ['op-alpha'], optionType: 'EMAIL' });
  });

  const cases: [string, string, Method, string, () => unknown][] = [
    ['devops@ lists players', DEVOPS, 'POST', '/api/players', () => ({})],
    ['devops@ opens a player', DEVOPS, 'POST', '/api/player', () => ({ playerCode: p.playerCode })],
    ['devops@ lists KYC', DEVOPS, 'POST', '/api/kyc/list', () => ({})],
    ['partner@ lists KYC', PARTNER, 'POST', '/api/kyc/list', () => ({})],
    ['partner@ opens a KYC record', PARTNER, 'POST', '/api/kyc/get', () => ({ kycId: k.id })],
    ['partner@ approves KYC', PARTNER, 'PUT', KYC, () => ({ action: 'approve', kycId: k.id, noteForPlayer: 'x' })],
    ['partner@ lists balances', PARTNER, 'POST', '/api/players/balances', () => ({})],
    ['partner@ lists usernames', PARTNER, 'POST', '/api/players/usernames/list', () => ({})],
    ['partner@ moderates a username', PARTNER, 'PUT', '/api/players/usernames', () => ({ playerCode: p.playerCode, username: 'abcdefg', status: 'APPROVE' })],
    ['partner@ deletes a player', PARTNER, 'DELETE', '/api/players/delete', () => ({ playerId: p.id, confirmation: p.playerCode })],
    ['partner@ resets 2FA', PARTNER, 'POST', '/api/players/2fa', () => ({ playerId: p.id, playerCode: p.playerCode })],
    ['operator.manager@ deletes a player (player_delete)', OPM, 'DELETE', '/api/players/delete', () => ({ playerId: p.id, confirmation: p.playerCode })],
    ['operator.manager@ resets 2FA (player_reset_2fa)', OPM, 'POST', '/api/players/2fa', () => ({ playerId: p.id, playerCode: p.playerCode })],
    ['operator.manager@ edits KYC (edit_kyc_data)', OPM, 'PUT', KYC, () => ({ action: 'edit', kycId: email.id, details: { email: 'x@y.zz' } })],
    ['operator.admin@ searches players (super and admin only)', OPA, 'POST', '/api/players/search', () => ({ playerCode: 'P1000' })],
    ['operator.admin@ reads a wallet (super and admin only)', OPA, 'POST', '/api/player/wallet', () => ({ playerCode: p.playerCode })],
    ['brand.admin@ searches players', BRAND, 'POST', '/api/players/search', () => ({ playerCode: 'P1000' })],
    ['devops@ reads the activity log', DEVOPS, 'POST', '/api/activities/list', () => ({ log: 'all' })],
    ['partner@ reads the player log', PARTNER, 'POST', '/api/activities/list', () => ({ log: 'player' })],
  ];

  it.each(cases)('%s', async (_name, as, method, url, body) => {
    const before = await activityCount(t);
    expectForbidden(await t.call(method, url, { as, body: body() }));
    expect(await activityCount(t)).toBe(before);
  });

  it('the records above are unchanged', async () => {
    expect(await getPlayer(t, p.id)).toMatchObject({ isDeleted: false, twoFactorEnabled: true });
    expect((await getKyc(t, k.id)).status).toBe('PENDING');
    expect((await getKyc(t, email.id)).data).toEqual(email.data);
  });

  it('operator.manager@ multipart upload is refused too', async () => {
    const img = await pickKyc(t, { opIds: ['op-alpha'], optionType: 'PASSPORT_COPY' });
    expectForbidden(await t.call('PUT', KYC, { as: OPM, body: uploadForm({ kycId: img.id, field: 'imageUrl' }, { name: 'a.png', type: 'image/png', bytes: PNG_BYTES }) }));
    expect((await getKyc(t, img.id)).data).toEqual(img.data);
  });
});

describe("another operator's records answer 404 and stay unchanged", () => {
  /** [who, the operators whose records they must not reach] */
  const OUTSIDERS: [string, readonly string[]][] = [
    [OPA, BRAVO_SCOPE],
    [BRAND, ['alpha-casino']],
    [BRAND, ['op-alpha']],
  ];

  describe.each(OUTSIDERS)('%s on %j', (as, opIds) => {
    it('player details by id and by code', async () => {
      const p = await pickPlayer(t, { opIds });
      expectError(await t.call('POST', '/api/player', { as, body: { playerId: p.id } }), 404, [MSG.PLAYER_NOT_FOUND]);
      expectError(await t.call('POST', '/api/player', { as, body: { playerCode: p.playerCode } }), 404, [MSG.PLAYER_NOT_FOUND]);
    });

    it('player list filtered by that player code is empty', async () => {
      const p = await pickPlayer(t, { opIds });
      const res = await t.call('POST', '/api/players', { as, body: { playerCode: p.playerCode } });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.items).toEqual([]);
    });

    it('delete, 2FA reset and username moderation', async () => {
      const p = await pickPlayer(t, { opIds, isDeleted: false, twoFactorEnabled: true, hasUsername: true });
      const req = await addUsernameRequest(t, p, 'outsider_name');
      const before = await activityCount(t);
      expectError(await t.call('DELETE', '/api/players/delete', { as, body: { playerId: p.id, confirmation: p.playerCode } }), 404, [MSG.PLAYER_NOT_FOUND]);
      expectError(await t.call('POST', '/api/players/2fa', { as, body: { playerId: p.id, playerCode: p.playerCode } }), 404, [MSG.PLAYER_NOT_FOUND]);
      expectError(await t.call('PUT', '/api/players/usernames', { as, body: { playerCode: p.playerCode, username: 'outsider_name', status: 'APPROVE' } }), 404, [MSG.PLAYER_NOT_FOUND]);
      expectError(await t.call('PUT', '/api/players/usernames', { as, body: { playerCode: p.playerCode, username: 'x', status: 'REJECT', note: 'no' } }), 404, [MSG.PLAYER_NOT_FOUND]);
      expect(await getPlayer(t, p.id)).toMatchObject({ isDeleted: false, twoFactorEnabled: true, username: p.username });
      expect((await getUsernameRequest(t, req.id)).status).toBe('PENDING');
      expect(await activityCount(t)).toBe(before);
    });

    it('KYC get, approve, reject, edit and upload', async () => {
      const k = await pickKyc(t, { opIds, status: 'PENDING' });
      const before = await activityCount(t);
      expectError(await t.call('POST', '/api/kyc/get', { as, body: { kycId: k.id } }), 404, [MSG.KYC_NOT_FOUND]);
      expectError(await t.call('PUT', KYC, { as, body: { action: 'approve', kycId: k.id, noteForPlayer: 'x' } }), 404, [MSG.KYC_NOT_FOUND]);
      expectError(await t.call('PUT', KYC, { as, body: { action: 'reject', kycId: k.id, noteForPlayer: 'x' } }), 404, [MSG.KYC_NOT_FOUND]);
      expectError(await t.call('PUT', KYC, { as, body: { action: 'edit', kycId: k.id, details: {} } }), 404, [MSG.KYC_NOT_FOUND]);
      const img = await pickKyc(t, { opIds, optionType: 'PASSPORT_COPY' });
      expectError(await t.call('PUT', KYC, { as, body: uploadForm({ kycId: img.id, field: 'imageUrl' }, { name: 'a.png', type: 'image/png', bytes: PNG_BYTES }) }), 404, [MSG.KYC_NOT_FOUND]);
      expect(await getKyc(t, k.id)).toMatchObject({ status: 'PENDING', data: k.data, noteForPlayer: k.noteForPlayer });
      expect((await getKyc(t, img.id)).data).toEqual(img.data);
      expect(await activityCount(t)).toBe(before);
    });

    it('every list call with that opId answers 404 with the operator message', async () => {
      const opId = opIds[0]!;
      for (const url of ['/api/players', '/api/kyc/list', '/api/players/usernames/list', '/api/players/balances']) {
        expectError(await t.call('POST', url, { as, body: { opId } }), 404, [MSG.OPERATOR_NOT_FOUND]);
        expectError(await t.call('POST', url, { as, body: { opId, includeBrands: true } }), 404, [MSG.OPERATOR_NOT_FOUND]);
      }
      expectError(await t.call('POST', '/api/activities/list', { as, body: { log: 'kyc', opId } }), 404, [MSG.OPERATOR_NOT_FOUND]);
      expectError(await t.call('GET', `/api/admin/badges?opId=${opId}`, { as }), 404, [MSG.OPERATOR_NOT_FOUND]);
      expectError(await t.call('POST', '/api/operators/show', { as, body: { opId } }), 404, [MSG.OPERATOR_NOT_FOUND]);
    });
  });
});

describe('list scope of each operator role', () => {
  it.each([
    ['/api/players'], ['/api/kyc/list'], ['/api/players/balances'], ['/api/players/usernames/list'],
  ])('%s: operator.admin@ without opId, with opId "*", and operator.manager@ stay inside op-alpha', async (url) => {
    for (const [as, body] of [[OPA, {}], [OPA, { opId: '*' }], [OPM, {}]] as const) {
      const items = await allPages<{ opId: string }>(t, url, as, body);
      expect(items.length).toBeGreaterThan(0);
      for (const x of items) expect(ALPHA_SCOPE).toContain(x.opId);
    }
  });

  it.each([['/api/players'], ['/api/kyc/list'], ['/api/players/balances']])('%s: brand.admin@ stays inside alpha-bet', async (url) => {
    const items = await allPages<{ opId: string }>(t, url, BRAND, {});
    expect(items.length).toBeGreaterThan(0);
    expect(new Set(items.map((x) => x.opId))).toEqual(new Set(['alpha-bet']));
  });

  it('partner@ reaches only its own operator', async () => {
    const res = await t.call('POST', '/api/players', { as: PARTNER, body: {} });
    expect(res.statusCode).toBe(200);
    // The players of its own site (the demo has some), none of its parent's.
    expect(res.json().data.items.length).toBeGreaterThan(0);
    for (const x of res.json().data.items as { opId: string }[]) expect(x.opId).toBe('alpha-partner');
    expectError(await t.call('POST', '/api/players', { as: PARTNER, body: { opId: 'op-alpha' } }), 404, [MSG.OPERATOR_NOT_FOUND]);
    expectError(await t.call('POST', '/api/players', { as: PARTNER, body: { opId: 'alpha-bet' } }), 404, [MSG.OPERATOR_NOT_FOUND]);
  });
});
