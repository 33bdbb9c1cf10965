import { describe, expect, it } from 'vitest';
import { BET_MESSAGES, betsFilterProblem } from './bets.js';
import { MSG } from './messages.js';
import { dayRangeUtc } from './time.js';

describe("the bets list's filter form (the console's validation)", () => {
  it('refuses a Bet ID with other characters and a from day after the to day, each with its message', () => {
    expect(betsFilterProblem({})).toBeNull();
    expect(betsFilterProblem({ betId: 'SB/2026-a_b', from: '2026-01-01', to: '2026-01-01' })).toBeNull();
    expect(betsFilterProblem({ betId: 'a b' })).toBe(BET_MESSAGES.BET_ID_INVALID);
    expect(betsFilterProblem({ betId: '' })).toBeNull();
    expect(betsFilterProblem({ from: '2026-02-01', to: '2026-01-31' })).toBe(MSG.DATE_RANGE_INVALID);
    expect(betsFilterProblem({ from: '2026-1-1' })).toBe(MSG.DATE_RANGE_INVALID);
  });
});

describe('day filters as instants', () => {
  it("cover the days in the user's timezone: from the first midnight to the last millisecond of the last day", () => {
    expect(dayRangeUtc('2026-03-10', '2026-03-11', 'Europe/Istanbul')).toEqual({ from: '2026-03-09T21:00:00.000Z', to: '2026-03-11T20:59:59.999Z' });
    expect(dayRangeUtc(undefined, '2026-03-11', 'UTC')).toEqual({ to: '2026-03-11T23:59:59.999Z' });
    expect(dayRangeUtc(undefined, undefined, 'UTC')).toEqual({});
  });
});
