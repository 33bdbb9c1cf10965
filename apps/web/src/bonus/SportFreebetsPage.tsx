import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Paper, Stack, Typography } from '@mui/material';
import { useScope } from '../shell/useScope';
import { SportPager, TemplateDrawer, TemplatesTable, useSportTemplates } from './SportFreebetParts';

/**
 * /bonus/sport — the sportsbook's free bet templates of the selected operators (GET
 * /api/bonus/sport?page=), one sportsbook page at a time; a row opens the Sport FreeBet Details
 * drawer. Granting is done from a player (Add Sport FreeBet), since a grant names its player.
 */
export default function SportFreebetsPage() {
  const [sp, setSp] = useSearchParams();
  const page = Math.max(1, Number(sp.get('page')) || 1);
  const { opId, includeBrands } = useScope();
  const q = useSportTemplates(page, { opId, includeBrands: includeBrands === 'true' });
  const [openId, setOpenId] = useState<number | null>(null);
  const rows = q.data?.items ?? [];
  const meta = q.data?.metadata;
  const i = rows.findIndex((r) => r.id === openId);
  const open = i >= 0 ? rows[i] : undefined;
  return (
    <Stack spacing={2}>
      <Paper variant="outlined">
        <Typography variant="body2" color="text.secondary" sx={{ p: 1.5 }}>
          {meta && meta.totalItems ? `${meta.totalItems} templates` : ' '}
        </Typography>
        <TemplatesTable rows={rows} loading={q.isPending} onOpen={(t) => setOpenId(t.id)} />
        <SportPager page={page} meta={meta} onPage={(n) => setSp((prev) => { const next = new URLSearchParams(prev); next.set('page', String(n)); return next; })} />
      </Paper>
      {open && (
        <TemplateDrawer
          t={open}
          onClose={() => setOpenId(null)}
          onPrev={i > 0 ? () => setOpenId(rows[i - 1]!.id) : undefined}
          onNext={i < rows.length - 1 ? () => setOpenId(rows[i + 1]!.id) : undefined}
        />
      )}
    </Stack>
  );
}
