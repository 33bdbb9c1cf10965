import { useCallback, useMemo } from 'react';
import { useLocation, Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { Button } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { BET_ID_PATTERN, BET_MESSAGES, BET_STATUSES, BET_STATUS_LABELS, BET_TYPES, BET_TYPE_LABELS, MSG, SPORT_TYPES, localMidnightUtc } from '@pitboss/contract';
import { linkTo } from '@pitboss/contract/routes';
import { ListPage, type Column } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import { RecordDrawer } from '../kit/RecordDrawer';
import { useListParams } from '../kit/useListParams';
import { Money, Usd } from '../kit/Money';
import { operatorName } from '../kit/operator';
import { useFormatTime, useSession } from '../shell/session';
import { useScope } from '../shell/useScope';
import { BetStatusChip, SettleButton, betSubject, betTypeLabel, useBetFields, type BetView } from './common';
import { DEMO_GAME_PROVIDERS } from './games';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const text = z.string().trim().min(1).max(100).optional();
/** The typed URL contract of the bets lists; `from`/`to` are days in the user's timezone; `playerCode` comes from the player links. */
const urlShape = {
  betType: z.enum(BET_TYPES).optional(),
  singleBet: z.enum(['true']).optional(),
  event: text, tournament: text, sportType: text, gameTitle: text, provider: text,
  betId: z.string().trim().min(1).max(64).optional(),
  playerCode: z.string().trim().min(1).max(64).optional(),
  status: z.enum(BET_STATUSES).optional(),
  from: z.string().regex(DAY).optional(),
  to: z.string().regex(DAY).optional(),
};
const opts = <T extends string>(values: readonly T[], labels: Record<T, string>) => values.map((v) => ({ value: v, label: labels[v] }));

/** 001 §6: single bet mode reveals event, tournament and sport type; Sport hides game title and provider. */
function filtersOf(p: { betType?: string; singleBet?: string }, quick: boolean): FilterDef[] {
  if (quick) {
    return [
      { name: 'betType', label: 'Bet type', type: 'select', options: opts(BET_TYPES, BET_TYPE_LABELS) },
      { name: 'status', label: 'Status', type: 'select', options: opts(BET_STATUSES, BET_STATUS_LABELS) },
      { name: 'betId', label: 'Bet ID', maxLength: 64 },
      { name: 'playerCode', label: 'Player code', maxLength: 64 },
    ];
  }
  const single = p.singleBet === 'true';
  return [
    { name: 'betType', label: 'Bet type', type: 'select', options: opts(BET_TYPES, BET_TYPE_LABELS) },
    { name: 'singleBet', label: 'Single bet mode', type: 'select', options: [{ value: 'true', label: 'Single bets only' }] },
    ...(single ? [
      { name: 'event', label: 'Event', maxLength: 100 },
      { name: 'tournament', label: 'Tournament', maxLength: 100 },
      { name: 'sportType', label: 'Sport type', type: 'select' as const, options: SPORT_TYPES.map((s) => ({ value: s, label: s })) },
    ] : []),
    ...(p.betType === 'SPORT' || single ? [] : [
      { name: 'gameTitle', label: 'Game title', maxLength: 100 },
      { name: 'provider', label: 'Provider', type: 'select' as const, options: DEMO_GAME_PROVIDERS.map((s) => ({ value: s, label: s })) },
    ]),
    { name: 'betId', label: 'Bet ID', maxLength: 64 },
    { name: 'playerCode', label: 'Player code', maxLength: 64 },
    { name: 'status', label: 'Status', type: 'select', options: opts(BET_STATUSES, BET_STATUS_LABELS) },
    { name: 'from', label: 'From date', type: 'date' },
    { name: 'to', label: 'To date', type: 'date' },
  ];
}

const validate = (v: Record<string, string>) =>
  (v.betId && !BET_ID_PATTERN.test(v.betId) ? BET_MESSAGES.BET_ID_INVALID : v.from && v.to && v.from > v.to ? MSG.DATE_RANGE_INVALID : null);

const dayStart = (day: string, tz: string, plusDays = 0) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return localMidnightUtc(y, m - 1, d + plusDays, tz);
};

/** /bets (also ?playerCode=) and /quick-bets: the bets newest first by keyset, the Bet Details / Quick Bet Details drawer. */
export default function BetsPage() {
  const { pathname } = useLocation();
  const quick = pathname.startsWith('/quick-bets');
  const list = useListParams(urlShape);
  const fmt = useFormatTime();
  const { user } = useSession();
  const { scopeSearch } = useScope();
  const fields = useBetFields();
  const p = list.params as { betType?: string; singleBet?: string };
  const filters = useMemo(() => filtersOf({ betType: p.betType, singleBet: p.singleBet }, quick), [p.betType, p.singleBet, quick]);
  const tz = user.timezone;
  const toRequest = useCallback((b: Record<string, unknown>) => {
    const { from, to, singleBet, ...rest } = b as Record<string, unknown> & { from?: string; to?: string; singleBet?: string };
    return {
      ...rest,
      ...(singleBet === 'true' ? { singleBet: true, betType: 'SPORT' } : {}),
      ...(from ? { from: dayStart(from, tz).toISOString() } : {}),
      ...(to ? { to: new Date(dayStart(to, tz, 1).getTime() - 1).toISOString() } : {}),
    };
  }, [tz]);
  const columns: Column<BetView>[] = [
    { key: 'placedAt', header: 'Placed', render: (b) => fmt(b.placedAt), simple: true },
    { key: 'betId', header: 'Bet ID', render: (b) => b.betId, simple: true },
    { key: 'player', header: 'Player', render: (b) => b.playerCode, simple: true },
    { key: 'operator', header: 'Operator', render: (b) => operatorName(b) },
    { key: 'type', header: 'Type', render: (b) => betTypeLabel(b.betType) },
    ...(quick ? [] : [{ key: 'subject', header: 'Game / Event', render: (b: BetView) => betSubject(b) }]),
    { key: 'stake', header: 'Stake', align: 'right', render: (b) => <Money amount={b.stake} currency={b.currency} />, simple: true },
    { key: 'win', header: 'Win', align: 'right', render: (b) => <Money amount={b.win} currency={b.currency} />, simple: true },
    ...(quick ? [] : [{ key: 'stakeUsd', header: 'Stake (USD)', align: 'right' as const, render: (b: BetView) => <Usd value={b.stakeInUSD} /> }]),
    { key: 'status', header: 'Status', render: (b) => <BetStatusChip status={b.status} />, csv: (b) => BET_STATUS_LABELS[b.status as keyof typeof BET_STATUS_LABELS] ?? b.status, simple: true },
  ];
  return (
    <ListPage<BetView>
      label={quick ? 'Quick bets' : 'Bets'}
      endpoint={quick ? 'bets.quickList' : 'bets.list'}
      list={list}
      columns={columns}
      filters={filters}
      validateFilters={validate}
      toRequest={toRequest}
      rowKey={(b) => (quick ? b.betId : b.id)}
      exportName={quick ? 'quick-bets' : 'bets'}
      renderDrawer={(ctx) => (
        <RecordDrawer
          ctx={ctx}
          width={640}
          title={() => (quick ? 'Quick Bet Details' : 'Bet Details')}
          fields={fields}
          actions={(b) => (
            <>
              <Button
                size="small" component={RouterLink} endIcon={<OpenInNewIcon fontSize="small" />}
                to={quick ? linkTo('/betsV2/:betId', { betId: b.betId }, scopeSearch) : linkTo('/bets/:id', { id: b.id }, scopeSearch)}
              >
                Open bet page
              </Button>
              <SettleButton bet={b} />
            </>
          )}
        />
      )}
    />
  );
}
