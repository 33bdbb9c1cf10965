import { useParams } from 'react-router';
import type { ReactNode } from 'react';
import { Alert, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { MSG, PLAYERS_TABS } from '@pitboss/contract';
import { ApiError } from '../api/client';
import { usePlayer } from '../api/players';
import { PlayerActions } from './PlayerActions';
import { PlayerSummary } from './PlayerSummary';
import { PlayerKycTable, PlayerUsernameRequests } from './PlayerSections';
import { PlayerLinks } from './PlayerLinks';
import { AppliedFreebets } from '../bonus/SportFreebetEntry';
import { useCanCall } from '../shell/useCanCall';
import { useCan } from '../shell/session';

/**
 * /players/:playerCode — the full player page: the player's details, then the player tabs area
 * (KYC records, username requests, applied free bets) for holders of players_tabs (001 §6).
 */
export default function PlayerDetailsPage() {
  const { playerCode = '' } = useParams();
  const q = usePlayer(playerCode);
  const canCall = useCanCall();
  const tabsArea = useCan()(PLAYERS_TABS);
  if (q.isPending) return <CircularProgress aria-label="Loading player" />;
  if (q.isError || !q.data) {
    const msg = q.error instanceof ApiError && q.error.messages[0] ? q.error.messages[0] : MSG.PLAYER_NOT_FOUND;
    return <Alert severity="error">{msg}</Alert>;
  }
  const p = q.data;
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', mb: 2 }}>
          <Typography variant="h6" component="h2">
            {p.playerCode}
          </Typography>
          <PlayerActions p={p} />
        </Stack>
        <PlayerLinks playerCode={p.playerCode} />
        <PlayerSummary p={p} />
      </Paper>
      {tabsArea && <Section title="KYC records"><PlayerKycTable records={p.kycRecords ?? []} /></Section>}
      {tabsArea && <Section title="Username requests"><PlayerUsernameRequests rows={p.usernameRequests ?? []} /></Section>}
      {canCall('sport.applied') && <Section title="Applied free bets"><AppliedFreebets playerId={p.playerId} /></Section>}
    </Stack>
  );
}

/** One titled section of the player's page (the tabs area's KYC records, username requests, applied free bets). */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
