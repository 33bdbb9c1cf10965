import { describe, expect, it } from 'vitest';
import {
  NEW_PARTNER_SETTINGS, PARTNER_FEE_FIELDS, PARTNER_FIELD_LABELS, PARTNER_MESSAGES, PARTNER_PERCENT_FIELDS, PARTNER_SHARE_FIELDS, channelCreateBody, partnerBrandBody,
  partnerSettingsAnswer, partnerSettingsBody, partnerSettingsForm, partnerUserCode, partnerWithdrawBody, trackingLink,
} from './partners.js';
import { reportWindow } from './partner-report.js';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? [] : r.error!.issues.map((i) => i.message));

describe('partner rules (000 §5)', () => {
  const brand = { parentOpId: 'op-alpha', title: 'Nova', domain: 'nova.example' };
  it('name required, at most 20', () => {
    expect(messages(partnerBrandBody.safeParse({ ...brand, title: ' ' }))).toEqual([PARTNER_MESSAGES.NAME_REQUIRED]);
    expect(messages(partnerBrandBody.safeParse({ ...brand, title: 'x'.repeat(21) }))).toEqual([PARTNER_MESSAGES.NAME_MAX]);
    expect(partnerBrandBody.safeParse({ ...brand, title: 'x'.repeat(20) }).success).toBe(true);
  });

  it('domain: 1–63 letters, digits, dots or hyphens, without a protocol', () => {
    expect(messages(partnerBrandBody.safeParse({ ...brand, domain: '' }))).toEqual([PARTNER_MESSAGES.DOMAIN_REQUIRED]);
    expect(messages(partnerBrandBody.safeParse({ ...brand, domain: 'https://nova.example' }))).toEqual([PARTNER_MESSAGES.DOMAIN_NO_PROTOCOL]);
    expect(messages(partnerBrandBody.safeParse({ ...brand, domain: 'nova example' }))).toEqual([PARTNER_MESSAGES.DOMAIN_INVALID]);
    expect(messages(partnerBrandBody.safeParse({ ...brand, domain: 'n'.repeat(64) }))).toEqual([PARTNER_MESSAGES.DOMAIN_INVALID]);
    expect(partnerBrandBody.parse({ ...brand, domain: 'N'.repeat(63) }).domain).toBe('n'.repeat(63));
    expect(messages(partnerBrandBody.safeParse({ ...brand, parentOpId: '' }))).toEqual([PARTNER_MESSAGES.PARENT_REQUIRED]);
  });

  it('percentages whole 1–100, minimum withdraw a whole number ≥ 1; new-partner settings are valid', () => {
    const ok = { opId: 'p', ...NEW_PARTNER_SETTINGS };
    expect(partnerSettingsBody.safeParse(ok).success).toBe(true);
    expect(NEW_PARTNER_SETTINGS.isActive).toBe(false);
    for (const v of [0, 101, 2.5, '', 'x']) expect(messages(partnerSettingsBody.safeParse({ ...ok, bonusFeePercentage: v }))).toEqual([PARTNER_MESSAGES.PERCENT]);
    expect(partnerSettingsBody.parse({ ...ok, bonusFeePercentage: '100' }).bonusFeePercentage).toBe(100);
    for (const v of [0, 0.5, -1]) expect(messages(partnerSettingsBody.safeParse({ ...ok, minWithdrawAmountInUSD: v }))).toEqual([PARTNER_MESSAGES.MIN_WITHDRAW]);
  });

  it('one field set: the percentages are the shares then the fees, each in the form, the answer and the new-partner settings', () => {
    expect(PARTNER_PERCENT_FIELDS).toEqual([...PARTNER_SHARE_FIELDS, ...PARTNER_FEE_FIELDS]);
    const keys = ['isActive', ...PARTNER_PERCENT_FIELDS, 'minWithdrawAmountInUSD'].sort();
    expect(Object.keys(partnerSettingsForm.shape).sort()).toEqual(keys);
    expect(Object.keys(partnerSettingsAnswer.shape).sort()).toEqual([...keys, 'domain', 'opId', 'settingsUpdatedAt'].sort());
    expect(NEW_PARTNER_SETTINGS).toEqual({ isActive: false, ...Object.fromEntries(PARTNER_PERCENT_FIELDS.map((f) => [f, 1])), minWithdrawAmountInUSD: 1 });
    expect(Object.keys(PARTNER_FIELD_LABELS).sort()).toEqual(keys.filter((k) => k !== 'isActive'));
  });

  it('the partner user code is the opId, a hyphen and 1000–9999', () => {
    expect(partnerUserCode('nova', () => 0)).toBe('nova-1000');
    expect(partnerUserCode('nova', () => 0.99999)).toBe('nova-9999');
    expect(partnerUserCode('nova')).toMatch(/^nova-[1-9]\d{3}$/);
  });
});

describe('partner withdraw (001 §5)', () => {
  const ok = { opId: 'p', amount: '10', walletAddress: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf', currency: 'USDT', network: 'TRON' };
  it('USDT on TRON only, a TRON address, a positive amount with 2 decimals', () => {
    expect(partnerWithdrawBody.safeParse(ok).success).toBe(true);
    expect(messages(partnerWithdrawBody.safeParse({ ...ok, currency: 'USD' }))).toEqual([PARTNER_MESSAGES.CURRENCY_ONLY]);
    expect(messages(partnerWithdrawBody.safeParse({ ...ok, network: 'ERC20' }))).toEqual([PARTNER_MESSAGES.CURRENCY_ONLY]);
    expect(messages(partnerWithdrawBody.safeParse({ ...ok, walletAddress: '' }))).toEqual([PARTNER_MESSAGES.WALLET_REQUIRED]);
    expect(messages(partnerWithdrawBody.safeParse({ ...ok, walletAddress: 'T0000000000000000000000000000000000' }))).toEqual([PARTNER_MESSAGES.WALLET_INVALID]);
    expect(messages(partnerWithdrawBody.safeParse({ ...ok, amount: '0.00' }))).toEqual([PARTNER_MESSAGES.AMOUNT_POSITIVE]);
    expect(messages(partnerWithdrawBody.safeParse({ ...ok, amount: '1.001' }))).toEqual([PARTNER_MESSAGES.AMOUNT_FORMAT]);
    // One message per mistake: a malformed, signed, missing or over-long amount is a format mistake only.
    for (const amount of ['ten', '-5', undefined, '1'.repeat(15)]) expect(messages(partnerWithdrawBody.safeParse({ ...ok, amount }))).toEqual([PARTNER_MESSAGES.AMOUNT_FORMAT]);
    expect(partnerWithdrawBody.parse({ ...ok, amount: ' 12345678901234.50 ' }).amount).toBe('12345678901234.50');
  });
});

describe('channels', () => {
  it('an ID of 2–32 letters, digits, hyphens or underscores; the link carries the partner and the channel', () => {
    expect(channelCreateBody.safeParse({ channelId: 'ab', description: 'x' }).success).toBe(true);
    expect(messages(channelCreateBody.safeParse({ channelId: 'a', description: 'x' }))).toEqual([PARTNER_MESSAGES.CHANNEL_ID_INVALID]);
    expect(messages(channelCreateBody.safeParse({ channelId: 'a b', description: 'x' }))).toEqual([PARTNER_MESSAGES.CHANNEL_ID_INVALID]);
    expect(trackingLink('nova.example', 'nova', 'spring-1')).toBe('https://nova.example/?aff=nova&ch=spring-1');
  });
});

describe('report periods', () => {
  const now = new Date('2026-03-11T10:30:00Z'); // a Wednesday
  it('today by hour against yesterday', () => {
    const w = reportWindow('TODAY', now, 'UTC');
    expect(w.unit).toBe('hour');
    expect(w.current.keys).toHaveLength(24);
    expect(w.current.keys[0]).toBe('2026-03-11 00');
    expect(w.previous.keys[23]).toBe('2026-03-10 23');
    expect(w.current.from.toISOString()).toBe('2026-03-11T00:00:00.000Z');
    expect(w.current.to.toISOString()).toBe('2026-03-12T00:00:00.000Z');
  });

  it('this week from Monday, this month by day, this year by month; in the user timezone', () => {
    const week = reportWindow('THIS_WEEK', now, 'UTC');
    expect(week.current.keys).toEqual(['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13', '2026-03-14', '2026-03-15']);
    expect(week.current.labels[0]).toBe('Mon 09');
    expect(week.previous.keys[0]).toBe('2026-03-02');
    const month = reportWindow('THIS_MONTH', now, 'UTC');
    expect(month.current.keys).toHaveLength(31);
    expect(month.previous.keys).toHaveLength(28);
    const year = reportWindow('THIS_YEAR', now, 'UTC');
    expect(year.current.keys[11]).toBe('2026-12');
    expect(year.previous.keys[0]).toBe('2025-01');
    // 01:30 in Istanbul (UTC+3) on the 11th is still the 10th in UTC.
    const ist = reportWindow('TODAY', new Date('2026-03-10T22:30:00Z'), 'Europe/Istanbul');
    expect(ist.current.keys[0]).toBe('2026-03-11 00');
    expect(ist.current.from.toISOString()).toBe('2026-03-10T21:00:00.000Z');
  });
});
