import { Suspense, useCallback, useMemo } from 'react';
import { useLocation } from 'react-router';
import { z } from 'zod';
import { Link } from '@mui/material';
import {
  PAYMENT_PROVIDERS, QUICK_TIME_FILTERS, QUICK_TIME_FILTER_LABELS, TX_TYPES, label, dayRangeProblem, dayRangeUtc, labelOptions, matchRoute, providerName, txTypeLabel,
  type QuickTimeFilter,
} from '@pitboss/contract';
import { fetchTransactions, txKeys, type TxView } from '../api/transactions';
import { ListPage, type Column } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import { toBody, useListParams } from '../kit/useListParams';
import { Money, Usd } from '../kit/Money';
import { useFormatTime, useIsSuper, useSession } from '../shell/session';
import { TX_LIST_CONFIGS, statusesOf, subTypesOf, type TxListConfig } from './config';
import { TotalsStrip } from './TotalsStrip';
import { TxStatusChip } from './TxStatusChip';
import type { RoutePath } from '@pitboss/contract/routes';
import { lazyDialog } from '../kit/lazyDialog';
import { claimedByColumn } from '../kit/claims';

/** The drawer and its actions (forms, approvals) load when a row is first opened, not with the list. */
const TransactionDrawer = lazyDialog(() => import('./TransactionDrawer'), 'TransactionDrawer');

/**
 * Queue mode of the pending lists: after a decision the drawer moves to the next movement still
 * waiting for one (PENDING, or IN_PROGRESS in the in-progress queue of the pending withdrawals).
 */
const QUEUE = { isPending: (t: TxView) => (t.status === 'PENDING' || t.status === 'IN_PROGRESS') && !t.isDeleted };


const DAY = /^\d{4}-\d{2}-\d{2}$/;
const opt = (values: readonly string[], nameOf: (v: string) => string = (v) => v) => values.map((v) => ({ value: v, label: nameOf(v) }));

/**
 * The typed URL contract of a transactions list (STYLE 3); `from`/`to` are days in the user's
 * timezone. SUPER_ADMIN and ADMIN pick the gateway among all payment providers and have the
 * Operator ID filter (000 §6, 001 §6: their extra filters; the server refuses it from others).
 */
const urlShape = (c: TxListConfig, isSuper: boolean) => ({
  transactionType: z.enum(TX_TYPES).optional(),
  transactionSubType: z.enum(subTypesOf(c) as [string, ...string[]]).optional(),
  status: z.enum(statusesOf(c) as [string, ...string[]]).optional(),
  gateway: isSuper ? z.enum(PAYMENT_PROVIDERS).optional() : z.string().trim().min(1).max(40).optional(),
  ...(isSuper ? { operatorId: z.string().trim().min(1).max(64).optional() } : {}),
  playerCode: z.string().trim().min(1).max(64).optional(),
  txId: z.string().trim().min(1).max(64).optional(),
  quickTime: z.enum(QUICK_TIME_FILTERS).optional(),
  from: z.string().regex(DAY).optional(),
  to: z.string().regex(DAY).optional(),
});

/** Every payment provider by name (the super roles' gateway select). */
const PROVIDER_OPTIONS = PAYMENT_PROVIDERS.map((p) => ({ value: p, label: providerName(p) })).sort((a, b) => a.label.localeCompare(b.label));

function filtersOf(c: TxListConfig, isSuper: boolean): FilterDef[] {
  const statuses = statusesOf(c);
  return [
    ...(c.type ? [] : [{ name: 'transactionType', label: 'Type', type: 'select' as const, options: labelOptions('txType', TX_TYPES) }]),
    { name: 'transactionSubType', label: 'Sub-type', type: 'select', options: labelOptions('txSubType', subTypesOf(c)) },
    ...(statuses.length > 1 ? [{ name: 'status', label: 'Status', type: 'select' as const, options: labelOptions('txStatus', statuses) }] : []),
    isSuper ? { name: 'gateway', label: 'Gateway', type: 'select', options: PROVIDER_OPTIONS } : { name: 'gateway', label: 'Gateway', maxLength: 40 },
    ...(isSuper ? [{ name: 'operatorId', label: 'Operator ID', maxLength: 64 }] : []),
    { name: 'playerCode', label: 'Player code' },
    { name: 'txId', label: 'Transaction ID' },
    { name: 'quickTime', label: 'Quick time', type: 'select', options: opt(QUICK_TIME_FILTERS, (v) => QUICK_TIME_FILTER_LABELS[v as QuickTimeFilter]) },
    { name: 'from', label: 'From date', type: 'date' },
    { name: 'to', label: 'To date', type: 'date' },
  ];
}


/**
 * /transactions/list, /deposit/list, /deposit/pending, /deposit/orders, /withdraw/list,
 * /withdraw/pending, /transactions/cashback, /transactions/pending-cashback,
 * /transactions/affiliate-profit, /transactions/pending-affiliate-profit and
 * /transactions/claimed-bonus: one page, configured by its route (transactions/config.ts).
 */
export default function TransactionsListPage() {
  const { pathname } = useLocation();
  const config = TX_LIST_CONFIGS[(matchRoute(pathname)?.path ?? '/') as RoutePath] ?? TX_LIST_CONFIGS['/transactions/list']!;
  const isSuper = useIsSuper();
  const shape = useMemo(() => urlShape(config, isSuper), [config, isSuper]);
  const filters = useMemo(() => filtersOf(config, isSuper), [config, isSuper]);
  const list = useListParams(shape);
  const fmt = useFormatTime();
  const { user } = useSession();
  const tz = user.timezone;

  const toRequest = useCallback(
    (b: Record<string, unknown>) => {
      const { from, to, ...rest } = b as Record<string, unknown> & { from?: string; to?: string };
      return {
        ...rest,
        ...(config.type ? { transactionType: config.type } : {}),
        ...(!rest.status && config.defaultStatus ? { status: config.defaultStatus } : {}),
        ...(!rest.transactionSubType && config.defaultSubType ? { transactionSubType: config.defaultSubType } : {}),
        ...dayRangeUtc(from, to, tz),
      };
    },
    [config, tz],
  );
  const request = useMemo(() => toRequest(toBody(list.params)), [toRequest, list.params]);

  const columns: Column<TxView>[] = [
    { key: 'createdAt', header: 'Time', render: (t) => fmt(t.createdAt) },
    { key: 'txId', header: 'Transaction ID', render: (t) => <span title={t.txId}>{t.txId.slice(0, 8)}…</span>, csv: (t) => t.txId },
    {
      key: 'player',
      header: 'Player',
      render: (t) => (
        <Link
          component="button"
          type="button"
          onClick={(e) => {
            e.stopPropagation();
            list.setFilters({ playerCode: t.player.playerCode });
          }}
        >
          {t.player.playerCode}
        </Link>
      ),
    },
    { key: 'type', header: 'Type', render: (t) => txTypeLabel(t.transactionType, t.transactionSubType) },
    { key: 'amount', header: 'Amount', align: 'right', render: (t) => <Money amount={t.toAmount} currency={t.toCurrency} /> },
    { key: 'usd', header: 'Amount (USD)', align: 'right', render: (t) => <Usd value={t.toAmountInUSD} /> },
    { key: 'gateway', header: 'Gateway', render: (t) => { const g = t.gateway ?? t.provider; return g ? providerName(g) : '—'; } },
    {
      key: 'status', header: 'Status', render: (t) => <TxStatusChip status={t.status} deleted={t.isDeleted} />,
      csv: (t) => (t.isDeleted ? `${label('txStatus', t.status)} (deleted)` : label('txStatus', t.status)),
    },
    // Withdrawals are a claimed queue: who holds each (live, through the `withdrawals` topic).
    ...(config.type === 'WITHDRAW' ? [claimedByColumn<TxView>()] : []),
  ];

  return (
    <ListPage<TxView>
      key={config.label}
      label={config.label}
      queue={config.defaultStatus === 'PENDING' ? QUEUE : undefined}
      list={list}
      queryKey={txKeys.list}
      fetcher={fetchTransactions}
      toRequest={toRequest}
      header={<TotalsStrip body={request} />}
      columns={columns}
      filters={filters}
      validateFilters={dayRangeProblem}
      rowKey={(t) => t.txId}
      exportName="transactions"
      renderDrawer={(ctx) => <Suspense fallback={null}><TransactionDrawer ctx={ctx} config={config} /></Suspense>}
    />
  );
}
