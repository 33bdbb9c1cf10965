/**
 * Flows (002 §2, §3, §7; the rest designed): list, create, edit, switch, delete (POST
 * /api/flows/delete: flowId) and the run history. The runs themselves are made by the job
 * `flows.evaluate` (service.ts).
 */
import { eq, sql } from 'drizzle-orm';
import { AMOUNT_TRIGGERS, FLOW_MESSAGES, type FlowTrigger } from '@pitboss/contract';
import { flowRuns, flows, players } from '../../db/schema.js';
import { ok } from '../../lib/http.js';
import { operatorTitles } from '../../lib/scope.js';
import type { Handlers } from '../../platform/endpoints.js';
import { list, match } from '../../platform/list.js';
import type { Db } from '../../db/client.js';

type Flow = typeof flows.$inferSelect;
type Titles = Awaited<ReturnType<typeof operatorTitles>>;

const viewOf = (f: Flow, titleOf: Titles) => ({
  flowId: f.id, opId: f.opId, ...titleOf(f.opId), name: f.name, trigger: f.trigger, minAmountUsd: f.minAmountUsd, realPlayersOnly: f.realPlayersOnly,
  action: f.action, tag: f.tag, message: f.message, isActive: f.isActive, activeSince: f.activeSince.toISOString(),
  runsCount: f.runsCount, lastRunAt: f.lastRunAt ? f.lastRunAt.toISOString() : null,
  createdBy: f.createdBy, createdAt: f.createdAt.toISOString(), updatedAt: f.updatedAt.toISOString(),
});
const view = async (db: Db, f: Flow) => viewOf(f, await operatorTitles(db));

/** The stored fields of a form: the amount only for amount triggers, the tag only for ADD_TAG, the message only for NOTIFY_STAFF. */
const fieldsOf = (b: { name: string; trigger: FlowTrigger; minAmountUsd?: string; realPlayersOnly: boolean; action: string; tag?: string; message?: string }) => ({
  name: b.name, trigger: b.trigger, realPlayersOnly: b.realPlayersOnly, action: b.action,
  minAmountUsd: AMOUNT_TRIGGERS.includes(b.trigger) && b.minAmountUsd ? b.minAmountUsd : null,
  tag: b.action === 'ADD_TAG' ? b.tag ?? null : null,
  message: b.action === 'NOTIFY_STAFF' && b.message ? b.message : null,
});
const auditOf = (f: Flow) => ({ name: f.name, trigger: f.trigger, minAmountUsd: f.minAmountUsd, realPlayersOnly: f.realPlayersOnly, action: f.action, tag: f.tag, isActive: f.isActive });

type Names = 'flows.list' | 'flows.create' | 'flows.update' | 'flows.setActive' | 'flows.delete' | 'flows.runs';

export const flowHandlers: Handlers<Names> = {
  'flows.list': async (ctx) => {
    const titleOf = await operatorTitles(ctx.db);
    return ok(await list(ctx, {
      rows: (select) => select({ f: flows }).from(flows),
      scope: flows.opId,
      filters: { trigger: match.eq(flows.trigger), isActive: match.bool(flows.isActive), name: match.contains(flows.name) },
      sort: { keys: { createdAt: flows.createdAt }, default: 'createdAt', dir: 'desc', tiebreak: flows.id },
      map: ({ f }) => viewOf(f, titleOf),
    }));
  },

  'flows.create': async ({ db, user, body: b, found: op, audit }) => db.transaction(async (tx) => {
    const now = new Date();
    const [f] = await tx.insert(flows).values({ opId: op.opId, ...fieldsOf(b), isActive: b.isActive, activeSince: now, evaluatedUntil: now, createdBy: user.email }).returning();
    await audit(tx, { targetType: 'flow', targetId: f!.id, opId: f!.opId, after: auditOf(f!) });
    return ok(await view(tx, f!), [FLOW_MESSAGES.CREATED]);
  }),

  /** Switched on again: the flow runs over events from now on (not over those of the time it was off). */
  'flows.update': async ({ db, body: b, found: before, audit }) => db.transaction(async (tx) => {
    const now = new Date();
    const reopened = b.isActive && !before.isActive;
    const [f] = await tx.update(flows).set({
      ...fieldsOf(b), isActive: b.isActive, updatedAt: now, ...(reopened ? { activeSince: now, evaluatedUntil: now } : {}),
    }).where(eq(flows.id, before.id)).returning();
    await audit(tx, { before: auditOf(before), after: auditOf(f!) });
    return ok(await view(tx, f!), [FLOW_MESSAGES.UPDATED]);
  }),

  'flows.setActive': async ({ db, body: b, found: before, audit }) => db.transaction(async (tx) => {
    const now = new Date();
    const reopened = b.isActive && !before.isActive;
    const [f] = await tx.update(flows).set({ isActive: b.isActive, updatedAt: now, ...(reopened ? { activeSince: now, evaluatedUntil: now } : {}) })
      .where(eq(flows.id, before.id)).returning();
    await audit(tx, { action: b.isActive ? 'FLOW_ACTIVATE' : 'FLOW_DEACTIVATE', before: { isActive: before.isActive }, after: { isActive: f!.isActive } });
    return ok(await view(tx, f!), [b.isActive ? FLOW_MESSAGES.ACTIVATED : FLOW_MESSAGES.DEACTIVATED]);
  }),

  /** The flow and its run history go; the tags and notifications it made stay (they are the players' and staff's now). */
  'flows.delete': async ({ db, found: f, audit }) => db.transaction(async (tx) => {
    await tx.execute(sql`select id from flows where id = ${f.id} for update`);
    await tx.delete(flowRuns).where(eq(flowRuns.flowId, f.id));
    await tx.delete(flows).where(eq(flows.id, f.id));
    await audit(tx, { before: { ...auditOf(f), runsCount: f.runsCount } });
    return ok({}, [FLOW_MESSAGES.DELETED]);
  }),

  'flows.runs': async (ctx) => {
    const f = ctx.found;
    return ok(await list(ctx, {
      rows: (select) => select({ r: flowRuns, playerCode: players.playerCode, username: players.username }).from(flowRuns)
        .leftJoin(players, eq(players.id, flowRuns.playerId)),
      where: () => eq(flowRuns.flowId, f.id),
      sort: { keys: { createdAt: flowRuns.createdAt }, default: 'createdAt', dir: 'desc', tiebreak: flowRuns.id },
      map: ({ r, playerCode, username }) => ({
        id: r.id, flowId: r.flowId, eventKey: r.eventKey, eventType: r.eventType, playerId: r.playerId, playerCode, username,
        amountUsd: r.amountUsd, outcome: r.outcome, createdAt: r.createdAt.toISOString(),
      }),
    }));
  },
};
