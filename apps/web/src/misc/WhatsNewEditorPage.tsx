import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { Box, Button, Checkbox, Chip, FormControlLabel, FormGroup, FormHelperText, FormLabel, LinearProgress, Paper, Stack, Table, TableBody, TableHead, TableRow, Typography } from '@mui/material';
import { TableCell } from '../kit/TableCell';
import AddIcon from '@mui/icons-material/Add';
import { MSG, NOTE_BODY_MAX, NOTE_TITLE_MAX, NOTE_VERSION_MAX, ROLES, ROLE_LABELS, WHATS_NEW_MESSAGES, releaseNoteForm, type Role } from '@pitboss/contract';
import type { ReleaseNoteView } from '@pitboss/contract/endpoints/schemas/misc';
import { apiData } from '../api/endpoint';
import { DeleteAction } from '../kit/actions/DeleteAction';
import { EndpointDialog } from '../kit/actions/EndpointDialog';
import { FormTextField } from '../kit/actions/FormTextField';
import { useEndpointMutation, type MutationInput } from '../kit/actions/useEndpointMutation';
import { useFormatTime } from '../shell/session';
import { Markdown } from './Markdown';

const NEW = 'new';
const today = () => new Date().toISOString().slice(0, 10);

/** New / Edit Release Note: version, date, title, body (simple markdown, previewed), audience roles; publish, unpublish, delete. */
function NoteDrawer({ note, onClose }: { note: ReleaseNoteView | undefined; onClose: () => void }) {
  const publish = useEndpointMutation('whatsNew.publish', { onDone: onClose });
  const remove = useEndpointMutation('whatsNew.delete', { success: WHATS_NEW_MESSAGES.DELETED, onDone: onClose });
  return (
    <EndpointDialog
      drawer
      endpoint={note ? 'whatsNew.update' : 'whatsNew.create'}
      title={note ? `Edit Release Note v${note.version}` : 'New Release Note'}
      schema={releaseNoteForm}
      defaultValues={{
        version: note?.version ?? '', releaseDate: note?.releaseDate ?? today(), title: note?.title ?? '', body: note?.body ?? '',
        audience: (note?.audience as Role[] | undefined) ?? ROLES.filter((r) => r !== 'PARTNER'),
      }}
      checkOnSubmit
      discardText="The changes of this note are not saved."
      submitText="Save"
      onClose={onClose}
      input={(v) => (note ? { body: { ...v, id: note.id } } satisfies MutationInput<'whatsNew.update'> : { body: v } satisfies MutationInput<'whatsNew.create'>) as never}
      options={{ success: note ? WHATS_NEW_MESSAGES.UPDATED : WHATS_NEW_MESSAGES.CREATED }}
      actions={() => note && (
        <>
          <Button disabled={publish.isPending} onClick={() => publish.mutate({ body: { id: note.id, published: !note.publishedAt } })}>
            {note.publishedAt ? 'Move to draft' : 'Publish'}
          </Button>
          <DeleteAction label="Delete" title="Delete Release Note" description={`Delete v${note.version} "${note.title}"?`} busy={remove.isPending} onConfirmed={() => remove.mutate({ query: { id: note.id } })} />
        </>
      )}
    >
      {({ control, watch }) => (
        <>
          <Stack direction="row" spacing={1}>
            <FormTextField control={control} name="version" label="Version" required maxLength={NOTE_VERSION_MAX} />
            <FormTextField control={control} name="releaseDate" label="Release date" type="date" required slotProps={{ inputLabel: { shrink: true } }} />
          </Stack>
          <FormTextField control={control} name="title" label="Title" required maxLength={NOTE_TITLE_MAX} />
          <FormTextField control={control} name="body" label="Text (markdown: # heading, - item, **bold**, `code`)" required multiline minRows={6} maxLength={NOTE_BODY_MAX} />
          <Controller
            name="audience"
            control={control}
            render={({ field, fieldState }) => (
              <Box>
                <FormLabel>For</FormLabel>
                <FormGroup row>
                  {ROLES.map((r) => (
                    <FormControlLabel key={r} label={ROLE_LABELS[r]} control={
                      <Checkbox size="small" checked={(field.value ?? []).includes(r)}
                        onChange={(e) => field.onChange(e.target.checked ? [...(field.value ?? []), r] : (field.value ?? []).filter((x: string) => x !== r))} />
                    } />
                  ))}
                </FormGroup>
                {fieldState.error?.message && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
              </Box>
            )}
          />
          <Typography variant="overline">Preview</Typography>
          <Paper variant="outlined" sx={{ p: 1.5 }}><Markdown source={watch('body') ?? ''} /></Paper>
        </>
      )}
    </EndpointDialog>
  );
}

/** /whats-new/super-admin: every release note, drafts first; create, edit, publish, delete (SUPER_ADMIN). */
export default function WhatsNewEditorPage() {
  const fmt = useFormatTime();
  const [open, setOpen] = useState<string | null>(null);
  const q = useQuery({ queryKey: ['whatsNew', 'admin'], queryFn: () => apiData('whatsNew.adminList', {}) });
  const items = q.data?.items ?? [];
  return (
    <Paper sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6">Release notes</Typography>
        <Button sx={{ ml: 'auto' }} variant="contained" startIcon={<AddIcon />} onClick={() => setOpen(NEW)}>New Release Note</Button>
      </Stack>
      {q.isLoading && <LinearProgress />}
      <Table size="small" aria-label="Release notes">
        <TableHead>
          <TableRow>
            <TableCell>Version</TableCell>
            <TableCell>Release date</TableCell>
            <TableCell>Title</TableCell>
            <TableCell>For</TableCell>
            <TableCell>Status</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {q.data && items.length === 0 && <TableRow><TableCell colSpan={5}>{MSG.NO_DATA}</TableCell></TableRow>}
          {items.map((n) => (
            <TableRow key={n.id} hover sx={{ cursor: 'pointer' }} onClick={() => setOpen(n.id)}>
              <TableCell>v{n.version}</TableCell>
              <TableCell>{n.releaseDate}</TableCell>
              <TableCell>{n.title}</TableCell>
              <TableCell>{n.audience.length === ROLES.length ? 'Everyone' : n.audience.map((r) => ROLE_LABELS[r as Role] ?? r).join(', ')}</TableCell>
              <TableCell>{n.publishedAt ? <Chip size="small" color="success" label={`Published ${fmt(n.publishedAt)}`} /> : <Chip size="small" label="Draft" />}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {open && <NoteDrawer key={open} note={items.find((n) => n.id === open)} onClose={() => setOpen(null)} />}
    </Paper>
  );
}
