/**
 * Domains, Cloudflare accounts, Front Door profiles and the developer settings: access (global
 * infrastructure roles only; the zone actions SUPER_ADMIN and ADMIN), every validation message,
 * secrets never answered, the add-domain automation through the simulators, the actions, the dev
 * page's calls, and the real Cloudflare / Front Door / Auth0 clients against local stubs of their APIs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { EXPORT_MAX_ROWS, INFRA_MESSAGES as M, MSG } from '@pitboss/contract';
import { cfAccounts, domains, infraSimObjects } from '../src/db/schema.js';
import { runAutomation } from '../src/modules/infra/service.js';
import { CloudflareError, HttpCloudflareClient } from '../src/integrations/cloudflare/index.js';
import { FrontDoorError, HttpFrontDoorClient } from '../src/integrations/front-door/index.js';
import { Auth0Error, HttpAuth0Client } from '../src/integrations/auth0/index.js';
import { rowsOf } from '../src/lib/query.js';
import { activitiesOf, expectError, expectForbidden, makeApp } from './support.js';
import { send, startJsonStub } from './json-stub.js';
import type { Login, TestApp } from './helpers.js';

const SA: Login = 'superadmin@demo.local';
const ADMIN: Login = 'admin@demo.local';
const DEVOPS: Login = 'devops@demo.local';
const OPA: Login = 'operator.admin@demo.local';
const ZONES = '/api/operators/cf-tokens/v2/zones';
const ACCOUNTS = '/api/operators/cf-tokens/v2';
const TOKEN = 'SimAlphaMainToken0123456789abcdefghijklm';

let t: TestApp;
beforeAll(async () => { t = await makeApp(); });
afterAll(async () => { await t.close(); });

const domainRow = async (name: string) => (await t.database.db.select().from(domains).where(eq(domains.domainName, name)))[0];
const zone = async (name: string, as: Login = DEVOPS, force = false) => {
  const res = await t.call('GET', `${ZONES}/details?domainName=${name}${force ? '&isForceFetch=true' : ''}`, { as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('access and secrets', () => {
  it('the infrastructure roles list the seeded domains, 50 a page by default; operator staff are refused', async () => {
    const res = await t.call('GET', ZONES, { as: DEVOPS });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.limit).toBe(50);
    const alpha = d.items.find((z: { domainName: string }) => z.domainName === 'alpha-gaming.com');
    expect(alpha).toMatchObject({ opId: 'op-alpha', opTitle: 'Alpha Gaming', isPrimary: true, cfZoneStatus: 'active', cfDnsConfigured: true, cfRulesConfigured: true, afdRoutesAssociated: true, afdValidationStatus: 'Approved' });
    expect(alpha.automation.status).toBe('COMPLETED');
    for (const as of [OPA, 'operator.manager@demo.local', 'partner@demo.local'] as Login[]) expectForbidden(await t.call('GET', ZONES, { as }));
    expectForbidden(await t.call('GET', ACCOUNTS, { as: OPA }));
    expectForbidden(await t.call('GET', '/api/dev/frontdoor', { as: OPA }));
  });

  it('API tokens never leave the server: lists, details and the selector show them masked', async () => {
    for (const url of [ZONES, ACCOUNTS, `${ZONES}/details?domainName=alpha-gaming.com`, '/api/operators/cf-tokens?opId=op-alpha']) {
      const res = await t.call('GET', url, { as: SA });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).not.toContain(TOKEN);
    }
    const acc = (await t.call('GET', `${ACCOUNTS}?search=alpha-main`, { as: SA })).json().data.items[0];
    expect(acc).toMatchObject({ cfAccountCode: 'alpha-main', token: `••••${TOKEN.slice(-4)}`, domains: 5 });
    const sel = (await t.call('GET', '/api/operators/cf-tokens?opId=op-alpha', { as: DEVOPS })).json().data;
    expect(sel).toEqual([{ title: 'Alpha Gaming Cloudflare', token: 'alpha-main', opId: 'op-alpha' }]);
  });

  it('search by domain and the account selector filter the list', async () => {
    const byName = (await t.call('GET', `${ZONES}?domain=bravo`, { as: ADMIN })).json().data.items.map((z: { domainName: string }) => z.domainName);
    expect(byName).toEqual(['bravo-ent.com', 'bravo-ent.net', 'bravospin.com', 'bravosports.bet']);
    const byAccount = (await t.call('GET', `${ZONES}?cfAccountCode=charlie-main`, { as: ADMIN })).json().data.items;
    expect(byAccount).toHaveLength(4);
    expect(byAccount.every((z: { cfAccountCode: string }) => z.cfAccountCode === 'charlie-main')).toBe(true);
  });
});

describe('the domains list filters (000 §7)', () => {
  const names = async (query: string) => {
    const res = await t.call('GET', `${ZONES}?limit=100&${query}`, { as: SA });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.items.map((z: { domainName: string }) => z.domainName) as string[];
  };

  it('each field filter keeps the matching domains and leaves the others out', async () => {
    const alpha = await zone('alpha-gaming.com', SA);
    await t.database.db.update(domains).set({ defaultLang: 'fr' }).where(eq(domains.domainName, 'charliestars.io'));
    const cases: [string, string, string][] = [
      // [query, a domain it matches, a domain it does not]
      [`cfAccountId=${alpha.cfAccountId}`, 'alpha-gaming.com', 'bravo-ent.com'],
      [`cfZoneId=${alpha.cfZoneId}`, 'alpha-gaming.com', 'alpha-gaming.net'],
      ['defaultLang=fr', 'charliestars.io', 'charlieluck.com'],
      ['defaultLang=en', 'charlieluck.com', 'charliestars.io'],
      ['afdRouteName=bo-route', 'bravo-ent.net', 'bravo-ent.com'],
      ['afdEndpointName=pb-player', 'bravo-ent.com', 'bravo-ent.net'],
      ['afdValidationStatus=Approved', 'alpha-gaming.com', 'alpha-promo.com'],
      ['afdProvisionStatus=Succeeded', 'alpha-gaming.com', 'alpha-promo.com'],
      ['afdRoutesAssociated=true', 'alpha-gaming.com', 'alpha-promo.com'],
      ['afdRoutesAssociated=false', 'alpha-promo.com', 'alpha-gaming.com'],
      ['cfDnsConfigured=true', 'alpha-gaming.com', 'alpha-promo.com'],
      ['cfDnsConfigured=false', 'alpha-promo.com', 'alpha-gaming.com'],
      ['cfRulesConfigured=true', 'alpha-gaming.com', 'alpha-promo.com'],
      ['cfRulesConfigured=false', 'alpha-promo.com', 'alpha-gaming.com'],
    ];
    for (const [query, yes, no] of cases) {
      const got = await names(query);
      expect(got, query).toContain(yes);
      expect(got, query).not.toContain(no);
    }
    expect(await names('afdValidationStatus=Rejected')).toEqual([]);
    expectError(await t.call('GET', `${ZONES}?defaultLang=xx`, { as: SA }), 400, [expect.any(String) as unknown as string]);
  });

  it('page and limit 0 answer every row for an export (000 §7), up to the export cap; a lone 0 is refused', async () => {
    const paged = (await t.call('GET', `${ZONES}?opId=op-bravo&includeBrands=true&limit=2`, { as: SA })).json().data;
    expect(paged.items).toHaveLength(2);
    expect(paged.remaining).toBe(true);
    const all = await t.call('GET', `${ZONES}?opId=op-bravo&includeBrands=true&page=0&limit=0`, { as: SA });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data).toMatchObject({ page: 0, limit: 0, remaining: false });
    expect(all.json().data.items.map((z: { domainName: string }) => z.domainName)).toEqual(['bravo-ent.com', 'bravo-ent.net', 'bravospin.com', 'bravosports.bet']);
    expectError(await t.call('GET', `${ZONES}?page=0&limit=5`, { as: SA }), 400, [M.EXPORT_PAGING]);
    expectError(await t.call('GET', `${ZONES}?page=1&limit=0`, { as: SA }), 400, [M.EXPORT_PAGING]);
    // The cap: EXPORT_MAX_ROWS rows at most, `remaining` says more were left out.
    const acct = (await t.database.db.select().from(cfAccounts).where(eq(cfAccounts.cfAccountCode, 'alpha-main')))[0]!;
    const bulk = Array.from({ length: EXPORT_MAX_ROWS + 1 }, (_, i) => ({ domainName: `bulk-${String(i).padStart(4, '0')}.test`, opId: 'op-delta', cfAccountCode: acct.cfAccountCode, cfAccountId: acct.cfAccountId }));
    await t.database.db.insert(domains).values(bulk);
    try {
      const capped = (await t.call('GET', `${ZONES}?opId=op-delta&page=0&limit=0`, { as: SA })).json().data;
      expect(capped).toMatchObject({ count: EXPORT_MAX_ROWS, remaining: true, page: 0, limit: 0 });
      expect(capped.items.at(-1).domainName).toBe(`bulk-${String(EXPORT_MAX_ROWS - 1).padStart(4, '0')}.test`);
    } finally {
      await t.database.db.delete(domains).where(eq(domains.opId, 'op-delta'));
    }
    // Other lists keep their paging rule.
    expect((await t.call('GET', `${ACCOUNTS}?page=0&limit=0`, { as: SA })).statusCode).toBe(400);
  });

  it('sortByName and sortByOrder sort the list', async () => {
    const desc = await names('opId=op-alpha&sortByName=domainName&sortByOrder=desc');
    expect(desc).toEqual([...desc].sort().reverse());
    expect(desc[0]).toBe('alpha-promo.com');
    const asc = await names('opId=op-alpha&sortByName=domainName&sortByOrder=asc');
    expect(asc).toEqual([...desc].reverse());
    // Newest first: the minimized-form domain was added last.
    expect((await names('opId=op-alpha&sortByName=createdAt&sortByOrder=desc'))[0]).toBe('alpha-promo.com');
    expect((await names('opId=op-alpha&sortByName=createdAt&sortByOrder=asc'))[0]).not.toBe('alpha-promo.com');
  });
});

describe('Cloudflare accounts', () => {
  const body = (over: Record<string, unknown> = {}) => ({ opId: 'op-charlie', title: 'Charlie Backup', accountId: 'acc-9f2', token: 'GoodToken-0123456789abcdef', cfAccountCode: 'charlie-backup', ...over });

  it('validation: title, account id and API token required; a token Cloudflare refuses stores nothing', async () => {
    expectError(await t.call('POST', ACCOUNTS, { as: DEVOPS, body: body({ title: ' ' }) }), 400, [M.TITLE_REQUIRED]);
    expectError(await t.call('POST', ACCOUNTS, { as: DEVOPS, body: body({ accountId: '' }) }), 400, [M.ACCOUNT_ID_REQUIRED]);
    expectError(await t.call('POST', ACCOUNTS, { as: DEVOPS, body: body({ token: '' }) }), 400, [M.TOKEN_REQUIRED]);
    expectError(await t.call('POST', ACCOUNTS, { as: DEVOPS, body: body({ token: 'invalid-token-0123456789' }) }), 400, [M.CF_ACCOUNT_ADD_FAILED, M.TOKEN_INVALID]);
    expectError(await t.call('POST', ACCOUNTS, { as: DEVOPS, body: body({ cfAccountCode: 'alpha-main' }) }), 409, [M.CF_ACCOUNT_ADD_FAILED, M.ACCOUNT_CODE_TAKEN]);
    expect(await t.database.db.select().from(cfAccounts).where(eq(cfAccounts.cfAccountCode, 'charlie-backup'))).toHaveLength(0);
  });

  it('add, edit (a new token verified), delete; the activities keep the token masked', async () => {
    const res = await t.call('POST', ACCOUNTS, { as: DEVOPS, body: body() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().messages).toEqual([M.CF_ACCOUNT_ADDED]);
    expect(res.json().data).toMatchObject({ cfAccountCode: 'charlie-backup', token: '••••cdef', opTitle: 'Charlie Play', domains: 0 });
    expectError(await t.call('PUT', ACCOUNTS, { as: DEVOPS, body: { cfAccountCode: 'charlie-backup', title: 'Renamed', cfApiKey: 'short' } }), 400, [M.TOKEN_INVALID]);
    const upd = await t.call('PUT', ACCOUNTS, { as: DEVOPS, body: { cfAccountCode: 'charlie-backup', title: 'Renamed', cfApiKey: 'AnotherGoodToken-0123456789WXYZ', note: 'rotated' } });
    expect(upd.json()).toMatchObject({ success: true, data: { title: 'Renamed', token: '••••WXYZ', note: 'rotated' } });
    const [stored] = await t.database.db.select().from(cfAccounts).where(eq(cfAccounts.cfAccountCode, 'charlie-backup'));
    expect(stored!.apiToken).toBe('AnotherGoodToken-0123456789WXYZ');
    const acts = await activitiesOf(t, 'charlie-backup');
    expect(acts.map((a) => a.action).sort()).toEqual(['CF_ACCOUNT_CREATE', 'CF_ACCOUNT_UPDATE']);
    expect(JSON.stringify(acts)).not.toContain('0123456789');
    expect((await t.call('DELETE', `${ACCOUNTS}?cfAccountCode=charlie-backup&opId=op-charlie`, { as: DEVOPS })).json()).toMatchObject({ success: true, messages: [M.CF_ACCOUNT_DELETED] });
  });

  it('the spec\'s body (token, accountId, title, opId) is enough: the CF code is made from the title, unique, and stays', async () => {
    const spec = { token: 'GoodToken-0123456789abcdef', accountId: 'acc-7a1', title: 'Charlie Ops Ünïcode!', opId: 'op-charlie' };
    const first = await t.call('POST', ACCOUNTS, { as: DEVOPS, body: spec });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ messages: [M.CF_ACCOUNT_ADDED], data: { cfAccountCode: 'charlie-ops-unicode', title: 'Charlie Ops Ünïcode!' } });
    expect((await t.call('POST', ACCOUNTS, { as: DEVOPS, body: { ...spec, cfAccountCode: '' } })).json().data.cfAccountCode).toBe('charlie-ops-unicode-2');
    expect((await t.call('POST', ACCOUNTS, { as: DEVOPS, body: spec })).json().data.cfAccountCode).toBe('charlie-ops-unicode-3');
    expect((await t.call('POST', ACCOUNTS, { as: DEVOPS, body: { ...spec, title: '!!!' } })).json().data.cfAccountCode).toBe('cf-account');
    expectError(await t.call('POST', ACCOUNTS, { as: DEVOPS, body: { ...spec, cfAccountCode: 'a b' } }), 400, [M.ACCOUNT_CODE_INVALID]);
    // Read-only after creation: an edit keeps it.
    const upd = await t.call('PUT', ACCOUNTS, { as: DEVOPS, body: { cfAccountCode: 'charlie-ops-unicode', title: 'Charlie Ops' } });
    expect(upd.json().data).toMatchObject({ cfAccountCode: 'charlie-ops-unicode', title: 'Charlie Ops' });
    for (const code of ['charlie-ops-unicode', 'charlie-ops-unicode-2', 'charlie-ops-unicode-3', 'cf-account']) {
      expect((await t.call('DELETE', `${ACCOUNTS}?cfAccountCode=${code}`, { as: DEVOPS })).statusCode).toBe(200);
    }
  });

  it('an account with domains is not deleted; operator staff cannot add one', async () => {
    expectError(await t.call('DELETE', `${ACCOUNTS}?cfAccountCode=bravo-main`, { as: SA }), 409, [M.CF_ACCOUNT_IN_USE]);
    expectForbidden(await t.call('POST', ACCOUNTS, { as: OPA, body: body({ opId: 'op-alpha' }) }));
  });
});

describe('adding domains', () => {
  it('the V2 form: validation, then the automation runs every step and records its progress', async () => {
    const form = { opId: 'alpha-bet', domainName: 'alphabet-vip.com', cfAccountCode: 'alpha-main' };
    expectError(await t.call('POST', `${ZONES}/create`, { as: DEVOPS, body: { ...form, domainName: 'https://alphabet-vip.com' } }), 400, [M.DOMAIN_INVALID]);
    expectError(await t.call('POST', `${ZONES}/create`, { as: DEVOPS, body: { ...form, domainName: '' } }), 400, [M.DOMAIN_REQUIRED]);
    expectError(await t.call('POST', `${ZONES}/create`, { as: DEVOPS, body: { ...form, cfAccountCode: '' } }), 400, [M.CF_ACCOUNT_REQUIRED]);
    expectError(await t.call('POST', `${ZONES}/create`, { as: DEVOPS, body: { ...form, domainName: 'alpha-gaming.com' } }), 409, [M.DOMAIN_TAKEN]);
    const res = await t.call('POST', `${ZONES}/create`, { as: DEVOPS, body: form });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().messages).toEqual([M.V2_DOMAIN_ADDED]);
    expect(res.json().data.automation).toEqual({ status: 'IN_PROGRESS', step: null, error: null });
    const row = await domainRow('alphabet-vip.com');
    await runAutomation(t.database.db, row!.id);
    const z = await zone('alphabet-vip.com');
    expect(z.automation).toEqual({ status: 'COMPLETED', step: null, error: null });
    expect(z).toMatchObject({ cfDnsConfigured: true, cfRulesConfigured: true, cfZoneSSLMode: 'strict', afdRoutesAssociated: true, afdEndpointName: 'pb-player', afdRouteName: 'ppf-route', afdValidationStatus: 'Approved' });
    expect(z.cfZoneNameServers).toHaveLength(2);
    for (const ns of z.cfZoneNameServers) expect(ns).toMatch(/^[a-z]+\.ns\.cloudflare\.com$/);
    expect(z.cfZoneId).toMatch(/^[0-9a-f]{32}$/);
    const names = z.cfDnsRecords.map((r: { type: string; name: string }) => `${r.type} ${r.name}`).sort();
    expect(names).toEqual(['CNAME alphabet-vip.com', 'CNAME www.alphabet-vip.com', 'TXT _dnsauth.alphabet-vip.com']);
    expect(z.afdValidation.recordName).toBe('_dnsauth.alphabet-vip.com');
    expect((await activitiesOf(t, 'alphabet-vip.com')).map((a) => a.action)).toEqual(['DOMAIN_CREATE']);
    // Run again (a retried job): nothing is made twice.
    await t.database.db.update(domains).set({ automationStatus: 'IN_PROGRESS' }).where(eq(domains.id, row!.id));
    await runAutomation(t.database.db, row!.id);
    expect((await zone('alphabet-vip.com')).cfDnsRecords).toHaveLength(3);
  });

  it('the flags and AFD profile are SUPER_ADMIN\'s and ADMIN\'s: dev ops changing one is refused, nothing stored', async () => {
    const form = { opId: 'op-bravo', cfAccountCode: 'bravo-main' };
    for (const flags of [{ isLocked: true }, { isB2CPFF: false }, { isBackoffice: 'true' }, { isBrand: true }, { isInternal: true }, { afdProfileName: 'pitboss-edge-prod' }]) {
      expectError(await t.call('POST', `${ZONES}/create`, { as: DEVOPS, body: { ...form, domainName: 'bravo-flags.com', ...flags } }), 403, [MSG.NO_PERMISSION]);
    }
    expect(await domainRow('bravo-flags.com')).toBeUndefined();
    // Left as the defaults (what the console's form sends a dev ops user), the domain is added.
    const plain = await t.call('POST', `${ZONES}/create`, { as: DEVOPS, body: { ...form, domainName: 'bravo-flags.com', isLocked: false, isB2CPFF: true, afdProfileName: '', defaultLang: 'de' } });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(await domainRow('bravo-flags.com')).toMatchObject({ isLocked: false, isB2CPFF: true, defaultLang: 'de' });
    // An admin sets them.
    const res = await t.call('POST', `${ZONES}/create`, { as: ADMIN, body: { ...form, domainName: 'bravo-locked.com', isLocked: true, isInternal: true, isB2CPFF: false } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await domainRow('bravo-locked.com')).toMatchObject({ isLocked: true, isInternal: true, isB2CPFF: false });
    // The edit is the zone PUT: SUPER_ADMIN's and ADMIN's altogether.
    expectForbidden(await t.call('PUT', ZONES, { as: DEVOPS, body: { domainName: 'bravo-flags.com', action: 'EDIT', domainDetails: { isLocked: true } } }));
    expect((await domainRow('bravo-flags.com'))!.isLocked).toBe(false);
    const edit = await t.call('PUT', ZONES, { as: ADMIN, body: { domainName: 'bravo-flags.com', action: 'EDIT', domainDetails: { isLocked: true, isBrand: true, afdProfileName: '' } } });
    // An empty profile keeps the domain's own.
    expect(edit.json()).toMatchObject({ success: true, data: { zone: { isLocked: true, isBrand: true, afdProfileName: 'pitboss-edge-prod' } } });
  });

  it('an automation Cloudflare refuses ends in error with the reason', async () => {
    await t.database.db.insert(cfAccounts).values({ opId: 'op-alpha', cfAccountCode: 'alpha-revoked', cfAccountId: 'x', title: 'Revoked', apiToken: 'invalid-revoked-token-000' });
    const res = await t.call('POST', `${ZONES}/create`, { as: ADMIN, body: { opId: 'op-alpha', domainName: 'alpha-broken.com', cfAccountCode: 'alpha-revoked' } });
    expect(res.statusCode).toBe(200);
    await runAutomation(t.database.db, (await domainRow('alpha-broken.com'))!.id);
    expect((await zone('alpha-broken.com')).automation).toEqual({ status: 'ERROR', step: 'ZONE', error: 'Cloudflare: Authentication error (10000)' });
  });

  it('the minimized form answers the name servers; a refused token gives the spec\'s messages', async () => {
    const res = await t.call('POST', '/api/operators/cf-tokens/zones/create', { as: DEVOPS, body: { opId: 'op-bravo', domain: 'bravo-mini.com', token: 'bravo-main' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().messages).toEqual([M.DOMAIN_ADDED]);
    expect(res.json().data.name_servers).toHaveLength(2);
    for (const ns of res.json().data.name_servers) expect(ns).toMatch(/^[a-z]+\.ns\.cloudflare\.com$/);
    expect(res.json().data.zone).toMatchObject({ domainName: 'bravo-mini.com', cfZoneStatus: 'pending', automation: { status: 'NONE' } });
    const bad = await t.call('POST', '/api/operators/cf-tokens/zones/create', { as: DEVOPS, body: { opId: 'op-alpha', domain: 'alpha-mini.com', token: 'alpha-revoked' } });
    expectError(bad, 400, [M.MIN_DOMAIN_FAILED, M.MIN_DOMAIN_FAILED_INLINE, 'Authentication error (10000)']);
    expect(await domainRow('alpha-mini.com')).toBeUndefined();
  });

  it('the list path with domainName answers that one domain (000 §7), synced first with isForceFetch; others\' are not found', async () => {
    const one = await t.call('GET', `${ZONES}?domainName=alpha-gaming.net&opId=op-alpha`, { as: DEVOPS });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data).toMatchObject({ domainName: 'alpha-gaming.net', opId: 'op-alpha', cfZoneStatus: 'active' });
    expect(one.json().data.items).toBeUndefined();
    expect(one.json().data).toEqual((await t.call('GET', `${ZONES}/details?domainName=alpha-gaming.net`, { as: DEVOPS })).json().data);
    // A brand's domain within its parent operator, as the details call finds it.
    expect((await t.call('GET', `${ZONES}?domainName=alphabet.bet&opId=op-alpha`, { as: DEVOPS })).json().data.opId).toBe('alpha-bet');
    expectError(await t.call('GET', `${ZONES}?domainName=alpha-gaming.net&opId=op-bravo`, { as: DEVOPS }), 404, [M.DOMAIN_NOT_FOUND]);
    expectError(await t.call('GET', `${ZONES}?domainName=nope.com`, { as: DEVOPS }), 404, [M.DOMAIN_NOT_FOUND]);
    // Without it, the list as before.
    expect((await t.call('GET', `${ZONES}?opId=op-alpha`, { as: DEVOPS })).json().data.items.length).toBeGreaterThan(1);
    // isForceFetch: the zone is re-read from Cloudflare first.
    await t.database.db.update(domains).set({ cfZoneStatus: 'pending', syncedAt: null }).where(eq(domains.domainName, 'alpha-gaming.net'));
    expect((await t.call('GET', `${ZONES}?domainName=alpha-gaming.net`, { as: DEVOPS })).json().data.cfZoneStatus).toBe('pending');
    const synced = (await t.call('GET', `${ZONES}?domainName=alpha-gaming.net&isForceFetch=true`, { as: DEVOPS })).json().data;
    expect(synced.cfZoneStatus).toBe('active');
    expect(synced.syncedAt).not.toBeNull();
  });

  it('the create calls take opId from the query string too (000 §7 `…/create?opId`); the body\'s wins', async () => {
    const v2 = await t.call('POST', `${ZONES}/create?opId=op-bravo`, { as: DEVOPS, body: { domainName: 'bravo-query.com', cfAccountCode: 'bravo-main' } });
    expect(v2.statusCode, v2.body).toBe(200);
    expect((await domainRow('bravo-query.com'))!.opId).toBe('op-bravo');
    const both = await t.call('POST', `${ZONES}/create?opId=op-charlie`, { as: DEVOPS, body: { opId: 'bravo-spin', domainName: 'bravo-both.com', cfAccountCode: 'bravo-main' } });
    expect(both.statusCode, both.body).toBe(200);
    expect((await domainRow('bravo-both.com'))!.opId).toBe('bravo-spin');
    expectError(await t.call('POST', `${ZONES}/create`, { as: DEVOPS, body: { domainName: 'bravo-none.com', cfAccountCode: 'bravo-main' } }), 400, [M.OPERATOR_REQUIRED]);
    expectError(await t.call('POST', `${ZONES}/create?opId=op-nowhere`, { as: DEVOPS, body: { domainName: 'bravo-none.com', cfAccountCode: 'bravo-main' } }), 404, [MSG.OPERATOR_NOT_FOUND]);
    const min = await t.call('POST', '/api/operators/cf-tokens/zones/create?opId=op-bravo', { as: DEVOPS, body: { domain: 'bravo-query-mini.com', token: 'bravo-main' } });
    expect(min.statusCode, min.body).toBe(200);
    expect(min.json().data.zone).toMatchObject({ domainName: 'bravo-query-mini.com', opId: 'op-bravo' });
    expectError(await t.call('POST', '/api/operators/cf-tokens/zones/create', { as: DEVOPS, body: { domain: 'bravo-none.com', token: 'bravo-main' } }), 400, [M.OPERATOR_REQUIRED]);
  });

  it('Force Refresh re-reads the zone from Cloudflare (pending → active once its name servers are in place)', async () => {
    expect((await zone('bravo-mini.com')).cfZoneStatus).toBe('pending');
    await t.database.db.execute(sql`update infra_sim_objects set data = jsonb_set(data, '{activateAt}', to_jsonb('2020-01-01T00:00:00.000Z'::text))
      where service = 'cloudflare' and kind = 'zone' and data->>'name' = 'bravo-mini.com'`);
    expect((await zone('bravo-mini.com')).cfZoneStatus).toBe('pending');
    const z = await zone('bravo-mini.com', DEVOPS, true);
    expect(z.cfZoneStatus).toBe('active');
    expect(z.syncedAt).not.toBeNull();
  });
});

describe('DNS records', () => {
  const rec = (over: Record<string, unknown> = {}) => ({ opId: 'op-bravo', domainName: 'bravo-mini.com', dnsRecordType: 'TXT', dnsRecordName: 'verify', dnsRecordContent: 'site-check-1', ...over });

  it('validation: name and content 3 to 25 characters, type TXT or CNAME', async () => {
    expectError(await t.call('POST', `${ZONES}/dns-records`, { as: DEVOPS, body: rec({ dnsRecordName: 'ab' }) }), 400, [M.DNS_NAME_LENGTH]);
    expectError(await t.call('POST', `${ZONES}/dns-records`, { as: DEVOPS, body: rec({ dnsRecordContent: 'x'.repeat(26) }) }), 400, [M.DNS_CONTENT_LENGTH]);
    expectError(await t.call('POST', `${ZONES}/dns-records`, { as: DEVOPS, body: rec({ dnsRecordType: 'A' }) }), 400, [M.DNS_TYPE_INVALID]);
    expectError(await t.call('POST', `${ZONES}/dns-records`, { as: DEVOPS, body: rec({ opId: 'op-alpha' }) }), 404, [M.DOMAIN_NOT_FOUND]);
  });

  it('add and delete at Cloudflare; the domain\'s records follow; a duplicate is Cloudflare\'s refusal', async () => {
    const res = await t.call('POST', `${ZONES}/dns-records`, { as: DEVOPS, body: rec() });
    expect(res.json()).toMatchObject({ success: true, messages: [M.DNS_ADDED], data: { type: 'TXT', name: 'verify.bravo-mini.com', content: 'site-check-1', proxied: false } });
    expect((await zone('bravo-mini.com')).cfDnsRecords.map((r: { name: string }) => r.name)).toContain('verify.bravo-mini.com');
    expectError(await t.call('POST', `${ZONES}/dns-records`, { as: DEVOPS, body: rec() }), 400, [M.DNS_ADD_FAILED, 'An identical record already exists. (81057)']);
    const del = await t.call('DELETE', `${ZONES}/dns-records?opId=op-bravo&domainName=bravo-mini.com&dnsRecordName=verify&dnsRecordType=TXT`, { as: DEVOPS });
    expect(del.json()).toMatchObject({ success: true, messages: [M.DNS_RECORD_DELETED] });
    expect((await zone('bravo-mini.com')).cfDnsRecords).toHaveLength(0);
    expect((await activitiesOf(t, 'bravo-mini.com')).map((a) => a.action).sort()).toEqual(['DNS_RECORD_CREATE', 'DNS_RECORD_DELETE', 'DOMAIN_CREATE']);
  });
});

describe('domain actions', () => {
  const act = (domainName: string, action: string, as: Login = ADMIN, extra: Record<string, unknown> = {}) => t.call('PUT', ZONES, { as, body: { domainName, action, ...extra } });

  it('SUPER_ADMIN and ADMIN only; a primary domain is never deleted; missing Front Door details are said', async () => {
    expectForbidden(await act('alpha-gaming.net', 'PURGE_CACHE', DEVOPS));
    for (const a of ['CF_DELETE', 'DB_DELETE', 'AFD_DELETE']) expectError(await act('alpha-gaming.com', a), 409, [M.PRIMARY_NOT_DELETABLE]);
    expectError(await t.call('DELETE', `${ZONES}?zoneName=alpha-gaming.com`, { as: SA }), 409, [M.PRIMARY_NOT_DELETABLE]);
    expectError(await act('alpha-promo.com', 'AFD_DELETE'), 409, [M.AFD_MISSING]);
    expectError(await act('alpha-promo.com', 'ASSOCIATE'), 409, [M.AFD_MISSING]);
    expectError(await act('alpha-promo.com', 'EDIT'), 400, [M.DETAILS_REQUIRED]);
    expectError(await act('alpha-promo.com', 'RENAME'), 400, [M.ACTION_INVALID]);
  });

  it('purge, purge all, set primary, edit flags, Front Door delete and re-associate — each with its activity', async () => {
    expect((await act('alpha-gaming.net', 'PURGE_CACHE')).json()).toMatchObject({ success: true, messages: [M.ACTION_DONE], data: { purgedZones: 1 } });
    expect((await act('charlieplay.io', 'PURGE_CACHE_ALL')).json().data.purgedZones).toBe(2);
    await act('alpha-gaming.net', 'SET_PRIMARY');
    expect((await domainRow('alpha-gaming.net'))!.isPrimary).toBe(true);
    expect((await domainRow('alpha-gaming.com'))!.isPrimary).toBe(false);
    await act('alpha-gaming.com', 'SET_PRIMARY', SA);
    const edit = await act('alpha-gaming.net', 'EDIT', SA, { domainDetails: { isLocked: true, defaultLang: 'tr' } });
    expect(edit.json()).toMatchObject({ messages: [M.DOMAIN_UPDATED], data: { zone: { isLocked: true, defaultLang: 'tr' } } });
    const afd = await act('alpha-gaming.net', 'AFD_DELETE');
    expect(afd.json().data.zone).toMatchObject({ afdCustomDomainId: null, afdRoutesAssociated: false, afdComplete: false });
    expect(await t.database.db.select().from(infraSimObjects).where(and(eq(infraSimObjects.service, 'front-door'), eq(infraSimObjects.kind, 'domain'), sql`${infraSimObjects.data}->>'hostName' = 'alpha-gaming.net'`))).toHaveLength(0);
    const acts = (await activitiesOf(t, 'alpha-gaming.net')).map((a) => a.action).sort();
    expect(acts).toEqual(['DOMAIN_AFD_DELETE', 'DOMAIN_EDIT', 'DOMAIN_PURGE_CACHE', 'DOMAIN_SET_PRIMARY']);
    expect((await activitiesOf(t, 'charlieplay.io')).map((a) => a.action)).toEqual(['DOMAIN_PURGE_CACHE_ALL']);
  });

  it('a full delete removes the Front Door custom domain, the Cloudflare zone and the record', async () => {
    const res = await t.call('DELETE', `${ZONES}?zoneName=charlieplay.io&opId=op-charlie`, { as: SA });
    expect(res.json()).toMatchObject({ success: true, messages: [M.ZONE_DELETED] });
    expect(await domainRow('charlieplay.io')).toBeUndefined();
    const left = await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from infra_sim_objects where data::text like '%charlieplay.io%'`);
    expect(left[0]!.n).toBe(0);
    expect((await activitiesOf(t, 'charlieplay.io')).map((a) => a.action)).toContain('DOMAIN_DELETE');
  });
});

describe('Front Door profiles', () => {
  it('create (title, identity, group, name required), edit, default moves', async () => {
    const base = { title: 'EU edge', managedIdentityClientId: 'mi-1', resourceGroup: 'rg-eu', afdProfileName: 'pitboss-edge-eu' };
    expectError(await t.call('POST', `${ACCOUNTS}/afds`, { as: DEVOPS, body: { ...base, title: '' } }), 400, [M.TITLE_REQUIRED]);
    expectError(await t.call('POST', `${ACCOUNTS}/afds`, { as: DEVOPS, body: { ...base, managedIdentityClientId: '' } }), 400, [M.IDENTITY_REQUIRED]);
    expectError(await t.call('POST', `${ACCOUNTS}/afds`, { as: DEVOPS, body: { ...base, resourceGroup: '' } }), 400, [M.RESOURCE_GROUP_REQUIRED]);
    expectError(await t.call('POST', `${ACCOUNTS}/afds`, { as: DEVOPS, body: { ...base, afdProfileName: '' } }), 400, [M.PROFILE_NAME_REQUIRED]);
    expect((await t.call('POST', `${ACCOUNTS}/afds`, { as: DEVOPS, body: base })).json()).toMatchObject({ success: true, messages: [M.AFD_PROFILE_ADDED] });
    expectError(await t.call('POST', `${ACCOUNTS}/afds`, { as: DEVOPS, body: base }), 409, [M.PROFILE_NAME_TAKEN]);
    const upd = await t.call('PUT', `${ACCOUNTS}/afds`, { as: DEVOPS, body: { afdProfileName: 'pitboss-edge-eu', title: 'EU edge (new)', isDefault: true } });
    expect(upd.json()).toMatchObject({ data: { title: 'EU edge (new)', isDefault: true } });
    const list = (await t.call('GET', `${ACCOUNTS}/afds`, { as: DEVOPS })).json().data;
    expect(list.filter((p: { isDefault: boolean }) => p.isDefault).map((p: { afdProfileName: string }) => p.afdProfileName)).toEqual(['pitboss-edge-eu']);
    await t.call('PUT', `${ACCOUNTS}/afds`, { as: DEVOPS, body: { afdProfileName: 'pitboss-edge-prod', title: 'Production edge', isDefault: true } });
  });
});

describe('/settings/dev', () => {
  it('custom domains: validation, create (then the TXT next step), delete refused while another endpoint serves it', async () => {
    expectError(await t.call('POST', '/api/dev/frontdoor/create', { as: DEVOPS, body: { domain: 'a-very-long-hostname.pitboss.io', target: 'player' } }), 400, [M.AFD_HOSTNAME_LENGTH]);
    expectError(await t.call('POST', '/api/dev/frontdoor/create', { as: DEVOPS, body: { domain: 'https://qa.io', target: 'player' } }), 400, [M.DOMAIN_INVALID]);
    expectError(await t.call('POST', '/api/dev/frontdoor/create', { as: DEVOPS, body: { domain: 'qa.pitboss.io' } }), 400, [M.TARGET_REQUIRED]);
    const res = await t.call('POST', '/api/dev/frontdoor/create', { as: DEVOPS, body: { domain: 'qa.pitboss.io', target: 'backoffice' } });
    expect(res.json()).toMatchObject({ success: true, messages: [M.CUSTOM_DOMAIN_CREATED], data: { name: 'qa-pitboss-io', endpointName: 'pb-bo', domainValidationState: 'Pending', validationRecordName: '_dnsauth.qa.pitboss.io' } });
    const list = (await t.call('GET', '/api/dev/frontdoor', { as: DEVOPS })).json().data.map((d: { hostName: string }) => d.hostName);
    expect(list).toEqual(expect.arrayContaining(['play-dev.pitboss.io', 'bo-dev.pitboss.io', 'qa.pitboss.io']));
    const ep = await t.call('GET', `/api/dev/frontdoor/endpoints?domainId=${encodeURIComponent(res.json().data.id)}`, { as: DEVOPS });
    expect(ep.json().data.endpointName).toBe('pb-bo');
    expectError(await t.call('DELETE', '/api/dev/frontdoor?name=qa-pitboss-io&targetId=player', { as: DEVOPS }), 409, [M.CUSTOM_DOMAIN_DELETE_FAILED, 'The custom domain is still associated with a route. (Conflict)']);
    expect((await t.call('DELETE', '/api/dev/frontdoor?name=qa-pitboss-io&targetId=backoffice', { as: DEVOPS })).json()).toMatchObject({ success: true, messages: [M.CUSTOM_DOMAIN_DELETED] });
    expect((await activitiesOf(t, 'qa-pitboss-io')).map((a) => a.action).sort()).toEqual(['AFD_DOMAIN_CREATE', 'AFD_DOMAIN_DELETE']);
  });

  it('DNS (dev): the records of the operator\'s primary domain — add, change, delete', async () => {
    const list = (await t.call('GET', '/api/dev/dns?opId=op-bravo', { as: DEVOPS })).json().data;
    expect(list.domainName).toBe('bravo-ent.com');
    const add = await t.call('POST', '/api/dev/dns?opId=op-bravo', { as: DEVOPS, body: { type: 'CNAME', name: 'status', content: 'status.example.org' } });
    expect(add.json()).toMatchObject({ messages: [M.DNS_ADDED], data: { name: 'status.bravo-ent.com' } });
    expectError(await t.call('PUT', '/api/dev/dns?opId=op-bravo', { as: DEVOPS, body: { id: add.json().data.id, type: 'MX', name: 'status', content: 'x' } }), 400, [M.DNS_TYPE_INVALID, M.DNS_CONTENT_LENGTH]);
    const upd = await t.call('PUT', '/api/dev/dns?opId=op-bravo', { as: DEVOPS, body: { id: add.json().data.id, type: 'CNAME', name: 'status', content: 'status.example.net' } });
    expect(upd.json()).toMatchObject({ data: { message: M.DEV_DNS_UPDATED, record: { content: 'status.example.net' } } });
    expect((await t.call('DELETE', `/api/dev/dns?opId=op-bravo&id=${add.json().data.id}`, { as: DEVOPS })).json().messages).toEqual([M.DNS_RECORD_DELETED]);
    // 000 §7 `DELETE /api/dev/dns?id`: without opId, the operator whose primary zone holds the record.
    const other = await t.call('POST', '/api/dev/dns?opId=op-charlie', { as: DEVOPS, body: { type: 'TXT', name: 'byid', content: 'delete-by-id' } });
    expectError(await t.call('DELETE', `/api/dev/dns?opId=op-bravo&id=${other.json().data.id}`, { as: DEVOPS }), 404, [M.DNS_RECORD_NOT_FOUND]);
    expect((await t.call('DELETE', `/api/dev/dns?id=${other.json().data.id}`, { as: DEVOPS })).json()).toMatchObject({ success: true, messages: [M.DNS_RECORD_DELETED] });
    expect((await t.call('GET', '/api/dev/dns?opId=op-charlie', { as: DEVOPS })).json().data.records.map((r: { id: string }) => r.id)).not.toContain(other.json().data.id);
    expect((await activitiesOf(t, other.json().data.id)).map((a) => [a.action, a.opId])).toEqual([['DEV_DNS_DELETE', 'op-charlie'], ['DEV_DNS_CREATE', 'op-charlie']]);
    expectError(await t.call('DELETE', `/api/dev/dns?id=${other.json().data.id}`, { as: DEVOPS }), 404, [M.DNS_RECORD_NOT_FOUND]);
    expectError(await t.call('DELETE', `/api/dev/dns?opId=op-bravo&id=${add.json().data.id}`, { as: DEVOPS }), 404, [M.DNS_RECORD_NOT_FOUND]);
    expectError(await t.call('GET', '/api/dev/dns?opId=op-delta', { as: DEVOPS }), 409, [M.NO_PRIMARY_ZONE]);
  });

  it('Auth0: custom domains and organizations listed and deleted', async () => {
    const ds = (await t.call('GET', '/api/dev/auth0/domains', { as: DEVOPS })).json().data;
    expect(ds.map((d: { domain: string }) => d.domain)).toContain('login.bravo-ent.com');
    expect((await t.call('DELETE', '/api/dev/auth0/domains?domain=login.bravo-ent.com&type=auth0_managed_certs', { as: DEVOPS })).json().messages).toEqual([M.AUTH0_DOMAIN_DELETED]);
    expectError(await t.call('DELETE', '/api/dev/auth0/domains?domain=login.bravo-ent.com', { as: DEVOPS }), 404, [M.AUTH0_DOMAIN_NOT_FOUND]);
    const orgs = (await t.call('GET', '/api/dev/auth0/organizations', { as: DEVOPS })).json().data;
    const charlie = orgs.find((o: { name: string }) => o.name === 'charlie-play');
    expect((await t.call('DELETE', `/api/dev/auth0/organizations?orgId=${charlie.id}`, { as: DEVOPS })).json().messages).toEqual([M.AUTH0_ORG_DELETED]);
    expectError(await t.call('DELETE', `/api/dev/auth0/organizations?orgId=${charlie.id}`, { as: DEVOPS }), 404, [M.AUTH0_ORG_NOT_FOUND]);
    expectForbidden(await t.call('DELETE', `/api/dev/auth0/organizations?orgId=${charlie.id}`, { as: OPA }));
  });
});

describe('the real clients against stubs of the documented APIs', () => {
  it('Cloudflare API v4: bearer token, the envelope, errors[0] as the refusal, silence as unreachable', async () => {
    const stub = await startJsonStub('cf-token-1', { success: false, errors: [{ code: 10000, message: 'Authentication error' }], messages: [], result: null }, (req, res) => {
      if (req.method === 'GET' && req.url === '/user/tokens/verify') return send(res, 200, { success: true, errors: [], messages: [], result: { id: 't1', status: 'active' } });
      if (req.method === 'POST' && req.url === '/zones') {
        if (req.body?.name === 'taken.com') return send(res, 400, { success: false, errors: [{ code: 1061, message: 'taken.com already exists' }], messages: [], result: null });
        return send(res, 200, { success: true, errors: [], messages: [], result: { id: 'z1', name: req.body?.name, status: 'pending', name_servers: ['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com'], account: req.body?.account } });
      }
      if (req.method === 'PATCH' && req.url === '/zones/z1/settings/ssl') return send(res, 200, { success: true, errors: [], messages: [], result: { id: 'ssl', value: req.body?.value } });
      if (req.method === 'GET' && req.url === '/zones/z1/dns_records?per_page=5000') return send(res, 200, { success: true, errors: [], messages: [], result: [{ id: 'r1', type: 'CNAME', name: 'www.new.com', content: 'x.azurefd.net', proxied: true, created_on: '2026-01-01T00:00:00Z', modified_on: '2026-01-01T00:00:00Z' }] });
      return send(res, 404, 'not found');
    });
    try {
      const c = new HttpCloudflareClient({ baseUrl: stub.base });
      expect(await c.verifyToken('cf-token-1')).toBe(true);
      expect(await c.verifyToken('wrong')).toBe(false);
      const z = await c.createZone('cf-token-1', 'acc1', 'new.com');
      expect(z).toMatchObject({ id: 'z1', name: 'new.com', status: 'pending', name_servers: ['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com'], account: { id: 'acc1' } });
      expect(stub.seen.find((r) => r.url === '/zones')).toMatchObject({ headers: { authorization: 'Bearer cf-token-1' }, body: { name: 'new.com', account: { id: 'acc1' }, type: 'full' } });
      await expect(c.createZone('cf-token-1', 'acc1', 'taken.com')).rejects.toMatchObject({ message: 'taken.com already exists', code: 1061, unreachable: false });
      await c.setSetting('cf-token-1', 'z1', 'ssl', 'strict');
      expect((await c.listDnsRecords('cf-token-1', 'z1'))[0]).toMatchObject({ id: 'r1', type: 'CNAME', proxied: true });
      await expect(c.getZone('cf-token-1', 'nope')).resolves.toBeNull();
      const dead = new HttpCloudflareClient({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 500 });
      const err = await dead.createZone('t', 'a', 'x.com').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(CloudflareError);
      expect((err as CloudflareError).unreachable).toBe(true);
    } finally { await stub.close(); }
  });

  it('Azure Front Door (ARM): api-version, custom domain PUT, routes PATCH, error.code as the refusal', async () => {
    const base = '/subscriptions/sub-1/resourceGroups/rg/providers/Microsoft.Cdn/profiles/prof';
    const stub = await startJsonStub('arm-token', { error: { code: 'AuthenticationFailed', message: 'no' } }, (req, res) => {
      const [path, query] = req.url.split('?');
      if (query !== 'api-version=2023-05-01') return send(res, 400, { error: { code: 'InvalidApiVersion', message: 'bad' } });
      if (req.method === 'PUT' && path === `${base}/customDomains/new-com`) {
        return send(res, 200, { id: `${base}/customDomains/new-com`, name: 'new-com', properties: { hostName: req.body && (req.body.properties as { hostName: string }).hostName, domainValidationState: 'Pending', provisioningState: 'Succeeded', validationProperties: { validationToken: 'tok-1', expirationDate: '2030-01-01T00:00:00Z' } } });
      }
      if (req.method === 'DELETE' && path === `${base}/customDomains/used-com`) return send(res, 409, { error: { code: 'Conflict', message: 'still associated' } });
      if (req.method === 'GET' && path === `${base}/afdEndpoints/ep/routes`) return send(res, 200, { value: [{ name: 'r1', properties: { customDomains: [{ id: 'cd1' }] } }] });
      if (req.method === 'PATCH' && path === `${base}/afdEndpoints/ep/routes/r1`) return send(res, 200, {});
      if (req.method === 'GET' && path === base) return send(res, 404, { error: { code: 'ResourceNotFound', message: 'gone' } });
      return send(res, 404, { error: { code: 'NotFound', message: 'no route' } });
    });
    try {
      const c = new HttpFrontDoorClient({ baseUrl: stub.base, apiKey: 'arm-token', subscriptionId: 'sub-1' });
      const ref = { resourceGroup: 'rg', profileName: 'prof', endpointNamePrefix: 'ep', ppfRouteNamePrefix: 'ppf', boRouteNamePrefix: 'bo' };
      const cd = await c.createCustomDomain(ref, 'new-com', 'new.com');
      expect(cd).toMatchObject({ name: 'new-com', hostName: 'new.com', validationToken: 'tok-1', domainValidationState: 'Pending' });
      expect(stub.seen.at(-1)!.body).toEqual({ properties: { hostName: 'new.com', tlsSettings: { certificateType: 'ManagedCertificate', minimumTlsVersion: 'TLS12' } } });
      expect(await c.listRoutes(ref, 'ep')).toEqual([{ name: 'r1', endpointName: 'ep', customDomainIds: ['cd1'] }]);
      await c.setRouteDomains(ref, 'ep', 'r1', ['cd1', 'cd2']);
      expect(stub.seen.at(-1)).toMatchObject({ method: 'PATCH', body: { properties: { customDomains: [{ id: 'cd1' }, { id: 'cd2' }] } } });
      await expect(c.deleteCustomDomain(ref, 'used-com')).rejects.toMatchObject({ code: 'Conflict', message: 'still associated' });
      expect(await c.profileExists(ref)).toBe(false);
      const bad = new HttpFrontDoorClient({ baseUrl: stub.base, apiKey: 'wrong', subscriptionId: 'sub-1' });
      await expect(bad.listEndpoints(ref)).rejects.toBeInstanceOf(FrontDoorError);
    } finally { await stub.close(); }
  });
  it('Auth0 Management API v2: bearer token, lists, 204 deletes, 404 as not found; the dev page uses it when AUTH0_API_URL is set', async () => {
    const state = {
      domains: [{ custom_domain_id: 'cd_1', domain: 'login.real.com', primary: true, status: 'ready', type: 'auth0_managed_certs' }],
      orgs: [{ id: 'org_1', name: 'real-org', display_name: 'Real Org' }],
    };
    const stub = await startJsonStub('a0-token', { statusCode: 401, error: 'Unauthorized', message: 'Invalid token' }, (req, res) => {
      if (req.method === 'GET' && req.url === '/api/v2/custom-domains') return send(res, 200, state.domains);
      if (req.method === 'GET' && req.url === '/api/v2/organizations?per_page=100') return send(res, 200, state.orgs);
      const del = /^\/api\/v2\/(custom-domains|organizations)\/([^/?]+)$/.exec(req.url);
      if (req.method === 'DELETE' && del) {
        const list = del[1] === 'custom-domains' ? state.domains : state.orgs;
        const i = list.findIndex((x) => ('custom_domain_id' in x ? x.custom_domain_id : (x as { id: string }).id) === decodeURIComponent(del[2]!));
        if (i < 0) return send(res, 404, { statusCode: 404, error: 'Not Found', message: 'The custom domain does not exist' });
        list.splice(i, 1);
        res.writeHead(204); return res.end();
      }
      return send(res, 404, { statusCode: 404, error: 'Not Found', message: 'no route' });
    });
    const saved = { url: process.env.AUTH0_API_URL, token: process.env.AUTH0_TOKEN };
    try {
      const c = new HttpAuth0Client({ baseUrl: stub.base, apiKey: 'a0-token' });
      expect(await c.listCustomDomains()).toEqual([state.domains[0]]);
      expect(await c.listOrganizations()).toEqual([{ id: 'org_1', name: 'real-org', display_name: 'Real Org' }]);
      await expect(c.deleteCustomDomain('cd_missing')).rejects.toMatchObject({ notFound: true, unreachable: false, message: 'The custom domain does not exist' });
      const bad = new HttpAuth0Client({ baseUrl: stub.base, apiKey: 'wrong' });
      await expect(bad.listOrganizations()).rejects.toMatchObject({ message: 'Invalid token', notFound: false });
      const dead = new HttpAuth0Client({ baseUrl: 'http://127.0.0.1:9', apiKey: 'a0-token', timeoutMs: 500 });
      const err = await dead.listCustomDomains().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Auth0Error);
      expect((err as Auth0Error).unreachable).toBe(true);

      // The dev page's calls go to the real client when it is configured.
      process.env.AUTH0_API_URL = stub.base;
      process.env.AUTH0_TOKEN = 'a0-token';
      const ds = (await t.call('GET', '/api/dev/auth0/domains', { as: DEVOPS })).json().data;
      expect(ds.map((d: { domain: string }) => d.domain)).toEqual(['login.real.com']);
      expect((await t.call('DELETE', '/api/dev/auth0/domains?domain=login.real.com&type=auth0_managed_certs', { as: DEVOPS })).json().messages).toEqual([M.AUTH0_DOMAIN_DELETED]);
      expect(stub.seen.some((r) => r.method === 'DELETE' && r.url === '/api/v2/custom-domains/cd_1' && r.headers.authorization === 'Bearer a0-token')).toBe(true);
      expect(state.domains).toEqual([]);
      expect((await t.call('DELETE', '/api/dev/auth0/organizations?orgId=org_1', { as: DEVOPS })).json().messages).toEqual([M.AUTH0_ORG_DELETED]);
      expectError(await t.call('DELETE', '/api/dev/auth0/organizations?orgId=org_1', { as: DEVOPS }), 404, [M.AUTH0_ORG_NOT_FOUND]);
    } finally {
      if (saved.url === undefined) delete process.env.AUTH0_API_URL; else process.env.AUTH0_API_URL = saved.url;
      if (saved.token === undefined) delete process.env.AUTH0_TOKEN; else process.env.AUTH0_TOKEN = saved.token;
      await stub.close();
    }
  });
});
