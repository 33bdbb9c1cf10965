import type { MetricPoint } from '@pitboss/contract';
import type { AppServiceMetrics, AppServiceRef, MonitorClient } from './types.js';

export const AZURE_METRIC_NAMES = ['CpuTime', 'AverageResponseTime', 'AverageMemoryWorkingSet'] as const;
export const DEFAULT_MONITOR_TIMEOUT_MS = 10_000;

export interface AzureMonitorOptions {
  /** https://management.azure.com (a local stub in tests). */
  baseUrl: string;
  subscriptionId: string;
  /** A bearer token for Azure Resource Manager (Monitoring Reader on the apps). */
  token: string;
  apps: AppServiceRef[];
  /** How far back the charts go. */
  hours: number;
  timeoutMs?: number;
  now?: () => Date;
}

interface AzureSeries { name?: { value?: string }; timeseries?: { data?: { timeStamp?: string; total?: number; average?: number }[] }[] }

/** Thrown when Azure Monitor does not answer usefully (the route answers 502). */
export class MonitorUnavailable extends Error {}

/**
 * The real client: GET {base}/subscriptions/{sub}/resourceGroups/{rg}/providers/Microsoft.Web/sites/{app}
 * /providers/Microsoft.Insights/metrics?api-version=2018-01-01&metricnames=CpuTime,AverageResponseTime,
 * AverageMemoryWorkingSet&interval=PT5M&timespan={from}/{to}, with the bearer token. CpuTime is read as
 * its total, the other two as their average (their primary aggregations).
 */
export class AzureMonitorClient implements MonitorClient {
  readonly kind = 'azure' as const;
  constructor(private readonly o: AzureMonitorOptions) {}

  apps(): AppServiceRef[] { return this.o.apps; }

  metricsUrl(app: AppServiceRef): string {
    const to = (this.o.now ?? (() => new Date()))();
    const from = new Date(to.getTime() - this.o.hours * 3_600_000);
    const path = `/subscriptions/${encodeURIComponent(this.o.subscriptionId)}/resourceGroups/${encodeURIComponent(app.resourceGroupName)}`
      + `/providers/Microsoft.Web/sites/${encodeURIComponent(app.appName)}/providers/Microsoft.Insights/metrics`;
    const q = new URLSearchParams({
      'api-version': '2018-01-01', metricnames: AZURE_METRIC_NAMES.join(','), interval: 'PT5M', timespan: `${from.toISOString()}/${to.toISOString()}`,
    });
    return `${this.o.baseUrl.replace(/\/$/, '')}${path}?${q}`;
  }

  async metrics(app: AppServiceRef): Promise<AppServiceMetrics | null> {
    if (!this.o.apps.some((a) => a.appName === app.appName && a.resourceGroupName === app.resourceGroupName)) return null;
    let res: Response;
    try {
      res = await fetch(this.metricsUrl(app), {
        headers: { authorization: `Bearer ${this.o.token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(this.o.timeoutMs ?? DEFAULT_MONITOR_TIMEOUT_MS),
      });
    } catch (err) {
      throw new MonitorUnavailable(`Azure Monitor unreachable: ${(err as Error).message}`);
    }
    if (res.status === 404) return null;
    if (!res.ok) throw new MonitorUnavailable(`Azure Monitor answered ${res.status}`);
    let body: { value?: AzureSeries[] };
    try { body = await res.json() as { value?: AzureSeries[] }; } catch { throw new MonitorUnavailable('Azure Monitor answered something that is not JSON'); }
    const series = (name: string, pick: 'total' | 'average'): MetricPoint[] => {
      const m = (body.value ?? []).find((v) => v.name?.value === name);
      const data = m?.timeseries?.[0]?.data ?? [];
      return data.filter((d) => typeof d.timeStamp === 'string')
        .map((d) => ({ timeStamp: d.timeStamp!, total: Number(d[pick] ?? d.total ?? d.average ?? 0) }));
    };
    return {
      cpuData: series('CpuTime', 'total'),
      averageResponseTime: series('AverageResponseTime', 'average'),
      averageMemoryWorkingSet: series('AverageMemoryWorkingSet', 'average'),
      intervalSeconds: 300,
    };
  }
}
