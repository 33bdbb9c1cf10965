import { PLAYERS_TABS } from '../../permissions.js';
import { alsoNeeds, anyOf, ep, forNonAdmins, LIST, record } from '../define.js';

/** Granting a free bet: the Sport Free Bets page and, for callers other than SUPER_ADMIN and ADMIN, `sport_freebet_grant`. */
const GRANT = forNonAdmins(['bonus_sport'], ['sport_freebet_grant']);

/**
 * Sport free bets through the sportsbook (001 §2 /bonus/sport, §3, §4, §5, §7, §8; issue 9).
 * The sportsbook holds the templates and the free bets; these calls go through its adapter
 * (apps/server/src/integrations/sportsbook): the simulator by default, the HTTP client when
 * SPORTSBOOK_URL is set. No sportsbook call runs inside a database transaction.
 *
 * - `GET /api/bonus/sport?page=` (001 §7): the templates of the operators the call covers (the
 *   operator selector's opId / includeBrands; a brand uses its parent operator's sportsbook
 *   account), one sportsbook page at a time: data{code, items, message, metadata{totalItems,
 *   itemsPerPage}}. The sportsbook not answering is a 502 the console logs, showing an empty table.
 * - `POST /api/bonus/sport/player/{playerId}` (001 §7): grant a template's free bet to a player of
 *   the caller's operators (else 404): betCount, betAmount, currency, templateId. The grant is
 *   recorded (staff, player, template, amount, result) with its activity, granted or refused; a
 *   refusal answers 400 with the code's text and data.errorItems [{errorCode, message}], a non-OK
 *   answer 502 "Unable to perform this action.".
 * - `GET /api/bonus/sport/player/{playerId}` (designed: the spec names the Applied FreeBet drawer,
 *   not its call): the player's applied free bets, newest first.
 */
export const SPORT_FREEBETS = {
  'sport.templates': ep({
    method: 'GET', path: '/api/bonus/sport', tag: 'bonus',
    summary: "The sportsbook's free bet templates of the selected operators, page by page",
    access: anyOf('bonus_sport'), scope: LIST,
  }),
  'sport.grant': ep({
    method: 'POST', path: '/api/bonus/sport/player/:playerId', tag: 'bonus',
    summary: "Add Sport FreeBet: grant a template's free bet to a player (betCount, betAmount, currency, templateId)",
    // A grant gives the player something of value: like a money call it needs an Idempotency-Key, so a double click or a retry grants once.
    access: GRANT, scope: record('player', 'playerId', 'params'), audit: 'SPORT_FREEBET_GRANT', money: true,
  }),
  'sport.applied': ep({
    method: 'GET', path: '/api/bonus/sport/player/:playerId', tag: 'bonus',
    summary: "A player's applied sport free bets (designed; the player tabs area, so players_tabs too)",
    access: alsoNeeds(['bonus_sport'], [PLAYERS_TABS]), scope: record('player', 'playerId', 'params'),
  }),
} as const;
