import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { KYC_IMAGE_FIELDS, KYC_STATUSES, MSG, PLATFORM_MESSAGES, kycImageKind } from '@pitboss/contract';
import { files, kycRecords } from '../src/db/schema.js';
import type { TestApp } from './helpers.js';
import { rowsOf } from '../src/lib/query.js';
import {
  ALPHA_PLAYER_OPS, ALPHA_SCOPE, BRAVO_SCOPE, JPEG_BYTES, PNG_BYTES, activitiesOf, activityCount, allPages, expectError, expectForbidden, getKyc,
  imageOfSize, pickKyc, uploadForm,
  makeApp, SA, ADMIN, OPA, OPM, BRAND, PARTNER,
} from './support.js';

let t: TestApp;
beforeAll(async () => { t = await makeApp(); });
afterAll(async () => { await t.close(); });

const KYC = '/api/players/kyc/v2';

async function countKyc(where?: SQL) {
  const [r] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(kycRecords).where(where);
  return Number(r!.n);
}

describe('POST /api/kyc/list', () => {
  it('superadmin gets a page of records with the KycRecord shape', async () => {
    const res = await t.call('POST', '/api/kyc/list', { as: SA, body: { limit: 10 } });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({ count: 10, remaining: true, page: 1, limit: 10 });
    expect(Object.keys(d.items[0]).sort()).toEqual([
      'approvedAt', 'approvedBy', 'createdAt', 'data', 'holder', 'isTest', 'kycId', 'kycStatus', 'level', 'noteForPlayer', 'opId', 'optionType', 'player',
      'playerCode', 'playerId', 'rejectedAt', 'rejectedBy', 'updatedAt',
    ]);
  });

  it.each(KYC_STATUSES.map((s) => [s]))('the %s tab returns only that status, all of them', async (status) => {
    const items = await allPages<{ kycStatus: string }>(t, '/api/kyc/list', SA, { status });
    expect(items.length).toBe(await countKyc(eq(kycRecords.status, status)));
    expect(items.length).toBeGreaterThan(0);
    expect(new Set(items.map((x) => x.kycStatus))).toEqual(new Set([status]));
  });

  it('filters by option type and player code', async () => {
    const items = await allPages<{ optionType: string; playerCode: string }>(t, '/api/kyc/list', SA, { optionType: 'EMAIL' });
    expect(items.length).toBe(await countKyc(eq(kycRecords.optionType, 'EMAIL')));
    expect(items.every((x) => x.optionType === 'EMAIL')).toBe(true);
    const code = items[0]!.playerCode;
    const one = await allPages<{ playerCode: string }>(t, '/api/kyc/list', SA, { playerCode: code });
    expect(one.length).toBeGreaterThan(0);
    expect(one.every((x) => x.playerCode === code)).toBe(true);
  });

  it("isTest 'true' returns only test players' documents", async () => {
    const items = await allPages<{ isTest: boolean }>(t, '/api/kyc/list', SA, { isTest: 'true' });
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((x) => x.isTest)).toBe(true);
    const real = await allPages<{ isTest: boolean }>(t, '/api/kyc/list', SA, { isTest: 'false' });
    expect(items.length + real.length).toBe(await countKyc());
  });

  it('paging: page 1 and 2 are disjoint; remaining turns false on the last page', async () => {
    const p1 = (await t.call('POST', '/api/kyc/list', { as: SA, body: { page: 1, limit: 25 } })).json().data;
    const p2 = (await t.call('POST', '/api/kyc/list', { as: SA, body: { page: 2, limit: 25 } })).json().data;
    const ids1 = p1.items.map((x: { kycId: string }) => x.kycId);
    const ids2 = p2.items.map((x: { kycId: string }) => x.kycId);
    expect(ids1).toHaveLength(25);
    expect(ids2).toHaveLength(25);
    expect(ids1.filter((x: string) => ids2.includes(x))).toEqual([]);
    expect(p1.remaining).toBe(true);
    const total = await countKyc();
    const last = Math.ceil(total / 25);
    const lastPage = (await t.call('POST', '/api/kyc/list', { as: SA, body: { page: last, limit: 25 } })).json().data;
    expect(lastPage.remaining).toBe(false);
    expect(lastPage.count).toBe(total - (last - 1) * 25);
    expect((await t.call('POST', '/api/kyc/list', { as: SA, body: { page: last - 1, limit: 25 } })).json().data.remaining).toBe(true);
  });

  it('operator.admin@ sees only its own operators; another operator answers 404', async () => {
    const items = await allPages<{ opId: string }>(t, '/api/kyc/list', OPA, {});
    expect(items.length).toBe(await countKyc(inArray(kycRecords.opId, [...ALPHA_SCOPE])));
    for (const x of items) expect(ALPHA_SCOPE).toContain(x.opId);
    expectError(await t.call('POST', '/api/kyc/list', { as: OPA, body: { opId: 'op-bravo' } }), 404, [MSG.OPERATOR_NOT_FOUND]);
    const own = await allPages<{ opId: string }>(t, '/api/kyc/list', OPA, { opId: 'op-alpha', includeBrands: false });
    expect(new Set(own.map((x) => x.opId))).toEqual(new Set(['op-alpha']));
  });

  it('brand.admin@ sees only alpha-bet', async () => {
    const items = await allPages<{ opId: string }>(t, '/api/kyc/list', BRAND, {});
    expect(items.length).toBeGreaterThan(0);
    expect(new Set(items.map((x) => x.opId))).toEqual(new Set(['alpha-bet']));
  });

  it('partner@ and devops@ are refused', async () => {
    expectForbidden(await t.call('POST', '/api/kyc/list', { as: PARTNER, body: {} }));
    expectForbidden(await t.call('POST', '/api/kyc/list', { as: 'devops@demo.local', body: {} }));
  });

  it('refuses an unknown status', async () => {
    expect((await t.call('POST', '/api/kyc/list', { as: SA, body: { status: 'APPROVED' } })).statusCode).toBe(400);
  });
});

describe("an operator's KYC pages (its brands merged per operator, the list's joins in each operator's scan)", () => {
  it('are its newest documents in order by cursor and by offset, with or without a filter on the joined player', async () => {
    for (const isTest of [undefined, 'false'] as const) {
      const want = (await rowsOf<{ id: string }>(t.database.db, sql`select k.id from kyc_records k join players p on p.id = k.player_id
        where k.op_id in (${sql.join(ALPHA_SCOPE.map((o) => sql`${o}`), sql`, `)}) ${isTest ? sql`and not p.is_test` : sql``}
        order by k.created_at desc, k.id desc limit 24`)).map((r) => r.id);
      expect(want).toHaveLength(24);
      const body = { opId: 'op-alpha', includeBrands: true, limit: 8, ...(isTest ? { isTest } : {}) };
      const page = async (extra: Record<string, unknown>) => {
        const res = await t.call('POST', '/api/kyc/list', { as: OPA, body: { ...body, ...extra } });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data as { items: { kycId: string; opId: string }[]; nextCursor: string | null };
      };
      const p1 = await page({});
      const k2 = await page({ cursor: p1.nextCursor });
      const k3 = await page({ cursor: k2.nextCursor });
      const p3 = await page({ page: 3 });
      const ids = (d: { items: { kycId: string }[] }) => d.items.map((x) => x.kycId);
      expect([...ids(p1), ...ids(k2), ...ids(k3)]).toEqual(want);
      expect(ids(p3)).toEqual(want.slice(16));
      expect(new Set([...p1.items, ...k2.items, ...k3.items].map((x) => x.opId)).size).toBeGreaterThan(1);
    }
  });
});

describe('POST /api/kyc/get', () => {
  it('operator.admin@ opens its own record', async () => {
    const k = await pickKyc(t, { opIds: ['alpha-casino'] });
    const res = await t.call('POST', '/api/kyc/get', { as: OPA, body: { kycId: k.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ kycId: k.id, opId: 'alpha-casino', optionType: k.optionType, kycStatus: k.status, data: k.data, level: k.level });
  });

  it("another operator's record answers 404", async () => {
    const k = await pickKyc(t, { opIds: BRAVO_SCOPE });
    expectError(await t.call('POST', '/api/kyc/get', { as: OPA, body: { kycId: k.id } }), 404, [MSG.KYC_NOT_FOUND]);
    expect((await t.call('POST', '/api/kyc/get', { as: ADMIN, body: { kycId: k.id } })).statusCode).toBe(200);
  });

  it('brand.admin@ (alpha-bet) cannot open an alpha-casino record', async () => {
    const k = await pickKyc(t, { opIds: ['alpha-casino'] });
    expectError(await t.call('POST', '/api/kyc/get', { as: BRAND, body: { kycId: k.id } }), 404, [MSG.KYC_NOT_FOUND]);
  });

  it('unknown and malformed ids answer 404', async () => {
    expectError(await t.call('POST', '/api/kyc/get', { as: SA, body: { kycId: 'nope' } }), 404, [MSG.KYC_NOT_FOUND]);
    expectError(await t.call('POST', '/api/kyc/get', { as: SA, body: { kycId: '00000000-0000-4000-8000-000000000000' } }), 404, [MSG.KYC_NOT_FOUND]);
  });

  it('partner@ is refused', async () => {
    expectForbidden(await t.call('POST', '/api/kyc/get', { as: PARTNER, body: { kycId: 'x' } }));
  });
});

describe('PUT /api/players/kyc/v2 approve / reject', () => {
  it('operator.admin@ approves a pending document: 200, stored, audited', async () => {
    const k = await pickKyc(t, { opIds: ALPHA_PLAYER_OPS, status: 'PENDING' });
    const res = await t.call('PUT', KYC, { as: OPA, body: { action: 'approve', kycId: k.id, noteForPlayer: '  Verified, thanks. ' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.messages).toEqual([MSG.KYC_APPROVED]);
    expect(body.data).toMatchObject({ kycId: k.id, kycStatus: 'CONFIRMED', approvedBy: OPA, noteForPlayer: 'Verified, thanks.', rejectedAt: null });
    expect(Date.parse(body.data.approvedAt)).toBeGreaterThan(Date.now() - 60_000);
    const stored = await getKyc(t, k.id);
    expect(stored).toMatchObject({ status: 'CONFIRMED', approvedBy: OPA, noteForPlayer: 'Verified, thanks.' });
    expect(await t.lastActivity()).toMatchObject({
      action: 'KYC_APPROVE', actorEmail: OPA, actorRole: 'OPERATOR_ADMIN', targetType: 'kyc', targetId: k.id, opId: k.opId,
      before: { status: 'PENDING', noteForPlayer: null }, after: { status: 'CONFIRMED', noteForPlayer: 'Verified, thanks.' },
    });
  });

  it('operator.admin@ rejects a pending document (the spec spelling noteForThePlayer and uuid work)', async () => {
    const k = await pickKyc(t, { opIds: ALPHA_PLAYER_OPS, status: 'PENDING' });
    const res = await t.call('PUT', KYC, { as: OPA, body: { action: 'reject', uuid: k.id, noteForThePlayer: 'Image is blurry.' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().messages).toEqual([MSG.KYC_REJECTED]);
    expect(res.json().data).toMatchObject({ kycStatus: 'REJECTED', rejectedBy: OPA, noteForPlayer: 'Image is blurry.' });
    expect(await getKyc(t, k.id)).toMatchObject({ status: 'REJECTED', rejectedBy: OPA });
    expect(await t.lastActivity()).toMatchObject({
      action: 'KYC_REJECT', actorEmail: OPA, targetId: k.id, before: { status: 'PENDING' }, after: { status: 'REJECTED', noteForPlayer: 'Image is blurry.' },
    });
  });

  it.each([[undefined], [''], ['   ']])('approve with note %j → 400 Note for the player cannot be empty!, nothing stored', async (note) => {
    const k = await pickKyc(t, { opIds: ALPHA_PLAYER_OPS, status: 'PENDING' });
    const before = await activityCount(t);
    const res = await t.call('PUT', KYC, { as: OPA, body: { action: 'approve', kycId: k.id, ...(note !== undefined ? { noteForPlayer: note } : {}) } });
    expectError(res, 400, ['Note for the player cannot be empty!']);
    expect((await getKyc(t, k.id)).status).toBe('PENDING');
    expect(await activityCount(t)).toBe(before);
  });

  it('a note over 200 characters → 400', async () => {
    const k = await pickKyc(t, { opIds: ALPHA_PLAYER_OPS, status: 'PENDING' });
    expectError(await t.call('PUT', KYC, { as: OPA, body: { action: 'approve', kycId: k.id, noteForPlayer: 'n'.repeat(201) } }), 400, ['Note must be at most 200 characters.']);
    expect((await getKyc(t, k.id)).status).toBe('PENDING');
  });

  it('reject without a note → 400 with the same message', async () => {
    const k = await pickKyc(t, { opIds: ALPHA_PLAYER_OPS, status: 'PENDING' });
    expectError(await t.call('PUT', KYC, { as: OPA, body: { action: 'reject', kycId: k.id } }), 400, [MSG.KYC_NOTE_REQUIRED]);
    expect((await getKyc(t, k.id)).status).toBe('PENDING');
  });

  it('confirming an already CONFIRMED document → 409 Document is already confirmed.', async () => {
    const k = await pickKyc(t, { opIds: ALPHA_PLAYER_OPS, status: 'CONFIRMED' });
    const before = await activityCount(t);
    const res = await t.call('PUT', KYC, { as: OPA, body: { action: 'approve', kycId: k.id, noteForPlayer: 'again' } });
    expectError(res, 409, ['Document is already confirmed.']);
    expect(await getKyc(t, k.id)).toMatchObject({ status: 'CONFIRMED', noteForPlayer: k.noteForPlayer, approvedBy: k.approvedBy });
    expect(await activityCount(t)).toBe(before);
  });

  it('rejecting an already REJECTED document → 409 Document is already rejected.', async () => {
    const k = await pickKyc(t, { opIds: ALPHA_PLAYER_OPS, status: 'REJECTED' });
    expectError(await t.call('PUT', KYC, { as: OPA, body: { action: 'reject', kycId: k.id, noteForPlayer: 'again' } }), 409, [MSG.KYC_ALREADY_REJECTED]);
  });

  it('two concurrent approvals of the same pending document: exactly one 200 and one 409, one audit row', async () => {
    const k = await pickKyc(t, { opIds: ALPHA_PLAYER_OPS, status: 'PENDING' });
    const send = (as: string, note: string) => t.call('PUT', KYC, { as, body: { action: 'approve', kycId: k.id, noteForPlayer: note } });
    // warm both sessions first so the two approvals really race
    await t.cookie(OPA); await t.cookie(ADMIN);
    const [a, b] = await Promise.all([send(OPA, 'first'), send(ADMIN, 'second')]);
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 409]);
    const loser = a!.statusCode === 409 ? a! : b!;
    const winner = a!.statusCode === 200 ? a! : b!;
    expect(loser.json().messages).toEqual([MSG.KYC_ALREADY_CONFIRMED]);
    const stored = await getKyc(t, k.id);
    expect(stored.status).toBe('CONFIRMED');
    expect(stored.noteForPlayer).toBe(winner.json().data.noteForPlayer);
    expect((await activitiesOf(t, k.id)).filter((x) => x.action === 'KYC_APPROVE')).toHaveLength(1);
  });

  it('operator.manager@ may approve (approve_reject_kyc)', async () => {
    const k = await pickKyc(t, { opIds: ALPHA_PLAYER_OPS, status: 'PENDING' });
    const res = await t.call('PUT', KYC, { as: OPM, body: { action: 'approve', kycId: k.id, noteForPlayer: 'ok' } });
    expect(res.statusCode).toBe(200);
    expect(await t.lastActivity()).toMatchObject({ action: 'KYC_APPROVE', actorEmail: OPM, actorRole: 'OPERATOR_MANAGER', targetId: k.id });
  });

  it("another operator's document answers 404 and stays pending", async () => {
    const k = await pickKyc(t, { opIds: BRAVO_SCOPE, status: 'PENDING' });
    expectError(await t.call('PUT', KYC, { as: OPA, body: { action: 'approve', kycId: k.id, noteForPlayer: 'x' } }), 404, [MSG.KYC_NOT_FOUND]);
    expect((await getKyc(t, k.id)).status).toBe('PENDING');
  });

  it('brand.admin@ cannot reject an alpha-casino document', async () => {
    const k = await pickKyc(t, { opIds: ['alpha-casino'], status: 'PENDING' });
    expectError(await t.call('PUT', KYC, { as: BRAND, body: { action: 'reject', kycId: k.id, noteForPlayer: 'x' } }), 404, [MSG.KYC_NOT_FOUND]);
    expect((await getKyc(t, k.id)).status).toBe('PENDING');
  });

  it('partner@ and devops@ are refused', async () => {
    const k = await pickKyc(t, { opIds: ['alpha-partner', ...ALPHA_PLAYER_OPS], status: 'PENDING' });
    expectForbidden(await t.call('PUT', KYC, { as: PARTNER, body: { action: 'approve', kycId: k.id, noteForPlayer: 'x' } }));
    expectForbidden(await t.call('PUT', KYC, { as: 'devops@demo.local', body: { action: 'approve', kycId: k.id, noteForPlayer: 'x' } }));
    expect((await getKyc(t, k.id)).status).toBe('PENDING');
  });

  it('an unknown action answers 400 with the action message', async () => {
    expectError(await t.call('PUT', KYC, { as: OPA, body: { action: 'delete', kycId: 'x' } }), 400, ['action must be one of approve, reject, edit, upload.']);
  });
});

describe('PUT /api/players/kyc/v2 edit', () => {
  it('operator.admin@ edits an EMAIL document: trimmed, stored, audited with before/after', async () => {
    const k = await pickKyc(t, { opIds: ALPHA_PLAYER_OPS, optionType: 'EMAIL' });
    const res = await t.call('PUT', KYC, { as: OPA, body: { action: 'edit', kycId: k.id, details: { email: ' new.mail@example.com ', phoneNumber: '123456' } } });
    expect(res.statusCode).toBe(200);
    expect(res.json().messages).toEqual([MSG.KYC_EDITED]);
    expect(res.json().data.data).toEqual({ email: 'new.mail@example.com' });
    expect((await getKyc(t, k.id)).data).toEqual({ email: 'new.mail@example.com' });
    expect(await t.lastActivity()).toMatchObject({
      action: 'KYC_EDIT', actorEmail: OPA, targetType: 'kyc', targetId: k.id, opId: k.opId, before: k.data, after: { email: 'new.mail@example.com' },
    });
  });

  it('a bad email → 400 Invalid Email Address, nothing stored', async () => {
    const k = await pickKyc(t, { opIds: ALPHA_PLAYER_OPS, optionType: 'EMAIL' });
    const before = await activityCount(t);
    const res = await t.call('PUT', KYC, { as: OPA, body: { action: 'edit', kycId: k.id, details: { email: 'a@b' } } });
    expectError(res, 400, ['Invalid Email Address']);
    expect(res.json().status).toBe('VALIDATION_ERROR');
    expect((await getKyc(t, k.id)).data).toEqual(k.data);
    expect(await activityCount(t)).toBe(before);
  });

  it('ADDRESS: every invalid field is reported, blank ones with Invalid field: {field}', async () => {
    const k = await pickKyc(t, { opIds: ALPHA_PLAYER_OPS, optionType: 'ADDRESS' });
    const res = await t.call('PUT', KYC, { as: OPA, body: { action: 'edit', kycId: k.id, details: { postCode: '123', address: 'x'.repeat(121), city: 'c'.repeat(21) } } });
    expectError(res, 400, ['Invalid field: Post code', 'Invalid field: Address', 'Invalid field: City', 'Invalid field: Country']);
  });

  it('PERSONAL_DETAILS: birth date bounds', async () => {
    const k = await pickKyc(t, { opIds: ALPHA_PLAYER_OPS, optionType: 'PERSONAL_DETAILS' });
    const edit = (birthDate: string) => t.call('PUT', KYC, { as: OPA, body: { action: 'edit', kycId: k.id, details: { firstName: 'Anne-Marie', lastName: 'van Dyke', birthDate } } });
    expectError(await edit('2008-01-01'), 400, ['Invalid field: Birth date']);
    expectError(await edit('1899-12-31'), 400, ['Invalid field: Birth date']);
    const ok = await edit('2007-12-31');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.data).toEqual({ firstName: 'Anne-Marie', lastName: 'van Dyke', birthDate: '2007-12-31' });
  });

  it('operator.manager@ (no edit_kyc_data) is refused and nothing changes', async () => {
    const k = await pickKyc(t, { opIds: ALPHA_PLAYER_OPS, optionType: 'EMAIL' });
    expectForbidden(await t.call('PUT', KYC, { as: OPM, body: { action: 'edit', kycId: k.id, details: { email: 'x@y.zz' } } }));
    expect((await getKyc(t, k.id)).data).toEqual(k.data);
  });

  it("another operator's document answers 404", async () => {
    const k = await pickKyc(t, { opIds: BRAVO_SCOPE, optionType: 'EMAIL' });
    expectError(await t.call('PUT', KYC, { as: OPA, body: { action: 'edit', kycId: k.id, details: { email: 'x@y.zz' } } }), 404, [MSG.KYC_NOT_FOUND]);
    expect((await getKyc(t, k.id)).data).toEqual(k.data);
  });
});

describe('PUT /api/players/kyc/v2 upload (multipart)', () => {
  const upload = (as: string, fields: Record<string, string>, file?: { name: string; type: string; bytes: Uint8Array }) =>
    t.call('PUT', KYC, { as, body: uploadForm(fields, file) });
  /** One document for the refusals below (each leaves it unchanged, and checks so). */
  let refused: Awaited<ReturnType<typeof pickKyc>> | undefined;
  const untouched = async () => (refused ??= await pickKyc(t, { opIds: ALPHA_PLAYER_OPS, optionType: 'CARD_COPY' }));

  it('operator.admin@ uploads a passport image: stored as a file, served back, audited', async () => {
    const k = await pickKyc(t, { opIds: ['alpha-casino'], optionType: 'PASSPORT_COPY' });
    const res = await upload(OPA, { action: 'upload', kycId: k.id, field: 'imageUrl' }, { name: 'passport.png', type: 'image/png', bytes: PNG_BYTES });
    expect(res.statusCode).toBe(200);
    expect(res.json().messages).toEqual([MSG.KYC_IMAGE_UPDATED]);
    const url = res.json().data.data.imageUrl as string;
    expect(url).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    expect((await getKyc(t, k.id)).data.imageUrl).toBe(url);
    expect(await t.lastActivity()).toMatchObject({
      action: 'KYC_IMAGE_UPLOAD', actorEmail: OPA, targetType: 'kyc', targetId: k.id, opId: 'alpha-casino',
      before: { imageUrl: k.data.imageUrl }, after: { imageUrl: url },
    });
    const file = await t.call('GET', url, { as: OPA });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(Buffer.from(file.rawPayload).equals(PNG_BYTES)).toBe(true);
    // the file is scoped like its document, and needs the documents page permission
    expectError(await t.call('GET', url, { as: BRAND }), 404, [MSG.NOT_FOUND]);
    expectForbidden(await t.call('GET', url, { as: PARTNER }));
    expectForbidden(await t.call('GET', url, { as: 'devops@demo.local' }));
    expect((await t.call('GET', url, { as: SA })).statusCode).toBe(200);
    expectError(await t.call('GET', url), 401, [MSG.UNAUTHENTICATED]);
  });

  it('an uppercase .PNG and a .jpeg are accepted', async () => {
    const k = await pickKyc(t, { opIds: ALPHA_PLAYER_OPS, optionType: 'CARD_COPY' });
    const front = await upload(OPA, { kycId: k.id, field: 'frontImageUrl' }, { name: 'FRONT.PNG', type: 'image/png', bytes: PNG_BYTES });
    expect(front.statusCode).toBe(200);
    const back = await upload(OPA, { kycId: k.id, field: 'backImageUrl' }, { name: 'back.jpeg', type: 'image/jpeg', bytes: JPEG_BYTES });
    expect(back.statusCode).toBe(200);
    const data = (await getKyc(t, k.id)).data;
    expect(data.frontImageUrl).toBe(front.json().data.data.frontImageUrl);
    expect(data.backImageUrl).toBe(back.json().data.data.backImageUrl);
    expect(data.frontImageUrl).not.toBe(data.backImageUrl);
  });

  it('a .gif → 400 with the image type message, nothing stored', async () => {
    const k = await pickKyc(t, { opIds: ALPHA_PLAYER_OPS, optionType: 'PASSPORT_COPY' });
    const [before] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(files);
    const res = await upload(OPA, { kycId: k.id, field: 'imageUrl' }, { name: 'passport.gif', type: 'image/gif', bytes: PNG_BYTES });
    expectError(res, 400, ['Only (jpg,jpeg,png) image files are allowed.']);
    expect((await getKyc(t, k.id)).data).toEqual(k.data);
    const [after] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(files);
    expect(Number(after!.n)).toBe(Number(before!.n));
  });

  it('a .png that is not an image mime type → 400 with the type message', async () => {
    const k = await pickKyc(t, { opIds: ALPHA_PLAYER_OPS, optionType: 'PASSPORT_COPY' });
    expectError(await upload(OPA, { kycId: k.id, field: 'imageUrl' }, { name: 'x.png', type: 'text/plain', bytes: PNG_BYTES }), 400, [MSG.KYC_IMAGE_TYPE]);
  });

  it('no file → 400 with the type message', async () => {
    const k = await pickKyc(t, { opIds: ALPHA_PLAYER_OPS, optionType: 'PASSPORT_COPY' });
    expectError(await upload(OPA, { kycId: k.id, field: 'imageUrl' }), 400, [MSG.KYC_IMAGE_TYPE]);
  });

  it('exactly 5 MB (5242880 bytes) → 400 Image must be smaller than 5MB.', async () => {
    const k = await pickKyc(t, { opIds: ALPHA_PLAYER_OPS, optionType: 'PASSPORT_COPY' });
    const res = await upload(OPA, { kycId: k.id, field: 'imageUrl' }, { name: 'big.png', type: 'image/png', bytes: imageOfSize('png', 5_242_880) });
    expectError(res, 400, ['Image must be smaller than 5MB.']);
    expect((await getKyc(t, k.id)).data).toEqual(k.data);
  });

  it('far over 5 MB → 400 with the size message', async () => {
    const k = await pickKyc(t, { opIds: ALPHA_PLAYER_OPS, optionType: 'PASSPORT_COPY' });
    const res = await upload(OPA, { kycId: k.id, field: 'imageUrl' }, { name: 'huge.jpg', type: 'image/jpeg', bytes: imageOfSize('jpeg', 6_000_000) });
    expectError(res, 400, [MSG.KYC_IMAGE_SIZE]);
  });

  it('an image just under 5 MB (3 MB and 5242879 bytes) is accepted', async () => {
    const k = await pickKyc(t, { opIds: ALPHA_PLAYER_OPS, optionType: 'PASSPORT_COPY' });
    const three = await upload(OPA, { kycId: k.id, field: 'imageUrl' }, { name: 'scan.jpg', type: 'image/jpeg', bytes: imageOfSize('jpeg', 3_000_000) });
    expect(three.statusCode).toBe(200);
    const justUnder = await upload(OPA, { kycId: k.id, field: 'imageUrl' }, { name: 'scan.png', type: 'image/png', bytes: imageOfSize('png', 5_242_879) });
    expect(justUnder.statusCode).toBe(200);
    const url = justUnder.json().data.data.imageUrl as string;
    const file = await t.call('GET', url, { as: OPA });
    expect(file.rawPayload.length).toBe(5_242_879);
  });

  it("a field that is not an image field of the document's type → 400 Invalid field", async () => {
    const k = await pickKyc(t, { opIds: ALPHA_PLAYER_OPS, optionType: 'PASSPORT_COPY' });
    expectError(await upload(OPA, { kycId: k.id, field: 'frontImageUrl' }, { name: 'a.png', type: 'image/png', bytes: PNG_BYTES }), 400, ['Invalid field: Front image']);
    const e = await pickKyc(t, { opIds: ALPHA_PLAYER_OPS, optionType: 'EMAIL' });
    expectError(await upload(OPA, { kycId: e.id, field: 'email' }, { name: 'a.png', type: 'image/png', bytes: PNG_BYTES }), 400, ['Invalid field: Email']);
  });

  it('operator.manager@ (no edit_kyc_data) is refused', async () => {
    const k = await pickKyc(t, { opIds: ALPHA_PLAYER_OPS, optionType: 'PASSPORT_COPY' });
    expectForbidden(await upload(OPM, { kycId: k.id, field: 'imageUrl' }, { name: 'a.png', type: 'image/png', bytes: PNG_BYTES }));
    expect((await getKyc(t, k.id)).data).toEqual(k.data);
  });

  it("another operator's document answers 404", async () => {
    const k = await pickKyc(t, { opIds: BRAVO_SCOPE, optionType: 'PASSPORT_COPY' });
    expectError(await upload(OPA, { kycId: k.id, field: 'imageUrl' }, { name: 'a.png', type: 'image/png', bytes: PNG_BYTES }), 404, [MSG.KYC_NOT_FOUND]);
    expect((await getKyc(t, k.id)).data).toEqual(k.data);
  });

  it.each([
    ['HTML named .png, sent as image/png', 'photo.png', 'image/png', Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>')],
    ['a GIF named .jpg, sent as image/jpeg', 'photo.jpg', 'image/jpeg', Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x00\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;', 'latin1')],
    ['an SVG named .png', 'photo.png', 'image/png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
    ['the PNG signature alone', 'photo.png', 'image/png', PNG_BYTES.subarray(0, 8)],
    ['an empty file', 'photo.jpeg', 'image/jpeg', Buffer.alloc(0)],
  ])('bytes that are not a jpg or png (%s) → 400 with the content message, nothing stored', async (_name, name, type, bytes) => {
    const k = await untouched();
    const [before] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(files);
    const acts = await activityCount(t);
    expectError(await upload(OPA, { kycId: k.id, field: 'imageUrl' }, { name, type, bytes }), 400, [MSG.KYC_IMAGE_CONTENT]);
    expect((await getKyc(t, k.id)).data).toEqual(k.data);
    const [after] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(files);
    expect(Number(after!.n)).toBe(Number(before!.n));
    expect(await activityCount(t)).toBe(acts);
  });

  it('a real image is stored with the type its bytes show (a .jpeg holding a PNG is served as image/png)', async () => {
    const k = await pickKyc(t, { opIds: ALPHA_PLAYER_OPS, optionType: 'CARD_COPY' });
    const res = await upload(OPA, { kycId: k.id, field: 'frontImageUrl' }, { name: 'scan.jpeg', type: 'image/jpeg', bytes: PNG_BYTES });
    expect(res.statusCode).toBe(200);
    const file = await t.call('GET', res.json().data.data.frontImageUrl, { as: OPA });
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toBe('inline; filename="scan.png"');
  });

  it.each([
    ['a NUL byte in the file name', { name: 'pass\u0000port.png' }, PLATFORM_MESSAGES.INPUT_NUL],
    ['a NUL byte in a field', { field: 'image\u0000Url' }, PLATFORM_MESSAGES.INPUT_NUL],
  ])('%s → 400, not 500, nothing stored', async (_name, bad, message) => {
    const k = await untouched();
    const [before] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(files);
    const name = 'name' in bad ? bad.name : 'passport.png';
    const field = 'field' in bad ? bad.field : 'imageUrl';
    const res = await upload(OPA, { kycId: k.id, field }, { name, type: 'image/png', bytes: PNG_BYTES });
    expectError(res, 400, [message]);
    expect((await getKyc(t, k.id)).data).toEqual(k.data);
    const [after] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(files);
    expect(Number(after!.n)).toBe(Number(before!.n));
  });
});

describe('GET /api/files/:id', () => {
  /** One document of Alpha outside the brand AlphaBet, whose front image each test uploads again. */
  let doc: Awaited<ReturnType<typeof pickKyc>> | undefined;
  const casinoDoc = async () => (doc ??= await pickKyc(t, { opIds: ['op-alpha', 'alpha-casino'], optionType: 'CARD_COPY' }));
  const upload = async (k: { id: string }, name: string, bytes: Buffer, field = 'frontImageUrl') => {
    const res = await t.call('PUT', KYC, { as: OPA, body: uploadForm({ kycId: k.id, field }, { name, type: 'image/png', bytes }) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.data[field] as string;
  };

  it('unknown and malformed ids answer 404', async () => {
    expectError(await t.call('GET', '/api/files/00000000-0000-4000-8000-000000000000', { as: SA }), 404, [MSG.NOT_FOUND]);
    expectError(await t.call('GET', '/api/files/nope', { as: SA }), 404, [MSG.NOT_FOUND]);
  });

  it('is served with nosniff and an inline Content-Disposition whose file name is safe', async () => {
    const k = await casinoDoc();
    const url = await upload(k, 'my pass; port=évil<script>&.png', PNG_BYTES);
    const res = await t.call('GET', url, { as: OPA });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe('inline; filename="my_pass_port_evil_script.png"');
    expect(String(res.headers['cache-control'])).toMatch(/^private/);
  });

  it('a name with nothing safe in it is served as image.<type>', async () => {
    const k = await casinoDoc();
    const url = await upload(k, '«»“”.png', JPEG_BYTES);
    const res = await t.call('GET', url, { as: OPA });
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['content-disposition']).toBe('inline; filename="image.jpg"');
  });

  it("only to staff who may open the file's document: same operator and the documents page; DEV_OPS and partners 403", async () => {
    const k = await casinoDoc();
    const url = await upload(k, 'passport.png', PNG_BYTES);
    for (const as of [SA, ADMIN, OPA, OPM]) expect((await t.call('GET', url, { as })).statusCode, as).toBe(200);
    expectError(await t.call('GET', url, { as: BRAND }), 404, [MSG.NOT_FOUND]);
    expectForbidden(await t.call('GET', url, { as: PARTNER }));
    expectForbidden(await t.call('GET', url, { as: 'devops@demo.local' }));
    expectError(await t.call('GET', url), 401, [MSG.UNAUTHENTICATED]);
  });

  it('a file whose document the caller cannot open answers 404, even in the caller\'s own operator', async () => {
    const db = t.database.db;
    const bravo = await pickKyc(t, { opIds: BRAVO_SCOPE, optionType: 'PASSPORT_COPY' });
    const content = PNG_BYTES.toString('base64');
    // An op-alpha file that belongs to a Bravo document, and one that belongs to no document.
    const [foreign] = await db.insert(files).values({ opId: 'op-alpha', name: 'x.png', mime: 'image/png', size: PNG_BYTES.length, contentBase64: content, kycId: bravo.id }).returning({ id: files.id });
    const [orphan] = await db.insert(files).values({ opId: 'op-alpha', name: 'y.png', mime: 'image/png', size: PNG_BYTES.length, contentBase64: content }).returning({ id: files.id });
    for (const f of [foreign!, orphan!]) {
      expectError(await t.call('GET', `/api/files/${f.id}`, { as: OPA }), 404, [MSG.NOT_FOUND]);
    }
    // The super admin may open the Bravo document, so its image too; nobody gets a file of no document.
    expect((await t.call('GET', `/api/files/${foreign!.id}`, { as: SA })).statusCode).toBe(200);
    expectError(await t.call('GET', `/api/files/${orphan!.id}`, { as: SA }), 404, [MSG.NOT_FOUND]);
  });
});

describe('the demo world\'s KYC images', () => {
  it('are stored files of real jpg or png bytes, served to staff who may open their document', async () => {
    const docs = await t.database.db.select().from(kycRecords).where(inArray(kycRecords.optionType, ['PASSPORT_COPY', 'CARD_COPY']));
    expect(docs.length).toBeGreaterThan(10);
    const urls = docs.flatMap((k) => KYC_IMAGE_FIELDS.filter((f) => k.data[f]).map((f) => ({ k, url: k.data[f]! })));
    expect(urls.length).toBeGreaterThanOrEqual(docs.length);
    for (const { k, url } of urls) expect(url, k.id).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    const stored = await t.database.db.select().from(files).where(inArray(files.id, urls.map((u) => u.url.slice('/api/files/'.length))));
    const byId = new Map(stored.map((f) => [f.id, f]));
    for (const { k, url } of urls) {
      const f = byId.get(url.slice('/api/files/'.length));
      expect(f, url).toBeDefined();
      expect(f!.kycId).toBe(k.id);
      expect(f!.opId).toBe(k.opId);
      const kind = kycImageKind(Buffer.from(f!.contentBase64, 'base64'));
      expect(kind, url).not.toBeNull();
      expect(f!.mime).toBe(kind === 'png' ? 'image/png' : 'image/jpeg');
    }
    // One of them through the API, byte for byte.
    const { url } = urls[0]!;
    const res = await t.call('GET', url, { as: SA });
    expect(res.statusCode).toBe(200);
    expect(kycImageKind(res.rawPayload)).not.toBeNull();
  });
});

describe('approve then reject (a confirmed document can still be rejected)', () => {
  it('keeps both trails in the audit', async () => {
    const k = await pickKyc(t, { opIds: ALPHA_PLAYER_OPS, status: 'PENDING' });
    expect((await t.call('PUT', KYC, { as: OPA, body: { action: 'approve', kycId: k.id, noteForPlayer: 'ok' } })).statusCode).toBe(200);
    expect((await t.call('PUT', KYC, { as: OPA, body: { action: 'reject', kycId: k.id, noteForPlayer: 'fraud' } })).statusCode).toBe(200);
    const stored = await getKyc(t, k.id);
    expect(stored).toMatchObject({ status: 'REJECTED', noteForPlayer: 'fraud', rejectedBy: OPA });
    expect((await activitiesOf(t, k.id)).map((a) => a.action)).toEqual(['KYC_REJECT', 'KYC_APPROVE']);
  });
});

