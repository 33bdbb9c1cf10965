import { Link as RouterLink } from 'react-router';
import { Alert, Button, CircularProgress, Stack } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { MSG, PLAYERS_TABS, type PlayerRow } from '@pitboss/contract';
import { usePlayer } from '../api/players';
import { DetailDrawer } from '../kit/DetailDrawer';
import type { DrawerContext } from '../kit/ListPage';
import { useScope } from '../shell/useScope';
import { useCan } from '../shell/session';
import { PlayerActions } from './PlayerActions';
import { PlayerSummary } from './PlayerSummary';
import { PlayerKycTable, PlayerUsernameRequests } from './PlayerSections';
import { PlayerLinks } from './PlayerLinks';
import { AppliedFreebets } from '../bonus/SportFreebetEntry';
import { useCanCall } from '../shell/useCanCall';
import { linkTo } from '@pitboss/contract/routes';

/**
 * Player details drawer (001 §2): link to the page, prev/next, wallet, tags, actions. Its tabs
 * (KYC, Usernames, Free bets) are the player tabs area, for holders of players_tabs (001 §6);
 * without it the drawer shows the player's details alone.
 */
export function PlayerDrawer({ ctx }: { ctx: DrawerContext<PlayerRow> }) {
  const q = usePlayer(ctx.openKey);
  const { scopeSearch } = useScope();
  const canCall = useCanCall();
  const tabsArea = useCan()(PLAYERS_TABS);
  const p = q.data ?? ctx.row;
  const body = p ? (
    <Stack spacing={2}>
      <PlayerLinks playerCode={p.playerCode} />
      <PlayerSummary p={p} />
    </Stack>
  ) : q.isError ? (
    <Alert severity="error">{MSG.PLAYER_NOT_FOUND}</Alert>
  ) : (
    <CircularProgress size={24} aria-label="Loading player" />
  );
  return (
    <DetailDrawer
      open
      title={`Player ${ctx.openKey}`}
      onClose={ctx.close}
      hasPrev={!!ctx.prevKey}
      hasNext={!!ctx.nextKey}
      onPrev={() => ctx.step(-1)}
      onNext={() => ctx.step(1)}
      headerActions={
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            size="small"
            component={RouterLink}
            to={linkTo('/players/:playerCode', { playerCode: ctx.openKey }, scopeSearch)}
            endIcon={<OpenInNewIcon fontSize="small" />}
          >
            Open player page
          </Button>
          {p && <PlayerActions p={p} />}
        </Stack>
      }
      tabs={[
        { label: 'Details', content: body },
        ...(tabsArea ? [
          { label: 'KYC', content: q.data ? <PlayerKycTable records={q.data.kycRecords ?? []} /> : body },
          { label: 'Usernames', content: q.data ? <PlayerUsernameRequests rows={q.data.usernameRequests ?? []} /> : body },
        ] : []),
        ...(canCall('sport.applied') && p ? [{ label: 'Free bets', content: <AppliedFreebets playerId={p.playerId} /> }] : []),
      ]}
    />
  );
}
