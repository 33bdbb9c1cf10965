import { useEffect, useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import {
  Alert, Autocomplete, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, Typography,
} from '@mui/material';
import {
  LANGUAGES, LANGUAGE_LABELS, NICKNAME_HINT, PASSWORD_HINTS, PASSWORD_MAX, STAFF_NAME_MAX, TWO_FACTOR_MESSAGES, profileNicknameForm, profilePasswordBody, profilePreferencesForm,
  recoveryCodesBody, timezoneNames, twoFactorConfirmBody, twoFactorDisableBody, type DataOf,
} from '@pitboss/contract';
import { EndpointDialog } from '../kit/actions/EndpointDialog';
import { FormTextField } from '../kit/actions/FormTextField';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { CopyButton } from '../kit/CopyButton';
import type { Profile } from '../api/profile';

type Close = { onClose: () => void };

/** Change Nickname (002 §5: the nickname rule of the contract). */
export function NicknameDialog({ p, onClose }: { p: Profile } & Close) {
  return (
    <EndpointDialog
      endpoint="profile.update" title="Change Nickname" schema={profileNicknameForm} defaultValues={{ nickname: p.nickname }}
      submitText="Save" onClose={onClose} input={(v) => ({ body: { nickname: v.nickname } })}
    >
      {({ control }) => <FormTextField control={control} name="nickname" label="Nickname" autoFocus maxLength={STAFF_NAME_MAX} hint={() => NICKNAME_HINT} />}
    </EndpointDialog>
  );
}

/** Language and Timezone: the timezone of every time the console shows (and of the clock in the top bar). */
export function PreferencesDialog({ p, onClose }: { p: Profile } & Close) {
  const zones = useMemo(() => timezoneNames(), []);
  return (
    <EndpointDialog
      endpoint="profile.update" title="Language and Timezone" schema={profilePreferencesForm}
      defaultValues={{ language: p.language as (typeof LANGUAGES)[number], timezone: p.timezone }}
      submitText="Save" onClose={onClose} input={(v) => ({ body: { language: v.language, timezone: v.timezone } })}
    >
      {({ control }) => (
        <>
          <FormTextField control={control} name="language" select label="Language">
            {LANGUAGES.map((l) => <MenuItem key={l} value={l}>{LANGUAGE_LABELS[l]}</MenuItem>)}
          </FormTextField>
          <Controller
            name="timezone"
            control={control}
            render={({ field, fieldState }) => (
              <Autocomplete
                options={zones}
                value={field.value ?? null}
                onChange={(_, v) => field.onChange(v ?? '')}
                disableClearable
                autoHighlight
                renderInput={(params) => <TextField {...params} label="Timezone" error={!!fieldState.error} helperText={fieldState.error?.message ?? 'IANA time zone, e.g. Europe/Istanbul.'} />}
              />
            )}
          />
        </>
      )}
    </EndpointDialog>
  );
}

/** The own Change Password: the current password, then the 002 §5 rules; the other sessions end. */
export function OwnPasswordDialog({ onClose }: Close) {
  return (
    <EndpointDialog
      endpoint="profile.changePassword" title="Change Password" schema={profilePasswordBody}
      defaultValues={{ currentPassword: '', newPassword: '', passwordConfirm: '' }} submitText="Change Password" onClose={onClose}
      input={(v) => ({ body: v })}
    >
      {({ control }) => (
        <>
          <FormTextField control={control} name="currentPassword" type="password" autoComplete="current-password" label="Current password" maxLength={PASSWORD_MAX} />
          <FormTextField control={control} name="newPassword" type="password" autoComplete="new-password" label="New password" maxLength={PASSWORD_MAX}
            hint={() => PASSWORD_HINTS.join('. ')} />
          <FormTextField control={control} name="passwordConfirm" type="password" autoComplete="new-password" label="Confirm password" maxLength={PASSWORD_MAX} />
          <Typography variant="body2" color="text.secondary">Your other sessions are signed out.</Typography>
        </>
      )}
    </EndpointDialog>
  );
}

/** The recovery codes, shown once: copy or download them before closing. */
export function RecoveryCodesDialog({ codes, onClose }: { codes: string[] } & Close) {
  const text = codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`Pitboss recovery codes (each works once)\n\n${text}\n`], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'pitboss-recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Dialog open onClose={(_, reason) => { if (reason !== 'backdropClick') onClose(); }} maxWidth="xs" fullWidth aria-labelledby="recovery-codes-title">
      <DialogTitle id="recovery-codes-title">Recovery codes</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">
            Each code signs you in once when you cannot use your authenticator app. They are shown only now: keep them somewhere safe.
          </Alert>
          <Box component="ol" aria-label="Recovery codes" sx={{ m: 0, pl: 3, columns: 2, fontFamily: 'monospace', fontSize: '1rem' }}>
            {codes.map((c) => <li key={c} data-testid="recovery-code">{c}</li>)}
          </Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <CopyButton value={text} label="Copy the codes" />
            <Button size="small" onClick={download}>Download</Button>
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}

type Started = DataOf<'profile.twoFactorStart'>;

/**
 * Set Up Two-Factor: a new secret as a QR code (and as text to type in), then a code of the app
 * to confirm it; the answer's recovery codes are shown once.
 */
export function TwoFactorSetupDialog({ onClose }: Close) {
  const [started, setStarted] = useState<Started | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const start = useEndpointMutation('profile.twoFactorStart', { success: false, invalidate: false, onDone: (a) => setStarted(a.data), onFailed: onClose });
  const { mutate } = start;
  useEffect(() => { mutate({ body: {} }); }, [mutate]);

  if (codes) return <RecoveryCodesDialog codes={codes} onClose={onClose} />;
  if (!started) {
    return (
      <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-label="Set up two-factor authentication">
        <DialogContent sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress aria-label="Preparing" />
        </DialogContent>
      </Dialog>
    );
  }
  const grouped = started.secret.replace(/(.{4})/g, '$1 ').trim();
  return (
    <EndpointDialog
      endpoint="profile.twoFactorConfirm" title="Set up two-factor authentication" schema={twoFactorConfirmBody} defaultValues={{ code: '' }}
      submitText="Turn On" onClose={onClose} input={(v) => ({ body: { code: v.code } })}
      options={{ onDone: (a) => setCodes(a.data.recoveryCodes) }}
    >
      {({ control }) => (
        <>
          <Typography variant="body2">
            1. Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Authy…).
          </Typography>
          <Box sx={{ display: 'grid', placeItems: 'center' }}>
            <Box component="img" src={started.qrDataUrl} alt="QR code of the two-factor secret" sx={{ width: 200, height: 200, imageRendering: 'pixelated' }} />
          </Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'center' }}>
            <Typography variant="body2" color="text.secondary">Or enter this key:</Typography>
            <Typography variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600 }} data-testid="totp-secret" data-secret={started.secret}>{grouped}</Typography>
            <CopyButton value={started.secret} label="Copy the key" />
          </Stack>
          <Typography variant="body2">2. Enter the 6-digit code the app shows.</Typography>
          <FormTextField control={control} name="code" label="Authentication code" autoFocus autoComplete="one-time-code" maxLength={10}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }} />
        </>
      )}
    </EndpointDialog>
  );
}

/** New recovery codes for a current code of the app; the old ones stop working. */
export function NewRecoveryCodesDialog({ onClose }: Close) {
  const [codes, setCodes] = useState<string[] | null>(null);
  if (codes) return <RecoveryCodesDialog codes={codes} onClose={onClose} />;
  return (
    <EndpointDialog
      endpoint="profile.recoveryCodes" title="New recovery codes" schema={recoveryCodesBody} defaultValues={{ code: '' }}
      submitText="Make New Codes" onClose={onClose} input={(v) => ({ body: { code: v.code } })} options={{ onDone: (a) => setCodes(a.data.recoveryCodes) }}
    >
      {({ control }) => (
        <>
          <Typography variant="body2">The codes you have now stop working. Enter a current code of your authenticator app.</Typography>
          <FormTextField control={control} name="code" label="Authentication code" autoFocus autoComplete="one-time-code" maxLength={10} />
        </>
      )}
    </EndpointDialog>
  );
}

/** Turn Off two-factor authentication: a current code (or a recovery code), or the password. */
export function DisableTwoFactorDialog({ onClose }: Close) {
  return (
    <EndpointDialog
      endpoint="profile.twoFactorDisable" title="Turn off two-factor authentication" schema={twoFactorDisableBody}
      defaultValues={{ code: '', password: '' }} submitText="Turn Off" submitColor="error" onClose={onClose}
      input={(v) => ({ body: v.code?.trim() ? { code: v.code.trim() } : { password: v.password } })}
    >
      {({ control }) => (
        <>
          <Typography variant="body2">Signing in then needs your password only. {TWO_FACTOR_MESSAGES.DISABLE_PROOF}</Typography>
          <FormTextField control={control} name="code" label="Authentication code or recovery code" autoComplete="one-time-code" maxLength={20} />
          <FormTextField control={control} name="password" type="password" label="Or your password" autoComplete="current-password" maxLength={PASSWORD_MAX} />
        </>
      )}
    </EndpointDialog>
  );
}
