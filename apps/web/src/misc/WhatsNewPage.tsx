import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Chip, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { MSG } from '@pitboss/contract';
import { apiData } from '../api/endpoint';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { Markdown } from './Markdown';

/**
 * /whats-new: the release notes of the reader's role, newest first. Notes published since the
 * last visit carry a "New" mark for this visit; opening the page records the visit (the top
 * bar's count goes to zero).
 */
export default function WhatsNewPage() {
  const q = useQuery({ queryKey: ['whatsNew', 'list'], queryFn: () => apiData('whatsNew.list', {}), staleTime: Infinity });
  const markRead = useEndpointMutation('whatsNew.markRead', { success: false });
  const marked = useRef(false);
  // The marks shown are those of the first answer: reading the page does not hide them while it is open.
  const first = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!q.data || marked.current) return;
    first.current = new Set(q.data.items.filter((n) => n.unread).map((n) => n.id));
    marked.current = true;
    if (q.data.unread > 0) markRead.mutate({ body: {} });
  }, [q.data, markRead]);
  const unread = first.current ?? new Set(q.data?.items.filter((n) => n.unread).map((n) => n.id) ?? []);
  const items = q.data?.items ?? [];
  return (
    <Stack spacing={2} sx={{ maxWidth: 900 }}>
      <Typography variant="h6">What&apos;s New{unread.size ? ` · ${unread.size} new` : ''}</Typography>
      {q.isLoading && <LinearProgress />}
      {q.data && items.length === 0 && <Typography color="text.secondary">{MSG.NO_DATA}</Typography>}
      {items.map((n) => (
        <Paper key={n.id} sx={{ p: 2 }} component="article" aria-label={`${n.version} ${n.title}`}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
            <Chip size="small" label={`v${n.version}`} />
            <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>{n.title}</Typography>
            {unread.has(n.id) && <Chip size="small" color="secondary" label="New" data-testid="note-new" />}
            <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto' }}>{n.releaseDate}</Typography>
          </Stack>
          <Markdown source={n.body} />
        </Paper>
      ))}
    </Stack>
  );
}
