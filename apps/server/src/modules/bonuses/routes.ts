/**
 * Deposit bonus definitions (001 §2, §4, §7, §8; issue 9) and the players' deposit bonuses
 * (/bonus/list). A definition is soft-deleted (status DELETED, `deletedAt`): it leaves every list
 * and is not found again. A clone copies the conditions to a target operator with a new period;
 * it is refused with the spec's text when the target already holds an ACTIVE, non-deleted bonus
 * with the same conditions whose period overlaps. Create and edit of an ACTIVE definition run the
 * same check against the operator's other definitions (their own message). The check and the write
 * run in one transaction holding the operator's row lock, so two racing writes cannot both pass.
 */
import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import {
  BONUS_DEFINITION_MESSAGES, sameConditions,
  type BonusBetType, type BonusDefinitionRow, type BonusPrizeType, type BonusDefinitionStatus, type PlayerDepositBonusRow, type PlayerDepositBonusStatus,
} from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { bonusDefinitions, operators, playerDepositBonuses, players } from '../../db/schema.js';
import { HttpError, notFound, ok } from '../../lib/http.js';
import { operatorTitles, type OpTitles } from '../../lib/scope.js';
import type { Handlers } from '../../platform/endpoints.js';
import { list, match } from '../../platform/list.js';

type Names = 'bonusDefs.list' | 'bonusDefs.get' | 'bonusDefs.create' | 'bonusDefs.update' | 'bonusDefs.delete' | 'bonusDefs.clone' | 'bonusDefs.players';
type Def = typeof bonusDefinitions.$inferSelect;

/** Trailing zeros of a stored numeric dropped ("100.00000000" → "100", "12.50000000" → "12.5"). */
const plain = (v: string) => (v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v);

/** How many players received the bonus and the sum of their bonuses (USD), read with the definition. */
const stats = {
  playersCount: sql<number>`(select count(*)::int from player_deposit_bonuses pdb where pdb.bonus_id = ${bonusDefinitions.id})`,
  totalBonus: sql<string>`(select coalesce(sum(pdb.bonus_amount_in_usd), 0)::text from player_deposit_bonuses pdb where pdb.bonus_id = ${bonusDefinitions.id})`,
};

function defRow(d: Def, titleOf: (opId: string) => OpTitles, s: { playersCount: number; totalBonus: string } = { playersCount: 0, totalBonus: '0' }): BonusDefinitionRow {
  return {
    bonusId: d.id, opId: d.opId, ...titleOf(d.opId), title: d.title, description: d.description, status: d.status as BonusDefinitionStatus,
    startTime: d.startsAt.toISOString(), endTime: d.endsAt.toISOString(),
    percentage: plain(d.percentage), maxBonusInUSD: d.maxBonusInUsd, minDepositInUSD: d.minDepositInUsd, wagerMultiplier: d.wagerMultiplier,
    betType: d.betType as BonusBetType, providers: d.providers, games: d.games, currencies: d.currencies, clonedFrom: d.clonedFrom,
    version: d.version, playersCount: Number(s.playersCount), totalBonusInUSD: s.totalBonus,
    createdBy: d.createdBy, createdAt: d.createdAt.toISOString(), updatedBy: d.updatedBy, updatedAt: d.updatedAt.toISOString(),
  };
}

async function viewOf(db: Db, id: string): Promise<BonusDefinitionRow> {
  const [x] = await db.select({ d: bonusDefinitions, ...stats }).from(bonusDefinitions).where(eq(bonusDefinitions.id, id)).limit(1);
  if (!x) throw notFound(BONUS_DEFINITION_MESSAGES.NOT_FOUND);
  return defRow(x.d, await operatorTitles(db), x);
}

/** What the activity log keeps of a definition. */
const snapshot = (d: Def) => ({
  title: d.title, status: d.status, startTime: d.startsAt.toISOString(), endTime: d.endsAt.toISOString(), percentage: d.percentage,
  maxBonusInUSD: d.maxBonusInUsd, minDepositInUSD: d.minDepositInUsd, wagerMultiplier: d.wagerMultiplier, betType: d.betType,
  providers: d.providers, games: d.games, currencies: d.currencies,
});

const uniq = (xs: readonly string[]) => [...new Set(xs)];

/** The fields of a definition as the tables store them. */
const fieldsOf = (b: {
  title: string; description: string; status: string; startTime: string; endTime: string; percentage: string; maxBonusInUSD: string; minDepositInUSD: string;
  wagerMultiplier: number; betType: string; providers: string[]; games: string[]; currencies: string[];
}) => ({
  title: b.title, description: b.description, status: b.status, startsAt: new Date(b.startTime), endsAt: new Date(b.endTime), percentage: b.percentage,
  maxBonusInUsd: b.maxBonusInUSD, minDepositInUsd: b.minDepositInUSD, wagerMultiplier: b.wagerMultiplier, betType: b.betType,
  providers: uniq(b.providers), games: uniq(b.games), currencies: uniq(b.currencies),
});

const conditionsOf = (d: Def) => ({
  percentage: d.percentage, maxBonusInUSD: d.maxBonusInUsd, minDepositInUSD: d.minDepositInUsd, wagerMultiplier: d.wagerMultiplier,
  betType: d.betType, providers: d.providers, games: d.games, currencies: d.currencies,
});

/**
 * Takes the operator's lock for its deposit bonus definitions (its `operators` row, FOR UPDATE):
 * creates, edits and clones into one operator run their same-conditions check and their write one
 * at a time, so two racing writes cannot both pass it.
 */
async function lockOperator(tx: Db, opId: string): Promise<void> {
  await tx.select({ opId: operators.opId }).from(operators).where(eq(operators.opId, opId)).for('update');
}

/**
 * Whether the operator holds an ACTIVE, non-deleted definition (other than `exceptId`) with the
 * same conditions whose period overlaps [startsAt, endsAt). Run under `lockOperator`.
 */
async function sameConditionsExists(tx: Db, opId: string, candidate: ReturnType<typeof conditionsOf>, startsAt: Date, endsAt: Date, exceptId?: string): Promise<boolean> {
  const overlapping = await tx.select().from(bonusDefinitions).where(and(
    eq(bonusDefinitions.opId, opId), eq(bonusDefinitions.status, 'ACTIVE'), isNull(bonusDefinitions.deletedAt),
    lt(bonusDefinitions.startsAt, endsAt), gt(bonusDefinitions.endsAt, startsAt),
    exceptId ? ne(bonusDefinitions.id, exceptId) : undefined,
  ));
  return overlapping.some((o) => sameConditions(conditionsOf(o), candidate));
}

/** Create and edit: an ACTIVE definition may not duplicate another's conditions in an overlapping period (409, the catalogue's message). */
async function refuseSameConditions(tx: Db, opId: string, f: ReturnType<typeof fieldsOf>, exceptId?: string): Promise<void> {
  if (f.status !== 'ACTIVE') return;
  await lockOperator(tx, opId);
  const candidate = {
    percentage: f.percentage, maxBonusInUSD: f.maxBonusInUsd, minDepositInUSD: f.minDepositInUsd, wagerMultiplier: f.wagerMultiplier,
    betType: f.betType, providers: f.providers, games: f.games, currencies: f.currencies,
  };
  if (await sameConditionsExists(tx, opId, candidate, f.startsAt, f.endsAt, exceptId)) {
    throw new HttpError(409, [BONUS_DEFINITION_MESSAGES.SAME_CONDITIONS], 'CONFLICT');
  }
}

const live = (d: Def) => { if (d.deletedAt || d.status === 'DELETED') throw notFound(BONUS_DEFINITION_MESSAGES.NOT_FOUND); return d; };

export const bonusDefinitionHandlers: Handlers<Names> = {
  'bonusDefs.list': async (ctx) => {
    const titleOf = await operatorTitles(ctx.db);
    return ok(await list(ctx, {
      rows: (select) => select({ d: bonusDefinitions, ...stats }).from(bonusDefinitions),
      scope: bonusDefinitions.opId,
      where: () => and(isNull(bonusDefinitions.deletedAt), ne(bonusDefinitions.status, 'DELETED')),
      filters: { status: match.eq(bonusDefinitions.status), betType: match.eq(bonusDefinitions.betType), title: match.contains(bonusDefinitions.title), isTest: () => undefined },
      sort: { keys: { startTime: bonusDefinitions.startsAt }, default: 'startTime', dir: 'desc', tiebreak: bonusDefinitions.id },
      map: (x) => defRow(x.d, titleOf, x),
    }));
  },

  'bonusDefs.get': async ({ db, found }) => ok(await viewOf(db, live(found).id)),

  'bonusDefs.create': async ({ db, body, found: op, user, audit }) => {
    const id = await db.transaction(async (tx) => {
      const f = fieldsOf(body);
      await refuseSameConditions(tx, op.opId, f);
      const [d] = await tx.insert(bonusDefinitions).values({ opId: op.opId, ...f, createdBy: user.email, updatedBy: user.email }).returning();
      await audit(tx, { targetType: 'bonusDefinition', targetId: d!.id, opId: d!.opId, before: null, after: snapshot(d!) });
      return d!.id;
    });
    return ok(await viewOf(db, id), [BONUS_DEFINITION_MESSAGES.CREATED]);
  },

  'bonusDefs.update': async ({ db, body, found, user, audit }) => {
    const before = live(found);
    await db.transaction(async (tx) => {
      const f = fieldsOf(body);
      await refuseSameConditions(tx, before.opId, f, before.id);
      // Every edit is a new version of the definition (a player's bonus keeps the version it was awarded under).
      const [d] = await tx.update(bonusDefinitions).set({ ...f, version: sql`${bonusDefinitions.version} + 1`, updatedBy: user.email, updatedAt: new Date() })
        .where(and(eq(bonusDefinitions.id, before.id), isNull(bonusDefinitions.deletedAt))).returning();
      if (!d) throw notFound(BONUS_DEFINITION_MESSAGES.NOT_FOUND);
      await audit(tx, { before: snapshot(before), after: snapshot(d) });
    });
    return ok(await viewOf(db, before.id), [BONUS_DEFINITION_MESSAGES.UPDATED]);
  },

  /** A soft delete: status DELETED with who and when; the players' bonuses it gave stay. */
  'bonusDefs.delete': async ({ db, found, user, audit }) => {
    const d0 = live(found);
    const now = new Date();
    await db.transaction(async (tx) => {
      const [d] = await tx.update(bonusDefinitions).set({ status: 'DELETED', deletedAt: now, deletedBy: user.email, updatedBy: user.email, updatedAt: now })
        .where(and(eq(bonusDefinitions.id, d0.id), isNull(bonusDefinitions.deletedAt))).returning();
      if (!d) throw notFound(BONUS_DEFINITION_MESSAGES.NOT_FOUND);
      await audit(tx, { before: { title: d0.title, status: d0.status }, after: { status: 'DELETED', deletedAt: now.toISOString(), deletedBy: user.email } });
    });
    return ok(await viewOf(db, d0.id), [BONUS_DEFINITION_MESSAGES.DELETED]);
  },

  'bonusDefs.clone': async ({ db, body, found, repo, user, audit }) => {
    const source = live(found);
    // The target operator must be one of the caller's (else it is not found, like any record outside them).
    const target = await repo.get('operator', body.targetOpId, 'opId');
    const startsAt = new Date(body.startTime);
    const endsAt = new Date(body.endTime);
    const id = await db.transaction(async (tx) => {
      // One write into an operator at a time (clone, create, edit): the check below and the insert cannot interleave with another's.
      await lockOperator(tx, target.opId);
      if (await sameConditionsExists(tx, target.opId, conditionsOf(source), startsAt, endsAt)) {
        throw new HttpError(409, [BONUS_DEFINITION_MESSAGES.CLONE_CONFLICT], 'CONFLICT');
      }
      const [d] = await tx.insert(bonusDefinitions).values({
        opId: target.opId, title: source.title, description: source.description, status: 'ACTIVE', startsAt, endsAt,
        percentage: source.percentage, maxBonusInUsd: source.maxBonusInUsd, minDepositInUsd: source.minDepositInUsd, wagerMultiplier: source.wagerMultiplier,
        betType: source.betType, providers: source.providers, games: source.games, currencies: source.currencies, clonedFrom: source.id,
        createdBy: user.email, updatedBy: user.email,
      }).returning();
      await audit(tx, { targetType: 'bonusDefinition', targetId: d!.id, opId: d!.opId, before: null, after: { ...snapshot(d!), clonedFrom: source.id, sourceOpId: source.opId } });
      return d!.id;
    });
    return ok(await viewOf(db, id), [BONUS_DEFINITION_MESSAGES.CLONED]);
  },

  'bonusDefs.players': async (ctx) => {
    const titleOf = await operatorTitles(ctx.db);
    return ok(await list(ctx, {
      rows: (select) => select({ p: playerDepositBonuses, title: bonusDefinitions.title, playerCode: players.playerCode, username: players.username })
        .from(playerDepositBonuses)
        .innerJoin(bonusDefinitions, eq(bonusDefinitions.id, playerDepositBonuses.bonusId))
        .innerJoin(players, eq(players.id, playerDepositBonuses.playerId)),
      scope: playerDepositBonuses.opId,
      filters: {
        status: match.eq(playerDepositBonuses.status), bonusId: match.eq(playerDepositBonuses.bonusId), playerCode: match.eq(players.playerCode),
        isTest: match.isTest(players.isTest),
      },
      sort: { keys: { createdAt: playerDepositBonuses.createdAt }, default: 'createdAt', dir: 'desc', tiebreak: playerDepositBonuses.id },
      map: ({ p, title, playerCode, username }): PlayerDepositBonusRow => ({
        // 001 §3 Player bonus: uniuqeId (the spec's spelling) is the record's own id; prize type and version those of the award.
        id: p.id, uniuqeId: p.id, bonusId: p.bonusId, title, type: 'DEPOSIT_BONUS', prizeType: p.prizeType as BonusPrizeType, version: p.bonusVersion, opId: p.opId, ...titleOf(p.opId), playerId: p.playerId, playerCode, username,
        status: p.status as PlayerDepositBonusStatus, depositTxId: p.depositTxId, depositAmountInUSD: p.depositAmountInUsd, bonusAmountInUSD: p.bonusAmountInUsd,
        wagerRequiredInUSD: p.wagerRequiredInUsd, wageredInUSD: p.wageredInUsd, createdAt: p.createdAt.toISOString(), completedAt: p.completedAt?.toISOString() ?? null,
      }),
    }));
  },
};
