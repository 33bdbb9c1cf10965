import { Suspense, useState } from 'react';
import { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Stack, Table, TableBody, TableHead, TableRow, Typography } from '@mui/material';
import { TableCell } from '../kit/TableCell';
import { MSG, formatMoney, label, providerName } from '@pitboss/contract';
import { fetchTreasuries, fetchUtopiaEntries, treasuryKeys, type TreasuryEntry, type TreasuryRow } from '../api/banking';
import { DetailDrawer } from '../kit/DetailDrawer';
import { ListPage, type Column, type DrawerContext } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import { useListParams } from '../kit/useListParams';
import { Money } from '../kit/Money';
import { operatorName } from '../kit/operator';
import { useFormatTime } from '../shell/session';
import { lazyDialog } from '../kit/lazyDialog';
import { useCanCall } from '../shell/useCanCall';

const url = { provider: z.string().trim().min(1).max(40).optional() };
const FILTERS: FilterDef[] = [{ name: 'provider', label: 'Provider', maxLength: 40 }];

const UtopiaTopupDialog = lazyDialog(() => import('./UtopiaDialogs'), 'UtopiaTopupDialog');
const UtopiaWithdrawDialog = lazyDialog(() => import('./UtopiaDialogs'), 'UtopiaWithdrawDialog');
const UtopiaTxDialog = lazyDialog(() => import('./UtopiaDialogs'), 'UtopiaTxDialog');

/** A treasury's movements (Utopia wallet transactions); a row opens its details. */
function TreasuryDrawer({ ctx }: { ctx: DrawerContext<TreasuryRow> }) {
  const fmt = useFormatTime();
  const t = ctx.row;
  const [openEntry, setOpenEntry] = useState<TreasuryEntry | null>(null);
  const q = useQuery({ queryKey: treasuryKeys.entries(ctx.openKey, 1), queryFn: () => fetchUtopiaEntries(ctx.openKey, 1), enabled: t?.provider === 'utopia' });
  return (
    <>
    <DetailDrawer
      open
      title={t ? `${t.title} — ${formatMoney(t.balance, t.currency)}` : 'Treasury'}
      onClose={ctx.close}
      hasPrev={!!ctx.prevKey}
      hasNext={!!ctx.nextKey}
      onPrev={() => ctx.step(-1)}
      onNext={() => ctx.step(1)}
      tabs={[
        {
          label: 'Transactions',
          content:
            t?.provider !== 'utopia' ? (
              <Typography color="text.secondary">{MSG.NO_DATA}</Typography>
            ) : (
              <Table size="small" aria-label="Utopia wallet transactions">
                <TableHead>
                  <TableRow>
                    <TableCell>Time</TableCell>
                    <TableCell>Type</TableCell>
                    <TableCell align="right">Amount</TableCell>
                    <TableCell align="right">Balance after</TableCell>
                    <TableCell>By</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {(q.data?.items ?? []).map((e) => (
                    <TableRow key={e.txId} hover sx={{ cursor: 'pointer' }} onClick={() => setOpenEntry(e)}>
                      <TableCell>{fmt(e.createdAt)}</TableCell>
                      <TableCell>{label('txType', e.transactionType)}</TableCell>
                      <TableCell align="right">
                        <Money amount={e.amount} currency={e.currency} />
                      </TableCell>
                      <TableCell align="right"><Money amount={e.balanceAfter} currency={e.currency} /></TableCell>
                      <TableCell>{e.createdBy ?? '—'}</TableCell>
                    </TableRow>
                  ))}
                  {q.data && q.data.items.length === 0 && (
                    <TableRow>
                      <TableCell colSpan={5}>{MSG.NO_DATA}</TableCell>
                    </TableRow>
                  )}
                </TableBody>
              </Table>
            ),
        },
      ]}
    />
    {openEntry && (
      <Suspense fallback={null}>
        <UtopiaTxDialog e={openEntry} onClose={() => setOpenEntry(null)} />
      </Suspense>
    )}
    </>
  );
}

/** /withdraw/treasuries — treasury balances; Utopia top-up and withdraw for SUPER_ADMIN and ADMIN. */
export default function TreasuriesPage() {
  const list = useListParams(url);
  const fmt = useFormatTime();
  const canCall = useCanCall();
  // SUPER_ADMIN and ADMIN (the Utopia calls' access rules).
  const canMove = canCall('banking.utopiaTopup') && canCall('banking.utopiaWithdraw');
  const [open, setOpen] = useState<{ kind: 'topup' | 'withdraw'; t: TreasuryRow } | null>(null);
  const columns: Column<TreasuryRow>[] = [
    { key: 'title', header: 'Title', render: (t) => t.title },
    { key: 'provider', header: 'Provider', render: (t) => providerName(t.provider) },
    { key: 'opId', header: 'Operator/Brand', render: (t) => operatorName(t) },
    { key: 'balance', header: 'Balance', align: 'right', render: (t) => <Money amount={t.balance} currency={t.currency} /> },
    { key: 'updatedAt', header: 'Updated', render: (t) => fmt(t.updatedAt) },
  ];
  if (canMove)
    columns.push({
      key: 'actions',
      header: 'Actions',
      align: 'right',
      nowrap: true,
      render: (t) =>
        t.provider === 'utopia' ? (
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }} onClick={(e) => e.stopPropagation()}>
            <Button size="small" variant="outlined" onClick={() => setOpen({ kind: 'topup', t })}>
              Topup Utopia Wallet
            </Button>
            <Button size="small" variant="outlined" onClick={() => setOpen({ kind: 'withdraw', t })}>
              Withdraw Utopia Wallet
            </Button>
          </Stack>
        ) : null,
    });
  return (
    <>
      {!canMove && <Alert severity="info" sx={{ mb: 1 }}>Utopia wallet top-up and withdraw are for Super Admin and Admin.</Alert>}
      <ListPage<TreasuryRow>
        label="Treasuries"
        list={list}
        queryKey={treasuryKeys.list}
        fetcher={fetchTreasuries}
        columns={columns}
        filters={FILTERS}
        rowKey={(t) => t.uuid}
        renderDrawer={(ctx) => <TreasuryDrawer ctx={ctx} />}
      />
      <Suspense fallback={null}>
        {open?.kind === 'topup' && <UtopiaTopupDialog t={open.t} onClose={() => setOpen(null)} />}
        {open?.kind === 'withdraw' && <UtopiaWithdrawDialog t={open.t} onClose={() => setOpen(null)} />}
      </Suspense>
    </>
  );
}
