import { useQuery } from '@tanstack/react-query';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { Box, Chip, Stack, Typography } from '@mui/material';
import {
  PARTNER_FEE_FIELDS, PARTNER_FIELD_LABELS, PARTNER_LOOKUP_LIMIT, PARTNER_PERCENT_FIELDS, PARTNER_SHARE_FIELDS, PARTNER_WITHDRAW_STATUS_LABELS, type PartnerRow, type PartnerWithdrawStatus,
} from '@pitboss/contract';
import { apiData } from '../api/endpoint';
import { CopyButton } from '../kit/CopyButton';
import { FormSwitch } from '../kit/actions/FormSwitch';
import { FormTextField } from '../kit/actions/FormTextField';
import { useCanCall } from '../shell/useCanCall';
import { withCellText } from '../kit/csv';

export const WithdrawStatusChip = withCellText(({ status }: { status: PartnerWithdrawStatus }) => {
  const color = status === 'CONFIRMED' ? 'success' : status === 'REJECTED' ? 'error' : 'warning';
  return <Chip size="small" variant="outlined" color={color} label={PARTNER_WITHDRAW_STATUS_LABELS[status]} />;
}, ({ status }) => PARTNER_WITHDRAW_STATUS_LABELS[status]);

export function ActiveChip({ active }: { active: boolean }) {
  return <Chip size="small" variant="outlined" color={active ? 'success' : 'default'} label={active ? 'Active' : 'Inactive'} />;
}

/** The settings in one line: shares ("Casino 35%"), fees in their order ("Fees 5/10/2/1/1%") and the minimum withdraw. */
export const settingsSummary = (s: PartnerRow['settings']): string => [
  ...PARTNER_SHARE_FIELDS.map((f) => `${PARTNER_FIELD_LABELS[f].replace(/ share %$/, '')} ${s[f]}%`),
  `Fees ${PARTNER_FEE_FIELDS.map((f) => s[f]).join('/')}%`,
  `Min ${s.minWithdrawAmountInUSD} USD`,
].join(' · ');

/** The partners a select offers (the partner lookup, 50 by name), for holders of the partners list. */
export function usePartnerOptions(enabled = true) {
  const canCall = useCanCall();
  const allowed = enabled && canCall('partners.list');
  return useQuery({
    queryKey: ['partners.list', { limit: PARTNER_LOOKUP_LIMIT, lookup: true }],
    queryFn: () => apiData('partners.list', { body: { limit: PARTNER_LOOKUP_LIMIT, sortBy: 'title', sort: 'asc' } }),
    enabled: allowed,
    select: (d) => d.items,
  });
}

/** The settings fields of the wizard's last step and of Edit Partner: active, shares and fees 1–100 %, minimum withdraw. */
export function SettingsFields<T extends FieldValues, O>({ control }: { control: Control<T, unknown, O> }) {
  return (
    <>
      <FormSwitch control={control} name={'isActive' as Path<T>} label="Active" />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        {PARTNER_PERCENT_FIELDS.map((f) => (
          <FormTextField key={f} control={control} name={f as Path<T>} label={PARTNER_FIELD_LABELS[f]} inputMode="numeric" maxLength={3} />
        ))}
        <FormTextField control={control} name={'minWithdrawAmountInUSD' as Path<T>} label={PARTNER_FIELD_LABELS.minWithdrawAmountInUSD} inputMode="numeric" maxLength={10} />
      </Box>
    </>
  );
}

/** A tracking link with its copy button. */
export function LinkCell({ link }: { link: string }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{link}</Typography>
      <CopyButton value={link} label="Copy link" />
    </Stack>
  );
}
