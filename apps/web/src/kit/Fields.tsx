import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

/** A two-column label/value list for detail views. */
export function Fields({ items }: { items: readonly { label: string; value: ReactNode; testId?: string }[] }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(120px, 38%) 1fr', columnGap: 2, rowGap: 1, m: 0 }}>
      {items.map((it) => (
        <Box key={it.label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {it.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }} data-testid={it.testId}>
            {it.value ?? '—'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
