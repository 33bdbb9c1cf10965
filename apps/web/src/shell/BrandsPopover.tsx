import { useState } from 'react';
import { Button, FormControlLabel, Popover, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import { useScope } from './useScope';
import { useCan, useSession } from './session';

/** Include/exclude brands of the selected operator (writes `includeBrands`). */
export function BrandsPopover() {
  const { user, operators } = useSession();
  const allowed = useCan();
  const { opId, includeBrands, setScope } = useScope();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (user.role === 'PARTNER' || user.parentOpId) return null;
  // Brands are included or excluded of the selected operator: nothing to say without one, or for one that has none.
  if (!opId || !operators.some((o) => o.parentOpId === opId)) return null;
  if (!['SUPER_ADMIN', 'ADMIN'].includes(user.role) && !allowed('brands_access')) return null;
  const value = includeBrands ?? 'false';
  return (
    <>
      <Button size="small" variant="outlined" color="inherit" onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="dialog">
        {value === 'true' ? 'Brands included' : 'Brands excluded'}
      </Button>
      <Popover open={!!anchor} anchorEl={anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
        <Stack sx={{ p: 2 }} role="dialog" aria-label="Brands">
          <Typography variant="subtitle2">Brands of the selected operator</Typography>
          <RadioGroup
            value={value}
            onChange={(e) => {
              setScope({ includeBrands: e.target.value === 'true' ? 'true' : undefined });
              setAnchor(null);
            }}
          >
            <FormControlLabel value="true" control={<Radio />} label="Include brands" />
            <FormControlLabel value="false" control={<Radio />} label="Exclude brands" />
          </RadioGroup>
        </Stack>
      </Popover>
    </>
  );
}
