import { sql } from 'drizzle-orm';
import { ABUSE_SIGNAL_KINDS, BONUS_ABUSE_MAX, type AbuseSignalKind } from '@pitboss/contract';
import { ok } from '../../lib/http.js';
import { rowsOf, textArray } from '../../lib/query.js';
import type { AuthedUser } from '../../lib/context.js';
import type { Db } from '../../db/client.js';
import { allowedOperators, loadOperators } from '../../lib/scope.js';

/** The operators of `opId`'s family (its parent operator and that parent's brands, or itself and its brands) the caller may see. */
async function familyInScope(db: Db, user: AuthedUser, opId: string): Promise<string[]> {
  const { rows, byId } = await loadOperators(db);
  const me = byId.get(opId);
  const root = me?.kind === 'BRAND' && me.parentOpId ? me.parentOpId : opId;
  const allowed = await allowedOperators(db, user);
  const family = rows.filter((o) => (o.opId === root || (o.parentOpId === root && o.kind === 'BRAND'))).map((o) => o.opId);
  return [...new Set([opId, ...family])].filter((o) => o === opId || allowed === null || allowed.has(o));
}
import type { Handlers } from '../../platform/endpoints.js';

/**
 * Bonus abuse signals (contract bonus-abuse.ts). Bounded and indexed: the players sharing the IP
 * or the device through `players_op_login_ip_idx` / `players_op_device_idx` (operator, value), the
 * accounts sharing a card or IBAN through `bank_accounts_card_idx` / `bank_accounts_iban_idx`, and
 * for each of those players whether they got the bonus through `bonus_requests_player_idx` or
 * `sport_freebet_grants_player_idx`.
 *
 * The players compared are those of the player's operator family — the parent operator and every
 * brand of it — that the caller may see: an abuser often signs up on two brands of one operator, and
 * an operator admin sees them all, while a brand's staff still see their own brand only.
 */
export const bonusAbuseHandlers: Handlers<'bonus.abuseSignals'> = {
  'bonus.abuseSignals': async ({ db, user, body, found: p }) => {
    const ops = await familyInScope(db, user, p.opId);
    const got = body.bonusId !== undefined
      ? sql`exists (select 1 from bonus_requests r where r.player_id = x.id and r.bonus_id = ${body.bonusId}::uuid and r.status = 'APPROVED')`
      : sql`exists (select 1 from sport_freebet_grants g where g.player_id = x.id and g.template_id = ${body.templateId!} and g.result = 'GRANTED')`;
    const rows = await rowsOf<{ playerCode: string; username: string | null; firstName: string | null; lastName: string | null; shared: string[]; got: boolean }>(db, sql`
      with mine as (select card_number, iban from bank_accounts where player_id = ${p.id}::uuid and not is_deleted),
      hits as (
        select o.id, 'IP' as why from players o
          where ${p.lastLoginIp}::text is not null and o.op_id = any(${textArray(ops)}::text[]) and o.last_login_ip = ${p.lastLoginIp} and o.id <> ${p.id}::uuid
        union all
        select o.id, 'DEVICE' from players o
          where ${p.deviceFingerprint}::text is not null and o.op_id = any(${textArray(ops)}::text[]) and o.device_fingerprint = ${p.deviceFingerprint} and o.id <> ${p.id}::uuid
        union all
        select b.player_id, 'BANK_ACCOUNT' from bank_accounts b
          where b.op_id = any(${textArray(ops)}::text[]) and not b.is_deleted and b.player_id <> ${p.id}::uuid
            and (b.card_number in (select card_number from mine where card_number is not null) or b.iban in (select iban from mine where iban is not null))
      ),
      x as (select h.id, array_agg(distinct h.why) as shared from hits h group by h.id)
      select o.player_code as "playerCode", o.username, o.first_name as "firstName", o.last_name as "lastName", x.shared, ${got} as got
      from x join players o on o.id = x.id
      order by got desc, o.player_code
      limit ${BONUS_ABUSE_MAX + 1}`);
    const listed = rows.slice(0, BONUS_ABUSE_MAX);
    const order = (k: string) => ABUSE_SIGNAL_KINDS.indexOf(k as AbuseSignalKind);
    const players = listed.map((r) => ({
      playerCode: r.playerCode,
      username: r.username ?? null,
      name: [r.firstName, r.lastName].filter(Boolean).join(' ') || null,
      shared: [...r.shared].sort((a, b) => order(a) - order(b)) as AbuseSignalKind[],
      receivedSameBonus: Boolean(r.got),
    }));
    return ok({
      playerCode: p.playerCode,
      bonus: body.bonusId !== undefined ? { kind: 'BONUS_FORM' as const, id: body.bonusId } : { kind: 'FREEBET_TEMPLATE' as const, id: String(body.templateId) },
      players,
      receivedSameBonus: players.filter((x) => x.receivedSameBonus).length,
      truncated: rows.length > BONUS_ABUSE_MAX,
    });
  },
};
