/**
 * The login throttle: an attempt is reserved (one conditional statement) before the password is
 * verified, per account and address (with back-off), per address, and per account from
 * addresses that never signed in to it. Password verifications are counted where the server
 * makes them (verifyPassword, the one caller of argon2's verify), so "at most N verifications" is
 * measured, not inferred.
 * The races run on a PostgreSQL server only (TEST_DATABASE_URL): the embedded PGlite has one
 * connection, so concurrent requests never overlap in the database there.
 */
import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like, sql } from 'drizzle-orm';
import { MSG } from '@pitboss/contract';
import { DEMO_PASSWORD } from '../src/db/seed.js';
import { loginAttempts, loginThrottle, sessions, users } from '../src/db/schema.js';
import type { TestApp } from './helpers.js';
import { makeApp } from './support.js';
import { passwordVerifications } from '../src/modules/auth/service.js';

/** Every password verification of the server goes through verifyPassword, the one caller of argon2's verify: counted there. */
const argon = {
  get verifications() { return passwordVerifications.count; },
  set verifications(n: number) { passwordVerifications.count = n; },
};

const SERVER = process.env.TEST_DATABASE_URL;
const LIMIT = 5; // LOGIN_MAX_FAILURES, the default

type Answer = { statusCode: number; json(): any };
const login = (t: TestApp, email: string, password: string, from = '127.0.0.1', headers: Record<string, string> = {}): Promise<Answer> =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: from, headers, payload: { email, password } });

const statuses = (answers: Answer[]) => answers.reduce<Record<number, number>>((m, a) => ({ ...m, [a.statusCode]: (m[a.statusCode] ?? 0) + 1 }), {});

describe('throttle per account and address', () => {
  let t: TestApp;
  beforeAll(async () => { t = await makeApp(); });
  afterAll(async () => { await t.close(); });
  afterEach(() => { argon.verifications = 0; });

  it('five wrong passwords from one address do not lock the staff member out elsewhere', async () => {
    const email = 'operator.admin@demo.local';
    for (let i = 0; i < LIMIT + 3; i++) await login(t, email, 'wrong-password', '198.51.100.10');
    const again = await login(t, email, DEMO_PASSWORD, '198.51.100.10');
    expect(again.statusCode).toBe(429);
    expect(again.json().messages).toEqual([MSG.TOO_MANY_ATTEMPTS]);
    const elsewhere = await login(t, email, DEMO_PASSWORD, '203.0.113.20');
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json().data.email).toBe(email);
  });

  it('attempts refused with 429 neither verify the password nor extend the lock', async () => {
    const email = 'brand.admin@demo.local';
    const from = '198.51.100.11';
    const first = [];
    for (let i = 0; i < LIMIT; i++) first.push((await login(t, email, 'wrong-password', from)).statusCode);
    expect(first).toEqual(Array(LIMIT).fill(401));
    expect(argon.verifications).toBe(LIMIT);
    const row = async () => (await t.database.db.select().from(loginThrottle).where(eq(loginThrottle.key, `account:${email}|${from}`)))[0]!;
    const locked = await row();
    expect(locked.lockedUntil!.getTime()).toBeGreaterThan(Date.now());

    for (let i = 0; i < 10; i++) expect((await login(t, email, i % 2 ? DEMO_PASSWORD : 'wrong-password', from)).statusCode).toBe(429);
    expect(argon.verifications).toBe(LIMIT);
    const after = await row();
    expect(after.lockedUntil).toEqual(locked.lockedUntil);
    expect(after.attempts).toBe(locked.attempts);
    // They are still logged for the login activity page, as refused.
    const refused = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(loginAttempts)
      .where(and(eq(loginAttempts.email, email), eq(loginAttempts.reason, 'RATE_LIMITED')));
    expect(Number(refused[0]!.n)).toBe(10);

    // When the lock ends (moved into the past here), the right password works at once.
    await t.database.db.update(loginThrottle).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(loginThrottle.key, `account:${email}|${from}`));
    expect((await login(t, email, DEMO_PASSWORD, from)).statusCode).toBe(200);
    // A success clears the address's failures and its back-off.
    expect((await row())).toMatchObject({ attempts: 0, locks: 0, lockedUntil: null });
  });

  it('each new lock of the same account and address lasts twice as long (back-off)', async () => {
    const email = 'partner@demo.local';
    const from = '198.51.100.12';
    const key = `account:${email}|${from}`;
    const lockMs = async () => {
      const [r] = await t.database.db.select({ ms: sql<number>`(extract(epoch from locked_until - now()) * 1000)::float8` }).from(loginThrottle).where(eq(loginThrottle.key, key));
      return Number(r!.ms);
    };
    for (let i = 0; i < LIMIT; i++) expect((await login(t, email, 'wrong-password', from)).statusCode).toBe(401);
    const first = await lockMs();
    expect(first).toBeGreaterThan(14 * 60_000);
    expect(first).toBeLessThanOrEqual(15 * 60_000);
    await t.database.db.update(loginThrottle).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(loginThrottle.key, key));
    for (let i = 0; i < LIMIT; i++) expect((await login(t, email, 'wrong-password', from)).statusCode).toBe(401);
    expect((await login(t, email, 'wrong-password', from)).statusCode).toBe(429);
    const second = await lockMs();
    expect(second).toBeGreaterThan(29 * 60_000);
    expect(second).toBeLessThanOrEqual(30 * 60_000);
  });

  it('one address is still limited across accounts (20 failures per window)', async () => {
    const from = '198.51.100.13';
    const answers = [];
    for (let i = 0; i < 22; i++) answers.push(await login(t, `nobody${i}@example.com`, 'wrong-password', from));
    expect(statuses(answers)).toEqual({ 401: 20, 429: 2 });
    expect(argon.verifications).toBe(20);
    // Even the right password of a real account, from that address.
    expect((await login(t, 'admin@demo.local', DEMO_PASSWORD, from)).statusCode).toBe(429);
    expect((await login(t, 'admin@demo.local', DEMO_PASSWORD, '198.51.100.14')).statusCode).toBe(200);
  });
});

describe('unknown e-mails', () => {
  let t: TestApp;
  beforeAll(async () => { t = await makeApp(); });
  afterAll(async () => { await t.close(); });

  it('an unknown e-mail costs one password verification, like a known one (against a dummy hash)', async () => {
    argon.verifications = 0;
    const unknown = await login(t, 'nobody-at-all@demo.local', 'wrong-password', '198.51.100.30');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().messages).toEqual([MSG.WRONG_CREDENTIALS]);
    expect(argon.verifications).toBe(1);
    const known = await login(t, 'admin@demo.local', 'wrong-password', '198.51.100.30');
    expect(known.statusCode).toBe(401);
    expect(known.json().messages).toEqual([MSG.WRONG_CREDENTIALS]);
    expect(argon.verifications).toBe(2);
  });

  it('the dummy hash never lets anyone in', async () => {
    for (const password of ['x', DEMO_PASSWORD]) {
      expect((await login(t, 'ghost@demo.local', password, '198.51.100.31')).statusCode).toBe(401);
    }
  });
});

describe('account-wide ceiling for addresses that never signed in to the account', () => {
  let t: TestApp;
  const CEILING = 8;
  beforeAll(async () => { t = await makeApp({ env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: String(CEILING) } }); });
  afterAll(async () => { await t.close(); });

  it('wrong passwords spread over many addresses stop at the ceiling; a known address still signs in', async () => {
    const email = 'admin@demo.local';
    // The staff member's usual address: one earlier successful sign-in.
    expect((await login(t, email, DEMO_PASSWORD, '192.0.2.1')).statusCode).toBe(200);
    argon.verifications = 0;
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await login(t, email, 'wrong-password', `203.0.113.${100 + i}`));
    expect(statuses(answers)).toEqual({ 401: CEILING, 429: 20 - CEILING });
    expect(argon.verifications).toBe(CEILING);
    // A new address is refused for this account, the usual one is not.
    expect((await login(t, email, DEMO_PASSWORD, '203.0.113.250')).statusCode).toBe(429);
    expect((await login(t, email, DEMO_PASSWORD, '192.0.2.1')).statusCode).toBe(200);
  });
});

describe('with one trusted proxy hop (TRUST_PROXY=1)', () => {
  let t: TestApp;
  beforeAll(async () => { t = await makeApp({ env: { TRUST_PROXY: '1' } }); });
  afterAll(async () => { await t.close(); });

  it('the client is the address the proxy added (last X-Forwarded-For entry), not a forged first one', async () => {
    const res = await login(t, 'admin@demo.local', DEMO_PASSWORD, '10.0.0.1', { 'x-forwarded-for': '1.2.3.4, 198.51.100.40' });
    expect(res.statusCode).toBe(200);
    const [a] = await t.database.db.select().from(loginAttempts).where(eq(loginAttempts.email, 'admin@demo.local')).orderBy(sql`${loginAttempts.id} desc`).limit(1);
    expect(a!.ip).toBe('198.51.100.40');
    const [u] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.local'));
    const [s] = await t.database.db.select().from(sessions).where(eq(sessions.userId, u!.id)).orderBy(sql`${sessions.createdAt} desc`).limit(1);
    expect(s!.ip).toBe('198.51.100.40');
  });

  it('rotating the forged entries does not escape the per-address limit', async () => {
    const answers = [];
    for (let i = 0; i < 22; i++) {
      answers.push(await login(t, `rotating${i}@example.com`, 'wrong-password', '10.0.0.1', { 'x-forwarded-for': `7.7.${i}.${i}, 198.51.100.41` }));
    }
    expect(statuses(answers)).toEqual({ 401: 20, 429: 2 });
    const ips = await t.database.db.selectDistinct({ ip: loginAttempts.ip }).from(loginAttempts).where(like(loginAttempts.email, 'rotating%'));
    expect(ips).toEqual([{ ip: '198.51.100.41' }]);
  });
});

describe('with a list of trusted proxy addresses (TRUST_PROXY=10.0.0.1,10.0.0.2)', () => {
  let t: TestApp;
  beforeAll(async () => { t = await makeApp({ env: { TRUST_PROXY: '10.0.0.1,10.0.0.2' } }); });
  afterAll(async () => { await t.close(); });

  const lastIp = async () => (await t.database.db.select({ ip: loginAttempts.ip }).from(loginAttempts).orderBy(sql`${loginAttempts.id} desc`).limit(1))[0]!.ip;

  it('through the trusted proxies the client is the first untrusted address from the right', async () => {
    await login(t, 'nobody1@example.com', 'x', '10.0.0.2', { 'x-forwarded-for': '1.2.3.4, 198.51.100.50, 10.0.0.1' });
    expect(await lastIp()).toBe('198.51.100.50');
  });

  it('a direct client (not a listed proxy) is its own address, whatever it sends', async () => {
    await login(t, 'nobody2@example.com', 'x', '198.51.100.51', { 'x-forwarded-for': '1.2.3.4' });
    expect(await lastIp()).toBe('198.51.100.51');
  });
});

if (!SERVER) console.info('login-throttle.test.ts: the concurrent-login races are skipped; they need TEST_DATABASE_URL (a PostgreSQL server).');

describe.skipIf(!SERVER)('concurrent logins on PostgreSQL (real concurrency: runs only with TEST_DATABASE_URL)', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await makeApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(async () => { await t.close(); });

  /** A real HTTP request from a given loopback address (each test its own, so their counters are apart). */
  const post = (from: string, email: string, password: string) => new Promise<Answer>((resolve, reject) => {
    const payload = JSON.stringify({ email, password });
    const req = http.request({
      host: '127.0.0.1', port, localAddress: from, method: 'POST', path: '/api/auth/login', agent: false,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (c: string) => { text += c; }).on('end', () => resolve({ statusCode: res.statusCode!, json: () => JSON.parse(text) }));
    });
    req.on('error', reject).end(payload);
  });

  it(`200 concurrent wrong logins for one account: exactly ${LIMIT} password verifications, the rest 429`, async () => {
    argon.verifications = 0;
    const answers = await Promise.all(Array.from({ length: 200 }, () => post('127.0.0.2', 'devops@demo.local', 'wrong-password')));
    expect(argon.verifications).toBe(LIMIT);
    expect(statuses(answers)).toEqual({ 401: LIMIT, 429: 200 - LIMIT });
    expect(answers.filter((a) => a.statusCode === 429).every((a) => a.json().messages[0] === MSG.TOO_MANY_ATTEMPTS)).toBe(true);
  });

  it(`49 wrong passwords and the right one at once: exactly ${LIMIT} verified; the right one signs in only if it is among them`, async () => {
    argon.verifications = 0;
    const email = 'operator.manager@demo.local';
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => post('127.0.0.3', email, i === 25 ? DEMO_PASSWORD : 'wrong-password')));
    const s = statuses(answers);
    expect(argon.verifications).toBe(LIMIT);
    expect((s[401] ?? 0) + (s[200] ?? 0)).toBe(LIMIT);
    expect(s[429]).toBe(50 - LIMIT);
    if (s[200]) expect(answers[25]!.statusCode).toBe(200);
  });
});
