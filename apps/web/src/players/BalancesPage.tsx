import { z } from 'zod';
import { CURRENCIES, WALLET_KINDS, label, labelOptions } from '@pitboss/contract';
import { fetchBalances, playerKeys, type BalanceRow } from '../api/players';
import { ListPage, type Column } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import { useListParams } from '../kit/useListParams';
import { Money, Usd } from '../kit/Money';
import { operatorName } from '../kit/operator';
import { useFormatTime } from '../shell/session';

const KINDS = WALLET_KINDS;
const balancesUrl = {
  playerCode: z.string().trim().min(1).max(64).optional(),
  currency: z.enum(CURRENCIES).optional(),
  kind: z.enum(KINDS).optional(),
};
const FILTERS: FilterDef[] = [
  { name: 'playerCode', label: 'Player code' },
  { name: 'currency', label: 'Currency', type: 'select', options: CURRENCIES.map((c) => ({ value: c, label: c })) },
  { name: 'kind', label: 'Wallet', type: 'select', options: labelOptions('walletKind', KINDS) },
];

export default function BalancesPage() {
  const list = useListParams(balancesUrl);
  const fmt = useFormatTime();
  const columns: Column<BalanceRow>[] = [
    { key: 'playerCode', header: 'Player code', render: (r) => r.playerCode },
    { key: 'opId', header: 'Operator/Brand', render: (r) => operatorName(r) },
    { key: 'kind', header: 'Wallet', render: (r) => label('walletKind', r.kind) },
    { key: 'currency', header: 'Currency', render: (r) => r.currency },
    { key: 'balance', header: 'Balance', align: 'right', render: (r) => <Money amount={r.balance} currency={r.currency} /> },
    { key: 'usd', header: 'Balance (USD)', align: 'right', render: (r) => <Usd value={r.balanceInUSD} /> },
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
