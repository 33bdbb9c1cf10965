import { Suspense, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import {
  Alert, Button, Chip, CircularProgress, Link, Paper, Stack, Table, TableBody, TableHead, TableRow, Tooltip, Typography,
} from '@mui/material';
import { TableCell } from '../kit/TableCell';
import { MSG, OPERATOR_MESSAGES, cashbackLevelNumber, linkTo, operatorKindLabel, providerName, type AffiliateSettings, type CashbackSettings } from '@pitboss/contract';
import { ApiError } from '../api/client';
import { useOperator, useOperatorSettings, type OperatorDetails } from '../api/operators';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { Fields } from '../kit/Fields';
import { lazyDialog } from '../kit/lazyDialog';
import { useConfirm } from '../kit/useConfirm';
import { useListParams } from '../kit/useListParams';
import { formatUsd } from '../shell/rates';
import { useFormatTime } from '../shell/session';
import { useCanCall } from '../shell/useCanCall';
import { useScope } from '../shell/useScope';
import { OperatorList, OperatorStatusChip } from './OperatorList';
import { TwoFactorRuleSwitch } from '../settings/TwoFactorRuleSwitch';
import { OperatorTimeZone } from './OperatorTimeZone';
import { FourEyesThreshold } from './FourEyesThreshold';
import { OperatorTopupCurrencies } from './OperatorTopupCurrencies';

const TransformToBrandDialog = lazyDialog(() => import('./TransformDialogs'), 'TransformToBrandDialog');
const TransformToOperatorDialog = lazyDialog(() => import('./TransformDialogs'), 'TransformToOperatorDialog');

const languages = new Intl.DisplayNames(['en'], { type: 'language' });
const languageName = (code: string) => { try { return languages.of(code) ?? code; } catch { return code; } };
const gatewaysOf = (settings: Record<string, unknown>, direction: 'deposit' | 'withdraw'): string[] => {
  const section = settings[direction] as { allowedGateways?: unknown } | undefined;
  return Array.isArray(section?.allowedGateways) ? section.allowedGateways.filter((g): g is string => typeof g === 'string') : [];
};
const names = (xs: readonly string[]) => (xs.length ? xs.join(', ') : 'None');
const pct = (n: number) => `${n}%`;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h2" gutterBottom>{title}</Typography>
      {children}
    </Paper>
  );
}

function SmallTable({ label, head, rows }: { label: string; head: string[]; rows: React.ReactNode[][] }) {
  return (
    <Table size="small" aria-label={label} sx={{ mt: 1 }}>
      <TableHead><TableRow>{head.map((h) => <TableCell key={h} sx={{ fontWeight: 600 }}>{h}</TableCell>)}</TableRow></TableHead>
      <TableBody>
        {rows.map((r, i) => <TableRow key={i}>{r.map((c, j) => <TableCell key={j}>{c}</TableCell>)}</TableRow>)}
      </TableBody>
    </Table>
  );
}

function AffiliatesSection({ a }: { a: AffiliateSettings | null }) {
  if (!a) return <Section title="Affiliate settings"><Typography color="text.secondary">No Settings Found.</Typography></Section>;
  const g = a.general;
  return (
    <Section title="Affiliate settings">
      <Fields
        items={[
          { label: 'Wager to count a player as active', value: formatUsd(g.minRequiredWagerInUSDToConsiderAPlayerAsActive) },
          { label: 'Claimed bonus admin fee', value: pct(g.claimedBonusAdminFeePercentage) },
          { label: 'Cashback admin fee', value: pct(g.cashbackAdminFeePercentage) },
          { label: 'Affiliates admin fee', value: pct(g.affiliatesAdminFeePercentage) },
          { label: 'Minimum withdrawable', value: formatUsd(g.minWithdrawableAmountInUSD) },
        ]}
      />
      <SmallTable
        label="Affiliate levels"
        head={['Level', 'Required wager', 'E-mail CPR', 'Telegram CPR', 'Gmail CPR', 'Max CPR', 'CPA']}
        rows={a.levelSettings.map((l) => [l.level, formatUsd(l.requiredWagerInUSD), formatUsd(l.emailCpr), formatUsd(l.telegramCpr), formatUsd(l.gmailCpr), formatUsd(l.maxCpr), formatUsd(l.cpa)])}
      />
      <SmallTable
        label="Revenue share"
        head={['Monthly wager of referred players from', 'Revenue share']}
        rows={a.revenueShareSettings.map((r) => [formatUsd(r.monthlyReferredPlayersTotalWagerInUSD), pct(r.revenueSharePercentage)])}
      />
    </Section>
  );
}

function CashbackSection({ c }: { c: CashbackSettings | null }) {
  if (!c) return <Section title="Cashback settings"><Typography color="text.secondary">No Settings Found.</Typography></Section>;
  return (
    <Section title="Cashback settings">
      <Fields items={[{ label: 'Minimum withdraw', value: formatUsd(c.minWithdrawAmountInUSD) }, { label: 'Auto approval', value: c.autoApproval ? 'Yes' : 'No' }]} />
      <SmallTable
        label="Cashback levels"
        head={['Level', 'Lost amount from', 'Cashback']}
        rows={c.settings.map((s) => [cashbackLevelNumber(s.index), formatUsd(s.lostAmountInUSD), pct(s.percentage)])}
      />
    </Section>
  );
}

/** Activate / Deactivate (SUPER_ADMIN and ADMIN; audited), asked first. */
function StatusAction({ o }: { o: OperatorDetails }) {
  const confirm = useConfirm();
  const change = useEndpointMutation('operators.status');
  const active = o.status === 'ACTIVE';
  return (
    <Button
      variant="outlined"
      color={active ? 'warning' : 'success'}
      disabled={change.isPending}
      onClick={async () => {
        const ok = await confirm({
          title: active ? 'Deactivate operator' : 'Activate operator',
          description: active
            ? `${o.title} becomes inactive: no new staff, brand or partner can be attached to it, and it cannot be chosen as a parent.`
            : `${o.title} becomes active again.`,
          confirmText: active ? 'Deactivate' : 'Activate',
          destructive: active,
        });
        if (ok) change.mutate({ body: { opId: o.opId, status: active ? 'INACTIVE' : 'ACTIVE' } });
      }}
    >
      {active ? 'Deactivate' : 'Activate'}
    </Button>
  );
}

/** An operator's brands, as a list of their own (paged in the URL under `brands`). */
function BrandsOf({ o }: { o: OperatorDetails }) {
  const list = useListParams({}, { prefix: 'brands' });
  return (
    <Section title={`Brands of ${o.title}`}>
      <OperatorList
        label={`Brands of ${o.title}`}
        endpoint="operators.list"
        list={list}
        filters={false}
        hide={['kind', 'parent', 'brands']}
        toRequest={({ opId: _op, includeBrands: _ib, ...b }) => ({ ...b, parentOpId: o.opId, type: 'brand' })}
      />
    </Section>
  );
}

/** /operators/:id — an operator or brand: its data and settings, its brands, activation and transformation. */
export default function OperatorDetailsPage() {
  const { id = '' } = useParams();
  const q = useOperator(id);
  const settings = useOperatorSettings(id, q.isSuccess);
  const fmt = useFormatTime();
  const canCall = useCanCall();
  const { scopeSearch } = useScope();
  const [open, setOpen] = useState<'toBrand' | 'toOperator' | null>(null);
  if (q.isPending) return <CircularProgress aria-label="Loading operator" />;
  if (q.isError || !q.data) {
    const msg = q.error instanceof ApiError && q.error.messages[0] ? q.error.messages[0] : MSG.OPERATOR_NOT_FOUND;
    return <Alert severity="error">{msg}</Alert>;
  }
  const o = q.data;
  const s = o.settings as Record<string, unknown>;
  const canToBrand = o.kind === 'OPERATOR' && canCall('operators.transform');
  const canToOperator = o.kind === 'BRAND' && canCall('operators.transformBrand');
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 2 }}>
          <Typography variant="h6" component="h2">{o.title}</Typography>
          <Chip size="small" label={operatorKindLabel(o.kind)} />
          <OperatorStatusChip status={o.status} />
          <span style={{ flex: 1 }} />
          {canCall('operators.status') && <StatusAction o={o} />}
          {canToBrand && (
            <Tooltip title={o.childrenCount > 0 ? OPERATOR_MESSAGES.HAS_BRANDS : ''}>
              {/* A disabled button shows no tooltip of its own: the span carries it. */}
              <span>
                <Button variant="outlined" disabled={o.childrenCount > 0} onClick={() => setOpen('toBrand')}>Transform Operator to Brand</Button>
              </span>
            </Tooltip>
          )}
          {canToOperator && <Button variant="outlined" onClick={() => setOpen('toOperator')}>Transform Brand to Operator</Button>}
        </Stack>
        <Fields
          items={[
            { label: 'Operator ID', value: o.opId },
            { label: 'Kind', value: operatorKindLabel(o.kind) },
            {
              label: 'Parent operator',
              value: o.parentOpId ? <Link component={RouterLink} to={linkTo('/operators/:id', { id: o.parentOpId }, scopeSearch)}>{o.parentOpTitle ?? o.parentOpId}</Link> : '—',
              testId: 'parent-operator',
            },
            { label: 'Status', value: <OperatorStatusChip status={o.status} /> },
            { label: 'Allowed currencies', value: names(o.allowedCurrencies) },
            { label: 'Allowed languages', value: names(o.allowedLangs.map(languageName)) },
            { label: 'Deposit gateways', value: names(gatewaysOf(s, 'deposit').map(providerName)) },
            { label: 'Withdraw gateways', value: names(gatewaysOf(s, 'withdraw').map(providerName)) },
            { label: 'Daily top-up limit', value: formatUsd(o.limits.dailyTopupLimitInUSD) },
            { label: 'Created', value: fmt(o.createdAt) },
          ]}
        />
        <TwoFactorRuleSwitch opId={o.opId} />
        {settings.data && <FourEyesThreshold opId={o.opId} thresholdInUSD={settings.data.fourEyesThresholdInUSD} />}
        {settings.data && <OperatorTimeZone opId={o.opId} timeZone={settings.data.timeZone} effectiveTimeZone={settings.data.effectiveTimeZone} />}
        <OperatorTopupCurrencies opId={o.opId} allowedCurrencies={o.allowedCurrencies} additional={o.extraData.additionalTopupCurrencies} />
      </Paper>
      {settings.isError && <Alert severity="warning">{settings.error instanceof ApiError ? settings.error.messages[0] : MSG.OPERATOR_NOT_FOUND}</Alert>}
      {settings.data && (
        <>
          <AffiliatesSection a={settings.data.affiliates} />
          <CashbackSection c={settings.data.cashback} />
        </>
      )}
      {o.kind === 'OPERATOR' && <BrandsOf o={o} />}
      <Suspense fallback={null}>
        {open === 'toBrand' && <TransformToBrandDialog o={o} onClose={() => setOpen(null)} />}
        {open === 'toOperator' && <TransformToOperatorDialog o={o} onClose={() => setOpen(null)} />}
      </Suspense>
    </Stack>
  );
}
