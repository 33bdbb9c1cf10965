import { z } from 'zod';
import {
  categoryForm, cmsAggregatorBody, cmsGameBody, codeDeleteQuery, gameActivitiesBody, gameDeleteQuery, gameImageDeleteQuery, gameOperatorsBody,
  gameUpdateForm, gamesListBody, jurisdictionForm, operatorGameUpdateBody, operatorGamesListBody, originalProviderForm, providerDeleteQuery,
  referenceListBody, referenceSearchBody, slugDeleteQuery, tagForm,
} from '../../games.js';
import { GAMES } from '../meta/games.js';
import { empty, isoDate, json, listAnswer, nullableString, opTitles } from './common.js';
import type { SchemasOf } from './types.js';

const texts = z.record(z.string(), z.string());
/** A category or a tag: its operator (`*` all), slug, title and description per language. */
export const gameRefView = z.object({
  id: z.string(), opId: z.string(), opTitle: nullableString, slug: z.string(), title: texts, description: texts, createdAt: isoDate, updatedAt: isoDate,
});
export type GameRefView = z.infer<typeof gameRefView>;
export const jurisdictionView = z.object({
  id: z.string(), opId: z.string(), opTitle: nullableString, code: z.string(), title: texts, description: texts, createdAt: isoDate, updatedAt: isoDate,
});
export type JurisdictionView = z.infer<typeof jurisdictionView>;
export const originalProviderView = z.object({
  id: z.string(), opId: z.string(), opTitle: nullableString, slug: z.string(), aliases: z.array(z.string()), displayName: texts, createdAt: isoDate, updatedAt: isoDate,
});
export type OriginalProviderView = z.infer<typeof originalProviderView>;
const suggestions = z.array(z.object({ value: z.string(), label: z.string() }));

export const gameView = z.object({
  id: z.string(), aggregator: z.string(), aggregatorGameId: z.string(), title: z.string(), description: nullableString,
  /** The original provider's slug and English name. */
  provider: z.string(), providerName: z.string(),
  categories: z.array(z.string()), subCategories: z.array(z.string()), tags: z.array(z.string()), jurisdictions: z.array(z.string()),
  tag: nullableString, status: z.string(), order: z.number().int(),
  rtp: nullableString, displayRTP: nullableString, restrictedCountries: z.array(z.string()),
  hasDemo: z.boolean(), hasChat: z.boolean(), isBranded: z.boolean(),
  imageId: nullableString, imageUrl: nullableString, coverPhoto: nullableString,
  /** How many operators have an entry of the game (offered, any status). */
  operatorsCount: z.number().int(),
  createdAt: isoDate, updatedAt: isoDate,
});
export type GameView = z.infer<typeof gameView>;

export const gameOperatorEntry = z.object({
  id: z.string(), opId: z.string(), ...opTitles, status: z.string(), order: z.number().int(), updatedAt: isoDate,
});
export const gameImageView = z.object({ id: z.string(), name: z.string(), mime: z.string(), size: z.number().int(), url: z.string(), createdAt: isoDate });
export const gameDetailsView = gameView.extend({ operators: z.array(gameOperatorEntry), images: z.array(gameImageView) });
export type GameDetailsView = z.infer<typeof gameDetailsView>;

export const operatorGameView = z.object({
  id: z.string(), opId: z.string(), ...opTitles, gameId: z.string(), status: z.string(), order: z.number().int(), updatedAt: isoDate,
  gameTitle: z.string(), aggregator: z.string(), aggregatorGameId: z.string(), provider: z.string(), providerName: z.string(),
  gameStatus: z.string(), categories: z.array(z.string()), imageUrl: nullableString, restrictedCountries: z.array(z.string()),
});
export type OperatorGameView = z.infer<typeof operatorGameView>;

export const aggregatorView = z.object({
  aggregator: z.string(), games: z.number().int(),
  providers: z.array(z.object({ slug: z.string(), name: z.string(), games: z.number().int() })),
});
export type AggregatorView = z.infer<typeof aggregatorView>;

/**
 * A game activity log entry (000 §3: uuid, timestamp, env, message, type, subtype, logData, logMeta
 * before/after); ours: `targetTitle`, the record by name where its id is not one (a game's title).
 */
export const gameActivityView = z.object({
  uuid: z.string(), timestamp: isoDate, env: z.string(), message: z.string(), type: z.string(), subtype: z.string(),
  targetId: nullableString, targetTitle: nullableString, opId: nullableString, opTitle: nullableString, actorEmail: nullableString, actorRole: nullableString,
  logData: json, logMeta: z.object({ before: json, after: json }),
});
export type GameActivityView = z.infer<typeof gameActivityView>;

const bulkAnswer = z.object({ affected: z.number().int() });

export const GAMES_SCHEMAS = {
  'games.categoriesList': { body: referenceListBody, response: listAnswer(gameRefView) },
  'games.categorySave': { body: categoryForm, response: gameRefView },
  'games.categoryDelete': { query: slugDeleteQuery, response: empty },
  'games.tagsList': { body: referenceListBody, response: listAnswer(gameRefView) },
  'games.tagSave': { body: tagForm, response: gameRefView },
  'games.tagDelete': { query: slugDeleteQuery, response: empty },
  'games.jurisdictionsList': { body: referenceListBody, response: listAnswer(jurisdictionView) },
  'games.jurisdictionsSearch': { body: referenceSearchBody, response: suggestions },
  'games.jurisdictionSave': { body: jurisdictionForm, response: jurisdictionView },
  'games.jurisdictionDelete': { query: codeDeleteQuery, response: empty },
  'games.providersList': { body: referenceListBody, response: listAnswer(originalProviderView) },
  'games.providersSearch': { body: referenceSearchBody, response: suggestions },
  'games.providerCreate': { body: originalProviderForm, response: originalProviderView },
  'games.providerUpdate': { body: originalProviderForm, response: originalProviderView },
  'games.providerDelete': { query: providerDeleteQuery, response: empty },
  'games.list': { body: gamesListBody, response: listAnswer(gameView) },
  'games.get': { params: z.object({ id: z.string().max(64) }), response: gameDetailsView },
  'games.aggregators': { response: z.array(aggregatorView) },
  'games.update': { body: gameUpdateForm, response: gameDetailsView },
  'games.delete': { query: gameDeleteQuery, response: empty },
  'games.imageUpload': { body: z.object({ gameId: z.uuid().optional() }), response: gameDetailsView },
  'games.imageDelete': { query: gameImageDeleteQuery, response: gameDetailsView },
  'games.image': { params: z.object({ id: z.uuid() }), response: null },
  'games.operators': { body: gameOperatorsBody, response: gameDetailsView },
  'games.cmsEnable': { body: cmsGameBody, response: bulkAnswer },
  'games.cmsDisable': { body: cmsGameBody, response: bulkAnswer },
  'games.cmsEnableAggregator': { body: cmsAggregatorBody, response: bulkAnswer },
  'games.cmsDisableAggregator': { body: cmsAggregatorBody, response: bulkAnswer },
  'games.operatorList': { body: operatorGamesListBody, response: listAnswer(operatorGameView) },
  'games.operatorGame': { params: z.object({ id: z.string().max(64) }), response: operatorGameView },
  'games.operatorUpdate': { body: operatorGameUpdateBody, response: operatorGameView },
  'games.activities': { body: gameActivitiesBody, response: listAnswer(gameActivityView) },
} satisfies SchemasOf<typeof GAMES>;
