/**
 * Claims on work-queue records (contract claims.ts): the one mechanism behind the pending
 * withdrawals and the pending KYC documents. A staff member who opens a record claims it for
 * `CLAIM_IDLE_MS`; while their claim is live nobody else may claim or decide the record (409
 * `RECORD_HELD` naming the holder, the claim as the answer's data); a claim past its time is
 * nobody's and the next claimant takes it over; a decision releases it.
 *
 * The endpoint layer applies an entry's `claim` rule (endpoints.ts): a decision takes the record
 * (`holdForDecision`) and the claim is released after it succeeded; a decision made by one
 * statement (the in-progress APPROVE) takes no claim but carries `claimFreeSql` as a condition of
 * its change, and drops the record's claim after its commit when it had one. The claim is a work
 * lock, not the money guard: racing decisions are still settled by the conditional status
 * updates. A claim and a one-statement decision racing within the same instant may both apply:
 * the decision's statement did not see the claim, so it came first, and the claim then holds a
 * decided record (its holder's decision answers 409 "already confirmed"; the claim expires).
 *
 * Choices where the spec is silent: a claim is taken when the drawer opens and renewed each time
 * it opens again (not while it merely stays open, so an idle holder loses it); closing the drawer
 * releases it; a decision by the holder (or on an unheld record) releases it whatever its outcome.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { CLAIM_IDLE_MS, CLAIM_MESSAGES, RECORD_HELD, type ClaimKind, type ClaimState } from '@pitboss/contract';
import type { Db } from '../db/client.js';
import { recordClaims } from '../db/schema.js';
import type { AuthedUser } from '../lib/context.js';
import { HttpError } from '../lib/http.js';
import { isoText, rowsOf } from '../lib/query.js';

/** Who holds a claim and until when (the fields a claim's state and refusal read). */
type Claim = Pick<typeof recordClaims.$inferSelect, 'claimedById' | 'claimedBy' | 'claimedUntil'>;
type Me = Pick<AuthedUser, 'id' | 'email'>;

const NOBODY: ClaimState = { claimedBy: null, claimedUntil: null, claimedByMe: false };

/**
 * The live claim of one record as a list shows it ("Claimed by"), as SQL text for a lateral join:
 * the holder's name (their nickname, else the e-mail the claim stored), whether it is `meParam`
 * (a bound parameter), and until when (ISO). `recordId` is the SQL of the row's record id.
 */
export const holderOf = (kind: ClaimKind, recordId: string, meParam: string): string => `select coalesce(nullif(u.nickname, ''), rc.claimed_by) as holder_name,
    rc.claimed_by_id = ${meParam} as holder_mine, ${isoText('rc.claimed_until')} as holder_until
  from record_claims rc left join users u on u.id = rc.claimed_by_id
  where rc.kind = '${kind}' and rc.record_id = ${recordId} and rc.claimed_until > now()`;

/** The claim as the caller sees it at `now` (an expired claim is nobody's). */
export const stateOf = (c: Claim | undefined, me: string, now = new Date()): ClaimState =>
  c && c.claimedUntil > now ? { claimedBy: c.claimedBy, claimedUntil: c.claimedUntil.toISOString(), claimedByMe: c.claimedById === me } : NOBODY;

const key = (kind: ClaimKind, recordId: string) => and(eq(recordClaims.kind, kind), eq(recordClaims.recordId, recordId));

async function current(db: Db, kind: ClaimKind, recordId: string): Promise<Claim | undefined> {
  const [c] = await db.select().from(recordClaims).where(key(kind, recordId)).limit(1);
  return c;
}

/** The 409 of a record another staff member holds: the contract's message, the claim as data. */
export const heldRefusal = (kind: ClaimKind, c: Claim, me: string): HttpError =>
  new HttpError(409, [CLAIM_MESSAGES.heldBy(kind, c.claimedBy)], RECORD_HELD, stateOf(c, me));

/** Refuses (409) when someone other than `me` holds a live claim on the record. */
export async function assertNotHeld(db: Db, kind: ClaimKind, recordId: string, me: string, now = new Date()): Promise<void> {
  const c = await current(db, kind, recordId);
  if (c && c.claimedUntil > now && c.claimedById !== me) throw heldRefusal(kind, c, me);
}

/**
 * Claim (or renew one's own claim): free, expired or already the caller's, else 409 naming the
 * holder. One statement, so racing claimants get one winner; it also reads the claim as it was
 * before (the same snapshot), so a decision takes its record in one round trip.
 */
export async function claim(db: Db, r: { kind: ClaimKind; recordId: string; opId: string; me: Me; now?: Date }): Promise<{ state: ClaimState; before: ClaimState }> {
  const now = r.now ?? new Date();
  const until = new Date(now.getTime() + CLAIM_IDLE_MS);
  // Through drizzle's template (not the prepared raw path): a decision may run it in its transaction.
  const kind = sql`${r.kind}::text`;
  const recordId = sql`${r.recordId}::text`;
  const me = sql`${r.me.id}::uuid`;
  const [row] = await rowsOf<{ by_id: string | null; by: string | null; until: string | null; taken: number }>(db, sql`with prev as (
      select claimed_by_id::text as by_id, claimed_by as by, ${sql.raw(isoText('claimed_until'))} as until from record_claims where kind = ${kind} and record_id = ${recordId}
    ), up as (
      insert into record_claims (kind, record_id, op_id, claimed_by_id, claimed_by, claimed_until)
      values (${kind}, ${recordId}, ${r.opId}::text, ${me}, ${r.me.email}::text, ${until.toISOString()}::timestamptz)
      on conflict (kind, record_id) do update set op_id = excluded.op_id, claimed_by_id = excluded.claimed_by_id,
        claimed_by = excluded.claimed_by, claimed_until = excluded.claimed_until
      where record_claims.claimed_until <= ${now.toISOString()}::timestamptz or record_claims.claimed_by_id = ${me}
      returning 1
    )
    select prev.by_id, prev.by, prev.until, (select count(*) from up)::int as taken from (select 1) as one left join prev on true`);
  const prev: Claim | undefined = row?.by_id ? { claimedById: row.by_id, claimedBy: row.by!, claimedUntil: new Date(row.until!) } : undefined;
  const before = stateOf(prev, r.me.id, now);
  if (row?.taken) return { state: { claimedBy: r.me.email, claimedUntil: until.toISOString(), claimedByMe: true }, before };
  // Held by someone else: the claim read in the same statement (or, when a racing claimant
  // inserted it after that snapshot, read again).
  const held = prev && prev.claimedUntil > now && prev.claimedById !== r.me.id ? prev : await current(db, r.kind, r.recordId);
  if (held) throw heldRefusal(r.kind, held, r.me.id);
  return { state: NOBODY, before };
}

/** Release the caller's own live claim; someone else's: 409 naming them; nobody's: 409 "you do not hold it". */
export async function release(db: Db, kind: ClaimKind, recordId: string, me: string, now = new Date()): Promise<void> {
  const gone = await db.delete(recordClaims).where(and(key(kind, recordId), eq(recordClaims.claimedById, me), gt(recordClaims.claimedUntil, now))).returning();
  if (gone.length) return;
  const c = await current(db, kind, recordId);
  if (c && c.claimedUntil > now) throw heldRefusal(kind, c, me);
  throw new HttpError(409, [CLAIM_MESSAGES.notHolder(kind)], RECORD_HELD, NOBODY);
}

/**
 * A decision takes its record: the claim statement (free, expired or already the caller's, else
 * 409 naming the holder), run in the decision's transaction when it has one, so from here until
 * the decision is done nobody else can claim or decide the record. Answers whether the caller
 * held it already (a failed decision then leaves their claim as it was).
 */
export async function holdForDecision(db: Db, r: { kind: ClaimKind; recordId: string; opId: string; me: Me }): Promise<boolean> {
  const { before } = await claim(db, r);
  return before.claimedByMe;
}

type Param = (value: unknown, cast?: string) => string;

/**
 * A one-statement decision's condition, as SQL text: nobody but `me` holds a live claim on the
 * record. The statement reads the claim and takes none (no lock on it, so no lock order against a
 * decision that claims first); a claim committed after its snapshot is one taken after the
 * decision, which the record's own conditional change then refuses to its holder.
 */
export const claimFreeSql = ($: Param, kind: ClaimKind, recordId: string, me: string): string =>
  `not exists (select 1 from record_claims rc where rc.kind = ${$(kind, '::text')} and rc.record_id = ${$(recordId, '::text')}
    and rc.claimed_until > now() and rc.claimed_by_id <> ${$(me, '::uuid')})`;

/** Whether the record has a claim row (live or not), as SQL text: a decision that went through then drops it. */
export const claimExistsSql = ($: Param, kind: ClaimKind, recordId: string): string =>
  `exists (select 1 from record_claims rc where rc.kind = ${$(kind, '::text')} and rc.record_id = ${$(recordId, '::text')})`;

/** Give back a claim a failed decision took (only the caller's own). */
export async function releaseIfMine(db: Db, kind: ClaimKind, recordId: string, me: string): Promise<void> {
  await db.delete(recordClaims).where(and(key(kind, recordId), eq(recordClaims.claimedById, me)));
}

/** A decision went through: the record is nobody's any more (its claim, live or not, is dropped). */
export async function endClaim(db: Db, kind: ClaimKind, recordId: string): Promise<void> {
  await db.delete(recordClaims).where(key(kind, recordId));
}

/** The claim endpoints' handler body: claim or release the record, with its activity, in one transaction. */
export async function claimOrRelease(
  db: Db, r: { kind: ClaimKind; recordId: string; opId: string; me: Me; action: 'claim' | 'release' },
  audit: (tx: Db, entry: { action: string; before: unknown; after: unknown }) => Promise<void>,
  actions: { claim: string; release: string },
): Promise<{ state: ClaimState; messages: string[] }> {
  return db.transaction(async (tx) => {
    if (r.action === 'claim') {
      const { state, before } = await claim(tx, r);
      await audit(tx, { action: actions.claim, before: { claimedBy: before.claimedBy }, after: { claimedBy: state.claimedBy, claimedUntil: state.claimedUntil } });
      return { state, messages: [CLAIM_MESSAGES.claimed(r.kind)] };
    }
    await release(tx, r.kind, r.recordId, r.me.id);
    await audit(tx, { action: actions.release, before: { claimedBy: r.me.email }, after: { claimedBy: null } });
    return { state: NOBODY, messages: [CLAIM_MESSAGES.released(r.kind)] };
  });
}
