import { Link as RouterLink } from 'react-router';
import { Button, Stack } from '@mui/material';
import { can } from '@pitboss/contract';
import { route, type RoutePath } from '@pitboss/contract/routes';
import { useSession } from '../shell/session';

/**
 * The lists that say something about one player, each opened pre-filtered on the player (by
 * its filter's URL parameter). No operator or player-type scope is carried: the player code
 * names the player in every operator the user may see.
 */
const PLAYER_LISTS: readonly { path: RoutePath; label: string; param: 'playerCode' | 'targetId' }[] = [
  { path: '/transactions/list', label: 'Transactions', param: 'playerCode' },
  { path: '/deposit/list', label: 'Deposits', param: 'playerCode' },
  { path: '/withdraw/list', label: 'Withdrawals', param: 'playerCode' },
  { path: '/withdraw/bank-accounts', label: 'Bank accounts', param: 'playerCode' },
  { path: '/documentsV2', label: 'KYC', param: 'playerCode' },
  { path: '/players/details-activities', label: 'Activity', param: 'targetId' },
];

/** The link to one of a player's lists, pre-filtered on the player. */
export const playerListLink = (path: RoutePath, playerCode: string, param: 'playerCode' | 'targetId' = 'playerCode') =>
  `${route(path).path}?${new URLSearchParams({ [param]: playerCode }).toString()}`;

/** "From a player to everything about them": the player's lists the user may open (built routes, permitted pages). */
export function PlayerLinks({ playerCode }: { playerCode: string }) {
  const { user } = useSession();
  const links = PLAYER_LISTS.filter((l) => route(l.path).built && can(user.permissions, route(l.path).slug));
  if (!links.length) return null;
  return (
    <Stack component="nav" aria-label="Player records" direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {links.map((l) => (
        <Button key={l.path} size="small" variant="text" component={RouterLink} to={playerListLink(l.path, playerCode, l.param)}>
          {l.label}
        </Button>
      ))}
    </Stack>
  );
}
