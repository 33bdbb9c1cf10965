import { Suspense, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, MenuItem, Paper, Stack, Table, TableContainer, TableBody, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { TableCell } from '../kit/TableCell';
import { INFRA_MESSAGES as M } from '@pitboss/contract';
import type { CustomDomainView, DnsRecordView } from '@pitboss/contract/endpoint-schemas';
import { apiData } from '../api/endpoint';
import { useEndpointMutation, type MutationInput } from '../kit/actions/useEndpointMutation';
import { lazyDialog } from '../kit/lazyDialog';
import { CopyButton } from '../kit/CopyButton';
import { DetailDrawer } from '../kit/DetailDrawer';
import { Fields } from '../kit/Fields';
import { useConfirm } from '../kit/useConfirm';
import { useFormatTime } from '../shell/session';
import { useCanCall } from '../shell/useCanCall';
import { zonesPage } from './parts';

const CustomDomainDialog = lazyDialog(() => import('./dialogs'), 'CustomDomainDialog');
const DevDnsDialog = lazyDialog(() => import('./dialogs'), 'DevDnsDialog');

const errorOf = (e: unknown) => (e as { messages?: string[] } | null)?.messages?.join(' ') ?? 'Something went wrong. Please try again later.';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    // Side by side (Auth0's two), each takes its share and may shrink below its table, which then scrolls in its own box.
    <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 0 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h2">{title}</Typography>{action}
      </Stack>
      {children}
    </Paper>
  );
}

/** A delete button confirmed first (002 §7's destructive calls). */
function useConfirmedDelete<K extends 'dev.customDomainDelete' | 'dev.dnsDelete' | 'dev.auth0DomainDelete' | 'dev.auth0OrgDelete'>(name: K, errorTitle?: string) {
  const confirm = useConfirm();
  const m = useEndpointMutation(name, { errorTitle });
  return { busy: m.isPending, run: async (title: string, description: string, input: MutationInput<K>) => { if (await confirm({ title, description, destructive: true, confirmText: 'Delete' })) m.mutate(input as never); } };
}

/**
 * AFD Domain Details (000 §2.3): the custom domain and, as the next step after creating it (000 §4),
 * the TXT record that validates it — its title (the host name prefixed with the dnsauth label) and
 * the token — each with a copy button.
 */
function CustomDomainDrawer({ d, onClose }: { d: CustomDomainView; onClose: () => void }) {
  const fmt = useFormatTime();
  const copyable = (value: string, label: string) => <>{value} <CopyButton value={value} label={label} /></>;
  return (
    <DetailDrawer
      open title="AFD Domain Details" onClose={onClose}
      tabs={[{
        label: 'Details', content: (
          <Stack spacing={2}>
            <Fields items={[
              { label: 'ID', value: copyable(d.id, 'Copy the ID') },
              { label: 'Name', value: d.name },
              { label: 'Host name', value: copyable(d.hostName, 'Copy the host name') },
              { label: 'Endpoint', value: d.endpointName ?? '—' },
              { label: 'Target', value: d.target === 'backoffice' ? 'Back office' : d.target === 'player' ? 'Player site' : '—' },
              { label: 'Validation', value: d.domainValidationState },
              { label: 'Provisioning', value: d.provisioningState },
              { label: 'TXT record title', value: copyable(d.validationRecordName, 'Copy the TXT record title'), testId: 'txt-title' },
              { label: 'Validation token', value: copyable(d.validationProperties.validationToken, 'Copy the validation token'), testId: 'validation-token' },
              { label: 'Token expires', value: d.validationProperties.expirationDate ? fmt(d.validationProperties.expirationDate) : '—' },
            ]} />
            {d.domainValidationState !== 'Approved' && (
              <Alert severity="info">Next step: create a TXT record titled <strong>{d.validationRecordName}</strong> with the validation token as its value at the DNS provider of {d.hostName}.</Alert>
            )}
          </Stack>
        ),
      }]}
    />
  );
}

function CustomDomains() {
  const canCall = useCanCall();
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const q = useQuery({ queryKey: ['dev.customDomains'], queryFn: () => apiData('dev.customDomains', {}) });
  const del = useConfirmedDelete('dev.customDomainDelete', M.CUSTOM_DOMAIN_DELETE_FAILED);
  const openDomain = q.data?.find((d) => d.id === open);
  return (
    <Section title="AFD custom domains" action={canCall('dev.customDomainCreate') && <Button size="small" variant="contained" onClick={() => setCreating(true)}>Create Custom Domain</Button>}>
      {q.error && <Alert severity="error">{errorOf(q.error)}</Alert>}
      <TableContainer>
        <Table size="small" aria-label="Custom domains">
        <TableHead><TableRow><TableCell>Name</TableCell><TableCell>Host name</TableCell><TableCell>Endpoint</TableCell><TableCell>Validation</TableCell><TableCell>Next step: TXT record</TableCell><TableCell /></TableRow></TableHead>
        <TableBody>
          {q.data?.length === 0 && <TableRow><TableCell colSpan={6}>No data found</TableCell></TableRow>}
          {(q.data ?? []).map((d) => (
            <TableRow key={d.id} hover sx={{ cursor: 'pointer' }} onClick={() => setOpen(d.id)}>
              {/* Names and hosts whole (they broke at their hyphens); the TXT record's long token breaks instead. */}
              <TableCell sx={NOWRAP}>{d.name}</TableCell><TableCell sx={NOWRAP}>{d.hostName}</TableCell><TableCell sx={NOWRAP}>{d.endpointName ?? '—'}</TableCell><TableCell sx={NOWRAP}>{d.domainValidationState}</TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{d.domainValidationState === 'Approved' ? 'Validated' : <><strong>{d.validationRecordName}</strong> = <code>{d.validationProperties.validationToken}</code></>}</TableCell>
              <TableCell onClick={(e) => e.stopPropagation()}>
                {canCall('dev.customDomainDelete') && (
                  <Button size="small" color="error" disabled={del.busy} onClick={() => void del.run('Delete Custom Domain', `Delete ${d.hostName}?`, { query: { name: d.name, targetId: d.target ?? undefined } })}>Delete</Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
        </Table>
      </TableContainer>
      {creating && <Suspense fallback={null}><CustomDomainDialog onClose={() => setCreating(false)} /></Suspense>}
      {openDomain && <CustomDomainDrawer d={openDomain} onClose={() => setOpen(null)} />}
    </Section>
  );
}

function DevDns() {
  const canCall = useCanCall();
  const primaries = useQuery({ queryKey: ['infra.zones', 'primaries'], queryFn: () => zonesPage({ isPrimary: 'true', limit: 100 }) });
  const [opId, setOpId] = useState('');
  const op = opId || primaries.data?.items[0]?.opId || '';
  const q = useQuery({ queryKey: ['dev.dns', op], queryFn: () => apiData('dev.dns', { query: { opId: op } }), enabled: !!op });
  const [editing, setEditing] = useState<DnsRecordView | 'new' | null>(null);
  const del = useConfirmedDelete('dev.dnsDelete');
  return (
    <Section title="DNS (dev) records" action={op && canCall('dev.dnsCreate') && <Button size="small" variant="contained" onClick={() => setEditing('new')}>Add DNS Record</Button>}>
      <TextField size="small" select label="Operator (primary domain)" value={op} sx={{ minWidth: 280, mb: 1 }} onChange={(e) => setOpId(e.target.value)}>
        {(primaries.data?.items ?? []).map((z) => <MenuItem key={z.opId} value={z.opId}>{z.opTitle} — {z.domainName}</MenuItem>)}
      </TextField>
      {q.error && <Alert severity="error">{errorOf(q.error)}</Alert>}
      <TableContainer>
        <Table size="small" aria-label="DNS records">
        <TableHead><TableRow><TableCell>Type</TableCell><TableCell>Name</TableCell><TableCell>Content</TableCell><TableCell>Proxied</TableCell><TableCell /></TableRow></TableHead>
        <TableBody>
          {q.data?.records.length === 0 && <TableRow><TableCell colSpan={5}>No data found</TableCell></TableRow>}
          {(q.data?.records ?? []).map((r) => (
            <TableRow key={r.id}>
              <TableCell>{r.type}</TableCell><TableCell>{r.name}</TableCell><TableCell sx={{ wordBreak: 'break-all' }}>{r.content}</TableCell><TableCell>{r.proxied ? 'Yes' : 'No'}</TableCell>
              <TableCell>
                {canCall('dev.dnsUpdate') && (r.type === 'TXT' || r.type === 'CNAME') && <Button size="small" onClick={() => setEditing(r)}>Edit</Button>}
                {canCall('dev.dnsDelete') && <Button size="small" color="error" disabled={del.busy} onClick={() => void del.run('Delete DNS Record', `Delete ${r.type} ${r.name}?`, { query: { opId: op, id: r.id } })}>Delete</Button>}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
        </Table>
      </TableContainer>
      {editing && <Suspense fallback={null}><DevDnsDialog opId={op} record={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} /></Suspense>}
    </Section>
  );
}

function Auth0() {
  const canCall = useCanCall();
  const domains = useQuery({ queryKey: ['dev.auth0Domains'], queryFn: () => apiData('dev.auth0Domains', {}) });
  const orgs = useQuery({ queryKey: ['dev.auth0Orgs'], queryFn: () => apiData('dev.auth0Orgs', {}) });
  const delDomain = useConfirmedDelete('dev.auth0DomainDelete');
  const delOrg = useConfirmedDelete('dev.auth0OrgDelete');
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      <Section title="Auth0 domains">
        <TableContainer>
          <Table size="small" aria-label="Auth0 domains">
          <TableHead><TableRow><TableCell>Domain</TableCell><TableCell>Status</TableCell><TableCell>Type</TableCell><TableCell /></TableRow></TableHead>
          <TableBody>
            {domains.data?.length === 0 && <TableRow><TableCell colSpan={4}>No data found</TableCell></TableRow>}
            {(domains.data ?? []).map((d) => (
              <TableRow key={d.custom_domain_id}>
                <TableCell>{d.domain}{d.primary ? ' (primary)' : ''}</TableCell><TableCell>{d.status}</TableCell><TableCell>{d.type}</TableCell>
                <TableCell>{canCall('dev.auth0DomainDelete') && <Button size="small" color="error" disabled={delDomain.busy} onClick={() => void delDomain.run('Delete Auth0 Domain', `Delete ${d.domain}?`, { query: { domain: d.domain, type: d.type } })}>Delete</Button>}</TableCell>
              </TableRow>
            ))}
          </TableBody>
          </Table>
        </TableContainer>
      </Section>
      <Section title="Auth0 organizations">
        <TableContainer>
          <Table size="small" aria-label="Auth0 organizations">
          <TableHead><TableRow><TableCell>Name</TableCell><TableCell>Display name</TableCell><TableCell /></TableRow></TableHead>
          <TableBody>
            {orgs.data?.length === 0 && <TableRow><TableCell colSpan={3}>No data found</TableCell></TableRow>}
            {(orgs.data ?? []).map((o) => (
              <TableRow key={o.id}>
                <TableCell>{o.name}</TableCell><TableCell>{o.display_name}</TableCell>
                <TableCell>{canCall('dev.auth0OrgDelete') && <Button size="small" color="error" disabled={delOrg.busy} onClick={() => void delOrg.run('Delete Auth0 Organization', `Delete ${o.display_name}?`, { query: { orgId: o.id } })}>Delete</Button>}</TableCell>
              </TableRow>
            ))}
          </TableBody>
          </Table>
        </TableContainer>
      </Section>
    </Stack>
  );
}

/** /settings/dev: Front Door custom domains, the DNS records of an operator's primary domain, Auth0 domains and organizations. */
export default function DevSettingsPage() {
  return (
    <Stack spacing={2}>
      <CustomDomains />
      <DevDns />
      <Auth0 />
    </Stack>
  );
}
