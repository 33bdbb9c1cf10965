import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => { t = await makeTestApp(); });
afterAll(async () => { await t.close(); });

it('serves the OpenAPI document generated from the zod contracts', async () => {
  const res = await t.call('GET', '/api/docs/json');
  expect(res.statusCode).toBe(200);
  const doc = res.json();
  expect(doc.openapi).toMatch(/^3\./);
  expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/players', '/api/players/kyc/v2', '/api/auth/login']));
  expect(doc.paths['/api/players'].post.requestBody).toBeDefined();
});

it('every /api route declares a permission (the server refuses to start otherwise)', async () => {
  const { assertRouteDeclaresPermission } = await import('../src/app.js');
  expect(() => assertRouteDeclaresPermission({ url: '/api/unguarded', method: 'GET', config: {} })).toThrow(/declares no permission/);
  expect(() => assertRouteDeclaresPermission({ url: '/api/open', method: 'GET', config: { permission: false } })).not.toThrow();
});
