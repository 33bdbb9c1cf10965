import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, desc, eq, ilike, sql } from 'drizzle-orm';
import {
  MSG, PLAYER_SEARCH_LIMIT, isSuperRole, listScope, player2faBody, playerDeleteBody, playerGetBody, playerSearchBody,
  playersListBody, usernameForRole, usernameModerationBody, usernamesListBody,
} from '@pitboss/contract';
import { currencyRates, kycRecords, players, usernameRequests, wallets } from '../../db/schema.js';
import { badRequest, conflict, notFound, ok } from '../../lib/http.js';
import { currentUser } from '../../lib/context.js';
import { assertInScope, loadOperators, resolveScope } from '../../lib/scope.js';
import { inScope, pageOf } from '../../lib/query.js';
import { audit } from '../../lib/audit.js';
import { findPlayer, listPlayers, toPlayerRows } from './repo.js';

const balancesBody = listScope.extend({
  currency: z.string().trim().max(8).optional(),
  playerCode: z.string().trim().max(64).optional(),
  kind: z.enum(['MAIN', 'BONUS', 'AFFILIATE', 'CASHBACK']).default('MAIN'),
});

export async function playerRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  /** Load a player visible to the user, or 404 (another operator's ids answer 404). */
  const visiblePlayer = async (req: Parameters<typeof currentUser>[0], by: { playerId?: string; playerCode?: string }) => {
    const p = await findPlayer(db, by);
    if (!p) throw notFound(MSG.PLAYER_NOT_FOUND);
    await assertInScope(db, currentUser(req), p.opId, MSG.PLAYER_NOT_FOUND);
    return p;
  };

  r.post('/api/players', { schema: { body: playersListBody, tags: ['players'] }, config: { permission: 'players' } }, async (req) => {
    const me = currentUser(req);
    const scope = await resolveScope(db, me, req.body);
    return ok(await listPlayers(db, req.body, scope, me.timezone, isSuperRole(me.role)));
  });

  r.post('/api/players/search', { schema: { body: playerSearchBody, tags: ['players'] }, config: { permission: 'players', roles: ['SUPER_ADMIN', 'ADMIN'] } }, async (req) => {
    const me = currentUser(req);
    const scope = await resolveScope(db, me, req.body);
    const like = `${req.body.playerCode.replace(/[%_\\]/g, '\\$&')}%`;
    const rows = await db.select().from(players).where(and(ilike(players.playerCode, like), inScope(players.opId, scope)))
      .orderBy(players.playerCode).limit(PLAYER_SEARCH_LIMIT);
    const { byId } = await loadOperators(db);
    return ok(rows.map((p) => {
      const op = byId.get(p.opId);
      const parent = op?.parentOpId ? byId.get(op.parentOpId) : undefined;
      return {
        playerId: p.id, playerCode: p.playerCode, username: p.username, opId: p.opId, opTitle: op?.title ?? p.opId,
        // The parent operator column is for SUPER_ADMIN only (000 §6).
        ...(me.role === 'SUPER_ADMIN' ? { parentOpId: op?.parentOpId ?? null, parentOpTitle: parent?.title ?? null } : {}),
      };
    }));
  });

  r.post('/api/player', { schema: { body: playerGetBody, tags: ['players'] }, config: { permission: 'players' } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const p = await visiblePlayer(req, req.body);
    const [row] = await toPlayerRows(db, [p]);
    const kyc = await db.select().from(kycRecords).where(eq(kycRecords.playerId, p.id)).orderBy(kycRecords.level, kycRecords.optionType);
    const usernames = await db.select().from(usernameRequests).where(eq(usernameRequests.playerId, p.id)).orderBy(desc(usernameRequests.createdAt)).limit(20);
    return ok({
      ...row,
      profile: { firstName: p.firstName, lastName: p.lastName, email: { address: p.email } },
      kycRecords: kyc.map((k) => ({ kycId: k.id, optionType: k.optionType, level: k.level, kycStatus: k.status, updatedAt: k.updatedAt.toISOString() })),
      usernameRequests: usernames.map((u) => ({ id: u.id, username: u.username, status: u.status, note: u.note, createdAt: u.createdAt.toISOString() })),
    });
  });

  /** Player Wallet: USD plus the operator's allowed currencies; not real-time (read on demand). */
  r.post('/api/player/wallet', { schema: { body: playerGetBody, tags: ['players'] }, config: { permission: 'players', roles: ['SUPER_ADMIN', 'ADMIN'] } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const p = await visiblePlayer(req, req.body);
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
  });

  r.delete('/api/players/delete', { schema: { body: playerDeleteBody, tags: ['players'] }, config: { permission: 'player_delete' } }, async (req) => {
    const p = await visiblePlayer(req, { playerId: req.body.playerId });
    if (req.body.confirmation !== undefined && req.body.confirmation !== p.playerCode) throw badRequest(MSG.PLAYER_DELETE_CONFIRM);
    const done = await db.transaction(async (tx) => {
      const upd = await tx.update(players).set({ isDeleted: true, updatedAt: new Date() })
        .where(and(eq(players.id, p.id), eq(players.isDeleted, false))).returning({ id: players.id });
      if (upd.length === 0) return false;
      await audit(tx, req, { action: 'PLAYER_DELETE', targetType: 'player', targetId: p.playerCode, opId: p.opId, before: { isDeleted: false }, after: { isDeleted: true } });
      return true;
    });
    if (!done) throw conflict(MSG.PLAYER_ALREADY_DELETED);
    return ok({ playerId: p.id, isDeleted: true }, [MSG.PLAYER_DELETED]);
  });

  r.post('/api/players/2fa', { schema: { body: player2faBody, tags: ['players'] }, config: { permission: 'player_reset_2fa' } }, async (req) => {
    const p = await visiblePlayer(req, { playerId: req.body.playerId });
    if (p.playerCode !== req.body.playerCode) throw notFound(MSG.PLAYER_NOT_FOUND);
    await db.transaction(async (tx) => {
      await tx.update(players).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(players.id, p.id));
      await audit(tx, req, { action: 'PLAYER_2FA_RESET', targetType: 'player', targetId: p.playerCode, opId: p.opId, before: { twoFactorEnabled: p.twoFactorEnabled }, after: { twoFactorEnabled: false } });
    });
    return ok({ playerId: p.id, twoFactorEnabled: false }, [MSG.TWO_FA_RESET]);
  });

  r.post('/api/players/usernames/list', { schema: { body: usernamesListBody, tags: ['players'] }, config: { permission: 'players_usernames' } }, async (req) => {
    const me = currentUser(req);
    const q = req.body;
    const scope = await resolveScope(db, me, q);
    const rows = await db.select({ u: usernameRequests, playerCode: players.playerCode, current: players.username, isTest: players.isTest })
      .from(usernameRequests).innerJoin(players, eq(players.id, usernameRequests.playerId))
      .where(and(
        inScope(usernameRequests.opId, scope),
        q.status ? eq(usernameRequests.status, q.status) : undefined,
        q.playerCode ? eq(players.playerCode, q.playerCode) : undefined,
        q.isTest && q.isTest !== 'all' ? eq(players.isTest, q.isTest === 'true') : undefined,
      ))
      .orderBy(desc(usernameRequests.createdAt), desc(usernameRequests.id)).limit(q.limit + 1).offset((q.page - 1) * q.limit);
    const page = rows.slice(0, q.limit);
    return ok({
      items: page.map((x) => ({
        id: x.u.id, playerId: x.u.playerId, playerCode: x.playerCode, opId: x.u.opId, username: x.u.username,
        originalUsername: x.u.originalUsername, currentUsername: x.current, status: x.u.status, note: x.u.note,
        usernameRejectionReason: x.u.usernameRejectionReason, moderatedBy: x.u.moderatedBy,
        moderatedAt: x.u.moderatedAt?.toISOString() ?? null, createdAt: x.u.createdAt.toISOString(),
      })),
      count: page.length, remaining: rows.length > q.limit, page: q.page, limit: q.limit,
    });
  });

  /**
   * Moderate a username: APPROVE sets the (possibly edited) username; REJECT resets it to the
   * original and needs a note. Conditional on PENDING so two moderators apply it once.
   */
  r.put('/api/players/usernames', { schema: { body: usernameModerationBody, tags: ['players'] }, config: { permission: 'player_usernames_moderate' } }, async (req) => {
    const me = currentUser(req);
    const b = req.body;
    const p = await visiblePlayer(req, { playerCode: b.playerCode });
    if (b.status !== 'REJECT') {
      const res = usernameForRole(isSuperRole(me.role)).safeParse(b.username);
      if (!res.success) throw badRequest(MSG.USERNAME_INVALID);
      if (!b.username) throw badRequest(MSG.USERNAME_INVALID);
    }
    const [pending] = await db.select().from(usernameRequests)
      .where(and(eq(usernameRequests.playerId, p.id), eq(usernameRequests.status, 'PENDING'), b.requestId ? eq(usernameRequests.id, b.requestId) : undefined))
      .orderBy(desc(usernameRequests.createdAt)).limit(1);
    if (!pending) throw conflict(MSG.USERNAME_NOT_PENDING);
    const result = await db.transaction(async (tx) => {
      if (b.status === 'PENDING') {
        const upd = await tx.update(usernameRequests).set({ username: b.username, note: b.note || null })
          .where(and(eq(usernameRequests.id, pending.id), eq(usernameRequests.status, 'PENDING'))).returning();
        if (!upd.length) return null;
        await audit(tx, req, { action: 'USERNAME_EDIT', targetType: 'player', targetId: p.playerCode, opId: p.opId, before: { username: pending.username }, after: { username: b.username } });
        return { username: b.username, status: 'PENDING' };
      }
      const finalUsername = b.status === 'APPROVE' ? b.username : (pending.originalUsername ?? p.username);
      const upd = await tx.update(usernameRequests).set({
        status: b.status, username: b.status === 'APPROVE' ? b.username : pending.username, note: b.note || null,
        usernameRejectionReason: b.status === 'REJECT' ? b.note : null, moderatedBy: me.email, moderatedAt: new Date(),
      }).where(and(eq(usernameRequests.id, pending.id), eq(usernameRequests.status, 'PENDING'))).returning();
      if (!upd.length) return null;
      await tx.update(players).set({ username: finalUsername, updatedAt: new Date() }).where(eq(players.id, p.id));
      await audit(tx, req, {
        action: b.status === 'APPROVE' ? 'USERNAME_APPROVE' : 'USERNAME_REJECT', targetType: 'player', targetId: p.playerCode, opId: p.opId,
        before: { username: p.username, requested: pending.username, status: 'PENDING' }, after: { username: finalUsername, status: b.status, note: b.note || null },
      });
      return { username: finalUsername, status: b.status };
    });
    if (!result) throw conflict(MSG.USERNAME_NOT_PENDING);
    return ok(result, [MSG.USERNAME_UPDATED]);
  });

  /** Balances per player wallet (the /players/balances page). */
  r.post('/api/players/balances', { schema: { body: balancesBody, tags: ['players'] }, config: { permission: 'players_balances' } }, async (req) => {
    const me = currentUser(req);
    const q = req.body;
    const scope = await resolveScope(db, me, q);
    const rows = await db.select({
      walletId: wallets.id, playerId: wallets.playerId, playerCode: players.playerCode, opId: wallets.opId, kind: wallets.kind,
      currency: wallets.currency, balance: wallets.balance, isTest: players.isTest, updatedAt: wallets.updatedAt,
      balanceInUSD: sql<string>`round(${wallets.balance} * coalesce(${currencyRates.rateToUsd}, 0), 2)::text`,
    }).from(wallets).innerJoin(players, eq(players.id, wallets.playerId)).leftJoin(currencyRates, eq(currencyRates.currency, wallets.currency))
      .where(and(
        inScope(wallets.opId, scope), eq(wallets.kind, q.kind),
        q.currency ? eq(wallets.currency, q.currency) : undefined,
        q.playerCode ? eq(players.playerCode, q.playerCode) : undefined,
        q.isTest && q.isTest !== 'all' ? eq(players.isTest, q.isTest === 'true') : undefined,
      ))
      .orderBy(desc(wallets.updatedAt), desc(wallets.id)).limit(q.limit + 1).offset((q.page - 1) * q.limit);
    return ok(pageOf(rows, q, (x) => ({ ...x, updatedAt: x.updatedAt.toISOString() })));
  });

}
