import type { MetricPoint } from '@pitboss/contract';
import { responseTotals } from '../../lib/metrics.js';
import type { AppServiceMetrics, AppServiceRef, MonitorClient } from './types.js';

/** The App Service the simulator answers for: this process. */
export const SIMULATED_APP: AppServiceRef = { appName: 'pitboss-api', resourceGroupName: 'pitboss' };
/** How many points a series keeps (at one a minute: the last 3 hours). */
export const SIM_MAX_POINTS = 180;

interface Sample { at: number; cpuMicros: number; responses: number; responseSeconds: number; rss: number }

const read = (at: number): Sample => {
  const c = process.cpuUsage();
  return { at, cpuMicros: c.user + c.system, responses: responseTotals.count, responseSeconds: responseTotals.seconds, rss: process.memoryUsage().rss };
};

/**
 * The simulator: one point per interval (a minute by default) of this process's own figures —
 * CPU time used in the interval (process.cpuUsage delta), the resident set size as the memory
 * working set, and the average time of the requests this server answered in the interval (0 when
 * none). The point of the interval in progress is computed at each read, so the charts are never
 * empty. Sampling runs on an unref'd timer (it never keeps the process alive).
 */
export class MonitorSimulator implements MonitorClient {
  readonly kind = 'simulator' as const;
  private last: Sample;
  private readonly points: { cpu: MetricPoint; rt: MetricPoint; mem: MetricPoint }[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(readonly intervalMs = 60_000, private readonly now: () => number = Date.now) {
    this.last = read(this.now());
  }

  start(): this {
    if (!this.timer) { this.timer = setInterval(() => this.sample(), this.intervalMs); this.timer.unref(); }
    return this;
  }

  stop(): void { if (this.timer) clearInterval(this.timer); this.timer = null; }

  /** Close the interval in progress: one point of each series. */
  sample(): void {
    const point = this.pointSince(this.last, read(this.now()));
    this.points.push(point.values);
    if (this.points.length > SIM_MAX_POINTS) this.points.shift();
    this.last = point.sample;
  }

  private pointSince(prev: Sample, cur: Sample) {
    const timeStamp = new Date(prev.at).toISOString();
    const n = cur.responses - prev.responses;
    return {
      sample: cur,
      values: {
        cpu: { timeStamp, total: Math.max(0, cur.cpuMicros - prev.cpuMicros) / 1e6 },
        rt: { timeStamp, total: n > 0 ? (cur.responseSeconds - prev.responseSeconds) / n : 0 },
        mem: { timeStamp, total: cur.rss },
      },
    };
  }

  apps(): AppServiceRef[] { return [SIMULATED_APP]; }

  async metrics(app: AppServiceRef): Promise<AppServiceMetrics | null> {
    if (app.appName !== SIMULATED_APP.appName || app.resourceGroupName !== SIMULATED_APP.resourceGroupName) return null;
    const all = [...this.points, this.pointSince(this.last, read(this.now())).values];
    return {
      cpuData: all.map((p) => p.cpu),
      averageResponseTime: all.map((p) => p.rt),
      averageMemoryWorkingSet: all.map((p) => p.mem),
      intervalSeconds: this.intervalMs / 1000,
    };
  }
}
