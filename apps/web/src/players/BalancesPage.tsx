import { z } from 'zod';
import { CURRENCIES } from '@pitboss/contract';
import { fetchBalances, playerKeys, type BalanceRow } from '../api/players';
import { ListPage, type Column } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import { useListParams } from '../kit/useListParams';
import { formatUsd } from '../shell/rates';
import { useFormatTime } from '../shell/session';

const KINDS = ['MAIN', 'BONUS', 'AFFILIATE', 'CASHBACK'] as const;
const balancesUrl = {
  playerCode: z.string().trim().min(1).max(64).optional(),
  currency: z.enum(CURRENCIES).optional(),
  kind: z.enum(KINDS).optional(),
};
const FILTERS: FilterDef[] = [
  { name: 'playerCode', label: 'Player code' },
  { name: 'currency', label: 'Currency', type: 'select', options: CURRENCIES.map((c) => ({ value: c, label: c })) },
  { name: 'kind', label: 'Wallet', type: 'select', options: KINDS.map((k) => ({ value: k, label: k })) },
];

export default function BalancesPage() {
  const list = useListParams(balancesUrl);
  const fmt = useFormatTime();
  const columns: Column<BalanceRow>[] = [
    { key: 'playerCode', header: 'Player code', render: (r) => r.playerCode },
    { key: 'opId', header: 'Operator/Brand', render: (r) => r.opId },
    { key: 'kind', header: 'Wallet', render: (r) => r.kind },
    { key: 'currency', header: 'Currency', render: (r) => r.currency },
    { key: 'balance', header: 'Balance', align: 'right', render: (r) => r.balance },
    { key: 'usd', header: 'Balance (USD)', align: 'right', render: (r) => formatUsd(r.balanceInUSD) },
    { key: 'updatedAt', header: 'Updated', render: (r) => fmt(r.updatedAt) },
  ];
  return (
    <ListPage<BalanceRow>
      label="Player balances"
      list={list}
      queryKey={playerKeys.balances}
      fetcher={fetchBalances}
      columns={columns}
      filters={FILTERS}
      rowKey={(r) => r.walletId}
    />
  );
}
