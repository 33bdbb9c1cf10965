import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  ENDPOINTS, EXPORT_MESSAGES, FAILED_CALL_OUTCOMES, MSG, PAYMENT_PROVIDERS, SUPPORT_REPORT_KIND, SYSTEMS_WINDOW_HOURS, TECH_SUPPORT_MESSAGES, fillPath, providerName, type OutsideSystem, type SystemFailure,
} from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { exportJobs, providerCalls, sportFreebetGrants } from '../../db/schema.js';
import { enqueue } from '../../jobs/queue.js';
import { sendExportFile, viewOf } from '../exports/high-depositors.js';
import type { SupportReportParams } from './report.js';
import { HttpError, notFound, ok } from '../../lib/http.js';
import { providerFor } from '../../integrations/payments/index.js';
import { sportsbookFor } from '../../integrations/sportsbook/index.js';
import { MonitorUnavailable, monitorFor } from '../../integrations/monitor/index.js';
import type { Handlers } from '../../platform/endpoints.js';
import { CallWindow } from './call-window.js';
import { cloudflareCalls, cloudflareFor } from '../../integrations/cloudflare/index.js';
import { frontDoorCalls, frontDoorFor } from '../../integrations/front-door/index.js';

/** Azure Monitor calls of this process over the systems window (the systems page shows those that got no useful answer). */
const monitorCalls = new CallWindow(SYSTEMS_WINDOW_HOURS * 3_600_000);
/** A provider call that failed (the one definition of the contract, shared with the support report). */
const failedCall = inArray(providerCalls.outcome, [...FAILED_CALL_OUTCOMES]);

/** The infrastructure adapters (domains pages): their clients and this process's calls in the window. */
function infraSystems(db: Db, iso: (v: Date | null) => string | null): OutsideSystem[] {
  const of = (key: string, name: string, kind: OutsideSystem['kind'], client: 'simulator' | 'http', w: CallWindow, real: string, sim: string): OutsideSystem => {
    const m = w.stats();
    return {
      key, name, kind, client, state: m.failures > 0 ? 'DEGRADED' : client === 'http' ? 'OK' : 'SIMULATED', note: client === 'http' ? real : sim,
      calls: m.calls, failures: m.failures, lastCallAt: iso(m.lastCallAt), lastFailureAt: iso(m.lastFailureAt),
    };
  };
  return [
    of('cloudflare', 'Cloudflare', 'CLOUDFLARE', cloudflareFor(db).kind, cloudflareCalls, "Cloudflare API v4 (CLOUDFLARE_API_URL set); this server's calls in the window.", "Built-in simulator: zones, DNS records and cache purges are simulated; this server's calls in the window."),
    of('front-door', 'Azure Front Door', 'FRONT_DOOR', frontDoorFor(db).kind, frontDoorCalls, "Azure Resource Manager (AZURE_FRONTDOOR_* set); this server's calls in the window.", "Built-in simulator: custom domains, endpoints and routes are simulated; this server's calls in the window."),
  ];
}

const reportUrl = (id: string) => fillPath(ENDPOINTS['techSupport.reportFile'].path, { id });
const stamp = (d: Date) => d.toISOString().slice(0, 19).replace(/[:T]/g, '-');
/** The operator column of a platform-wide export (no operator's staff can reach it). */
const PLATFORM = 'platform';

async function reportRow(db: Db, id: string) {
  const [row] = await db.select().from(exportJobs).where(and(eq(exportJobs.id, id), eq(exportJobs.kind, SUPPORT_REPORT_KIND)));
  if (!row) throw notFound(MSG.NOT_FOUND);
  return row;
}

type TechSupportEndpoint = 'techSupport.monitor' | 'techSupport.appServices' | 'techSupport.systems' | 'techSupport.reportExport' | 'techSupport.reportGet' | 'techSupport.reportFile';

export const techSupportHandlers: Handlers<TechSupportEndpoint> = {
  /** App monitor data (002) from the Azure Monitor adapter; no database work, so no transaction around the call. */
  'techSupport.monitor': async ({ query, reply }) => {
    const client = monitorFor();
    reply.header('cache-control', 'no-store');
    let m;
    try {
      m = await client.metrics({ appName: query.appName, resourceGroupName: query.resourceGroupName });
      monitorCalls.record(false);
    } catch (err) {
      monitorCalls.record(err instanceof MonitorUnavailable);
      if (!(err instanceof MonitorUnavailable)) throw err;
      throw new HttpError(502, [TECH_SUPPORT_MESSAGES.MONITOR_FAILED], 'MONITOR_UNAVAILABLE');
    }
    if (!m) throw notFound(TECH_SUPPORT_MESSAGES.APP_NOT_FOUND);
    return ok({ ...m, source: client.kind });
  },

  'techSupport.appServices': async () => {
    const client = monitorFor();
    return ok({ source: client.kind, apps: client.apps() });
  },

  /**
   * Each outside system's state over the last SYSTEMS_WINDOW_HOURS: payment providers from the
   * calls logged in provider_calls (a failure: FAILED_CALL_OUTCOMES, as in the support report),
   * the monitor from this process's calls in the same window, and the systems without an
   * adapter as not configured.
   */
  'techSupport.systems': async ({ db, reply }) => {
    reply.header('cache-control', 'no-store');
    const since = new Date(Date.now() - SYSTEMS_WINDOW_HOURS * 3_600_000);
    const rows = await db.select({
      provider: providerCalls.provider,
      calls: sql<number>`count(*)::int`,
      failures: sql<number>`(count(*) filter (where ${failedCall}))::int`,
      lastCallAt: sql<string | null>`max(${providerCalls.createdAt})`,
      lastFailureAt: sql<string | null>`max(${providerCalls.createdAt}) filter (where ${failedCall})`,
    }).from(providerCalls).where(gt(providerCalls.createdAt, since)).groupBy(providerCalls.provider);
    const byProvider = new Map(rows.map((r) => [r.provider, r]));
    const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());
    const providers: OutsideSystem[] = [...new Set<string>([...PAYMENT_PROVIDERS, ...byProvider.keys()])].map((p) => {
      const r = byProvider.get(p);
      const kind = providerFor(p).kind;
      const failures = r?.failures ?? 0;
      return {
        key: `payments:${p}`, name: `Payment provider ${providerName(p)}`, kind: 'PAYMENT_PROVIDER', client: kind,
        state: failures > 0 ? 'DEGRADED' : kind === 'http' ? 'OK' : 'SIMULATED',
        note: kind === 'http' ? 'Real HTTP client (PAYMENTS_*_URL set).' : 'Built-in simulator: no real provider is called.',
        calls: r?.calls ?? 0, failures, lastCallAt: iso(r?.lastCallAt ?? null), lastFailureAt: iso(r?.lastFailureAt ?? null),
      };
    });
    const monitor = monitorFor();
    const m = monitorCalls.stats();
    const monitorSystem: OutsideSystem = {
      key: 'azure-monitor', name: 'Azure Monitor', kind: 'AZURE_MONITOR', client: monitor.kind === 'azure' ? 'http' : 'simulator',
      state: m.failures > 0 ? 'DEGRADED' : monitor.kind === 'azure' ? 'OK' : 'SIMULATED',
      note: monitor.kind === 'azure' ? "Azure Monitor metrics API (this server's calls in the window)." : "Simulator: the charts show this server's own process.",
      calls: m.calls, failures: m.failures, lastCallAt: iso(m.lastCallAt), lastFailureAt: iso(m.lastFailureAt),
    };
    // The sportsbook's recorded calls are the free bet grants (granted, refused or FAILED: no OK answer).
    const book = sportsbookFor(db);
    const failedGrant = sql`${sportFreebetGrants.result} = 'FAILED'`;
    const [g] = await db.select({
      calls: sql<number>`count(*)::int`,
      failures: sql<number>`(count(*) filter (where ${failedGrant}))::int`,
      lastCallAt: sql<string | null>`max(${sportFreebetGrants.createdAt})`,
      lastFailureAt: sql<string | null>`max(${sportFreebetGrants.createdAt}) filter (where ${failedGrant})`,
    }).from(sportFreebetGrants).where(gt(sportFreebetGrants.createdAt, since));
    const sportsbook: OutsideSystem = {
      key: 'sportsbook', name: 'Sportsbook', kind: 'SPORTSBOOK', client: book.kind,
      state: (g?.failures ?? 0) > 0 ? 'DEGRADED' : book.kind === 'http' ? 'OK' : 'SIMULATED',
      note: book.kind === 'http' ? 'Real HTTP client (SPORTSBOOK_URL set); calls are the free bet grants.' : 'Built-in simulator: no real sportsbook is called; calls are the free bet grants.',
      calls: g?.calls ?? 0, failures: g?.failures ?? 0, lastCallAt: iso(g?.lastCallAt ?? null), lastFailureAt: iso(g?.lastFailureAt ?? null),
    };
    const infra = infraSystems(db, (v) => (v ? v.toISOString() : null));
    const failed = await db.select({
      id: providerCalls.id, provider: providerCalls.provider, action: providerCalls.action, outcome: providerCalls.outcome,
      description: sql<string | null>`${providerCalls.response}->>'description'`, txId: providerCalls.txId, at: providerCalls.createdAt,
    }).from(providerCalls).where(and(failedCall, gt(providerCalls.createdAt, since))).orderBy(desc(providerCalls.id)).limit(20);
    const recentFailures: SystemFailure[] = failed.map((f) => ({
      id: f.id, system: `payments:${f.provider}`, action: f.action, outcome: f.outcome, description: f.description, txId: f.txId, at: f.at.toISOString(),
    }));
    return ok({ windowHours: SYSTEMS_WINDOW_HOURS, systems: [...providers, monitorSystem, sportsbook, ...infra], recentFailures });
  },

  /** Export the support report: recorded with its activity, then handed to the job queue; the answer is the export to follow. */
  'techSupport.reportExport': async ({ db, user, body, audit }) => {
    const now = new Date();
    const params: SupportReportParams = { hours: body.hours, since: new Date(now.getTime() - body.hours * 3_600_000).toISOString() };
    const row = await db.transaction(async (tx) => {
      const [r] = await tx.insert(exportJobs).values({
        kind: SUPPORT_REPORT_KIND, opId: PLATFORM, requestedBy: user.email, params, fileName: `support-report-${stamp(now)}.csv`, createdAt: now,
      }).returning();
      await audit(tx, { targetType: 'export', targetId: r!.id, opId: null, after: { kind: SUPPORT_REPORT_KIND, ...params } });
      return r!;
    });
    await enqueue(db, 'exports.support-report', { exportId: row.id }, row.id);
    return ok(viewOf(row, reportUrl), [EXPORT_MESSAGES.QUEUED]);
  },

  'techSupport.reportGet': async ({ db, params, reply }) => {
    reply.header('cache-control', 'no-store');
    return ok(viewOf(await reportRow(db, params.id), reportUrl));
  },

  'techSupport.reportFile': async ({ db, params, reply }) => {
    const found = await reportRow(db, params.id);
    sendExportFile(reply, found);
  },
};
