import { useState } from 'react';
import { z } from 'zod';
import { useQuery, useQueryClient, useMutation } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import {
  Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Tab, Table, TableBody, TableCell, TableHead, TableRow, Tabs, TextField, Typography,
} from '@mui/material';
import {
  BANKING_MESSAGES, DECIMAL_PATTERN, MSG, PAYMENT_MESSAGES, UTOPIA_CURRENCY, VOUCHER_INPUT_MIN, VOUCHER_SUBMIT_MIN, cmpDec,
} from '@pitboss/contract';
import { ApiError } from '../api/client';
import { fetchTreasuries, fetchUtopiaEntries, treasuryKeys, utopiaTopup, utopiaWithdraw, type TreasuryEntry, type TreasuryRow } from '../api/banking';
import { CopyButton } from '../kit/CopyButton';
import { Fields } from '../kit/Fields';
import { JsonBlock } from '../transactions/TransactionFields';
import { DetailDrawer } from '../kit/DetailDrawer';
import { useApiError } from '../kit/ErrorDialog';
import { ListPage, type Column, type DrawerContext } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import { useConfirm } from '../kit/useConfirm';
import { useIdempotencyKey } from '../kit/useIdempotencyKey';
import { useListParams } from '../kit/useListParams';
import { useFormatTime, useIsSuper } from '../shell/session';
import { useCanCall } from '../shell/useCanCall';

const url = { provider: z.string().trim().min(1).max(40).optional() };
const FILTERS: FilterDef[] = [{ name: 'provider', label: 'Provider', maxLength: 40 }];

/** The balance of the Utopia wallet the dialogs read (001 §3: configs.config.wallets[0].balance). */
const walletBalance = (t: TreasuryRow) => t.configs.config.wallets[0]?.balance ?? t.balance;

/** A Utopia money movement: confirmation first, an Idempotency-Key reused on retry, never optimistic. */
function useUtopia<B>(send: (b: B, key: string) => Promise<{ messages: string[] }>, done: string, onDone: () => void) {
  const qc = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const reportError = useApiError();
  const idem = useIdempotencyKey();
  return useMutation({
    mutationFn: (b: B) => send(b, idem.keyFor(b)),
    onSuccess: (env) => {
      idem.reset();
      enqueueSnackbar(env.messages[0] ?? done, { variant: 'success' });
      void qc.invalidateQueries({ queryKey: treasuryKeys.all });
      onDone();
    },
    onError: (e) => reportError(e, MSG.UNABLE_TO_PROCEED, e instanceof ApiError && e.httpStatus > 0 ? PAYMENT_MESSAGES.UTOPIA_INTERNAL : undefined),
  });
}

function UtopiaTopupDialog({ t, onClose }: { t: TreasuryRow; onClose: () => void }) {
  const [voucher, setVoucher] = useState('');
  const confirm = useConfirm();
  const send = useUtopia(utopiaTopup, BANKING_MESSAGES.UTOPIA_TOPUP_DONE, onClose);
  const code = voucher.trim();
  return (
    <Dialog open onClose={send.isPending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="utopia-topup-title">
      <DialogTitle id="utopia-topup-title">Topup Utopia Wallet</DialogTitle>
      <DialogContent>
        <TextField
          fullWidth
          sx={{ mt: 1 }}
          label="Voucher code"
          value={voucher}
          onChange={(e) => setVoucher(e.target.value)}
          helperText={code.length < VOUCHER_SUBMIT_MIN ? PAYMENT_MESSAGES.UTOPIA_VOUCHER_MIN : `${code.length} characters`}
          slotProps={{ htmlInput: { minLength: VOUCHER_INPUT_MIN, maxLength: 64, autoComplete: 'off' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={send.isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={code.length < VOUCHER_SUBMIT_MIN || send.isPending}
          onClick={async () => {
            if (await confirm({ title: 'Topup Utopia Wallet Confirmation', description: `Redeem this voucher into ${t.title}?`, confirmText: 'Topup' }))
              send.mutate({ uuid: t.uuid, voucherCode: code });
          }}
        >
          Topup
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function UtopiaWithdrawDialog({ t, onClose }: { t: TreasuryRow; onClose: () => void }) {
  const [amount, setAmount] = useState('');
  const confirm = useConfirm();
  const send = useUtopia(utopiaWithdraw, BANKING_MESSAGES.UTOPIA_WITHDRAW_DONE, onClose);
  const balance = walletBalance(t);
  const a = amount.trim();
  const valid = /^\d{1,14}(\.\d{1,8})?$/.test(a) && DECIMAL_PATTERN.test(a) && cmpDec(a, '0') > 0;
  const over = valid && cmpDec(a, balance) > 0;
  return (
    <Dialog open onClose={send.isPending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="utopia-withdraw-title">
      <DialogTitle id="utopia-withdraw-title">Withdraw Utopia Wallet</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1 }}>
          Balance: {balance} {UTOPIA_CURRENCY}
        </Typography>
        <TextField
          fullWidth
          label={`Amount (${UTOPIA_CURRENCY})`}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          inputMode="decimal"
          error={over}
          helperText={over ? PAYMENT_MESSAGES.UTOPIA_OVER_BALANCE : undefined}
          slotProps={{ htmlInput: { maxLength: 24 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={send.isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={!valid || over || send.isPending}
          onClick={async () => {
            if (await confirm({ title: 'Withdraw Utopia Wallet Confirmation', description: `Withdraw ${a} ${UTOPIA_CURRENCY} from ${t.title}?`, confirmText: 'Withdraw' }))
              send.mutate({ uuid: t.uuid, amount: a });
          }}
        >
          Withdraw
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Utopia Wallet Transaction Details (001 §2): tabs Details and JSON (JSON for SUPER_ADMIN and ADMIN). */
function UtopiaTxDialog({ e, onClose }: { e: TreasuryEntry; onClose: () => void }) {
  const fmt = useFormatTime();
  const isSuper = useIsSuper();
  const [tab, setTab] = useState(0);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="utopia-tx-title">
      <DialogTitle id="utopia-tx-title">Utopia Wallet Transaction Details</DialogTitle>
      {isSuper && (
        <Tabs value={tab} onChange={(_, v: number) => setTab(v)} aria-label="Utopia transaction tabs" sx={{ px: 2 }}>
          <Tab label="Details" />
          <Tab label="JSON" />
        </Tabs>
      )}
      <DialogContent>
        {tab === 0 ? (
          <Fields
            items={[
              { label: 'Transaction ID', value: <>{e.txId} <CopyButton value={e.txId} /></> },
              { label: 'Type', value: e.transactionType },
              { label: 'Sub-type', value: e.transactionSubType },
              { label: 'Status', value: e.status },
              { label: 'Amount', value: `${e.amount} ${e.currency}` },
              { label: 'Fee', value: e.fee ? `${e.fee} ${e.currency}` : null },
              { label: 'Balance after', value: `${e.balanceAfter} ${e.currency}` },
              { label: 'Voucher code', value: e.voucherCode },
              { label: 'Voucher ref. no', value: e.voucherRefNo },
              { label: 'Customer ID', value: e.customerId },
              { label: 'By', value: e.createdBy },
              { label: 'Created at', value: fmt(e.createdAt) },
              { label: 'Updated at', value: e.updatedAt ? fmt(e.updatedAt) : null },
              { label: 'Confirmed at', value: e.confirmedAt ? fmt(e.confirmedAt) : null },
            ]}
          />
        ) : (
          <JsonBlock value={e} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

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
      title={t ? `${t.title} — ${t.balance} ${t.currency}` : 'Treasury'}
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
                      <TableCell>{e.transactionType}</TableCell>
                      <TableCell align="right">
                        {e.amount} {e.currency}
                      </TableCell>
                      <TableCell align="right">{e.balanceAfter}</TableCell>
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
    {openEntry && <UtopiaTxDialog e={openEntry} onClose={() => setOpenEntry(null)} />}
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
    { key: 'provider', header: 'Provider', render: (t) => t.provider },
    { key: 'opId', header: 'Operator/Brand', render: (t) => t.opId },
    { key: 'balance', header: 'Balance', align: 'right', render: (t) => `${t.balance} ${t.currency}` },
    { key: 'updatedAt', header: 'Updated', render: (t) => fmt(t.updatedAt) },
  ];
  if (canMove)
    columns.push({
      key: 'actions',
      header: 'Actions',
      align: 'right',
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
      {open?.kind === 'topup' && <UtopiaTopupDialog t={open.t} onClose={() => setOpen(null)} />}
      {open?.kind === 'withdraw' && <UtopiaWithdrawDialog t={open.t} onClose={() => setOpen(null)} />}
    </>
  );
}
