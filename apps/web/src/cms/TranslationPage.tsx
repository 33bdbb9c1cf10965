import { useState } from 'react';
import { z } from 'zod';
import { Box, Button, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { DICTIONARY_DEFAULT_PARTITION, DICTIONARY_LANGUAGES, DICTIONARY_LANGUAGE_LABELS, RTL_LANGUAGES, translationForm, type TranslationView } from '@pitboss/contract';
import { ListPage, type Column } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import { useListParams } from '../kit/useListParams';
import { FormDialog } from '../kit/actions/FormDialog';
import { FormTextField } from '../kit/actions/FormTextField';
import { DeleteAction } from '../kit/actions/DeleteAction';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { useFormatTime } from '../shell/session';
import { useCanCall } from '../shell/useCanCall';

const urlShape = { search: z.string().trim().min(1).max(200).optional() };
const FILTERS: FilterDef[] = [{ name: 'search', label: 'Key or English text', maxLength: 200 }];
const blank = Object.fromEntries(DICTIONARY_LANGUAGES.map((l) => [l, '']));

/** Create/Edit Translation (002 §2, §5): the key is disabled on edit; Arabic, Persian and Sorani are typed right-to-left. */
function TranslationDialog({ entry, onClose }: { entry: TranslationView | null; onClose: () => void }) {
  const save = useEndpointMutation('dictionary.save', { onDone: onClose });
  const del = useEndpointMutation('dictionary.delete', { onDone: onClose });
  const canCall = useCanCall();
  return (
    <FormDialog
      title={entry ? 'Edit Translation' : 'Create Translation'}
      schema={translationForm}
      defaultValues={entry ? { partitionKey: entry.partitionKey, rowKey: entry.rowKey, ...blank, ...entry.texts } : { partitionKey: DICTIONARY_DEFAULT_PARTITION, rowKey: '', ...blank }}
      submitText="Save"
      maxWidth="md"
      busy={save.isPending || del.isPending}
      onSubmit={(v) => save.mutate({ body: { ...v, isNew: !entry } })}
      onClose={onClose}
      actions={() => entry && canCall('dictionary.delete') && (
        <DeleteAction title="Delete translation" description={`Delete the translation "${entry.rowKey}"?`} busy={del.isPending}
          onConfirmed={() => del.mutate({ query: { rowKey: entry.rowKey, partitionKey: entry.partitionKey } })} />
      )}
    >
      {(form) => (
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Stack direction="row" spacing={2}>
            <FormTextField control={form.control} name="partitionKey" label="Partition" disabled={!!entry} maxLength={50} />
            <FormTextField control={form.control} name="rowKey" label="Key" disabled={!!entry} maxLength={200} fullWidth />
          </Stack>
          {DICTIONARY_LANGUAGES.map((l) => (
            <FormTextField key={l} control={form.control} name={l} label={DICTIONARY_LANGUAGE_LABELS[l]} maxLength={2000} fullWidth
              dir={RTL_LANGUAGES.includes(l) ? 'rtl' : 'ltr'} slotProps={{ htmlInput: { maxLength: 2000, dir: RTL_LANGUAGES.includes(l) ? 'rtl' : 'ltr', lang: l } }} />
          ))}
        </Stack>
      )}
    </FormDialog>
  );
}

/** /settings/translation: the dictionary (partition b2c by default), searchable; SUPER_ADMIN and ADMIN create, edit and delete. */
export default function TranslationPage() {
  const list = useListParams(urlShape);
  const fmt = useFormatTime();
  const canCall = useCanCall();
  const [editing, setEditing] = useState<TranslationView | 'new' | null>(null);
  const columns: Column<TranslationView>[] = [
    { key: 'rowKey', header: 'Key', render: (e) => e.rowKey, simple: true },
    { key: 'en', header: 'English', render: (e) => e.texts.en ?? '—', simple: true },
    { key: 'ar', header: 'Arabic', render: (e) => <span dir="rtl">{e.texts.ar ?? '—'}</span> },
    { key: 'tr', header: 'Turkish', render: (e) => e.texts.tr ?? '—' },
    { key: 'updatedAt', header: 'Updated', render: (e) => `${fmt(e.updatedAt)} · ${e.updatedBy ?? '—'}` },
  ];
  return (
    <Box>
      <ListPage<TranslationView>
        label="Translations"
        endpoint="dictionary.list"
        list={list}
        columns={columns}
        filters={FILTERS}
        rowKey={(e) => `${e.partitionKey}/${e.rowKey}`}
        toRequest={({ opId: _o, includeBrands: _b, isTest: _t, ...b }) => b}
        onRowClick={canCall('dictionary.save') ? (e) => setEditing(e) : undefined}
        toolbar={canCall('dictionary.save') ? <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>Create Translation</Button> : undefined}
      />
      {editing && <TranslationDialog entry={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Box>
  );
}
