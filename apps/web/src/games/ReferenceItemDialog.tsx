import { z } from 'zod';
import { Stack } from '@mui/material';
import { ALL_OPERATORS, GAME_MESSAGES, LANGUAGES, categoryForm, jurisdictionForm, originalProviderForm } from '@pitboss/contract';
import { LANGUAGE_LABELS } from '@pitboss/contract/constants';
import { EndpointDialog } from '../kit/actions/EndpointDialog';
import { FormTextField } from '../kit/actions/FormTextField';
import { FormOperatorField } from '../kit/actions/FormOperatorField';
import { FormChipsField } from '../kit/actions/FormChipsField';
import { offersGames } from './common';
import { KINDS, keyOf, titleOf, type Kind, type Row } from './referenceKinds';

/**
 * The form of a reference item: operator (* all), slug or code, the title per language, and the
 * description per language (000 §3) or the provider's aliases. Every language's text is in the
 * form, so a save (which replaces the item's texts) keeps the languages it did not change.
 */
export default function ReferenceItemDialog({ kind, row, onClose }: { kind: Kind; row: Row | null; onClose: () => void }) {
  const k = KINDS[kind];
  const isProvider = kind === 'provider';
  const texts = row ? titleOf(row) : {};
  const schema = (isProvider ? originalProviderForm : kind === 'jurisdiction' ? jurisdictionForm : categoryForm) as unknown as z.ZodType<Record<string, unknown>, Record<string, unknown>>;
  const defaults: Record<string, unknown> = {
    opId: row?.opId ?? ALL_OPERATORS, [k.key]: row ? keyOf(row) : '',
    ...(isProvider
      ? { id: row?.id, aliases: row && 'aliases' in row ? row.aliases : [], displayName: Object.fromEntries(LANGUAGES.map((l) => [l, texts[l] ?? ''])) }
      : { isNew: !row, title: Object.fromEntries(LANGUAGES.map((l) => [l, texts[l] ?? ''])), description: Object.fromEntries(LANGUAGES.map((l) => [l, row && 'description' in row ? row.description[l] ?? '' : ''])) }),
  };
  return (
    <EndpointDialog
      endpoint={(row ? k.update : k.create) as 'games.categorySave'}
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
            <FormTextField control={control} name={k.key} label={k.keyLabel} disabled={!!row && !isProvider} maxLength={64} hint={() => (isProvider ? GAME_MESSAGES.PROVIDER_SLUG_INVALID : GAME_MESSAGES.SLUG_INVALID)} />
            {LANGUAGES.map((l) => (
              <FormTextField key={l} control={control} name={`${k.nameField}.${l}`} label={`${k.nameLabel} (${LANGUAGE_LABELS[l]})`} required={l === 'en'} maxLength={500} />
            ))}
            {isProvider ? (
              <FormChipsField control={control} name="aliases" label="Aliases" options={[]} freeSolo hint="Type an alias, then Enter" />
            ) : LANGUAGES.map((l) => (
              <FormTextField key={`description-${l}`} control={control} name={`description.${l}`} label={`Description (${LANGUAGE_LABELS[l]})`} multiline minRows={2} maxLength={500} />
            ))}
          </Stack>
        );
      }}
    </EndpointDialog>
  );
}

