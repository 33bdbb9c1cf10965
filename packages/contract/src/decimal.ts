/**
 * The zod-free half of money.ts: exact decimal arithmetic, rates and formatting, which the
 * console's shell needs (money.ts re-exports it with the schemas of the amounts staff type).
 */
import { currencyDecimals } from './constants.js';

/**
 * Exact decimal arithmetic on strings through BigInt fixed point (8 decimals, as the
 * database's numeric(30,8)). Money never passes through a float.
 */
export const MONEY_SCALE = 8;
const F = 10n ** BigInt(MONEY_SCALE);
export const DECIMAL_PATTERN = /^-?\d{1,22}(\.\d{1,8})?$/;

export function toUnits(s: string): bigint {
  if (!DECIMAL_PATTERN.test(s)) throw new Error(`not a decimal: ${s}`);
  const neg = s.startsWith('-');
  const [i, f = ''] = (neg ? s.slice(1) : s).split('.');
  const v = BigInt(i!) * F + BigInt((f + '0'.repeat(MONEY_SCALE)).slice(0, MONEY_SCALE));
  return neg ? -v : v;
}

export function fromUnits(v: bigint, decimals = MONEY_SCALE): string {
  const neg = v < 0n;
  const a = neg ? -v : v;
  const i = a / F;
  const frac = (a % F).toString().padStart(MONEY_SCALE, '0').slice(0, decimals);
  const s = decimals > 0 ? `${i}.${frac}` : `${i}`;
  return neg && a !== 0n ? `-${s}` : s;
}

export const addDec = (a: string, b: string) => fromUnits(toUnits(a) + toUnits(b));
export const subDec = (a: string, b: string) => fromUnits(toUnits(a) - toUnits(b));
export const cmpDec = (a: string, b: string) => { const d = toUnits(a) - toUnits(b); return d < 0n ? -1 : d > 0n ? 1 : 0; };
/** Round half up to `decimals` places (display). */
export function roundDec(a: string, decimals = 2): string {
  const v = toUnits(a);
  const step = 10n ** BigInt(MONEY_SCALE - decimals);
  const half = step / 2n;
  const r = v >= 0n ? ((v + half) / step) * step : -(((-v + half) / step) * step);
  return fromUnits(r, decimals);
}
/** a × b for two decimals (the result truncated to 8 places). */
export const mulDec = (a: string, b: string) => fromUnits((toUnits(a) * toUnits(b)) / F);

/* ---- Display: what staff read (the exact value stays in tooltips and the JSON tab). ---- */

const separators = new Map<string, { group: string; decimal: string }>();
/** The thousands and decimal separators of a locale (en-US: "," and "."). */
function separatorsOf(locale: string): { group: string; decimal: string } {
  let s = separators.get(locale);
  if (!s) {
    const parts = new Intl.NumberFormat(locale, { useGrouping: true, minimumFractionDigits: 1 }).formatToParts(12345.6);
    s = { group: parts.find((p) => p.type === 'group')?.value ?? ',', decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.' };
    separators.set(locale, s);
  }
  return s;
}

const asDecimal = (v: string | number | null | undefined): string | null => {
  if (v === null || v === undefined || v === '') return null;
  const s = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : v.trim();
  return DECIMAL_PATTERN.test(s) ? s : null;
};

/** Digits with the locale's separators: integer part grouped by thousands, `frac` after the decimal sign. */
function withSeparators(neg: boolean, int: string, frac: string, locale: string): string {
  const { group, decimal } = separatorsOf(locale);
  return `${neg ? '-' : ''}${int.replace(/\B(?=(\d{3})+(?!\d))/g, group)}${frac ? `${decimal}${frac}` : ''}`;
}

/**
 * A decimal amount as staff read it: rounded half-up to `decimals` places on the decimal string
 * (never through a float), thousands separated. A missing or malformed value is "—".
 */
export function formatAmount(v: string | number | null | undefined, decimals = 2, locale = 'en-US'): string {
  const s = asDecimal(v);
  if (s === null) return '—';
  const r = roundDec(s, decimals);
  const neg = r.startsWith('-');
  const [i = '0', f = ''] = (neg ? r.slice(1) : r).split('.');
  return withSeparators(neg, i, f, locale);
}

/** An amount in its currency, with the currency's own decimals: "1,234.50 USD", "0.01500000 BTC", "4,200,000 IRR". */
export function formatMoney(v: string | number | null | undefined, currency: string | null | undefined, locale = 'en-US'): string {
  const n = formatAmount(v, currencyDecimals(currency), locale);
  return n === '—' || !currency ? n : `${n} ${currency}`;
}

/** A USD value (reports, totals): "$1,234.57". */
export function formatUsd(v: string | number | null | undefined, locale = 'en-US'): string {
  const n = formatAmount(v, 2, locale);
  if (n === '—') return n;
  return n.startsWith('-') ? `-$${n.slice(1)}` : `$${n}`;
}

/** An exchange rate with its significant digits only (no padding zeros), thousands separated: "65,000", "1.08", "0.0000238". */
export function formatRate(v: string | number | null | undefined, locale = 'en-US'): string {
  const raw = v === null || v === undefined ? '' : String(v).trim();
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(raw);
  if (!m) return '—';
  const int = m[2]!.replace(/^0+(?=\d)/, '');
  return withSeparators(m[1] === '-' && /[1-9]/.test(raw), int, (m[3] ?? '').replace(/0+$/, ''), locale);
}

/* ---- Conversion between currencies at their USD rates (the server's and the console's preview). ---- */

/** Rates (numeric(30,12)) as fixed-point integers at 12 decimals. */
export const RATE_SCALE = 10n ** 12n;
export function rateUnits(rate: string): bigint {
  const [i, f = ''] = rate.split('.');
  return BigInt(i!) * RATE_SCALE + BigInt((f + '0'.repeat(12)).slice(0, 12));
}
export function fromRateUnits(v: bigint): string {
  return `${v / RATE_SCALE}.${(v % RATE_SCALE).toString().padStart(12, '0')}`;
}
/** How many units of `to` one unit of `from` is worth, truncated to 12 places. */
export function crossRate(fromRate: string, toRate: string): string {
  return fromRateUnits((rateUnits(fromRate) * RATE_SCALE) / rateUnits(toRate));
}
/** `amount` of a currency at `fromRate` expressed in a currency at `toRate`, truncated to 8 places (never more value). */
export function convertAmount(amount: string, fromRate: string, toRate: string): string {
  return fromUnits((toUnits(amount) * rateUnits(fromRate)) / rateUnits(toRate));
}

