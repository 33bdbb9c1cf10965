import { describe, expect, it } from 'vitest';
import { REPORT_DEFS, REPORT_IDS, REPORT_MESSAGES, daysBetween, maskCard, periodDays, reportBody } from './operator-reports.js';

const now = new Date('2026-11-24T08:15:00Z');

describe('report periods (000 §9: UTC start of day)', () => {
  it('presets resolve to UTC days, both ends included', () => {
    expect(periodDays({ preset: 'TODAY' }, now)).toEqual({ from: '2026-11-24', to: '2026-11-24' });
    expect(periodDays({ preset: 'YESTERDAY' }, now)).toEqual({ from: '2026-11-23', to: '2026-11-23' });
    expect(periodDays({ preset: 'LAST_7_DAYS' }, now)).toEqual({ from: '2026-11-17', to: '2026-11-24' });
    expect(periodDays({ preset: 'LAST_90_DAYS' }, now)).toEqual({ from: '2026-08-26', to: '2026-11-24' });
    expect(periodDays({}, now)).toEqual({ from: '2026-11-17', to: '2026-11-24' });
    expect(periodDays({ from: '2026-01-01', to: '2026-01-31' }, now)).toEqual({ from: '2026-01-01', to: '2026-01-31' });
  });

  it('lists every day of a period', () => {
    expect(daysBetween('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
  });

  it('refuses reversed, too long and malformed periods with their messages', () => {
    const msg = (b: unknown) => { const r = reportBody.safeParse(b); return r.success ? null : r.error.issues[0]!.message; };
    expect(msg({ report: 'games', from: '2026-02-02', to: '2026-02-01' })).toBe(REPORT_MESSAGES.DATE_RANGE_INVALID);
    expect(msg({ report: 'games', from: '2025-01-01', to: '2026-01-02' })).toBe(REPORT_MESSAGES.RANGE_TOO_LONG);
    expect(msg({ report: 'games', from: '2025-01-01', to: '2026-01-01' })).toBeNull();
    expect(msg({ report: 'games', to: '1.1.2026' })).toBe(REPORT_MESSAGES.DAY_INVALID);
    expect(msg({ report: 'unknown' })).toBe(REPORT_MESSAGES.REPORT_INVALID);
  });
});

describe('report definitions', () => {
  it('every report has columns with unique keys and charts one of them', () => {
    for (const id of REPORT_IDS) {
      const d = REPORT_DEFS[id];
      expect(new Set(d.columns.map((c) => c.key)).size, id).toBe(d.columns.length);
      expect(d.columns.some((c) => c.key === d.chart.column), id).toBe(true);
    }
  });

  it('masks a card to its last 4', () => {
    expect(maskCard('6037991234567890')).toBe('•••• 7890');
  });
});
