import { describe, expect, it } from 'vitest';
import { dateTimeFormat, datePresetRange, dayRangeUtc, formatInTz, quickTimeRange, startOfDayInTz, tzOffsetMs } from './time.js';
import { dayRangeProblem } from './api.js';
import { MSG } from './messages.js';

const iso = (d: Date) => d.toISOString();

describe('tzOffsetMs', () => {
  it('knows fixed and DST zones', () => {
    expect(tzOffsetMs(new Date('2026-03-10T22:00:00Z'), 'Asia/Tehran')).toBe(3.5 * 3_600_000);
    expect(tzOffsetMs(new Date('2026-01-15T12:00:00Z'), 'America/New_York')).toBe(-5 * 3_600_000);
    expect(tzOffsetMs(new Date('2026-07-15T12:00:00Z'), 'America/New_York')).toBe(-4 * 3_600_000);
    expect(tzOffsetMs(new Date('2026-07-15T12:00:00.999Z'), 'UTC')).toBe(0);
  });
});

describe('quickTimeRange (user timezone, 000 §9)', () => {
  it('TODAY in Asia/Tehran starts at local midnight, even when UTC is still on the previous day', () => {
    const now = new Date('2026-03-10T22:00:00Z'); // 01:30 on 11 March in Tehran
    const r = quickTimeRange('TODAY', now, 'Asia/Tehran');
    expect(iso(r.from)).toBe('2026-03-10T20:30:00.000Z');
    expect(r.to).toBe(now);
    expect(formatInTz(r.from, 'Asia/Tehran')).toBe('2026-03-11 00:00:00');
  });

  it('TODAY in America/New_York starts at local midnight, even when UTC is already on the next day', () => {
    const now = new Date('2026-07-01T03:00:00Z'); // 23:00 on 30 June in New York (EDT)
    const r = quickTimeRange('TODAY', now, 'America/New_York');
    expect(iso(r.from)).toBe('2026-06-30T04:00:00.000Z');
    expect(iso(r.to)).toBe('2026-07-01T03:00:00.000Z');
  });

  it('TODAY on a DST change day starts at the midnight before the change', () => {
    // 8 March 2026: clocks go forward at 02:00 EST; midnight was still EST (UTC-5).
    expect(iso(quickTimeRange('TODAY', new Date('2026-03-08T15:00:00Z'), 'America/New_York').from)).toBe('2026-03-08T05:00:00.000Z');
    // 1 November 2026: clocks go back at 02:00 EDT; midnight was still EDT (UTC-4).
    expect(iso(quickTimeRange('TODAY', new Date('2026-11-01T18:00:00Z'), 'America/New_York').from)).toBe('2026-11-01T04:00:00.000Z');
  });

  it('TODAY in UTC starts at UTC midnight', () => {
    expect(iso(quickTimeRange('TODAY', new Date('2026-03-10T22:00:00Z'), 'UTC').from)).toBe('2026-03-10T00:00:00.000Z');
  });

  it('LAST_10_MINUTES and LAST_1_HOUR are relative to now, whatever the zone', () => {
    const now = new Date('2026-03-10T22:00:00Z');
    expect(iso(quickTimeRange('LAST_10_MINUTES', now, 'Asia/Tehran').from)).toBe('2026-03-10T21:50:00.000Z');
    expect(iso(quickTimeRange('LAST_1_HOUR', now, 'America/New_York').from)).toBe('2026-03-10T21:00:00.000Z');
    expect(quickTimeRange('LAST_1_HOUR', now, 'UTC').to).toBe(now);
  });

  it('LAST_3_DAYS starts at local midnight two days before today', () => {
    const now = new Date('2026-03-10T22:00:00Z'); // 11 March in Tehran
    expect(iso(quickTimeRange('LAST_3_DAYS', now, 'Asia/Tehran').from)).toBe('2026-03-08T20:30:00.000Z');
    expect(formatInTz(quickTimeRange('LAST_3_DAYS', new Date('2026-07-01T03:00:00Z'), 'America/New_York').from, 'America/New_York')).toBe('2026-06-28 00:00:00');
  });

  // Regression: LAST_3_DAYS once subtracted 2 × 24 h, landing on 23:00 local across a DST change.
  it('LAST_3_DAYS across a DST change still starts at local midnight (America/New_York, 2026-03-09)', () => {
    const r = quickTimeRange('LAST_3_DAYS', new Date('2026-03-09T15:00:00Z'), 'America/New_York');
    expect(iso(r.from)).toBe('2026-03-07T05:00:00.000Z');
    expect(formatInTz(r.from, 'America/New_York')).toBe('2026-03-07 00:00:00');
  });

  it('THIS_MONTH starts at local midnight of the first day of the local month', () => {
    // 1 April 01:30 in Tehran, still 31 March in UTC
    expect(iso(quickTimeRange('THIS_MONTH', new Date('2026-03-31T22:00:00Z'), 'Asia/Tehran').from)).toBe('2026-03-31T20:30:00.000Z');
    // 31 March 23:00 in New York, already 1 April in UTC; March began in EST
    expect(iso(quickTimeRange('THIS_MONTH', new Date('2026-04-01T03:00:00Z'), 'America/New_York').from)).toBe('2026-03-01T05:00:00.000Z');
  });

  it('startOfDayInTz agrees with TODAY', () => {
    const now = new Date('2026-12-31T23:59:59Z');
    expect(iso(startOfDayInTz(now, 'Asia/Tehran'))).toBe('2026-12-31T20:30:00.000Z');
    expect(startOfDayInTz(now, 'Asia/Tehran').getTime()).toBe(quickTimeRange('TODAY', now, 'Asia/Tehran').from.getTime());
  });
});

describe('datePresetRange (UTC start of day, 000 §9)', () => {
  const now = new Date('2026-03-10T22:00:00Z');
  it.each([
    ['TODAY', '2026-03-10T00:00:00.000Z', '2026-03-10T22:00:00.000Z'],
    ['YESTERDAY', '2026-03-09T00:00:00.000Z', '2026-03-09T23:59:59.999Z'],
    ['LAST_7_DAYS', '2026-03-03T00:00:00.000Z', '2026-03-10T22:00:00.000Z'],
    ['LAST_30_DAYS', '2026-02-08T00:00:00.000Z', '2026-03-10T22:00:00.000Z'],
    ['LAST_90_DAYS', '2025-12-10T00:00:00.000Z', '2026-03-10T22:00:00.000Z'],
  ] as const)('%s → %s .. %s', (preset, from, to) => {
    const r = datePresetRange(preset, now);
    expect(iso(r.from)).toBe(from);
    expect(iso(r.to)).toBe(to);
  });

  it('does not depend on the process timezone (a date just after UTC midnight)', () => {
    const r = datePresetRange('TODAY', new Date('2026-03-11T00:00:01Z'));
    expect(iso(r.from)).toBe('2026-03-11T00:00:00.000Z');
  });
});

describe('formatInTz', () => {
  it('formats in the given zone', () => {
    expect(formatInTz('2026-11-23T14:05:09Z', 'UTC')).toBe('2026-11-23 14:05:09');
    expect(formatInTz(new Date('2026-11-23T14:05:09Z'), 'Asia/Tehran')).toBe('2026-11-23 17:35:09');
  });

  it('makes one formatter per locale, zone and options, and keeps them apart', () => {
    expect(dateTimeFormat('sv-SE', 'UTC')).toBe(dateTimeFormat('sv-SE', 'UTC'));
    expect(dateTimeFormat('sv-SE', 'UTC')).not.toBe(dateTimeFormat('sv-SE', 'Asia/Tehran'));
    expect(dateTimeFormat('sv-SE', 'UTC')).not.toBe(dateTimeFormat('en-US', 'UTC'));
    const short = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
    expect(dateTimeFormat('en-GB', 'UTC', short).format(new Date('2026-11-23T14:05:09Z'))).toBe('23/11/2026');
    expect(dateTimeFormat('en-GB', 'UTC', { ...short })).toBe(dateTimeFormat('en-GB', 'UTC', short));
    expect(dateTimeFormat('en-GB', 'UTC').format(new Date('2026-11-23T14:05:09Z'))).toBe('23/11/2026, 14:05:09');
  });
});

describe('day range filters', () => {
  it('refuses a start after the end with the spec message, accepts one day and open ends', () => {
    expect(dayRangeProblem({ from: '2026-03-02', to: '2026-03-01' })).toBe(MSG.DATE_RANGE_INVALID);
    expect(dayRangeProblem({ from: '2026-03-01', to: '2026-03-01' })).toBeNull();
    expect(dayRangeProblem({ from: '2026-03-01' })).toBeNull();
    expect(dayRangeProblem({})).toBeNull();
    expect(dayRangeUtc('2026-03-01', '2026-03-01', 'Europe/Istanbul')).toEqual({ from: '2026-02-28T21:00:00.000Z', to: '2026-03-01T20:59:59.999Z' });
  });
});
