import { useParams, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, CircularProgress, Paper, Stack, Table, TableBody, TableHead, TableRow, Typography } from '@mui/material';
import { TableCell } from '../kit/TableCell';
import { TOURNAMENT_MESSAGES } from '@pitboss/contract';
import { linkTo } from '@pitboss/contract/routes';
import { apiData } from '../api/endpoint';
import { Fields } from '../kit/Fields';
import { Usd } from '../kit/Money';
import { operatorName } from '../kit/operator';
import { useFormatTime } from '../shell/session';
import { useScope } from '../shell/useScope';
import { DeleteTournamentButton, PayoutButtons, Prize, Score, TournamentStatusChip, WinnerStatusChip, eligibleOf, scoringLabel, winnerName } from './common';

/** /tournament/:id: the tournament, its leaderboard (kept as bets arrive), its winners once it ended, Delete Tournament. */
export default function TournamentDetailsPage() {
  const { id = '' } = useParams();
  const fmt = useFormatTime();
  const navigate = useNavigate();
  const { scopeSearch } = useScope();
  const q = useQuery({ queryKey: ['tournaments.get', id], queryFn: () => apiData('tournaments.get', { params: { id } }), enabled: !!id });
  if (!q.data) {
    return q.error
      ? <Alert severity="error">{(q.error as { messages?: string[] }).messages?.[0] ?? TOURNAMENT_MESSAGES.TOURNAMENT_NOT_FOUND}</Alert>
      : <CircularProgress size={24} aria-label="Loading tournament" />;
  }
  const t = q.data;
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography variant="h6" component="h2">{t.title}</Typography>
            <DeleteTournamentButton tournament={t} />
          </Stack>
          <Fields items={[
            { label: 'Operator', value: operatorName(t) },
            { label: 'Status', value: <TournamentStatusChip status={t.status} /> },
            { label: 'Starts', value: fmt(t.startsAt) },
            { label: 'Ends', value: fmt(t.endsAt) },
            { label: 'Scoring', value: scoringLabel(t.scoring) },
            { label: 'Providers / games', value: eligibleOf(t) },
            { label: 'Prizes', value: t.prizes.map((p) => `#${p.rank}: $${p.amountUsd}`).join(' · ') },
            { label: 'Prize pool', value: <Usd value={t.prizePoolUsd} /> },
            { label: 'Winners fixed', value: t.finalizedAt ? fmt(t.finalizedAt) : 'When it ends' },
            { label: 'Created', value: `${fmt(t.createdAt)}${t.createdBy ? ` by ${t.createdBy}` : ''}` },
          ]} />
        </Stack>
      </Paper>
      {t.winners.length > 0 && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h3" gutterBottom>Winners</Typography>
          <Table size="small" aria-label="Winners">
            <TableHead><TableRow><TableCell>Rank</TableCell><TableCell>Player</TableCell><TableCell align="right">Score</TableCell><TableCell align="right">Prize</TableCell><TableCell>Status</TableCell><TableCell /></TableRow></TableHead>
            <TableBody>
              {t.winners.map((w) => (
                <TableRow key={w.id} hover sx={{ cursor: 'pointer' }} onClick={() => navigate(linkTo('/tournament/winners/:id', { id: w.id }, scopeSearch))}>
                  <TableCell>{w.rank}</TableCell><TableCell>{winnerName(w)}</TableCell>
                  <TableCell align="right"><Score score={w.score} scoring={w.scoring} /></TableCell><TableCell align="right"><Prize w={w} /></TableCell>
                  <TableCell><WinnerStatusChip status={w.status} /></TableCell>
                  <TableCell onClick={(e) => e.stopPropagation()}><PayoutButtons winner={w} /></TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h3" gutterBottom>Leaderboard</Typography>
        {t.leaderboard.length === 0 ? <Typography color="text.secondary">No counting bets yet.</Typography> : (
          <Table size="small" aria-label="Leaderboard">
            <TableHead><TableRow><TableCell>Rank</TableCell><TableCell>Player</TableCell><TableCell align="right">Score</TableCell><TableCell align="right">Bets</TableCell><TableCell>Reached</TableCell></TableRow></TableHead>
            <TableBody>
              {t.leaderboard.map((e) => (
                <TableRow key={e.playerId}>
                  <TableCell>{e.rank}</TableCell><TableCell>{winnerName(e)}</TableCell>
                  <TableCell align="right"><Score score={e.score} scoring={t.scoring} /></TableCell><TableCell align="right">{e.betsCount}</TableCell><TableCell>{fmt(e.updatedAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Paper>
    </Stack>
  );
}
