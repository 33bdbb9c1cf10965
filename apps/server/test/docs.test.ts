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

it('every /api route comes from the endpoint table: a route registered on its own stops the server at start', async () => {
  const { assertRouteFromTable } = await import('../src/platform/endpoints.js');
  expect(() => assertRouteFromTable({ url: '/api/unguarded', method: 'GET', config: { permission: false } })).toThrow(/not in the endpoint table/);
  // On the real server: the guard is installed, so a hand-registered /api route is refused.
  const { buildApp } = await import('../src/app.js');
  const { loadConfig } = await import('../src/config.js');
  const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv), t.database);
  expect(() => app.get('/api/rogue', { config: { permission: false } }, async () => ({}))).toThrow(/not in the endpoint table/);
  // …and every entry of the table is registered.
  const { ENDPOINTS } = await import('@pitboss/contract');
  for (const [name, m] of Object.entries(ENDPOINTS)) expect(app.hasRoute({ method: m.method, url: m.path }), name).toBe(true);
  await app.close();
});
