import { describe, expect, it } from 'vitest';
import { BONUS_DEFINITION_MESSAGES, bonusCloneForm, bonusDefinitionCreateBody, bonusDefinitionEditForm, sameConditions } from './index.js';

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const valid = {
  opId: 'op-alpha', title: 'Welcome', status: 'ACTIVE', startTime: at(-1), endTime: at(10), percentage: '100', maxBonusInUSD: '200',
  minDepositInUSD: '0', wagerMultiplier: 35, betType: 'CASINO',
};
const messagesOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? [] : r.error!.issues.map((i) => i.message));

describe('deposit bonus definition rules', () => {
  it('accepts a valid definition; money and percentages stay decimal strings', () => {
    const r = bonusDefinitionCreateBody.parse({ ...valid, maxBonusInUSD: '0.10', percentage: '12.5' });
    expect(r.maxBonusInUSD).toBe('0.10');
    expect(r.percentage).toBe('12.5');
    expect(r.providers).toEqual([]);
  });
  it('refuses floats, exponents, more than 2 decimals and out-of-range values with the contract messages', () => {
    expect(messagesOf(bonusDefinitionCreateBody.safeParse({ ...valid, maxBonusInUSD: 0.1 }))).toEqual([BONUS_DEFINITION_MESSAGES.MAX_BONUS_INVALID]);
    expect(messagesOf(bonusDefinitionCreateBody.safeParse({ ...valid, maxBonusInUSD: '1e2' }))).toEqual([BONUS_DEFINITION_MESSAGES.MAX_BONUS_INVALID]);
    expect(messagesOf(bonusDefinitionCreateBody.safeParse({ ...valid, minDepositInUSD: '1.001' }))).toEqual([BONUS_DEFINITION_MESSAGES.MIN_DEPOSIT_INVALID]);
    expect(messagesOf(bonusDefinitionCreateBody.safeParse({ ...valid, percentage: '1000.01' }))).toEqual([BONUS_DEFINITION_MESSAGES.PERCENTAGE_INVALID]);
    expect(bonusDefinitionCreateBody.safeParse({ ...valid, percentage: '1000' }).success).toBe(true);
  });
  it('a new or cloned bonus ends ahead; an edit may keep a past end; the end is always after the start', () => {
    expect(messagesOf(bonusDefinitionCreateBody.safeParse({ ...valid, startTime: at(-5), endTime: at(-1) }))).toEqual([BONUS_DEFINITION_MESSAGES.END_IN_PAST]);
    expect(bonusDefinitionEditForm.safeParse({ ...valid, startTime: at(-5), endTime: at(-1) }).success).toBe(true);
    expect(messagesOf(bonusDefinitionEditForm.safeParse({ ...valid, startTime: at(2), endTime: at(1) }))).toEqual([BONUS_DEFINITION_MESSAGES.PERIOD_INVALID]);
    expect(messagesOf(bonusCloneForm.safeParse({ targetOpId: 'op-bravo', startTime: at(-5), endTime: at(-1) }))).toEqual([BONUS_DEFINITION_MESSAGES.END_IN_PAST]);
  });
  it('the same conditions: equal amounts however written, the same sets in any order', () => {
    const a = { percentage: '50', maxBonusInUSD: '100', minDepositInUSD: '10', wagerMultiplier: 8, betType: 'SPORT', providers: ['A', 'B'], games: [], currencies: ['EUR'] };
    expect(sameConditions(a, { ...a, percentage: '50.00', maxBonusInUSD: '100.00000000', providers: ['B', 'A', 'A'] })).toBe(true);
    expect(sameConditions(a, { ...a, wagerMultiplier: 9 })).toBe(false);
    expect(sameConditions(a, { ...a, currencies: [] })).toBe(false);
    expect(sameConditions(a, { ...a, maxBonusInUSD: '100.01' })).toBe(false);
  });
});
