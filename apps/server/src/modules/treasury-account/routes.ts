/**
 * Treasury Account (designed): the treasury wallets of the caller's operators (the `treasuries`
 * of /withdraw/treasuries) with each balance in its currency and in USD at today's rate, their
 * total, the balance at the end of each day of the period (the last movement's `balance_after`
 * before the day ended) and the movements. Read-only; scoped by operator in SQL.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { addDec, roundDec } from '@pitboss/contract';
import { currencyRates, treasuries, treasuryEntries } from '../../db/schema.js';
import { ok } from '../../lib/http.js';
import { rowsOf } from '../../lib/query.js';
import { operatorTitles } from '../../lib/scope.js';
import type { Handlers } from '../../platform/endpoints.js';
import { list, match } from '../../platform/list.js';

export const treasuryAccountHandlers: Handlers<'treasuryAccount.summary' | 'treasuryAccount.movements'> = {
  'treasuryAccount.summary': async ({ db, scope, body }) => {
    const titleOf = await operatorTitles(db);
    const rows = await db.select({ t: treasuries, rate: currencyRates.rateToUsd }).from(treasuries)
      .leftJoin(currencyRates, eq(currencyRates.currency, treasuries.currency))
      .where(scope === null ? undefined : scope.length ? inArray(treasuries.opId, scope) : sql`false`)
      .orderBy(treasuries.opId, treasuries.provider, treasuries.uuid);
    const wallets = rows.map(({ t, rate }) => {
      const r = rate ?? '0';
      return {
        uuid: t.uuid, opId: t.opId, ...titleOf(t.opId), provider: t.provider, title: t.title, currency: t.currency,
        balance: t.balance, rateToUsd: r,
        balanceUsd: '', updatedAt: t.updatedAt.toISOString(),
      };
    });
    // USD values in SQL's numeric (exact), rounded to cents.
    const usd = wallets.length ? await rowsOf<{ uuid: string; usd: string }>(db, sql`
      select t.uuid::text, round(t.balance * coalesce(r.rate_to_usd, 0), 2)::text as usd from treasuries t left join currency_rates r on r.currency = t.currency
      where t.uuid = any(${`{${wallets.map((w) => w.uuid).join(',')}}`}::uuid[])`) : [];
    const usdOf = new Map(usd.map((u) => [u.uuid, u.usd]));
    for (const w of wallets) w.balanceUsd = roundDec(usdOf.get(w.uuid) ?? '0', 2);
    const totalUsd = roundDec(wallets.reduce((a, w) => addDec(a, w.balanceUsd), '0'), 2);
    const history = wallets.length ? await rowsOf<{ day: string; uuid: string; usd: string }>(db, sql`
      with days as (select generate_series((now() at time zone 'UTC')::date - (${body.days}::int - 1), (now() at time zone 'UTC')::date, interval '1 day')::date as day),
      w as (select t.uuid, coalesce(r.rate_to_usd, 0) as rate from treasuries t left join currency_rates r on r.currency = t.currency
        where t.uuid = any(${`{${wallets.map((x) => x.uuid).join(',')}}`}::uuid[]))
      select d.day::text as day, w.uuid::text as uuid, round(coalesce(b.balance_after, 0) * w.rate, 2)::text as usd
      from days d cross join w
      left join lateral (select e.balance_after from treasury_entries e where e.treasury_uuid = w.uuid and e.created_at < (d.day + 1)::timestamp at time zone 'UTC'
        order by e.created_at desc, e.id desc limit 1) b on true
      order by d.day, w.uuid`) : [];
    const byDay = new Map<string, { day: string; totalUsd: string; byWallet: Record<string, string> }>();
    for (const h of history) {
      const p = byDay.get(h.day) ?? { day: h.day, totalUsd: '0', byWallet: {} };
      p.byWallet[h.uuid] = roundDec(h.usd, 2);
      p.totalUsd = roundDec(addDec(p.totalUsd, h.usd), 2);
      byDay.set(h.day, p);
    }
    return ok({ wallets, totalUsd, history: [...byDay.values()] });
  },

  'treasuryAccount.movements': async (ctx) => {
    const titleOf = await operatorTitles(ctx.db);
    return ok(await list(ctx, {
      rows: (select) => select({ e: treasuryEntries, title: treasuries.title }).from(treasuryEntries).innerJoin(treasuries, eq(treasuries.uuid, treasuryEntries.treasuryUuid)),
      scope: treasuryEntries.opId,
      filters: { treasuryUuid: match.eq(treasuryEntries.treasuryUuid), transactionType: match.eq(treasuryEntries.transactionType) },
      sort: { keys: { id: treasuryEntries.id }, default: 'id', dir: 'desc', tiebreak: treasuryEntries.id },
      map: ({ e, title }) => ({
        txId: e.txId, treasuryUuid: e.treasuryUuid, treasuryTitle: title, opId: e.opId, ...titleOf(e.opId),
        transactionType: e.transactionType, transactionSubType: e.transactionSubType, status: e.status,
        amount: e.amount, fee: e.fee, currency: e.currency,
        balanceAfter: e.balanceAfter, createdBy: e.createdBy, createdAt: e.createdAt.toISOString(),
      }),
    }));
  },
};
