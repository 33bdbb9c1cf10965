import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from './helpers.js';

/** A console build in a temporary folder: index.html, a hashed asset and its precompressed copies. */
function fakeConsoleBuild(): { dir: string; js: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitboss-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head><body><div id="root"></div></body></html>');
  const js = `export const answer = ${JSON.stringify('x'.repeat(2000))};\n`;
  const file = path.join(dir, 'assets/index-AbC123.js');
  fs.writeFileSync(file, js);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(js));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(js));
  return { dir, js };
}

function expectSecurityHeaders(headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy']);
  const directives = Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));
  expect(directives['script-src']).toEqual(["'self'"]);
  expect(directives['default-src']).toEqual(["'self'"]);
  expect(directives['frame-ancestors']).toEqual(["'none'"]);
  expect(directives['object-src']).toEqual(["'none'"]);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('DENY');
}

describe('security headers and static files', () => {
  let t: TestApp;
  let build: ReturnType<typeof fakeConsoleBuild>;
  beforeAll(async () => {
    build = fakeConsoleBuild();
    t = await makeTestApp({ webDist: build.dir });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(build.dir, { recursive: true, force: true });
  });

  it('an API answer carries the security headers, without HSTS on plain HTTP', async () => {
    const res = await t.call('GET', '/api/health');
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res.headers);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(String(res.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
  });

  it('an API refusal carries them too', async () => {
    const res = await t.call('GET', '/api/users/me');
    expect(res.statusCode).toBe(401);
    expectSecurityHeaders(res.headers);
  });

  it('the console page is revalidated on each load and carries the headers', async () => {
    for (const url of ['/', '/index.html', '/players?page=2']) {
      const res = await t.call('GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expectSecurityHeaders(res.headers);
    }
  });

  it('a hashed asset is served precompressed (brotli, then gzip) and cached for a year', async () => {
    const url = '/assets/index-AbC123.js';
    const br = await t.call('GET', url, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(build.js);
    expectSecurityHeaders(br.headers);

    const gz = await t.call('GET', url, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(build.js);

    const plain = await t.call('GET', url, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(build.js);
  });

  it('a missing asset answers 404, not the console page; compressed copies have no URL of their own', async () => {
    for (const url of ['/assets/gone-XyZ987.js', '/assets/index-AbC123.js.br', '/assets/index-AbC123.js.gz']) {
      const res = await t.call('GET', url);
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('the OpenAPI page loads under the same policy (no inline script)', async () => {
    const res = await t.call('GET', '/api/docs/');
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res.headers);
    expect(res.body).not.toMatch(/<script>(?!\s*<\/script>)/);
  });
});

describe('behind a TLS-terminating proxy', () => {
  let t: TestApp;
  beforeAll(async () => { t = await makeTestApp({ env: { TRUST_PROXY: '1' } }); });
  afterAll(async () => { await t?.close(); });

  it('adds HSTS and upgrade-insecure-requests', async () => {
    const res = await t.call('GET', '/api/health');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    expectSecurityHeaders(res.headers);
  });
});
