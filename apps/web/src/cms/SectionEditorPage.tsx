import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardContent, FormControlLabel, IconButton, MenuItem, Stack, Switch, TextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { CMS_SECTIONS, SECTION_ROUTES, emptySectionItem, sectionContentSchema, type CmsField, type CmsSectionKind } from '@pitboss/contract/cms';
import { matchRoute } from '@pitboss/contract/routes';
import { apiData } from '../api/endpoint';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { useFormatTime } from '../shell/session';
import { useCanCall } from '../shell/useCanCall';
import { ChooseOperator, CmsHeader, assetUrl, useCmsTarget } from './common';

const MediaPicker = lazy(() => import('./MediaPicker'));
type Values = Record<string, unknown>;
type Errors = Record<string, string>;

/** One field of a section form, generated from the kind's field config (contract cms-sections.ts). */
function FieldInput({ f, value, error, onChange, opId, path }: { f: CmsField; value: unknown; error?: string; onChange: (v: unknown) => void; opId: string; path: string }) {
  const [picking, setPicking] = useState(false);
  const label = `${f.label}${f.required ? ' *' : ''}`;
  const s = typeof value === 'string' ? value : '';
  switch (f.type) {
    case 'boolean':
      return <FormControlLabel control={<Switch checked={value === true} onChange={(e) => onChange(e.target.checked)} />} label={f.label} />;
    case 'select':
      return (
        <TextField select size="small" label={label} value={s} onChange={(e) => onChange(e.target.value)} error={!!error} helperText={error} sx={{ minWidth: 200 }}>
          {!f.required && <MenuItem value="">—</MenuItem>}
          {(f.options ?? []).map((o) => <MenuItem key={o} value={o}>{o}</MenuItem>)}
        </TextField>
      );
    case 'color':
      return (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField size="small" label={label} value={s} onChange={(e) => onChange(e.target.value)} error={!!error} helperText={error} slotProps={{ htmlInput: { maxLength: 7 } }} />
          <Box component="input" type="color" aria-label={`${f.label} picker`} value={/^#[0-9a-fA-F]{6}$/.test(s) ? s : '#000000'} onChange={(e: React.ChangeEvent<HTMLInputElement>) => onChange(e.target.value)} sx={{ width: 40, height: 36, border: 0, p: 0 }} />
        </Stack>
      );
    case 'image':
      return (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-field={path}>
          <Box sx={{ width: 120, height: 60, bgcolor: 'action.hover', display: 'flex', alignItems: 'center', justifyContent: 'center', borderRadius: 1, overflow: 'hidden' }}>
            {s ? <Box component="img" src={assetUrl(s)} alt={f.label} sx={{ maxWidth: '100%', maxHeight: '100%' }} /> : <Typography variant="caption">No image</Typography>}
          </Box>
          <Stack>
            <Typography variant="body2">{label}</Typography>
            <Stack direction="row" spacing={1}>
              <Button size="small" onClick={() => setPicking(true)}>Choose image</Button>
              {s && <Button size="small" color="inherit" onClick={() => onChange('')}>Clear</Button>}
            </Stack>
            {error && <Typography variant="caption" color="error">{error}</Typography>}
          </Stack>
          {picking && <Suspense fallback={null}><MediaPicker opId={opId} value={s} onPick={onChange} onClose={() => setPicking(false)} /></Suspense>}
        </Stack>
      );
    default:
      return (
        <TextField
          size="small" fullWidth label={label} value={s} onChange={(e) => onChange(e.target.value)} error={!!error} helperText={error}
          multiline={f.type === 'textarea'} minRows={f.type === 'textarea' ? 3 : undefined} slotProps={{ htmlInput: { maxLength: f.max } }}
        />
      );
  }
}

function Fields({ fields, values, errors, prefix, onChange, opId }: { fields: readonly CmsField[]; values: Values; errors: Errors; prefix: string; onChange: (name: string, v: unknown) => void; opId: string }) {
  return (
    <Stack spacing={2}>
      {fields.map((f) => (
        <FieldInput key={f.name} f={f} value={values[f.name]} error={errors[`${prefix}${f.name}`]} onChange={(v) => onChange(f.name, v)} opId={opId} path={`${prefix}${f.name}`} />
      ))}
    </Stack>
  );
}

/**
 * The one section editor: every CMS route that edits a section (branding, sliders, modals, the v1
 * template…) is this page configured by its kind. The form comes from the kind's field config and
 * is checked by the same schema the server applies; a list section orders, adds and removes items.
 */
export default function SectionEditorPage() {
  const { pathname } = useLocation();
  const route = matchRoute(pathname);
  const kind = (SECTION_ROUTES as Record<string, CmsSectionKind>)[route?.path ?? ''] ?? 'branding';
  const def = CMS_SECTIONS[kind];
  const target = useCmsTarget();
  const fmt = useFormatTime();
  const canCall = useCanCall();
  const { opId, language } = target;
  const q = useQuery({
    queryKey: ['cms.section', opId, kind, language],
    queryFn: () => apiData('cms.section', { query: { opId: opId!, kind, selectedLanguage: language as never } }),
    enabled: !!opId,
  });
  const [draft, setDraft] = useState<Values | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  useEffect(() => { if (q.data) { setDraft(q.data.content); setErrors({}); } }, [q.data]);
  const save = useEndpointMutation('cms.sectionSave');
  const schema = useMemo(() => sectionContentSchema(kind), [kind]);
  const editable = canCall('cms.sectionSave', { request: { kind } });

  if (!opId) return <><CmsHeader title={def.title} target={target} /><ChooseOperator /></>;
  if (q.isError) return <><CmsHeader title={def.title} target={target} /><Alert severity="error">{(q.error as Error).message}</Alert></>;
  if (!draft || !q.data) return <CmsHeader title={def.title} target={target} />;

  const submit = () => {
    const r = schema.safeParse(draft);
    if (!r.success) {
      setErrors(Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message])));
      return;
    }
    setErrors({});
    save.mutate({ body: { opId, kind, language: language as never, content: r.data, version: q.data.version } });
  };
  const items = (def.mode === 'list' ? (draft.items as Values[] | undefined) ?? [] : []);
  const setItems = (next: Values[]) => setDraft({ ...draft, items: next });
  const max = 'maxItems' in def ? def.maxItems : 20;

  return (
    <Box>
      <CmsHeader
        title={def.title}
        target={target}
        actions={editable && <Button variant="contained" onClick={submit} disabled={save.isPending}>Save</Button>}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {q.data.version ? `Version ${q.data.version}, last saved ${fmt(q.data.updatedAt)} by ${q.data.updatedBy ?? '—'}` : 'Not saved yet for this language.'}
      </Typography>
      {def.mode === 'single' ? (
        <Card variant="outlined"><CardContent>
          <Fields fields={def.fields} values={draft} errors={errors} prefix="" opId={opId} onChange={(n, v) => setDraft({ ...draft, [n]: v })} />
        </CardContent></Card>
      ) : (
        <Stack spacing={2}>
          {items.map((it, i) => (
            <Card variant="outlined" key={i} aria-label={`Item ${i + 1}`}>
              <CardContent>
                <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
                  <Typography variant="subtitle2" sx={{ flex: 1 }}>Item {i + 1}</Typography>
                  <Tooltip title="Move up"><span><IconButton size="small" disabled={i === 0} onClick={() => { const n = [...items]; [n[i - 1], n[i]] = [n[i]!, n[i - 1]!]; setItems(n); }}><ArrowUpwardIcon fontSize="small" /></IconButton></span></Tooltip>
                  <Tooltip title="Move down"><span><IconButton size="small" disabled={i === items.length - 1} onClick={() => { const n = [...items]; [n[i + 1], n[i]] = [n[i]!, n[i + 1]!]; setItems(n); }}><ArrowDownwardIcon fontSize="small" /></IconButton></span></Tooltip>
                  <Tooltip title="Remove"><IconButton size="small" onClick={() => setItems(items.filter((_, j) => j !== i))}><DeleteOutlineIcon fontSize="small" /></IconButton></Tooltip>
                </Stack>
                <Fields fields={def.fields} values={it} errors={errors} prefix={`items.${i}.`} opId={opId} onChange={(n, v) => setItems(items.map((x, j) => (j === i ? { ...x, [n]: v } : x)))} />
              </CardContent>
            </Card>
          ))}
          {!items.length && <Typography color="text.secondary">No items yet.</Typography>}
          {errors.items && <Alert severity="error">{errors.items}</Alert>}
          <Box><Button startIcon={<AddIcon />} disabled={items.length >= max} onClick={() => setItems([...items, emptySectionItem(kind)])}>Add item</Button></Box>
        </Stack>
      )}
    </Box>
  );
}
