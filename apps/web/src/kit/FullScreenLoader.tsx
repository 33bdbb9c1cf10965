import { Box, CircularProgress } from '@mui/material';

export function FullScreenLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Box role="progressbar" aria-label={label} sx={{ position: 'fixed', inset: 0, display: 'grid', placeItems: 'center', bgcolor: 'background.default', zIndex: 2000 }}>
      <CircularProgress />
    </Box>
  );
}

export function PageLoader() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
      <CircularProgress size={32} aria-label="Loading page" />
    </Box>
  );
}
