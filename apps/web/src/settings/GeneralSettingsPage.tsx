import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Chip, CircularProgress, MenuItem, Paper, Stack, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { PLAYER_SUB_INFO_LABELS, PLAYER_SUB_INFO_TYPES, ROLE_LABELS, staffGeneralBody, type StaffGeneral } from '@pitboss/contract';
import { languageLabel } from '@pitboss/contract/constants';
import { apiData } from '../api/endpoint';
import { Fields } from '../kit/Fields';
import { FormSwitch } from '../kit/actions/FormSwitch';
import { FormTextField } from '../kit/actions/FormTextField';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { formatUsd } from '../shell/rates';

function DisplayForm({ g }: { g: StaffGeneral }) {
  const form = useForm({ resolver: zodResolver(staffGeneralBody), defaultValues: { playerSubInfoType: g.account.playerSubInfoType, roundReportNumbers: g.account.roundReportNumbers } });
  const save = useEndpointMutation('staff.generalSave', { onDone: (a) => form.reset(a.data) });
  return (
    <Stack component="form" spacing={2} noValidate onSubmit={form.handleSubmit((v) => save.mutate({ body: v }))} aria-label="Display settings">
      <FormTextField control={form.control} name="playerSubInfoType" select label="Player shown by" sx={{ maxWidth: 320 }}>
        {PLAYER_SUB_INFO_TYPES.map((x) => <MenuItem key={x} value={x}>{PLAYER_SUB_INFO_LABELS[x]}</MenuItem>)}
      </FormTextField>
      <FormSwitch control={form.control} name="roundReportNumbers" label="Round report numbers" hint="Reports show whole numbers instead of cents." />
      <div><Button type="submit" variant="contained" disabled={save.isPending || !form.formState.isDirty}>Save</Button></div>
    </Stack>
  );
}

/**
 * /settings/general — the signed-in user's context (no operator selector): their account and its
 * display settings (editable here; nickname, language, time zone and password live on the
 * profile page), and for operator staff their operator's general settings and brands (read only).
 */
export default function GeneralSettingsPage() {
  const q = useQuery({ queryKey: ['staff.general'], queryFn: () => apiData('staff.general', { query: {} }) });
  if (q.isPending) return <CircularProgress aria-label="Loading settings" />;
  if (!q.data) return <Alert severity="error">Unable to load the settings.</Alert>;
  const g = q.data;
  const op = g.operator;
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h2" gutterBottom>Your account</Typography>
        <Fields items={[
          { label: 'E-mail', value: g.account.email },
          { label: 'Nickname', value: g.account.nickname },
          { label: 'Role', value: ROLE_LABELS[g.account.role] },
          { label: 'Language', value: languageLabel(g.account.language) },
          { label: 'Time zone', value: g.account.timezone },
          { label: 'Operators you work with', value: g.operatorsInScope === null ? 'All operators' : String(g.operatorsInScope) },
        ]} />
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h2" gutterBottom>Display</Typography>
        <DisplayForm g={g} />
      </Paper>
      {op && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h2" gutterBottom>Your operator</Typography>
          <Fields items={[
            { label: 'Operator', value: op.parentTitle ? `${op.title} (${op.parentTitle})` : op.title },
            { label: 'Status', value: <Chip size="small" variant="outlined" color={op.status === 'ACTIVE' ? 'success' : 'default'} label={op.status === 'ACTIVE' ? 'Active' : 'Inactive'} /> },
            { label: 'Currencies', value: op.allowedCurrencies.join(', ') },
            { label: 'Languages', value: op.allowedLangs.map((l) => l.toUpperCase()).join(', ') },
            { label: 'Daily top-up limit', value: formatUsd(op.dailyTopupLimitInUsd) },
            { label: 'Two-factor sign-in for staff', value: op.requireTwoFactor ? 'Required' : 'Optional' },
            { label: 'Brands', value: op.brands.length ? op.brands.map((b) => b.title).join(', ') : 'None' },
          ]} />
        </Paper>
      )}
    </Stack>
  );
}
