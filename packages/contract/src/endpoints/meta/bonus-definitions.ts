import { LIST, anyOf, ep, forNonAdmins, record, recordWithin } from '../define.js';

/** The definitions pages (/bonus, /bonus/{id}); creating, editing, cloning and deleting also need `bonus_definition_edit` (SUPER_ADMIN and ADMIN hold every key). */
const VIEW = anyOf('bonus');
const EDIT = forNonAdmins(['bonus'], ['bonus_definition_edit']);

/**
 * Deposit bonus definitions (000 §1, 001 §2, §4, §7, §8; 002 deletions). The spec shows two calls,
 * kept as they are: `DELETE /api/bonus/deposit?bonusId&opId` (success) and `POST /api/bonus/clone`
 * (the bonus plus targetOpId, startTime, endTime; refused with "Failed to clone bonus, there is an
 * existing bonus with the same conditions"). Designed in their style:
 *
 * - `POST /api/bonus/deposit/list`: the definitions of the caller's operators (the operator
 *   selector's `opId` / `includeBrands`), the latest start first, keyset cursor; status ACTIVE or
 *   DEACTIVE (DELETED is a soft delete: never listed, never a filter option), bet type, title.
 * - `GET /api/bonus/deposit/details/:bonusId`: one definition (a deleted one is not found).
 * - `POST /api/bonus/deposit`: create (opId, title, description, status, startTime, endTime,
 *   percentage, maxBonusInUSD, minDepositInUSD, wagerMultiplier, betType, providers, games,
 *   currencies); the end lies ahead.
 * - `PUT /api/bonus/deposit`: edit the same fields, named by bonusId (and the selected opId).
 * - `POST /api/bonus/clone` names the bonus by `bonusId`: the copy takes its conditions, the
 *   target operator (in the caller's scope, else 404) and the new period, and is ACTIVE. It is
 *   refused (409) when the target holds an ACTIVE, non-deleted bonus with the same conditions
 *   whose period overlaps the new one.
 * - `POST /api/bonus/deposit/players/list`: the players' deposit bonuses (/bonus/list): which
 *   player got which bonus for which deposit, the bonus and wager amounts, status.
 */
export const BONUS_DEFINITIONS = {
  'bonusDefs.list': ep({
    method: 'POST', path: '/api/bonus/deposit/list', tag: 'bonus',
    summary: 'Deposit bonus definitions, the latest start first (status ACTIVE/DEACTIVE, bet type, title); deleted ones are not listed (designed)',
    access: VIEW, scope: LIST,
  }),
  'bonusDefs.get': ep({
    method: 'GET', path: '/api/bonus/deposit/details/:bonusId', tag: 'bonus',
    summary: 'One deposit bonus definition with its players count and total bonus (designed)',
    access: VIEW, scope: record('bonusDefinition', 'bonusId', 'params'),
  }),
  'bonusDefs.create': ep({
    method: 'POST', path: '/api/bonus/deposit', tag: 'bonus',
    summary: 'New deposit bonus of an operator: period, percentage, max bonus and min deposit in USD, wager, bet type, providers, games, currencies (designed)',
    access: EDIT, scope: record('operator', 'opId'), audit: 'BONUS_DEFINITION_CREATE',
  }),
  'bonusDefs.update': ep({
    method: 'PUT', path: '/api/bonus/deposit', tag: 'bonus',
    summary: 'Edit a deposit bonus definition (designed)',
    access: EDIT, scope: recordWithin('bonusDefinition', 'bonusId'), audit: 'BONUS_DEFINITION_UPDATE',
  }),
  'bonusDefs.delete': ep({
    method: 'DELETE', path: '/api/bonus/deposit', tag: 'bonus',
    summary: 'Delete a deposit bonus (?bonusId&opId): a soft delete (status DELETED); it leaves every list',
    access: EDIT, scope: recordWithin('bonusDefinition', 'bonusId', 'opId', 'query'), audit: 'BONUS_DEFINITION_DELETE',
  }),
  'bonusDefs.clone': ep({
    method: 'POST', path: '/api/bonus/clone', tag: 'bonus',
    summary: 'Clone a deposit bonus to an operator with a new period; refused when the target has an active bonus with the same conditions in an overlapping period',
    access: EDIT, scope: recordWithin('bonusDefinition', 'bonusId'), audit: 'BONUS_DEFINITION_CLONE',
  }),
  'bonusDefs.players': ep({
    method: 'POST', path: '/api/bonus/deposit/players/list', tag: 'bonus',
    summary: "Players' deposit bonuses (/bonus/list): player, bonus, deposit, bonus and wager amounts, status; newest first (designed)",
    access: anyOf('bonus_list'), scope: LIST,
  }),
} as const;
