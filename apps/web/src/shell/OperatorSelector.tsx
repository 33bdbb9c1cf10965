import { useLocation } from 'react-router';
import { MenuItem, TextField } from '@mui/material';
import { isBrandsOnlySelector, isOperatorSelectorHidden } from '@pitboss/contract/routes';
import { useSession } from './session';
import { useScope } from './useScope';

/** Operator/brand selector (000 §2.2, §6): writes `opId`; "Brand" for operator admins. */
export function OperatorSelector() {
  const { user, operators } = useSession();
  const { pathname } = useLocation();
  const { opId, setScope } = useScope();
  if (user.parentOpId || isOperatorSelectorHidden(pathname) || user.role === 'PARTNER') return null;
  const options = isBrandsOnlySelector(pathname) ? operators.filter((o) => o.isBrand) : operators;
  const label = user.role === 'OPERATOR_ADMIN' ? 'Brand' : 'Operator';
  const value = opId && options.some((o) => o.opId === opId) ? opId : '';
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => setScope({ opId: e.target.value || undefined })}
      sx={{ minWidth: 180 }}
      slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 420 } } } } } }}
    >
      <MenuItem value="">
        <em>All</em>
      </MenuItem>
      {options.map((o) => (
        <MenuItem key={o.opId} value={o.opId}>
          {o.parentOpId ? `↳ ${o.title}` : o.title}
        </MenuItem>
      ))}
    </TextField>
  );
}
