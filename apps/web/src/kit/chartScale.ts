/**
 * The value axis of a chart: "nice" round ticks (1, 2 or 5 times a power of ten) that cover the
 * values and zero, about `count` of them; with `integers`, whole numbers only.
 */
export function niceTicks(lo: number, hi: number, count = 4, integers = false): number[] {
  let min = Math.min(0, lo);
  let max = Math.max(0, hi);
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [0, 1];
  if (max === min) max = min + 1;
  const raw = (max - min) / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  // Whole numbers (counts) step by 1 at least: no tick at 0.5 players.
  const step = Math.max(integers ? 1 : 0, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power);
  min = Math.floor(min / step) * step;
  max = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  // Rounded to the step's decimals, so 0.1 + 0.2 reads 0.3.
  const decimals = Math.max(0, -Math.floor(Math.log10(step)) + 1);
  for (let v = min; v <= max + step / 2; v += step) ticks.push(Number(v.toFixed(decimals)));
  return ticks;
}

/** The index of the label nearest to `px` on an axis from `left` to `right` with `n` evenly spaced labels. */
export function nearestIndex(px: number, left: number, right: number, n: number): number {
  if (n <= 1 || right <= left) return 0;
  const i = Math.round(((px - left) / (right - left)) * (n - 1));
  return Math.min(n - 1, Math.max(0, i));
}

/** An axis label: the value as the chart writes it, without trailing zero decimals ("$20,000.00" → "$20,000"). */
export const axisLabel = (text: string): string => text.replace(/\.0+(?=\D*$)/, '');
