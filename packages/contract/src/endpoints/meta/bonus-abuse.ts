import { anyOf, ep, recordWithin } from '../define.js';

/**
 * Bonus abuse signals (issue 9), designed: `POST /api/bonus/abuse-signals` with playerCode (a
 * player of the caller's operators, else 404; `opId` narrows as elsewhere) and one bonus —
 * `bonusId` (a bonus form) or `templateId` (a sport free bet template) — answers the other players
 * of the player's operator sharing the last sign-in IP, the device or a card / IBAN, and whether
 * each received that bonus. Read only; for whoever sees the bonus requests or the free bets.
 */
export const BONUS_ABUSE = {
  'bonus.abuseSignals': ep({
    method: 'POST', path: '/api/bonus/abuse-signals', tag: 'bonus',
    summary: "Players sharing the player's sign-in IP, device or card / IBAN, and whether they received the same bonus form or free bet template (designed)",
    access: anyOf('bonus_form_requests', 'bonus_sport'), scope: recordWithin('player', 'playerCode'),
  }),
} as const;
