/**
 * Tech support (002 "App monitor data", 002 §charts): the App Service charts of
 * `/tech-support/servers` and the state of the outside systems on `/tech-support`.
 */
import { z } from 'zod';
import { PROVIDER_OUTCOMES, type ProviderOutcome } from './payments.js';


export const TECH_SUPPORT_MESSAGES = {
  APP_NAME: 'App name must be 2 to 60 letters, digits or hyphens.',
  RESOURCE_GROUP: 'Resource group must be 1 to 90 letters, digits, underscores, hyphens, periods or parentheses.',
  APP_NOT_FOUND: 'No such App Service in this resource group.',
  MONITOR_FAILED: 'Azure Monitor did not answer; try again later.',
} as const;

/** Azure naming rules: a web app name, a resource group name (not ending in a period). */
export const appNameField = z.string({ error: TECH_SUPPORT_MESSAGES.APP_NAME }).regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,58}[A-Za-z0-9]$/, TECH_SUPPORT_MESSAGES.APP_NAME);
export const resourceGroupField = z.string({ error: TECH_SUPPORT_MESSAGES.RESOURCE_GROUP }).regex(/^[-\w.()]{0,89}[-\w()]$/, TECH_SUPPORT_MESSAGES.RESOURCE_GROUP);

export const monitorQuery = z.object({ appName: appNameField, resourceGroupName: resourceGroupField });
export type MonitorQuery = z.infer<typeof monitorQuery>;

/** One point of a series: the interval's start and its figure. */
export const metricPoint = z.object({ timeStamp: z.string(), total: z.number() });
export type MetricPoint = z.infer<typeof metricPoint>;

/**
 * App monitor data (002): CPU time (seconds of CPU used in the interval), average response time
 * (seconds) and average memory working set (bytes), each a list of timeStamp and total.
 * `source` says where the figures come from: this server's own process (simulator) or Azure Monitor.
 */
export const monitorData = z.object({
  cpuData: z.array(metricPoint),
  averageResponseTime: z.array(metricPoint),
  averageMemoryWorkingSet: z.array(metricPoint),
  source: z.enum(['simulator', 'azure']),
  intervalSeconds: z.number(),
});
export type MonitorData = z.infer<typeof monitorData>;

/** The App Services the selectors offer (from configuration). */
export const appServiceList = z.object({
  source: z.enum(['simulator', 'azure']),
  apps: z.array(z.object({ appName: z.string(), resourceGroupName: z.string() })),
});
export type AppServiceList = z.infer<typeof appServiceList>;

/** The outside systems the tech support page reports on. */
export const OUTSIDE_SYSTEM_KINDS = ['PAYMENT_PROVIDER', 'SPORTSBOOK', 'CLOUDFLARE', 'FRONT_DOOR', 'AZURE_MONITOR'] as const;
/**
 * A system's state: NOT_CONFIGURED (no adapter or no configuration: nothing is called),
 * SIMULATED (the built-in simulator answers), OK (real client, no failure in the window),
 * DEGRADED (real or simulated, with failures — FAILED_CALL_OUTCOMES — in the window).
 */
export const SYSTEM_STATES = ['NOT_CONFIGURED', 'SIMULATED', 'OK', 'DEGRADED'] as const;
export type SystemState = (typeof SYSTEM_STATES)[number];

export const SYSTEM_STATE_LABELS: Record<SystemState, string> = {
  NOT_CONFIGURED: 'Not configured',
  SIMULATED: 'Simulator',
  OK: 'OK',
  DEGRADED: 'Failures',
};

/** The window the counts cover (the payment providers' logged calls and this server's Azure Monitor calls alike). */
export const SYSTEMS_WINDOW_HOURS = 24;

/**
 * What counts as a failed outside-system call, for the systems page and the support report
 * alike: every call that did not succeed — no answer (TIMEOUT), a refusal or an unreachable
 * provider (FAILED), an answer that needs forcing (NEEDS_FORCE).
 */
export const FAILED_CALL_OUTCOMES = PROVIDER_OUTCOMES.filter((o) => o !== 'SUCCESS');
export const isFailedCall = (outcome: string): boolean => (FAILED_CALL_OUTCOMES as readonly string[]).includes(outcome as ProviderOutcome);

export const outsideSystem = z.object({
  key: z.string(),
  name: z.string(),
  kind: z.enum(OUTSIDE_SYSTEM_KINDS),
  client: z.enum(['none', 'simulator', 'http']),
  state: z.enum(SYSTEM_STATES),
  note: z.string(),
  calls: z.number(),
  failures: z.number(),
  lastCallAt: z.string().nullable(),
  lastFailureAt: z.string().nullable(),
});
export type OutsideSystem = z.infer<typeof outsideSystem>;

export const systemFailure = z.object({
  id: z.number(), system: z.string(), action: z.string(), outcome: z.string(), description: z.string().nullable(), txId: z.string().nullable(), at: z.string(),
});
export type SystemFailure = z.infer<typeof systemFailure>;

export const systemsView = z.object({
  windowHours: z.number(),
  systems: z.array(outsideSystem),
  recentFailures: z.array(systemFailure),
});
export type SystemsView = z.infer<typeof systemsView>;

/** /tech-support/export-report: the support report, built by a background job (an export of kind SUPPORT_REPORT). */
export const SUPPORT_REPORT_MESSAGES = {
  HOURS: 'Hours must be a whole number from 1 to 720.',
} as const;
export const SUPPORT_REPORT_KIND = 'SUPPORT_REPORT';
/** The report's columns: every failed outside-system call of the period (FAILED_CALL_OUTCOMES), newest first. */
export const SUPPORT_REPORT_COLUMNS = ['When', 'System', 'Call', 'Outcome', 'Description', 'Transaction'] as const;
export const supportReportBody = z.object({
  hours: z.number({ error: SUPPORT_REPORT_MESSAGES.HOURS }).int(SUPPORT_REPORT_MESSAGES.HOURS).min(1, SUPPORT_REPORT_MESSAGES.HOURS).max(720, SUPPORT_REPORT_MESSAGES.HOURS),
});
export type SupportReportBody = z.infer<typeof supportReportBody>;
