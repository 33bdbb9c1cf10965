/**
 * This process's own request figures: counts and latency by route (for `/metrics`) and a running
 * sum of response times the App Service simulator reads (its "average response time").
 */

/** Latency histogram buckets, in seconds (Prometheus convention). */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

interface RouteStats { count: number; sum: number; buckets: number[] }

const counts = new Map<string, number>();
const latency = new Map<string, RouteStats>();
/** Every request's response time since start (the simulator takes deltas). */
export const responseTotals = { count: 0, seconds: 0 };

const key = (...parts: string[]) => parts.join('\u0000');

/** Record one answered request: its route pattern (never the raw URL: ids would explode the series), method, status and duration. */
export function recordRequest(method: string, route: string, status: number, seconds: number): void {
  const c = key(method, route, String(status));
  counts.set(c, (counts.get(c) ?? 0) + 1);
  const l = key(method, route);
  let s = latency.get(l);
  if (!s) { s = { count: 0, sum: 0, buckets: LATENCY_BUCKETS.map(() => 0) }; latency.set(l, s); }
  s.count += 1;
  s.sum += seconds;
  LATENCY_BUCKETS.forEach((b, i) => { if (seconds <= b) s.buckets[i]! += 1; });
  responseTotals.count += 1;
  responseTotals.seconds += seconds;
}

const esc = (v: string) => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const labels = (o: Record<string, string>) => `{${Object.entries(o).map(([k, v]) => `${k}="${esc(v)}"`).join(',')}}`;

export interface Gauge { name: string; help: string; values: { labels?: Record<string, string>; value: number }[] }

/** The Prometheus text exposition (version 0.0.4) of the request figures, the process and the given gauges. */
export function prometheusText(gauges: Gauge[] = []): string {
  const out: string[] = [];
  out.push('# HELP http_requests_total Requests answered, by method, route and status.', '# TYPE http_requests_total counter');
  for (const [k, v] of counts) {
    const [method, route, status] = k.split('\u0000') as [string, string, string];
    out.push(`http_requests_total${labels({ method, route, status })} ${v}`);
  }
  out.push('# HELP http_request_duration_seconds Time to answer, by method and route.', '# TYPE http_request_duration_seconds histogram');
  for (const [k, s] of latency) {
    const [method, route] = k.split('\u0000') as [string, string];
    LATENCY_BUCKETS.forEach((b, i) => out.push(`http_request_duration_seconds_bucket${labels({ method, route, le: String(b) })} ${s.buckets[i]}`));
    out.push(`http_request_duration_seconds_bucket${labels({ method, route, le: '+Inf' })} ${s.count}`);
    out.push(`http_request_duration_seconds_sum${labels({ method, route })} ${s.sum}`);
    out.push(`http_request_duration_seconds_count${labels({ method, route })} ${s.count}`);
  }
  const cpu = process.cpuUsage();
  const mem = process.memoryUsage();
  const proc: Gauge[] = [
    { name: 'process_cpu_seconds_total', help: 'CPU time used by this process (user and system), in seconds.', values: [{ value: (cpu.user + cpu.system) / 1e6 }] },
    { name: 'process_resident_memory_bytes', help: 'Resident memory (working set) of this process, in bytes.', values: [{ value: mem.rss }] },
    { name: 'nodejs_heap_used_bytes', help: 'V8 heap in use, in bytes.', values: [{ value: mem.heapUsed }] },
    { name: 'process_uptime_seconds', help: 'Seconds since this process started.', values: [{ value: process.uptime() }] },
  ];
  for (const g of [...proc, ...gauges]) {
    out.push(`# HELP ${g.name} ${g.help}`, `# TYPE ${g.name} ${g.name.endsWith('_total') ? 'counter' : 'gauge'}`);
    for (const v of g.values) out.push(`${g.name}${v.labels ? labels(v.labels) : ''} ${v.value}`);
  }
  return `${out.join('\n')}\n`;
}
