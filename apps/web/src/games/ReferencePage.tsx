import { Suspense, lazy, useState } from 'react';
import { useLocation } from 'react-router';
import { z } from 'zod';
import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import { GAME_REFERENCE_PAGE_SIZE, LANGUAGES, itemOperatorLabel } from '@pitboss/contract';
import { LANGUAGE_LABELS } from '@pitboss/contract/constants';
import { ListPage, type Column } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import { RecordDrawer } from '../kit/RecordDrawer';
import { useListParams } from '../kit/useListParams';
import { DeleteAction } from '../kit/actions/DeleteAction';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { useFormatTime } from '../shell/session';
import { useCanCall } from '../shell/useCanCall';
import { withoutShellScope } from './common';
import { KINDS, keyOf, kindOf, titleOf, type Kind, type Row } from './referenceKinds';

const ItemDialog = lazy(() => import('./ReferenceItemDialog'));

const urlShape = { search: z.string().trim().min(1).max(64).optional() };
const FILTERS: FilterDef[] = [{ name: 'search', label: 'Slug, code or English title', maxLength: 64 }];

function DeleteItem({ kind, row, onGone }: { kind: Kind; row: Row; onGone: () => void }) {
  const del = useEndpointMutation(KINDS[kind].remove as 'games.categoryDelete', { onDone: onGone });
  const query = kind === 'provider' ? { opId: row.opId, id: row.id } : kind === 'jurisdiction' ? { opId: row.opId, code: keyOf(row) } : { opId: row.opId, slug: keyOf(row) };
  return (
    <DeleteAction
      title={`Delete ${keyOf(row)}?`} description="Games lose this reference once no operator's item of it remains." busy={del.isPending}
      button={{ size: 'small' }} onConfirmed={() => del.mutate({ query } as never)}
    />
  );
}

/** /gamesV2/categories, /gamesV2/tags, /gamesV2/jurisdictions, /gamesV2/original-providers/list: one page, four configurations. */
export default function ReferencePage() {
  const { pathname } = useLocation();
  const kind = kindOf(pathname);
  const k = KINDS[kind];
  // The reference lists load 100 rows a page (000 §9).
  const list = useListParams(urlShape, { defaultLimit: GAME_REFERENCE_PAGE_SIZE });
  const fmt = useFormatTime();
  const canCall = useCanCall();
  const mayEdit = canCall(k.create);
  const [editing, setEditing] = useState<Row | null | undefined>(undefined);
  const columns: Column<Row>[] = [
    { key: 'key', header: k.keyLabel, render: keyOf },
    { key: 'title', header: k.nameLabel, render: (r) => titleOf(r).en ?? '' },
    { key: 'languages', header: 'Languages', render: (r) => Object.keys(titleOf(r)).join(', ') },
    ...(kind === 'provider' ? [{ key: 'aliases', header: 'Aliases', render: (r: Row) => ('aliases' in r ? r.aliases.join(', ') : '') }] : []),
    { key: 'operator', header: 'Operator', render: (r) => itemOperatorLabel(r.opId, r.opTitle) },
    { key: 'updatedAt', header: 'Updated', render: (r) => fmt(r.updatedAt) },
  ];
  return (
    <>
      <ListPage<Row>
        key={kind}
        label={k.label}
        endpoint={k.list}
        list={list}
        columns={columns}
        filters={FILTERS}
        rowKey={(r) => r.id}
        toRequest={withoutShellScope}
        toolbar={mayEdit ? <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(null)}>{k.newText}</Button> : undefined}
        renderDrawer={(ctx) => (
          <RecordDrawer
            ctx={ctx}
            title={(r) => `${titleOf(r).en ?? keyOf(r)} (${keyOf(r)})`}
            fields={[
              { label: k.keyLabel, value: keyOf },
              { label: 'Operator', value: (r) => itemOperatorLabel(r.opId, r.opTitle) },
              ...LANGUAGES.map((l) => ({ label: `${k.nameLabel} (${LANGUAGE_LABELS[l]})`, value: (r: Row) => titleOf(r)[l] ?? '—' })),
              ...(kind === 'provider' ? [{ label: 'Aliases', value: (r: Row) => ('aliases' in r ? r.aliases.join(', ') || '—' : '—') }]
                : LANGUAGES.map((l) => ({ label: `Description (${LANGUAGE_LABELS[l]})`, value: (r: Row) => ('description' in r ? r.description[l] ?? '—' : '—') }))),
              { label: 'Created', value: (r) => fmt(r.createdAt) },
              { label: 'Updated', value: (r) => fmt(r.updatedAt) },
            ]}
            actions={mayEdit ? (r) => (
              <>
                <Button size="small" startIcon={<EditIcon />} onClick={() => setEditing(r)}>Edit</Button>
                <DeleteItem kind={kind} row={r} onGone={ctx.close} />
              </>
            ) : undefined}
          />
        )}
      />
      <Suspense fallback={null}>{editing !== undefined && <ItemDialog kind={kind} row={editing} onClose={() => setEditing(undefined)} />}</Suspense>
    </>
  );
}
