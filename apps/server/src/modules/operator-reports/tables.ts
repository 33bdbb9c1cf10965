/**
 * The table reports (contract REPORT_DEFS; README "Reports"): each gathers base sums per row from
 * the roll-ups, then one derivation gives the computed columns (GGR, RTP, margin, NGR, conversion…)
 * of every row and of the totals, so a ratio's total is recomputed from the summed figures.
 */
import { sql } from 'drizzle-orm';
import {
  REPORT_DEFS, REPORT_MAX_ROWS, addDec, daysBetween, fromUnits, label, roundDec, subDec, toUnits, type ReportAnswer, type ReportBody, type ReportId,
} from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../lib/query.js';
import { operatorTitles } from '../../lib/scope.js';
import { betGroups, playerGroups, txGroups, type TxGroup, type Window } from './rollups.js';

/** Base sums of one row (decimal strings; counts too). */
export type Acc = Record<string, string>;
interface Row { key: string; label: string; currency: string | null; acc: Acc; order?: string }

export const addTo = (a: Acc, k: string, v: string | number) => { a[k] = addDec(a[k] ?? '0', String(v)); };
const get = (a: Acc, k: string) => a[k] ?? '0';

/** num / den as a percentage with 2 decimals; '' when den is 0. */
export function pct(num: string, den: string): string {
  const d = toUnits(den);
  if (d === 0n) return '';
  return fromUnits((toUnits(num) * 100n * 10n ** 8n) / d, 2);
}

/** The computed columns of a row from its base sums. */
export function derive(a: Acc): Acc {
  const o: Acc = { ...a };
  o.ggr = subDec(get(a, 'stake'), get(a, 'win'));
  o.ggrNative = subDec(get(a, 'stakeNative'), get(a, 'winNative'));
  o.casinoGgr = subDec(get(a, 'casinoStake'), get(a, 'casinoWin'));
  o.sportGgr = subDec(get(a, 'sportStake'), get(a, 'sportWin'));
  o.rtp = pct(get(a, 'win'), get(a, 'stake'));
  o.margin = pct(o.ggr, get(a, 'stake'));
  o.netDeposits = subDec(get(a, 'deposits'), get(a, 'withdrawals'));
  o.ngr = subDec(subDec(o.ggr, get(a, 'bonuses')), get(a, 'cashback'));
  o.conversion = pct(get(a, 'ftd'), get(a, 'registrations'));
  o.commissions = addDec(addDec(get(a, 'cpr'), get(a, 'cpa')), get(a, 'revenueShare'));
  o.affiliate = o.commissions;
  return o;
}

const format = (kind: string, v: string | undefined): string => {
  if (v === undefined || v === '') return '';
  if (kind === 'count') return roundDec(v, 0);
  if (kind === 'native') return v;
  return roundDec(v, 2);
};

/** Which money column a confirmed transaction counts in (README "Reports"). */
export function txColumn(t: Pick<TxGroup, 'type' | 'sub'>): string | null {
  if (t.sub === 'AFFILIATE_CPR_COMMISSION') return 'cpr';
  if (t.sub === 'AFFILIATE_CPA_COMMISSION') return 'cpa';
  if (t.type === 'REFERRAL_PROFIT') return 'revenueShare';
  if (t.sub === 'AFFILIATE_PROFIT_WITHDRAW') return 'withdrawn';
  switch (t.type) {
    case 'DEPOSIT': return 'deposits';
    case 'WITHDRAW': return 'withdrawals';
    case 'TOPUP': return 'topups';
    case 'BONUS': return t.sub === 'BONUS_CLAIM' ? null : 'bonuses';
    case 'CASHBACK': return t.sub === 'CASHBACK_CLAIM' ? null : 'cashback';
    case 'TOURNAMENT_PRIZE': return 'prizes';
    default: return null;
  }
}

/** Adds confirmed transactions to a row's sums: each money column, deposit and withdraw counts. */
export function addTx(a: Acc, t: TxGroup): void {
  const col = txColumn(t);
  if (col) addTo(a, col, t.usd);
  if (t.type === 'DEPOSIT') addTo(a, 'depositCount', t.n);
  if (t.type === 'WITHDRAW') addTo(a, 'withdrawCount', t.n);
  if (t.ftd) { addTo(a, 'ftd', t.ftd); addTo(a, 'ftdAmount', t.ftdUsd); }
}

class Rows {
  private readonly m = new Map<string, Row>();
  of(key: string, lbl: string, currency: string | null = null): Acc {
    let r = this.m.get(key);
    if (!r) { r = { key, label: lbl, currency, acc: {} }; this.m.set(key, r); }
    return r.acc;
  }
  list(): Row[] { return [...this.m.values()]; }
}

const byDesc = (col: string) => (a: Row, b: Row) => {
  const d = toUnits(derive(b.acc)[col] || '0') - toUnits(derive(a.acc)[col] || '0');
  return d > 0n ? 1 : d < 0n ? -1 : a.label.localeCompare(b.label);
};

/** Build one report over a window. */
export async function buildReport(db: Db, w: Window, body: ReportBody & { report: ReportId }): Promise<Omit<ReportAnswer, 'from' | 'to' | 'report'>> {
  const rows = new Rows();
  let ordered: Row[];
  const titleOf = await operatorTitles(db);
  const opLabel = (opId: string) => { const t = titleOf(opId); return t.parentOpTitle ? `${t.opTitle} (${t.parentOpTitle})` : t.opTitle; };
  const days = () => { for (const d of daysBetween(w.from, w.to)) rows.of(d, d); };
  const bet = (a: Acc, b: { n: number; stakeUsd: string; winUsd: string }) => { addTo(a, 'bets', b.n); addTo(a, 'stake', b.stakeUsd); addTo(a, 'win', b.winUsd); };
  const betType = body.betType;

  switch (body.report) {
    case 'game-currency': {
      for (const b of await betGroups(db, w, sql`currency`, sql`''`, betType)) {
        const a = rows.of(b.g, b.g, b.g);
        bet(a, b); addTo(a, 'stakeNative', b.stake); addTo(a, 'winNative', b.win);
      }
      ordered = rows.list().sort(byDesc('stake'));
      break;
    }
    case 'game-financial': {
      days();
      for (const b of await betGroups(db, w, sql`day`)) {
        const a = rows.of(b.g, b.g);
        bet(a, b);
        const k = b.betType === 'SPORT' ? 'sport' : 'casino';
        addTo(a, `${k}Stake`, b.stakeUsd); addTo(a, `${k}Win`, b.winUsd);
      }
      ordered = rows.list().sort((a, b) => a.key.localeCompare(b.key));
      break;
    }
    case 'game-operator': {
      for (const b of await betGroups(db, w, sql`op_id`, sql`''`, betType)) bet(rows.of(b.g, opLabel(b.g)), b);
      ordered = rows.list().sort(byDesc('stake'));
      break;
    }
    case 'games': {
      for (const b of await betGroups(db, w, sql`game_title`, sql`provider`, betType)) {
        const game = b.g || label('betType', b.betType);
        bet(rows.of(`${b.g2}|${b.g}|${b.g ? '' : b.betType}`, b.g2 ? `${game} (${b.g2})` : game), b);
      }
      ordered = rows.list().sort(byDesc('stake'));
      break;
    }
    case 'game-providers': {
      const games = new Map<string, number>();
      for (const b of await betGroups(db, w, sql`provider`, sql`''`, betType)) {
        const key = b.g || (b.betType === 'SPORT' ? 'Sportsbook' : 'Other');
        bet(rows.of(key, key), b);
        games.set(key, (games.get(key) ?? 0) + b.games);
      }
      for (const r of rows.list()) r.acc.games = String(games.get(r.key) ?? 0);
      ordered = rows.list().sort(byDesc('stake'));
      break;
    }
    case 'operator': {
      for (const t of await txGroups(db, w, sql`op_id`)) addTx(rows.of(t.g, opLabel(t.g)), t);
      for (const b of await betGroups(db, w, sql`op_id`)) bet(rows.of(b.g, opLabel(b.g)), b);
      for (const p of await playerGroups(db, w, sql`op_id`)) addTo(rows.of(p.g, opLabel(p.g)), 'registrations', p.registrations);
      ordered = rows.list().sort(byDesc('ngr'));
      break;
    }
    case 'registration': {
      days();
      for (const p of await playerGroups(db, w, sql`day`)) {
        const a = rows.of(p.g, p.g);
        addTo(a, 'registrations', p.registrations); addTo(a, 'ftd', p.ftd); addTo(a, 'ftdAmount', p.ftdUsd);
      }
      ordered = rows.list().sort((a, b) => a.key.localeCompare(b.key));
      break;
    }
    case 'transaction-operator': {
      for (const t of await txGroups(db, w, sql`op_id`)) addTx(rows.of(t.g, opLabel(t.g)), t);
      ordered = rows.list().sort(byDesc('deposits'));
      break;
    }
    case 'transactions': {
      days();
      for (const t of await txGroups(db, w, sql`day`)) addTx(rows.of(t.g, t.g), t);
      ordered = rows.list().sort((a, b) => a.key.localeCompare(b.key));
      break;
    }
    case 'transactionsV2': {
      const typeTotals = new Map<string, string>();
      for (const t of await txGroups(db, w, sql`''`, sql`''`, { allStatuses: true, type: body.transactionType, status: body.status })) {
        const name = [label('txType', t.type), t.sub ? label('txSubType', t.sub) : null, label('txStatus', t.status)].filter(Boolean).join(' · ');
        const a = rows.of(`${t.type}|${t.sub}|${t.status}`, name);
        addTo(a, 'count', t.n); addTo(a, 'amount', t.usd);
        typeTotals.set(t.type, addDec(typeTotals.get(t.type) ?? '0', t.usd));
      }
      for (const r of rows.list()) r.acc.share = pct(get(r.acc, 'amount'), typeTotals.get(r.key.split('|')[0]!) ?? '0');
      ordered = rows.list().sort((a, b) => a.key.localeCompare(b.key));
      break;
    }
    case 'affiliate-revenue': {
      days();
      for (const t of await txGroups(db, w, sql`day`)) {
        const col = txColumn(t);
        if (col === 'cpr' || col === 'cpa' || col === 'revenueShare' || col === 'withdrawn') addTo(rows.of(t.g, t.g), col, t.usd);
      }
      for (const p of await playerGroups(db, w, sql`day`, sql`''`, sql`aff_id <> ''`)) addTo(rows.of(p.g, p.g), 'partnerGgr', subDec(p.stakeUsd, p.winUsd));
      ordered = rows.list().sort((a, b) => a.key.localeCompare(b.key));
      break;
    }
    case 'top-affiliates': {
      const groups = await playerGroups(db, w, sql`ref_id`, sql`''`, sql`ref_id <> ''`);
      const names = await referrerNames(db, w.scope, groups.map((g) => g.g));
      for (const p of groups) {
        // The referring player by username beside the code (the code alone when not in the user's operators).
        const name = names.get(p.g);
        const a = rows.of(p.g, name ? `${name} (${p.g})` : p.g);
        addTo(a, 'registrations', p.registrations); addTo(a, 'ftd', p.ftd); addTo(a, 'deposits', p.depositUsd);
        addTo(a, 'stake', p.stakeUsd); addTo(a, 'win', p.winUsd);
      }
      ordered = rows.list().sort(byDesc('ggr'));
      break;
    }
    case 'top-channels': {
      // Partners' channels: a referring player's own links are in the affiliate reports.
      const groups = await playerGroups(db, w, sql`aff_id`, sql`channel_id`, sql`channel_id <> '' and aff_id <> ''`);
      const names = await channelNames(db, groups.map((g) => g.g));
      for (const p of groups) {
        const channel = names.get(`${p.g}|${p.g2}`);
        const a = rows.of(`${p.g}|${p.g2}`, `${p.g2}${channel ? ` — ${channel}` : ''} (${opLabel(p.g)})`);
        addTo(a, 'registrations', p.registrations); addTo(a, 'ftd', p.ftd); addTo(a, 'ftdAmount', p.ftdUsd); addTo(a, 'deposits', p.depositUsd);
        addTo(a, 'stake', p.stakeUsd); addTo(a, 'win', p.winUsd);
      }
      ordered = rows.list().sort(byDesc('ggr'));
      break;
    }
  }

  const def = REPORT_DEFS[body.report];
  const total: Acc = {};
  for (const r of ordered) for (const [k, v] of Object.entries(r.acc)) if (v !== '' && k !== 'share') addTo(total, k, v);
  const currencies = new Set(ordered.map((r) => r.currency));
  const totalD = derive(total);
  const truncated = ordered.length > REPORT_MAX_ROWS;
  return {
    rows: ordered.slice(0, REPORT_MAX_ROWS).map((r) => {
      const d = derive(r.acc);
      return { key: r.key, label: r.label, currency: r.currency, values: def.columns.map((c) => format(c.kind, d[c.key])) };
    }),
    totals: def.columns.map((c) => (c.key === 'share' || (c.kind === 'native' && currencies.size !== 1) ? '' : format(c.kind, totalD[c.key]))),
    truncated,
  };
}

/** `values` as a SQL list of parameters, for `in (…)`. */
const listOf = (values: readonly string[]) => sql`(${sql.join(values.map((v) => sql`${v}`), sql`, `)})`;

/** The usernames of referring players by code, among the players of the user's operators (`scope`). */
async function referrerNames(db: Db, scope: string[] | null, codes: string[]): Promise<Map<string, string>> {
  const ids = [...new Set(codes.filter(Boolean))];
  if (!ids.length || (scope !== null && !scope.length)) return new Map();
  const rows = await rowsOf<{ player_code: string; username: string | null }>(db, sql`select player_code, username from players
    where player_code in ${listOf(ids)} ${scope === null ? sql`` : sql`and op_id in ${listOf(scope)}`}`);
  return new Map(rows.filter((r) => r.username).map((r) => [r.player_code, r.username!]));
}

/** The names of partner channels (partner_channels) of some partners: `opId|channelId` → description. */
async function channelNames(db: Db, partnerIds: string[]): Promise<Map<string, string>> {
  const ids = [...new Set(partnerIds.filter(Boolean))];
  if (!ids.length) return new Map();
  const rows = await rowsOf<{ op_id: string; channel_id: string; description: string }>(db,
    sql`select op_id, channel_id, description from partner_channels where op_id in ${listOf(ids)}`);
  return new Map(rows.map((r) => [`${r.op_id}|${r.channel_id}`, r.description]));
}
