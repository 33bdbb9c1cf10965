import { useSearchParams } from 'react-router';
import { Box, Chip, Paper, Stack, TextField, Typography, useTheme } from '@mui/material';
import { DATE_PRESETS, DATE_PRESET_LABELS, type DatePreset } from '@pitboss/contract';
import { formatAmount, formatMoney, formatUsd } from '@pitboss/contract/decimal';
import { VISUALLY_HIDDEN } from '../kit/visuallyHidden';

export const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The period of a report or dashboard as URL state: a preset (000 §9, UTC days) or a custom
 * from/to pair. No preset and no days: the last 7 days.
 */
export function usePeriod(defaultPreset: DatePreset = 'LAST_7_DAYS') {
  const [sp, setSp] = useSearchParams();
  const from = DAY.test(sp.get('from') ?? '') ? sp.get('from')! : undefined;
  const to = DAY.test(sp.get('to') ?? '') ? sp.get('to')! : undefined;
  const raw = sp.get('preset');
  const preset = (DATE_PRESETS as readonly string[]).includes(raw ?? '') ? (raw as DatePreset) : from || to ? undefined : defaultPreset;
  const set = (patch: Record<string, string | undefined>) => setSp((prev) => {
    const n = new URLSearchParams(prev);
    for (const [k, v] of Object.entries(patch)) { if (v) n.set(k, v); else n.delete(k); }
    return n;
  }, { replace: true });
  return {
    period: preset ? { preset } : { from, to },
    preset, from, to,
    choosePreset: (p: DatePreset) => set({ preset: p, from: undefined, to: undefined }),
    chooseDays: (f: string | undefined, t: string | undefined) => set({ preset: undefined, from: f, to: t }),
    param: (k: string) => sp.get(k) ?? undefined,
    setParam: (k: string, v: string | undefined) => set({ [k]: v }),
  };
}

/** Preset chips and a custom from/to pair. */
export function PeriodPicker({ p, custom = true }: { p: ReturnType<typeof usePeriod>; custom?: boolean }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }} role="group" aria-label="Period">
      {DATE_PRESETS.map((k) => (
        <Chip key={k} label={DATE_PRESET_LABELS[k]} color={p.preset === k ? 'primary' : 'default'} variant={p.preset === k ? 'filled' : 'outlined'}
          onClick={() => p.choosePreset(k)} aria-pressed={p.preset === k} />
      ))}
      {custom && (
        <>
          <TextField size="small" type="date" label="From" value={p.from ?? ''} onChange={(e) => p.chooseDays(e.target.value || undefined, p.to)} slotProps={{ inputLabel: { shrink: true } }} />
          <TextField size="small" type="date" label="To" value={p.to ?? ''} onChange={(e) => p.chooseDays(p.from, e.target.value || undefined)} slotProps={{ inputLabel: { shrink: true } }} />
        </>
      )}
    </Stack>
  );
}

export const count = (v: string | number) => formatAmount(v, 0);
export const percent = (v: string) => (v === '' ? '—' : `${formatAmount(v, 2)} %`);
/** A report cell as staff read it (and as the CSV holds it). */
export function cellText(kind: string, v: string, currency: string | null): string {
  if (v === '') return '—';
  switch (kind) {
    case 'usd': return formatUsd(v);
    case 'native': return formatMoney(v, currency);
    case 'percent': return percent(v);
    default: return count(v);
  }
}

/** A figure card: the value and the one it is compared with. */
export function Figure(props: { label: string; value: string; previous?: string; compare?: string; testId?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} component="section" aria-label={props.label}>
      <Typography variant="caption" color="text.secondary">{props.label}</Typography>
      <Typography variant="h6" data-testid={props.testId}>{props.value}</Typography>
      {props.previous !== undefined && <Typography variant="caption" color="text.secondary">{props.compare}: {props.previous}</Typography>}
    </Paper>
  );
}

/**
 * Horizontal bars in plain SVG: one bar per row (the largest values first), negatives to the left
 * of the axis. The figures are also in a visually hidden table for screen readers.
 */
export function BarChart(props: { title: string; bars: readonly { label: string; value: number }[]; format: (v: number) => string; max?: number }) {
  const theme = useTheme();
  const bars = props.bars.slice(0, props.max ?? 12);
  const W = 600;
  const row = 22;
  const labelW = 190;
  const valueW = 100;
  const H = Math.max(bars.length, 1) * row + 4;
  const hi = Math.max(0, ...bars.map((b) => b.value));
  const lo = Math.min(0, ...bars.map((b) => b.value));
  const span = hi - lo || 1;
  const plotW = W - labelW - valueW;
  const x = (v: number) => labelW + ((v - lo) * plotW) / span;
  return (
    <Box component="figure" sx={{ m: 0 }} aria-label={props.title}>
      <Typography variant="subtitle2" component="figcaption">{props.title}</Typography>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={props.title}>
        {bars.map((b, i) => {
          const x0 = x(Math.min(0, b.value));
          const w = Math.max(1, Math.abs(x(b.value) - x(0)));
          return (
            <g key={`${b.label}-${i}`}>
              <text x={labelW - 6} y={i * row + 15} textAnchor="end" fontSize="11" fill={theme.palette.text.secondary}>{b.label.length > 30 ? `${b.label.slice(0, 29)}…` : b.label}</text>
              <rect x={x0} y={i * row + 4} width={w} height={row - 8} fill={b.value < 0 ? theme.palette.error.main : theme.palette.primary.main} rx={2} />
              <text x={W - valueW + 6} y={i * row + 15} fontSize="11" fill={theme.palette.text.primary}>{props.format(b.value)}</text>
            </g>
          );
        })}
        <line x1={x(0)} x2={x(0)} y1={0} y2={H} stroke={theme.palette.divider} />
      </svg>
      <Box component="table" sx={VISUALLY_HIDDEN}>
        <tbody>{bars.map((b, i) => <tr key={i}><th>{b.label}</th><td>{props.format(b.value)}</td></tr>)}</tbody>
      </Box>
    </Box>
  );
}

/** The selected operator for a report call: `{ opId, includeBrands }`, or nothing (every operator of the user). */
export function scopeBody(s: { opId?: string; includeBrands?: string }): { opId?: string; includeBrands?: boolean } {
  return s.opId ? { opId: s.opId, includeBrands: s.includeBrands === 'true' } : {};
}
