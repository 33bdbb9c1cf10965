import { Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { z } from 'zod';
import { Button, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import {
  ALL_OPERATORS, GAME_MESSAGES, LANGUAGES, categoryForm, itemOperatorLabel, jurisdictionForm, originalProviderForm,
  type GameRefView, type JurisdictionView, type OriginalProviderView,
} from '@pitboss/contract';
import type { EndpointName } from '@pitboss/contract/endpoints';
import { LANGUAGE_LABELS } from '@pitboss/contract/profile';
import { ListPage, type Column } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import { RecordDrawer } from '../kit/RecordDrawer';
import { useListParams } from '../kit/useListParams';
import { EndpointDialog } from '../kit/actions/EndpointDialog';
import { FormTextField } from '../kit/actions/FormTextField';
import { FormOperatorField } from '../kit/actions/FormOperatorField';
import { DeleteAction } from '../kit/actions/DeleteAction';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { useFormatTime } from '../shell/session';
import { useCanCall } from '../shell/useCanCall';
import { offersGames, withoutShellScope } from './common';
import { CsvField } from './CsvField';

type Row = GameRefView | JurisdictionView | OriginalProviderView;
type Kind = 'category' | 'tag' | 'jurisdiction' | 'provider';

/** One configuration per route: its list, save and delete calls and its words. */
const KINDS: Record<Kind, { label: string; list: 'games.categoriesList' | 'games.tagsList' | 'games.jurisdictionsList' | 'games.providersList'; key: 'slug' | 'code'; newText: string; editText: string }> = {
  category: { label: 'Game Categories', list: 'games.categoriesList', key: 'slug', newText: 'New Game Category', editText: 'Edit Game Category' },
  tag: { label: 'Game Tags', list: 'games.tagsList', key: 'slug', newText: 'New Game Tag', editText: 'Edit Game Tag' },
  jurisdiction: { label: 'Jurisdictions', list: 'games.jurisdictionsList', key: 'code', newText: 'New Jurisdiction', editText: 'Edit Jurisdiction' },
  provider: { label: 'Original Providers', list: 'games.providersList', key: 'slug', newText: 'New Original Provider', editText: 'Edit Original Provider' },
};
const kindOf = (pathname: string): Kind =>
  (pathname.includes('categories') ? 'category' : pathname.includes('tags') ? 'tag' : pathname.includes('jurisdictions') ? 'jurisdiction' : 'provider');

const urlShape = { search: z.string().trim().min(1).max(64).optional() };
const FILTERS: FilterDef[] = [{ name: 'search', label: 'Slug, code or English title', maxLength: 64 }];

const keyOf = (r: Row): string => ('code' in r ? r.code : r.slug);
const titleOf = (r: Row): Record<string, string> => ('displayName' in r ? r.displayName : r.title);

/** The form of a reference item: operator (* all), slug or code, the title per language, the English description or the provider's aliases. */
function ItemDialog({ kind, row, onClose }: { kind: Kind; row: Row | null; onClose: () => void }) {
  const k = KINDS[kind];
  const isProvider = kind === 'provider';
  const texts = row ? titleOf(row) : {};
  const schema = (isProvider ? originalProviderForm : kind === 'jurisdiction' ? jurisdictionForm : categoryForm) as unknown as z.ZodType<Record<string, unknown>, Record<string, unknown>>;
  const endpoint: EndpointName = isProvider ? (row ? 'games.providerUpdate' : 'games.providerCreate') : kind === 'category' ? 'games.categorySave' : kind === 'tag' ? 'games.tagSave' : 'games.jurisdictionSave';
  const defaults: Record<string, unknown> = {
    opId: row?.opId ?? ALL_OPERATORS, [k.key]: row ? keyOf(row) : '',
    ...(isProvider
      ? { id: row?.id, aliases: row && 'aliases' in row ? row.aliases : [], displayName: Object.fromEntries(LANGUAGES.map((l) => [l, texts[l] ?? ''])) }
      : { isNew: !row, title: Object.fromEntries(LANGUAGES.map((l) => [l, texts[l] ?? ''])), description: { en: row && 'description' in row ? row.description.en ?? '' : '' } }),
  };
  const nameField = isProvider ? 'displayName' : 'title';
  return (
    <EndpointDialog
      endpoint={endpoint as 'games.categorySave'}
      title={row ? k.editText : k.newText}
      schema={schema as never}
      defaultValues={defaults as never}
      submitText={row ? 'Save' : 'Add'}
      drawer
      input={(v) => ({ body: v as never })}
      onClose={onClose}
    >
      {(form) => {
        const control = form.control as never;
        return (
          <Stack spacing={2}>
            <FormOperatorField control={control} label="Operator" disabled={!!row && !isProvider} leading={[{ value: ALL_OPERATORS, label: 'All operators (*)' }]} filter={offersGames} />
            <FormTextField control={control} name={k.key} label={k.key === 'code' ? 'Code' : 'Slug'} disabled={!!row && !isProvider} maxLength={64} hint={() => GAME_MESSAGES.SLUG_INVALID} />
            {LANGUAGES.map((l) => (
              <FormTextField key={l} control={control} name={`${nameField}.${l}`} label={`${isProvider ? 'Display name' : 'Title'} (${LANGUAGE_LABELS[l]})`} required={l === 'en'} maxLength={500} />
            ))}
            {isProvider ? (
              <CsvField control={control} name="aliases" label="Aliases (comma separated)" keepEmpty />
            ) : <FormTextField control={control} name="description.en" label="Description (English)" multiline minRows={2} maxLength={500} />}
          </Stack>
        );
      }}
    </EndpointDialog>
  );
}

function DeleteItem({ kind, row, onGone }: { kind: Kind; row: Row; onGone: () => void }) {
  const name = kind === 'category' ? 'games.categoryDelete' : kind === 'tag' ? 'games.tagDelete' : kind === 'jurisdiction' ? 'games.jurisdictionDelete' : 'games.providerDelete';
  const del = useEndpointMutation(name as 'games.categoryDelete', { onDone: onGone });
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
  const list = useListParams(urlShape);
  const fmt = useFormatTime();
  const canCall = useCanCall();
  const saveName: EndpointName = kind === 'category' ? 'games.categorySave' : kind === 'tag' ? 'games.tagSave' : kind === 'jurisdiction' ? 'games.jurisdictionSave' : 'games.providerCreate';
  const mayEdit = canCall(saveName);
  const [editing, setEditing] = useState<Row | null | undefined>(undefined);
  const columns: Column<Row>[] = [
    { key: 'key', header: k.key === 'code' ? 'Code' : 'Slug', render: keyOf },
    { key: 'title', header: kind === 'provider' ? 'Display name' : 'Title', render: (r) => titleOf(r).en ?? '' },
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
              { label: k.key === 'code' ? 'Code' : 'Slug', value: keyOf },
              { label: 'Operator', value: (r) => itemOperatorLabel(r.opId, r.opTitle) },
              ...LANGUAGES.map((l) => ({ label: `${kind === 'provider' ? 'Display name' : 'Title'} (${LANGUAGE_LABELS[l]})`, value: (r: Row) => titleOf(r)[l] ?? '—' })),
              ...(kind === 'provider' ? [{ label: 'Aliases', value: (r: Row) => ('aliases' in r ? r.aliases.join(', ') || '—' : '—') }]
                : [{ label: 'Description', value: (r: Row) => ('description' in r ? r.description.en ?? '—' : '—') }]),
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
