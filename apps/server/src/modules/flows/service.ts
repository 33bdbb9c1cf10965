/**
 * The evaluation of flows (job `flows.evaluate`): each active flow runs over the events of its
 * operator (and its brands) since its watermark, looking back LOOKBACK before it so an event whose
 * transaction committed late is still seen. An event runs a flow once: the run row is unique per
 * flow and event (`on conflict do nothing`), and only the rows this evaluation inserted get the
 * action. Each flow is one short transaction of its own, never a money transaction's.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { FLOW_TRIGGER_LABELS, REVIEW_TAG, type FlowAction, type FlowTrigger } from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { flows } from '../../db/schema.js';
import { rowsOf } from '../../lib/query.js';

type Flow = typeof flows.$inferSelect;

/** How far before the watermark an evaluation looks again (late commits), and the most events one flow takes per run. */
export const LOOKBACK_SECONDS = 600;
export const BATCH = 500;

/** The events of a trigger as (key, type, player, amount in USD, time, test player) rows of the flow's operators. */
function eventsOf(trigger: FlowTrigger): SQL {
  switch (trigger) {
    case 'DEPOSIT_CONFIRMED':
      return sql`select 'tx:' || t.tx_id as key, t.op_id, t.player_id, t.from_amount_in_usd as amount, coalesce(t.confirmed_at, t.updated_at) as at, p.is_test
        from transactions t join players p on p.id = t.player_id where t.transaction_type = 'DEPOSIT' and t.status = 'CONFIRMED'`;
    case 'WITHDRAWAL_REQUESTED':
      return sql`select 'tx:' || t.tx_id as key, t.op_id, t.player_id, t.from_amount_in_usd as amount, t.created_at as at, p.is_test
        from transactions t join players p on p.id = t.player_id where t.transaction_type = 'WITHDRAW'`;
    case 'PLAYER_REGISTERED':
      return sql`select 'player:' || p.id as key, p.op_id, p.id as player_id, null::numeric as amount, p.created_at as at, p.is_test from players p where true`;
    case 'KYC_SUBMITTED':
      return sql`select 'kyc:' || k.id as key, k.op_id, k.player_id, null::numeric as amount, k.created_at as at, p.is_test
        from kyc_records k join players p on p.id = k.player_id where true`;
  }
}

const outcomeOf = (f: Flow): string =>
  f.action === 'NOTIFY_STAFF' ? 'Staff notified' : f.action === 'FLAG_FOR_REVIEW' ? `Flagged for review (tag ${REVIEW_TAG})` : `Tagged ${f.tag ?? ''}`;

/** Run one flow over its new events; answers how many events it ran on. */
export async function evaluateFlow(db: Db, flowId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [f] = await tx.select().from(flows).where(and(eq(flows.id, flowId), eq(flows.isActive, true))).limit(1).for('update', { skipLocked: true });
    if (!f) return 0;
    const from = new Date(Math.max(f.activeSince.getTime(), f.evaluatedUntil.getTime() - LOOKBACK_SECONDS * 1000));
    const trigger = f.trigger as FlowTrigger;
    const inserted = await rowsOf<{ player_id: string | null; amount: string | null; at: string; player_code: string | null }>(tx, sql`
      with e as (${eventsOf(trigger)}),
      picked as (
        select e.* from e
        where e.op_id in (select op_id from operators where op_id = ${f.opId} or parent_op_id = ${f.opId})
          and e.at >= ${from.toISOString()}::timestamptz and e.at >= ${f.activeSince.toISOString()}::timestamptz
          and (${f.minAmountUsd}::numeric is null or e.amount >= ${f.minAmountUsd}::numeric)
          and (not ${f.realPlayersOnly} or not e.is_test)
          and not exists (select 1 from flow_runs r where r.flow_id = ${f.id} and r.event_key = e.key)
        order by e.at limit ${BATCH})
      insert into flow_runs (flow_id, op_id, event_key, event_type, player_id, amount_usd, outcome, created_at)
      select ${f.id}, picked.op_id, picked.key, ${trigger}, picked.player_id, picked.amount, ${outcomeOf(f)}, now() from picked
      on conflict (flow_id, event_key) do nothing
      returning player_id, amount_usd::text as amount, (select at::text from picked where picked.key = flow_runs.event_key) as at,
        (select player_code from players where players.id = flow_runs.player_id) as player_code`);
    const latest = inserted.reduce((m, r) => Math.max(m, Date.parse(r.at)), f.evaluatedUntil.getTime());
    if (inserted.length) {
      await applyAction(tx, f, inserted.map((r) => ({ playerId: r.player_id, playerCode: r.player_code, amount: r.amount })));
      await tx.update(flows).set({ runsCount: sql`${flows.runsCount} + ${inserted.length}`, lastRunAt: new Date(), evaluatedUntil: new Date(latest) })
        .where(sql`${flows.id} = ${f.id}`);
    }
    return inserted.length;
  });
}

async function applyAction(tx: Db, f: Flow, events: { playerId: string | null; playerCode: string | null; amount: string | null }[]): Promise<void> {
  const action = f.action as FlowAction;
  if (action === 'NOTIFY_STAFF') {
    // One notification per evaluation, naming the players (the first 10).
    const codes = events.map((e) => e.playerCode).filter((c): c is string => !!c);
    const shown = codes.slice(0, 10).join(', ') + (codes.length > 10 ? ` and ${codes.length - 10} more` : '');
    const body = `${FLOW_TRIGGER_LABELS[f.trigger as FlowTrigger]}: ${events.length} event(s)${shown ? ` — ${shown}` : ''}.${f.message ? ` ${f.message}` : ''}`;
    await tx.execute(sql`insert into notifications (op_id, title, body, level) values (${f.opId}, ${`Flow: ${f.name}`}, ${body}, 'info')`);
    return;
  }
  const tag = action === 'FLAG_FOR_REVIEW' ? REVIEW_TAG : f.tag!;
  const players = [...new Set(events.map((e) => e.playerId).filter((p): p is string => !!p))];
  if (!players.length) return;
  await tx.execute(sql`insert into player_tags (player_id, tag, op_id, flow_id)
    select p.id, ${tag}, p.op_id, ${f.id} from players p where p.id = any(${`{${players.join(',')}}`}::uuid[])
    on conflict (player_id, tag) do nothing`);
}

/** Every active flow once (the job's run); answers the number of events run per flow that ran on any. */
export async function evaluateFlows(db: Db): Promise<Record<string, number>> {
  const active = await db.select({ id: flows.id }).from(flows).where(sql`${flows.isActive}`);
  const out: Record<string, number> = {};
  for (const f of active) {
    const n = await evaluateFlow(db, f.id);
    if (n) out[f.id] = n;
  }
  return out;
}

