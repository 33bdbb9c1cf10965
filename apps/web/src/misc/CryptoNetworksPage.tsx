import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { Alert, Box, Button, IconButton, LinearProgress, Paper, Stack, Table, TableBody, TableHead, TableRow, TextField, Tooltip, Typography } from '@mui/material';
import { TableCell } from '../kit/TableCell';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import AddIcon from '@mui/icons-material/Add';
import { CRYPTO_NETWORK_MESSAGES, EXPLORER_KEYS_MAX, EXPLORER_KEY_MAX, MSG, cryptoNetworkUpdateBody, duplicateKeyIndexes, type CryptoNetwork } from '@pitboss/contract';
import type { CryptoNetworkView } from '@pitboss/contract/endpoints/schemas/misc';
import { apiData } from '../api/endpoint';
import { DetailDrawer } from '../kit/DetailDrawer';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { useFormatTime } from '../shell/session';
import { useCanCall } from '../shell/useCanCall';

/**
 * Edit Crypto Network (000 §2.3, §5, §8): the network's explorer API keys, one field each. Keys
 * must be non-blank, without spaces and unique; duplicates block saving with the spec's error
 * toast and an inline alert. The full keys are loaded for this drawer only (SUPER_ADMIN, ADMIN).
 */
function EditNetworkDrawer({ network, onClose }: { network: CryptoNetworkView; onClose: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const full = useQuery({ queryKey: ['cryptoNetworks.get', network.networkName], queryFn: () => apiData('cryptoNetworks.get', { params: { networkName: network.networkName as CryptoNetwork } }) });
  const [keys, setKeys] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const list = keys ?? full.data?.keys ?? [];
  const save = useEndpointMutation('cryptoNetworks.update', { success: CRYPTO_NETWORK_MESSAGES.UPDATED, onDone: onClose });
  const dups = new Set(duplicateKeyIndexes(list));
  const submit = () => {
    const parsed = cryptoNetworkUpdateBody.safeParse({ networkName: network.networkName, keys: list });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? MSG.GENERIC_ERROR;
      setError(message);
      if (message === CRYPTO_NETWORK_MESSAGES.DUPLICATE_KEYS) enqueueSnackbar(message, { variant: 'error' });
      return;
    }
    setError(null);
    save.mutate({ body: parsed.data });
  };
  const set = (next: string[]) => { setKeys(next); setError(null); };
  return (
    <DetailDrawer
      open
      title={`Edit Crypto Network — ${network.title}`}
      onClose={onClose}
      tabs={[{
        label: 'Explorer API keys',
        content: (
          <Stack spacing={1.5} component="form" aria-label="Edit Crypto Network" onSubmit={(e) => { e.preventDefault(); submit(); }}>
            <TextField label="Network" value={network.networkName} disabled size="small" />
            {full.isLoading && <LinearProgress />}
            {list.map((k, i) => (
              <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <TextField
                  fullWidth size="small" label={`Explorer API key ${i + 1}`} value={k}
                  error={dups.has(i) || (error !== null && (!k.trim() || /\s/.test(k)))}
                  helperText={dups.has(i) ? 'Duplicate' : undefined}
                  slotProps={{ htmlInput: { maxLength: EXPLORER_KEY_MAX, spellCheck: false, autoComplete: 'off' } }}
                  onChange={(e) => set(list.map((x, j) => (j === i ? e.target.value : x)))}
                />
                <Tooltip title="Remove key">
                  <IconButton aria-label={`Remove key ${i + 1}`} onClick={() => set(list.filter((_, j) => j !== i))}><DeleteOutlineIcon /></IconButton>
                </Tooltip>
              </Stack>
            ))}
            <Box>
              <Button size="small" startIcon={<AddIcon />} disabled={list.length >= EXPLORER_KEYS_MAX} onClick={() => set([...list, ''])}>Add key</Button>
            </Box>
            {error && <Alert severity="error" role="alert">{error}</Alert>}
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button onClick={onClose}>Cancel</Button>
              <Button type="submit" variant="contained" disabled={save.isPending || full.isLoading}>Save</Button>
            </Stack>
          </Stack>
        ),
      }]}
    />
  );
}

/** /settings/crypto-networks: each network with its explorer API keys, masked; SUPER_ADMIN and ADMIN edit. */
export default function CryptoNetworksPage() {
  const fmt = useFormatTime();
  const canCall = useCanCall();
  const mayEdit = canCall('cryptoNetworks.update');
  const [open, setOpen] = useState<string | null>(null);
  const q = useQuery({ queryKey: ['cryptoNetworks.list'], queryFn: () => apiData('cryptoNetworks.list', {}) });
  const items = q.data?.items ?? [];
  const editing = items.find((n) => n.networkName === open);
  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="h6" sx={{ mb: 1 }}>Crypto Networks</Typography>
      <Table size="small" aria-label="Crypto networks">
        <TableHead>
          <TableRow>
            <TableCell>Network</TableCell>
            <TableCell>Explorer</TableCell>
            <TableCell>Explorer API keys</TableCell>
            <TableCell>Updated</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {q.isLoading && <TableRow><TableCell colSpan={5}><LinearProgress /></TableCell></TableRow>}
          {items.map((n) => (
            <TableRow key={n.networkName} hover>
              <TableCell>{n.title}</TableCell>
              <TableCell>{n.explorer}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{n.keysCount === 0 ? '—' : `${n.keysCount} · ${n.keys.join(', ')}`}</TableCell>
              <TableCell>{n.updatedAt ? `${fmt(n.updatedAt)}${n.updatedBy ? ` · ${n.updatedBy}` : ''}` : '—'}</TableCell>
              <TableCell align="right">{mayEdit && <Button size="small" onClick={() => setOpen(n.networkName)}>Edit</Button>}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {editing && <EditNetworkDrawer key={editing.networkName} network={editing} onClose={() => setOpen(null)} />}
    </Paper>
  );
}
