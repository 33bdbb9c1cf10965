/**
 * Azure Monitor integration (ARCHITECTURE "Integrations"): one interface, two implementations —
 * a simulator (the default, offline) that reports this server process's own figures, and a real
 * client of the Azure Monitor metrics REST API.
 */
import type { MetricPoint } from '@pitboss/contract';

export interface AppServiceRef { appName: string; resourceGroupName: string }

export interface AppServiceMetrics {
  /** CPU time used in each interval, in seconds (Azure's CpuTime, total). */
  cpuData: MetricPoint[];
  /** Average response time in each interval, in seconds (Azure's AverageResponseTime). */
  averageResponseTime: MetricPoint[];
  /** Average memory working set in each interval, in bytes (Azure's AverageMemoryWorkingSet). */
  averageMemoryWorkingSet: MetricPoint[];
  intervalSeconds: number;
}

export interface MonitorClient {
  readonly kind: 'simulator' | 'azure';
  /** The App Services this client can chart (from configuration). */
  apps(): AppServiceRef[];
  /** The series of one App Service; null when the client does not know it. Throws when the service does not answer. */
  metrics(app: AppServiceRef): Promise<AppServiceMetrics | null>;
}
