import { GLOBAL, LIST, anyOf, ep, record, withRoles } from '../define.js';

/** The global roles that edit the catalogue (SUPER_ADMIN, ADMIN, DEV_OPS: games.ts CATALOGUE_ROLES, repeated here to keep the meta zod-free). */
const CATALOGUE = ['SUPER_ADMIN', 'ADMIN', 'DEV_OPS'] as const;
/** 000 §6: the Enable Operators tab (and every call that offers games to operators) is SUPER_ADMIN's and ADMIN's. */
const ENABLERS = ['SUPER_ADMIN', 'ADMIN'] as const;
const GAMES_PAGES = ['gamesV2', 'games_cms_all_games'];
const CATALOGUE_VIEW = withRoles(GAMES_PAGES, CATALOGUE);
const ref = (page: string) => withRoles([page, ...GAMES_PAGES], CATALOGUE);
const refEdit = (page: string) => withRoles([page], CATALOGUE);
/** Pages of an operator's own games (operator staff hold them; see README "Games"). */
const OPERATOR_PAGES = ['games', 'games_cms_operator_games'];
/** Everyone who sees a games page sees the images and the aggregators. */
const ANY_GAMES_PAGE = anyOf('games', 'games_cms_operator_games', 'gamesV2', 'games_cms_all_games');

/**
 * The games catalogue (000 §2.1, §2.3, §3, §4, §6, §7, §8). The spec's calls: POST
 * /api/gamesV2/{categories,jurisdictions,tags}, PUT/POST /api/gamesV2/original-providers, the four
 * `…/list` calls, the two `…/search` autocompletes, the five DELETEs, PUT /api/games/update, the
 * four /api/games-cms/* calls, and the game "server actions" (enable/disable for operators,
 * update game with its image, delete the image), given routes here. Designed beside them: the
 * catalogue list and a game's details, an operator's games list and one entry, the aggregators,
 * the game activity log and the image file.
 *
 * The catalogue is global (scope GLOBAL): only global roles reach it (access rules name them), so
 * no operator's staff reads another's data through it. An operator's entries are tenant data:
 * their list is scoped (LIST) and a change names its operator (record `operator`).
 */
export const GAMES = {
  // --- Reference lists: categories, tags, jurisdictions, original providers ---
  'games.categoriesList': ep({
    method: 'POST', path: '/api/gamesV2/categories/list', tag: 'games', summary: 'Game categories (itemsPerPage 100, opId * = all operators), by slug',
    access: ref('gamesV2_categories'), scope: GLOBAL,
  }),
  'games.categorySave': ep({
    method: 'POST', path: '/api/gamesV2/categories', tag: 'games', summary: 'Edit/New Game Category ("Game Category updated!" / "New Game Category added!")',
    access: refEdit('gamesV2_categories'), scope: GLOBAL, audit: ['GAME_CATEGORY_CREATE', 'GAME_CATEGORY_UPDATE'],
  }),
  'games.categoryDelete': ep({
    method: 'DELETE', path: '/api/gamesV2/categories', tag: 'games', summary: 'Delete a game category (opId, slug); games keep no reference to it',
    access: refEdit('gamesV2_categories'), scope: GLOBAL, audit: 'GAME_CATEGORY_DELETE',
  }),
  'games.tagsList': ep({
    method: 'POST', path: '/api/gamesV2/tags/list', tag: 'games', summary: 'Game tags (itemsPerPage 100, opId * = all operators), by slug',
    access: ref('gamesV2_tags'), scope: GLOBAL,
  }),
  'games.tagSave': ep({
    method: 'POST', path: '/api/gamesV2/tags', tag: 'games', summary: 'Edit/New Game Tag ("Game Tag updated!" / "New Game Tag added!")',
    access: refEdit('gamesV2_tags'), scope: GLOBAL, audit: ['GAME_TAG_CREATE', 'GAME_TAG_UPDATE'],
  }),
  'games.tagDelete': ep({
    method: 'DELETE', path: '/api/gamesV2/tags', tag: 'games', summary: 'Delete a game tag (opId, slug)',
    access: refEdit('gamesV2_tags'), scope: GLOBAL, audit: 'GAME_TAG_DELETE',
  }),
  'games.jurisdictionsList': ep({
    method: 'POST', path: '/api/gamesV2/jurisdictions/list', tag: 'games', summary: 'Game jurisdictions (itemsPerPage 100, opId * = all operators), by code',
    access: ref('gamesV2_jurisdictions'), scope: GLOBAL,
  }),
  'games.jurisdictionsSearch': ep({
    method: 'POST', path: '/api/gamesV2/jurisdictions/search', tag: 'games', summary: 'Jurisdiction autocomplete (from 2 characters): code or English title',
    access: ref('gamesV2_jurisdictions'), scope: GLOBAL,
  }),
  'games.jurisdictionSave': ep({
    method: 'POST', path: '/api/gamesV2/jurisdictions', tag: 'games', summary: 'Edit/New Jurisdiction ("Game Jurisdiction updated!" / "New Game Jurisdiction added!")',
    access: refEdit('gamesV2_jurisdictions'), scope: GLOBAL, audit: ['GAME_JURISDICTION_CREATE', 'GAME_JURISDICTION_UPDATE'],
  }),
  'games.jurisdictionDelete': ep({
    method: 'DELETE', path: '/api/gamesV2/jurisdictions', tag: 'games', summary: 'Delete a game jurisdiction (opId, code)',
    access: refEdit('gamesV2_jurisdictions'), scope: GLOBAL, audit: 'GAME_JURISDICTION_DELETE',
  }),
  'games.providersList': ep({
    method: 'POST', path: '/api/gamesV2/original-providers/list', tag: 'games', summary: 'Original providers (itemsPerPage 100, opId * = all operators), by slug',
    access: ref('gamesV2_original_providers_list'), scope: GLOBAL,
  }),
  'games.providersSearch': ep({
    method: 'POST', path: '/api/gamesV2/original-providers/search', tag: 'games', summary: 'Original provider autocomplete (from 2 characters): slug, alias or English name',
    access: ref('gamesV2_original_providers_list'), scope: GLOBAL,
  }),
  'games.providerCreate': ep({
    method: 'POST', path: '/api/gamesV2/original-providers', tag: 'games', summary: 'New Original Provider ("Original Provider created!")',
    access: refEdit('gamesV2_original_providers_list'), scope: GLOBAL, audit: 'GAME_PROVIDER_CREATE',
  }),
  'games.providerUpdate': ep({
    method: 'PUT', path: '/api/gamesV2/original-providers', tag: 'games', summary: 'Edit Original Provider by id ("Original Provider updated!")',
    access: refEdit('gamesV2_original_providers_list'), scope: GLOBAL, audit: 'GAME_PROVIDER_UPDATE',
  }),
  'games.providerDelete': ep({
    method: 'DELETE', path: '/api/gamesV2/original-providers', tag: 'games', summary: 'Delete an original provider (opId, id)',
    access: refEdit('gamesV2_original_providers_list'), scope: GLOBAL, audit: 'GAME_PROVIDER_DELETE',
  }),
  // --- The catalogue ---
  'games.list': ep({
    method: 'POST', path: '/api/gamesV2/list', tag: 'games', summary: 'The catalogue: title, aggregator, provider, status, category, offered to an operator; by title (designed)',
    access: CATALOGUE_VIEW, scope: GLOBAL,
  }),
  'games.get': ep({
    method: 'GET', path: '/api/gamesV2/details/:id', tag: 'games', summary: 'One game with its restricted countries and its entry per operator (designed)',
    access: CATALOGUE_VIEW, scope: GLOBAL,
  }),
  'games.aggregators': ep({
    method: 'GET', path: '/api/gamesV2/aggregators', tag: 'games', summary: 'The aggregators of the catalogue with their providers and game counts (designed)',
    access: ANY_GAMES_PAGE, scope: GLOBAL,
  }),
  'games.update': ep({
    method: 'PUT', path: '/api/gamesV2', tag: 'games', summary: 'Update game: status, order, categories, sub-categories, tags, jurisdictions, tag, display RTP, restricted countries',
    access: withRoles(['gamesV2'], CATALOGUE), scope: GLOBAL, audit: 'GAME_UPDATE',
  }),
  'games.delete': ep({
    method: 'DELETE', path: '/api/gamesV2', tag: 'games', summary: 'Delete a game of the catalogue (aggregator, aggregatorGameId) with its operator entries and images',
    access: withRoles(['gamesV2'], CATALOGUE), scope: GLOBAL, audit: 'GAME_DELETE',
  }),
  'games.imageUpload': ep({
    method: 'POST', path: '/api/gamesV2/image', tag: 'games', summary: 'Upload a game image (multipart: gameId, image); images only, recognised by their bytes',
    access: withRoles(['gamesV2'], CATALOGUE), scope: GLOBAL, multipart: true, audit: 'GAME_IMAGE_UPLOAD',
  }),
  'games.imageDelete': ep({
    method: 'DELETE', path: '/api/gamesV2/image', tag: 'games', summary: 'Delete a game image (gameId, blobName)',
    access: withRoles(['gamesV2'], CATALOGUE), scope: GLOBAL, audit: 'GAME_IMAGE_DELETE',
  }),
  'games.image': ep({
    method: 'GET', path: '/api/gamesV2/images/:id', tag: 'games', summary: 'A game image (served inline as the type its bytes are, never sniffed)',
    access: ANY_GAMES_PAGE, scope: GLOBAL, binary: true,
  }),
  'games.operators': ep({
    method: 'PUT', path: '/api/gamesV2/operators', tag: 'games', summary: 'Enable Operators: add a game for operators (DISABLED, order 1) or disable it for them',
    access: withRoles(['gamesV2', 'games_cms_all_games'], ENABLERS), scope: GLOBAL, audit: 'OPERATOR_GAMES_SET',
  }),
  'games.cmsEnable': ep({
    method: 'POST', path: '/api/games-cms/enable-game', tag: 'games', summary: 'Enable a game (ACTIVE) for an operator or all (opId *)',
    access: withRoles(['games_cms_all_games', 'gamesV2'], ENABLERS), scope: GLOBAL, audit: 'OPERATOR_GAMES_ENABLE',
  }),
  'games.cmsDisable': ep({
    method: 'POST', path: '/api/games-cms/disable-game', tag: 'games', summary: 'Disable a game for an operator or all (opId *)',
    access: withRoles(['games_cms_all_games', 'gamesV2'], ENABLERS), scope: GLOBAL, audit: 'OPERATOR_GAMES_DISABLE',
  }),
  'games.cmsEnableAggregator': ep({
    method: 'POST', path: '/api/games-cms/enable-games-by-aggregator', tag: 'games', summary: 'Enable every game of an aggregator (providerId ALL = all providers) for an operator or all (opId *): one statement',
    access: withRoles(['games_cms_all_games', 'gamesV2'], ENABLERS), scope: GLOBAL, audit: 'OPERATOR_GAMES_ENABLE_AGGREGATOR',
  }),
  'games.cmsDisableAggregator': ep({
    method: 'POST', path: '/api/games-cms/disable-games-by-aggregator', tag: 'games', summary: 'Disable every game of an aggregator (providerId ALL = all providers) for an operator or all (opId *): one statement',
    access: withRoles(['games_cms_all_games', 'gamesV2'], ENABLERS), scope: GLOBAL, audit: 'OPERATOR_GAMES_DISABLE_AGGREGATOR',
  }),
  // --- An operator's games ---
  'games.operatorList': ep({
    method: 'POST', path: '/api/games/list', tag: 'games', summary: "The operators' games (their entries: status, order), by order (designed)",
    access: anyOf(...OPERATOR_PAGES), scope: LIST,
  }),
  'games.operatorGame': ep({
    method: 'GET', path: '/api/games-cms/operator-games/:id', tag: 'games', summary: "One operator's entry of a game with the game (designed)",
    access: anyOf(...OPERATOR_PAGES), scope: record('operatorGame', 'id', 'params'),
  }),
  'games.operatorUpdate': ep({
    method: 'PUT', path: '/api/games/update', tag: 'games', summary: "An operator's order and status of a game (dto: gameId, order, status; opId; gameTitle): \"Game updated for operator!\"",
    access: withRoles(OPERATOR_PAGES, ['SUPER_ADMIN', 'ADMIN', 'DEV_OPS', 'OPERATOR_ADMIN']), scope: record('operator', 'opId'), audit: 'OPERATOR_GAME_UPDATE',
  }),
  // --- The game activity log ---
  'games.activities': ep({
    method: 'POST', path: '/api/gamesV2/activities/list', tag: 'games', summary: 'The game activity log: every catalogue change with before and after, newest first (designed)',
    access: withRoles(['gamesV2_activities'], CATALOGUE), scope: GLOBAL,
  }),
} as const;
