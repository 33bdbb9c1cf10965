import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, ImageList, ImageListItem, ImageListItemBar, TextField, Typography } from '@mui/material';
import { CMS_MESSAGES, GALLERY_GRID_HEIGHT } from '@pitboss/contract/cms';
import type { MediaView } from '@pitboss/contract';
import { apiData } from '../api/endpoint';
import { useDebounced } from '../kit/useDebounced';
import { assetUrl } from './common';

export const tagsOf = (text: string) => text.split(/[\s,]+/).map((x) => x.trim().toLowerCase()).filter(Boolean).slice(0, 10);

/** The gallery of an operator: a grid 600 px high (002 §9), filtered by tags, for the page or the picker. */
export function useGallery(opId: string | undefined, tagText: string) {
  const tags = tagsOf(useDebounced(tagText, 300));
  return useQuery({
    queryKey: ['cms.gallery', opId, tags],
    queryFn: () => apiData('cms.gallery', { query: { opId: opId! }, body: { tags } }),
    enabled: !!opId,
  });
}

export function GalleryGrid({ items, onPick, selected }: { items: readonly MediaView[]; onPick: (m: MediaView) => void; selected?: string }) {
  if (!items.length) return <Typography sx={{ p: 2 }} color="text.secondary">{CMS_MESSAGES.NO_DATA}</Typography>;
  return (
    <Box sx={{ height: GALLERY_GRID_HEIGHT, overflowY: 'auto' }} data-testid="gallery-grid">
      <ImageList cols={4} gap={8} rowHeight={140}>
        {items.map((m) => (
          <ImageListItem key={m._id} onClick={() => onPick(m)} sx={{ cursor: 'pointer', outline: selected === m._id ? '3px solid' : 'none', outlineColor: 'primary.main', bgcolor: 'action.hover' }}>
            <Box component="img" src={assetUrl(m._id)} alt={m.fileName} loading="lazy" sx={{ objectFit: 'contain', width: '100%', height: '100%' }} />
            <ImageListItemBar title={m.fileName} subtitle={m.tags.join(', ')} />
          </ImageListItem>
        ))}
      </ImageList>
    </Box>
  );
}

/** Media Picker dialog (002 §2): the operator's gallery grid; a click picks the image. */
export default function MediaPicker({ opId, value, onPick, onClose }: { opId: string; value?: string; onPick: (id: string) => void; onClose: () => void }) {
  const [tags, setTags] = useState('');
  const q = useGallery(opId, tags);
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>Media Picker</DialogTitle>
      <DialogContent>
        <TextField size="small" label="Tags" value={tags} onChange={(e) => setTags(e.target.value)} sx={{ my: 1 }} slotProps={{ htmlInput: { maxLength: 200 } }} />
        <GalleryGrid items={q.data?.items ?? []} selected={value} onPick={(m) => { onPick(m._id); onClose(); }} />
      </DialogContent>
      <DialogActions><Button onClick={onClose}>Cancel</Button></DialogActions>
    </Dialog>
  );
}
