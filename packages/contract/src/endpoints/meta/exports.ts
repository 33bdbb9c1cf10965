import { LIST, ep, record, withRoles } from '../define.js';

/** Export High Depositors is for SUPER_ADMIN and ADMIN (001 §6) holding the players page. */
const SUPER = withRoles(['players'], ['SUPER_ADMIN', 'ADMIN']);

/** Background exports: started by a call, built by a job of the queue, followed and downloaded by the console. */
export const EXPORTS = {
  'exports.highDepositors': ep({
    method: 'POST', path: '/api/players/max-deposit', tag: 'exports',
    summary: 'Export High Depositors: queue a CSV of the players whose confirmed deposits reach the USD threshold (an operator must be selected)',
    access: SUPER, scope: LIST, audit: 'EXPORT_HIGH_DEPOSITORS',
  }),
  'exports.get': ep({
    method: 'GET', path: '/api/exports/:id', tag: 'exports', summary: 'An export: its status, progress and, once done, the link to its file',
    access: SUPER, scope: record('exportJob', 'id', 'params'),
  }),
  'exports.file': ep({
    method: 'GET', path: '/api/exports/:id/file', tag: 'exports', summary: "A finished export's file (CSV, as an attachment)",
    access: SUPER, scope: record('exportJob', 'id', 'params'), binary: true,
  }),
} as const;
