import { Suspense, useState } from 'react';
import { z } from 'zod';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Chip, IconButton, Link, Menu, MenuItem, Stack, Table, TableBody, TableHead, TableRow, TextField } from '@mui/material';
import { TableCell } from '../kit/TableCell';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import {
  AFD_PROVISION_STATES, AFD_VALIDATION_STATES, DEFAULT_LANGS, DOMAIN_ACTIONS, DOMAIN_ACTION_LABELS, DOMAIN_DELETE_ACTIONS, INFRA_MESSAGES as M, languageLabel, type DomainAction,
} from '@pitboss/contract';
import type { ZoneView } from '@pitboss/contract/endpoint-schemas';
import { apiData } from '../api/endpoint';
import { DeleteAction } from '../kit/actions/DeleteAction';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import type { FilterDef } from '../kit/FilterDrawer';
import { ListPage, type Column } from '../kit/ListPage';
import { RecordDrawer, type RecordField } from '../kit/RecordDrawer';
import { lazyDialog } from '../kit/lazyDialog';
import { operatorName } from '../kit/operator';
import { useConfirm } from '../kit/useConfirm';
import { useListParams } from '../kit/useListParams';
import { useFormatTime, useSession } from '../shell/session';
import { useCanCall } from '../shell/useCanCall';
import { AutomationProgress, useCfTokens, zonesPage } from './parts';

const AddDomainDialog = lazyDialog(() => import('./dialogs'), 'AddDomainDialog');
const AddCfAccountDialog = lazyDialog(() => import('./dialogs'), 'AddCfAccountDialog');
const AddDnsRecordDialog = lazyDialog(() => import('./dialogs'), 'AddDnsRecordDialog');
const EditDomainDialog = lazyDialog(() => import('./dialogs'), 'EditDomainDialog');

const trueFalse = z.enum(['true', 'false']).optional();
const urlShape = {
  domain: z.string().trim().min(1).max(253).optional(),
  cfToken: z.string().trim().min(1).max(32).optional(),
  cfDnsConfigured: trueFalse,
  cfRulesConfigured: trueFalse,
  afdRoutesAssociated: trueFalse,
  afdValidationStatus: z.string().trim().min(1).max(40).optional(),
  afdProvisionStatus: z.string().trim().min(1).max(40).optional(),
  defaultLang: z.enum(DEFAULT_LANGS).optional(),
};

const configured = [{ value: 'true', label: 'Configured' }, { value: 'false', label: 'Not configured' }] as const;
/** The filter drawer (000 §7's list filters the staff use). */
const FILTERS: FilterDef[] = [
  { name: 'cfDnsConfigured', label: 'DNS status', type: 'select', options: configured },
  { name: 'cfRulesConfigured', label: 'Rules status', type: 'select', options: configured },
  { name: 'afdRoutesAssociated', label: 'AFD routes', type: 'select', options: [{ value: 'true', label: 'Associated' }, { value: 'false', label: 'Not associated' }] },
  { name: 'afdValidationStatus', label: 'AFD validation', type: 'select', options: AFD_VALIDATION_STATES.map((v) => ({ value: v, label: v })) },
  { name: 'afdProvisionStatus', label: 'AFD provision', type: 'select', options: AFD_PROVISION_STATES.map((v) => ({ value: v, label: v })) },
  { name: 'defaultLang', label: 'Default language', type: 'select', options: DEFAULT_LANGS.map((l) => ({ value: l, label: languageLabel(l) })) },
];

const zonesKey = (body: Record<string, unknown>) => ['infra.zones', body] as const;
const yes = (v: boolean) => (v ? 'Yes' : 'No');

/** One domain action (000 §4), confirmed first when it deletes. */
function useDomainAction() {
  const confirm = useConfirm();
  const send = useEndpointMutation('infra.zoneUpdate', { errorTitle: M.ERROR });
  return {
    busy: send.isPending,
    run: async (z: ZoneView, action: DomainAction) => {
      if (DOMAIN_DELETE_ACTIONS.includes(action) || action === 'PURGE_CACHE_ALL') {
        const ok = await confirm({ title: DOMAIN_ACTION_LABELS[action], description: `${DOMAIN_ACTION_LABELS[action]}: ${z.domainName}?`, destructive: action !== 'PURGE_CACHE_ALL', confirmText: 'Confirm' });
        if (!ok) return;
      }
      send.mutate({ body: { domainName: z.domainName, action } });
    },
  };
}

/** The row action menu (SUPER_ADMIN alone, 000 §6); a primary domain offers no delete. */
function RowMenu({ z }: { z: ZoneView }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const act = useDomainAction();
  return (
    <Box onClick={(e) => e.stopPropagation()}>
      <IconButton size="small" aria-label={`Actions of ${z.domainName}`} onClick={(e) => setAnchor(e.currentTarget)}><MoreVertIcon fontSize="small" /></IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {DOMAIN_ACTIONS.filter((a) => !(z.isPrimary && DOMAIN_DELETE_ACTIONS.includes(a))).map((a) => (
          <MenuItem key={a} disabled={act.busy} onClick={() => { setAnchor(null); void act.run(z, a); }}>{DOMAIN_ACTION_LABELS[a]}</MenuItem>
        ))}
      </Menu>
    </Box>
  );
}

function ActionsTab({ z }: { z: ZoneView }) {
  const act = useDomainAction();
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      {!z.afdComplete && <Alert severity="warning">{M.AFD_MISSING}</Alert>}
      {z.isPrimary && <Alert severity="info">{M.PRIMARY_NOT_DELETABLE}</Alert>}
      {DOMAIN_ACTIONS.map((a) => (
        <Button key={a} size="small" variant="outlined" color={DOMAIN_DELETE_ACTIONS.includes(a) ? 'error' : 'primary'}
          disabled={act.busy || (z.isPrimary && DOMAIN_DELETE_ACTIONS.includes(a))} onClick={() => void act.run(z, a)}>
          {DOMAIN_ACTION_LABELS[a]}
        </Button>
      ))}
    </Stack>
  );
}

function DnsTab({ z }: { z: ZoneView }) {
  const fmt = useFormatTime();
  const canCall = useCanCall();
  const confirm = useConfirm();
  const [adding, setAdding] = useState(false);
  const remove = useEndpointMutation('infra.dnsDelete', { errorTitle: M.ERROR });
  return (
    <Stack spacing={1}>
      {z.afdValidation && (
        <Alert severity={z.afdValidationStatus === 'Approved' ? 'success' : 'info'}>
          Front Door validation ({z.afdValidationStatus ?? 'unknown'}): TXT record <strong>{z.afdValidation.recordName}</strong> = <code>{z.afdValidation.token}</code>
        </Alert>
      )}
      {canCall('infra.dnsCreate') && z.cfZoneId && <Box><Button size="small" variant="contained" onClick={() => setAdding(true)}>Add DNS Record</Button></Box>}
      <Table size="small" aria-label="DNS records">
        <TableHead><TableRow><TableCell>ID</TableCell><TableCell>Title</TableCell><TableCell>Type</TableCell><TableCell>Value</TableCell><TableCell>Proxied</TableCell><TableCell>Created</TableCell><TableCell>Updated</TableCell><TableCell /></TableRow></TableHead>
        <TableBody>
          {z.cfDnsRecords.length === 0 && <TableRow><TableCell colSpan={8}>No data found</TableCell></TableRow>}
          {z.cfDnsRecords.map((r) => (
            <TableRow key={r.id}>
              <TableCell>{r.id.slice(0, 8)}</TableCell><TableCell>{r.name}</TableCell><TableCell>{r.type}</TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{r.content}</TableCell><TableCell>{yes(r.proxied)}</TableCell>
              <TableCell>{fmt(r.created_on)}</TableCell><TableCell>{fmt(r.modified_on)}</TableCell>
              <TableCell>
                {canCall('infra.dnsDelete') && (
                  <Button size="small" color="error" disabled={remove.isPending} onClick={async () => {
                    if (await confirm({ title: 'Delete DNS Record', description: `Delete ${r.type} ${r.name}?`, destructive: true, confirmText: 'Delete' })) {
                      remove.mutate({ query: { opId: z.opId, domainName: z.domainName, dnsRecordName: r.name, dnsRecordType: r.type } });
                    }
                  }}>Delete</Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {adding && <Suspense fallback={null}><AddDnsRecordDialog zone={z} onClose={() => setAdding(false)} /></Suspense>}
    </Stack>
  );
}

/** Force Refresh: re-reads the domain from Cloudflare (isForceFetch), then every list and detail refetches. */
function ForceRefresh({ z }: { z: ZoneView }) {
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Button size="small" variant="outlined" disabled={busy} onClick={async () => {
        setBusy(true); setError(null);
        try { await apiData('infra.zone', { query: { domainName: z.domainName, opId: z.opId, isForceFetch: true } }); await qc.invalidateQueries(); }
        catch (e) { setError((e as { messages?: string[] }).messages?.join(' ') ?? M.ERROR); }
        finally { setBusy(false); }
      }}>Force Refresh</Button>
      {error && <Alert severity="error">{error}</Alert>}
    </>
  );
}

/**
 * The drawer's header actions: Edit (the domain form, PUT action EDIT), Force Refresh and, but for
 * a primary domain (000 §4), Delete Domain (002's Cloudflare zone deletion: Front Door custom
 * domain, Cloudflare zone and record), confirmed by typing the domain.
 */
function ZoneActions({ z, onDeleted }: { z: ZoneView; onDeleted: () => void }) {
  const canCall = useCanCall();
  const [editing, setEditing] = useState(false);
  const remove = useEndpointMutation('infra.zoneDelete', { success: M.ZONE_DELETED, errorTitle: M.ERROR, onDone: onDeleted });
  return (
    <>
      {canCall('infra.zoneUpdate') && <Button size="small" variant="outlined" onClick={() => setEditing(true)}>Edit</Button>}
      <ForceRefresh z={z} />
      {canCall('infra.zoneDelete') && !z.isPrimary && (
        <DeleteAction
          label="Delete Domain" title="Delete Cloudflare Zone" typeToConfirm={z.domainName} busy={remove.isPending} button={{ size: 'small' }}
          description={`Delete ${z.domainName}: its Front Door custom domain, its Cloudflare zone with its DNS records, and the domain itself? This cannot be undone.`}
          onConfirmed={() => remove.mutate({ query: { zoneName: z.domainName, opId: z.opId, ...(z.cfZoneId ? { zoneId: z.cfZoneId } : {}), token: z.cfAccountCode } })}
        />
      )}
      {editing && <Suspense fallback={null}><EditDomainDialog zone={z} onClose={() => setEditing(false)} /></Suspense>}
    </>
  );
}

/**
 * /settings/domains and /settings/cf-account-v2/domains: the domains (Cloudflare zones) with the
 * search box, the Cloudflare account selector (cfToken), Add New Domain and the zone drawer.
 */
export default function DomainsPage() {
  const list = useListParams(urlShape);
  const fmt = useFormatTime();
  const role = useSession().user.role;
  const superAdmin = role === 'SUPER_ADMIN';
  const admin = superAdmin || role === 'ADMIN';
  const canCall = useCanCall();
  const opId = typeof list.params.opId === 'string' ? list.params.opId : undefined;
  const accounts = useCfTokens(opId);
  const [dialog, setDialog] = useState<'domain' | 'account' | null>(null);
  const [alert, setAlert] = useState(true);
  const [search, setSearch] = useState(list.params.domain ?? '');
  const cfToken = list.params.cfToken;

  const columns: Column<ZoneView>[] = [
    {
      key: 'domain', header: 'Domain', simple: true, csv: (z) => z.domainName,
      render: (z) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Link href={`https://${z.domainName}`} target="_blank" rel="noopener noreferrer" onClick={(e) => e.stopPropagation()}>{z.domainName}</Link>
          {z.isPrimary && <Chip size="small" color="primary" label="PRIMARY" />}
        </Stack>
      ),
    },
    { key: 'operator', header: 'Operator/Brand', render: (z) => operatorName(z), simple: true },
    { key: 'cfCode', header: 'CF Code', render: (z) => z.cfAccountCode },
    { key: 'cfAccountId', header: 'CF Account ID', render: (z) => z.cfAccountId },
    ...(superAdmin ? [
      { key: 'afdProfile', header: 'AFD Profile', render: (z: ZoneView) => z.afdProfileName ?? '—' },
      { key: 'afdEndpoint', header: 'AFD Endpoint', render: (z: ZoneView) => z.afdEndpointName ?? '—' },
      { key: 'locked', header: 'Locked', render: (z: ZoneView) => yes(z.isLocked) },
      { key: 'ppf', header: 'Is PPF', render: (z: ZoneView) => yes(z.isB2CPFF) },
      { key: 'bo', header: 'Is Backoffice', render: (z: ZoneView) => yes(z.isBackoffice) },
      { key: 'brand', header: 'Is Brand', render: (z: ZoneView) => yes(z.isBrand) },
      { key: 'cfStatus', header: 'CF Status', render: (z: ZoneView) => z.cfZoneStatus ?? '—' },
      { key: 'dns', header: 'DNS Status', render: (z: ZoneView) => (z.cfDnsConfigured ? 'Configured' : 'Not configured') },
      { key: 'rules', header: 'Rules Status', render: (z: ZoneView) => (z.cfRulesConfigured ? 'Configured' : 'Not configured') },
      { key: 'afdProvision', header: 'AFD Provision', render: (z: ZoneView) => z.afdProvisionStatus ?? '—' },
      { key: 'afdValidation', header: 'AFD Validation', render: (z: ZoneView) => z.afdValidationStatus ?? '—' },
      { key: 'afdRoutes', header: 'AFD Routes', render: (z: ZoneView) => (z.afdRoutesAssociated ? 'Associated' : 'Not associated') },
      { key: 'createdAt', header: 'Created At', render: (z: ZoneView) => fmt(z.createdAt) },
      { key: 'updatedAt', header: 'Updated At', render: (z: ZoneView) => fmt(z.updatedAt) },
      { key: 'menu', header: '', render: (z: ZoneView) => <RowMenu z={z} />, csv: () => '' },
    ] : []),
  ];
  const fields: RecordField<ZoneView>[] = [
    { label: 'Domain', value: (z) => z.domainName },
    { label: 'Operator/Brand', value: (z) => operatorName(z) },
    { label: 'CF account', value: (z) => `${z.cfAccountTitle ?? z.cfAccountCode} (${z.cfAccountCode}) · ${z.token}` },
    { label: 'Zone', value: (z) => (z.cfZoneId ? `${z.cfZoneId} · ${z.cfZoneStatus ?? ''} · SSL ${z.cfZoneSSLMode ?? '—'}` : 'No Cloudflare zone') },
    { label: 'Name servers', value: (z) => z.cfZoneNameServers.join(', ') || '—' },
    { label: 'DNS / rules', value: (z) => `${z.cfDnsConfigured ? 'DNS configured' : 'DNS not configured'} · ${z.cfRulesConfigured ? 'rules configured' : 'rules not configured'}` },
    { label: 'Front Door', value: (z) => (z.afdProfileName ? `${z.afdProfileName} · ${z.afdEndpointName ?? '—'} · ${z.afdRouteName ?? '—'} · ${z.afdValidationStatus ?? '—'}` : '—') },
    { label: 'Flags', value: (z) => [z.isPrimary && 'Primary', z.isLocked && 'Locked', z.isB2CPFF && 'PPF', z.isBackoffice && 'Back office', z.isBrand && 'Brand', z.isInternal && 'Internal'].filter(Boolean).join(' · ') || '—' },
    { label: 'Default language', value: (z) => languageLabel(z.defaultLang) },
    { label: 'Automation', value: (z) => <AutomationProgress zone={z} /> },
    { label: 'Synced', value: (z) => (z.syncedAt ? fmt(z.syncedAt) : '—') },
    { label: 'Created', value: (z) => `${fmt(z.createdAt)}${z.createdBy ? ` by ${z.createdBy}` : ''}` },
  ];
  return (
    <>
      {alert && accounts.data && accounts.data.length === 0 && (
        <Alert severity="warning" onClose={() => setAlert(false)} sx={{ mb: 1 }}>No Cloudflare account for this selection yet: add one before adding domains.</Alert>
      )}
      <ListPage<ZoneView>
        label="Domains"
        queryKey={zonesKey}
        fetcher={zonesPage}
        list={list}
        columns={columns}
        filters={FILTERS}
        rowKey={(z) => z.domainName}
        exportName={admin ? 'domains' : undefined}
        toRequest={({ cfToken: code, ...b }) => ({ ...b, ...(code ? { cfAccountCode: code } : {}) })}
        toolbar={(
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <TextField size="small" label="Search domain" value={search} slotProps={{ htmlInput: { maxLength: 253 } }}
              onChange={(e) => setSearch(e.target.value)} onKeyDown={(e) => { if (e.key === 'Enter') list.setFilters({ domain: search.trim() || undefined }); }}
              onBlur={() => list.setFilters({ domain: search.trim() || undefined })} />
            <TextField size="small" select label="Cloudflare account" value={cfToken ?? ''} sx={{ minWidth: 200 }}
              onChange={(e) => list.setFilters({ cfToken: e.target.value || undefined })}>
              <MenuItem value="">All accounts</MenuItem>
              {(accounts.data ?? []).map((a) => <MenuItem key={a.token} value={a.token}>{a.title}</MenuItem>)}
            </TextField>
            {canCall('infra.cfAccountCreate') && <Button size="small" variant="outlined" onClick={() => setDialog('account')}>Add Cloudflare Account</Button>}
            {canCall('infra.zoneCreate') && <Button size="small" variant="contained" onClick={() => setDialog('domain')}>Add New Domain</Button>}
          </Stack>
        )}
        renderDrawer={(ctx) => (
          <RecordDrawer
            ctx={ctx}
            width={760}
            title={(z) => z.domainName}
            fields={fields}
            actions={(z) => <ZoneActions z={z} onDeleted={ctx.close} />}
            tabs={(z) => [
              { label: 'DNS Records', content: <DnsTab z={z} /> },
              ...(admin ? [{ label: 'Actions', content: <ActionsTab z={z} /> }] : []),
            ]}
          />
        )}
      />
      <Suspense fallback={null}>
        {dialog === 'domain' && <AddDomainDialog opId={opId} cfToken={cfToken} onClose={() => setDialog(null)} />}
        {dialog === 'account' && <AddCfAccountDialog opId={opId} onClose={() => setDialog(null)} />}
      </Suspense>
    </>
  );
}
