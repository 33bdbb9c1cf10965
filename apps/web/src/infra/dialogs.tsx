import { useState } from 'react';
import { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { Alert, AlertTitle, LinearProgress, MenuItem, Typography } from '@mui/material';
import {
  CUSTOM_DOMAIN_TARGETS, DEFAULT_LANGS, INFRA_MESSAGES as M,
  afdProfileCreateForm, afdProfileUpdateForm, cfAccountCreateForm, cfAccountUpdateForm, customDomainCreateForm, devDnsCreateForm, devDnsUpdateForm,
  dnsRecordFields, domainFlags, zoneCreateForm, zoneCreateMinForm, languageLabel,
} from '@pitboss/contract';
import type { AfdProfileView, CfAccountView, DnsRecordView, ZoneView } from '@pitboss/contract/endpoint-schemas';
import { apiData } from '../api/endpoint';
import { EndpointDialog } from '../kit/actions/EndpointDialog';
import { FormDialog } from '../kit/actions/FormDialog';
import { FormSwitch } from '../kit/actions/FormSwitch';
import { FormTextField } from '../kit/actions/FormTextField';
import { FormOperatorField } from '../kit/actions/FormOperatorField';
import { useSession } from '../shell/session';
import { AutomationProgress, useCfTokens } from './parts';

export function AddCfAccountDialog({ opId, onClose }: { opId?: string; onClose: () => void }) {
  return (
    <EndpointDialog
      endpoint="infra.cfAccountCreate" title="Add Cloudflare Account" schema={cfAccountCreateForm} submitText="Add" onClose={onClose}
      defaultValues={{ opId: opId ?? '', title: '', accountId: '', token: '', cfAccountCode: '', description: '', note: '' }}
      input={(v) => ({ body: v })}
      options={{ success: M.CF_ACCOUNT_ADDED, errorTitle: M.CF_ACCOUNT_ADD_FAILED }}
    >
      {({ control }) => (
        <>
          <FormOperatorField control={control} required />
          <FormTextField control={control} name="title" label="Title" required maxLength={100} />
          <FormTextField control={control} name="accountId" label="Account ID" required maxLength={64} />
          <FormTextField control={control} name="cfAccountCode" label="CF code" maxLength={32} helperText="Left empty, made from the title. Read-only after creation." />
          <FormTextField control={control} name="token" label="API token" required maxLength={200} type="password" autoComplete="off" />
          <FormTextField control={control} name="description" label="Description" maxLength={500} />
          <FormTextField control={control} name="note" label="Note" maxLength={500} />
        </>
      )}
    </EndpointDialog>
  );
}

export function EditCfAccountDialog({ a, onClose }: { a: CfAccountView; onClose: () => void }) {
  return (
    <EndpointDialog
      endpoint="infra.cfAccountUpdate" title={`Edit ${a.title}`} schema={cfAccountUpdateForm} submitText="Save" onClose={onClose}
      defaultValues={{ cfAccountCode: a.cfAccountCode, title: a.title, description: a.description ?? '', cfApiKey: '', note: a.note ?? '' }}
      input={(v) => ({ body: v })}
    >
      {({ control }) => (
        <>
          <FormTextField control={control} name="cfAccountCode" label="CF code" disabled />
          <FormTextField control={control} name="title" label="Title" required maxLength={100} />
          <FormTextField control={control} name="description" label="Description" maxLength={500} />
          <FormTextField control={control} name="cfApiKey" label="New API token" maxLength={200} type="password" autoComplete="off" helperText={`Current: ${a.token}. Leave blank to keep it.`} />
          <FormTextField control={control} name="note" label="Note" maxLength={500} />
        </>
      )}
    </EndpointDialog>
  );
}

/** Follows one domain's automation until it completes or fails. */
function FollowAutomation({ domainName }: { domainName: string }) {
  const q = useQuery({
    queryKey: ['infra.zone', domainName], queryFn: () => apiData('infra.zone', { query: { domainName } }),
    refetchInterval: (s) => (s.state.data?.automation.status === 'IN_PROGRESS' ? 2000 : false),
  });
  return q.data ? <AutomationProgress zone={q.data} /> : <LinearProgress />;
}

const fullForm = zoneCreateForm;
const minForm = zoneCreateMinForm;

/** Add New Domain: the full V2 form (runs the automation, then follows it) or the minimized form (domain and account; the name servers). */
export function AddDomainDialog({ opId, cfToken, onClose }: { opId?: string; cfToken?: string; onClose: () => void }) {
  const role = useSession().user.role;
  const admin = role === 'SUPER_ADMIN' || role === 'ADMIN';
  const [mode, setMode] = useState<'full' | 'min'>('full');
  const [started, setStarted] = useState<string | null>(null);
  const [nameServers, setNameServers] = useState<string[] | null>(null);
  /** The minimized form's last failure: the server's messages beyond the spec's two (the provider's reason). */
  const [minFailure, setMinFailure] = useState<string[] | null>(null);
  const { enqueueSnackbar } = useSnackbar();
  const accounts = useCfTokens(opId);
  if (started || nameServers) {
    return (
      <FormDialog title="Add New Domain" schema={z.object({})} defaultValues={{}} submitText="Close" onSubmit={onClose} onClose={onClose}>
        {() => (started ? <FollowAutomation domainName={started} /> : (
          <Alert severity="success">{M.DOMAIN_ADDED} Name servers: <strong>{nameServers!.join(', ')}</strong></Alert>
        ))}
      </FormDialog>
    );
  }
  const accountField = (control: never) => (
    <FormTextField control={control} name={(mode === 'full' ? 'cfAccountCode' : 'token') as never} label="CF account" required select>
      {(accounts.data ?? []).map((a) => <MenuItem key={a.token} value={a.token}>{a.title} ({a.token})</MenuItem>)}
    </FormTextField>
  );
  const switchText = mode === 'full' ? 'Use the minimized form' : 'Use the full form';
  return mode === 'full' ? (
    <EndpointDialog
      endpoint="infra.zoneCreate" title="Add New Domain" schema={fullForm} submitText="Add Domain" onClose={onClose}
      defaultValues={{ opId: opId ?? '', domainName: '', cfAccountCode: cfToken ?? '', isPrimary: false, isLocked: false, isB2CPFF: true, isBackoffice: false, isBrand: false, isInternal: false, defaultLang: 'en', afdProfileName: '' }}
      input={(v) => ({ query: {}, body: { ...v, afdProfileName: v.afdProfileName || undefined } })}
      options={{ success: M.V2_DOMAIN_ADDED, errorTitle: M.V2_DOMAIN_FAILED, onDone: (a) => setStarted(a.data.domainName) }}
      cancelText="Cancel"
    >
      {({ control }) => (
        <>
          <Typography variant="body2"><a href="#" onClick={(e) => { e.preventDefault(); setMode('min'); }}>{switchText}</a></Typography>
          <FormOperatorField control={control} required />
          <FormTextField control={control} name="domainName" label="Domain" required maxLength={253} placeholder="example.com" />
          {accountField(control as never)}
          <FormTextField control={control} name="defaultLang" label="Default language" select>
            {DEFAULT_LANGS.map((l) => <MenuItem key={l} value={l}>{languageLabel(l)}</MenuItem>)}
          </FormTextField>
          <FormSwitch control={control} name="isPrimary" label="Primary domain" />
          {admin && <AdminDomainFields control={control as never} profileEmpty="Default profile" />}
        </>
      )}
    </EndpointDialog>
  ) : (
    <EndpointDialog
      endpoint="infra.zoneCreateMin" title="Add New Domain" schema={minForm} submitText="Add Domain" onClose={onClose}
      defaultValues={{ opId: opId ?? '', domain: '', token: cfToken ?? '' }}
      input={(v) => { setMinFailure(null); return { query: {}, body: v }; }}
      options={{
        success: M.DOMAIN_ADDED, onDone: (a) => setNameServers(a.data.name_servers),
        // 000 §8: the minimized form's failure is a toast and an alert in the form, not the error dialog.
        errorDialog: false,
        onFailed: (e) => {
          enqueueSnackbar(M.DOMAIN_ADD_FAILED, { variant: 'error' });
          const sent = (e as { messages?: string[] } | null)?.messages ?? [];
          setMinFailure(sent.filter((m) => m !== M.MIN_DOMAIN_FAILED && m !== M.MIN_DOMAIN_FAILED_INLINE));
        },
      }}
    >
      {({ control }) => (
        <>
          <Typography variant="body2"><a href="#" onClick={(e) => { e.preventDefault(); setMode('full'); }}>{switchText}</a></Typography>
          {minFailure && (
            <Alert severity="error" aria-label={M.MIN_DOMAIN_FAILED}>
              <AlertTitle>{M.MIN_DOMAIN_FAILED}</AlertTitle>
              {M.MIN_DOMAIN_FAILED_INLINE}
              {minFailure.map((m) => <Typography key={m} variant="body2">{m}</Typography>)}
            </Alert>
          )}
          <FormOperatorField control={control} required />
          <FormTextField control={control} name="domain" label="Domain" required maxLength={253} placeholder="example.com" />
          {accountField(control as never)}
        </>
      )}
    </EndpointDialog>
  );
}

/** The admin-only part of the domain forms (000 §6): AFD profile and flags. */
function AdminDomainFields({ control, profileEmpty }: { control: never; profileEmpty: string }) {
  const profiles = useQuery({ queryKey: ['infra.afds'], queryFn: () => apiData('infra.afds', { query: {} }) });
  return (
    <>
      <FormTextField control={control} name={'afdProfileName' as never} label="AFD profile" select>
        <MenuItem value="">{profileEmpty}</MenuItem>
        {(profiles.data ?? []).map((p) => <MenuItem key={p.afdProfileName} value={p.afdProfileName}>{p.title} ({p.afdProfileName})</MenuItem>)}
      </FormTextField>
      <FormSwitch control={control} name={'isLocked' as never} label="Locked" />
      <FormSwitch control={control} name={'isB2CPFF' as never} label="Player platform (PPF)" />
      <FormSwitch control={control} name={'isBackoffice' as never} label="Back office" />
      <FormSwitch control={control} name={'isBrand' as never} label="Brand" />
      <FormSwitch control={control} name={'isInternal' as never} label="Internal" />
    </>
  );
}

/**
 * Edit a domain (PUT …/v2/zones, action EDIT): its default language and, for SUPER_ADMIN and ADMIN
 * (000 §6), its AFD profile and flags. Primary is the "Set as primary" action.
 */
export function EditDomainDialog({ zone, onClose }: { zone: ZoneView; onClose: () => void }) {
  const role = useSession().user.role;
  const admin = role === 'SUPER_ADMIN' || role === 'ADMIN';
  return (
    <EndpointDialog
      endpoint="infra.zoneUpdate" title={`Edit ${zone.domainName}`} schema={domainFlags} submitText="Save" onClose={onClose}
      defaultValues={{
        defaultLang: (DEFAULT_LANGS as readonly string[]).includes(zone.defaultLang) ? zone.defaultLang as (typeof DEFAULT_LANGS)[number] : 'en',
        afdProfileName: zone.afdProfileName ?? '', isLocked: zone.isLocked, isB2CPFF: zone.isB2CPFF, isBackoffice: zone.isBackoffice, isBrand: zone.isBrand, isInternal: zone.isInternal,
      }}
      input={(v) => {
        const { afdProfileName, isLocked, isB2CPFF, isBackoffice, isBrand, isInternal, ...rest } = v;
        const flags = admin ? { afdProfileName: afdProfileName || undefined, isLocked, isB2CPFF, isBackoffice, isBrand, isInternal } : {};
        return { body: { domainName: zone.domainName, action: 'EDIT' as const, domainDetails: { ...rest, ...flags } } };
      }}
      options={{ errorTitle: M.ERROR }}
      cancelText="Cancel"
    >
      {({ control }) => (
        <>
          <FormTextField control={control} name="defaultLang" label="Default language" select>
            {DEFAULT_LANGS.map((l) => <MenuItem key={l} value={l}>{languageLabel(l)}</MenuItem>)}
          </FormTextField>
          {admin && <AdminDomainFields control={control as never} profileEmpty={zone.afdProfileName ? 'Keep the current profile' : 'Default profile'} />}
        </>
      )}
    </EndpointDialog>
  );
}

export function AddDnsRecordDialog({ zone, onClose }: { zone: ZoneView; onClose: () => void }) {
  return (
    <EndpointDialog
      endpoint="infra.dnsCreate" title={`Add DNS record to ${zone.domainName}`} schema={dnsRecordFields.extend({ proxied: z.boolean() })} submitText="Add" onClose={onClose}
      defaultValues={{ type: 'CNAME', name: '', content: '', proxied: true }}
      input={(v) => ({ body: { opId: zone.opId, domainName: zone.domainName, dnsRecordType: v.type, dnsRecordName: v.name, dnsRecordContent: v.content, isDnsRecordProxied: v.proxied } })}
      options={{ success: M.DNS_ADDED, errorTitle: M.DNS_ADD_FAILED }}
    >
      {({ control }) => (
        <>
          <FormTextField control={control} name="type" label="Type" required select>
            <MenuItem value="CNAME">CNAME</MenuItem><MenuItem value="TXT">TXT</MenuItem>
          </FormTextField>
          <FormTextField control={control} name="name" label="Name" required maxLength={25} />
          <FormTextField control={control} name="content" label="Content" required maxLength={25} />
          <FormSwitch control={control} name="proxied" label="Proxied" />
        </>
      )}
    </EndpointDialog>
  );
}

export function AfdProfileDialog({ profile, onClose }: { profile?: AfdProfileView; onClose: () => void }) {
  if (profile) {
    return (
      <EndpointDialog
        endpoint="infra.afdUpdate" title={`Edit ${profile.title}`} schema={afdProfileUpdateForm} submitText="Save" onClose={onClose}
        defaultValues={{ afdProfileName: profile.afdProfileName, title: profile.title, description: profile.description ?? '', note: profile.note ?? '', isDefault: profile.isDefault }}
        input={(v) => ({ body: v })}
      >
        {({ control }) => (
          <>
            <FormTextField control={control} name="title" label="Title" required maxLength={100} />
            <FormTextField control={control} name="description" label="Description" maxLength={500} />
            <FormTextField control={control} name="note" label="Note" maxLength={500} />
            <FormSwitch control={control} name="isDefault" label="Default profile" />
            <Typography variant="body2" color="text.secondary">
              Prefixes (not editable): endpoint {profile.endpointNamePrefix}, PPF route {profile.ppfRouteNamePrefix}, API route {profile.apiRouteNamePrefix}, back office route {profile.boRouteNamePrefix}.
            </Typography>
          </>
        )}
      </EndpointDialog>
    );
  }
  return (
    <EndpointDialog
      endpoint="infra.afdCreate" title="Add AFD Profile" schema={afdProfileCreateForm} submitText="Add" onClose={onClose}
      defaultValues={{ title: '', description: '', note: '', isDefault: false, managedIdentityClientId: '', resourceGroup: '', afdProfileName: '', endpointNamePrefix: '', ppfRouteNamePrefix: '', apiRouteNamePrefix: '', boRouteNamePrefix: '', options: { skipExistingAfdProfileCheck: false } }}
      input={(v) => ({ body: v })}
    >
      {({ control }) => (
        <>
          <FormTextField control={control} name="title" label="Title" required maxLength={100} />
          <FormTextField control={control} name="managedIdentityClientId" label="Managed identity client ID" required maxLength={100} />
          <FormTextField control={control} name="resourceGroup" label="Resource group" required maxLength={90} />
          <FormTextField control={control} name="afdProfileName" label="Profile name" required maxLength={100} />
          <FormTextField control={control} name="endpointNamePrefix" label="Endpoint name prefix" maxLength={20} placeholder="ep" />
          <FormTextField control={control} name="ppfRouteNamePrefix" label="PPF route prefix" maxLength={20} placeholder="ppf" />
          <FormTextField control={control} name="apiRouteNamePrefix" label="API route prefix" maxLength={20} placeholder="api" />
          <FormTextField control={control} name="boRouteNamePrefix" label="Back office route prefix" maxLength={20} placeholder="bo" />
          <FormTextField control={control} name="description" label="Description" maxLength={500} />
          <FormSwitch control={control} name="isDefault" label="Default profile" />
          <FormSwitch control={control} name="options.skipExistingAfdProfileCheck" label="Skip the check that the profile exists at Azure" />
        </>
      )}
    </EndpointDialog>
  );
}

export function CustomDomainDialog({ onClose }: { onClose: () => void }) {
  return (
    <EndpointDialog
      endpoint="dev.customDomainCreate" title="Create Custom Domain" schema={customDomainCreateForm} submitText="Create" onClose={onClose}
      defaultValues={{ domain: '', target: 'player' }}
      input={(v) => ({ body: v })}
    >
      {({ control }) => (
        <>
          <FormTextField control={control} name="domain" label="Domain" required maxLength={25} placeholder="play.example.com" />
          <FormTextField control={control} name="target" label="Target" required select>
            {CUSTOM_DOMAIN_TARGETS.map((t) => <MenuItem key={t} value={t}>{t === 'player' ? 'Player site' : 'Back office'}</MenuItem>)}
          </FormTextField>
        </>
      )}
    </EndpointDialog>
  );
}

export function DevDnsDialog({ opId, record, onClose }: { opId: string; record?: DnsRecordView; onClose: () => void }) {
  if (record) {
    return (
      <EndpointDialog
        endpoint="dev.dnsUpdate" title="Edit DNS Record" schema={devDnsUpdateForm} submitText="Save" onClose={onClose}
        defaultValues={{ id: record.id, type: record.type as 'TXT' | 'CNAME', name: record.name.split('.')[0] ?? '', content: record.content }}
        input={(v) => ({ query: { opId }, body: v })}
      >
        {({ control }) => <DnsFields control={control as never} />}
      </EndpointDialog>
    );
  }
  return (
    <EndpointDialog
      endpoint="dev.dnsCreate" title="Add DNS Record" schema={devDnsCreateForm} submitText="Add" onClose={onClose}
      defaultValues={{ type: 'CNAME', name: '', content: '' }}
      input={(v) => ({ query: { opId }, body: v })}
      options={{ success: M.DNS_ADDED, errorTitle: M.DNS_ADD_FAILED }}
    >
      {({ control }) => <DnsFields control={control as never} />}
    </EndpointDialog>
  );
}

function DnsFields({ control }: { control: never }) {
  return (
    <>
      <FormTextField control={control} name={'type' as never} label="Type" required select>
        <MenuItem value="CNAME">CNAME</MenuItem><MenuItem value="TXT">TXT</MenuItem>
      </FormTextField>
      <FormTextField control={control} name={'name' as never} label="Name" required maxLength={25} />
      <FormTextField control={control} name={'content' as never} label="Content" required maxLength={25} />
    </>
  );
}
