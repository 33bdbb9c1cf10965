/**
 * Live updates (GET /api/events): a browser's stream carries the changes of the records its user
 * may see — the topics of the permissions they hold, the operators of their scope — and ends
 * when their session does. Other callers get the topics the stream would carry.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TICKET_SUBJECT, LIVE_RETRY_MS, MSG, type LiveEvent, type TicketRow } from '@pitboss/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { transactions } from '../src/db/schema.js';
import { ALPHA_PLAYER_OPS, makeApp, newKey, pickKyc, pickPlayer } from './support.js';
import type { Login, TestApp } from './helpers.js';

const EVENTS = '/api/events';
const NEW = '/api/admin/support/agent/tickets/new';
const REPLY = '/api/admin/support/agent/tickets/reply';
const OPA: Login = 'operator.admin@demo.local';
const BRAND_ADMIN: Login = 'brand.admin@demo.local';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await makeApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => { await t.close(); });

interface Stream { events: LiveEvent[]; raw: string; ended: Promise<void>; status: number; contentType: string; close(): void }

/** Opens the stream as a browser's EventSource does, collecting its events. */
function openStream(cookie: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${EVENTS}`, { headers: { cookie, accept: 'text/event-stream' } }, (res) => {
      let endResolve: () => void = () => {};
      const s: Stream = {
        events: [], raw: '', status: res.statusCode ?? 0, contentType: String(res.headers['content-type']),
        ended: new Promise<void>((r) => { endResolve = r; }),
        close: () => req.destroy(),
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        s.raw += chunk;
        s.events = [...s.raw.matchAll(/event: (\w+)\ndata: (.*)\n\n/g)].map((m) => JSON.parse(m[2]!) as LiveEvent);
      });
      res.on('end', () => endResolve());
      res.on('close', () => endResolve());
      resolve(s);
    });
    req.on('error', reject);
  });
}

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
  expect(check(), what).toBe(true);
}

async function newTicket(opIds: readonly string[]): Promise<TicketRow> {
  const p = await pickPlayer(t, { opIds });
  const res = await t.call('POST', NEW, { as: OPA, body: { brandId: p.opId, customerId: p.playerCode, subject: DEFAULT_TICKET_SUBJECT, message: 'Live?' } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TicketRow;
}

describe('GET /api/events without a stream', () => {
  it('answers the topics the stream would carry: support staff hear tickets, others nothing', async () => {
    const agent = await t.call('GET', EVENTS, { as: OPA });
    expect(agent.statusCode).toBe(200);
    expect(agent.json().data).toEqual({ topics: ['tickets', 'withdrawals', 'kyc'], retryMs: LIVE_RETRY_MS });
    expect((await t.call('GET', EVENTS, { as: 'devops@demo.local' })).json().data.topics).toEqual([]);
    expect((await t.call('GET', EVENTS, { as: 'partner@demo.local' })).json().data.topics).toEqual([]);
  });

  it('refuses a caller without a session', async () => {
    const res = await t.call('GET', EVENTS, { headers: { accept: 'text/event-stream' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().messages).toEqual([MSG.UNAUTHENTICATED]);
  });
});

describe('the stream', () => {
  it("carries a ticket's changes to the agents of its operator, and not to staff of another brand", async () => {
    const agent = await openStream(await t.cookie(OPA));
    const brandAdmin = await openStream(await t.cookie(BRAND_ADMIN));
    const devops = await openStream(await t.cookie('devops@demo.local'));
    try {
      expect(agent.status).toBe(200);
      expect(agent.contentType).toContain('text/event-stream');
      await until(() => agent.raw.includes(`retry: ${LIVE_RETRY_MS}`), 'the stream opens with its reconnect delay');

      // A ticket of Alpha Casino: Alpha's agent hears of it; the admin of the brand AlphaBet does not.
      const casino = await newTicket(['alpha-casino']);
      await until(() => agent.events.some((e) => e.id === casino.id), 'the agent hears of the new ticket');
      expect(agent.events.find((e) => e.id === casino.id)).toEqual({ topic: 'tickets', endpoint: 'support.create', id: casino.id, opId: 'alpha-casino' });

      // A ticket of AlphaBet reaches both; by then the brand admin has had every event meant for them.
      const bet = await newTicket(['alpha-bet']);
      await until(() => brandAdmin.events.some((e) => e.id === bet.id), 'the brand admin hears of their brand\'s ticket');
      expect(brandAdmin.events.map((e) => e.id)).not.toContain(casino.id);

      // A reply is announced too.
      expect((await t.call('POST', REPLY, { as: OPA, body: { ticketId: casino.id, message: 'On it.' } })).statusCode).toBe(200);
      await until(() => agent.events.some((e) => e.id === casino.id && e.endpoint === 'support.reply'), 'the agent hears of the reply');
      // Without the support permission, nothing.
      expect(devops.events).toEqual([]);
    } finally {
      agent.close(); brandAdmin.close(); devops.close();
    }
  });

  it("a withdrawal's or a document's claim and release reach the staff of its operator (the lists' \"Claimed by\")", async () => {
    const other = await openStream(await t.cookie('operator.manager@demo.local'));
    const devops = await openStream(await t.cookie('devops@demo.local'));
    try {
      await until(() => other.raw.includes(`retry: ${LIVE_RETRY_MS}`), 'the stream opens');
      const [w] = await t.database.db.select({ txId: transactions.txId, opId: transactions.opId }).from(transactions)
        .where(and(eq(transactions.transactionType, 'WITHDRAW'), eq(transactions.status, 'PENDING'), inArray(transactions.opId, [...ALPHA_PLAYER_OPS]))).limit(1);
      const claim = await t.call('POST', '/api/transactionsV2/withdraw/claim', { as: OPA, body: { txId: w!.txId, action: 'claim' } });
      expect(claim.statusCode, claim.body).toBe(200);
      await until(() => other.events.some((e) => e.id === w!.txId), 'the other staff member hears of the claim');
      expect(other.events.find((e) => e.id === w!.txId)).toEqual({ topic: 'withdrawals', endpoint: 'payments.withdrawClaim', id: w!.txId, opId: w!.opId });
      expect((await t.call('POST', '/api/transactionsV2/withdraw/claim', { as: OPA, body: { txId: w!.txId, action: 'release' } })).statusCode).toBe(200);
      await until(() => other.events.filter((e) => e.id === w!.txId).length === 2, 'and of the release');

      const k = await pickKyc(t, { opIds: ALPHA_PLAYER_OPS, status: 'PENDING' });
      expect((await t.call('POST', '/api/kyc/claim', { as: OPA, body: { kycId: k.id, action: 'claim' } })).statusCode).toBe(200);
      await until(() => other.events.some((e) => e.id === k.id), 'the other staff member hears of the document claim');
      expect(other.events.find((e) => e.id === k.id)).toEqual({ topic: 'kyc', endpoint: 'kyc.claim', id: k.id, opId: k.opId });
      expect(devops.events).toEqual([]);
    } finally {
      other.close(); devops.close();
    }
  });

  it('a one-statement decision (in-progress APPROVE) is announced with it, once: a refused second decision and a replay announce nothing', async () => {
    const other = await openStream(await t.cookie('operator.manager@demo.local'));
    try {
      await until(() => other.raw.includes(`retry: ${LIVE_RETRY_MS}`), 'the stream opens');
      const [w] = await t.database.db.select({ txId: transactions.txId, opId: transactions.opId }).from(transactions)
        .where(and(eq(transactions.transactionType, 'WITHDRAW'), eq(transactions.status, 'PENDING'), inArray(transactions.opId, [...ALPHA_PLAYER_OPS]))).offset(1).limit(1);
      await t.database.db.update(transactions).set({ status: 'IN_PROGRESS' }).where(eq(transactions.txId, w!.txId));
      const key = newKey();
      const body = { txId: w!.txId, status: 'APPROVE' };
      const res = await t.call('PUT', '/api/transactionsV2/withdraw/in-progress', { as: OPA, headers: key, body });
      expect(res.statusCode, res.body).toBe(200);
      await until(() => other.events.some((e) => e.id === w!.txId), 'the other staff member hears of the decision');
      expect(other.events.find((e) => e.id === w!.txId)).toEqual({ topic: 'withdrawals', endpoint: 'payments.withdrawInProgress', id: w!.txId, opId: w!.opId });
      // The same key again (a replay) and a second decision (refused: already confirmed) change nothing and announce nothing.
      expect((await t.call('PUT', '/api/transactionsV2/withdraw/in-progress', { as: OPA, headers: key, body })).statusCode).toBe(200);
      expect((await t.call('PUT', '/api/transactionsV2/withdraw/in-progress', { as: OPA, headers: newKey(), body })).statusCode).toBe(409);
      // A later change of the same topic arrives after anything those two could have sent.
      const claim = await t.call('POST', '/api/transactionsV2/withdraw/claim', { as: OPA, body: { txId: w!.txId, action: 'claim' } });
      expect(claim.statusCode, claim.body).toBe(200);
      await until(() => other.events.some((e) => e.id === w!.txId && e.endpoint === 'payments.withdrawClaim'), 'the later claim arrives');
      expect(other.events.filter((e) => e.id === w!.txId && e.endpoint === 'payments.withdrawInProgress')).toHaveLength(1);
    } finally {
      other.close();
    }
  });

  it('a refused change announces nothing', async () => {
    const agent = await openStream(await t.cookie(OPA));
    try {
      await until(() => agent.raw.includes('connected'), 'the stream opens');
      const bad = await t.call('POST', REPLY, { as: OPA, body: { ticketId: '00000000-0000-4000-8000-000000000000', message: 'x' } });
      expect(bad.statusCode).toBe(404);
      const ok = await newTicket(['alpha-bet']);
      await until(() => agent.events.some((e) => e.id === ok.id), 'the next change arrives');
      expect(agent.events.filter((e) => e.endpoint === 'support.reply')).toEqual([]);
    } finally {
      agent.close();
    }
  });

  it('ends when its session ends', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: OPA, password: 'demo-Pitboss-1' } });
    expect(login.statusCode, login.body).toBe(200);
    const c = login.cookies.find((x) => x.name === 'pitboss_session')!;
    const cookie = `pitboss_session=${c.value}`;
    const s = await openStream(cookie);
    await until(() => s.raw.includes('connected'), 'the stream opens');
    let ended = false;
    void s.ended.then(() => { ended = true; });
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBeLessThan(300);
    await until(() => ended, 'the stream ends with the session');
  });
});
