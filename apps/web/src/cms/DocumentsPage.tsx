import { useState } from 'react';
import { useLocation } from 'react-router';
import { z } from 'zod';
import { Box, Button, Chip, MenuItem, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { CMS_DOC_STATUSES, CMS_DOC_STATUS_LABELS, cmsDocForm, type CmsDocView } from '@pitboss/contract';
import { ListPage, type Column } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import { useListParams } from '../kit/useListParams';
import { FormDialog } from '../kit/actions/FormDialog';
import { FormTextField } from '../kit/actions/FormTextField';
import { DeleteAction } from '../kit/actions/DeleteAction';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { useFormatTime } from '../shell/session';
import { useCanCall } from '../shell/useCanCall';
import { ChooseOperator, CmsHeader, useCmsTarget } from './common';

const urlShape = { search: z.string().trim().min(1).max(100).optional(), status: z.enum(CMS_DOC_STATUSES).optional() };
const FILTERS: FilterDef[] = [
  { name: 'search', label: 'Title or slug', maxLength: 100 },
  { name: 'status', label: 'Status', type: 'select', options: CMS_DOC_STATUSES.map((s) => ({ value: s, label: CMS_DOC_STATUS_LABELS[s] })) },
];

/** The two document kinds: the same list and editor configured per route. */
const KINDS = {
  page: { title: 'Pages', one: 'Page', list: 'cms.pages', save: 'cms.pageSave', remove: 'cms.pageDelete', deleteTitle: 'Delete CMS page' },
  blog: { title: 'Blog', one: 'Blog Post', list: 'cms.blog', save: 'cms.blogSave', remove: 'cms.blogDelete', deleteTitle: 'Delete blog post' },
} as const;

function DocEditor({ kind, doc, opId, language, onClose }: { kind: keyof typeof KINDS; doc: CmsDocView | null; opId: string; language: string; onClose: () => void }) {
  const k = KINDS[kind];
  const canCall = useCanCall();
  const save = useEndpointMutation(k.save, { onDone: onClose });
  const del = useEndpointMutation(k.remove, { onDone: onClose });
  const editable = canCall(k.save);
  return (
    <FormDialog
      drawer
      title={doc ? `Edit ${k.one}` : `New ${k.one}`}
      schema={cmsDocForm}
      defaultValues={doc ? { slug: doc.slug, title: doc.title, body: doc.body, seoTitle: doc.seoTitle, seoDescription: doc.seoDescription, status: doc.status as 'draft' } : { slug: '', title: '', body: '', seoTitle: '', seoDescription: '', status: 'draft' }}
      submitText="Save"
      hideSubmit={!editable}
      busy={save.isPending || del.isPending}
      onSubmit={(v) => save.mutate({ body: { ...v, opId, language: language as never } })}
      onClose={onClose}
      actions={() => doc && canCall(k.remove) && (
        <DeleteAction title={k.deleteTitle} description={`Delete "${doc.title}" (${doc.slug}, ${doc.language})?`} busy={del.isPending}
          onConfirmed={() => del.mutate({ query: { opId, slug: doc.slug, selectedLanguage: doc.language as never } })} />
      )}
    >
      {(form) => (
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormTextField control={form.control} name="slug" label="Slug" disabled={!!doc} maxLength={100} />
          <FormTextField control={form.control} name="title" label="Title" maxLength={200} />
          <FormTextField control={form.control} name="status" label="Status" select>
            {CMS_DOC_STATUSES.map((s) => <MenuItem key={s} value={s}>{CMS_DOC_STATUS_LABELS[s]}</MenuItem>)}
          </FormTextField>
          <FormTextField control={form.control} name="body" label="Body" multiline minRows={8} maxLength={50_000} />
          <FormTextField control={form.control} name="seoTitle" label="SEO title" maxLength={200} />
          <FormTextField control={form.control} name="seoDescription" label="SEO description" multiline minRows={2} maxLength={500} />
        </Stack>
      )}
    </FormDialog>
  );
}

/** /cms/pages, /cms/blog, /cms/v2/pages, /cms/v2/blog: an operator's pages or blog posts in a language, with the editor and delete. */
export default function DocumentsPage() {
  const { pathname } = useLocation();
  const kind = pathname.endsWith('/blog') ? 'blog' : 'page';
  const k = KINDS[kind];
  const target = useCmsTarget();
  const list = useListParams(urlShape);
  const fmt = useFormatTime();
  const canCall = useCanCall();
  const [editing, setEditing] = useState<CmsDocView | 'new' | null>(null);
  const { opId, language } = target;
  if (!opId) return <><CmsHeader title={k.title} target={target} /><ChooseOperator /></>;
  const columns: Column<CmsDocView>[] = [
    { key: 'title', header: 'Title', render: (d) => d.title, simple: true },
    { key: 'slug', header: 'Slug', render: (d) => d.slug, simple: true },
    { key: 'status', header: 'Status', render: (d) => <Chip size="small" label={CMS_DOC_STATUS_LABELS[d.status as 'draft'] ?? d.status} color={d.status === 'published' ? 'success' : 'default'} /> },
    { key: 'updatedAt', header: 'Updated', render: (d) => fmt(d.updatedAt), simple: true },
    { key: 'updatedBy', header: 'By', render: (d) => d.updatedBy ?? '—' },
  ];
  return (
    <Box>
      <CmsHeader title={k.title} target={target} />
      <ListPage<CmsDocView>
        label={k.title}
        endpoint={k.list}
        list={list}
        columns={columns}
        filters={FILTERS}
        rowKey={(d) => d.id}
        toRequest={(b) => ({ ...b, opId, selectedLanguage: language })}
        onRowClick={(d) => setEditing(d)}
        toolbar={canCall(k.save) ? <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>New {k.one}</Button> : undefined}
      />
      {editing && <DocEditor kind={kind} doc={editing === 'new' ? null : editing} opId={opId} language={language} onClose={() => setEditing(null)} />}
    </Box>
  );
}
