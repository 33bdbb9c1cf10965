import { useRef, useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import { CMS_MESSAGES } from '@pitboss/contract/cms';
import { MEDIA_UPLOAD_MAX_BYTES } from '@pitboss/contract/constants';
import type { MediaView } from '@pitboss/contract';
import { DeleteAction } from '../kit/actions/DeleteAction';
import { CopyButton } from '../kit/CopyButton';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { useApiError } from '../kit/ErrorDialog';
import { useFormatTime } from '../shell/session';
import { useCanCall } from '../shell/useCanCall';
import { ChooseOperator, CmsHeader, assetUrl, useCmsTarget } from './common';
import { GalleryGrid, tagsOf, useGallery } from './MediaPicker';

const base64Of = (file: File) => new Promise<string>((resolve, reject) => {
  const r = new FileReader();
  r.onload = () => resolve(String(r.result).replace(/^data:[^,]*,/, ''));
  r.onerror = () => reject(r.error ?? new Error('read'));
  r.readAsDataURL(file);
});

/** Image viewer (002 §2) with the media item's details and its delete. */
function ImageViewer({ m, opId, onClose }: { m: MediaView; opId: string; onClose: () => void }) {
  const fmt = useFormatTime();
  const canCall = useCanCall();
  const del = useEndpointMutation('cms.galleryDelete', { errorTitle: CMS_MESSAGES.DELETE_FILE_FAILED, onDone: onClose });
  const link = new URL(assetUrl(m._id), window.location.origin).href;
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>Image viewer</DialogTitle>
      <DialogContent>
        <Box component="img" src={assetUrl(m._id)} alt={m.fileName} sx={{ maxWidth: '100%', maxHeight: 400, display: 'block', mx: 'auto', mb: 2 }} />
        <Typography variant="body2">{m.fileName} · {(m.size / 1024).toFixed(1)} kB · {m.tags.join(', ') || 'no tags'}</Typography>
        <Typography variant="body2" color="text.secondary">Uploaded {fmt(m.createdAt)} by {m.uploadedBy ?? '—'} · {m.path}</Typography>
        <Typography variant="body2">Image link: {link} <CopyButton value={link} label="Copy image link" image /></Typography>
      </DialogContent>
      <DialogActions>
        {canCall('cms.galleryDelete') && (
          <DeleteAction title="Delete media item" description={`Delete ${m.fileName}? Content that shows it must stop first.`} busy={del.isPending}
            onConfirmed={() => del.mutate({ query: { mediaId: m._id, opId } })} />
        )}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** /cms/file-manager and /cms/v2/file-manager: the operator's media gallery — upload, tags filter, grid, viewer, delete. */
export default function FileManagerPage() {
  const target = useCmsTarget();
  const canCall = useCanCall();
  const reportError = useApiError();
  const [filter, setFilter] = useState('');
  const [uploadTags, setUploadTags] = useState('');
  const [open, setOpen] = useState<MediaView | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const q = useGallery(target.opId, filter);
  const upload = useEndpointMutation('cms.galleryUpload');
  const { opId } = target;
  if (!opId) return <><CmsHeader title="File Manager" target={target} noLanguage /><ChooseOperator /></>;

  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MEDIA_UPLOAD_MAX_BYTES) { reportError(undefined, 'Upload Asset', CMS_MESSAGES.FILE_TOO_LARGE); return; }
    upload.mutate({ query: { opId }, body: { file: await base64Of(file), filename: file.name.slice(0, 200), tags: tagsOf(uploadTags) } });
  };
  return (
    <Box>
      <CmsHeader title="File Manager" target={target} noLanguage />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField size="small" label="Filter by tags" value={filter} onChange={(e) => setFilter(e.target.value)} slotProps={{ htmlInput: { maxLength: 200 } }} />
        {canCall('cms.galleryUpload') && (
          <>
            <TextField size="small" label="Tags of the upload" value={uploadTags} onChange={(e) => setUploadTags(e.target.value)} slotProps={{ htmlInput: { maxLength: 200 } }} />
            <Button variant="contained" startIcon={<UploadIcon />} disabled={upload.isPending} onClick={() => input.current?.click()}>Upload Asset</Button>
            <input ref={input} type="file" hidden aria-label="Upload Asset file" accept="image/png,image/jpeg,image/webp,image/gif"
              onChange={(e) => { void pick(e.target.files?.[0]); e.target.value = ''; }} />
          </>
        )}
      </Stack>
      <GalleryGrid items={q.data?.items ?? []} onPick={setOpen} />
      {open && <ImageViewer m={open} opId={opId} onClose={() => setOpen(null)} />}
    </Box>
  );
}
