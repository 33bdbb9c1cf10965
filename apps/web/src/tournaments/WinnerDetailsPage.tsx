import { useParams, Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { TOURNAMENT_MESSAGES } from '@pitboss/contract';
import { linkTo } from '@pitboss/contract/routes';
import { apiData } from '../api/endpoint';
import { Fields } from '../kit/Fields';
import { Usd } from '../kit/Money';
import { operatorName } from '../kit/operator';
import { useFormatTime } from '../shell/session';
import { useScope } from '../shell/useScope';
import { PayoutButtons, Prize, Score, WinnerStatusChip, scoringLabel, winnerName } from './common';

/** /tournament/winners/:id: one winner, their prize and its decision, Winner Prize Payout Confirmation. */
export default function WinnerDetailsPage() {
  const { id = '' } = useParams();
  const fmt = useFormatTime();
  const { scopeSearch } = useScope();
  const q = useQuery({ queryKey: ['tournaments.winner', id], queryFn: () => apiData('tournaments.winner', { params: { id } }), enabled: !!id });
  if (!q.data) {
    return q.error
      ? <Alert severity="error">{(q.error as { messages?: string[] }).messages?.[0] ?? TOURNAMENT_MESSAGES.WINNER_NOT_FOUND}</Alert>
      : <CircularProgress size={24} aria-label="Loading winner" />;
  }
  const w = q.data;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography variant="h6" component="h2">Tournament Winner — {winnerName(w)}</Typography>
          <PayoutButtons winner={w} />
        </Stack>
        <Fields items={[
          { label: 'Tournament', value: <Button size="small" component={RouterLink} to={linkTo('/tournament/:id', { id: w.tournamentId }, scopeSearch)}>{w.tournamentTitle}</Button> },
          { label: 'Operator', value: operatorName(w) },
          { label: 'Player', value: <Button size="small" component={RouterLink} to={linkTo('/players/:playerCode', { playerCode: w.playerCode }, scopeSearch)}>{winnerName(w)}</Button> },
          { label: 'Rank', value: w.rank },
          { label: 'Score', value: <>{scoringLabel(w.scoring)}: <Score score={w.score} scoring={w.scoring} /></> },
          { label: 'Prize', value: <Prize w={w} /> },
          { label: 'Prize (USD)', value: <Usd value={w.prizeUsd} /> },
          { label: 'Status', value: <WinnerStatusChip status={w.status} /> },
          { label: 'Decided', value: w.decidedAt ? `${fmt(w.decidedAt)} by ${w.decidedBy ?? '—'}` : '—' },
          { label: 'Note for the player', value: w.noteForThePlayer ?? '—' },
          { label: 'Transaction', value: w.txId ? <Button size="small" component={RouterLink} to={linkTo('/transactions/details/:txId', { txId: w.txId }, scopeSearch)}>Tournament prize</Button> : '—' },
          { label: 'Winners fixed', value: fmt(w.createdAt) },
        ]} />
      </Stack>
    </Paper>
  );
}
