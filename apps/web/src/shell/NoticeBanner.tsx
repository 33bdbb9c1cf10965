import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Stack } from '@mui/material';
import { apiData } from '../api/endpoint';

const KEY = 'pitboss.notices.closed';
const closedNow = (): string[] => { try { return JSON.parse(localStorage.getItem(KEY) ?? '[]') as string[]; } catch { return []; } };

/**
 * The staff notices in their period (all operators' and the user's operator's, set on
 * /settings/notifications) as alert banners above the page; closing one hides that version of it
 * in this browser (a changed notice shows again).
 */
export function NoticeBanner({ enabled }: { enabled: boolean }) {
  const q = useQuery({ queryKey: ['notices.active'], queryFn: () => apiData('notices.active', {}), enabled, refetchInterval: 300_000 });
  const [closed, setClosed] = useState(closedNow);
  const shown = (q.data ?? []).filter((n) => !closed.includes(`${n.opId}@${n.updatedAt}`));
  if (!shown.length) return null;
  const close = (id: string) => {
    const next = [...closed, id].slice(-50);
    setClosed(next);
    try { localStorage.setItem(KEY, JSON.stringify(next)); } catch { /* private mode: closed for this page only */ }
  };
  return (
    <Stack spacing={1} sx={{ mb: 2 }} aria-label="Notices">
      {shown.map((n) => (
        <Alert key={n.opId} severity={n.level === 'error' ? 'error' : n.level === 'warning' ? 'warning' : 'info'} onClose={() => close(`${n.opId}@${n.updatedAt}`)}>
          {n.text}
        </Alert>
      ))}
    </Stack>
  );
}
