import { Alert, CircularProgress, FormControlLabel, Paper, Stack, Switch, Typography } from '@mui/material';
import { MSG } from '@pitboss/contract/messages';
import { useTwoFactorRule } from '../api/profile';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { useConfirm } from '../kit/useConfirm';

/**
 * The operator-wide two-factor rule of one operator: when on, every staff member of the operator
 * and of its brands must set up two-factor authentication before they can use the console (they
 * keep only their profile until then). Shows how many of them still lack it. For those the
 * endpoint table lets change it (super admins, admins, the operator's own admins).
 */
export function TwoFactorRuleSwitch({ opId }: { opId: string }) {
  const q = useTwoFactorRule(opId);
  const confirm = useConfirm();
  const set = useEndpointMutation('operators.setTwoFactorRule');
  const rule = q.data;

  const toggle = async (on: boolean) => {
    if (!rule) return;
    const ok = await confirm(on
      ? {
        title: 'Require two-factor authentication',
        description: rule.staffWithoutTwoFactor
          ? `${rule.staffWithoutTwoFactor} of ${rule.staff} staff of ${rule.title} have not set it up: they keep only their profile until they do.`
          : `Every staff member of ${rule.title} and its brands must keep two-factor authentication on.`,
        confirmText: 'Require',
      }
      : { title: 'Stop requiring two-factor authentication', description: `Staff of ${rule.title} may turn it off again.`, confirmText: 'Stop requiring', destructive: true });
    if (ok) set.mutate({ body: { opId, requireTwoFactor: on } });
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Two-factor rule">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        Two-factor rule{rule ? ` — ${rule.title}` : ''}
      </Typography>
      {q.isPending && <CircularProgress size={24} aria-label="Loading the two-factor rule" />}
      {q.isError && <Alert severity="error">{MSG.GENERIC_ERROR}</Alert>}
      {rule && (
        <Stack spacing={1}>
          <FormControlLabel
            control={<Switch checked={rule.requireTwoFactor} disabled={set.isPending} onChange={(e) => void toggle(e.target.checked)} />}
            label="Require two-factor authentication for all staff"
          />
          <Typography variant="body2" color="text.secondary">
            {rule.staff - rule.staffWithoutTwoFactor} of {rule.staff} active staff of {rule.title} and its brands use two-factor authentication.
          </Typography>
          {rule.requiredByParent && (
            <Alert severity="info">{rule.requiredByParent.title} requires it for this operator’s staff whatever this switch says.</Alert>
          )}
        </Stack>
      )}
    </Paper>
  );
}

export default TwoFactorRuleSwitch;
