import { LIST, anyOf, ep, forNonAdmins, record, recordWithin } from '../define.js';

const VIEW = anyOf('bonus_releases');
/** Creating, editing, cloning and deleting a release also need `bonus_release_manage` (SUPER_ADMIN and ADMIN hold every key). */
const MANAGE = forNonAdmins(['bonus_releases'], ['bonus_release_manage']);

/**
 * Bonus releases (000 §3, §4, §8; 001 §7; 002 deletions; issue 9). The spec shows two calls, kept
 * as they are: `DELETE /api/bonus/releases?bonusId&opId` (a soft delete: the definition and its
 * players' releases are marked deleted, and their details show "Please be advised the following
 * Bonus Release is deleted.") and `POST /api/bonus/clone/release` (the bonus plus targetOpId,
 * startTime, endTime; a target operator holding a release of the same conditions — schedule, bet
 * type, providers, games, tiers, overlapping period — answers 409 "Failed to clone bonus, there
 * is an existing bonus with the same conditions"). Designed in their style:
 *
 * - `POST /api/bonus/releases/list`: definitions of the caller's operators, newest first (deleted
 *   ones only with `deleted: true`); status ACTIVE or DISABLED;
 * - `GET /api/bonus/releases/details/:bonusId`: one definition with its report figures and the
 *   latest player releases (Bonus Release Report Details);
 * - `POST /api/bonus/releases`, `PUT /api/bonus/releases`: create and edit;
 * - `POST /api/reports/bonus-releases`: the report, one row per definition (deleted ones too),
 *   figures summed over its player releases for the rows of the page only (index per
 *   definition); status EXPIRED when active and past its end.
 */
export const BONUS_RELEASES = {
  'bonusReleases.list': ep({
    method: 'POST', path: '/api/bonus/releases/list', tag: 'bonus',
    summary: 'Bonus release definitions of the selected operators, newest first; keyset cursor, no total count (designed)',
    access: VIEW, scope: LIST,
  }),
  'bonusReleases.get': ep({
    method: 'GET', path: '/api/bonus/releases/details/:bonusId', tag: 'bonus',
    summary: 'One bonus release definition with its report figures and latest player releases (Bonus Release Report Details)',
    access: anyOf('bonus_releases', 'reports_bonus_releases'), scope: record('bonusRelease', 'bonusId', 'params'),
  }),
  'bonusReleases.create': ep({
    method: 'POST', path: '/api/bonus/releases', tag: 'bonus',
    summary: 'Create a bonus release definition: schedule, period, bet type, providers and games, tiers (designed)',
    access: MANAGE, scope: record('operator', 'opId'), audit: 'BONUS_RELEASE_CREATE',
  }),
  'bonusReleases.update': ep({
    method: 'PUT', path: '/api/bonus/releases', tag: 'bonus',
    summary: 'Edit a bonus release definition (not a deleted one) (designed)',
    access: MANAGE, scope: recordWithin('bonusRelease', 'bonusId'), audit: 'BONUS_RELEASE_UPDATE',
  }),
  'bonusReleases.delete': ep({
    method: 'DELETE', path: '/api/bonus/releases', tag: 'bonus',
    summary: "Delete a bonus release (?bonusId&opId): a soft delete of the definition and its players' releases",
    access: MANAGE, scope: recordWithin('bonusRelease', 'bonusId', 'opId', 'query'), audit: 'BONUS_RELEASE_DELETE',
  }),
  'bonusReleases.clone': ep({
    method: 'POST', path: '/api/bonus/clone/release', tag: 'bonus',
    summary: 'Clone a bonus release to another operator with new start and end times (409 on the same conditions)',
    access: MANAGE, scope: record('bonusRelease', 'bonusId'), audit: 'BONUS_RELEASE_CLONE',
  }),
  'bonusReleases.report': ep({
    method: 'POST', path: '/api/reports/bonus-releases', tag: 'reports',
    summary: 'Bonus Releases Report: per definition, bonus, unlocked, players unlocked, wagered, claimed and claims (status EXPIRED past its end)',
    access: anyOf('reports_bonus_releases'), scope: LIST,
  }),
  /**
   * Players claim what a release unlocked for them on the player site; staff make the same claim
   * on a player's behalf (a support case) from Bonus Release Report Details, and the demo world's
   * players claim through the same service (modules/bonuses/release-claims.ts). The amount is the
   * period's unlocked amount not yet claimed (at most its top tier's maxBonusAmountInUSD),
   * credited once to the player's BONUS wallet (USD) through the ledger.
   */
  'bonusReleases.claim': ep({
    method: 'POST', path: '/api/bonus/releases/player/claim', tag: 'bonus',
    summary: 'Credit the unlocked, unclaimed amount of a player\'s release period to their bonus wallet, once (designed)',
    access: forNonAdmins(['bonus_releases', 'reports_bonus_releases'], ['bonus_release_manage']), scope: record('playerBonusRelease', 'releaseId'),
    audit: 'BONUS_RELEASE_CLAIM', money: true,
  }),
} as const;
