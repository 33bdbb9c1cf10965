import { Suspense, useState } from 'react';
import { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import { Button, Table, TableBody, TableHead, TableRow } from '@mui/material';
import { TableCell } from '../kit/TableCell';
import { INFRA_MESSAGES as M } from '@pitboss/contract';
import type { CfAccountView } from '@pitboss/contract/endpoint-schemas';
import { DeleteAction } from '../kit/actions/DeleteAction';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { DetailDrawer } from '../kit/DetailDrawer';
import { Fields } from '../kit/Fields';
import { JsonBlock } from '../kit/JsonBlock';
import { ListPage, type Column, type DrawerContext } from '../kit/ListPage';
import { lazyDialog } from '../kit/lazyDialog';
import { operatorName } from '../kit/operator';
import { useListParams } from '../kit/useListParams';
import { useFormatTime, useSession } from '../shell/session';
import { useCanCall } from '../shell/useCanCall';
import { zonesPage } from './parts';

const AddCfAccountDialog = lazyDialog(() => import('./dialogs'), 'AddCfAccountDialog');
const EditCfAccountDialog = lazyDialog(() => import('./dialogs'), 'EditCfAccountDialog');

const urlShape = { search: z.string().trim().min(1).max(100).optional() };

function AccountDomains({ a }: { a: CfAccountView }) {
  const q = useQuery({ queryKey: ['infra.zones', { cfAccountCode: a.cfAccountCode }], queryFn: () => zonesPage({ cfAccountCode: a.cfAccountCode, limit: 100 }) });
  return (
    <Table size="small" aria-label="Domains of the account">
      <TableHead><TableRow><TableCell>Domain</TableCell><TableCell>Operator/Brand</TableCell><TableCell>CF Status</TableCell></TableRow></TableHead>
      <TableBody>
        {(q.data?.items ?? []).length === 0 && <TableRow><TableCell colSpan={3}>No data found</TableCell></TableRow>}
        {(q.data?.items ?? []).map((d) => (
          <TableRow key={d.domainName}><TableCell>{d.domainName}{d.isPrimary ? ' (primary)' : ''}</TableCell><TableCell>{operatorName(d)}</TableCell><TableCell>{d.cfZoneStatus ?? '—'}</TableCell></TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Cloudflare Account Details: Details, Domains and (SUPER_ADMIN alone, 000 §6) JSON — without the secret, which no answer holds. */
function AccountDrawer({ ctx }: { ctx: DrawerContext<CfAccountView> }) {
  const fmt = useFormatTime();
  const superAdmin = useSession().user.role === 'SUPER_ADMIN';
  const canCall = useCanCall();
  const [editing, setEditing] = useState(false);
  const remove = useEndpointMutation('infra.cfAccountDelete', { success: M.CF_ACCOUNT_DELETED, onDone: ctx.close });
  const a = ctx.row;
  if (!a) return null;
  return (
    <>
      <DetailDrawer
        open title={a.title} onClose={ctx.close} hasPrev={!!ctx.prevKey} hasNext={!!ctx.nextKey} onPrev={() => ctx.step(-1)} onNext={() => ctx.step(1)}
        headerActions={(
          <>
            {canCall('infra.cfAccountUpdate') && <Button size="small" variant="outlined" onClick={() => setEditing(true)}>Edit</Button>}
            {canCall('infra.cfAccountDelete') && (
              <DeleteAction title="Delete Cloudflare Account" description={`Delete ${a.title} (${a.cfAccountCode})? Its domains must be deleted first.`} typeToConfirm={a.cfAccountCode}
                busy={remove.isPending} button={{ size: 'small' }} onConfirmed={() => remove.mutate({ query: { cfAccountCode: a.cfAccountCode, opId: a.opId, accountId: a.cfAccountId } })} />
            )}
          </>
        )}
        tabs={[
          {
            label: 'Details', content: <Fields items={[
              { label: 'Operator/Brand', value: operatorName(a) }, { label: 'CF code', value: a.cfAccountCode }, { label: 'Account ID', value: a.cfAccountId },
              { label: 'API token', value: a.token }, { label: 'Description', value: a.description ?? '—' }, { label: 'Note', value: a.note ?? '—' },
              { label: 'Domains', value: a.domains }, { label: 'Created', value: `${fmt(a.createdAt)}${a.createdBy ? ` by ${a.createdBy}` : ''}` }, { label: 'Updated', value: fmt(a.updatedAt) },
            ]} />,
          },
          { label: 'Domains', content: <AccountDomains a={a} /> },
          ...(superAdmin ? [{ label: 'JSON', content: <JsonBlock value={a} /> }] : []),
        ]}
      />
      {editing && <Suspense fallback={null}><EditCfAccountDialog a={a} onClose={() => setEditing(false)} /></Suspense>}
    </>
  );
}

/** /settings/cf-account-v2: the Cloudflare accounts (tokens masked), Add Cloudflare Account, the account drawer. */
export default function CfAccountsPage() {
  const list = useListParams(urlShape);
  const fmt = useFormatTime();
  const canCall = useCanCall();
  const [adding, setAdding] = useState(false);
  const columns: Column<CfAccountView>[] = [
    { key: 'title', header: 'Title', render: (a) => a.title, simple: true },
    { key: 'operator', header: 'Operator/Brand', render: (a) => operatorName(a) },
    { key: 'code', header: 'CF Code', render: (a) => a.cfAccountCode, simple: true },
    { key: 'accountId', header: 'CF Account ID', render: (a) => a.cfAccountId },
    { key: 'token', header: 'API token', render: (a) => a.token },
    { key: 'domains', header: 'Domains', align: 'right', render: (a) => a.domains },
    { key: 'createdAt', header: 'Created', render: (a) => fmt(a.createdAt) },
  ];
  return (
    <>
      <ListPage<CfAccountView>
        label="Cloudflare accounts" endpoint="infra.cfAccounts" list={list} columns={columns} rowKey={(a) => a.cfAccountCode}
        filters={[{ name: 'search', label: 'Title, code or account ID', maxLength: 100 }]}
        toolbar={canCall('infra.cfAccountCreate') ? <Button size="small" variant="contained" onClick={() => setAdding(true)}>Add Cloudflare Account</Button> : undefined}
        renderDrawer={(ctx) => <AccountDrawer ctx={ctx} />}
      />
      {adding && <Suspense fallback={null}><AddCfAccountDialog opId={typeof list.params.opId === 'string' ? list.params.opId : undefined} onClose={() => setAdding(false)} /></Suspense>}
    </>
  );
}
