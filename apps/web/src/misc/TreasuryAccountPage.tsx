import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { Card, CardContent, LinearProgress, Paper, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { TREASURY_HISTORY_DAYS, TREASURY_MOVEMENT_TYPES, formatUsd, humanize } from '@pitboss/contract';
import type { TreasuryMovementView } from '@pitboss/contract/endpoints/schemas/misc';
import { apiData } from '../api/endpoint';
import { LineChart } from '../kit/LineChart';
import { ListPage, type Column } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import { useListParams } from '../kit/useListParams';
import { Money, Usd } from '../kit/Money';
import { operatorName } from '../kit/operator';
import { useFormatTime } from '../shell/session';
import { useScope } from '../shell/useScope';

const TYPE_LABELS: Record<(typeof TREASURY_MOVEMENT_TYPES)[number], string> = { TOPUP: 'Top-up', WITHDRAW: 'Withdraw' };
type Days = (typeof TREASURY_HISTORY_DAYS)[number];

/** The wallets with their balances, the total in USD and the chart of the balance over time. */
function Summary({ days, setDays }: { days: Days; setDays: (d: Days) => void }) {
  const { opId, includeBrands } = useScope();
  const q = useQuery({
    queryKey: ['treasuryAccount.summary', opId, includeBrands, days],
    queryFn: () => apiData('treasuryAccount.summary', { body: { ...(opId ? { opId, includeBrands: includeBrands === 'true' } : {}), days } }),
  });
  const d = q.data;
  const wallets = d?.wallets ?? [];
  const history = d?.history ?? [];
  return (
    <Stack spacing={2} sx={{ mb: 2 }}>
      {q.isLoading && <LinearProgress />}
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 2 }}>
        <Card variant="outlined" sx={{ minWidth: 200 }}>
          <CardContent>
            <Typography variant="overline">Total in USD</Typography>
            <Typography variant="h5" data-testid="treasury-total"><Usd value={d?.totalUsd ?? null} /></Typography>
            <Typography variant="caption" color="text.secondary">{wallets.length} wallet(s), at today&apos;s rates</Typography>
          </CardContent>
        </Card>
        {wallets.map((w) => (
          <Card key={w.uuid} variant="outlined" sx={{ minWidth: 220 }}>
            <CardContent>
              <Typography variant="overline">{w.title}</Typography>
              <Typography variant="h6"><Money amount={w.balance} currency={w.currency} /></Typography>
              <Typography variant="caption" color="text.secondary"><Usd value={w.balanceUsd} /> · {operatorName(w)}</Typography>
            </CardContent>
          </Card>
        ))}
      </Stack>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="subtitle1">Balance over time (USD)</Typography>
          <ToggleButtonGroup size="small" exclusive value={days} sx={{ ml: 'auto' }} onChange={(_, v: Days | null) => v && setDays(v)} aria-label="Period">
            {TREASURY_HISTORY_DAYS.map((n) => <ToggleButton key={n} value={n}>{n} days</ToggleButton>)}
          </ToggleButtonGroup>
        </Stack>
        {history.length > 0 && (
          <LineChart
            title="Treasury balance in USD"
            labels={history.map((h) => h.day.slice(5))}
            format={(v) => formatUsd(String(Math.round(v)))}
            series={[
              { name: 'Total', values: history.map((h) => Number(h.totalUsd)) },
              ...wallets.map((w) => ({ name: w.title, values: history.map((h) => Number(h.byWallet[w.uuid] ?? 0)), muted: true })),
            ]}
          />
        )}
      </Paper>
    </Stack>
  );
}

const urlShape = {
  treasuryUuid: z.string().uuid().optional(),
  transactionType: z.enum(TREASURY_MOVEMENT_TYPES).optional(),
};

/** /treasury-account: the operator's treasury wallets, their balance over time and their movements (read-only). */
export default function TreasuryAccountPage() {
  const list = useListParams(urlShape);
  const fmt = useFormatTime();
  const [days, setDays] = useState<Days>(30);
  const { opId, includeBrands } = useScope();
  const wallets = useQuery({
    queryKey: ['treasuryAccount.summary', opId, includeBrands, days],
    queryFn: () => apiData('treasuryAccount.summary', { body: { ...(opId ? { opId, includeBrands: includeBrands === 'true' } : {}), days } }),
  }).data?.wallets ?? [];
  const filters: FilterDef[] = [
    { name: 'treasuryUuid', label: 'Wallet', type: 'select', options: wallets.map((w) => ({ value: w.uuid, label: `${w.title}` })) },
    { name: 'transactionType', label: 'Type', type: 'select', options: TREASURY_MOVEMENT_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] })) },
  ];
  const columns: Column<TreasuryMovementView>[] = [
    { key: 'time', header: 'Time', render: (m) => fmt(m.createdAt), simple: true },
    { key: 'wallet', header: 'Wallet', render: (m) => m.treasuryTitle, simple: true },
    { key: 'type', header: 'Type', render: (m) => TYPE_LABELS[m.transactionType as 'TOPUP'] ?? humanize(m.transactionType), simple: true },
    { key: 'subType', header: 'Detail', render: (m) => (m.transactionSubType ? humanize(m.transactionSubType) : '—') },
    { key: 'amount', header: 'Amount', align: 'right', render: (m) => <Money amount={m.amount} currency={m.currency} />, simple: true },
    { key: 'after', header: 'Balance after', align: 'right', render: (m) => <Money amount={m.balanceAfter} currency={m.currency} /> },
    { key: 'by', header: 'By', render: (m) => m.createdBy ?? '—' },
  ];
  return (
    <ListPage<TreasuryMovementView>
      label="Treasury movements"
      endpoint="treasuryAccount.movements"
      list={list}
      columns={columns}
      filters={filters}
      rowKey={(m) => m.txId}
      exportName="treasury-movements"
      header={<Summary days={days} setDays={setDays} />}
    />
  );
}
