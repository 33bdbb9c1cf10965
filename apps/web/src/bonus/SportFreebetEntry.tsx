import { Suspense, useState } from 'react';
import { Button, CircularProgress } from '@mui/material';
import { lazyDialog } from '../kit/lazyDialog';
import { useCanCall } from '../shell/useCanCall';

/*
 * The player's entries into sport free bets, light enough for the players page: the templates
 * drawer and the applied free bets list load on first use (their own chunk).
 */
const PlayerTemplatesDrawer = lazyDialog(() => import('./SportFreebetParts'), 'PlayerTemplatesDrawer');
const AppliedFreebetsList = lazyDialog(() => import('./SportFreebetParts'), 'AppliedFreebets');

/** "Add Sport FreeBet" of a player (with the grant permission), opening the Sport FreeBet Templates drawer for them. */
export function AddSportFreebetAction({ p }: { p: { playerId: string; playerCode: string; opId: string; isDeleted: boolean } }) {
  const canCall = useCanCall();
  const [open, setOpen] = useState(false);
  if (!canCall('sport.grant') || p.isDeleted) return null;
  return (
    <>
      <Button variant="outlined" size="small" onClick={() => setOpen(true)}>Add Sport FreeBet</Button>
      {open && <Suspense fallback={null}><PlayerTemplatesDrawer player={p} onClose={() => setOpen(false)} /></Suspense>}
    </>
  );
}

/** The player's applied free bets (loaded on first show). */
export function AppliedFreebets({ playerId }: { playerId: string }) {
  return (
    <Suspense fallback={<CircularProgress size={20} aria-label="Loading free bets" />}>
      <AppliedFreebetsList playerId={playerId} />
    </Suspense>
  );
}
