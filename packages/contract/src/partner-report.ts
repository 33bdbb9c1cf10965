/**
 * The periods of the partner dashboard's charts (the period chips of the affiliate reports
 * panel, 001 §2: Today, This Week, This Month, This Year), each compared with the period before
 * it (Yesterday, Last Week, Last Month, Last Year). Computed in the user's timezone; buckets are
 * named by their local wall-clock start, the way the database groups them
 * (`to_char(date_trunc(unit, t at time zone tz), BUCKET_SQL_FORMAT[unit])`).
 */
import { localMidnightUtc, tzOffsetMs } from './time.js';

export const REPORT_PERIODS = ['TODAY', 'THIS_WEEK', 'THIS_MONTH', 'THIS_YEAR'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const REPORT_PERIOD_LABELS: Record<ReportPeriod, string> = { TODAY: 'Today', THIS_WEEK: 'This Week', THIS_MONTH: 'This Month', THIS_YEAR: 'This Year' };
/** What each period is compared with. */
export const PREVIOUS_PERIOD_LABELS: Record<ReportPeriod, string> = { TODAY: 'Yesterday', THIS_WEEK: 'Last Week', THIS_MONTH: 'Last Month', THIS_YEAR: 'Last Year' };

export type BucketUnit = 'hour' | 'day' | 'month';
/** The `to_char` format of a bucket's key in the database (its local start). */
export const BUCKET_SQL_FORMAT: Record<BucketUnit, string> = { hour: 'YYYY-MM-DD HH24', day: 'YYYY-MM-DD', month: 'YYYY-MM' };

export interface PeriodSpan {
  /** First instant of the period (UTC). */
  from: Date;
  /** First instant after the period (UTC). */
  to: Date;
  /** The bucket keys, in order (local wall-clock starts, as BUCKET_SQL_FORMAT writes them). */
  keys: string[];
  /** A short label per bucket. */
  labels: string[];
}

export interface ReportWindow { period: ReportPeriod; unit: BucketUnit; current: PeriodSpan; previous: PeriodSpan }

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const pad = (n: number) => String(n).padStart(2, '0');

/** A calendar day as its wall-clock parts (Date.UTC normalises overflowing days and months). */
const day = (y: number, m0: number, d: number) => {
  const t = new Date(Date.UTC(y, m0, d));
  return { y: t.getUTCFullYear(), m0: t.getUTCMonth(), d: t.getUTCDate(), dow: t.getUTCDay() };
};
const dayKey = (x: { y: number; m0: number; d: number }) => `${x.y}-${pad(x.m0 + 1)}-${pad(x.d)}`;

function hours(y: number, m0: number, d: number, tz: string): PeriodSpan {
  const x = day(y, m0, d);
  const keys = Array.from({ length: 24 }, (_, h) => `${dayKey(x)} ${pad(h)}`);
  return { from: localMidnightUtc(x.y, x.m0, x.d, tz), to: localMidnightUtc(x.y, x.m0, x.d + 1, tz), keys, labels: keys.map((_, h) => `${pad(h)}:00`) };
}

function days(y: number, m0: number, d: number, count: number, tz: string): PeriodSpan {
  const all = Array.from({ length: count }, (_, i) => day(y, m0, d + i));
  return {
    from: localMidnightUtc(y, m0, d, tz), to: localMidnightUtc(y, m0, d + count, tz),
    keys: all.map(dayKey), labels: all.map((x) => (count <= 7 ? `${DAYS[x.dow]} ${pad(x.d)}` : `${pad(x.d)} ${MONTHS[x.m0]}`)),
  };
}

function months(y: number, tz: string): PeriodSpan {
  const keys = MONTHS.map((_, i) => `${y}-${pad(i + 1)}`);
  return { from: localMidnightUtc(y, 0, 1, tz), to: localMidnightUtc(y + 1, 0, 1, tz), keys, labels: [...MONTHS] };
}

const daysInMonth = (y: number, m0: number) => new Date(Date.UTC(y, m0 + 1, 0)).getUTCDate();

/** The current and previous spans of a period at `now` in `timeZone` (weeks start on Monday). */
export function reportWindow(period: ReportPeriod, now: Date, timeZone: string): ReportWindow {
  const local = new Date(now.getTime() + tzOffsetMs(now, timeZone));
  const y = local.getUTCFullYear();
  const m0 = local.getUTCMonth();
  const d = local.getUTCDate();
  switch (period) {
    case 'TODAY':
      return { period, unit: 'hour', current: hours(y, m0, d, timeZone), previous: hours(y, m0, d - 1, timeZone) };
    case 'THIS_WEEK': {
      const monday = d - ((local.getUTCDay() + 6) % 7);
      return { period, unit: 'day', current: days(y, m0, monday, 7, timeZone), previous: days(y, m0, monday - 7, 7, timeZone) };
    }
    case 'THIS_MONTH': {
      const prev = day(y, m0 - 1, 1);
      return { period, unit: 'day', current: days(y, m0, 1, daysInMonth(y, m0), timeZone), previous: days(prev.y, prev.m0, 1, daysInMonth(prev.y, prev.m0), timeZone) };
    }
    case 'THIS_YEAR':
      return { period, unit: 'month', current: months(y, timeZone), previous: months(y - 1, timeZone) };
  }
}
