/**
 * Partners (000 §3–§5, §7; 001 §3–§7). A partner is an operator of kind PARTNER under a parent
 * operator; its settings, withdraw requests and channels are rows of that operator, so the
 * endpoint table's scope finds them (a PARTNER user reaches their own operator only).
 *
 * Money: the partner balance is a PARTNER wallet in the ledger (balance.ts). A request holds the
 * amount at once (PARTNER_WITHDRAW_HOLD, never below zero); a decision is a conditional update
 * from PENDING, so of racing decisions one applies and the others answer 409; a rejection
 * returns what the ledger holds for the request (PARTNER_WITHDRAW_REFUND), never more.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ACTIVE_PLAYER_DAYS, NEW_PARTNER_SETTINGS, PARTNER_MESSAGES, PARTNER_OP_ID_MAX, PARTNER_WITHDRAW_CURRENCY, PARTNER_WITHDRAW_NETWORK, STAFF_MESSAGES,
  convertAmount, fromUnits, isSuperRole, perPercentField, rateUnits, toUnits, trackingLink, type PartnerSettings, type PartnerWithdrawRow, type PartnerWithdrawStatus,
} from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { operators, partnerChannels, partnerSettings, partnerWithdrawals, players, sessions, users } from '../../db/schema.js';
import { HttpError, badRequest, conflict, forbidden, notFound, ok } from '../../lib/http.js';
import { rowsOf } from '../../lib/query.js';
import { loadOperators } from '../../lib/scope.js';
import type { Handlers } from '../../platform/endpoints.js';
import { list, match } from '../../platform/list.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { rateOf } from '../wallet/ledger.js';
import { heldFor, partnerBalanceOf, postPartnerEntry } from './balance.js';
import { partnerDashboard } from './report.js';

type Names =
  | 'partners.list' | 'partners.createBrand' | 'partners.settings' | 'partners.deleteAffiliate' | 'partners.activePlayers' | 'partners.balance'
  | 'partners.withdrawRequest' | 'partners.withdrawHistory' | 'partners.withdrawDecision' | 'partners.channelsList' | 'partners.channelCreate'
  | 'partners.dashboard';

const parent = alias(operators, 'parent_op');
/** USD's own rate: one USD is worth one USD. */
const USD_RATE = '1';
type OperatorRow = typeof operators.$inferSelect;
type SettingsRow = typeof partnerSettings.$inferSelect;
type WithdrawalRow = typeof partnerWithdrawals.$inferSelect;

/** The operator must be a partner (another kind of operator is "not found" for partner calls). */
function assertPartner(op: OperatorRow | undefined): asserts op is OperatorRow {
  if (!op || op.kind !== 'PARTNER') throw notFound(PARTNER_MESSAGES.PARTNER_NOT_FOUND);
}

const settingsOf = async (db: Db, opId: string): Promise<SettingsRow | undefined> =>
  (await db.select().from(partnerSettings).where(eq(partnerSettings.opId, opId)).limit(1))[0];

/** A settings row as the answers show it (a partner without a row: the new-partner settings). */
const settingsView = (s: SettingsRow | null): PartnerSettings => ({
  isActive: s?.isActive ?? NEW_PARTNER_SETTINGS.isActive,
  ...perPercentField((f) => s?.[f] ?? NEW_PARTNER_SETTINGS[f]),
  minWithdrawAmountInUSD: s?.minWithdrawAmountInUsd ?? NEW_PARTNER_SETTINGS.minWithdrawAmountInUSD,
});

/** A free opId for a new partner: its name as a slug of at most PARTNER_OP_ID_MAX characters, numbered when taken. */
export function opIdCandidates(title: string): string[] {
  const slug = title.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, PARTNER_OP_ID_MAX).replace(/-+$/, '') || 'partner';
  const short = slug.slice(0, PARTNER_OP_ID_MAX - 3).replace(/-+$/, '');
  return [slug, ...Array.from({ length: 98 }, (_, i) => `${short}-${i + 2}`)];
}

/** The answer of a withdraw request, with the partner's and its parent's names. */
async function withdrawalView(db: Db, w: WithdrawalRow): Promise<PartnerWithdrawRow> {
  const { byId } = await loadOperators(db);
  const op = byId.get(w.opId);
  return toWithdrawRow(w, op?.title ?? w.opId, op?.parentOpId ? byId.get(op.parentOpId)?.title ?? null : null);
}
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const toWithdrawRow = (w: WithdrawalRow, opTitle: string, parentOpTitle: string | null): PartnerWithdrawRow => ({
  txId: w.txId, opId: w.opId, opTitle, parentOpTitle, status: w.status as PartnerWithdrawStatus,
  fromAmount: w.fromAmount, fromCurrency: w.fromCurrency, fromAmountInUSD: w.fromAmountInUsd,
  toAmount: w.toAmount, toCurrency: w.toCurrency, toAmountInUSD: w.toAmountInUsd, network: w.network, destinationAddress: w.destinationAddress,
  note: w.note, requestedBy: w.requestedBy, confirmedBy: w.confirmedBy, confirmedAt: iso(w.confirmedAt), rejectedBy: w.rejectedBy, rejectedAt: iso(w.rejectedAt),
  createdAt: w.createdAt.toISOString(),
});

/** An amount in USD as an amount of `currency` at its USD rate (truncated to 8 places; a currency without a rate is refused). */
function fromUsd(usd: string, rate: string): string {
  if (rateUnits(rate) === 0n) throw badRequest(PARTNER_MESSAGES.CURRENCY_ONLY);
  return convertAmount(usd, USD_RATE, rate);
}

const channelPlayers = sql<number>`(select count(*)::int from ${players} p where p.aff_id = ${partnerChannels.opId} and p.channel_id = ${partnerChannels.channelId})`;

export const partnerHandlers: Handlers<Names> = {
  /** Partners by name, with the parent operator, the settings and the partner's staff accounts (a partner has a handful). */
  'partners.list': async (ctx) => list(ctx, {
    rows: (select) => select({
      o: operators, parentOpTitle: parent.title, s: partnerSettings,
      users: sql<{ id: string; email: string; nickname: string; isBlocked: boolean }[]>`coalesce((select json_agg(json_build_object('id', u.id, 'email', u.email, 'nickname', u.nickname, 'isBlocked', u.is_blocked) order by u.is_blocked, u.created_at)
        from (select * from ${users} x where x.op_id = ${operators.opId} and x.role = 'PARTNER' order by x.is_blocked, x.created_at limit 50) u), '[]'::json)`,
    }).from(operators).leftJoin(parent, eq(parent.opId, operators.parentOpId)).leftJoin(partnerSettings, eq(partnerSettings.opId, operators.opId)),
    scope: operators.opId,
    filters: {
      status: (s) => (s === 'active' ? sql`coalesce(${partnerSettings.isActive}, false)` : sql`not coalesce(${partnerSettings.isActive}, false)`),
      search: match.contains(operators.title),
    },
    where: () => eq(operators.kind, 'PARTNER'),
    sort: { keys: { title: operators.title, createdAt: operators.createdAt }, default: 'title', dir: 'asc', tiebreak: operators.opId },
    map: (x) => ({
      opId: x.o.opId, title: x.o.title, parentOpId: x.o.parentOpId, parentOpTitle: x.parentOpTitle, domain: x.s?.domain ?? null,
      settings: settingsView(x.s), settingsUpdatedAt: iso(x.s?.settingsUpdatedAt ?? null),
      users: typeof x.users === 'string' ? JSON.parse(x.users) : x.users, createdAt: x.o.createdAt.toISOString(),
    }),
  }).then((page) => ok(page)),

  /**
   * Wizard step 1: a new operator of kind PARTNER under the chosen parent, which must be an
   * ACTIVE parent operator (a brand or a partner is no parent), with the partner's domain and the
   * new-partner settings (inactive, each value 1). The server names it (a slug of its name).
   */
  'partners.createBrand': async ({ db, body, found: parentOp, audit }) => {
    if (parentOp.kind !== 'OPERATOR') throw badRequest(PARTNER_MESSAGES.PARENT_NOT_OPERATOR);
    if (parentOp.status !== 'ACTIVE') throw badRequest(PARTNER_MESSAGES.PARENT_INACTIVE);
    const candidates = opIdCandidates(body.title);
    const taken = new Set((await rowsOf<{ op_id: string }>(db, sql`select op_id from ${operators} where op_id = any(${sql.param(candidates)}::text[])`)).map((r) => r.op_id));
    for (const opId of candidates.filter((c) => !taken.has(c)).slice(0, 5)) {
      try {
        await db.transaction(async (tx) => {
          await tx.insert(operators).values({
            opId, title: body.title, parentOpId: parentOp.opId, kind: 'PARTNER', allowedCurrencies: ['USD'], allowedLangs: parentOp.allowedLangs, status: 'ACTIVE',
          });
          await tx.insert(partnerSettings).values({ opId, domain: body.domain });
          await audit(tx, {
            targetType: 'operator', targetId: opId, opId, before: null,
            after: { opId, title: body.title, parentOpId: parentOp.opId, kind: 'PARTNER', domain: body.domain, settings: 'new-partner defaults (inactive, each value 1)' },
          });
        });
        return ok({ opId, title: body.title, parentOpId: parentOp.opId, domain: body.domain }, [PARTNER_MESSAGES.INITIALIZED]);
      } catch (e) {
        if (!isUniqueViolation(e)) throw e; // taken meanwhile: the next name
      }
    }
    throw conflict(PARTNER_MESSAGES.CREATE_FAILED);
  },

  /** Saves a partner's settings (rules of the contract's schema: whole percentages 1–100, minimum withdraw ≥ 1 USD). */
  'partners.settings': async ({ db, user, body, found: op, audit }) => {
    assertPartner(op);
    const { opId: _o, domain, ...values } = body;
    const set = {
      isActive: values.isActive, ...perPercentField((f) => values[f]), minWithdrawAmountInUsd: values.minWithdrawAmountInUSD,
      settingsUpdatedAt: new Date(), settingsUpdatedBy: user.email, ...(domain ? { domain } : {}),
    };
    const row = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(partnerSettings).where(eq(partnerSettings.opId, op.opId)).for('update');
      const [after] = await tx.insert(partnerSettings).values({ opId: op.opId, ...set }).onConflictDoUpdate({ target: partnerSettings.opId, set }).returning();
      await audit(tx, {
        before: before ? { ...settingsView(before), domain: before.domain } : null,
        after: { ...settingsView(after!), domain: after!.domain },
      });
      return after!;
    });
    return ok({ opId: op.opId, domain: row.domain, settingsUpdatedAt: iso(row.settingsUpdatedAt), ...settingsView(row) }, [PARTNER_MESSAGES.SETTINGS_UPDATED]);
  },

  /** Deletes a partner's staff account (role PARTNER only: other accounts are deleted on the admins page), with its sessions. */
  'partners.deleteAffiliate': async ({ db, body, found: target, audit }) => {
    if (target.role !== 'PARTNER') throw forbidden(STAFF_MESSAGES.NO_PERMISSION);
    if (body.adminEmail.toLowerCase() !== target.email.toLowerCase()) throw badRequest(PARTNER_MESSAGES.AFFILIATE_DELETE_CONFIRM);
    await db.transaction(async (tx) => {
      await tx.delete(sessions).where(eq(sessions.userId, target.id));
      await tx.delete(users).where(eq(users.id, target.id));
      await audit(tx, { before: { email: target.email, nickname: target.nickname, role: target.role, opId: target.opId }, after: null });
    });
    return ok({ id: target.id, deleted: true as const }, [PARTNER_MESSAGES.AFFILIATE_DELETED]);
  },

  /**
   * A partner's active players: its players (aff_id, indexed) not deleted with activity in the
   * last ACTIVE_PLAYER_DAYS days. The count is over the partner's players only.
   */
  'partners.activePlayers': async ({ db, body, found: op }) => {
    assertPartner(op);
    const since = new Date(Date.now() - ACTIVE_PLAYER_DAYS * 86_400_000);
    const where = and(
      eq(players.affId, op.opId), eq(players.isDeleted, false), sql`${players.lastActivityAt} >= ${since.toISOString()}::timestamptz`,
      body.filters?.playerCode ? eq(players.playerCode, body.filters.playerCode) : undefined,
      body.filters?.channelId ? eq(players.channelId, body.filters.channelId) : undefined,
    );
    const order = body.sort === 'asc' ? asc : desc;
    const col = body.sortBy === 'createdAt' ? players.createdAt : body.sortBy === 'playerCode' ? players.playerCode : players.lastActivityAt;
    const [rows, [count]] = await Promise.all([
      db.select({ p: players, opTitle: operators.title }).from(players).innerJoin(operators, eq(operators.opId, players.opId))
        .where(where).orderBy(order(col), order(players.id)).limit(body.limit + 1).offset((body.page - 1) * body.limit),
      db.select({ n: sql<number>`count(*)::int` }).from(players).where(where),
    ]);
    return ok({
      count: Number(count?.n ?? 0),
      remaining: rows.length > body.limit,
      items: rows.slice(0, body.limit).map(({ p, opTitle }) => ({
        playerId: p.id, playerCode: p.playerCode, username: p.username, opTitle, channelId: p.channelId,
        createdAt: p.createdAt.toISOString(), lastActivityAt: (p.lastActivityAt ?? p.createdAt).toISOString(),
      })),
    });
  },

  /** The partner's balance, what its pending requests hold, and its minimum withdraw. */
  'partners.balance': async ({ db, found: op }) => {
    assertPartner(op);
    const [balance, s, [pending]] = await Promise.all([
      partnerBalanceOf(db, op.opId),
      settingsOf(db, op.opId),
      rowsOf<{ s: string | null }>(db, sql`select sum(from_amount)::text as s from ${partnerWithdrawals} where op_id = ${op.opId} and status = 'PENDING'`),
    ]);
    return ok({
      opId: op.opId, title: op.title, currency: 'USD', balance, pendingAmount: fromUnits(toUnits(pending?.s ?? '0')),
      minWithdrawAmountInUSD: s?.minWithdrawAmountInUsd ?? 1, isActive: s?.isActive ?? false,
    });
  },

  /**
   * A partner asks for a withdrawal of (part of) its balance in USDT on TRON: at least its
   * minimum withdraw, at most its balance, and only while its settings are active (a partner
   * without a settings row has the new-partner settings: inactive; 409 PARTNER_INACTIVE). The
   * amount is held at once through the ledger, in the same transaction as the request (the wallet
   * row is locked: two requests cannot both spend it).
   */
  'partners.withdrawRequest': async ({ user, body, found: op, audit, once }) => {
    assertPartner(op);
    return once(async (tx) => {
      const s = await settingsOf(tx, op.opId);
      if (!(s?.isActive ?? NEW_PARTNER_SETTINGS.isActive)) throw conflict(PARTNER_MESSAGES.WITHDRAW_INACTIVE, 'PARTNER_INACTIVE');
      const min = s?.minWithdrawAmountInUsd ?? 1;
      if (toUnits(body.amount) < toUnits(String(min))) throw badRequest(PARTNER_MESSAGES.amountBelowMin(min));
      const txId = randomUUID();
      try {
        await postPartnerEntry(tx, { opId: op.opId, amount: `-${body.amount}`, reason: 'PARTNER_WITHDRAW_HOLD', refId: txId });
      } catch (e) {
        if (e instanceof HttpError && e.status === 'INSUFFICIENT_BALANCE') throw new HttpError(400, [PARTNER_MESSAGES.AMOUNT_OVER_BALANCE], 'INSUFFICIENT_BALANCE');
        throw e;
      }
      const usd = fromUnits(toUnits(body.amount));
      const rate = await rateOf(tx, PARTNER_WITHDRAW_CURRENCY);
      const toAmount = fromUsd(usd, rate);
      const [row] = await tx.insert(partnerWithdrawals).values({
        txId, opId: op.opId, status: 'PENDING', fromAmount: usd, fromCurrency: 'USD', fromAmountInUsd: usd,
        toAmount, toCurrency: PARTNER_WITHDRAW_CURRENCY, toAmountInUsd: convertAmount(toAmount, rate, USD_RATE), network: PARTNER_WITHDRAW_NETWORK,
        destinationAddress: body.walletAddress, requestedBy: user.email,
      }).returning();
      await audit(tx, {
        targetType: 'partnerWithdrawal', targetId: txId, opId: op.opId, before: null,
        after: { status: 'PENDING', amount: usd, currency: 'USD', toAmount, toCurrency: PARTNER_WITHDRAW_CURRENCY, network: PARTNER_WITHDRAW_NETWORK, destinationAddress: body.walletAddress },
      });
      return { body: ok(await withdrawalView(tx, row!), [PARTNER_MESSAGES.REQUESTED]) };
    });
  },

  /** Withdraw requests, newest first: the partner's own (its scope), or every partner's in the caller's scope; `itemsPerPage` is the spec's page size. */
  'partners.withdrawHistory': async (ctx) => {
    const body = { ...ctx.body, limit: ctx.body.itemsPerPage ?? ctx.body.limit };
    return ok(await list({ ...ctx, body }, {
      rows: (select) => select({ w: partnerWithdrawals, opTitle: operators.title, parentOpTitle: parent.title })
        .from(partnerWithdrawals).innerJoin(operators, eq(operators.opId, partnerWithdrawals.opId)).leftJoin(parent, eq(parent.opId, operators.parentOpId)),
      scope: partnerWithdrawals.opId,
      filters: { status: match.eq(partnerWithdrawals.status) },
      sort: { keys: { createdAt: partnerWithdrawals.createdAt }, default: 'createdAt', dir: 'desc', tiebreak: partnerWithdrawals.txId },
      map: (x) => toWithdrawRow(x.w, x.opTitle, x.parentOpTitle),
    }));
  },

  /**
   * Confirm or reject a PENDING request with a note shown to the partner, exactly once: the
   * status moves by a conditional update from PENDING (the loser of a race answers 409 with who
   * decided); a rejection returns what the ledger holds for the request to the partner balance.
   */
  'partners.withdrawDecision': async ({ user, body, found: w, audit, once }) => once(async (tx) => {
    const now = new Date();
    const confirm = body.actionType === 'confirm';
    const [row] = await tx.update(partnerWithdrawals).set(confirm
      ? { status: 'CONFIRMED', confirmedBy: user.email, confirmedAt: now, note: body.note, updatedAt: now }
      : { status: 'REJECTED', rejectedBy: user.email, rejectedAt: now, note: body.note, updatedAt: now })
      .where(and(eq(partnerWithdrawals.txId, w.txId), eq(partnerWithdrawals.status, 'PENDING'))).returning();
    if (!row) {
      const [cur] = await tx.select().from(partnerWithdrawals).where(eq(partnerWithdrawals.txId, w.txId)).limit(1);
      const by = cur?.status === 'REJECTED' ? cur.rejectedBy : cur?.confirmedBy ?? null;
      throw new HttpError(409, [PARTNER_MESSAGES.alreadyDecided(cur?.status ?? w.status, by)], 'ALREADY_HANDLED', { status: cur?.status ?? w.status });
    }
    let refunded = '0';
    let balance: string | null = null;
    if (!confirm) {
      const held = await heldFor(tx, row.opId, row.txId);
      if (held > 0n) {
        refunded = fromUnits(held);
        balance = (await postPartnerEntry(tx, { opId: row.opId, amount: refunded, reason: 'PARTNER_WITHDRAW_REFUND', refId: row.txId })).balanceAfter;
      }
    }
    await audit(tx, {
      action: confirm ? 'PARTNER_WITHDRAW_CONFIRM' : 'PARTNER_WITHDRAW_REJECT',
      before: { status: 'PENDING' },
      after: { status: row.status, note: body.note, amount: row.fromAmount, ...(confirm ? {} : { refunded, balance }) },
    });
    return { body: ok(await withdrawalView(tx, row), [confirm ? PARTNER_MESSAGES.CONFIRMED : PARTNER_MESSAGES.REJECTED]) };
  }),

  /** Channels with their tracking links and the players each brought (counted among the partner's players only). */
  'partners.channelsList': async (ctx) => ok(await list(ctx, {
    rows: (select) => select({ c: partnerChannels, opTitle: operators.title, players: channelPlayers })
      .from(partnerChannels).innerJoin(operators, eq(operators.opId, partnerChannels.opId)),
    scope: partnerChannels.opId,
    filters: { search: (v: string, q, env) => or(match.contains(partnerChannels.channelId)(v, q, env), match.contains(partnerChannels.description)(v, q, env)) },
    sort: { keys: { createdAt: partnerChannels.createdAt }, default: 'createdAt', dir: 'desc', tiebreak: partnerChannels.id },
    map: (x) => ({
      id: x.c.id, opId: x.c.opId, opTitle: x.opTitle, channelId: x.c.channelId, description: x.c.description, domain: x.c.domain,
      trackingLink: trackingLink(x.c.domain, x.c.opId, x.c.channelId), players: Number(x.players), createdBy: x.c.createdBy, createdAt: x.c.createdAt.toISOString(),
    }),
  })),

  /**
   * A new channel: SUPER_ADMIN and ADMIN name the partner (required); a partner's channel is its
   * own (an opId it sends must be its own: the scope finds nothing else). The tracking link
   * points at the partner's domain unless another is given.
   */
  'partners.channelCreate': async ({ db, user, body, found, repo, audit }) => {
    if (isSuperRole(user.role) && !body.opId) throw badRequest(PARTNER_MESSAGES.PARTNER_REQUIRED);
    const op = found ?? (user.opId ? await repo.find('operator', user.opId) : undefined);
    assertPartner(op);
    const domain = body.domain ?? (await settingsOf(db, op.opId))?.domain;
    if (!domain) throw badRequest(PARTNER_MESSAGES.NO_DOMAIN);
    let row: typeof partnerChannels.$inferSelect;
    try {
      row = await db.transaction(async (tx) => {
        const [c] = await tx.insert(partnerChannels).values({ opId: op.opId, channelId: body.channelId, description: body.description, domain, createdBy: user.email }).returning();
        await audit(tx, {
          targetType: 'partnerChannel', targetId: `${op.opId}/${body.channelId}`, opId: op.opId, before: null,
          after: { channelId: body.channelId, description: body.description, domain },
        });
        return c!;
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(PARTNER_MESSAGES.CHANNEL_EXISTS);
      throw e;
    }
    return ok({
      id: row.id, opId: op.opId, opTitle: op.title, channelId: row.channelId, description: row.description, domain: row.domain,
      trackingLink: trackingLink(row.domain, op.opId, row.channelId), players: 0, createdBy: row.createdBy, createdAt: row.createdAt.toISOString(),
    }, [PARTNER_MESSAGES.CHANNEL_CREATED]);
  },

  /** The partner dashboard's figures over a period, against the period before (report.ts). */
  'partners.dashboard': async ({ db, user, body, found: op }) => {
    assertPartner(op);
    return ok(await partnerDashboard(db, op, body.period, user.timezone));
  },
};
