/**
 * Sport free bets through the sportsbook adapter (001 §2 /bonus/sport, §3, §5, §7, §8; issue 9).
 * The templates and the free bets live at the sportsbook (integrations/sportsbook: the simulator
 * by default, the HTTP client with SPORTSBOOK_URL). A sportsbook account is a parent operator: a
 * brand's players use their parent's account and templates.
 *
 * A grant calls the sportsbook first, with no database transaction open, then records it
 * (sport_freebet_grants: staff member, player, template, amount, currency, result) with its
 * activity in one transaction — a refused or failed grant is recorded too, so the activity log
 * tells who tried what. A refusal answers 400 with the code's text (001 §8) and
 * data.errorItems; no OK answer, 502 "Unable to perform this action.".
 */
import { FREEBET_MESSAGES, freebetErrorText, SPORT_TEMPLATES_PAGE_SIZE, type AppliedFreebet, type SportTemplate } from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { sportFreebetGrants } from '../../db/schema.js';
import { HttpError, badRequest, ok } from '../../lib/http.js';
import { idempotentSteps } from '../../lib/idempotency.js';
import { loadOperators } from '../../lib/scope.js';
import type { Handlers } from '../../platform/endpoints.js';
import { sportsbookFor, SportsbookUnavailable, type SportsbookFreebet, type SportsbookTemplate } from '../../integrations/sportsbook/index.js';

type Names = 'sport.templates' | 'sport.grant' | 'sport.applied';

/** The sportsbook account of an operator: itself, or its parent for a brand. */
async function accountOf(db: Db, opId: string): Promise<string> {
  const op = (await loadOperators(db)).byId.get(opId);
  return op?.kind === 'BRAND' && op.parentOpId ? op.parentOpId : opId;
}

/** The accounts a list covers: the parent operators of its operators (every parent operator when unscoped). */
async function accountsOf(db: Db, scope: string[] | null): Promise<string[]> {
  const { rows, byId } = await loadOperators(db);
  const ids = scope ?? rows.filter((r) => r.kind === 'OPERATOR').map((r) => r.opId);
  const out = new Set<string>();
  for (const id of ids) {
    const op = byId.get(id);
    if (!op || (op.kind !== 'OPERATOR' && op.kind !== 'BRAND')) continue;
    out.add(op.kind === 'BRAND' && op.parentOpId ? op.parentOpId : op.opId);
  }
  return [...out].sort();
}

const applied = (f: SportsbookFreebet): AppliedFreebet => ({ ...f });

export const sportFreebetHandlers: Handlers<Names> = {
  'sport.templates': async ({ db, scope, query, req }) => {
    const accounts = await accountsOf(db, scope);
    const { byId } = await loadOperators(db);
    try {
      const page = await sportsbookFor(db).listTemplates({ accounts, page: query.page, pageSize: SPORT_TEMPLATES_PAGE_SIZE });
      const items: SportTemplate[] = page.items.map((t: SportsbookTemplate) => {
        const { account, ...rest } = t;
        return { ...rest, opId: account, opTitle: byId.get(account)?.title ?? account };
      });
      return ok({ code: page.code, items, message: page.message, metadata: { totalItems: page.totalItems, itemsPerPage: page.itemsPerPage, page: query.page } });
    } catch (e) {
      if (!(e instanceof SportsbookUnavailable)) throw e;
      req.log.warn({ err: e.message }, 'sportsbook templates list failed');
      throw new HttpError(502, [FREEBET_MESSAGES.LIST_FAILED], 'SPORTSBOOK_UNAVAILABLE');
    }
  },

  /**
   * Add Sport FreeBet. The Idempotency-Key is reserved before the sportsbook call (no transaction
   * open across it): a replay of the key answers the first grant's answer (a refusal too) without
   * calling the sportsbook again; a concurrent duplicate waits for it. A failure of the call
   * (502) frees the key, so a retry with it runs again (the sportsbook refuses a second grant of
   * the template to the player, code 34).
   */
  'sport.grant': async ({ db, req, reply, body, found: player, user, audit }) => idempotentSteps(db, req, reply, async () => {
    if (player.isDeleted) throw badRequest(FREEBET_MESSAGES.PLAYER_DELETED);
    const account = await accountOf(db, player.opId);
    const client = sportsbookFor(db);
    const grantId = crypto.randomUUID();
    // The sportsbook call, outside any database transaction.
    const res = await client.grantFreebet({
      account, playerId: player.id, templateId: body.templateId, betCount: body.betCount, betAmount: body.betAmount, currency: body.currency, reference: grantId,
    });
    const result = res.outcome;
    const message = res.outcome === 'REFUSED' ? freebetErrorText(res.errorCode) : res.outcome === 'FAILED' ? FREEBET_MESSAGES.UNABLE : FREEBET_MESSAGES.GRANTED;
    await db.transaction(async (tx) => {
      await tx.insert(sportFreebetGrants).values({
        id: grantId, opId: player.opId, playerId: player.id, templateId: body.templateId, templateName: res.outcome === 'GRANTED' ? res.freebet.name : null,
        betCount: body.betCount, betAmount: body.betAmount, currency: body.currency, result, errorCode: res.outcome === 'REFUSED' ? res.errorCode : null,
        message: res.outcome === 'FAILED' ? res.description : message, freebetId: res.outcome === 'GRANTED' ? res.freebet.id : null, adapter: client.kind, grantedBy: user.email,
      });
      await audit(tx, {
        targetType: 'sportFreebetGrant', targetId: grantId, opId: player.opId, before: null,
        after: {
          playerCode: player.playerCode, templateId: body.templateId, betCount: body.betCount, betAmount: body.betAmount, currency: body.currency,
          result, ...(res.outcome === 'REFUSED' ? { errorCode: res.errorCode } : {}), message,
        },
      });
    });
    if (res.outcome === 'REFUSED') {
      throw new HttpError(400, [message], `FREEBET_${res.errorCode}`, { errorItems: [{ errorCode: res.errorCode, message }], freebet: null, grantId });
    }
    if (res.outcome === 'FAILED') throw new HttpError(502, [FREEBET_MESSAGES.UNABLE], 'SPORTSBOOK_FAILED', { errorItems: [], freebet: null, grantId });
    return { body: ok({ errorItems: [], freebet: applied(res.freebet), grantId }, [FREEBET_MESSAGES.GRANTED]) };
  }, { waitMs: 20_000 }),

  'sport.applied': async ({ db, found: player, req }) => {
    try {
      const items = await sportsbookFor(db).playerFreebets({ account: await accountOf(db, player.opId), playerId: player.id });
      return ok({ items: items.map(applied) });
    } catch (e) {
      if (!(e instanceof SportsbookUnavailable)) throw e;
      req.log.warn({ err: e.message }, 'sportsbook player free bets failed');
      throw new HttpError(502, [FREEBET_MESSAGES.APPLIED_FAILED], 'SPORTSBOOK_UNAVAILABLE');
    }
  },
};

