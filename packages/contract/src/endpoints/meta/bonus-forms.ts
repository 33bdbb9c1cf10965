import { LIST, anyOf, ep, forNonAdmins, record, recordWithin } from '../define.js';

/** The forms page; creating and deleting a form also needs `bonus_form_edit` (SUPER_ADMIN and ADMIN hold every key). */
const FORM_EDIT = forNonAdmins(['bonus_form'], ['bonus_form_edit']);
/** The requests queue; approving or rejecting (Topup Player, Reject Bonus Request) also needs `bonus_form_decide`. */
const DECIDE = forNonAdmins(['bonus_form_requests'], ['bonus_form_decide']);

/**
 * Bonus forms and their requests (001 §2 /bonus/form, /bonus/form/new, /bonus/form/requests,
 * /bonus/form/history; §3 "Bonus form request"; §5; §7; §8). The spec shows two calls, kept as
 * they are: `DELETE /api/bonus/form?bonusId&opId` and `PUT /api/bonus/form/requests` (opId,
 * bonusId, amountInUSD, note, playerCode, action APPROVE or REJECT). Designed in their style:
 *
 * - `POST /api/bonus/form/list`: the forms of the caller's operators (the operator selector's
 *   `opId` / `includeBrands`), newest first, deleted ones left out; filters prize type, active, title.
 * - `POST /api/bonus/form`: New Bonus Form — opId (operator or brand), title, prizeType CASH
 *   (cash prize → main wallet) or LOCKED (locked prize → bonus wallet), default and maximum
 *   amount in USD, active.
 * - `POST /api/bonus/form/requests/new`: a request for a player of the form's operator (or one of
 *   its brands): bonusId, playerCode, amountInUSD (above 0, at most the form's maximum), note; the
 *   prize type defaults to the form's. Requests normally come from the player's side; staff file
 *   one on a player's behalf from the form's drawer.
 * - `POST /api/bonus/form/requests/list`: `view: pending` the queue (oldest first), `view: history`
 *   the decided requests (newest decision first).
 * - `PUT /api/bonus/form/requests` names the request by `requestId` besides the spec's fields (a
 *   player may hold several requests of one form); bonusId and playerCode must be the request's
 *   (else 404). APPROVE (Topup Player: amount above 0 and at most the form's maximum, note
 *   required ≤ 200, accept checkbox) credits the amount exactly once — a conditional
 *   `UPDATE … WHERE status = 'PENDING'`, the ledger entry and a CONFIRMED BONUS / MANUAL_BONUS
 *   transaction in one database transaction, converted from USD into the main wallet's currency
 *   with the contract's rate helpers for a cash prize; REJECT needs a note, shown to the player.
 *   The loser of a race answers 409 naming who decided. It moves money: an Idempotency-Key is required.
 */
export const BONUS_FORMS = {
  'bonus.formList': ep({
    method: 'POST', path: '/api/bonus/form/list', tag: 'bonus',
    summary: 'Bonus forms of the selected operators, newest first (designed: the spec shows no list call)',
    access: anyOf('bonus_form'), scope: LIST,
  }),
  'bonus.formCreate': ep({
    method: 'POST', path: '/api/bonus/form', tag: 'bonus',
    summary: 'New Bonus Form: title, cash or locked prize, default and maximum amount in USD (designed)',
    access: FORM_EDIT, scope: record('operator', 'opId'), audit: 'BONUS_FORM_CREATE',
  }),
  'bonus.formDelete': ep({
    method: 'DELETE', path: '/api/bonus/form', tag: 'bonus',
    summary: 'Delete Bonus Form (?bonusId&opId); its pending requests stay decidable',
    access: FORM_EDIT, scope: recordWithin('bonusForm', 'bonusId', 'opId', 'query'), audit: 'BONUS_FORM_DELETE',
  }),
  'bonus.requestList': ep({
    method: 'POST', path: '/api/bonus/form/requests/list', tag: 'bonus',
    summary: 'Bonus form requests: the pending queue (view pending) or the decided history (view history) (designed)',
    access: anyOf('bonus_form_requests', 'bonus_form_history'), scope: LIST,
  }),
  'bonus.requestCreate': ep({
    method: 'POST', path: '/api/bonus/form/requests/new', tag: 'bonus',
    summary: "A bonus request for a player of the form's operator (designed)",
    access: anyOf('bonus_form', 'bonus_form_requests'), scope: recordWithin('bonusForm', 'bonusId'), audit: 'BONUS_REQUEST_CREATE',
  }),
  'bonus.requestDecision': ep({
    method: 'PUT', path: '/api/bonus/form/requests', tag: 'bonus',
    summary: 'Topup Player (APPROVE: credit the main or bonus wallet once) or Reject Bonus Request (REJECT, note for the player)',
    access: DECIDE, scope: recordWithin('bonusRequest', 'requestId'), audit: ['BONUS_REQUEST_APPROVE', 'BONUS_REQUEST_REJECT', 'BONUS_REQUEST_FIRST_APPROVAL'], money: true,
  }),
} as const;
