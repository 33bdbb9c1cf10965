import { useState } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { COUNTRIES, GAME_MESSAGES } from '@pitboss/contract';
import { apiData } from '../api/endpoint';
import { Fields } from '../kit/Fields';
import { operatorName } from '../kit/operator';
import { useFormatTime } from '../shell/session';
import { useCanCall } from '../shell/useCanCall';
import { GameImage, GameStatusChip } from './common';
import { OperatorGameDialog } from './OperatorGameDialog';

/** /games-cms/operator-games/:id: one operator's entry of a game (the operator selector is hidden here, 000 §2.1). */
export default function OperatorGameDetailsPage() {
  const { id = '' } = useParams();
  const fmt = useFormatTime();
  const canCall = useCanCall();
  const [editing, setEditing] = useState(false);
  const q = useQuery({ queryKey: ['games.operatorGame', id], queryFn: () => apiData('games.operatorGame', { params: { id } }), enabled: !!id });
  if (!q.data) {
    return q.error
      ? <Alert severity="error">{(q.error as { messages?: string[] }).messages?.[0] ?? GAME_MESSAGES.OPERATOR_GAME_NOT_FOUND}</Alert>
      : <CircularProgress size={24} aria-label="Loading game" />;
  }
  const r = q.data;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <GameImage url={r.imageUrl} title={r.gameTitle} size={56} />
            <Typography variant="h6" component="h2">{r.gameTitle} — {operatorName(r)}</Typography>
          </Stack>
          {canCall('games.operatorUpdate') && <Button size="small" variant="contained" startIcon={<EditIcon />} onClick={() => setEditing(true)}>Edit order and status</Button>}
        </Stack>
        <Fields items={[
          { label: 'Status', value: <GameStatusChip status={r.status} /> },
          { label: 'Order', value: r.order },
          { label: 'Provider', value: r.providerName },
          { label: 'Aggregator', value: `${r.aggregator} / ${r.aggregatorGameId}` },
          { label: 'Categories', value: r.categories.join(', ') || '—' },
          { label: 'Catalogue status', value: <GameStatusChip status={r.gameStatus} /> },
          { label: 'Restricted countries', value: r.restrictedCountries.map((c) => COUNTRIES[c] ?? c).join(', ') || '—' },
          { label: 'Updated', value: fmt(r.updatedAt) },
        ]} />
      </Stack>
      {editing && <OperatorGameDialog row={r} onClose={() => setEditing(false)} />}
    </Paper>
  );
}
