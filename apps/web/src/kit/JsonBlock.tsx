import { Box } from '@mui/material';

/** A value as indented JSON (the JSON tabs of drawers, provider payloads). */
export const JsonBlock = ({ value }: { value: unknown }) => (
  <Box component="pre" sx={{ m: 0, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all', bgcolor: 'action.hover', p: 1, borderRadius: 1 }}>
    {JSON.stringify(value, null, 2)}
  </Box>
);
