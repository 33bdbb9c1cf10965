import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { z } from 'zod';
import {
  Alert, Box, Button, Drawer, IconButton, LinearProgress, MenuItem, Stack, Step, StepLabel, Stepper, Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import {
  MSG, NEW_PARTNER_SETTINGS, NICKNAME_HINT, NEW_PASSWORD_HINTS, PASSWORD_MAX, PARTNER_DOMAIN_MAX, PARTNER_LOOKUP_LIMIT, PARTNER_MESSAGES, PARTNER_NAME_MAX, STAFF_NAME_MAX,
  partnerBrandForm, partnerSettingsForm, partnerUserCode, staffCreateBody, type PartnerRow,
} from '@pitboss/contract';
import { ApiError, answeredOr } from '../api/client';
import { apiData } from '../api/endpoint';
import { FormTextField } from '../kit/actions/FormTextField';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { useConfirm } from '../kit/useConfirm';
import { DISCARD_CHANGES } from '../kit/actions/FormDialog';
import { useSession } from '../shell/session';
import { SettingsFields } from './common';

export const WIZARD_STEPS = ['Required Details', 'User Details', 'Settings'] as const;

/** The partner the wizard works on once its first step is done (or the existing partner it was opened for). */
interface Created { opId: string; title: string; domain: string | null }
type Progress = { state: 'idle' } | { state: 'error'; text: string } | { state: 'completed'; text: string };

/** The New Admin rules of the fields the wizard asks (the rest is fixed: role PARTNER, the partner, its user code). */
const { email, nickname, password } = staffCreateBody.shape;
const userForm = z.object({ email, nickname, password });
const existingUserForm = z.object({ email: z.string(), nickname: z.string() });

/** One step's form: the contract's schema (the server's rule) through react-hook-form. */
function useStepForm<S extends z.ZodType<FieldValues, FieldValues>>(schema: S, defaults: DefaultValues<z.input<S>>) {
  return useForm<z.input<S>, unknown, z.output<S>>({ resolver: zodResolver(schema as never) as never, defaultValues: defaults, mode: 'onChange' });
}

/**
 * 000 §8: the partner's details refused (the server's messages) open Unable To Proceed; a call
 * that failed otherwise (no answer, a server error) shows the creation failure under Warning.
 */
const refused = (e: unknown): boolean => e instanceof ApiError && e.httpStatus >= 400 && e.httpStatus < 500 && e.messages.length > 0;

/** Step 1: the parent operator (active parent operators only), the partner's name and domain → the brand call. */
function BrandStep(props: { onDone: (p: Created) => void; actions: (submit: ReactNode) => ReactNode; onProgress: (p: Progress) => void }) {
  const { operators } = useSession();
  const parents = operators.filter((o) => o.kind === 'OPERATOR' && !o.isCmsDefault);
  const form = useStepForm(partnerBrandForm, { parentOpId: '', title: '', domain: '' });
  const create = useEndpointMutation('partners.createBrand', {
    errorTitle: (e) => (refused(e) ? MSG.UNABLE_TO_PROCEED : PARTNER_MESSAGES.WARNING_TITLE),
    errorFallback: () => PARTNER_MESSAGES.CREATE_FAILED,
    mapError: (e) => (refused(e) ? e : new ApiError(e.httpStatus, [PARTNER_MESSAGES.CREATE_FAILED], e.data, e.code, e.statusText)),
    onDone: (a) => props.onDone({ opId: a.data.opId, title: a.data.title, domain: a.data.domain }),
    onFailed: (e) => props.onProgress({ state: 'error', text: refused(e) ? (e as ApiError).messages[0]! : PARTNER_MESSAGES.CREATE_FAILED }),
  });
  return (
    <Stack component="form" spacing={2} noValidate onSubmit={form.handleSubmit((v) => { props.onProgress({ state: 'idle' }); create.mutate({ body: v }); })}>
      <FormTextField control={form.control} name="parentOpId" select label="Parent operator" required>
        {parents.map((o) => (
          <MenuItem key={o.opId} value={o.opId} disabled={o.status !== 'ACTIVE'}>{o.title}{o.status !== 'ACTIVE' ? ' (inactive)' : ''}</MenuItem>
        ))}
      </FormTextField>
      <FormTextField control={form.control} name="title" label="Partner name" required maxLength={PARTNER_NAME_MAX} hint={() => `At most ${PARTNER_NAME_MAX} characters`} />
      <FormTextField control={form.control} name="domain" label="Domain" required maxLength={PARTNER_DOMAIN_MAX} hint={() => 'Without http:// or https://, e.g. partner.example'} />
      {create.isPending && <LinearProgress aria-label="Creating the partner" />}
      {props.actions(<Button type="submit" variant="contained" disabled={create.isPending || !form.formState.isValid}>Next</Button>)}
    </Stack>
  );
}

/**
 * Step 2: the partner's user (role PARTNER) through the New Admin call. Its code is the new opId,
 * a hyphen and a random number 1000–9999. When the partner already has an active user, its
 * e-mail and nickname are shown and Next goes on without creating another.
 */
function UserStep(props: { partner: Created; existing: { email: string; nickname: string } | null; onDone: () => void; actions: (submit: ReactNode) => ReactNode; onProgress: (p: Progress) => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const userCode = useMemo(() => partnerUserCode(props.partner.opId), [props.partner.opId]);
  const form = useStepForm(props.existing ? existingUserForm : userForm, { email: '', nickname: '', password: '', ...props.existing } as never);
  const failure = answeredOr(PARTNER_MESSAGES.USER_CREATE_FAILED, PARTNER_MESSAGES.USER_CREATE_THROWN);
  const create = useEndpointMutation('staff.create', {
    success: false,
    errorTitle: MSG.UNABLE_TO_PROCEED,
    errorFallback: failure,
    onDone: () => { enqueueSnackbar(PARTNER_MESSAGES.USER_CREATED, { variant: 'success' }); props.onDone(); },
    onFailed: (e) => props.onProgress({
      state: 'error',
      text: (e instanceof ApiError && e.messages[0]) || failure(e),
    }),
  });
  const submit = form.handleSubmit((v) => {
    props.onProgress({ state: 'idle' });
    if (props.existing) return props.onDone();
    const u = v as z.output<typeof userForm>;
    create.mutate({ body: { email: u.email, nickname: u.nickname, password: u.password, role: 'PARTNER', opId: props.partner.opId, userCode } });
  });
  return (
    <Stack component="form" spacing={2} noValidate onSubmit={submit}>
      {props.existing && <Alert severity="info">This partner already has an active user: it is kept.</Alert>}
      <FormTextField control={form.control} name="email" type="email" autoComplete="off" label="E-mail" required maxLength={254} disabled={!!props.existing} />
      <FormTextField control={form.control} name="nickname" label="Nickname" required maxLength={STAFF_NAME_MAX} disabled={!!props.existing} hint={() => NICKNAME_HINT} />
      {!props.existing && (
        <>
          <FormTextField control={form.control} name={'password' as never} type="password" autoComplete="new-password" label="Password" required maxLength={PASSWORD_MAX} hint={() => NEW_PASSWORD_HINTS.join('. ')} />
          <Typography variant="body2" color="text.secondary">User code: <strong>{userCode}</strong> · Role: Partner · Partner: {props.partner.title}</Typography>
        </>
      )}
      {create.isPending && <LinearProgress aria-label="Creating the user" />}
      {props.actions(<Button type="submit" variant="contained" disabled={create.isPending || (!props.existing && !form.formState.isValid)}>Next</Button>)}
    </Stack>
  );
}

/** Step 3: the partner's settings (new-partner defaults: inactive, each value 1) → Finish. */
function SettingsStep(props: { partner: Created; initial: z.input<typeof partnerSettingsForm>; onDone: () => void; actions: (submit: ReactNode) => ReactNode; onProgress: (p: Progress) => void }) {
  const form = useStepForm(partnerSettingsForm, props.initial);
  const save = useEndpointMutation('partners.settings', {
    success: false,
    errorTitle: MSG.UNABLE_TO_PROCEED,
    errorFallback: () => PARTNER_MESSAGES.SETTINGS_FAILED,
    onDone: props.onDone,
    onFailed: () => props.onProgress({ state: 'error', text: PARTNER_MESSAGES.SETTINGS_FAILED }),
  });
  return (
    <Stack component="form" spacing={2} noValidate onSubmit={form.handleSubmit((v) => { props.onProgress({ state: 'idle' }); save.mutate({ body: { opId: props.partner.opId, ...v } }); })}>
      <SettingsFields control={form.control} />
      {save.isPending && <LinearProgress aria-label="Saving the settings" />}
      {props.actions(<Button type="submit" variant="contained" disabled={save.isPending || !form.formState.isValid}>Finish</Button>)}
    </Stack>
  );
}

/**
 * Add New Partner (000 §4): step 1 creates the brand (Next), step 2 the user, step 3 the
 * settings (Finish). A failure stays on its step with the spec's text; success shows the
 * completed progress, closes the drawer and refreshes the list (every cached query is
 * invalidated by the calls). Opened for an existing partner (Complete Setup), it starts at the
 * user step, with the partner's active user prefilled when it has one.
 */
export function PartnerWizard({ onClose, existing }: { onClose: () => void; existing?: PartnerRow }) {
  const titleId = useId();
  const confirm = useConfirm();
  const { enqueueSnackbar } = useSnackbar();
  const [step, setStep] = useState(existing ? 1 : 0);
  const [partner, setPartner] = useState<Created | null>(existing ? { opId: existing.opId, title: existing.title, domain: existing.domain } : null);
  const [progress, setProgress] = useState<Progress>({ state: 'idle' });
  // An existing partner's users (the admin list by operator and role PARTNER, 50 at most).
  const users = useQuery({
    queryKey: ['staff.list', { opId: existing?.opId, role: 'PARTNER', limit: PARTNER_LOOKUP_LIMIT, page: 1 }],
    queryFn: () => apiData('staff.list', { body: { opId: existing!.opId, role: 'PARTNER', limit: PARTNER_LOOKUP_LIMIT, page: 1 } }),
    enabled: !!existing,
  });
  const activeUser = existing ? users.data?.items.find((u) => !u.isBlocked) ?? null : null;
  const completed = progress.state === 'completed';
  // The completed progress shows a moment, then the drawer closes (the list refetches meanwhile).
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    if (!completed) return;
    const t = setTimeout(() => closeRef.current(), 1200);
    return () => clearTimeout(t);
  }, [completed]);

  const close = async () => {
    if (completed) return onClose();
    if (step > 0 && !(await confirm({ ...DISCARD_CHANGES, description: 'The partner is created; its remaining steps can be completed later with Complete Setup.', confirmText: 'Close' }))) return;
    onClose();
  };
  const actions = (submit: ReactNode) => (
    <Stack direction="row" spacing={1}>
      <Button onClick={() => void close()}>Cancel</Button>
      {submit}
    </Stack>
  );
  const initialSettings = existing?.settingsUpdatedAt ? existing.settings : NEW_PARTNER_SETTINGS;

  return (
    <Drawer anchor="right" open onClose={() => void close()} slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { width: { xs: '100%', sm: 520 } } } as object }}>
      <Stack spacing={2} sx={{ p: 2 }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography id={titleId} variant="h6" component="h2">{existing ? `Complete Partner Setup — ${existing.title}` : 'Add New Partner'}</Typography>
          <IconButton aria-label="Close" onClick={() => void close()}><CloseIcon /></IconButton>
        </Stack>
        <Stepper activeStep={completed ? WIZARD_STEPS.length : step} alternativeLabel>
          {WIZARD_STEPS.map((s) => <Step key={s}><StepLabel>{s}</StepLabel></Step>)}
        </Stepper>
        {partner && <Typography variant="body2" color="text.secondary">Partner: <strong>{partner.title}</strong> ({partner.opId}){partner.domain ? ` · ${partner.domain}` : ''}</Typography>}
        {progress.state === 'error' && <Alert severity="error" role="alert">{progress.text}</Alert>}
        {completed ? (
          <Box>
            <LinearProgress variant="determinate" value={100} aria-label="Partner setup completed" />
            <Alert severity="success" sx={{ mt: 2 }}>{progress.text}</Alert>
          </Box>
        ) : step === 0 ? (
          <BrandStep actions={actions} onProgress={setProgress} onDone={(p) => { setPartner(p); setStep(1); }} />
        ) : step === 1 && partner ? (
          existing && users.isPending ? <LinearProgress aria-label="Loading the partner's users" /> : (
            <UserStep key={activeUser?.id ?? 'new'} partner={partner} existing={activeUser ? { email: activeUser.email, nickname: activeUser.nickname } : null} actions={actions} onProgress={setProgress} onDone={() => setStep(2)} />
          )
        ) : partner ? (
          <SettingsStep
            partner={partner}
            initial={initialSettings}
            actions={actions}
            onProgress={setProgress}
            onDone={() => { enqueueSnackbar(PARTNER_MESSAGES.CREATED, { variant: 'success' }); setProgress({ state: 'completed', text: PARTNER_MESSAGES.CREATED }); }}
          />
        ) : null}
      </Stack>
    </Drawer>
  );
}
