import { useLocation } from 'react-router';
import { MenuItem, TextField } from '@mui/material';
import { TEST_PLAYER_FILTER } from '@pitboss/contract/constants';
import { isTestFilterHidden } from '@pitboss/contract/routes';
import { useScope } from './useScope';

/** Test-player filter (000 §2.2): writes `isTest`; hidden on report, dashboard and games pages. */
export function TestFilter() {
  const { pathname } = useLocation();
  const { isTest, setScope } = useScope();
  if (isTestFilterHidden(pathname)) return null;
  return (
    <TextField
      select
      size="small"
      label="Player type"
      value={isTest ?? 'all'}
      onChange={(e) => setScope({ isTest: e.target.value === 'all' ? undefined : e.target.value })}
      sx={{ minWidth: 140 }}
      slotProps={{ htmlInput: { 'data-testid': 'test-player-filter' } }}
    >
      {TEST_PLAYER_FILTER.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
