import { useCallback, useMemo } from 'react';
import { useLocation, Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { Button, Typography } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { BET_STATUSES, BET_TYPES, DAY_PATTERN, DEMO_GAME_PROVIDERS, SPORT_TYPES, betsFilterProblem, dayRangeUtc, labelOptions, type BetSuggestField } from '@pitboss/contract';
import type { BodyOf } from '@pitboss/contract/endpoint-schemas';
import { formatMoney } from '@pitboss/contract/decimal';
import { compact } from '../api/client';
import { apiData } from '../api/endpoint';
import { linkTo } from '@pitboss/contract/routes';
import { ListPage, type Column } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import { RecordDrawer } from '../kit/RecordDrawer';
import { useListParams } from '../kit/useListParams';
import { Money, Usd } from '../kit/Money';
import { operatorName } from '../kit/operator';
import { useFormatTime, useSession } from '../shell/session';
import { useScope } from '../shell/useScope';
import { BetStatusChip, CancelBetButton, SettleButton, betSubject, betTypeLabel, useBetFields, type BetView } from './common';

const text = z.string().trim().min(1).max(100).optional();
/** The typed URL contract of the bets lists; `from`/`to` are days in the user's timezone; `playerCode` comes from the player links. */
const urlShape = {
  betType: z.enum(BET_TYPES).optional(),
  singleBet: z.enum(['true']).optional(),
  event: text, tournament: text, sportType: text, gameTitle: text, provider: text,
  betId: z.string().trim().min(1).max(64).optional(),
  playerCode: z.string().trim().min(1).max(64).optional(),
  status: z.enum(BET_STATUSES).optional(),
  from: z.string().regex(DAY_PATTERN).optional(),
  to: z.string().regex(DAY_PATTERN).optional(),
};

type Suggest = (field: BetSuggestField) => Pick<FilterDef, 'suggest' | 'suggestKey'>;

/**
 * 001 §6: single bet mode reveals event, tournament and sport type; Sport hides game title and
 * provider; Bet ID, player code and game title suggest values from 2 characters.
 */
function filtersOf(p: { betType?: string; singleBet?: string }, quick: boolean, suggest: Suggest): FilterDef[] {
  if (quick) {
    return [
      { name: 'betType', label: 'Bet type', type: 'select', options: labelOptions('betType', BET_TYPES) },
      { name: 'status', label: 'Status', type: 'select', options: labelOptions('betStatus', BET_STATUSES) },
      { name: 'betId', label: 'Bet ID', maxLength: 64, ...suggest('betId') },
      { name: 'playerCode', label: 'Player code', maxLength: 64, ...suggest('playerCode') },
    ];
  }
  const single = p.singleBet === 'true';
  return [
    { name: 'betType', label: 'Bet type', type: 'select', options: labelOptions('betType', BET_TYPES) },
    { name: 'singleBet', label: 'Single bet mode', type: 'select', options: [{ value: 'true', label: 'Single bets only' }] },
    ...(single ? [
      { name: 'event', label: 'Event', maxLength: 100 },
      { name: 'tournament', label: 'Tournament', maxLength: 100 },
      { name: 'sportType', label: 'Sport type', type: 'select' as const, options: SPORT_TYPES.map((s) => ({ value: s, label: s })) },
    ] : []),
    ...(p.betType === 'SPORT' || single ? [] : [
      { name: 'gameTitle', label: 'Game title', maxLength: 100, ...suggest('gameTitle') },
      { name: 'provider', label: 'Provider', type: 'select' as const, options: DEMO_GAME_PROVIDERS.map((s) => ({ value: s, label: s })) },
    ]),
    { name: 'betId', label: 'Bet ID', maxLength: 64, ...suggest('betId') },
    { name: 'playerCode', label: 'Player code', maxLength: 64, ...suggest('playerCode') },
    { name: 'status', label: 'Status', type: 'select', options: labelOptions('betStatus', BET_STATUSES) },
    { name: 'from', label: 'From date', type: 'date' },
    { name: 'to', label: 'To date', type: 'date' },
  ];
}


/** /bets (also ?playerCode=) and /quick-bets: the bets newest first by keyset, the Bet Details / Quick Bet Details drawer. */
export default function BetsPage() {
  const { pathname } = useLocation();
  const quick = pathname.startsWith('/quick-bets');
  const list = useListParams(urlShape);
  const fmt = useFormatTime();
  const { user } = useSession();
  const { scopeSearch, opId, includeBrands } = useScope();
  const fields = useBetFields();
  const p = list.params as { betType?: string; singleBet?: string };
  const suggest = useCallback<Suggest>((field) => ({
    suggest: (q) => apiData('bets.suggest', { body: compact({ field, q, opId, includeBrands }) as BodyOf<'bets.suggest'> }),
    suggestKey: `${opId ?? ''}|${includeBrands ?? ''}`,
  }), [opId, includeBrands]);
  const filters = useMemo(() => filtersOf({ betType: p.betType, singleBet: p.singleBet }, quick, suggest), [p.betType, p.singleBet, quick, suggest]);
  const tz = user.timezone;
  const toRequest = useCallback((b: Record<string, unknown>) => {
    const { from, to, singleBet, ...rest } = b as Record<string, unknown> & { from?: string; to?: string; singleBet?: string };
    return {
      ...rest,
      ...(singleBet === 'true' ? { singleBet: true, betType: 'SPORT' } : {}),
      ...dayRangeUtc(from, to, tz),
    };
  }, [tz]);
  const columns: Column<BetView>[] = [
    { key: 'placedAt', header: 'Placed', render: (b) => fmt(b.placedAt), simple: true },
    { key: 'betId', header: 'Bet ID', render: (b) => b.betId, simple: true, nowrap: true },
    { key: 'player', header: 'Player', render: (b) => b.playerCode, simple: true },
    { key: 'operator', header: 'Operator', render: (b) => operatorName(b) },
    // The bets list names the type under its game or event, and the stake in USD under the stake (its ten columns overflowed 1440 px).
    ...(quick ? [{ key: 'type', header: 'Type', render: (b: BetView) => betTypeLabel(b.betType) }] : [{
      key: 'subject', header: 'Game / Event',
      render: (b: BetView) => <>{betSubject(b)}<Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>{betTypeLabel(b.betType)}</Typography></>,
      csv: (b: BetView) => `${betTypeLabel(b.betType)} · ${betSubject(b)}`,
    }]),
    {
      key: 'stake', header: 'Stake', align: 'right', simple: true, csv: (b) => formatMoney(b.stake, b.currency),
      // The stake in USD under a stake of another currency (exported as a column of its own).
      render: (b) => <><Money amount={b.stake} currency={b.currency} />{!quick && b.currency !== 'USD' && <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}><Usd value={b.stakeInUSD} /></Typography>}</>,
    },
    { key: 'win', header: 'Win', align: 'right', render: (b) => <Money amount={b.win} currency={b.currency} />, simple: true },
    ...(quick ? [] : [{ key: 'stakeUsd', header: 'Stake (USD)', align: 'right' as const, render: (b: BetView) => <Usd value={b.stakeInUSD} />, exportOnly: true }]),
    { key: 'status', header: 'Status', render: (b) => <BetStatusChip status={b.status} />, simple: true },
  ];
  return (
    <ListPage<BetView>
      label={quick ? 'Quick bets' : 'Bets'}
      endpoint={quick ? 'bets.quickList' : 'bets.list'}
      list={list}
      columns={columns}
      filters={filters}
      validateFilters={betsFilterProblem}
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
              <CancelBetButton bet={b} />
            </>
          )}
        />
      )}
    />
  );
}
