import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAILED_CALL_OUTCOMES, MSG, PROVIDER_OUTCOMES, SYSTEMS_WINDOW_HOURS, TECH_SUPPORT_MESSAGES, isFailedCall } from '@pitboss/contract';
import { gt } from 'drizzle-orm';
import { providerCalls, sportFreebetGrants } from '../src/db/schema.js';
import { AzureMonitorClient, MonitorSimulator, MonitorUnavailable, SIMULATED_APP, parseAppList } from '../src/integrations/monitor/index.js';
import { metricsAllowed } from '../src/lib/metrics-route.js';
import { CallWindow } from '../src/modules/tech-support/call-window.js';
import { makeApp } from './support.js';
import type { TestApp } from './helpers.js';

/* ---------- A local stub of the Azure Monitor metrics REST API ---------- */

const TOKEN = 'stub-token';
const seen: { url: string; auth: string | undefined }[] = [];
let stub: http.Server;
let base: string;

const series = (name: string, agg: 'total' | 'average', values: number[]) => ({
  id: `/x/providers/Microsoft.Insights/metrics/${name}`, type: 'Microsoft.Insights/metrics', name: { value: name, localizedValue: name }, unit: 'Seconds',
  timeseries: [{ metadatavalues: [], data: values.map((v, i) => ({ timeStamp: `2026-11-23T10:${String(i * 5).padStart(2, '0')}:00Z`, [agg]: v })) }],
});

beforeAll(async () => {
  stub = http.createServer((req, res) => {
    seen.push({ url: req.url!, auth: req.headers.authorization });
    const send = (status: number, body: unknown) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(JSON.stringify(body)); };
    if (req.headers.authorization !== `Bearer ${TOKEN}`) return send(401, { error: { code: 'InvalidAuthenticationToken' } });
    if (req.url!.includes('/resourceGroups/rg-down/')) return send(503, { error: { code: 'ServiceUnavailable' } });
    if (req.url!.includes('/sites/gone/')) return send(404, { error: { code: 'ResourceNotFound' } });
    return send(200, {
      cost: 0, timespan: 'x', interval: 'PT5M',
      value: [series('CpuTime', 'total', [1.5, 2]), series('AverageResponseTime', 'average', [0.12, 0.2]), series('AverageMemoryWorkingSet', 'average', [300_000_000, 310_000_000])],
    });
  });
  await new Promise<void>((r) => stub.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
});
afterAll(async () => { await new Promise((r) => stub.close(r)); });

const client = (over: Partial<ConstructorParameters<typeof AzureMonitorClient>[0]> = {}) => new AzureMonitorClient({
  baseUrl: base, subscriptionId: 'sub-1', token: TOKEN, hours: 6, now: () => new Date('2026-11-23T12:00:00Z'),
  apps: [{ resourceGroupName: 'rg-web', appName: 'pitboss-web' }, { resourceGroupName: 'rg-down', appName: 'app-x' }, { resourceGroupName: 'rg-web', appName: 'gone' }], ...over,
});

describe('Azure Monitor client (against a local stub)', () => {
  it('asks the documented metrics URL with the bearer token and maps the three series', async () => {
    seen.length = 0;
    const m = await client().metrics({ appName: 'pitboss-web', resourceGroupName: 'rg-web' });
    expect(seen).toHaveLength(1);
    const u = new URL(seen[0]!.url, base);
    expect(u.pathname).toBe('/subscriptions/sub-1/resourceGroups/rg-web/providers/Microsoft.Web/sites/pitboss-web/providers/Microsoft.Insights/metrics');
    expect(Object.fromEntries(u.searchParams)).toEqual({
      'api-version': '2018-01-01', metricnames: 'CpuTime,AverageResponseTime,AverageMemoryWorkingSet', interval: 'PT5M',
      timespan: '2026-11-23T06:00:00.000Z/2026-11-23T12:00:00.000Z',
    });
    expect(seen[0]!.auth).toBe(`Bearer ${TOKEN}`);
    expect(m).toEqual({
      cpuData: [{ timeStamp: '2026-11-23T10:00:00Z', total: 1.5 }, { timeStamp: '2026-11-23T10:05:00Z', total: 2 }],
      averageResponseTime: [{ timeStamp: '2026-11-23T10:00:00Z', total: 0.12 }, { timeStamp: '2026-11-23T10:05:00Z', total: 0.2 }],
      averageMemoryWorkingSet: [{ timeStamp: '2026-11-23T10:00:00Z', total: 300_000_000 }, { timeStamp: '2026-11-23T10:05:00Z', total: 310_000_000 }],
      intervalSeconds: 300,
    });
  });

  it('an app not configured is unknown without any call; an app Azure does not know is unknown', async () => {
    seen.length = 0;
    expect(await client().metrics({ appName: 'other', resourceGroupName: 'rg-web' })).toBeNull();
    expect(seen).toHaveLength(0);
    expect(await client().metrics({ appName: 'gone', resourceGroupName: 'rg-web' })).toBeNull();
  });

  it('a refusal, an error or no answer is MonitorUnavailable', async () => {
    await expect(client().metrics({ appName: 'app-x', resourceGroupName: 'rg-down' })).rejects.toBeInstanceOf(MonitorUnavailable);
    await expect(client({ token: 'wrong' }).metrics({ appName: 'pitboss-web', resourceGroupName: 'rg-web' })).rejects.toBeInstanceOf(MonitorUnavailable);
    await expect(client({ baseUrl: 'http://127.0.0.1:1' }).metrics({ appName: 'pitboss-web', resourceGroupName: 'rg-web' })).rejects.toBeInstanceOf(MonitorUnavailable);
  });

  it('AZURE_MONITOR_APPS lists resourceGroup/app pairs', () => {
    expect(parseAppList(' rg-a/app-1, rg-b/app-2 ,bad, a/b/c')).toEqual([{ resourceGroupName: 'rg-a', appName: 'app-1' }, { resourceGroupName: 'rg-b', appName: 'app-2' }]);
    expect(parseAppList(undefined)).toEqual([]);
  });
});

describe('monitor simulator (this process)', () => {
  it('reports CPU time, memory working set and the average of the requests answered, one point per interval', async () => {
    let now = Date.parse('2026-11-23T12:00:00Z');
    const sim = new MonitorSimulator(60_000, () => now);
    // Burn some CPU so the interval's CPU time is above zero.
    const until = process.cpuUsage().user + 20_000;
    while (process.cpuUsage().user < until) Math.sqrt(Math.random());
    now += 60_000;
    sim.sample();
    const m = (await sim.metrics(SIMULATED_APP))!;
    expect(m.cpuData).toHaveLength(2);
    expect(m.cpuData[0]!.timeStamp).toBe('2026-11-23T12:00:00.000Z');
    expect(m.cpuData[1]!.timeStamp).toBe('2026-11-23T12:01:00.000Z');
    expect(m.cpuData[0]!.total).toBeGreaterThan(0);
    expect(m.averageMemoryWorkingSet[0]!.total).toBeGreaterThan(1_000_000);
    expect(m.averageResponseTime).toHaveLength(2);
    for (const p of m.averageResponseTime) expect(p.total).toBeGreaterThanOrEqual(0);
    expect(m.intervalSeconds).toBe(60);
    expect(await sim.metrics({ appName: 'other', resourceGroupName: 'pitboss' })).toBeNull();
  });
});

describe('failed outside-system calls: one definition', () => {
  it('every outcome but SUCCESS is a failure', () => {
    expect(FAILED_CALL_OUTCOMES).toEqual(['FAILED', 'NEEDS_FORCE', 'TIMEOUT']);
    expect(PROVIDER_OUTCOMES.filter(isFailedCall)).toEqual(FAILED_CALL_OUTCOMES);
    expect(isFailedCall('SUCCESS')).toBe(false);
  });
});

describe('the Azure Monitor call window', () => {
  it('counts calls and failures within the window; older ones expire', () => {
    let now = Date.parse('2026-11-23T12:00:00Z');
    const w = new CallWindow(SYSTEMS_WINDOW_HOURS * 3_600_000, () => now);
    w.record(true);
    now += 3_600_000;
    w.record(false);
    expect(w.stats()).toEqual({ calls: 2, failures: 1, lastCallAt: new Date(now), lastFailureAt: new Date('2026-11-23T12:00:00Z') });
    now = Date.parse('2026-11-23T12:00:00Z') + SYSTEMS_WINDOW_HOURS * 3_600_000; // the failure is now a window old
    expect(w.stats()).toEqual({ calls: 1, failures: 0, lastCallAt: new Date('2026-11-23T13:00:00Z'), lastFailureAt: null });
    now += 3_600_000;
    expect(w.stats()).toEqual({ calls: 0, failures: 0, lastCallAt: null, lastFailureAt: null });
  });
  it('keeps at most `max` calls, the newest', () => {
    let now = 0;
    const w = new CallWindow(1_000_000, () => now, 3);
    for (const failed of [true, false, false, false]) { now += 1; w.record(failed); }
    expect(w.stats()).toMatchObject({ calls: 3, failures: 0, lastCallAt: new Date(4) });
  });
});

describe('/metrics protection', () => {
  it('with METRICS_TOKEN only its bearer; without, only this machine', () => {
    const token = 'a-long-metrics-token';
    expect(metricsAllowed({ METRICS_TOKEN: token }, '127.0.0.1', `Bearer ${token}`)).toBe(true);
    expect(metricsAllowed({ METRICS_TOKEN: token }, '127.0.0.1', undefined)).toBe(false);
    expect(metricsAllowed({ METRICS_TOKEN: token }, '127.0.0.1', 'Bearer nope')).toBe(false);
    expect(metricsAllowed({}, '127.0.0.1', undefined)).toBe(true);
    expect(metricsAllowed({}, '::1', undefined)).toBe(true);
    expect(metricsAllowed({}, '::ffff:127.0.0.1', undefined)).toBe(true);
    expect(metricsAllowed({}, '10.0.0.5', undefined)).toBe(false);
  });
});

describe('tech support API', () => {
  let t: TestApp;
  beforeAll(async () => { t = await makeApp(); });
  afterAll(async () => { await t.close(); });

  const monitorUrl = (app: string, rg: string) => `/api/dev/app-service/monitor?appName=${encodeURIComponent(app)}&resourceGroupName=${encodeURIComponent(rg)}`;

  it('dev ops and admins read the simulated monitor of this server; operator staff are refused', async () => {
    await t.call('GET', '/api/health');
    for (const as of ['devops@demo.local', 'superadmin@demo.local', 'admin@demo.local'] as const) {
      const res = await t.call('GET', monitorUrl('pitboss-api', 'pitboss'), { as });
      expect(res.statusCode, res.body).toBe(200);
      const d = res.json().data;
      expect(d.source).toBe('simulator');
      expect(d.cpuData.length).toBeGreaterThan(0);
      expect(d.averageMemoryWorkingSet.at(-1).total).toBeGreaterThan(1_000_000);
      expect(Object.keys(d.cpuData[0])).toEqual(['timeStamp', 'total']);
    }
    for (const as of ['operator.admin@demo.local', 'operator.manager@demo.local', 'partner@demo.local'] as const) {
      const res = await t.call('GET', monitorUrl('pitboss-api', 'pitboss'), { as });
      expect(res.statusCode).toBe(403);
      expect(res.json().messages).toEqual([MSG.NO_PERMISSION]);
    }
  });

  it('the app list names the simulated app', async () => {
    const res = await t.call('GET', '/api/dev/app-service/list', { as: 'devops@demo.local' });
    expect(res.json().data).toEqual({ source: 'simulator', apps: [SIMULATED_APP] });
  });

  it('an unknown app is 404; malformed names are refused with their message', async () => {
    const res = await t.call('GET', monitorUrl('other-app', 'pitboss'), { as: 'devops@demo.local' });
    expect(res.statusCode).toBe(404);
    expect(res.json().messages).toEqual([TECH_SUPPORT_MESSAGES.APP_NOT_FOUND]);
    const bad = await t.call('GET', monitorUrl('bad name!', 'pitboss'), { as: 'devops@demo.local' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages).toEqual([TECH_SUPPORT_MESSAGES.APP_NAME]);
    const badRg = await t.call('GET', monitorUrl('pitboss-api', 'rg/x'), { as: 'devops@demo.local' });
    expect(badRg.statusCode).toBe(400);
    expect(badRg.json().messages).toEqual([TECH_SUPPORT_MESSAGES.RESOURCE_GROUP]);
  });

  it('through the real client: the stub answers, a failing Azure answers 502 with the message', async () => {
    const env = { AZURE_MONITOR_SUBSCRIPTION_ID: 'sub-1', AZURE_MONITOR_TOKEN: TOKEN, AZURE_MONITOR_URL: base, AZURE_MONITOR_APPS: 'rg-web/pitboss-web,rg-down/app-x' };
    Object.assign(process.env, env);
    try {
      const res = await t.call('GET', monitorUrl('pitboss-web', 'rg-web'), { as: 'devops@demo.local' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ source: 'azure', intervalSeconds: 300, cpuData: [{ total: 1.5 }, { total: 2 }] });
      const down = await t.call('GET', monitorUrl('app-x', 'rg-down'), { as: 'devops@demo.local' });
      expect(down.statusCode).toBe(502);
      expect(down.json().messages).toEqual([TECH_SUPPORT_MESSAGES.MONITOR_FAILED]);
      const list = await t.call('GET', '/api/dev/app-service/list', { as: 'devops@demo.local' });
      expect(list.json().data.apps).toEqual([{ resourceGroupName: 'rg-web', appName: 'pitboss-web' }, { resourceGroupName: 'rg-down', appName: 'app-x' }]);
      const sys = await t.call('GET', '/api/dev/systems', { as: 'devops@demo.local' });
      const monitor = sys.json().data.systems.find((s: { key: string }) => s.key === 'azure-monitor');
      expect(monitor).toMatchObject({ client: 'http', state: 'DEGRADED' });
      expect(monitor.failures).toBeGreaterThanOrEqual(1);
    } finally {
      for (const k of Object.keys(env)) delete process.env[k];
    }
  });

  it('the systems page: payment providers from their logged calls, infrastructure adapters simulated', async () => {
    await t.database.db.insert(providerCalls).values({
      txId: null, provider: 'cpg', action: 'withdraw', request: {}, outcome: 'TIMEOUT', response: { description: 'Provider call failed: connect ECONNREFUSED' },
    });
    const res = await t.call('GET', '/api/dev/systems', { as: 'devops@demo.local' });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    const byKey = Object.fromEntries(d.systems.map((s: { key: string }) => [s.key, s]));
    expect(byKey['payments:cpg']).toMatchObject({ name: 'Payment provider CPG', kind: 'PAYMENT_PROVIDER', client: 'simulator', state: 'DEGRADED' });
    expect(byKey['payments:caspian-pay'].name).toBe('Payment provider Caspian Pay');
    expect(byKey['payments:cpg'].failures).toBeGreaterThanOrEqual(1);
    // Cloudflare and Front Door have their adapters (domains pages): the simulators by default.
    for (const k of ['cloudflare', 'front-door']) expect(byKey[k]).toMatchObject({ state: 'SIMULATED', client: 'simulator' });
    // The sportsbook has its adapter: the simulator by default, its calls the free bet grants of the window.
    const grants = (await t.database.db.select({ result: sportFreebetGrants.result }).from(sportFreebetGrants)
      .where(gt(sportFreebetGrants.createdAt, new Date(Date.now() - SYSTEMS_WINDOW_HOURS * 3_600_000))));
    expect(byKey.sportsbook).toMatchObject({ kind: 'SPORTSBOOK', client: 'simulator', calls: grants.length, failures: grants.filter((x) => x.result === 'FAILED').length });
    expect(grants.length).toBeGreaterThan(0);
    expect(byKey.sportsbook.state).toBe(grants.some((x) => x.result === 'FAILED') ? 'DEGRADED' : 'SIMULATED');
    const [seeded] = await t.database.db.select().from(sportFreebetGrants).limit(1);
    await t.database.db.insert(sportFreebetGrants).values({ ...seeded!, id: undefined, result: 'FAILED', errorCode: null, freebetId: null, message: 'No answer within 10000 ms.', createdAt: undefined });
    const book = (await t.call('GET', '/api/dev/systems', { as: 'devops@demo.local' })).json().data.systems.find((x: { key: string }) => x.key === 'sportsbook');
    expect(book).toMatchObject({ calls: grants.length + 1, failures: grants.filter((x) => x.result === 'FAILED').length + 1, state: 'DEGRADED' });
    expect(d.recentFailures[0]).toMatchObject({ system: 'payments:cpg', outcome: 'TIMEOUT', description: 'Provider call failed: connect ECONNREFUSED' });
    // A refused or unreachable call (FAILED) and one needing force are failures too, as in the support report; SUCCESS is not.
    const provider = 'failures-probe';
    await t.database.db.insert(providerCalls).values((['SUCCESS', ...FAILED_CALL_OUTCOMES] as const).map((outcome) => ({
      txId: null, provider, action: 'withdraw', request: {}, outcome, response: { description: outcome },
    })));
    const after = (await t.call('GET', '/api/dev/systems', { as: 'devops@demo.local' })).json().data;
    expect(after.systems.find((x: { key: string }) => x.key === `payments:${provider}`)).toMatchObject({ calls: 4, failures: 3, state: 'DEGRADED' });
    const probed = after.recentFailures.filter((f: { system: string }) => f.system === `payments:${provider}`).map((f: { outcome: string }) => f.outcome);
    expect(probed.sort()).toEqual([...FAILED_CALL_OUTCOMES].sort());
    const denied = await t.call('GET', '/api/dev/systems', { as: 'operator.admin@demo.local' });
    expect(denied.statusCode).toBe(403);
  });

  it('/metrics: Prometheus text with requests by route and the job queue; refused from elsewhere', async () => {
    await t.call('GET', '/api/health');
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain; version=0.0.4');
    expect(res.body).toContain('# TYPE http_requests_total counter');
    expect(res.body).toMatch(/^http_requests_total\{method="GET",route="\/api\/health",status="200"\} \d+$/m);
    expect(res.body).toMatch(/^http_request_duration_seconds_bucket\{method="GET",route="\/api\/health",le="\+Inf"\} \d+$/m);
    expect(res.body).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/api\/health"\} \d+$/m);
    expect(res.body).toMatch(/^process_resident_memory_bytes \d+$/m);
    expect(res.body).toMatch(/^# TYPE (job_queue_depth|job_queue_available) gauge$/m);
    // Every sample line is `name{labels} value`.
    for (const line of res.body.trim().split('\n').filter((l) => !l.startsWith('#'))) expect(line).toMatch(/^[a-z_]+(\{[^}]*\})? -?[\d.e+-]+$/);
    const far = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(far.statusCode).toBe(403);
  });
});
