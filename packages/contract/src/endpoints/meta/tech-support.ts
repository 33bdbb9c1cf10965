import { GLOBAL, anyOf, ep, withRoles } from '../define.js';

/** The App Service charts: users allowed the dashboard bets chart component (002). */
const CHART = anyOf('dashboard_bets_chart');

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
} as const;
