import { useNavigate } from 'react-router';
import { Controller, useForm, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, IconButton, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import AddIcon from '@mui/icons-material/Add';
import {
  DEMO_GAME_PROVIDERS, DEMO_GAME_TITLES, TOURNAMENT_MAX_PRIZES, TOURNAMENT_MESSAGES, TOURNAMENT_SCORINGS, TOURNAMENT_SCORING_LABELS, tournamentCreateForm,
  type TournamentCreateForm,
} from '@pitboss/contract';
import { linkTo } from '@pitboss/contract/routes';
import { FormTextField } from '../kit/actions/FormTextField';
import { FormOperatorField } from '../kit/actions/FormOperatorField';
import { FormDateTimeField as WhenField } from '../kit/actions/FormDateTimeField';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { useSession } from '../shell/session';
import { useScope } from '../shell/useScope';

type Values = TournamentCreateForm;
const DAY = 86_400_000;

function NamesField({ control, name, label, options }: { control: Control<Values>; name: 'providers' | 'games'; label: string; options: readonly string[] }) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          select label={label} value={field.value ?? []} onChange={(e) => field.onChange(e.target.value as unknown as string[])} onBlur={field.onBlur}
          error={!!fieldState.error} helperText={fieldState.error?.message ?? 'Any number; a bet counts when its provider or its game is chosen.'}
          slotProps={{ select: { multiple: true, renderValue: (v) => (v as string[]).join(', ') } }}
        >
          {options.map((o) => <MenuItem key={o} value={o}>{o}</MenuItem>)}
        </TextField>
      )}
    />
  );
}

/** /tournament/new: a tournament of an operator — period, scoring, eligible providers or games, prizes by rank in USD. */
export default function NewTournamentPage() {
  const { user, operators } = useSession();
  const { opId, scopeSearch } = useScope();
  const navigate = useNavigate();
  const tz = user.timezone;
  const start = Math.ceil(Date.now() / 3_600_000) * 3_600_000;
  const form = useForm<Values, unknown, ReturnType<typeof tournamentCreateForm.parse>>({
    resolver: zodResolver(tournamentCreateForm),
    mode: 'onChange',
    defaultValues: {
      opId: opId && operators.some((o) => o.opId === opId) ? opId : user.opId ?? '', title: '', scoring: 'TOTAL_WAGER',
      startsAt: new Date(start).toISOString(), endsAt: new Date(start + 7 * DAY).toISOString(), providers: [], games: [],
      prizes: [{ rank: 1, amountUsd: '' }],
    },
  });
  // The prize table kept with setValue (no field-array helper: it would grow every form page's shared chunk).
  const prizes = form.watch('prizes');
  const setPrizes = (next: { amountUsd: string }[]) =>
    form.setValue('prizes', next.map((p, i) => ({ rank: i + 1, amountUsd: p.amountUsd })), { shouldDirty: true, shouldValidate: true });
  const create = useEndpointMutation('tournaments.create', {
    success: TOURNAMENT_MESSAGES.CREATED,
    onDone: (a) => { form.reset(form.getValues()); navigate(linkTo('/tournament/:id', { id: a.data.id }, scopeSearch)); },
  });
  const errors = form.formState.errors;
  return (
    <Paper variant="outlined" sx={{ p: 2, maxWidth: 720 }}>
      <Stack component="form" spacing={2} noValidate aria-label="New Tournament" onSubmit={form.handleSubmit((v) => create.mutate({ body: v }))}>
        <Typography variant="h6" component="h2">New Tournament</Typography>
        <FormOperatorField control={form.control} label="Operator" filter={(o) => o.kind !== 'PARTNER'} />
        <FormTextField control={form.control} name="title" label="Title" maxLength={100} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <WhenField control={form.control} name="startsAt" label="Starts" tz={tz} />
          <WhenField control={form.control} name="endsAt" label="Ends" tz={tz} />
        </Stack>
        <FormTextField control={form.control} name="scoring" select label="Scoring" hint={(v) => (v === 'BEST_MULTIPLIER' ? "A player's best win ÷ stake of one bet." : 'The sum of a player\'s stakes in USD.')}>
          {TOURNAMENT_SCORINGS.map((s) => <MenuItem key={s} value={s}>{TOURNAMENT_SCORING_LABELS[s]}</MenuItem>)}
        </FormTextField>
        <NamesField control={form.control} name="providers" label="Eligible providers" options={DEMO_GAME_PROVIDERS} />
        <NamesField control={form.control} name="games" label="Eligible games" options={DEMO_GAME_TITLES} />
        <Typography variant="subtitle2">Prizes by rank (USD)</Typography>
        {prizes.map((_, i) => (
          <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField label="Rank" value={i + 1} disabled sx={{ width: 90 }} />
            <FormTextField control={form.control} name={`prizes.${i}.amountUsd`} label={`Prize for rank ${i + 1} (USD)`} inputMode="decimal" maxLength={13} sx={{ flex: 1 }} />
            <IconButton aria-label={`Remove prize ${i + 1}`} disabled={prizes.length === 1} onClick={() => setPrizes(form.getValues('prizes').filter((_, j) => j !== i))}>
              <DeleteOutlineIcon />
            </IconButton>
          </Stack>
        ))}
        {errors.prizes?.message && <Typography color="error" variant="body2">{errors.prizes.message}</Typography>}
        {errors.prizes?.root?.message && <Typography color="error" variant="body2">{errors.prizes.root.message}</Typography>}
        <div>
          <Button size="small" startIcon={<AddIcon />} disabled={prizes.length >= TOURNAMENT_MAX_PRIZES} onClick={() => setPrizes([...form.getValues('prizes'), { amountUsd: '' }])}>
            Add prize
          </Button>
        </div>
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={create.isPending}>Create Tournament</Button>
          <Button onClick={() => navigate(linkTo('/tournament/list', undefined, scopeSearch))}>Cancel</Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
