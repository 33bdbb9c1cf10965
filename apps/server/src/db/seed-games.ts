/**
 * The demo games catalogue (README "Games"): the providers and games the demo bets use
 * (`DEMO_GAMES`, the `bet_games` titles) plus some three hundred generated games from four
 * aggregators, so the lists page; categories, tags, jurisdictions and original providers (most for
 * all operators, a few of one operator); each operator's entries (status, order); images of the
 * bet games; and a few game log records. Deterministic (seeded PRNG), bulk inserts.
 */
import { DEMO_GAME_PROVIDERS, IMAGE_MIME, type GameStatus } from '@pitboss/contract';
import type { Db } from './client.js';
import { bulkInsert } from './bulk.js';
import { activities, gameCategories, gameImages, gameJurisdictions, gameOriginalProviders, gameTags, games, operatorGames } from './schema.js';
import { encodePng } from './demo-images.js';
import { DEMO_GAMES } from '../modules/bets/place.js';

const slugOf = (name: string) => name.toLowerCase().replace(/['’]/g, '').replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '');

/** Original providers: the four of the demo bets first (their slugs name them in `games.provider`). */
const PROVIDERS: { name: string; aliases: string[] }[] = [
  ...DEMO_GAME_PROVIDERS.map((name) => ({ name, aliases: [name.replace(/[^A-Za-z]/g, '').toUpperCase().slice(0, 6)] })),
  { name: 'Hacksaw Gaming', aliases: ['HACKSAW'] }, { name: 'Nolimit City', aliases: ['NLC'] }, { name: 'Push Gaming', aliases: ['PUSH'] },
  { name: 'Relax Gaming', aliases: ['RELAX'] }, { name: 'Red Tiger', aliases: ['RTG'] }, { name: 'Big Time Gaming', aliases: ['BTG'] },
  { name: 'Yggdrasil', aliases: ['YGG'] }, { name: 'Playtech', aliases: ['PT'] }, { name: 'Quickspin', aliases: ['QS'] },
  { name: 'ELK Studios', aliases: ['ELK'] }, { name: 'Thunderkick', aliases: ['TK'] }, { name: 'Spribe', aliases: ['SPRIBE'] },
];

const CATEGORIES: [string, string, string][] = [
  ['slots', 'Slots', 'Slot machines'], ['live-casino', 'Live Casino', 'Live dealer tables and shows'], ['table-games', 'Table Games', 'Digital table games'],
  ['jackpots', 'Jackpots', 'Games with a jackpot'], ['instant-win', 'Instant Win', 'Scratch cards and instant games'], ['crash', 'Crash Games', 'Multiplier crash games'],
  ['video-poker', 'Video Poker', 'Video poker machines'], ['megaways', 'Megaways', 'Megaways mechanics'], ['classic', 'Classic', 'Classic three-reel slots'],
  ['roulette', 'Roulette', 'Roulette tables'], ['blackjack', 'Blackjack', 'Blackjack tables'], ['baccarat', 'Baccarat', 'Baccarat tables'], ['game-shows', 'Game Shows', 'Live game shows'],
];
const TAGS: [string, string][] = [
  ['new', 'New'], ['hot', 'Hot'], ['popular', 'Popular'], ['exclusive', 'Exclusive'], ['bonus-buy', 'Bonus Buy'], ['high-volatility', 'High Volatility'],
  ['low-volatility', 'Low Volatility'], ['feature-drop', 'Feature Drop'],
];
const JURISDICTIONS: [string, string][] = [
  ['mga', 'Malta Gaming Authority'], ['ukgc', 'UK Gambling Commission'], ['curacao', 'Curaçao eGaming'], ['sga', 'Swedish Gambling Authority'],
  ['gibraltar', 'Gibraltar Regulatory Authority'], ['kahnawake', 'Kahnawake Gaming Commission'], ['isle-of-man', 'Isle of Man GSC'], ['ontario', 'iGaming Ontario'],
];
const AGGREGATORS = ['hub88', 'softswiss', 'everymatrix', 'slotegrator'] as const;
const WORDS_A = ['Golden', 'Wild', 'Mystic', 'Lucky', 'Fire', 'Royal', 'Frozen', 'Dragon', 'Pirate', 'Cosmic', 'Jungle', 'Diamond', 'Viking', 'Neon', 'Aztec', 'Pharaoh', 'Sugar', 'Thunder', 'Crystal', 'Shadow'];
const WORDS_B = ['Fortune', 'Riches', 'Spins', 'Treasure', 'Quest', 'Reels', 'Legends', 'Bonanza', 'Gems', 'Empire', 'Jackpot', 'Kingdom', 'Rush', 'Hunter', 'Wheel', 'Blaze'];
const LIVE = ['Roulette', 'Blackjack', 'Baccarat', 'Dream Catcher', 'Monopoly Live', 'Sic Bo', 'Dragon Tiger'];

/** A small drawn cover (a diagonal gradient of the game's colour) as PNG bytes. */
function cover(seed: number): Buffer {
  const base: [number, number, number] = [(seed * 67) % 256, (seed * 131) % 256, (seed * 199) % 256];
  return encodePng(48, 48, (x, y) => base.map((c) => Math.min(255, Math.floor(c * 0.6 + (x + y) * 1.3))) as [number, number, number]);
}

export async function seedGames(db: Db, opts: { operators: readonly { opId: string; kind: string }[]; rand: () => number; now: number }): Promise<void> {
  const { rand, now } = opts;
  const day = 86_400_000;
  const at = (daysAgo: number) => new Date(now - daysAgo * day);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

  await bulkInsert(db, gameOriginalProviders, [
    ...PROVIDERS.map((p, i) => ({ opId: '*', slug: slugOf(p.name), aliases: p.aliases, displayName: { en: p.name }, createdAt: at(120 - i), updatedAt: at(60 - i) })),
    { opId: 'op-alpha', slug: 'alpha-originals', aliases: ['AO'], displayName: { en: 'Alpha Originals', tr: 'Alpha Orijinal' }, createdAt: at(30), updatedAt: at(30) },
  ]);
  await bulkInsert(db, gameCategories, [
    ...CATEGORIES.map(([slug, en, d], i) => ({ opId: '*', slug, title: { en, ...(i < 4 ? { tr: `${en} (TR)` } : {}) }, description: { en: d }, createdAt: at(120 - i), updatedAt: at(90 - i) })),
    { opId: 'op-alpha', slug: 'alpha-picks', title: { en: 'Alpha Picks' }, description: { en: "Alpha Gaming's own selection" }, createdAt: at(20), updatedAt: at(20) },
  ]);
  await bulkInsert(db, gameTags, [
    ...TAGS.map(([slug, en], i) => ({ opId: '*', slug, title: { en }, description: {}, createdAt: at(110 - i), updatedAt: at(110 - i) })),
    { opId: 'op-bravo', slug: 'vip', title: { en: 'VIP' }, description: { en: 'Shown to VIP players of Bravo' }, createdAt: at(15), updatedAt: at(15) },
  ]);
  await bulkInsert(db, gameJurisdictions, JURISDICTIONS.map(([code, en], i) => ({ opId: '*', code, title: { en }, description: {}, createdAt: at(100 - i), updatedAt: at(100 - i) })));

  // The bet games first (aggregator hub88, their provider's slug), then the generated ones.
  type GameInsert = typeof games.$inferInsert;
  const rows: GameInsert[] = DEMO_GAMES.map((g, i) => {
    const live = g.provider === 'Evolution';
    return {
      id: crypto.randomUUID(), aggregator: 'hub88', aggregatorGameId: `${g.code.toLowerCase()}-${slugOf(g.gameTitle)}`, title: g.gameTitle,
      description: `${g.gameTitle} by ${g.provider}.`, provider: slugOf(g.provider),
      categories: live ? ['live-casino'] : ['slots'], subCategories: live ? ['game-shows'] : [i % 2 ? 'classic' : 'megaways'],
      tags: ['popular', ...(i === 0 ? ['hot'] : [])], jurisdictions: ['mga', 'curacao'], tag: i === 0 ? 'HOT' : 'POPULAR', status: 'ACTIVE', order: i + 1,
      rtp: live ? '97.30' : '96.50', displayRtp: live ? '97.30' : '96.50', restrictedCountries: ['US', 'GB'].slice(0, 1 + (i % 2)),
      hasDemo: !live, hasChat: live, isBranded: false, createdAt: at(200 - i), updatedAt: at(10 + i),
    };
  });
  const seen = new Set(rows.map((r) => r.title));
  const statuses: GameStatus[] = ['ACTIVE', 'ACTIVE', 'ACTIVE', 'ACTIVE', 'ACTIVE', 'ACTIVE', 'MAINTENANCE', 'DISABLED', 'DEPRECATE'];
  for (let n = 0; rows.length < 306; n++) {
    const prov = PROVIDERS[n % PROVIDERS.length]!;
    const live = prov.name === 'Evolution' || (prov.name === 'Playtech' && rand() < 0.4);
    const crash = prov.name === 'Spribe';
    const title = live ? `${pick(WORDS_A)} ${pick(LIVE)}` : crash ? `${pick(WORDS_A)} Crash ${1 + (n % 9)}` : `${pick(WORDS_A)} ${pick(WORDS_B)}${rand() < 0.25 ? ` ${pick(['Deluxe', 'Megaways', '2', 'Xmas', 'Hold and Win'])}` : ''}`;
    if (seen.has(title)) continue;
    seen.add(title);
    const cat = live ? 'live-casino' : crash ? 'crash' : rand() < 0.1 ? 'jackpots' : rand() < 0.05 ? 'instant-win' : 'slots';
    const sub = live ? [pick(['roulette', 'blackjack', 'baccarat', 'game-shows'])] : cat === 'slots' ? [pick(['megaways', 'classic'])] : [];
    const rtp = (94 + rand() * 4).toFixed(2);
    rows.push({
      id: crypto.randomUUID(), aggregator: AGGREGATORS[(n + (n >> 4)) % AGGREGATORS.length]!, aggregatorGameId: `${slugOf(prov.name).slice(0, 8)}-${slugOf(title)}-${n}`, title,
      description: rand() < 0.6 ? `${title} by ${prov.name}.` : null, provider: slugOf(prov.name),
      categories: [cat], subCategories: sub, tags: TAGS.filter(() => rand() < 0.15).map(([s]) => s), jurisdictions: JURISDICTIONS.filter(() => rand() < 0.35).map(([c]) => c),
      tag: rand() < 0.3 ? pick(['NEW', 'HOT', 'POPULAR', 'EXCLUSIVE', 'JACKPOT', 'TOP']) : null, status: pick(statuses), order: 1 + Math.floor(rand() * 500),
      rtp, displayRtp: rand() < 0.8 ? rtp : null, restrictedCountries: rand() < 0.3 ? [pick(['US', 'GB', 'FR', 'NL', 'AU', 'TR'])] : [],
      hasDemo: !live && rand() < 0.8, hasChat: live, isBranded: rand() < 0.05, createdAt: at(1 + Math.floor(rand() * 365)), updatedAt: at(Math.floor(rand() * 30)),
    });
  }
  // The bet games' covers (the image rows after their games: they reference them).
  const images = rows.slice(0, DEMO_GAMES.length).map((g, i) => {
    const bytes = cover(i + 3);
    g.imageId = crypto.randomUUID();
    return { id: g.imageId, gameId: g.id!, name: `${slugOf(g.title)}.png`, mime: IMAGE_MIME.png, size: bytes.length, contentBase64: bytes.toString('base64'), uploadedBy: 'superadmin@demo.local', createdAt: at(30) };
  });
  await bulkInsert(db, games, rows);
  await bulkInsert(db, gameImages, images);

  // Each operator's entries: the bet games always ACTIVE at the top, about two thirds of the rest.
  const entries: (typeof operatorGames.$inferInsert)[] = [];
  for (const op of opts.operators.filter((o) => o.kind === 'OPERATOR' || o.kind === 'BRAND')) {
    rows.forEach((g, i) => {
      if (i < DEMO_GAMES.length) { entries.push({ opId: op.opId, gameId: g.id!, status: 'ACTIVE', order: i + 1, createdAt: at(60), updatedAt: at(5) }); return; }
      if (rand() > 0.66) return;
      const r = rand();
      entries.push({
        opId: op.opId, gameId: g.id!, status: r < 0.8 ? 'ACTIVE' : r < 0.92 ? 'DISABLED' : r < 0.97 ? 'MAINTENANCE' : 'DEPRECATE',
        order: 10 + Math.floor(rand() * 400), createdAt: at(1 + Math.floor(rand() * 90)), updatedAt: at(Math.floor(rand() * 20)),
      });
    });
  }
  await bulkInsert(db, operatorGames, entries);

  // A few records of the game log.
  const g0 = rows[0]!;
  await bulkInsert(db, activities, [
    { actorEmail: 'superadmin@demo.local', actorRole: 'SUPER_ADMIN', action: 'GAME_CATEGORY_CREATE', targetType: 'game_category', targetId: 'alpha-picks', opId: 'op-alpha', before: null, after: { opId: 'op-alpha', slug: 'alpha-picks', title: { en: 'Alpha Picks' } }, createdAt: at(20) },
    { actorEmail: 'devops@demo.local', actorRole: 'DEV_OPS', action: 'GAME_UPDATE', targetType: 'game', targetId: g0.id!, opId: null, before: { status: 'ACTIVE', tag: 'NEW' }, after: { status: 'ACTIVE', tag: 'HOT' }, createdAt: at(10) },
    { actorEmail: 'admin@demo.local', actorRole: 'ADMIN', action: 'OPERATOR_GAMES_ENABLE_AGGREGATOR', targetType: 'operator_game', targetId: 'hub88', opId: null, before: null, after: { aggregator: 'hub88', providerId: 'ALL', opId: '*', status: 'ACTIVE' }, createdAt: at(7) },
    { actorEmail: 'superadmin@demo.local', actorRole: 'SUPER_ADMIN', action: 'GAME_TAG_CREATE', targetType: 'game_tag', targetId: 'vip', opId: 'op-bravo', before: null, after: { opId: 'op-bravo', slug: 'vip', title: { en: 'VIP' } }, createdAt: at(15) },
  ]);
}
