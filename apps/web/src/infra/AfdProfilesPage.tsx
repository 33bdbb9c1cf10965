import { Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Chip, Paper, Stack, Table, TableBody, TableHead, TableRow, Typography } from '@mui/material';
import { TableCell } from '../kit/TableCell';
import type { AfdProfileView } from '@pitboss/contract/endpoint-schemas';
import { apiData } from '../api/endpoint';
import { lazyDialog } from '../kit/lazyDialog';
import { useFormatTime } from '../shell/session';
import { useCanCall } from '../shell/useCanCall';

const AfdProfileDialog = lazyDialog(() => import('./dialogs'), 'AfdProfileDialog');

/** /settings/cf-account-v2/afds: the Front Door profiles domains are put on (the default first), Add and Edit. */
export default function AfdProfilesPage() {
  const fmt = useFormatTime();
  const canCall = useCanCall();
  const q = useQuery({ queryKey: ['infra.afds'], queryFn: () => apiData('infra.afds', { query: {} }) });
  const [editing, setEditing] = useState<AfdProfileView | 'new' | null>(null);
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h6" component="h2">Front Door profiles</Typography>
        {canCall('infra.afdCreate') && <Button variant="contained" size="small" onClick={() => setEditing('new')}>Add AFD Profile</Button>}
      </Stack>
      {q.error && <Alert severity="error">{(q.error as { messages?: string[] }).messages?.[0] ?? 'Something went wrong. Please try again later.'}</Alert>}
      <Paper variant="outlined">
        <Table size="small" aria-label="Front Door profiles">
          <TableHead><TableRow>
            <TableCell>Title</TableCell><TableCell>Profile</TableCell><TableCell>Resource group</TableCell><TableCell>Prefixes (endpoint / PPF / API / BO)</TableCell>
            <TableCell align="right">Domains</TableCell><TableCell>Updated</TableCell><TableCell />
          </TableRow></TableHead>
          <TableBody>
            {q.data?.length === 0 && <TableRow><TableCell colSpan={7}>No data found</TableCell></TableRow>}
            {(q.data ?? []).map((p) => (
              <TableRow key={p.id}>
                <TableCell>{p.title} {p.isDefault && <Chip size="small" color="primary" label="Default" />}</TableCell>
                <TableCell>{p.afdProfileName}</TableCell><TableCell>{p.resourceGroup}</TableCell>
                <TableCell>{[p.endpointNamePrefix, p.ppfRouteNamePrefix, p.apiRouteNamePrefix, p.boRouteNamePrefix].join(' / ')}</TableCell>
                <TableCell align="right">{p.domains}</TableCell><TableCell>{fmt(p.updatedAt)}</TableCell>
                <TableCell>{canCall('infra.afdUpdate') && <Button size="small" onClick={() => setEditing(p)}>Edit</Button>}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      {editing && <Suspense fallback={null}><AfdProfileDialog profile={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} /></Suspense>}
    </Stack>
  );
}
