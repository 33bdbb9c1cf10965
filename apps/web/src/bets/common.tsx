import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Chip, CircularProgress, Stack, Table, TableBody, TableHead, TableRow, Typography } from '@mui/material';
import { TableCell } from '../kit/TableCell';
import { BET_MESSAGES, BET_SETTLE_REFRESH_DELAY_MS, NOTE_MAX, betCancelForm, betSettleForm, humanize, label, type BetStatus } from '@pitboss/contract';
import type { DataOf } from '@pitboss/contract/endpoint-schemas';
import { apiData } from '../api/endpoint';
import { EndpointDialog } from '../kit/actions/EndpointDialog';
import { FormTextField } from '../kit/actions/FormTextField';
import { Money, Usd } from '../kit/Money';
import { operatorName } from '../kit/operator';
import type { RecordField } from '../kit/RecordDrawer';
import { useFormatTime } from '../shell/session';
import { useCanCall } from '../shell/useCanCall';
import { withCellText } from '../kit/csv';

export type BetView = DataOf<'bets.list'>['items'][number];
export type BetDetails = DataOf<'bets.details'>;

const STATUS_COLOR: Record<BetStatus, 'default' | 'success' | 'error' | 'info' | 'warning'> = { OPEN: 'info', WON: 'success', LOST: 'error', CASHBACK: 'warning', CANCELED: 'default' };
export const BetStatusChip = withCellText(
  ({ status }: { status: string }) => <Chip size="small" label={label('betStatus', status)} color={STATUS_COLOR[status as BetStatus] ?? 'default'} />,
  ({ status }) => label('betStatus', status),
);
export const betTypeLabel = (t: string) => label('betType', t);

/** What the bet is on: the game (casino), the single selection, or the number of selections of a combo. */
export const betSubject = (b: BetView) => (b.betType === 'CASINO' ? `${b.gameTitle ?? '—'} · ${b.provider ?? '—'}`
  : b.isSingle ? `${b.event ?? '—'} · ${b.tournament ?? ''}` : `Combo of ${b.selections?.length ?? 0}`);

export function useBetFields(): RecordField<BetView>[] {
  const fmt = useFormatTime();
  return [
    { label: 'Bet ID', value: (b) => b.betId },
    { label: 'Status', value: (b) => <BetStatusChip status={b.status} /> },
    { label: 'Type', value: (b) => `${betTypeLabel(b.betType)}${b.betType === 'SPORT' ? (b.isSingle ? ' (single)' : ' (combo)') : ''}` },
    { label: 'Player', value: (b) => b.playerCode },
    { label: 'Operator', value: (b) => operatorName(b) },
    { label: 'Game', value: (b) => (b.betType === 'CASINO' ? `${b.gameTitle ?? '—'} (${b.provider ?? '—'})` : '—') },
    { label: 'Stake', value: (b) => <Money amount={b.stake} currency={b.currency} /> },
    { label: 'Stake (USD)', value: (b) => <Usd value={b.stakeInUSD} /> },
    { label: 'Win', value: (b) => <Money amount={b.win} currency={b.currency} /> },
    { label: 'Win (USD)', value: (b) => <Usd value={b.winInUSD} /> },
    { label: 'Placed', value: (b) => fmt(b.placedAt) },
    { label: 'Settled', value: (b) => fmt(b.settledAt) },
    { label: 'Settled by', value: (b) => b.settledBy ?? '—' },
    { label: 'Cancel note', value: (b) => b.cancelNote ?? '—' },
    {
      label: 'Selections',
      value: (b) => (b.selections?.length ? (
        // One line per selection, its tournament, sport, pick and odds under it: a table of five
        // columns does not fit the value column of a drawer.
        <Stack component="ul" aria-label="Selections" spacing={0.75} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {b.selections.map((s, i) => (
            <li key={i}>
              <Typography variant="body2">{s.event}</Typography>
              <Typography variant="caption" color="text.secondary">{s.tournament} · {s.sportType} · {s.market} {s.pick} @ {s.odds}</Typography>
            </li>
          ))}
        </Stack>
      ) : '—'),
    },
  ];
}

/** Settle Open Bet (001 §6–§7): win amount ≥ 0; "Bet is now settled!"; the lists refresh 2 s later (001 §6). */
export function SettleButton({ bet }: { bet: BetView }) {
  const canCall = useCanCall();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  if (bet.status !== 'OPEN' || !canCall('bets.settle', { record: bet })) return null;
  return (
    <>
      <Button size="small" variant="contained" onClick={() => setOpen(true)}>Settle</Button>
      {open && (
        <EndpointDialog
          endpoint="bets.settle"
          title={`Settle Open Bet — ${bet.betId}`}
          maxWidth="xs"
          schema={betSettleForm}
          defaultValues={{ betId: bet.betId, winAmount: '' }}
          submitText="Settle"
          onClose={() => setOpen(false)}
          input={(v) => ({ body: { betId: v.betId, winAmount: v.winAmount } })}
          options={{
            success: BET_MESSAGES.SETTLED,
            invalidate: false,
            onDone: () => { setOpen(false); setTimeout(() => void qc.invalidateQueries(), BET_SETTLE_REFRESH_DELAY_MS); },
          }}
        >
          {({ control }) => (
            <>
              <FormTextField control={control} name="betId" label="Bet ID" disabled maxLength={64} />
              <FormTextField control={control} name="winAmount" label={`Win amount (${bet.currency})`} inputMode="decimal" maxLength={31} hint={() => 'Enter 0 for a lost bet.'} />
            </>
          )}
        </EndpointDialog>
      )}
    </>
  );
}

/**
 * Cancel Open Bet (designed): a confirmation dialog that says what moves (the stake back to the
 * player's main wallet) and asks for the note; "Bet is now canceled!"; the lists refresh 2 s later
 * like after a settle. Shown only for an OPEN bet to those who may settle it.
 */
export function CancelBetButton({ bet }: { bet: BetView }) {
  const canCall = useCanCall();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  if (bet.status !== 'OPEN' || !canCall('bets.cancel', { record: bet })) return null;
  return (
    <>
      <Button size="small" color="error" variant="outlined" onClick={() => setOpen(true)}>Cancel bet</Button>
      {open && (
        <EndpointDialog
          endpoint="bets.cancel"
          title={`Cancel Open Bet — ${bet.betId}`}
          maxWidth="xs"
          schema={betCancelForm}
          defaultValues={{ betId: bet.betId, note: '' }}
          submitText="Cancel bet"
          onClose={() => setOpen(false)}
          input={(v) => ({ body: { betId: v.betId, note: v.note } })}
          options={{
            success: BET_MESSAGES.CANCELED,
            invalidate: false,
            onDone: () => { setOpen(false); setTimeout(() => void qc.invalidateQueries(), BET_SETTLE_REFRESH_DELAY_MS); },
          }}
        >
          {({ control }) => (
            <>
              <Typography variant="body2">
                The bet of {bet.playerCode} is canceled and its stake of <Money amount={bet.stake} currency={bet.currency} /> goes back to the player&apos;s main wallet.
              </Typography>
              <FormTextField control={control} name="note" label="Note" helperText="Why the bet is canceled (kept in the activity log)." multiline minRows={2} required maxLength={NOTE_MAX} />
            </>
          )}
        </EndpointDialog>
      )}
    </>
  );
}

/** A bet by its id (Bet Details) or its Bet ID (Quick Bet Details), with its ledger entries. */
export function useBet(by: 'id' | 'betId', key: string) {
  return useQuery({
    queryKey: [by === 'id' ? 'bets.details' : 'bets.quickDetails', key],
    queryFn: () => (by === 'id' ? apiData('bets.details', { params: { id: key } }) : apiData('bets.quickDetails', { params: { betId: key } })),
    enabled: !!key,
  });
}

export function BetLedger({ bet }: { bet: BetDetails }) {
  const fmt = useFormatTime();
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2">Wallet entries</Typography>
      <Table size="small" aria-label="Wallet entries">
        <TableHead><TableRow><TableCell>Time</TableCell><TableCell>Reason</TableCell><TableCell align="right">Amount</TableCell><TableCell align="right">Balance after</TableCell></TableRow></TableHead>
        <TableBody>
          {bet.ledger.map((e) => (
            <TableRow key={e.id}><TableCell>{fmt(e.createdAt)}</TableCell><TableCell>{humanize(e.reason)}</TableCell><TableCell align="right"><Money amount={e.amount} currency={e.currency} /></TableCell><TableCell align="right"><Money amount={e.balanceAfter} currency={e.currency} /></TableCell></TableRow>
          ))}
        </TableBody>
      </Table>
    </Stack>
  );
}

export function BetLoading({ error }: { error: unknown }) {
  return error ? <Alert severity="error">{(error as { messages?: string[] }).messages?.[0] ?? BET_MESSAGES.BET_NOT_FOUND}</Alert> : <CircularProgress size={24} aria-label="Loading bet" />;
}
