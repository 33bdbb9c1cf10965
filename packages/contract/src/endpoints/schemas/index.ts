/** The schemas half of the endpoint table, and the request/answer types inferred from it. */
import type { z } from 'zod';
import type { EndpointName, ENDPOINTS } from '../index.js';
import type { SchemasOf } from './types.js';
import '../../zod-errors.js';
import { ACTIVITIES_SCHEMAS } from './activities.js';
import { AUTH_SCHEMAS } from './auth.js';
import { KYC_SCHEMAS } from './kyc.js';
import { OPERATORS_SCHEMAS } from './operators.js';
import { PAYMENTS_SCHEMAS } from './payments.js';
import { PLAYERS_SCHEMAS } from './players.js';
import { PROFILE_SCHEMAS } from './profile.js';
import { SECURITY_SCHEMAS } from './security.js';
import { SETTINGS_SCHEMAS } from './settings.js';
import { SHELL_SCHEMAS } from './shell.js';
import { STAFF_SCHEMAS } from './staff.js';
import { TRANSACTIONS_SCHEMAS } from './transactions.js';
// Wallet, rewards and banking.
import { WALLET_SCHEMAS } from './wallet.js';
import { REWARDS_SCHEMAS } from './rewards.js';
import { BANKING_SCHEMAS } from './banking.js';
// Partners.
import { PARTNERS_SCHEMAS } from './partners.js';
import { REPORTS_SCHEMAS, REWARD_CALCULATORS_SCHEMAS, REWARD_SETTINGS_SCHEMAS } from './reports.js';
import { EXPORTS_SCHEMAS } from './exports.js';
// Support tickets.
import { SUPPORT_SCHEMAS } from './support.js';
import { TECH_SUPPORT_SCHEMAS } from './tech-support.js';
import { BETS_SCHEMAS } from './bets.js';
import { BONUS_FORMS_SCHEMAS } from './bonus-forms.js';
import { SPORT_FREEBETS_SCHEMAS } from './sport-freebets.js';
import { BONUS_ABUSE_SCHEMAS } from './bonus-abuse.js';
import { CMS_SCHEMAS } from './cms.js';
import { TOURNAMENTS_SCHEMAS } from './tournaments.js';
import { CRYPTO_NETWORKS_SCHEMAS, FLOWS_SCHEMAS, TREASURY_ACCOUNT_SCHEMAS, WHATS_NEW_SCHEMAS } from './misc.js';
import { REWARD_HISTORY_SCHEMAS } from './reward-history.js';
import { BONUS_DEFINITIONS_SCHEMAS } from './bonus-definitions.js';
import { BONUS_RELEASES_SCHEMAS } from './bonus-releases.js';
import { OPERATOR_REPORTS_SCHEMAS } from './operator-reports.js';
import { GAMES_SCHEMAS } from './games.js';
import { BILLING_SCHEMAS } from './billing.js';
import { INFRA_SCHEMAS } from './infra.js';

export * from './types.js';
export * from './common.js';
export * from './cms.js';
export { ACTIVITY_LOGS, activitiesListByLogBody, type ActivityLog } from './activities.js';
export { WALLET_KINDS, balanceRow, balancesBody, playerDetails, playerSearchHit, playerWallet, usernameRequestRow } from './players.js';
export { badges, notificationView } from './shell.js';
export { txView, type TxView } from './transactions.js';
export { bonusReleaseReportRow, bonusReleaseView, playerBonusReleaseView, type BonusReleaseReportRow, type BonusReleaseView, type PlayerBonusReleaseView } from './bonus-releases.js';
export * from './operator-reports.js';
export { aggregatorView, gameActivityView, gameDetailsView, gameRefView, gameView, jurisdictionView, operatorGameView, originalProviderView, type AggregatorView, type GameActivityView, type GameDetailsView, type GameRefView, type GameView, type JurisdictionView, type OperatorGameView, type OriginalProviderView } from './games.js';
export { billingAccountView, billingRecordView, invoiceRunView, invoiceSettingsView, type BillingAccountView, type BillingRecordView, type InvoiceRunView } from './billing.js';
export { afdProfileView, cfAccountView, customDomainView, dnsRecordView, zoneView, type AfdProfileView, type CfAccountView, type CustomDomainView, type DnsRecordView, type ZoneView } from './infra.js';
export { tournamentView, winnerView, type TournamentView, type WinnerView } from './tournaments.js';

export const ENDPOINT_SCHEMAS = {
  ...ACTIVITIES_SCHEMAS,
  ...AUTH_SCHEMAS,
  ...KYC_SCHEMAS,
  ...OPERATORS_SCHEMAS,
  ...PAYMENTS_SCHEMAS,
  ...PLAYERS_SCHEMAS,
  ...PROFILE_SCHEMAS,
  ...SECURITY_SCHEMAS,
  ...SETTINGS_SCHEMAS,
  ...SHELL_SCHEMAS,
  ...STAFF_SCHEMAS,
  ...TRANSACTIONS_SCHEMAS,
  // Wallet, rewards and banking.
  ...WALLET_SCHEMAS,
  ...REWARDS_SCHEMAS,
  ...BANKING_SCHEMAS,
  // Partners.
  ...PARTNERS_SCHEMAS,
  ...REPORTS_SCHEMAS,
  ...REWARD_SETTINGS_SCHEMAS,
  ...REWARD_CALCULATORS_SCHEMAS,
  ...REWARD_HISTORY_SCHEMAS,
  ...EXPORTS_SCHEMAS,
  ...SUPPORT_SCHEMAS,
  ...TECH_SUPPORT_SCHEMAS,
  ...BETS_SCHEMAS,
  ...BONUS_FORMS_SCHEMAS,
  ...SPORT_FREEBETS_SCHEMAS,
  ...BONUS_ABUSE_SCHEMAS,
  ...TOURNAMENTS_SCHEMAS,
  ...BONUS_DEFINITIONS_SCHEMAS,
  ...BONUS_RELEASES_SCHEMAS,
  ...OPERATOR_REPORTS_SCHEMAS,
  ...GAMES_SCHEMAS,
  ...CRYPTO_NETWORKS_SCHEMAS,
  ...WHATS_NEW_SCHEMAS,
  ...FLOWS_SCHEMAS,
  ...TREASURY_ACCOUNT_SCHEMAS,
  ...CMS_SCHEMAS,
  ...BILLING_SCHEMAS,
  ...INFRA_SCHEMAS,
} as const satisfies SchemasOf<typeof ENDPOINTS>;

type S = typeof ENDPOINT_SCHEMAS;
type Field<K extends EndpointName, F extends 'body' | 'query' | 'params', Dir extends 'in' | 'out'> =
  S[K] extends { readonly [P in F]: infer Z extends z.ZodType } ? (Dir extends 'in' ? z.input<Z> : z.output<Z>) : undefined;

/** What the console sends. */
export type BodyOf<K extends EndpointName> = Field<K, 'body', 'in'>;
export type QueryOf<K extends EndpointName> = Field<K, 'query', 'in'>;
export type ParamsOf<K extends EndpointName> = Field<K, 'params', 'in'>;
/** What the server's handler receives (defaults applied, transforms run). */
export type ParsedBodyOf<K extends EndpointName> = Field<K, 'body', 'out'>;
export type ParsedQueryOf<K extends EndpointName> = Field<K, 'query', 'out'>;
export type ParsedParamsOf<K extends EndpointName> = Field<K, 'params', 'out'>;
/** The answer's `data`. */
export type DataOf<K extends EndpointName> = S[K]['response'] extends infer Z extends z.ZodType ? z.output<Z> : never;
