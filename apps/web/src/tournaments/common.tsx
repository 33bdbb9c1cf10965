import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Chip, Stack } from '@mui/material';
import {
  NOTE_MAX, TOURNAMENT_MESSAGES, TOURNAMENT_SCORING_LABELS, TOURNAMENT_STATUS_LABELS, WINNER_STATUS_LABELS, payoutForm,
  type PayoutType, type TournamentScoring, type TournamentStatus, type WinnerStatus,
} from '@pitboss/contract';
import type { DataOf } from '@pitboss/contract/endpoint-schemas';
import { linkTo } from '@pitboss/contract/routes';
import { EndpointDialog } from '../kit/actions/EndpointDialog';
import { FormTextField } from '../kit/actions/FormTextField';
import { DeleteAction } from '../kit/actions/DeleteAction';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { Money, Usd } from '../kit/Money';
import { useCanCall } from '../shell/useCanCall';
import { useScope } from '../shell/useScope';
import { withCellText } from '../kit/csv';

export type TournamentView = DataOf<'tournaments.list'>['items'][number];
export type WinnerView = DataOf<'tournaments.winners'>['items'][number];

const STATUS_COLOR: Record<TournamentStatus, 'success' | 'default'> = { ACTIVE: 'success', EXPIRED: 'default' };
const WINNER_COLOR: Record<WinnerStatus, 'warning' | 'success' | 'error'> = { PENDING: 'warning', PAID: 'success', REJECTED: 'error' };

const tournamentStatusText = ({ status }: { status: string }) => TOURNAMENT_STATUS_LABELS[status as TournamentStatus] ?? status;
const winnerStatusText = ({ status }: { status: string }) => WINNER_STATUS_LABELS[status as WinnerStatus] ?? status;
export const TournamentStatusChip = withCellText(
  (p: { status: string }) => <Chip size="small" label={tournamentStatusText(p)} color={STATUS_COLOR[p.status as TournamentStatus] ?? 'default'} />,
  tournamentStatusText,
);
export const WinnerStatusChip = withCellText(
  (p: { status: string }) => <Chip size="small" label={winnerStatusText(p)} color={WINNER_COLOR[p.status as WinnerStatus] ?? 'default'} />,
  winnerStatusText,
);
export const scoringLabel = (s: string) => TOURNAMENT_SCORING_LABELS[s as TournamentScoring] ?? s;
/** A score as staff read it: a wager in USD, a multiplier as "×12.5". */
export const Score = ({ score, scoring }: { score: string; scoring: string }) =>
  (scoring === 'TOTAL_WAGER' ? <Usd value={score} /> : <>×{Number(score).toLocaleString('en-US', { maximumFractionDigits: 2 })}</>);
export const eligibleOf = (t: { providers: string[]; games: string[] }) =>
  [...t.providers, ...t.games].join(', ') || '—';
export const winnerName = (w: { playerCode: string; username: string | null }) => (w.username ? `${w.username} (${w.playerCode})` : w.playerCode);

/** The prize: in the player's currency, and in USD when that differs. */
export const Prize = ({ w }: { w: WinnerView }) => (
  <>
    <Money amount={w.prizeAmount} currency={w.currency} />
    {w.currency !== 'USD' && <> (<Usd value={w.prizeUsd} />)</>}
  </>
);

/** Winner Prize Payout Confirmation (001 §7): approve pays the prize to the main wallet, reject needs a note for the player. */
export function PayoutButtons({ winner }: { winner: WinnerView }) {
  const canCall = useCanCall();
  const [type, setType] = useState<PayoutType | null>(null);
  if (winner.status !== 'PENDING' || !canCall('tournaments.payout', { record: winner })) return null;
  return (
    <Stack direction="row" spacing={1}>
      <Button size="small" variant="contained" color="success" onClick={() => setType('approve')}>Approve</Button>
      <Button size="small" variant="outlined" color="error" onClick={() => setType('reject')}>Reject</Button>
      {type && (
        <EndpointDialog
          endpoint="tournaments.payout"
          title={`Winner Prize Payout Confirmation — ${winnerName(winner)}`}
          maxWidth="xs"
          schema={payoutForm}
          defaultValues={{ id: winner.id, type, noteForThePlayer: '' }}
          submitText={type === 'approve' ? 'Pay prize' : 'Reject prize'}
          submitColor={type === 'approve' ? 'success' : 'error'}
          onClose={() => setType(null)}
          input={(v) => ({ body: { id: v.id, type: v.type, noteForThePlayer: v.noteForThePlayer } })}
          options={{ success: type === 'approve' ? TOURNAMENT_MESSAGES.PAID : TOURNAMENT_MESSAGES.REJECTED }}
        >
          {({ control }) => (
            <>
              <div>
                {type === 'approve' ? 'Pay' : 'Reject'} the prize of rank {winner.rank} in {winner.tournamentTitle}: <Prize w={winner} />
                {type === 'approve' ? " to the player's main wallet." : '.'}
              </div>
              <FormTextField
                control={control} name="noteForThePlayer" label={type === 'reject' ? 'Note for the player (required)' : 'Note for the player'}
                multiline minRows={2} maxLength={NOTE_MAX}
              />
            </>
          )}
        </EndpointDialog>
      )}
    </Stack>
  );
}

/** Delete Tournament (002: destructive confirmation; "Tournament Deleted!", then /tournament/list). */
export function DeleteTournamentButton({ tournament }: { tournament: TournamentView }) {
  const canCall = useCanCall();
  const navigate = useNavigate();
  const { scopeSearch } = useScope();
  const remove = useEndpointMutation('tournaments.delete', {
    success: TOURNAMENT_MESSAGES.DELETED,
    onDone: () => navigate(linkTo('/tournament/list', undefined, scopeSearch)),
  });
  if (!canCall('tournaments.delete', { record: tournament })) return null;
  return (
    <DeleteAction
      label="Delete Tournament"
      title="Delete Tournament"
      description={`Delete ${tournament.title} with its leaderboard and its unpaid winners? This cannot be undone.`}
      button={{ variant: 'outlined', size: 'small' }}
      busy={remove.isPending}
      onConfirmed={() => remove.mutate({ query: { id: tournament.id } })}
    />
  );
}
