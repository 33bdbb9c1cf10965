import { Controller, type Control } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import {
  Alert, Button, Chip, CircularProgress, Dialog, DialogContent, DialogTitle, IconButton, MenuItem, Stack, Tab, Table, TableBody, TableHead, TableRow, Tabs, TextField, Typography,
} from '@mui/material';
import { TableCell } from '../kit/TableCell';
import CloseIcon from '@mui/icons-material/Close';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { useState } from 'react';
import {
  BONUS_BET_TYPES, BONUS_RELEASE_MAX_TIERS, BONUS_RELEASE_MESSAGES, BONUS_RELEASE_SCHEDULES,
  DEMO_GAME_PROVIDERS, DEMO_GAME_TITLES, bonusReleaseCloneForm, bonusReleaseCreateForm, bonusReleaseUpdateForm, label,
  type BonusReleaseView,
} from '@pitboss/contract';
import { refusedOr } from '../api/client';
import { apiData } from '../api/endpoint';
import { DeleteAction } from '../kit/actions/DeleteAction';
import { FormDialog } from '../kit/actions/FormDialog';
import { FormSwitch } from '../kit/actions/FormSwitch';
import { FormTextField } from '../kit/actions/FormTextField';
import { FormOperatorField } from '../kit/actions/FormOperatorField';
import { FormDateTimeField as WhenField } from '../kit/actions/FormDateTimeField';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { DetailDrawer, type DrawerTab } from '../kit/DetailDrawer';
import { Fields } from '../kit/Fields';
import { JsonBlock } from '../kit/JsonBlock';
import { Usd } from '../kit/Money';
import { operatorName } from '../kit/operator';
import { useFormatTime, useSession } from '../shell/session';
import { useCanCall } from '../shell/useCanCall';
import { useConfirm } from '../kit/useConfirm';
import { cmpDec } from '@pitboss/contract/decimal';
import { useBonusJsonTab } from '../kit/useBonusJsonTab';

const DAY = 86_400_000;

/** 000 §6: SUPER_ADMIN alone sees the JSON tabs of bonus releases (the contract's `mayViewBonusJson`). */
export const useReleaseJson = useBonusJsonTab;

export const ReleaseStatusChip = ({ status }: { status: string }) => (
  <Chip size="small" variant="outlined" color={status === 'ACTIVE' ? 'success' : status === 'EXPIRED' ? 'warning' : 'default'} label={label('bonusReleaseStatus', status)} />
);

/** 000 §8: the warning a deleted bonus release shows. */
export const DeletedWarning = ({ deleted }: { deleted: boolean }) => (deleted ? <Alert severity="warning">{BONUS_RELEASE_MESSAGES.DELETED_WARNING}</Alert> : null);

export const scheduleLabel = (s: string) => label('bonusReleaseSchedule', s);
export const betTypeLabel = (s: string) => label('bonusBetType', s);

function TiersTable({ tiers }: { tiers: BonusReleaseView['tiers'] }) {
  return (
    <Table size="small" aria-label="Tiers">
      <TableHead><TableRow><TableCell>Tier</TableCell><TableCell align="right">Required wager</TableCell><TableCell align="right">Min win odds</TableCell><TableCell align="right">Max bonus</TableCell><TableCell align="right">Min bet</TableCell></TableRow></TableHead>
      <TableBody>
        {tiers.map((t) => (
          <TableRow key={t.tier}>
            <TableCell>{t.tier}</TableCell><TableCell align="right"><Usd value={t.requiredWager} /></TableCell><TableCell align="right">{t.minWinOdds}</TableCell>
            <TableCell align="right"><Usd value={t.maxBonusAmountInUSD} /></TableCell><TableCell align="right"><Usd value={t.minBetAmountInUSD} /></TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function DefinitionFields({ r }: { r: BonusReleaseView }) {
  const fmt = useFormatTime();
  return (
    <Stack spacing={2}>
      <DeletedWarning deleted={r.isDeleted} />
      <Fields items={[
        { label: 'Operator/Brand', value: operatorName(r) },
        { label: 'Status', value: <ReleaseStatusChip status={r.status} /> },
        { label: 'Description', value: r.description || '—' },
        { label: 'Schedule', value: scheduleLabel(r.schedule) },
        { label: 'Start time', value: fmt(r.startTime) },
        { label: 'End time', value: fmt(r.endTime) },
        { label: 'Bet type', value: betTypeLabel(r.betType) },
        { label: 'Game providers', value: r.gameProviders.join(', ') || 'Any' },
        { label: 'Games', value: r.games.join(', ') || 'Any' },
        { label: 'Created', value: `${fmt(r.createdAt)}${r.createdBy ? ` by ${r.createdBy}` : ''}` },
        ...(r.deletedAt ? [{ label: 'Deleted', value: `${fmt(r.deletedAt)}${r.deletedBy ? ` by ${r.deletedBy}` : ''}` }] : []),
      ]} />
      <TiersTable tiers={r.tiers} />
    </Stack>
  );
}

/**
 * Credit what a player's period unlocked and has not claimed (the claim players make on the player
 * site, here on their behalf): a confirmation, then `bonusReleases.claim` (a money call).
 */
function ClaimRelease({ p, deleted }: { p: { id: string; playerCode: string; username: string | null; unlockedAmountInUSD: string; claimedAmountInUSD: string }; deleted: boolean }) {
  const canCall = useCanCall();
  const confirm = useConfirm();
  const claim = useEndpointMutation('bonusReleases.claim', { success: BONUS_RELEASE_MESSAGES.CLAIMED });
  if (deleted || !canCall('bonusReleases.claim') || cmpDec(p.unlockedAmountInUSD, p.claimedAmountInUSD) <= 0) return null;
  const who = p.username ? `${p.username} (${p.playerCode})` : p.playerCode;
  return (
    <Button size="small" disabled={claim.isPending} onClick={async () => {
      if (await confirm({ title: 'Credit Unlocked Bonus', description: <>Credit the unclaimed part of what {who} unlocked in this period to their bonus wallet? Players claim it themselves on the player site; do this only on their behalf.</>, confirmText: 'Credit' })) {
        claim.mutate({ body: { releaseId: p.id } });
      }
    }}>Credit</Button>
  );
}

/** The report figures, the definition and the latest player releases of one release (GET details). */
export function ReportDetails({ bonusId }: { bonusId: string }) {
  const fmt = useFormatTime();
  const q = useQuery({ queryKey: ['bonusReleases.get', bonusId], queryFn: () => apiData('bonusReleases.get', { params: { bonusId } }) });
  if (!q.data) return q.error ? <Alert severity="error">{(q.error as { messages?: string[] }).messages?.[0] ?? BONUS_RELEASE_MESSAGES.NOT_FOUND}</Alert> : <CircularProgress size={24} aria-label="Loading bonus release" />;
  const d = q.data;
  const r = d.report;
  return (
    <Stack spacing={2}>
      <DeletedWarning deleted={d.isDeleted} />
      <Fields items={[
        { label: 'Bonus', value: d.title },
        { label: 'Status', value: <ReleaseStatusChip status={r.status} /> },
        { label: 'Bonus amount', value: <Usd value={r.bonusAmountInUSD} /> },
        { label: 'Total unlocked', value: <Usd value={r.totalUnlockedAmountInUSD} /> },
        { label: 'Players unlocked', value: r.totalPlayersUnlocked },
        { label: 'Total wagered', value: <Usd value={r.totalWageredAmountInUSD} /> },
        { label: 'Total claimed', value: <Usd value={r.totalClaimedAmountInUSD} /> },
        { label: 'Claims', value: r.totalClaimedCount },
      ]} />
      <Typography variant="subtitle2" component="h3">Latest player releases</Typography>
      {d.players.length === 0 ? <Typography color="text.secondary">No player releases yet.</Typography> : (
        <Table size="small" aria-label="Player releases">
          <TableHead><TableRow><TableCell>Player</TableCell><TableCell>Period from</TableCell><TableCell align="right">Wagered</TableCell><TableCell align="right">Unlocked</TableCell><TableCell align="right">Claimed</TableCell><TableCell>Tier</TableCell><TableCell>Last unlocked</TableCell><TableCell /></TableRow></TableHead>
          <TableBody>
            {d.players.map((p) => (
              <TableRow key={p.id}>
                <TableCell>{p.username ? `${p.username} (${p.playerCode})` : p.playerCode}</TableCell>
                <TableCell>{fmt(p.periodStart)}</TableCell>
                <TableCell align="right"><Usd value={p.wageredAmountInUSD} /></TableCell><TableCell align="right"><Usd value={p.unlockedAmountInUSD} /></TableCell>
                <TableCell align="right"><Usd value={p.claimedAmountInUSD} /></TableCell><TableCell>{p.appliedTierRule?.tier ?? '—'}</TableCell>
                <TableCell>{p.lastUnlockedAt ? fmt(p.lastUnlockedAt) : '—'}</TableCell>
                <TableCell><ClaimRelease p={p} deleted={d.isDeleted || p.isDeleted} /></TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}

/** The dialog "Bonus Release Report Details": figures and players; the definition; JSON for SUPER_ADMIN. */
export function ReportDetailsDialog({ row, onClose }: { row: { bonusId: string; bonus: BonusReleaseView }; onClose: () => void }) {
  const json = useReleaseJson();
  const [tab, setTab] = useState(0);
  const tabs: DrawerTab[] = [
    { label: 'Report', content: <ReportDetails bonusId={row.bonusId} /> },
    { label: 'Definition', content: <DefinitionFields r={row.bonus} /> },
    ...(json ? [{ label: 'JSON', content: <JsonBlock value={row} /> }] : []),
  ];
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="bonus-release-report-title">
      <DialogTitle id="bonus-release-report-title" sx={{ pr: 6 }}>
        Bonus Release Report Details
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}><CloseIcon /></IconButton>
      </DialogTitle>
      <DialogContent>
        <Tabs value={Math.min(tab, tabs.length - 1)} onChange={(_, v: number) => setTab(v)} aria-label="Report tabs" sx={{ mb: 2 }}>
          {tabs.map((t) => <Tab key={t.label} label={t.label} />)}
        </Tabs>
        {tabs[tab]?.content}
      </DialogContent>
    </Dialog>
  );
}

/** The release drawer of /bonus/releases: Details, Report (Bonus Release Report Details), JSON for SUPER_ADMIN. */
export function ReleaseDrawer(props: { r: BonusReleaseView | undefined; onClose: () => void; actions?: React.ReactNode; hasPrev: boolean; hasNext: boolean; onPrev: () => void; onNext: () => void }) {
  const json = useReleaseJson();
  const r = props.r;
  return (
    <DetailDrawer
      open
      title={r ? r.title : 'No data'}
      onClose={props.onClose}
      hasPrev={props.hasPrev} hasNext={props.hasNext} onPrev={props.onPrev} onNext={props.onNext}
      width={680}
      headerActions={props.actions}
      tabs={r ? [
        { label: 'Details', content: <DefinitionFields r={r} /> },
        { label: 'Report', content: <ReportDetails bonusId={r.bonusId} /> },
        ...(json ? [{ label: 'JSON', content: <JsonBlock value={r} /> }] : []),
      ] : [{ label: 'Details', content: <Alert severity="info">This record is not on the current page.</Alert> }]}
    />
  );
}

type AnyControl = Control<any, unknown, any>;

function NamesField({ control, name, label: text, options }: { control: AnyControl; name: string; label: string; options: readonly string[] }) {
  return (
    <Controller name={name} control={control} render={({ field, fieldState }) => (
      <TextField
        select label={text} value={(field.value as string[] | undefined) ?? []} onChange={(e) => field.onChange(e.target.value as unknown as string[])} onBlur={field.onBlur}
        error={!!fieldState.error} helperText={fieldState.error?.message ?? 'None chosen: any.'}
        slotProps={{ select: { multiple: true, renderValue: (v) => (v as string[]).join(', ') } }}
      >
        {options.map((o) => <MenuItem key={o} value={o}>{o}</MenuItem>)}
      </TextField>
    )} />
  );
}

const emptyTier = (n: number) => ({ tier: n, requiredWager: '', minWinOdds: '1.5', maxBonusAmountInUSD: '', minBetAmountInUSD: '0' });

/** New Bonus Release / Edit Bonus Release: a drawer form (the contract's schema: tiers in order, wager strictly increasing). */
export function ReleaseFormDrawer({ edit, opId, onClose }: { edit?: BonusReleaseView; opId: string; onClose: () => void }) {
  const { user } = useSession();
  const tz = user.timezone;
  const create = useEndpointMutation('bonusReleases.create', { success: BONUS_RELEASE_MESSAGES.CREATED, onDone: onClose });
  const update = useEndpointMutation('bonusReleases.update', { success: BONUS_RELEASE_MESSAGES.UPDATED, onDone: onClose });
  const start = Math.ceil(Date.now() / 3_600_000) * 3_600_000;
  const base = edit
    ? { opId: edit.opId, title: edit.title, description: edit.description, schedule: edit.schedule as 'DAILY', startTime: edit.startTime, endTime: edit.endTime, betType: edit.betType as 'CASINO', gameProviders: edit.gameProviders, games: edit.games, isActive: edit.isActive, tiers: edit.tiers }
    : { opId, title: '', description: '', schedule: 'WEEKLY' as const, startTime: new Date(start).toISOString(), endTime: new Date(start + 30 * DAY).toISOString(), betType: 'CASINO' as const, gameProviders: [], games: [], isActive: true, tiers: [emptyTier(1)] };
  const schema = edit ? bonusReleaseUpdateForm : bonusReleaseCreateForm;
  return (
    <FormDialog
      drawer
      title={edit ? 'Edit Bonus Release' : 'New Bonus Release'}
      schema={schema}
      defaultValues={(edit ? { ...base, bonusId: edit.bonusId } : base) as never}
      submitText={edit ? 'Save' : 'Create'}
      busy={create.isPending || update.isPending}
      checkOnSubmit
      onClose={onClose}
      onSubmit={(v) => (edit ? update.mutate({ body: v as never }) : create.mutate({ body: v as never }))}
    >
      {(form) => {
        const control = form.control as AnyControl;
        const tiers = (form.watch('tiers' as never) as unknown as ReturnType<typeof emptyTier>[] | undefined) ?? [];
        const setTiers = (next: ReturnType<typeof emptyTier>[]) => form.setValue('tiers' as never, next.map((t, i) => ({ ...t, tier: i + 1 })) as never, { shouldDirty: true, shouldValidate: true });
        // A tier's field changes the order rule of the whole list: check the list again (its message sits on `tiers`).
        const recheck = () => void form.trigger('tiers' as never);
        const tiersError = (form.formState.errors as { tiers?: { message?: string; root?: { message?: string } } }).tiers;
        return (
          <>
            <FormOperatorField control={control} label="Operator" disabled={!!edit} filter={(o) => o.kind !== 'PARTNER'} />
            <FormTextField control={control} name="title" label="Title" maxLength={100} />
            <FormTextField control={control} name="description" label="Description" multiline minRows={2} maxLength={1000} />
            <FormTextField control={control} name="schedule" select label="Schedule">
              {BONUS_RELEASE_SCHEDULES.map((s) => <MenuItem key={s} value={s}>{scheduleLabel(s)}</MenuItem>)}
            </FormTextField>
            <WhenField control={control} name="startTime" label="Start time" tz={tz} />
            <WhenField control={control} name="endTime" label="End time" tz={tz} />
            <FormTextField control={control} name="betType" select label="Bet type">
              {BONUS_BET_TYPES.map((s) => <MenuItem key={s} value={s}>{betTypeLabel(s)}</MenuItem>)}
            </FormTextField>
            <NamesField control={control} name="gameProviders" label="Game providers" options={DEMO_GAME_PROVIDERS} />
            <NamesField control={control} name="games" label="Games" options={DEMO_GAME_TITLES} />
            <FormSwitch control={control} name="isActive" label="Active" />
            <Typography variant="subtitle2">Tiers (USD; each tier needs more wager than the one before)</Typography>
            {tiers.map((_, i) => (
              <Stack key={i} spacing={1} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}>
                <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
                  <Typography variant="body2">Tier {i + 1}</Typography>
                  <IconButton aria-label={`Remove tier ${i + 1}`} size="small" disabled={tiers.length === 1} onClick={() => setTiers(tiers.filter((__, j) => j !== i))}><DeleteOutlineIcon /></IconButton>
                </Stack>
                <FormTextField control={control} name={`tiers.${i}.requiredWager`} label="Required wager" onValue={recheck} inputMode="decimal" maxLength={15} />
                <FormTextField control={control} name={`tiers.${i}.minWinOdds`} label="Min win odds" onValue={recheck} inputMode="decimal" maxLength={7} />
                <FormTextField control={control} name={`tiers.${i}.maxBonusAmountInUSD`} label="Max bonus amount" onValue={recheck} inputMode="decimal" maxLength={15} />
                <FormTextField control={control} name={`tiers.${i}.minBetAmountInUSD`} label="Min bet amount" onValue={recheck} inputMode="decimal" maxLength={15} />
              </Stack>
            ))}
            {(tiersError?.message ?? tiersError?.root?.message) && <Typography color="error" variant="body2" role="alert">{tiersError?.message ?? tiersError?.root?.message}</Typography>}
            <div>
              <Button size="small" startIcon={<AddIcon />} disabled={tiers.length >= BONUS_RELEASE_MAX_TIERS} onClick={() => setTiers([...tiers, emptyTier(tiers.length + 1)])}>Add tier</Button>
            </div>
          </>
        );
      }}
    </FormDialog>
  );
}

/** Clone Bonus Release: another operator by name, new start and end times (POST /api/bonus/clone/release). */
export function CloneReleaseDialog({ r, onClose }: { r: BonusReleaseView; onClose: () => void }) {
  const { user, operators } = useSession();
  const tz = user.timezone;
  const clone = useEndpointMutation('bonusReleases.clone', { success: BONUS_RELEASE_MESSAGES.CLONED, onDone: onClose });
  const start = Math.ceil(Date.now() / 3_600_000) * 3_600_000;
  return (
    <FormDialog
      title="Clone Bonus Release"
      schema={bonusReleaseCloneForm}
      defaultValues={{ bonusId: r.bonusId, targetOpId: '', startTime: new Date(start).toISOString(), endTime: new Date(start + 30 * DAY).toISOString() }}
      submitText="Clone"
      busy={clone.isPending}
      onClose={onClose}
      onSubmit={(v) => clone.mutate({ body: v })}
    >
      {(form) => (
        <>
          <Typography variant="body2">Clone "{r.title}" to another operator with new times.</Typography>
          <FormTextField control={form.control} name="targetOpId" select label="Target operator">
            {operators.filter((o) => o.kind !== 'PARTNER' && o.kind !== 'CMS_DEFAULT').map((o) => <MenuItem key={o.opId} value={o.opId}>{o.parentOpId ? `↳ ${o.title}` : o.title}</MenuItem>)}
          </FormTextField>
          <WhenField control={form.control as AnyControl} name="startTime" label="Start time" tz={tz} />
          <WhenField control={form.control as AnyControl} name="endTime" label="End time" tz={tz} />
        </>
      )}
    </FormDialog>
  );
}

/** Delete: a confirmation, then DELETE /api/bonus/releases?bonusId&opId. */
export function DeleteReleaseAction({ r, onGone }: { r: BonusReleaseView; onGone: () => void }) {
  const remove = useEndpointMutation('bonusReleases.delete', {
    success: BONUS_RELEASE_MESSAGES.DELETED, errorTitle: BONUS_RELEASE_MESSAGES.DELETE_FAILED,
    errorFallback: refusedOr(BONUS_RELEASE_MESSAGES.DELETE_FAILED, BONUS_RELEASE_MESSAGES.DELETE_FAILED), onDone: onGone,
  });
  return (
    <DeleteAction
      label="Delete"
      title="Delete Bonus Release"
      description={`Delete the bonus release "${r.title}"? Players' releases under it are marked deleted.`}
      busy={remove.isPending}
      button={{ size: 'small' }}
      onConfirmed={() => remove.mutate({ query: { bonusId: r.bonusId, opId: r.opId } })}
    />
  );
}
