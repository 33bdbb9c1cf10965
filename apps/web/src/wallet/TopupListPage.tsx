import { z } from 'zod';
import { CURRENCIES, QUICK_TIME_FILTERS, QUICK_TIME_FILTER_LABELS, label, type QuickTimeFilter } from '@pitboss/contract';
import { fetchTopups, walletKeys, type TopupRow } from '../api/wallet';
import { ListPage, type Column } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import { useListParams } from '../kit/useListParams';
import { BalanceChange, Money, Usd } from '../kit/Money';
import { operatorName } from '../kit/operator';
import { useFormatTime } from '../shell/session';

const topupUrl = {
  playerCode: z.string().trim().min(1).max(64).optional(),
  currency: z.enum(CURRENCIES).optional(),
  walletType: z.enum(['MAIN', 'BONUS']).optional(),
  quickTime: z.enum(QUICK_TIME_FILTERS).optional(),
};
const FILTERS: FilterDef[] = [
  { name: 'playerCode', label: 'Player code' },
  { name: 'currency', label: 'Currency', type: 'select', options: CURRENCIES.map((c) => ({ value: c, label: c })) },
  { name: 'walletType', label: 'Wallet', type: 'select', options: [{ value: 'MAIN', label: 'Main' }, { value: 'BONUS', label: 'Bonus' }] },
  { name: 'quickTime', label: 'Quick time', type: 'select', options: QUICK_TIME_FILTERS.map((v) => ({ value: v, label: QUICK_TIME_FILTER_LABELS[v as QuickTimeFilter] })) },
];

/** /topup/list — manual top-ups (main and bonus wallets), newest first. */
export default function TopupListPage() {
  const list = useListParams(topupUrl);
  const fmt = useFormatTime();
  const columns: Column<TopupRow>[] = [
    { key: 'createdAt', header: 'Time', render: (r) => fmt(r.createdAt) },
    { key: 'playerCode', header: 'Player code', render: (r) => r.playerCode },
    { key: 'opId', header: 'Operator/Brand', render: (r) => operatorName(r) },
    { key: 'walletType', header: 'Wallet', render: (r) => label('walletKind', r.walletType) },
    { key: 'amount', header: 'Amount', align: 'right', render: (r) => <Money amount={r.amount} currency={r.currency} /> },
    { key: 'usd', header: 'Amount (USD)', align: 'right', render: (r) => <Usd value={r.amountInUSD} /> },
    { key: 'balance', header: 'Balance before → after', render: (r) => <BalanceChange before={r.balanceBefore} after={r.balanceAfter} currency={r.currency} /> },
    { key: 'reason', header: 'Reason', render: (r) => (r.reason ? label('topupReason', r.reason) : '—') },
    { key: 'note', header: 'Note', render: (r) => r.note ?? '—' },
    { key: 'createdBy', header: 'By', render: (r) => r.createdBy ?? '—' },
  ];
  return (
    <ListPage<TopupRow>
      label="Top-ups"
      list={list}
      queryKey={walletKeys.topupList}
      fetcher={fetchTopups}
      columns={columns}
      filters={FILTERS}
      rowKey={(r) => r.txId}
    />
  );
}
