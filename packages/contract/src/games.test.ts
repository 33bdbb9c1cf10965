import { describe, expect, it } from 'vitest';
import {
  GAME_MESSAGES, categoryForm, cmsAggregatorBody, gameUpdateForm, mayViewGameJson, operatorGameUpdateBody, originalProviderForm,
} from './games.js';
import { imageKind } from './images.js';

const bytes = (...b: number[]) => new Uint8Array([...b, ...new Array(16).fill(0)]);
const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? [] : r.error!.issues.map((i) => i.message));

describe('games contract', () => {
  it('recognises images by their bytes only (000 §5 "image files only")', () => {
    expect(imageKind(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('png');
    expect(imageKind(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(imageKind(bytes(0x47, 0x49, 0x46, 0x38, 0x39, 0x61))).toBe('gif');
    expect(imageKind(bytes(0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50))).toBe('webp');
    expect(imageKind(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(imageKind(new TextEncoder().encode('<html><script>alert(1)</script></html>'))).toBeNull();
    expect(imageKind(bytes(0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x41, 0x56, 0x45))).toBeNull();
  });

  it('slugs: lowercase letters and dashes; English title required; * is every operator', () => {
    expect(categoryForm.parse({ slug: 'live-casino', title: { en: 'Live', tr: '' } })).toMatchObject({ opId: '*', slug: 'live-casino', title: { en: 'Live' }, isNew: false });
    for (const slug of ['Live', 'live_casino', 'live2', '-live', 'live-', 'a--b', '']) expect(messages(categoryForm.safeParse({ slug, title: { en: 'x' } }))).toEqual([GAME_MESSAGES.SLUG_INVALID]);
    expect(messages(categoryForm.safeParse({ slug: 'x', title: { tr: 'y' } }))).toEqual([GAME_MESSAGES.TITLE_EN_REQUIRED]);
    expect(messages(originalProviderForm.safeParse({ slug: 'x', displayName: { en: 'X' }, aliases: ['A', ''] }))).toEqual([GAME_MESSAGES.ALIAS_EMPTY]);
    expect(messages(originalProviderForm.safeParse({ slug: 'x', displayName: { en: ' ' } }))).toEqual([GAME_MESSAGES.PROVIDER_NAME_REQUIRED]);
  });

  it('provider slugs: lowercase letters, digits and dashes ("1x2gaming"); categories keep letters and dashes', () => {
    for (const slug of ['1x2gaming', '3-oaks', 'pg-soft', 'evolution']) expect(originalProviderForm.parse({ slug, displayName: { en: 'X' } }).slug).toBe(slug);
    for (const slug of ['1X2', 'pg_soft', '-pg', 'pg-', 'a--b', 'pg soft', '']) {
      expect(messages(originalProviderForm.safeParse({ slug, displayName: { en: 'X' } }))).toEqual([GAME_MESSAGES.PROVIDER_SLUG_INVALID]);
    }
    expect(messages(categoryForm.safeParse({ slug: '1x2gaming', title: { en: 'x' } }))).toEqual([GAME_MESSAGES.SLUG_INVALID]);
  });

  it('game update and operator entry: status, order, RTP, countries, tag', () => {
    const base = { id: '5b7c1d1e-3f0a-4c1b-9a51-1b2c3d4e5f60', status: 'ACTIVE', order: 1 };
    expect(gameUpdateForm.parse({ ...base, displayRTP: '96.5', restrictedCountries: ['TR'] })).toMatchObject({ displayRTP: '96.5', tag: null, categories: [] });
    for (const rtp of ['100.01', '-1', '96.123', 'abc']) expect(messages(gameUpdateForm.safeParse({ ...base, displayRTP: rtp }))).toEqual([GAME_MESSAGES.RTP_INVALID]);
    expect(messages(gameUpdateForm.safeParse({ ...base, status: 'ON' }))).toEqual([GAME_MESSAGES.STATUS_INVALID]);
    expect(messages(gameUpdateForm.safeParse({ ...base, restrictedCountries: ['ZZ'] }))).toEqual([GAME_MESSAGES.COUNTRY_INVALID]);
    expect(messages(gameUpdateForm.safeParse({ ...base, tag: 'COOL' }))).toEqual([GAME_MESSAGES.BADGE_INVALID]);
    expect(messages(operatorGameUpdateBody.safeParse({ opId: 'op-alpha', dto: { gameId: base.id, order: 100000, status: 'ACTIVE' } }))).toEqual([GAME_MESSAGES.ORDER_INVALID]);
    expect(cmsAggregatorBody.parse({ aggregator: 'hub88' })).toEqual({ aggregator: 'hub88', providerId: 'ALL', opId: '*' });
  });

  it('the games JSON tab is SUPER_ADMIN\'s alone (000 §6)', () => {
    expect(mayViewGameJson({ role: 'SUPER_ADMIN', permissions: ['json_tab'] })).toBe(true);
    expect(mayViewGameJson({ role: 'SUPER_ADMIN', permissions: [] })).toBe(false);
    expect(mayViewGameJson({ role: 'ADMIN', permissions: ['json_tab'] })).toBe(false);
    expect(mayViewGameJson({ role: 'DEV_OPS', permissions: new Set(['json_tab']) })).toBe(false);
  });
});
