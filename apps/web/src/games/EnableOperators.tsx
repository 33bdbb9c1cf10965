import { useState } from 'react';
import { Button, Checkbox, Stack, Table, TableBody, TableHead, TableRow, Typography } from '@mui/material';
import { TableCell } from '../kit/TableCell';
import type { GameDetailsView } from '@pitboss/contract';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { useFormatTime, useSession } from '../shell/session';
import { useCanCall } from '../shell/useCanCall';
import { GameStatusChip, offersGames } from './common';

/**
 * A game's entry per operator. For SUPER_ADMIN and ADMIN (the Enable Operators tab, 000 §6) each
 * operator can be chosen: Add for operators (DISABLED, order 1) or Disable for operators.
 */
export function EnableOperators({ game }: { game: GameDetailsView }) {
  const { operators } = useSession();
  const fmt = useFormatTime();
  const canCall = useCanCall();
  const may = canCall('games.operators');
  const [picked, setPicked] = useState<string[]>([]);
  const send = useEndpointMutation('games.operators', { onDone: () => setPicked([]) });
  const entry = new Map(game.operators.map((o) => [o.opId, o]));
  const rows = may ? operators.filter(offersGames) : operators.filter((o) => entry.has(o.opId));
  const toggle = (opId: string) => setPicked((p) => (p.includes(opId) ? p.filter((x) => x !== opId) : [...p, opId]));
  return (
    <Stack spacing={1}>
      {may && (
        <Stack direction="row" spacing={1}>
          <Button size="small" variant="contained" disabled={!picked.length || send.isPending} onClick={() => send.mutate({ body: { gameId: game.id, opIds: picked, action: 'enable' } })}>
            Add for operators
          </Button>
          <Button size="small" color="warning" disabled={!picked.length || send.isPending} onClick={() => send.mutate({ body: { gameId: game.id, opIds: picked, action: 'disable' } })}>
            Disable for operators
          </Button>
        </Stack>
      )}
      {!rows.length ? <Typography color="text.secondary">No operator offers this game.</Typography> : (
        <Table size="small" aria-label="Operators of the game">
          <TableHead>
            <TableRow>{may && <TableCell padding="checkbox" />}<TableCell>Operator</TableCell><TableCell>Status</TableCell><TableCell align="right">Order</TableCell><TableCell>Updated</TableCell></TableRow>
          </TableHead>
          <TableBody>
            {rows.map((o) => {
              const e = entry.get(o.opId);
              return (
                <TableRow key={o.opId}>
                  {may && <TableCell padding="checkbox"><Checkbox size="small" checked={picked.includes(o.opId)} onChange={() => toggle(o.opId)} slotProps={{ input: { 'aria-label': `Choose ${o.title}` } }} /></TableCell>}
                  <TableCell>{o.parentOpId ? `↳ ${o.title}` : o.title}</TableCell>
                  <TableCell>{e ? <GameStatusChip status={e.status} /> : <Typography variant="body2" color="text.secondary">Not offered</Typography>}</TableCell>
                  <TableCell align="right">{e?.order ?? '—'}</TableCell>
                  <TableCell>{e ? fmt(e.updatedAt) : '—'}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}
