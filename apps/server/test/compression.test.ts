/**
 * API answers compressed for a client that accepts it (lib/compress.ts), never those the endpoint
 * table marks `secret` (no-store, uncompressed).
 */
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, type EndpointMeta, type EndpointName } from '@pitboss/contract';
import { COMPRESS_MIN_LENGTH } from '../src/lib/compress.js';
import type { TestApp } from './helpers.js';
import { makeApp, pickPlayer, OPA } from './support.js';

let t: TestApp;
beforeAll(async () => { t = await makeApp(); });
afterAll(async () => { await t.close(); });


describe('API answer compression', () => {
  it('a transactions page comes in brotli to a browser that accepts it, the same answer as uncompressed', async () => {
    const body = { opId: 'op-alpha', includeBrands: true, limit: 50 };
    const plain = await t.call('POST', '/api/transactions/list', { as: OPA, body });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(10_000);
    const br = await t.call('POST', '/api/transactions/list', { as: OPA, body, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 4);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it("a player's details (personal data) are neither stored nor compressed", async () => {
    const p = await pickPlayer(t, { opIds: ['op-alpha'] });
    const r = await t.call('POST', '/api/player', { as: OPA, body: { playerCode: p.playerCode }, headers: { 'accept-encoding': 'br, gzip' } });
    expect(r.statusCode).toBe(200);
    // Long enough that any other answer this size would be compressed.
    expect(r.body.length).toBeGreaterThan(COMPRESS_MIN_LENGTH);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.json().data.playerCode).toBe(p.playerCode);
  });

  it('every endpoint the table marks secret answers no-store, even a refusal of its input; the reveals and two-factor setup among them', async () => {
    const secret = (Object.keys(ENDPOINTS) as EndpointName[]).filter((n) => (ENDPOINTS[n] as EndpointMeta).secret);
    expect(secret).toEqual(expect.arrayContaining([
      'transactions.destinationReveal', 'banking.bankAccountReveal', 'profile.twoFactorStart', 'profile.twoFactorConfirm', 'profile.recoveryCodes', 'players.get',
    ]));
    for (const n of secret) {
      const { method, path } = ENDPOINTS[n];
      const url = path.replace(/:([A-Za-z_]\w*)/g, '00000000-0000-4000-8000-000000000000');
      const r = await t.call(method, url, { as: 'superadmin@demo.local', ...(method === 'GET' ? {} : { body: { junk: true } }) });
      expect(r.statusCode, n).toBeLessThan(500);
      expect(r.headers['cache-control'], n).toBe('no-store');
    }
    // An endpoint not marked keeps the default.
    expect((await t.call('POST', '/api/transactions/list', { as: OPA, body: { opId: 'op-alpha' } })).headers['cache-control']).toBeUndefined();
  });
});
