import { useEffect, useId, useRef, useState } from 'react';
import { Box, Paper, Stack, Typography, useTheme } from '@mui/material';
import { axisLabel, nearestIndex, niceTicks } from './chartScale';
import { VISUALLY_HIDDEN } from './visuallyHidden';

export interface ChartSeries {
  name: string;
  /** One value per label; plotted as given (display only: money stays a decimal string elsewhere). */
  values: readonly number[];
  /** Drawn dashed and lighter (the period compared with). */
  muted?: boolean;
}

/** A value without a format of its own: thousands separated, at most 2 decimals ("15,000"). */
const plain = (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** The width of an element in CSS pixels, followed as it changes (0 before the first layout). */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(([e]) => setWidth(Math.round(e!.contentRect.width)));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * A small line chart in plain SVG (no chart library): one line per series over shared labels,
 * drawn at the element's own pixel width (text never stretched), a value axis of round ticks
 * with their grid lines (zero darker), a few labels on the time axis, and under the pointer the
 * day's values of every series. The figures are also in a visually hidden table for screen
 * readers.
 */
export function LineChart(props: { title: string; labels: readonly string[]; series: readonly ChartSeries[]; format?: (v: number) => string; height?: number }) {
  const theme = useTheme();
  const id = useId();
  const [box, measured] = useWidth<HTMLDivElement>();
  const [hover, setHover] = useState<number | null>(null);
  const W = measured || 600;
  const H = props.height ?? 180;
  const fmt = props.format ?? plain;
  const all = props.series.flatMap((s) => s.values);
  const ticks = niceTicks(Math.min(...all), Math.max(...all), 4, all.every(Number.isInteger));
  const lo = ticks[0]!;
  const hi = ticks[ticks.length - 1]!;
  const tickText = ticks.map((t) => axisLabel(fmt(t)));
  // The value labels' column: as wide as the longest label at 10 px (about 6 px a character).
  const pad = { l: Math.max(...tickText.map((t) => t.length)) * 6 + 10, r: 10, t: 8, b: 22 };
  const n = Math.max(props.labels.length, 1);
  const x = (i: number) => pad.l + (n === 1 ? 0 : (i * (W - pad.l - pad.r)) / (n - 1));
  const y = (v: number) => pad.t + ((hi - v) * (H - pad.t - pad.b)) / (hi - lo || 1);
  const every = Math.max(1, Math.ceil(n / Math.max(2, Math.floor((W - pad.l) / 70))));
  // Every `every`-th label, and the last one unless it would touch the one before it.
  const shown = (i: number) => (i === n - 1 && n > 1) || (i % every === 0 && (n - 1 - i >= every / 2 || n === 1));
  // Two series: the main one and the one compared with (grey). More: a colour each, so the legend tells them apart.
  const palette = props.series.length <= 2
    ? [theme.palette.primary.main, theme.palette.text.disabled]
    : [theme.palette.primary.main, '#ef6c00', '#2e7d32', '#6a1b9a', '#c62828', '#00838f', '#ad1457', '#5d4037', '#9e9d24'];
  const colors = props.series.map((_, i) => palette[i % palette.length]!);
  const muted = theme.palette.text.secondary;
  const onMove = (e: React.PointerEvent<SVGSVGElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    setHover(nearestIndex(e.clientX - r.left, pad.l, W - pad.r, n));
  };
  return (
    <Box>
      {/* The legend wraps under the title when it is long, never squeezing the title. */}
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap', rowGap: 0.5, mb: 0.5 }}>
        <Typography variant="subtitle2" component="h3" id={id} sx={{ flexShrink: 0, mr: 2 }}>{props.title}</Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.25 }}>
          {props.series.map((s, i) => (
            <Typography key={s.name} variant="caption" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <Box component="span" sx={{ width: 14, height: 0, borderTop: `2px ${s.muted ? 'dashed' : 'solid'} ${colors[i]}` }} />
              {s.name}
            </Typography>
          ))}
        </Stack>
      </Stack>
      <Box ref={box} sx={{ position: 'relative' }}>
        <svg
          viewBox={`0 0 ${W} ${H}`} width="100%" height={H} role="img" aria-labelledby={id} style={{ display: 'block' }}
          onPointerMove={onMove} onPointerLeave={() => setHover(null)}
        >
          {ticks.map((t, i) => (
            <g key={t}>
              <line x1={pad.l} x2={W - pad.r} y1={y(t)} y2={y(t)} stroke={t === 0 ? theme.palette.text.disabled : theme.palette.divider} strokeWidth={1} />
              <text x={pad.l - 6} y={y(t) + 3} fontSize={10} fill={muted} textAnchor="end">{tickText[i]}</text>
            </g>
          ))}
          {props.labels.map((l, i) => (shown(i) ? (
            <text key={`${l}-${i}`} x={x(i)} y={H - 6} fontSize={10} fill={muted} textAnchor={i === 0 ? 'start' : i === n - 1 ? 'end' : 'middle'}>{l}</text>
          ) : null))}
          {hover !== null && <line x1={x(hover)} x2={x(hover)} y1={pad.t} y2={H - pad.b} stroke={theme.palette.text.disabled} strokeDasharray="3 3" />}
          {props.series.map((s, si) => (
            <g key={s.name}>
              <polyline
                fill="none" stroke={colors[si]} strokeWidth={2} strokeLinejoin="round" strokeDasharray={s.muted ? '5 4' : undefined}
                points={s.values.map((v, i) => `${x(i)},${y(v)}`).join(' ')}
              />
              {/* A single point has no line: drawn as a dot. */}
              {s.values.length === 1 && hover === null && <circle cx={x(0)} cy={y(s.values[0]!)} r={3} fill={colors[si]} />}
              {hover !== null && s.values[hover] !== undefined && <circle cx={x(hover)} cy={y(s.values[hover])} r={3.5} fill={colors[si]} />}
            </g>
          ))}
        </svg>
        {hover !== null && (
          <Paper
            elevation={3} data-testid="chart-readout"
            sx={{
              position: 'absolute', top: 0, pointerEvents: 'none', px: 1, py: 0.5, whiteSpace: 'nowrap',
              ...(x(hover) > W / 2 ? { right: W - x(hover) + 10 } : { left: x(hover) + 10 }),
            }}
          >
            <Typography variant="caption" component="div" sx={{ fontWeight: 600 }}>{props.labels[hover]}</Typography>
            {props.series.map((s, si) => (
              <Typography key={s.name} variant="caption" component="div" sx={{ display: 'flex', gap: 1, justifyContent: 'space-between' }}>
                <span style={{ color: colors[si] }}>{s.name}</span>
                <span>{fmt(s.values[hover] ?? 0)}</span>
              </Typography>
            ))}
          </Paper>
        )}
      </Box>
      <Box component="table" sx={VISUALLY_HIDDEN}>
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
