import { Suspense, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, CircularProgress, MenuItem, Paper, Stack, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import UploadIcon from '@mui/icons-material/Upload';
import {
  COUNTRIES, COUNTRY_CODES, GAME_MESSAGES, GAME_STATUSES, GAME_STATUS_LABELS, GAME_TAG_BADGES, GAME_TAG_BADGE_LABELS, gameUpdateForm, imageKind,
  mayViewGameJson, type GameDetailsView,
} from '@pitboss/contract';
import { apiData } from '../api/endpoint';
import { Fields } from '../kit/Fields';
import { JsonBlock } from '../kit/JsonBlock';
import { EndpointDialog } from '../kit/actions/EndpointDialog';
import { FormTextField } from '../kit/actions/FormTextField';
import { FormChipsField, type ChipOption } from '../kit/actions/FormChipsField';
import { DeleteAction } from '../kit/actions/DeleteAction';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { useApiError } from '../kit/ErrorDialog';
import { useConfirm } from '../kit/useConfirm';
import { useFormatTime, useSession } from '../shell/session';
import { useCanCall } from '../shell/useCanCall';
import { GameImage, GameStatusChip, searchJurisdictions } from './common';
import { EnableOperators } from './EnableOperators';

const COUNTRY_OPTIONS: ChipOption[] = COUNTRY_CODES.map((c) => ({ value: c, label: `${COUNTRIES[c] ?? c} (${c})` }));

/** A reference item (category, tag, jurisdiction) by its English title, its slug or code beside it. */
const named = (items: { slug?: string; code?: string; title: Record<string, string> }[] | undefined): ChipOption[] =>
  [...new Map((items ?? []).map((x) => {
    const v = x.slug ?? x.code ?? '';
    return [v, { value: v, label: x.title.en ? `${x.title.en} (${v})` : v }] as const;
  })).values()];

/** The catalogue's categories, tags and jurisdictions (every operator's, 100 each), to show and pick games' values by name. */
function useGameReferences() {
  const canCall = useCanCall();
  const body = { body: { limit: 100 } };
  // A role that may not read a reference list sees those values by their codes.
  const cats = useQuery({ queryKey: ['games.categoriesList', 'all'], queryFn: () => apiData('games.categoriesList', body), enabled: canCall('games.categoriesList') });
  const tags = useQuery({ queryKey: ['games.tagsList', 'all'], queryFn: () => apiData('games.tagsList', body), enabled: canCall('games.tagsList') });
  const jurisdictions = useQuery({ queryKey: ['games.jurisdictionsList', 'all'], queryFn: () => apiData('games.jurisdictionsList', body), enabled: canCall('games.jurisdictionsList') });
  return {
    categories: named(cats.data?.items), tags: named(tags.data?.items), jurisdictions: named(jurisdictions.data?.items),
    loading: cats.isLoading || tags.isLoading || jurisdictions.isLoading,
  };
}

/** The values of a list as staff read them: each by its name where known. */
const namesOf = (values: string[], options: ChipOption[]): string => {
  const m = new Map(options.map((o) => [o.value, o.label]));
  return values.map((v) => m.get(v) ?? v).join(', ') || '—';
};

/**
 * Update game (000 §7): status, order, categories, sub-categories, tags, jurisdictions, tag, display
 * RTP, restricted countries. Jurisdictions are looked up by the server's autocomplete from 2
 * characters (000 §7 POST /api/gamesV2/jurisdictions/search).
 */
function EditGameDialog({ game, onClose }: { game: GameDetailsView; onClose: () => void }) {
  const refs = useGameReferences();
  const canCall = useCanCall();
  return (
    <EndpointDialog
      endpoint="games.update"
      title={`Edit ${game.title}`}
      schema={gameUpdateForm}
      drawer
      defaultValues={{
        id: game.id, status: game.status as never, order: game.order, categories: game.categories, subCategories: game.subCategories, tags: game.tags,
        jurisdictions: game.jurisdictions, tag: (game.tag ?? null) as never, displayRTP: game.displayRTP, restrictedCountries: game.restrictedCountries,
      }}
      submitText="Save"
      input={(v) => ({ body: v })}
      onClose={onClose}
    >
      {(form) => (
        <Stack spacing={2}>
          <FormTextField control={form.control} name="status" label="Status" select>
            {GAME_STATUSES.map((s) => <MenuItem key={s} value={s}>{GAME_STATUS_LABELS[s]}</MenuItem>)}
          </FormTextField>
          <FormTextField control={form.control} name="order" label="Order" type="number" />
          <FormChipsField control={form.control} name="categories" label="Categories" options={refs.categories} loading={refs.loading} />
          <FormChipsField control={form.control} name="subCategories" label="Sub-categories" options={refs.categories} loading={refs.loading} />
          <FormChipsField control={form.control} name="tags" label="Tags" options={refs.tags} loading={refs.loading} />
          <FormChipsField
            control={form.control} name="jurisdictions" label="Jurisdictions" options={refs.jurisdictions} loading={refs.loading}
            search={canCall('games.jurisdictionsSearch') ? searchJurisdictions : undefined} hint={canCall('games.jurisdictionsSearch') ? 'Type 2 characters of a name or code' : undefined}
          />
          <FormTextField control={form.control} name="tag" label="Tag" select onValue={(v) => form.setValue('tag', (v || null) as never, { shouldValidate: true })}>
            <MenuItem value="">None</MenuItem>
            {GAME_TAG_BADGES.map((t) => <MenuItem key={t} value={t}>{GAME_TAG_BADGE_LABELS[t]}</MenuItem>)}
          </FormTextField>
          <FormTextField
            control={form.control} name="displayRTP" label="Display RTP (%)" maxLength={6}
            onValue={(v) => form.setValue('displayRTP', (v.trim() || null) as never, { shouldValidate: true })}
          />
          <FormChipsField control={form.control} name="restrictedCountries" label="Restricted countries" options={COUNTRY_OPTIONS} />
        </Stack>
      )}
    </EndpointDialog>
  );
}

/** Upload a game image: only images (000 §5), checked here by their bytes before sending, and again by the server. */
function ImageUpload({ game }: { game: GameDetailsView }) {
  const input = useRef<HTMLInputElement>(null);
  const report = useApiError();
  const send = useEndpointMutation('games.imageUpload');
  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (!imageKind(new Uint8Array(await file.slice(0, 16).arrayBuffer()))) { report(new Error(GAME_MESSAGES.IMAGE_ONLY), GAME_MESSAGES.IMAGE_ONLY); return; }
    const body = new FormData();
    body.append('gameId', game.id);
    body.append('image', file, file.name);
    send.mutate({ body });
  };
  return (
    <>
      <input ref={input} type="file" accept="image/*" hidden aria-label="Game image file" onChange={(e) => { void pick(e.target.files?.[0]); e.target.value = ''; }} />
      <Button size="small" startIcon={<UploadIcon />} disabled={send.isPending} onClick={() => input.current?.click()}>Upload image</Button>
    </>
  );
}

/** /gamesV2/:id and /games-cms/all-games/:id: one game of the catalogue, its edit form, images and operators. */
export default function GameDetailsPage() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const fmt = useFormatTime();
  const canCall = useCanCall();
  const [editing, setEditing] = useState(false);
  const refs = useGameReferences();
  const q = useQuery({ queryKey: ['games.get', id], queryFn: () => apiData('games.get', { params: { id } }), enabled: !!id });
  const delImage = useEndpointMutation('games.imageDelete');
  const enableAll = useEndpointMutation('games.cmsEnable');
  const disableAll = useEndpointMutation('games.cmsDisable');
  const confirm = useConfirm();
  /** Enabling or disabling for every operator changes many entries: asked first. */
  const forAll = async (enable: boolean, gameId: string, title: string) => {
    if (!(await confirm({ title: `${enable ? 'Enable' : 'Disable'} ${title} for all operators?`, description: 'Every parent operator and brand is changed (opId *).', confirmText: enable ? 'Enable' : 'Disable' }))) return;
    (enable ? enableAll : disableAll).mutate({ body: { gameId, opId: '*' } });
  };
  if (!q.data) {
    return q.error
      ? <Alert severity="error">{(q.error as { messages?: string[] }).messages?.[0] ?? GAME_MESSAGES.GAME_NOT_FOUND}</Alert>
      : <CircularProgress size={24} aria-label="Loading game" />;
  }
  const g = q.data;
  const mayEdit = canCall('games.update');
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <GameImage url={g.imageUrl} title={g.title} size={64} />
              <Typography variant="h6" component="h2">{g.title}</Typography>
              <GameStatusChip status={g.status} />
            </Stack>
            <Stack direction="row" spacing={1}>
              {mayEdit && <Button size="small" variant="contained" startIcon={<EditIcon />} onClick={() => setEditing(true)}>Edit game</Button>}
              {mayEdit && <ImageUpload game={g} />}
              {canCall('games.cmsEnable') && <Button size="small" disabled={enableAll.isPending} onClick={() => void forAll(true, g.id, g.title)}>Enable for all operators</Button>}
              {canCall('games.cmsDisable') && <Button size="small" color="warning" disabled={disableAll.isPending} onClick={() => void forAll(false, g.id, g.title)}>Disable for all operators</Button>}
            </Stack>
          </Stack>
          <Fields items={[
            { label: 'Provider', value: g.providerName },
            { label: 'Aggregator', value: `${g.aggregator} / ${g.aggregatorGameId}` },
            { label: 'Description', value: g.description ?? '—' },
            { label: 'Order', value: g.order },
            { label: 'Categories', value: namesOf(g.categories, refs.categories) },
            { label: 'Sub-categories', value: namesOf(g.subCategories, refs.categories) },
            { label: 'Tags', value: namesOf(g.tags, refs.tags) },
            { label: 'Tag', value: g.tag ?? '—' },
            { label: 'Jurisdictions', value: namesOf(g.jurisdictions, refs.jurisdictions) },
            { label: 'RTP / display RTP', value: `${g.rtp ?? '—'} / ${g.displayRTP ?? '—'}` },
            { label: 'Restricted countries', value: g.restrictedCountries.map((c) => COUNTRIES[c] ?? c).join(', ') || '—' },
            { label: 'Updated', value: fmt(g.updatedAt) },
          ]} />
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h3" gutterBottom>Images</Typography>
        {!g.images.length ? <Typography color="text.secondary">No image.</Typography> : (
          <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 2 }}>
            {g.images.map((img) => (
              <Stack key={img.id} spacing={1} sx={{ alignItems: 'center' }}>
                <GameImage url={img.url} title={img.name} size={96} />
                <Typography variant="caption">{img.name}{img.id === g.imageId ? ' (shown)' : ''}</Typography>
                {mayEdit && (
                  <DeleteAction
                    title={`Delete ${img.name}?`} busy={delImage.isPending} button={{ size: 'small' }}
                    onConfirmed={() => delImage.mutate({ query: { gameId: g.id, blobName: img.id } })}
                  />
                )}
              </Stack>
            ))}
          </Stack>
        )}
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h3" gutterBottom>Operators</Typography>
        <EnableOperators game={g} />
      </Paper>
      {mayViewGameJson(user) && <Paper variant="outlined" sx={{ p: 2 }}><Typography variant="subtitle1" component="h3">JSON</Typography><JsonBlock value={g} /></Paper>}
      <Suspense fallback={null}>{editing && <EditGameDialog game={g} onClose={() => setEditing(false)} />}</Suspense>
    </Stack>
  );
}
