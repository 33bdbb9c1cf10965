import { Suspense, useState } from 'react';
import { Alert, Button, Chip, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { MSG, ROLE_LABELS, TWO_FACTOR_MESSAGES, languageLabel } from '@pitboss/contract';
import { useProfile } from '../api/profile';
import { Fields } from '../kit/Fields';
import { lazyDialog } from '../kit/lazyDialog';
import { SessionsPanel } from '../settings/SessionsPanel';
import { TwoFactorRuleSwitch } from '../settings/TwoFactorRuleSwitch';
import { useFormatTime, useSession } from '../shell/session';
import { useCanCall } from '../shell/useCanCall';

const NicknameDialog = lazyDialog(() => import('./ProfileDialogs'), 'NicknameDialog');
const PreferencesDialog = lazyDialog(() => import('./ProfileDialogs'), 'PreferencesDialog');
const OwnPasswordDialog = lazyDialog(() => import('./ProfileDialogs'), 'OwnPasswordDialog');
const TwoFactorSetupDialog = lazyDialog(() => import('./ProfileDialogs'), 'TwoFactorSetupDialog');
const NewRecoveryCodesDialog = lazyDialog(() => import('./ProfileDialogs'), 'NewRecoveryCodesDialog');
const DisableTwoFactorDialog = lazyDialog(() => import('./ProfileDialogs'), 'DisableTwoFactorDialog');

type Open = 'nickname' | 'preferences' | 'password' | 'setup' | 'codes' | 'disable' | null;

/**
 * /user/profile — the signed-in staff member's own account: nickname, language, timezone and
 * password; two-factor authentication (set up with a QR code, recovery codes, turn off); the
 * operator's two-factor rule for those who may change it; and the active sessions. Every role
 * opens it; while the operator requires a second factor not yet set up, it is the only page.
 */
export default function ProfilePage() {
  const { user } = useSession();
  const q = useProfile();
  const fmt = useFormatTime();
  const canCall = useCanCall();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);

  if (q.isPending) return <CircularProgress aria-label="Loading" />;
  if (q.isError) return <Alert severity="error">{MSG.GENERIC_ERROR}</Alert>;
  const p = q.data;
  const tf = p.twoFactor;
  const showRule = !!user.opId && !user.twoFactorSetupRequired && canCall('operators.setTwoFactorRule');

  return (
    <Stack spacing={2} sx={{ maxWidth: 960 }}>
      {user.twoFactorSetupRequired && (
        <Alert severity="warning" role="alert" data-testid="two-factor-required">
          {TWO_FACTOR_MESSAGES.SETUP_REQUIRED}
        </Alert>
      )}

      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="profile-account">
        <Typography id="profile-account" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>Account</Typography>
        <Fields
          items={[
            { label: 'E-mail', value: p.email },
            { label: 'Nickname', value: p.nickname, testId: 'profile-nickname' },
            { label: 'Role', value: ROLE_LABELS[p.role] },
            { label: 'Operator/Brand', value: p.opTitle ?? 'All operators' },
            { label: 'Language', value: languageLabel(p.language) },
            { label: 'Timezone', value: p.timezone, testId: 'profile-timezone' },
            { label: 'Member since', value: fmt(p.createdAt) },
          ]}
        />
        <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button variant="outlined" onClick={() => setOpen('nickname')}>Change Nickname</Button>
          <Button variant="outlined" onClick={() => setOpen('preferences')}>Language and Timezone</Button>
          <Button variant="outlined" onClick={() => setOpen('password')}>Change Password</Button>
        </Stack>
      </Paper>

      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="profile-2fa">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography id="profile-2fa" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>Two-factor authentication</Typography>
          <Chip size="small" variant="outlined" color={tf.enabled ? 'success' : 'default'} label={tf.enabled ? 'On' : 'Off'} data-testid="two-factor-state" />
        </Stack>
        {tf.enabled ? (
          <Fields
            items={[
              { label: 'Turned on', value: fmt(tf.enabledAt) },
              { label: 'Recovery codes left', value: String(tf.recoveryCodesLeft) },
            ]}
          />
        ) : (
          <Typography variant="body2" color="text.secondary">
            Signing in asks for a code of an authenticator app on your phone after your password, so a stolen password alone is not enough.
          </Typography>
        )}
        {tf.enabled && tf.recoveryCodesLeft <= 2 && (
          <Alert severity="warning" sx={{ mt: 1 }}>Few recovery codes left: make new ones.</Alert>
        )}
        {tf.requiredByOperator && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>Your operator requires two-factor authentication.</Typography>
        )}
        <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
          {!tf.enabled && <Button variant="contained" onClick={() => setOpen('setup')}>Set Up Two-Factor</Button>}
          {tf.enabled && <Button variant="outlined" onClick={() => setOpen('codes')}>New Recovery Codes</Button>}
          {tf.enabled && !tf.requiredByOperator && <Button variant="outlined" color="error" onClick={() => setOpen('disable')}>Turn Off</Button>}
        </Stack>
      </Paper>

      {showRule && <TwoFactorRuleSwitch opId={user.opId!} />}

      <SessionsPanel userId="me" />

      <Suspense fallback={null}>
        {open === 'nickname' && <NicknameDialog p={p} onClose={close} />}
        {open === 'preferences' && <PreferencesDialog p={p} onClose={close} />}
        {open === 'password' && <OwnPasswordDialog onClose={close} />}
        {open === 'setup' && <TwoFactorSetupDialog onClose={close} />}
        {open === 'codes' && <NewRecoveryCodesDialog onClose={close} />}
        {open === 'disable' && <DisableTwoFactorDialog onClose={close} />}
      </Suspense>
    </Stack>
  );
}
