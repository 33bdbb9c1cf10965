import { Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import { PAGE_SIZES } from '@pitboss/contract';

/** Server pagination without a total: Prev/Next driven by `remaining`, and a page size. */
export function Pagination(props: {
  page: number;
  limit: number;
  remaining: boolean;
  disabled?: boolean;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
}) {
  const { page, limit, remaining, disabled } = props;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 2, p: 1 }}>
      <TextField
        select
        size="small"
        label="Rows per page"
        value={limit}
        onChange={(e) => props.onLimit(Number(e.target.value))}
        sx={{ minWidth: 130 }}
      >
        {PAGE_SIZES.map((n) => (
          <MenuItem key={n} value={n}>
            {n}
          </MenuItem>
        ))}
      </TextField>
      <Typography variant="body2" aria-live="polite">
        Page {page}
      </Typography>
      <Button size="small" aria-label="Previous page" disabled={disabled || page <= 1} onClick={() => props.onPage(page - 1)}>
        Prev
      </Button>
      <Button size="small" aria-label="Next page" disabled={disabled || !remaining} onClick={() => props.onPage(page + 1)}>
        Next
      </Button>
    </Box>
  );
}
