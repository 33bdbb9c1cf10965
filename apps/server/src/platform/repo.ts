/**
 * Scoped repositories: reads of tenant data that take the signed-in user and apply the
 * tenant scope in SQL. A record outside the user's operators is simply not found (404), by
 * construction — no handler has to remember a check.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { BANKING_MESSAGES, BET_MESSAGES, GAME_MESSAGES, BONUS_DEFINITION_MESSAGES, BONUS_FORM_MESSAGES, BONUS_RELEASE_MESSAGES, FOUR_EYES_MESSAGES, MSG, PARTNER_MESSAGES, PAYMENT_MESSAGES, STAFF_MESSAGES, SUPPORT_MESSAGES, TOURNAMENT_MESSAGES, type ScopedEntity, FLOW_MESSAGES, CMS_MESSAGES, BILLING_MESSAGES, INFRA_MESSAGES } from '@pitboss/contract';
import type { Db } from '../db/client.js';
import { bankAccounts, banks, bets, bonusDefinitions, bonusForms, bonusReleaseDefinitions, bonusRequests, exportJobs, files, fourEyesApprovals, kycRecords, operatorGames, operators, partnerWithdrawals, paymentGateways, playerBonusReleases, players, supportTickets, tournaments, tournamentWinners, transactions, treasuries, usernameRequests, users, flows, cmsMedia, billingRecords, cfAccounts, domains } from '../db/schema.js';
import type { AuthedUser } from '../lib/context.js';
import { notFound } from '../lib/http.js';
import { allowedOperators, loadOperators } from '../lib/scope.js';
import { keyDbOf } from '../lib/query.js';

export interface ScopedRow {
  player: typeof players.$inferSelect;
  transaction: typeof transactions.$inferSelect;
  kyc: typeof kycRecords.$inferSelect;
  file: typeof files.$inferSelect;
  bankAccount: typeof bankAccounts.$inferSelect;
  gateway: typeof paymentGateways.$inferSelect;
  bank: typeof banks.$inferSelect;
  usernameRequest: typeof usernameRequests.$inferSelect;
  operator: typeof operators.$inferSelect;
  treasury: typeof treasuries.$inferSelect;
  user: typeof users.$inferSelect;
  partnerWithdrawal: typeof partnerWithdrawals.$inferSelect;
  exportJob: typeof exportJobs.$inferSelect;
  ticket: typeof supportTickets.$inferSelect;
  bet: typeof bets.$inferSelect;
  bonusForm: typeof bonusForms.$inferSelect;
  bonusRequest: typeof bonusRequests.$inferSelect;
  tournament: typeof tournaments.$inferSelect;
  tournamentWinner: typeof tournamentWinners.$inferSelect;
  bonusDefinition: typeof bonusDefinitions.$inferSelect;
  bonusRelease: typeof bonusReleaseDefinitions.$inferSelect;
  fourEyesApproval: typeof fourEyesApprovals.$inferSelect;
  playerBonusRelease: typeof playerBonusReleases.$inferSelect;
  operatorGame: typeof operatorGames.$inferSelect;
  flow: typeof flows.$inferSelect;
  media: typeof cmsMedia.$inferSelect;
  billingRecord: typeof billingRecords.$inferSelect;
  domain: typeof domains.$inferSelect;
  cfAccount: typeof cfAccounts.$inferSelect;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface EntityDef { table: PgTable; op: AnyPgColumn; keys: Record<string, { col: AnyPgColumn; uuid: boolean }>; notFound: string }

/** How an activity record names a record of each entity (`targetId`): the key staff search the logs by. */
const TARGET_ID: { [E in ScopedEntity]: (row: ScopedRow[E]) => string } = {
  player: (r) => r.playerCode,
  transaction: (r) => r.txId,
  kyc: (r) => r.id,
  file: (r) => r.id,
  bankAccount: (r) => r.uuid,
  gateway: (r) => r.uuid,
  bank: (r) => r.uuid,
  usernameRequest: (r) => r.id,
  operator: (r) => r.opId,
  treasury: (r) => r.uuid,
  user: (r) => r.email,
  partnerWithdrawal: (r) => r.txId,
  exportJob: (r) => r.id,
  ticket: (r) => String(r.ticketNumber),
  bet: (r) => r.betId,
  bonusForm: (r) => r.id,
  bonusRequest: (r) => r.id,
  tournament: (r) => r.id,
  tournamentWinner: (r) => r.id,
  bonusDefinition: (r) => r.id,
  bonusRelease: (r) => r.id,
  fourEyesApproval: (r) => r.recordId,
  playerBonusRelease: (r) => r.id,
  operatorGame: (r) => r.id,
  flow: (r) => r.id,
  media: (r) => r.id,
  billingRecord: (r) => r.id,
  domain: (r) => r.domainName,
  cfAccount: (r) => r.cfAccountCode,
};

/** The activity target of a record loaded by the scoped repository: entity, key and operator. */
export function activityTarget<E extends ScopedEntity>(entity: E, row: ScopedRow[E]): { targetType: string; targetId: string; opId: string | null } {
  return { targetType: entity, targetId: TARGET_ID[entity](row), opId: (row as { opId?: string | null }).opId ?? null };
}
const ENTITIES: Record<ScopedEntity, EntityDef> = {
  player: { table: players, op: players.opId, keys: { playerId: { col: players.id, uuid: true }, playerCode: { col: players.playerCode, uuid: false } }, notFound: MSG.PLAYER_NOT_FOUND },
  transaction: { table: transactions, op: transactions.opId, keys: { txId: { col: transactions.txId, uuid: true } }, notFound: PAYMENT_MESSAGES.TX_NOT_FOUND },
  kyc: { table: kycRecords, op: kycRecords.opId, keys: { kycId: { col: kycRecords.id, uuid: true }, uuid: { col: kycRecords.id, uuid: true } }, notFound: MSG.KYC_NOT_FOUND },
  file: { table: files, op: files.opId, keys: { id: { col: files.id, uuid: true } }, notFound: MSG.NOT_FOUND },
  bankAccount: { table: bankAccounts, op: bankAccounts.opId, keys: { uuid: { col: bankAccounts.uuid, uuid: true } }, notFound: BANKING_MESSAGES.BANK_ACCOUNT_NOT_FOUND },
  gateway: { table: paymentGateways, op: paymentGateways.opId, keys: { uuid: { col: paymentGateways.uuid, uuid: true } }, notFound: BANKING_MESSAGES.GATEWAY_NOT_FOUND },
  bank: { table: banks, op: banks.opId, keys: { uuid: { col: banks.uuid, uuid: true } }, notFound: BANKING_MESSAGES.BANK_NOT_FOUND },
  usernameRequest: { table: usernameRequests, op: usernameRequests.opId, keys: { requestId: { col: usernameRequests.id, uuid: true } }, notFound: MSG.NOT_FOUND },
  operator: { table: operators, op: operators.opId, keys: { opId: { col: operators.opId, uuid: false } }, notFound: MSG.OPERATOR_NOT_FOUND },
  treasury: { table: treasuries, op: treasuries.opId, keys: { uuid: { col: treasuries.uuid, uuid: true } }, notFound: BANKING_MESSAGES.WALLET_NOT_FOUND },
  // A global account (no operator) is in no operator's scope: only global roles find it.
  user: { table: users, op: users.opId, keys: { adminId: { col: users.id, uuid: true }, id: { col: users.id, uuid: true } }, notFound: STAFF_MESSAGES.USER_NOT_FOUND },
  // A partner's withdraw request, scoped by the partner operator.
  partnerWithdrawal: { table: partnerWithdrawals, op: partnerWithdrawals.opId, keys: { txId: { col: partnerWithdrawals.txId, uuid: true } }, notFound: PARTNER_MESSAGES.WITHDRAWAL_NOT_FOUND },
  exportJob: { table: exportJobs, op: exportJobs.opId, keys: { id: { col: exportJobs.id, uuid: true } }, notFound: MSG.NOT_FOUND },
  ticket: { table: supportTickets, op: supportTickets.opId, keys: { ticketId: { col: supportTickets.id, uuid: true }, id: { col: supportTickets.id, uuid: true } }, notFound: SUPPORT_MESSAGES.TICKET_NOT_FOUND },
  bet: { table: bets, op: bets.opId, keys: { id: { col: bets.id, uuid: true }, betId: { col: bets.betId, uuid: false } }, notFound: BET_MESSAGES.BET_NOT_FOUND },
  // A deleted form is still found (its requests keep their history); the handlers refuse to change it.
  bonusForm: { table: bonusForms, op: bonusForms.opId, keys: { bonusId: { col: bonusForms.id, uuid: true } }, notFound: BONUS_FORM_MESSAGES.FORM_NOT_FOUND },
  bonusRequest: { table: bonusRequests, op: bonusRequests.opId, keys: { requestId: { col: bonusRequests.id, uuid: true } }, notFound: BONUS_FORM_MESSAGES.REQUEST_NOT_FOUND },
  tournament: { table: tournaments, op: tournaments.opId, keys: { id: { col: tournaments.id, uuid: true } }, notFound: TOURNAMENT_MESSAGES.TOURNAMENT_NOT_FOUND },
  tournamentWinner: { table: tournamentWinners, op: tournamentWinners.opId, keys: { id: { col: tournamentWinners.id, uuid: true } }, notFound: TOURNAMENT_MESSAGES.WINNER_NOT_FOUND },
  // A deleted definition is still loaded; the handlers answer it as not found.
  bonusDefinition: { table: bonusDefinitions, op: bonusDefinitions.opId, keys: { bonusId: { col: bonusDefinitions.id, uuid: true } }, notFound: BONUS_DEFINITION_MESSAGES.NOT_FOUND },
  // A deleted release is still found (its details show the warning); the handlers refuse to change it.
  bonusRelease: { table: bonusReleaseDefinitions, op: bonusReleaseDefinitions.opId, keys: { bonusId: { col: bonusReleaseDefinitions.id, uuid: true } }, notFound: BONUS_RELEASE_MESSAGES.NOT_FOUND },
  // A pending (or decided) manual top-up above the four-eyes threshold.
  fourEyesApproval: { table: fourEyesApprovals, op: fourEyesApprovals.opId, keys: { approvalId: { col: fourEyesApprovals.id, uuid: true } }, notFound: FOUR_EYES_MESSAGES.TOPUP_NOT_FOUND },
  // A player's release period (what a release unlocked for them in one schedule period).
  playerBonusRelease: { table: playerBonusReleases, op: playerBonusReleases.opId, keys: { releaseId: { col: playerBonusReleases.id, uuid: true } }, notFound: BONUS_RELEASE_MESSAGES.PLAYER_RELEASE_NOT_FOUND },
  // An operator's entry of a catalogue game (status, order).
  operatorGame: { table: operatorGames, op: operatorGames.opId, keys: { id: { col: operatorGames.id, uuid: true } }, notFound: GAME_MESSAGES.OPERATOR_GAME_NOT_FOUND },
  flow: { table: flows, op: flows.opId, keys: { flowId: { col: flows.id, uuid: true } }, notFound: FLOW_MESSAGES.NOT_FOUND },
  // A media item of an operator's CMS gallery.
  media: { table: cmsMedia, op: cmsMedia.opId, keys: { mediaId: { col: cmsMedia.id, uuid: true }, id: { col: cmsMedia.id, uuid: true } }, notFound: CMS_MESSAGES.MEDIA_NOT_FOUND },
  // An invoice or a payment (the invoice and payment calls name it by their own field).
  billingRecord: { table: billingRecords, op: billingRecords.opId, keys: { id: { col: billingRecords.id, uuid: true }, invoiceId: { col: billingRecords.id, uuid: true }, paymentId: { col: billingRecords.id, uuid: true } }, notFound: BILLING_MESSAGES.RECORD_NOT_FOUND },
  // A domain (Cloudflare zone) by its name: the zones calls name it `domainName`, the delete `zoneName`.
  domain: { table: domains, op: domains.opId, keys: { domainName: { col: domains.domainName, uuid: false }, zoneName: { col: domains.domainName, uuid: false } }, notFound: INFRA_MESSAGES.DOMAIN_NOT_FOUND },
  cfAccount: { table: cfAccounts, op: cfAccounts.opId, keys: { cfAccountCode: { col: cfAccounts.cfAccountCode, uuid: false } }, notFound: INFRA_MESSAGES.CF_ACCOUNT_NOT_FOUND },
};

/**
 * A record found in the caller's scope must also belong to the operator the request selects
 * (`opId`, the console's operator selector), or to one of its brands: otherwise it is "not
 * found" as an out-of-scope record is. No operator (or `*`) selects every operator in scope.
 */
export async function assertWithinOperator(db: Db, entity: ScopedEntity, row: unknown, opId: unknown): Promise<void> {
  if (typeof opId !== 'string' || opId === '' || opId === '*') return;
  const recordOp = (row as { opId?: string | null }).opId;
  if (recordOp === opId) return;
  const { byId } = await loadOperators(db);
  if (recordOp && byId.get(recordOp)?.parentOpId === opId) return;
  throw notFound(ENTITIES[entity].notFound);
}

export interface ScopedRepo {
  /** The caller's operators as an SQL condition on `col` (undefined: every operator). */
  where(col: AnyPgColumn): Promise<SQL | undefined>;
  /** One record of `entity` by `field`, within the caller's operators, else 404 with the entity's message. */
  get<E extends ScopedEntity>(entity: E, id: unknown, field?: string): Promise<ScopedRow[E]>;
  /** Same, or undefined instead of 404. */
  find<E extends ScopedEntity>(entity: E, id: unknown, field?: string): Promise<ScopedRow[E] | undefined>;
}

type Lookup = { execute(p: { id: string; ops: string[] }): Promise<unknown[]> };
/** Per database, the prepared lookups of a record by key (with the caller's operators as a parameter, or for every operator). */
const lookups = new WeakMap<Db, Map<string, Lookup>>();
function lookup(db: Db, entity: ScopedEntity, keyName: string, scoped: boolean): Lookup {
  let m = lookups.get(db);
  if (!m) { m = new Map(); lookups.set(db, m); }
  const name = `pitboss_scoped_${entity}_${keyName}_${scoped ? 'ops' : 'all'}`;
  let q = m.get(name);
  if (!q) {
    const def = ENTITIES[entity];
    const by = eq(def.keys[keyName]!.col, sql.placeholder('id'));
    // A key lookup's plan is the same for any key: prepared where it keeps its generic plan.
    q = keyDbOf(db).select().from(def.table as never)
      .where(scoped ? and(by, sql`${def.op} = any(${sql.placeholder('ops')}::text[])`) : by).limit(1).prepare(name) as unknown as Lookup;
    m.set(name, q);
  }
  return q;
}

export function scopedRepo(db: Db, user: AuthedUser): ScopedRepo {
  let allowedP: Promise<Set<string> | null> | null = null;
  const ops = () => (allowedP ??= allowedOperators(db, user));
  const where = async (col: AnyPgColumn): Promise<SQL | undefined> => {
    const a = await ops();
    if (a === null) return undefined;
    return a.size ? inArray(col, [...a]) : sql`false`;
  };
  const find = async <E extends ScopedEntity>(entity: E, id: unknown, field?: string): Promise<ScopedRow[E] | undefined> => {
    const def = ENTITIES[entity];
    const keyName = def.keys[field ?? ''] ? field! : Object.keys(def.keys)[0]!;
    const key = def.keys[keyName]!;
    if (typeof id !== 'string' || !id || (key.uuid && !UUID.test(id))) return undefined;
    const a = await ops();
    if (a !== null && a.size === 0) return undefined;
    const [row] = await lookup(db, entity, keyName, a !== null).execute({ id, ops: a === null ? [] : [...a] });
    return row as ScopedRow[E] | undefined;
  };
  return {
    where,
    find,
    async get(entity, id, field) {
      const row = await find(entity, id, field);
      if (!row) throw notFound(ENTITIES[entity].notFound);
      return row;
    },
  };
}
