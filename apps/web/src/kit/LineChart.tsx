import { useId } from 'react';
import { Box, Stack, Typography, useTheme } from '@mui/material';

export interface ChartSeries {
  name: string;
  /** One value per label; plotted as given (display only: money stays a decimal string elsewhere). */
  values: readonly number[];
  /** Drawn dashed and lighter (the period compared with). */
  muted?: boolean;
}

/**
 * A small line chart in plain SVG (no chart library): one line per series over shared labels,
 * with the zero line, the highest value and a few labels on the axis. The figures are also in
 * a visually hidden table for screen readers.
 */
export function LineChart(props: { title: string; labels: readonly string[]; series: readonly ChartSeries[]; format?: (v: number) => string; height?: number }) {
  const theme = useTheme();
  const id = useId();
  const W = 600;
  const H = props.height ?? 180;
  const pad = { l: 8, r: 8, t: 12, b: 22 };
  const n = Math.max(props.labels.length, 1);
  const all = props.series.flatMap((s) => s.values);
  const max = Math.max(0, ...all);
  const min = Math.min(0, ...all);
  const span = max - min || 1;
  const x = (i: number) => pad.l + (n === 1 ? 0 : (i * (W - pad.l - pad.r)) / (n - 1));
  const y = (v: number) => pad.t + ((max - v) * (H - pad.t - pad.b)) / span;
  const fmt = props.format ?? ((v: number) => String(v));
  const every = Math.max(1, Math.ceil(n / 8));
  const colors = [theme.palette.primary.main, theme.palette.text.disabled];
  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 0.5 }}>
        <Typography variant="subtitle2" component="h3" id={id}>{props.title}</Typography>
        <Stack direction="row" spacing={1.5}>
          {props.series.map((s, i) => (
            <Typography key={s.name} variant="caption" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <Box component="span" sx={{ width: 14, height: 0, borderTop: `2px ${s.muted ? 'dashed' : 'solid'} ${colors[i % 2]}` }} />
              {s.name}
            </Typography>
          ))}
        </Stack>
      </Stack>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-labelledby={id} preserveAspectRatio="none" style={{ display: 'block', height: H }}>
        <line x1={pad.l} x2={W - pad.r} y1={y(0)} y2={y(0)} stroke={theme.palette.divider} />
        <text x={pad.l} y={pad.t - 2} fontSize={10} fill={theme.palette.text.secondary}>{fmt(max)}</text>
        {props.labels.map((l, i) => (i % every === 0 ? (
          <text key={`${l}-${i}`} x={x(i)} y={H - 6} fontSize={10} fill={theme.palette.text.secondary} textAnchor={i === 0 ? 'start' : i === n - 1 ? 'end' : 'middle'}>{l}</text>
        ) : null))}
        {props.series.map((s, si) => (
          <polyline
            key={s.name}
            fill="none"
            stroke={colors[si % 2]}
            strokeWidth={2}
            strokeDasharray={s.muted ? '5 4' : undefined}
            vectorEffect="non-scaling-stroke"
            points={s.values.map((v, i) => `${x(i)},${y(v)}`).join(' ')}
          />
        ))}
      </svg>
      <Box component="table" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        <caption>{props.title}</caption>
        <tbody>
          {props.labels.map((l, i) => (
            <tr key={`${l}-${i}`}><th scope="row">{l}</th>{props.series.map((s) => <td key={s.name}>{fmt(s.values[i] ?? 0)}</td>)}</tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
