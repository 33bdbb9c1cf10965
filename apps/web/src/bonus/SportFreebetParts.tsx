/**
 * Sport free bets in the console (001 §2 /bonus/sport, §4 drawers, §5, §8; issue 9): the template
 * and applied free bet details, the Sport FreeBet Templates drawer of a player with its Add Sport
 * FreeBet confirmation, and a player's applied free bets. The sportsbook's list failures are
 * logged and the table shows empty (000 §7); a grant's refusal shows the spec's text of its code.
 */
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Button, Chip, CircularProgress, MenuItem, Stack, Table, TableContainer, TableBody, TableHead, TableRow, Typography,
} from '@mui/material';
import { TableCell } from '../kit/TableCell';
import {
  CURRENCIES, FREEBET_MESSAGES, formatAmount, formatMoney, humanize, sportGrantBody, sportStageLabel, templateGrantable,
  type AppliedFreebet, type SportTemplate,
} from '@pitboss/contract';
import { refusedOr } from '../api/client';
import { apiData } from '../api/endpoint';
import { DetailDrawer, type DrawerTab } from '../kit/DetailDrawer';
import { EmptyRow } from '../kit/EmptyRow';
import { Fields } from '../kit/Fields';
import { JsonBlock } from '../kit/JsonBlock';
import { EndpointDialog } from '../kit/actions/EndpointDialog';
import { FormTextField } from '../kit/actions/FormTextField';
import { Money } from '../kit/Money';
import { useFormatTime } from '../shell/session';
import { useBonusJsonTab } from '../kit/useBonusJsonTab';
import { AbuseSignals } from './AbuseSignals';

/** The sportsbook's pages (its page size, its total): Page n of m, Prev and Next. */
export function SportPager({ page, meta, onPage }: { page: number; meta?: { totalItems: number; itemsPerPage: number }; onPage: (n: number) => void }) {
  const pages = meta && meta.itemsPerPage > 0 ? Math.max(1, Math.ceil(meta.totalItems / meta.itemsPerPage)) : 1;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'flex-end', p: 1 }}>
      <Typography variant="body2" aria-live="polite">Page {page} of {pages}</Typography>
      <Button size="small" aria-label="Previous page" disabled={page <= 1} onClick={() => onPage(page - 1)}>Prev</Button>
      <Button size="small" aria-label="Next page" disabled={page >= pages} onClick={() => onPage(page + 1)}>Next</Button>
    </Stack>
  );
}

/** Epoch seconds (the sportsbook's times) in the staff member's time zone, written as every other time of the console. */
export function useEpochFormat(): (s: number | null | undefined) => string {
  const fmt = useFormatTime();
  return (s) => (s || s === 0 ? fmt(new Date(s * 1000)) : '—');
}

/** JSON tabs of the free bet drawers: 001 §6 "super admin only through component permissions" (the contract's `mayViewBonusJson`). */
const useJsonTab = useBonusJsonTab;

export const EnabledChip = ({ t }: { t: Pick<SportTemplate, 'isEnable' | 'toTime'> }) => {
  const expired = t.toTime * 1000 <= Date.now();
  return <Chip size="small" variant="outlined" color={t.isEnable && !expired ? 'success' : 'default'} label={!t.isEnable ? 'Disabled' : expired ? 'Ended' : 'Enabled'} />;
};

/** The templates of a page, sorted as the sportsbook answers; a failure is logged and reads as no templates. */
export function useSportTemplates(page: number, scope: { opId?: string; includeBrands?: boolean }, enabled = true) {
  return useQuery({
    queryKey: ['sport.templates', page, scope.opId ?? '', !!scope.includeBrands],
    enabled,
    queryFn: async () => {
      try {
        return await apiData('sport.templates', { query: { page, ...(scope.opId ? { opId: scope.opId } : {}), ...(scope.includeBrands ? { includeBrands: 'true' as const } : {}) } as never });
      } catch (e) {
        console.error('Sport free bet templates could not be loaded', e);
        return { code: -1, items: [], message: FREEBET_MESSAGES.LIST_FAILED, metadata: { totalItems: 0, itemsPerPage: 0, page } };
      }
    },
  });
}

const bet = (d: { betAmount: string; currency?: string }, currency?: string) => <Money amount={d.betAmount} currency={d.currency ?? currency ?? null} />;

function templateFields(t: SportTemplate, fmt: (s: number) => string) {
  const d = t.freebetData;
  return [
    { label: 'Name', value: t.name },
    { label: 'Operator', value: t.opTitle },
    { label: 'Status', value: <EnabledChip t={t} /> },
    { label: 'Type', value: humanize(t.type) },
    { label: 'Stage', value: sportStageLabel(t.stage) },
    { label: 'Period', value: `${fmt(t.fromTime)} – ${fmt(t.toTime)}` },
    { label: 'Days to use', value: String(t.daysToUse) },
    { label: 'Disciplines', value: t.disciplines.join(', ') || '—' },
    { label: 'Bet amount', value: bet(d) },
    { label: 'Bet count', value: String(d.betCount) },
    { label: 'Selections', value: `${d.minSelection} – ${d.maxSelection}` },
    { label: 'Odds', value: `${formatAmount(d.minOdd)} – ${formatAmount(d.maxOdd)}` },
    { label: 'Max win', value: <Money amount={d.maxWin} currency={d.maxWinCurrency} /> },
  ];
}

function drawerTabs(details: ReactNode, json: unknown, showJson: boolean): DrawerTab[] {
  return [{ label: 'Details', content: details }, ...(showJson ? [{ label: 'JSON', content: <JsonBlock value={json} /> }] : [])];
}

/** Sport FreeBet Details drawer: tabs Details and JSON (SUPER_ADMIN). */
export function TemplateDrawer(props: { t: SportTemplate; onClose: () => void; onPrev?: () => void; onNext?: () => void; actions?: ReactNode }) {
  const fmt = useEpochFormat();
  const json = useJsonTab();
  return (
    <DetailDrawer
      open
      title={`Sport FreeBet Details — ${props.t.name}`}
      onClose={props.onClose}
      hasPrev={!!props.onPrev}
      hasNext={!!props.onNext}
      onPrev={props.onPrev}
      onNext={props.onNext}
      headerActions={props.actions}
      tabs={drawerTabs(<Fields items={templateFields(props.t, fmt)} />, props.t, json)}
    />
  );
}

/** The templates table (the /bonus/sport page and the player's templates drawer). */
export function TemplatesTable(props: { rows: readonly SportTemplate[]; loading: boolean; onOpen: (t: SportTemplate) => void; action?: (t: SportTemplate) => ReactNode }) {
  const fmt = useEpochFormat();
  const cols = props.action ? 9 : 8;
  return (
    <TableContainer>
      <Table size="small" aria-label="Sport free bet templates">
      <TableHead>
        <TableRow>
          <TableCell>Name</TableCell>
          <TableCell>Operator/Brand</TableCell>
          <TableCell>Stage</TableCell>
          <TableCell>Period</TableCell>
          <TableCell align="right">Bet amount</TableCell>
          <TableCell align="right">Bet count</TableCell>
          <TableCell align="right">Max win</TableCell>
          <TableCell>Status</TableCell>
          {props.action && <TableCell />}
        </TableRow>
      </TableHead>
      <TableBody>
        {props.loading ? (
          <TableRow><TableCell colSpan={cols}><CircularProgress size={20} aria-label="Loading templates" /></TableCell></TableRow>
        ) : !props.rows.length ? <EmptyRow colSpan={cols} /> : props.rows.map((t) => (
          <TableRow key={t.id} hover sx={{ cursor: 'pointer' }} onClick={() => props.onOpen(t)} data-testid="sport-template-row">
            <TableCell>{t.name}</TableCell>
            <TableCell>{t.opTitle}</TableCell>
            <TableCell>{sportStageLabel(t.stage)}</TableCell>
            <TableCell><span style={{ whiteSpace: 'nowrap' }}>{fmt(t.fromTime)} –</span> <span style={{ whiteSpace: 'nowrap' }}>{fmt(t.toTime)}</span></TableCell>
            <TableCell align="right">{bet(t.freebetData)}</TableCell>
            <TableCell align="right">{t.freebetData.betCount}</TableCell>
            <TableCell align="right"><Money amount={t.freebetData.maxWin} currency={t.freebetData.maxWinCurrency} /></TableCell>
            <TableCell><EnabledChip t={t} /></TableCell>
            {props.action && <TableCell onClick={(e) => e.stopPropagation()}>{props.action(t)}</TableCell>}
          </TableRow>
        ))}
      </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Add Sport FreeBet confirmation: the template's bet count, amount and currency, editable; the refusal's text from its code. */
function AddFreebetDialog({ t, player, onClose, onDone }: { t: SportTemplate; player: { playerId: string; playerCode: string }; onClose: () => void; onDone: () => void }) {
  const d = t.freebetData;
  return (
    <EndpointDialog
      endpoint="sport.grant"
      title="Add Sport FreeBet"
      schema={sportGrantBody}
      defaultValues={{ betCount: String(d.betCount), betAmount: d.betAmount, currency: (CURRENCIES as readonly string[]).includes(d.currency) ? d.currency as never : 'USD', templateId: t.id }}
      checkOnSubmit
      submitText="Add"
      onClose={onClose}
      input={(v) => ({ params: { playerId: player.playerId }, body: v })}
      options={{
        success: FREEBET_MESSAGES.GRANTED, errorTitle: FREEBET_MESSAGES.NOT_ADDED, errorFallback: refusedOr(FREEBET_MESSAGES.UNABLE, FREEBET_MESSAGES.UNABLE),
        onDone: () => { onDone(); onClose(); },
      }}
    >
      {({ control }) => (
        <>
          <Typography variant="body2">Grant “{t.name}” ({sportStageLabel(t.stage)}) to player {player.playerCode}?</Typography>
          <AbuseSignals playerCode={player.playerCode} templateId={t.id} />
          <FormTextField control={control} name="betCount" label="Bet count" required maxLength={4} />
          <FormTextField control={control} name="betAmount" label="Bet amount" required maxLength={24} />
          <FormTextField control={control} name="currency" select label="Currency" required>
            {CURRENCIES.map((c) => <MenuItem key={c} value={c}>{c}</MenuItem>)}
          </FormTextField>
        </>
      )}
    </EndpointDialog>
  );
}

/** Sport FreeBet Templates drawer: the templates of the player's operator, Add disabled when ended or not enabled (001 §5). */
export function PlayerTemplatesDrawer({ player, onClose }: { player: { playerId: string; playerCode: string; opId: string }; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const q = useSportTemplates(page, { opId: player.opId });
  const [open, setOpen] = useState<SportTemplate | null>(null);
  const [adding, setAdding] = useState<SportTemplate | null>(null);
  const rows = q.data?.items ?? [];
  const meta = q.data?.metadata;
  const addButton = (t: SportTemplate) => (
    <Button size="small" variant="outlined" disabled={!templateGrantable(t)} onClick={() => setAdding(t)} aria-label={`Add ${t.name}`}>Add</Button>
  );
  return (
    <>
      <DetailDrawer
        open
        width={900}
        title={`Sport FreeBet Templates — ${player.playerCode}`}
        onClose={onClose}
        tabs={[{
          label: 'Templates',
          content: (
            <Stack spacing={1}>
              <TemplatesTable rows={rows} loading={q.isPending} onOpen={setOpen} action={addButton} />
              <SportPager page={page} meta={meta} onPage={setPage} />
            </Stack>
          ),
        }]}
      />
      {open && <TemplateDrawer t={open} onClose={() => setOpen(null)} actions={addButton(open)} />}
      {adding && <AddFreebetDialog t={adding} player={player} onClose={() => setAdding(null)} onDone={() => setOpen(null)} />}
    </>
  );
}

function appliedFields(f: AppliedFreebet, fmt: (s: number) => string) {
  const d = f.freebetData;
  return [
    { label: 'Name', value: f.name },
    { label: 'Free bet ID', value: f.id },
    { label: 'Activated', value: fmt(f.activationDate) },
    { label: 'Valid', value: `${fmt(f.fromTime)} – ${fmt(f.toTime)}` },
    { label: 'Type', value: humanize(f.type) },
    { label: 'Stage', value: sportStageLabel(f.stage) },
    { label: 'Disciplines', value: f.disciplines.join(', ') || '—' },
    { label: 'Bet amount', value: d.currency ? formatMoney(d.betAmount, d.currency) : formatAmount(d.betAmount) },
    { label: 'Bet count', value: String(d.betCount) },
    { label: 'Selections', value: `${d.minSelection} – ${d.maxSelection}` },
    { label: 'Odds', value: `${formatAmount(d.minOdd)} – ${formatAmount(d.maxOdd)}` },
    { label: 'Max win', value: d.maxWinCurrency ? formatMoney(d.maxWin, d.maxWinCurrency) : formatAmount(d.maxWin) },
  ];
}

/** The player's applied free bets, with the Applied FreeBet Details drawer (Details; JSON for SUPER_ADMIN). */
export function AppliedFreebets({ playerId }: { playerId: string }) {
  const fmt = useEpochFormat();
  const json = useJsonTab();
  const q = useQuery({
    queryKey: ['sport.applied', playerId],
    queryFn: async () => {
      try {
        return (await apiData('sport.applied', { params: { playerId } })).items;
      } catch (e) {
        console.error("The player's sport free bets could not be loaded", e);
        return [];
      }
    },
  });
  const [open, setOpen] = useState<AppliedFreebet | null>(null);
  const rows = q.data ?? [];
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label="Applied free bets">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Stage</TableCell>
            <TableCell>Activated</TableCell>
            <TableCell>Valid until</TableCell>
            <TableCell align="right">Bet amount</TableCell>
            <TableCell align="right">Bet count</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {q.isPending ? (
            <TableRow><TableCell colSpan={6}><CircularProgress size={20} aria-label="Loading free bets" /></TableCell></TableRow>
          ) : !rows.length ? <EmptyRow colSpan={6} /> : rows.map((f) => (
            <TableRow key={f.id} hover sx={{ cursor: 'pointer' }} onClick={() => setOpen(f)} data-testid="applied-freebet-row">
              <TableCell>{f.name}</TableCell>
              <TableCell>{sportStageLabel(f.stage)}</TableCell>
              <TableCell>{fmt(f.activationDate)}</TableCell>
              <TableCell>{fmt(f.toTime)}</TableCell>
              <TableCell align="right">{f.freebetData.currency ? formatMoney(f.freebetData.betAmount, f.freebetData.currency) : formatAmount(f.freebetData.betAmount)}</TableCell>
              <TableCell align="right">{f.freebetData.betCount}</TableCell>
            </TableRow>
          ))}
        </TableBody>
        </Table>
      </TableContainer>
      {open && (
        <DetailDrawer open title={`Applied FreeBet Details — ${open.name}`} onClose={() => setOpen(null)} tabs={drawerTabs(<Fields items={appliedFields(open, fmt)} />, open, json)} />
      )}
    </>
  );
}
