/**
 * The games catalogue's reads: a game as the answers show it, its entries per operator and its
 * images, and the operators an `opId` (one, or `*` for all) names.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { ALL_OPERATORS, ENDPOINTS, GAME_MESSAGES, MSG, fillPath, type GameDetailsView, type GameView, type OperatorGameView } from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { gameImages, gameOriginalProviders, games, operatorGames } from '../../db/schema.js';
import { notFound } from '../../lib/http.js';
import { loadOperators, operatorTitles } from '../../lib/scope.js';

export type GameRow = typeof games.$inferSelect;
export type OperatorGameRow = typeof operatorGames.$inferSelect;

/** The URL a stored image is served at. */
export const imageUrlOf = (id: string | null): string | null => (id ? fillPath(ENDPOINTS['games.image'].path, { id }) : null);

/** The English name of the original provider of the game (the platform-wide item, `*`), joined by slug. */
export const providerJoin = and(eq(gameOriginalProviders.slug, games.provider), eq(gameOriginalProviders.opId, ALL_OPERATORS));
export const providerName = sql<string | null>`${gameOriginalProviders.displayName}->>'en'`;
/** How many operators have an entry of the game. */
export const operatorsCount = sql<number>`(select count(*)::int from operator_games og where og.game_id = ${games.id})`;

const num = (v: string | null): string | null => (v === null ? null : String(Number(v)));

export function gameViewOf(g: GameRow, extra: { providerName: string | null; operatorsCount: number }): GameView {
  return {
    id: g.id, aggregator: g.aggregator, aggregatorGameId: g.aggregatorGameId, title: g.title, description: g.description,
    provider: g.provider, providerName: extra.providerName ?? g.provider,
    categories: g.categories, subCategories: g.subCategories, tags: g.tags, jurisdictions: g.jurisdictions,
    tag: g.tag, status: g.status, order: g.order, rtp: num(g.rtp), displayRTP: num(g.displayRtp), restrictedCountries: g.restrictedCountries,
    hasDemo: g.hasDemo, hasChat: g.hasChat, isBranded: g.isBranded, imageId: g.imageId, imageUrl: imageUrlOf(g.imageId), coverPhoto: g.coverPhoto,
    operatorsCount: extra.operatorsCount, createdAt: g.createdAt.toISOString(), updatedAt: g.updatedAt.toISOString(),
  };
}

/** A game by id with its entries per operator and its images, or 404. */
export async function gameDetails(db: Db, id: string): Promise<GameDetailsView> {
  const [row] = await db.select({ g: games, providerName, operatorsCount }).from(games).leftJoin(gameOriginalProviders, providerJoin).where(eq(games.id, id)).limit(1);
  if (!row) throw notFound(GAME_MESSAGES.GAME_NOT_FOUND);
  const titleOf = await operatorTitles(db);
  const entries = await db.select().from(operatorGames).where(eq(operatorGames.gameId, id)).orderBy(asc(operatorGames.opId));
  const images = await db.select({ id: gameImages.id, name: gameImages.name, mime: gameImages.mime, size: gameImages.size, createdAt: gameImages.createdAt })
    .from(gameImages).where(eq(gameImages.gameId, id)).orderBy(desc(gameImages.createdAt));
  return {
    ...gameViewOf(row.g, row),
    operators: entries.map((e) => ({ id: e.id, opId: e.opId, ...titleOf(e.opId), status: e.status, order: e.order, updatedAt: e.updatedAt.toISOString() })),
    images: images.map((i) => ({ ...i, url: imageUrlOf(i.id)!, createdAt: i.createdAt.toISOString() })),
  };
}

/** A game by id (404 when gone). */
export async function gameRow(db: Db, id: string): Promise<GameRow> {
  const [g] = await db.select().from(games).where(eq(games.id, id)).limit(1);
  if (!g) throw notFound(GAME_MESSAGES.GAME_NOT_FOUND);
  return g;
}

/** Operators that offer games: parent operators and brands (not partners, not the CMS default). */
const OFFERS_GAMES = new Set(['OPERATOR', 'BRAND']);

/** The operators an `opId` names: `*` every operator that offers games, else that one (404 when unknown or not one that offers games). */
export async function operatorsNamed(db: Db, opIds: readonly string[]): Promise<string[]> {
  const { rows, byId } = await loadOperators(db);
  if (opIds.includes(ALL_OPERATORS)) return rows.filter((r) => OFFERS_GAMES.has(r.kind)).map((r) => r.opId);
  for (const id of opIds) if (!OFFERS_GAMES.has(byId.get(id)?.kind ?? '')) throw notFound(MSG.OPERATOR_NOT_FOUND);
  return [...new Set(opIds)];
}

/** An item's operator: `*` or a known operator (404 otherwise). */
export async function assertItemOperator(db: Db, opId: string): Promise<void> {
  if (opId === ALL_OPERATORS) return;
  await operatorsNamed(db, [opId]);
}

/** One operator's entry as the answers show it. */
export async function operatorGameView(db: Db, id: string): Promise<OperatorGameView> {
  const [r] = await db.select({ og: operatorGames, g: games, providerName }).from(operatorGames)
    .innerJoin(games, eq(games.id, operatorGames.gameId)).leftJoin(gameOriginalProviders, providerJoin)
    .where(eq(operatorGames.id, id)).limit(1);
  if (!r) throw notFound(GAME_MESSAGES.OPERATOR_GAME_NOT_FOUND);
  const titleOf = await operatorTitles(db);
  return operatorGameViewOf(r, titleOf);
}

export function operatorGameViewOf(r: { og: OperatorGameRow; g: GameRow; providerName: string | null }, titleOf: (opId: string) => { opTitle: string; parentOpTitle: string | null }): OperatorGameView {
  return {
    id: r.og.id, opId: r.og.opId, ...titleOf(r.og.opId), gameId: r.og.gameId, status: r.og.status, order: r.og.order, updatedAt: r.og.updatedAt.toISOString(),
    gameTitle: r.g.title, aggregator: r.g.aggregator, aggregatorGameId: r.g.aggregatorGameId, provider: r.g.provider, providerName: r.providerName ?? r.g.provider,
    gameStatus: r.g.status, categories: r.g.categories, imageUrl: imageUrlOf(r.g.imageId), restrictedCountries: r.g.restrictedCountries,
  };
}

/** What an activity record keeps of a game (before/after): the fields the update changes. */
export const gameAudit = (g: GameRow) => ({
  title: g.title, status: g.status, order: g.order, categories: g.categories, subCategories: g.subCategories, tags: g.tags,
  jurisdictions: g.jurisdictions, tag: g.tag, displayRTP: num(g.displayRtp), restrictedCountries: g.restrictedCountries, imageId: g.imageId,
});
