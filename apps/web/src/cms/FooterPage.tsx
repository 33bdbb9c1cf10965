import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Autocomplete, Box, Button, Card, CardContent, CardHeader, Grid, IconButton, List, ListItem, ListItemText, Stack, TextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { CMS_MESSAGES, FOOTER_ITEM_TITLE_MAX, FOOTER_MAX_COLUMNS, cmsPagePath, footerItem, type FooterItem, type FooterMenu } from '@pitboss/contract/cms';
import { apiData } from '../api/endpoint';
import { FormDialog } from '../kit/actions/FormDialog';
import { FormTextField } from '../kit/actions/FormTextField';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { useConfirm } from '../kit/useConfirm';
import { useFormatTime } from '../shell/session';
import { useCanCall } from '../shell/useCanCall';
import { ChooseOperator, CmsHeader, useCmsTarget } from './common';

type Editing = { column: string; index: number | null; item: FooterItem };

/** /cms/footer and /cms/v2/footer: the footer menu's columns and items (Add/Edit/delete Footer Menu Item), saved with PUT /api/cms/v2/footer. */
export default function FooterPage() {
  const target = useCmsTarget();
  const fmt = useFormatTime();
  const confirm = useConfirm();
  const canCall = useCanCall();
  const { opId, language } = target;
  const q = useQuery({ queryKey: ['cms.footer', opId, language], queryFn: () => apiData('cms.footer', { query: { opId: opId!, selectedLanguage: language as never } }), enabled: !!opId });
  const [menu, setMenu] = useState<FooterMenu | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  useEffect(() => { if (q.data) setMenu(q.data.menu); }, [q.data]);
  const save = useEndpointMutation('cms.footerSave', { errorTitle: CMS_MESSAGES.FOOTER_FAILED, errorFallback: () => CMS_MESSAGES.FOOTER_FAILED });
  const editable = canCall('cms.footerSave');
  if (!opId) return <><CmsHeader title="Footer" target={target} /><ChooseOperator /></>;
  if (q.isError) return <><CmsHeader title="Footer" target={target} /><Alert severity="error">{(q.error as Error).message}</Alert></>;
  if (!menu || !q.data) return <CmsHeader title="Footer" target={target} />;

  const columns = Object.keys(menu);
  const setColumn = (c: string, items: FooterItem[]) => setMenu({ ...menu, [c]: items });
  const removeItem = async (c: string, i: number) => {
    if (!(await confirm({ title: 'Delete footer menu item', description: `Delete "${menu[c]![i]!.title}"?`, confirmText: 'Delete', destructive: true }))) return;
    setColumn(c, menu[c]!.filter((_, j) => j !== i));
  };
  return (
    <Box>
      <CmsHeader
        title="Footer"
        target={target}
        actions={editable && (
          <Button variant="contained" disabled={save.isPending}
            onClick={() => save.mutate({ query: { opId, selectedLanguage: language as never }, body: { content: { menu }, language: language as never, version: q.data.version } })}>
            Save
          </Button>
        )}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {q.data.version ? `Last saved ${fmt(q.data.updatedAt)} by ${q.data.updatedBy ?? '—'}` : 'Not saved yet for this language.'}
      </Typography>
      <Grid container spacing={2}>
        {columns.map((c, ci) => (
          <Grid key={c} size={{ xs: 12, md: 4 }}>
            <Card variant="outlined" aria-label={c}>
              <CardHeader title={c} titleTypographyProps={{ variant: 'subtitle1' }} action={editable && ci === columns.length - 1 && columns.length > 1 && !menu[c]!.length && (
                <Tooltip title="Remove column"><IconButton size="small" onClick={() => { const { [c]: _, ...rest } = menu; setMenu(rest); }}><DeleteOutlineIcon fontSize="small" /></IconButton></Tooltip>
              )} />
              <CardContent>
                <List dense>
                  {menu[c]!.map((it, i) => (
                    <ListItem key={i} secondaryAction={editable && (
                      <Stack direction="row">
                        <Tooltip title="Edit"><IconButton size="small" aria-label={`Edit ${it.title}`} onClick={() => setEditing({ column: c, index: i, item: it })}><EditIcon fontSize="small" /></IconButton></Tooltip>
                        <Tooltip title="Delete"><IconButton size="small" aria-label={`Delete ${it.title}`} onClick={() => void removeItem(c, i)}><DeleteOutlineIcon fontSize="small" /></IconButton></Tooltip>
                      </Stack>
                    )}>
                      <ListItemText primary={it.title} secondary={it.url} />
                    </ListItem>
                  ))}
                  {!menu[c]!.length && <Typography variant="body2" color="text.secondary">{CMS_MESSAGES.NO_DATA}</Typography>}
                </List>
                {editable && <Button size="small" startIcon={<AddIcon />} onClick={() => setEditing({ column: c, index: null, item: { title: '', url: '' } })}>Add item</Button>}
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
      {editable && columns.length < FOOTER_MAX_COLUMNS && (
        <Button sx={{ mt: 2 }} startIcon={<AddIcon />} onClick={() => setMenu({ ...menu, [`column${columns.length + 1}`]: [] })}>Add column</Button>
      )}
      {editing && (
        <FormDialog
          title={editing.index === null ? 'Add Footer Menu Item' : 'Edit Footer Menu Item'}
          schema={footerItem}
          defaultValues={editing.item}
          submitText={editing.index === null ? 'Add' : 'Save'}
          onClose={() => setEditing(null)}
          onSubmit={(v) => {
            const items = [...menu[editing.column]!];
            if (editing.index === null) items.push(v); else items[editing.index] = v;
            setColumn(editing.column, items);
            setEditing(null);
          }}
        >
          {(form) => (
            <Stack spacing={2} sx={{ pt: 1 }}>
              <FormTextField control={form.control} name="title" label="Title" maxLength={60} />
              <FormTextField control={form.control} name="url" label="Url" maxLength={500} />
              {canCall('cms.pagePicker') && (
                <PagePicker opId={opId} language={language} onPick={(p) => {
                  form.setValue('url', cmsPagePath(p.slug), { shouldDirty: true, shouldValidate: true });
                  if (!form.getValues('title')) form.setValue('title', p.title.slice(0, FOOTER_ITEM_TITLE_MAX), { shouldDirty: true, shouldValidate: true });
                }} />
              )}
            </Stack>
          )}
        </FormDialog>
      )}
    </Box>
  );
}

/** Links a footer item to one of the operator's published pages (their titles, up to CMS_PAGE_PICKER_LIMIT): fills the url, and the title when empty. */
function PagePicker({ opId, language, onPick }: { opId: string; language: string; onPick: (p: { slug: string; title: string }) => void }) {
  const q = useQuery({ queryKey: ['cms.pagePicker', opId, language], queryFn: () => apiData('cms.pagePicker', { query: { opId, selectedLanguage: language as never } }) });
  return (
    <Autocomplete
      options={q.data?.items ?? []} loading={q.isPending} value={null} blurOnSelect
      getOptionLabel={(p) => p.title} isOptionEqualToValue={(a, b) => a.slug === b.slug}
      renderOption={(props, p) => <li {...props} key={p.slug}>{p.title}<Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>{cmsPagePath(p.slug)}</Typography></li>}
      onChange={(_, p) => { if (p) onPick(p); }}
      noOptionsText="No published pages in this language"
      renderInput={(params) => <TextField {...params} size="small" label="Link to a page" helperText="Fills the url with the page's address" />}
    />
  );
}
