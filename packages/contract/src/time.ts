import type { DatePreset, QuickTimeFilter } from './constants.js';

/**
 * One date formatter per locale and time zone, made once: making an `Intl.DateTimeFormat` costs
 * far more than formatting with it (a list page formats a date or two per row).
 */
export function dateTimeFormat(locale: string, timeZone: string, options: Omit<Intl.DateTimeFormatOptions, 'timeZone'> = FULL_TIME): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${options === FULL_TIME ? '' : JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formats.set(key, f);
  }
  return f;
}
const FULL_TIME: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' };
const formats = new Map<string, Intl.DateTimeFormat>();

/** Offset in ms of `timeZone` at instant `d` (positive east of UTC). */
export function tzOffsetMs(d: Date, timeZone: string): number {
  const parts = dateTimeFormat('en-US', timeZone).formatToParts(d);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(d.getTime() / 1000) * 1000;
}

/** The UTC instant of local midnight of calendar day (y, m0, d) in `timeZone` (d may overflow: Date.UTC normalises). */
export function localMidnightUtc(y: number, m0: number, d: number, timeZone: string): Date {
  const wall = Date.UTC(y, m0, d);
  // Two passes: the offset at the guessed instant, then at the corrected one (DST changes).
  let guess = wall - tzOffsetMs(new Date(wall), timeZone);
  guess = wall - tzOffsetMs(new Date(guess), timeZone);
  return new Date(guess);
}

/** A calendar day as the console's date filters carry it in the URL: YYYY-MM-DD. */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC instant a day (YYYY-MM-DD) starts in `timeZone`, `plusDays` later. */
export function dayStartUtc(day: string, timeZone: string, plusDays = 0): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return localMidnightUtc(y, m - 1, d + plusDays, timeZone);
}

/** A list's day filters as the instants they cover in `timeZone`: from the first day's midnight to the last day's last millisecond. */
export function dayRangeUtc(from: string | undefined, to: string | undefined, timeZone: string): { from?: string; to?: string } {
  return {
    ...(from ? { from: dayStartUtc(from, timeZone).toISOString() } : {}),
    ...(to ? { to: new Date(dayStartUtc(to, timeZone, 1).getTime() - 1).toISOString() } : {}),
  };
}

/** The calendar date (year, month0, day) of `now` in `timeZone`. */
function localDate(now: Date, timeZone: string): [number, number, number] {
  const local = new Date(now.getTime() + tzOffsetMs(now, timeZone));
  return [local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()];
}

/** Start of the day containing `now` in `timeZone`, as a UTC Date. */
export function startOfDayInTz(now: Date, timeZone: string): Date {
  const [y, m, d] = localDate(now, timeZone);
  return localMidnightUtc(y, m, d, timeZone);
}

/** Quick time filters (000 §9), computed in the user's timezone. */
export function quickTimeRange(filter: QuickTimeFilter, now: Date, timeZone: string): { from: Date; to: Date } {
  switch (filter) {
    case 'LAST_10_MINUTES': return { from: new Date(now.getTime() - 10 * 60_000), to: now };
    case 'LAST_1_HOUR': return { from: new Date(now.getTime() - 60 * 60_000), to: now };
    case 'TODAY': return { from: startOfDayInTz(now, timeZone), to: now };
    case 'LAST_3_DAYS': {
      const [y, m, d] = localDate(now, timeZone);
      return { from: localMidnightUtc(y, m, d - 2, timeZone), to: now };
    }
    case 'THIS_MONTH': {
      const [y, m] = localDate(now, timeZone);
      return { from: localMidnightUtc(y, m, 1, timeZone), to: now };
    }
  }
}

/** Date presets (000 §9): UTC start of day. */
export function datePresetRange(preset: DatePreset, now: Date): { from: Date; to: Date } {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const D = 86_400_000;
  switch (preset) {
    case 'TODAY': return { from: new Date(day), to: now };
    case 'YESTERDAY': return { from: new Date(day - D), to: new Date(day - 1) };
    case 'LAST_7_DAYS': return { from: new Date(day - 7 * D), to: now };
    case 'LAST_30_DAYS': return { from: new Date(day - 30 * D), to: now };
    case 'LAST_90_DAYS': return { from: new Date(day - 90 * D), to: now };
  }
}

/** Format an instant in the user's timezone: `2026-11-23 14:05:09`. */
export function formatInTz(d: Date | string, timeZone: string): string {
  const date = typeof d === 'string' ? new Date(d) : d;
  return dateTimeFormat('sv-SE', timeZone).format(date).replace('T', ' ');
}
