import { DASHBOARD_BETS_CHART } from '../../permissions.js';
import { GLOBAL, anyOf, ep, withRoles } from '../define.js';

/** The App Service charts: users allowed the dashboard bets chart component (002). */
const CHART = anyOf(DASHBOARD_BETS_CHART);

/** The support report: platform-wide, so for the global roles holding its page. */
const REPORT = withRoles(['tech_support_export_report'], ['SUPER_ADMIN', 'ADMIN', 'DEV_OPS']);

/** Tech support: App Service monitor (through the Azure Monitor adapter) and the outside systems' state. */
export const TECH_SUPPORT = {
  'techSupport.monitor': ep({
    method: 'GET', path: '/api/dev/app-service/monitor', tag: 'tech-support',
    summary: 'App Service charts: CPU time, average response time and average memory working set over the last hours',
    access: CHART, scope: GLOBAL,
  }),
  'techSupport.appServices': ep({
    method: 'GET', path: '/api/dev/app-service/list', tag: 'tech-support',
    summary: 'The App Services (app and resource group) the monitor can chart',
    access: CHART, scope: GLOBAL,
  }),
  'techSupport.systems': ep({
    method: 'GET', path: '/api/dev/systems', tag: 'tech-support',
    summary: 'The state of each outside system (payment providers, sportsbook, Cloudflare, Front Door, Azure Monitor) with its recent failures',
    // Platform-wide (every operator's provider calls): the global roles only, though operator templates hold the tech support page.
    access: withRoles(['tech_support'], ['SUPER_ADMIN', 'ADMIN', 'DEV_OPS']), scope: GLOBAL,
  }),
  'techSupport.reportExport': ep({
    method: 'POST', path: '/api/dev/support-report', tag: 'tech-support',
    summary: 'Export the support report: queue a CSV of the outside-system calls of the last hours that did not succeed',
    access: REPORT, scope: GLOBAL, audit: 'EXPORT_SUPPORT_REPORT',
  }),
  'techSupport.reportGet': ep({
    method: 'GET', path: '/api/dev/support-report/:id', tag: 'tech-support', summary: 'A support report export: its status, progress and, once done, the link to its file',
    access: REPORT, scope: GLOBAL,
  }),
  'techSupport.reportFile': ep({
    method: 'GET', path: '/api/dev/support-report/:id/file', tag: 'tech-support', summary: "A finished support report's file (CSV, as an attachment)",
    access: REPORT, scope: GLOBAL, binary: true,
  }),
} as const;
