import { and, desc, eq, ilike, sql } from 'drizzle-orm';
import { MSG, PLAYER_SEARCH_LIMIT, isSuperRole, usernameDecisionProblem, type ParsedBodyOf, type UsernameStatus } from '@pitboss/contract';
import { currencyRates, kycRecords, players, usernameRequests, wallets } from '../../db/schema.js';
import { badRequest, conflict, notFound, ok } from '../../lib/http.js';
import { loadOperators, operatorTitles } from '../../lib/scope.js';
import { inScope } from '../../lib/query.js';
import type { Handlers } from '../../platform/endpoints.js';
import { likeEscape, list, match } from '../../platform/list.js';
import type { ScopedRepo } from '../../platform/repo.js';
import { listPlayers, toPlayerRows } from './repo.js';

/** The player a call names by id (preferred) or by code, within the caller's operators (else 404). */
const playerOf = ({ repo, body }: { repo: ScopedRepo; body: ParsedBodyOf<'players.get'> }) =>
  body.playerId ? repo.get('player', body.playerId, 'playerId') : repo.get('player', body.playerCode, 'playerCode');

type PlayersEndpoint =
  | 'players.list' | 'players.search' | 'players.get' | 'players.wallet' | 'players.delete' | 'players.reset2fa'
  | 'players.usernames' | 'players.moderateUsername' | 'players.balances';

export const playerHandlers: Handlers<PlayersEndpoint> = {
  'players.list': async ({ db, user, scope, body }) => ok(await listPlayers(db, body, scope, user.timezone, isSuperRole(user.role))),

  'players.search': async ({ db, user, scope, body }) => {
    const like = `${likeEscape(body.playerCode)}%`;
    const rows = await db.select().from(players).where(and(ilike(players.playerCode, like), inScope(players.opId, scope)))
      .orderBy(players.playerCode).limit(PLAYER_SEARCH_LIMIT);
    const { byId } = await loadOperators(db);
    return ok(rows.map((p) => {
      const op = byId.get(p.opId);
      const parent = op?.parentOpId ? byId.get(op.parentOpId) : undefined;
      return {
        playerId: p.id, playerCode: p.playerCode, username: p.username, opId: p.opId, opTitle: op?.title ?? p.opId,
        // The parent operator column is for SUPER_ADMIN only (000 §6).
        ...(user.role === 'SUPER_ADMIN' ? { parentOpId: op?.parentOpId ?? null, parentOpTitle: parent?.title ?? null } : {}),
      };
    }));
  },

  'players.get': async (ctx) => {
    const { db, withheld } = ctx;
    const p = await playerOf(ctx);
    const [row] = await toPlayerRows(db, [p]);
    // The tabs area's data (players_tabs, the table's fieldAccess): not read for a caller who does not receive it.
    const kyc = withheld.has('kycRecords') ? undefined
      : await db.select().from(kycRecords).where(eq(kycRecords.playerId, p.id)).orderBy(kycRecords.level, kycRecords.optionType);
    const usernames = withheld.has('usernameRequests') ? undefined
      : await db.select().from(usernameRequests).where(eq(usernameRequests.playerId, p.id)).orderBy(desc(usernameRequests.createdAt)).limit(20);
    return ok({
      ...row!,
      profile: { firstName: p.firstName, lastName: p.lastName, email: { address: p.email } },
      kycRecords: kyc?.map((k) => ({ kycId: k.id, optionType: k.optionType, level: k.level, kycStatus: k.status, updatedAt: k.updatedAt.toISOString() })),
      usernameRequests: usernames?.map((u) => ({ id: u.id, username: u.username, status: u.status, note: u.note, createdAt: u.createdAt.toISOString() })),
    });
  },

  /** Player Wallet: USD plus the operator's allowed currencies; not real-time (read on demand). */
  'players.wallet': async (ctx) => {
    const { db, reply } = ctx;
    reply.header('cache-control', 'no-store');
    const p = await playerOf(ctx);
    const op = (await loadOperators(db)).byId.get(p.opId);
    const allowed = new Set(['USD', ...(op?.allowedCurrencies ?? [])]);
    const ws = await db.select({ kind: wallets.kind, currency: wallets.currency, balance: wallets.balance, rate: currencyRates.rateToUsd, updatedAt: wallets.updatedAt })
      .from(wallets).leftJoin(currencyRates, eq(currencyRates.currency, wallets.currency)).where(eq(wallets.playerId, p.id));
    const [usd] = await db.select({ v: sql<string>`round(coalesce(sum(${wallets.balance} * coalesce(${currencyRates.rateToUsd}, 0)), 0), 2)::text` })
      .from(wallets).leftJoin(currencyRates, eq(currencyRates.currency, wallets.currency))
      .where(and(eq(wallets.playerId, p.id), eq(wallets.kind, 'MAIN')));
    const side = (kind: string) => ws.find((w) => w.kind === kind)?.balance ?? '0';
    return ok({
      playerCode: p.playerCode,
      readAt: new Date().toISOString(),
      inUSD: { balance: usd?.v ?? '0.00' },
      balances: ws.filter((w) => w.kind === 'MAIN' && allowed.has(w.currency)).map((w) => ({ currency: w.currency, balance: w.balance, rateToUsd: w.rate, updatedAt: w.updatedAt.toISOString() })),
      bonus: { balanceInUsd: side('BONUS') },
      affiliate: { balanceInUsd: side('AFFILIATE') },
      cashback: { balanceInUsd: side('CASHBACK') },
    });
  },

  'players.delete': async ({ db, body, found: p, audit }) => {
    // Type-to-confirm: the exact player code (the body schema already refused a missing or blank one).
    if (body.confirmation !== p.playerCode) throw badRequest(MSG.PLAYER_DELETE_CONFIRM);
    const done = await db.transaction(async (tx) => {
      const upd = await tx.update(players).set({ isDeleted: true, updatedAt: new Date() })
        .where(and(eq(players.id, p.id), eq(players.isDeleted, false))).returning({ id: players.id });
      if (upd.length === 0) return false;
      await audit(tx, { before: { isDeleted: false }, after: { isDeleted: true } });
      return true;
    });
    if (!done) throw conflict(MSG.PLAYER_ALREADY_DELETED);
    return ok({ playerId: p.id, isDeleted: true as const }, [MSG.PLAYER_DELETED]);
  },

  'players.reset2fa': async ({ db, body, found: p, audit }) => {
    if (p.playerCode !== body.playerCode) throw notFound(MSG.PLAYER_NOT_FOUND);
    await db.transaction(async (tx) => {
      await tx.update(players).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(players.id, p.id));
      await audit(tx, { before: { twoFactorEnabled: p.twoFactorEnabled }, after: { twoFactorEnabled: false } });
    });
    return ok({ playerId: p.id, twoFactorEnabled: false as const }, [MSG.TWO_FA_RESET]);
  },

  /** Username requests, newest first. */
  'players.usernames': async (ctx) => { const titleOf = await operatorTitles(ctx.db); return ok(await list(ctx, {
    rows: (select) => select({ u: usernameRequests, playerCode: players.playerCode, current: players.username })
      .from(usernameRequests).innerJoin(players, eq(players.id, usernameRequests.playerId)),
    scope: usernameRequests.opId,
    filters: { status: match.eq(usernameRequests.status), playerCode: match.eq(players.playerCode), isTest: match.isTest(players.isTest) },
    sort: { keys: { createdAt: usernameRequests.createdAt }, default: 'createdAt', dir: 'desc', tiebreak: usernameRequests.id },
    map: ({ u, playerCode, current }) => ({
      id: u.id, playerId: u.playerId, playerCode, opId: u.opId, ...titleOf(u.opId), username: u.username,
      originalUsername: u.originalUsername, currentUsername: current, status: u.status as UsernameStatus, note: u.note,
      usernameRejectionReason: u.usernameRejectionReason, moderatedBy: u.moderatedBy,
      moderatedAt: u.moderatedAt?.toISOString() ?? null, createdAt: u.createdAt.toISOString(),
    }),
  })); },

  /**
   * Moderate a username: APPROVE sets the (possibly edited) username; REJECT resets it to the
   * original and needs a note. Conditional on PENDING so two moderators apply it once.
   */
  'players.moderateUsername': async ({ db, user, body: b, found: p, audit }) => {
    const problem = usernameDecisionProblem(b, isSuperRole(user.role));
    if (problem) throw badRequest(problem.message);
    const [pending] = await db.select().from(usernameRequests)
      .where(and(eq(usernameRequests.playerId, p.id), eq(usernameRequests.status, 'PENDING'), b.requestId ? eq(usernameRequests.id, b.requestId) : undefined))
      .orderBy(desc(usernameRequests.createdAt)).limit(1);
    if (!pending) throw conflict(MSG.USERNAME_NOT_PENDING);
    const result = await db.transaction(async (tx) => {
      if (b.status === 'PENDING') {
        const upd = await tx.update(usernameRequests).set({ username: b.username, note: b.note || null })
          .where(and(eq(usernameRequests.id, pending.id), eq(usernameRequests.status, 'PENDING'))).returning();
        if (!upd.length) return null;
        await audit(tx, { action: 'USERNAME_EDIT', before: { username: pending.username }, after: { username: b.username } });
        return { username: b.username, status: b.status };
      }
      const finalUsername = b.status === 'APPROVE' ? b.username : (pending.originalUsername ?? p.username);
      const upd = await tx.update(usernameRequests).set({
        status: b.status, username: b.status === 'APPROVE' ? b.username : pending.username, note: b.note || null,
        usernameRejectionReason: b.status === 'REJECT' ? b.note : null, moderatedBy: user.email, moderatedAt: new Date(),
      }).where(and(eq(usernameRequests.id, pending.id), eq(usernameRequests.status, 'PENDING'))).returning();
      if (!upd.length) return null;
      await tx.update(players).set({ username: finalUsername, updatedAt: new Date() }).where(eq(players.id, p.id));
      await audit(tx, {
        action: b.status === 'APPROVE' ? 'USERNAME_APPROVE' : 'USERNAME_REJECT',
        before: { username: p.username, requested: pending.username, status: 'PENDING' }, after: { username: finalUsername, status: b.status, note: b.note || null },
      });
      return { username: finalUsername, status: b.status };
    });
    if (!result) throw conflict(MSG.USERNAME_NOT_PENDING);
    return ok(result, [MSG.USERNAME_UPDATED]);
  },

  /** Balances per player wallet (the /players/balances page), most recently changed first. */
  'players.balances': async (ctx) => { const titleOf = await operatorTitles(ctx.db); return ok(await list(ctx, {
    rows: (select) => select({
      walletId: wallets.id, playerId: wallets.playerId, playerCode: players.playerCode, opId: wallets.opId, kind: wallets.kind,
      currency: wallets.currency, balance: wallets.balance, isTest: players.isTest, updatedAt: wallets.updatedAt,
      balanceInUSD: sql<string>`round(${wallets.balance} * coalesce(${currencyRates.rateToUsd}, 0), 2)::text`,
    }).from(wallets).innerJoin(players, eq(players.id, wallets.playerId)).leftJoin(currencyRates, eq(currencyRates.currency, wallets.currency)),
    scope: wallets.opId,
    filters: { kind: match.eq(wallets.kind), currency: match.eq(wallets.currency), playerCode: match.eq(players.playerCode), isTest: match.isTest(players.isTest) },
    sort: { keys: { updatedAt: wallets.updatedAt }, default: 'updatedAt', dir: 'desc', tiebreak: wallets.id },
    map: (x) => ({ ...x, ...titleOf(x.opId), updatedAt: x.updatedAt.toISOString() }),
  })); },
};
