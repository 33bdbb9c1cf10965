import { describe, expect, it } from 'vitest';
import { axisLabel, nearestIndex, niceTicks } from './chartScale';

describe('niceTicks', () => {
  it('covers the values and zero with round steps', () => {
    expect(niceTicks(0, 17_618.68)).toEqual([0, 5000, 10000, 15000, 20000]);
    expect(niceTicks(-955.2, 3879.83)).toEqual([-2000, 0, 2000, 4000]);
    expect(niceTicks(-11_000, 4000)).toEqual([-15000, -10000, -5000, 0, 5000]);
    expect(niceTicks(3, 45)).toEqual([0, 20, 40, 60]);
    expect(niceTicks(0, 10)).toEqual([0, 5, 10]);
  });
  it('includes zero when every value is above it or below it', () => {
    expect(niceTicks(120, 180)[0]).toBe(0);
    expect(niceTicks(-80, -20).at(-1)).toBe(0);
  });
  it('has an axis when there is nothing to plot or every value is zero', () => {
    expect(niceTicks(0, 0)).toEqual([0, 0.5, 1]);
    expect(niceTicks(Infinity, -Infinity)).toEqual([0, 0.5, 1]);
    expect(niceTicks(NaN, 5)).toEqual([0, 1]);
  });
  it('steps by whole numbers for counts', () => {
    expect(niceTicks(0, 2)).toEqual([0, 0.5, 1, 1.5, 2]);
    expect(niceTicks(0, 2, 4, true)).toEqual([0, 1, 2]);
    expect(niceTicks(0, 4, 4, true)).toEqual([0, 1, 2, 3, 4]);
    expect(niceTicks(0, 45, 4, true)).toEqual([0, 20, 40, 60]);
  });
  it('writes small steps without float noise', () => {
    expect(niceTicks(0, 0.3, 3)).toEqual([0, 0.1, 0.2, 0.3]);
  });
});

describe('nearestIndex', () => {
  it('snaps to the nearest label and stays within the axis', () => {
    expect(nearestIndex(0, 0, 100, 5)).toBe(0);
    expect(nearestIndex(37, 0, 100, 5)).toBe(1);
    expect(nearestIndex(38, 0, 100, 5)).toBe(2);
    expect(nearestIndex(-20, 0, 100, 5)).toBe(0);
    expect(nearestIndex(500, 0, 100, 5)).toBe(4);
    expect(nearestIndex(50, 0, 100, 1)).toBe(0);
  });
});

describe('axisLabel', () => {
  it('drops zero decimals only', () => {
    expect(axisLabel('$20,000.00')).toBe('$20,000');
    expect(axisLabel('-$5,000.00')).toBe('-$5,000');
    expect(axisLabel('0.5')).toBe('0.5');
    expect(axisLabel('1,250.50 EUR')).toBe('1,250.50 EUR');
    expect(axisLabel('3.000 KWD')).toBe('3 KWD');
    expect(axisLabel('12')).toBe('12');
  });
});
