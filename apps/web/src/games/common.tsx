import { Avatar, Chip } from '@mui/material';
import SportsEsportsIcon from '@mui/icons-material/SportsEsports';
import { GAME_STATUS_LABELS, type GameStatus } from '@pitboss/contract/games';
import { apiData } from '../api/endpoint';
import type { FilterDef } from '../kit/FilterDrawer';

/** Statuses as chips (000 §4): ACTIVE green, MAINTENANCE amber, the others grey. */
export function GameStatusChip({ status }: { status: string }) {
  const color = status === 'ACTIVE' ? 'success' : status === 'MAINTENANCE' ? 'warning' : 'default';
  return <Chip size="small" variant="outlined" color={color} label={GAME_STATUS_LABELS[status as GameStatus] ?? status} />;
}

/** A game's image (its stored cover), or an icon when it has none. */
export function GameImage({ url, title, size = 32 }: { url: string | null; title: string; size?: number }) {
  return (
    <Avatar variant="rounded" src={url ?? undefined} alt={title} sx={{ width: size, height: size }}>
      <SportsEsportsIcon fontSize="small" />
    </Avatar>
  );
}

/** The shell's scope keys mean nothing on the games pages (the selector and test filter are hidden, 000 §2.1). */
export function withoutShellScope(body: Record<string, unknown>): Record<string, unknown> {
  const { opId: _o, includeBrands: _b, isTest: _t, drawer: _d, ...rest } = body;
  return rest;
}

/** Operators that offer games: parent operators and brands (not partners, not the CMS default). */
export const offersGames = (o: { kind: string }): boolean => o.kind === 'OPERATOR' || o.kind === 'BRAND';

/** The original providers by name (000 §7 POST /api/gamesV2/original-providers/search, from 2 characters). */
export const searchProviders = (q: string) => apiData('games.providersSearch', { body: { q } });
/** The jurisdictions by name, the code beside it as in the games' other pickers (POST /api/gamesV2/jurisdictions/search, from 2 characters). */
export const searchJurisdictions = async (q: string) =>
  (await apiData('games.jurisdictionsSearch', { body: { q } })).map((j) => ({ value: j.value, label: j.label === j.value ? j.value : `${j.label} (${j.value})` }));

/**
 * The Provider filter of the games lists: picked by name from 2 characters through the original
 * providers' search (000 §5, §9) for the roles that may call it (the catalogue's); others pick it
 * from the providers of the aggregators. `known` names the providers the aggregators list.
 */
export function providerFilter(known: readonly { value: string; label: string }[], maySearch: boolean): FilterDef {
  return maySearch
    ? { name: 'provider', label: 'Provider', pick: searchProviders, options: known, maxLength: 64 }
    : { name: 'provider', label: 'Provider', type: 'select', options: known };
}
