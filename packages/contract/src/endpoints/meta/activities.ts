import { LIST, ep } from '../define.js';

/** Which page permission each activity log needs (one table feeds every activities page). */
const BY_LOG = {
  anyOf: ['players_details_activities', 'documentsV2', 'transactions_transactions_activities', 'withdraw_bank_accounts', 'operators_activities', 'settings_activities', 'support_activities', 'cms_activities'],
  byField: {
    field: 'log',
    keys: {
      player: 'players_details_activities', kyc: 'documentsV2', transaction: 'transactions_transactions_activities', bank_account: 'withdraw_bank_accounts',
      operator: 'operators_activities', ticket: 'support_activities', cms: 'cms_activities',
    },
    otherwise: 'settings_activities',
  },
} as const;

/** The activity log (000 §4): who did what, when, to which record, before and after. */
export const ACTIVITIES = {
  'activities.list': ep({
    method: 'POST', path: '/api/activities/list', tag: 'activities', summary: 'Activity records of one log (player, KYC, transaction, bank account, operator or all), newest first',
    access: BY_LOG, scope: LIST,
  }),
} as const;
