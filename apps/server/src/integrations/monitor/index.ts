import { AzureMonitorClient, DEFAULT_MONITOR_TIMEOUT_MS } from './azure-client.js';
import { MonitorSimulator } from './simulator.js';
import type { AppServiceRef, MonitorClient } from './types.js';

export * from './types.js';
export { AzureMonitorClient, MonitorUnavailable, AZURE_METRIC_NAMES } from './azure-client.js';
export { MonitorSimulator, SIMULATED_APP, SIM_MAX_POINTS } from './simulator.js';

/** `rg-a/app-1,rg-b/app-2` → the App Services the real client may chart. */
export function parseAppList(v: string | undefined): AppServiceRef[] {
  return (v ?? '').split(',').map((s) => s.trim()).filter(Boolean).flatMap((s) => {
    const [resourceGroupName, appName, ...rest] = s.split('/');
    return resourceGroupName && appName && !rest.length ? [{ resourceGroupName, appName }] : [];
  });
}

let simulator: MonitorSimulator | null = null;
const azureClients = new Map<string, AzureMonitorClient>();

/**
 * The monitor client: the Azure Monitor client when AZURE_MONITOR_SUBSCRIPTION_ID and
 * AZURE_MONITOR_TOKEN are set (AZURE_MONITOR_APPS the `resourceGroup/app` list, AZURE_MONITOR_URL
 * the API's base, AZURE_MONITOR_HOURS how far back, AZURE_MONITOR_TIMEOUT_MS the timeout), else
 * the simulator of this process (one per process, sampling from its first use).
 */
export function monitorFor(env: NodeJS.ProcessEnv = process.env): MonitorClient {
  const sub = env.AZURE_MONITOR_SUBSCRIPTION_ID;
  const token = env.AZURE_MONITOR_TOKEN;
  if (sub && token) {
    const o = {
      baseUrl: env.AZURE_MONITOR_URL || 'https://management.azure.com',
      subscriptionId: sub, token, apps: parseAppList(env.AZURE_MONITOR_APPS),
      hours: Number(env.AZURE_MONITOR_HOURS) > 0 ? Number(env.AZURE_MONITOR_HOURS) : 6,
      timeoutMs: Number(env.AZURE_MONITOR_TIMEOUT_MS) > 0 ? Number(env.AZURE_MONITOR_TIMEOUT_MS) : DEFAULT_MONITOR_TIMEOUT_MS,
    };
    const key = JSON.stringify(o);
    let c = azureClients.get(key);
    if (!c) { c = new AzureMonitorClient(o); azureClients.set(key, c); }
    return c;
  }
  simulator ??= new MonitorSimulator().start();
  return simulator;
}
