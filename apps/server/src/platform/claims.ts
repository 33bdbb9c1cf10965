/**
 * Claims on work-queue records (contract claims.ts): the one mechanism behind the pending
 * withdrawals and the pending KYC documents. A staff member who opens a record claims it for
 * `CLAIM_IDLE_MS`; while their claim is live nobody else may claim or decide the record (409
 * `RECORD_HELD` naming the holder, the claim as the answer's data); a claim past its time is
 * nobody's and the next claimant takes it over; a decision releases it.
 *
 * The endpoint layer applies an entry's `claim` rule (endpoints.ts): it refuses the decision
 * before the handler runs and releases the claim after it succeeded. The claim is a work lock,
 * not the money guard: racing decisions are still settled by the conditional status updates.
 *
 * Choices where the spec is silent: a claim is taken when the drawer opens and renewed each time
 * it opens again (not while it merely stays open, so an idle holder loses it); closing the drawer
 * releases it; a decision by the holder (or on an unheld record) releases it whatever its outcome.
 */
import { and, eq, gt, lte, or } from 'drizzle-orm';
import { CLAIM_IDLE_MS, CLAIM_MESSAGES, RECORD_HELD, type ClaimKind, type ClaimState } from '@pitboss/contract';
import type { Db } from '../db/client.js';
import { recordClaims } from '../db/schema.js';
import type { AuthedUser } from '../lib/context.js';
import { HttpError } from '../lib/http.js';

type Claim = typeof recordClaims.$inferSelect;
type Me = Pick<AuthedUser, 'id' | 'email'>;

const NOBODY: ClaimState = { claimedBy: null, claimedUntil: null, claimedByMe: false };

/**
 * The live claim of one record as a list shows it ("Claimed by"), as SQL text for a lateral join:
 * the holder's name (their nickname, else the e-mail the claim stored), whether it is `meParam`
 * (a bound parameter), and until when (ISO). `recordId` is the SQL of the row's record id.
 */
export const holderOf = (kind: ClaimKind, recordId: string, meParam: string): string => `select coalesce(nullif(u.nickname, ''), rc.claimed_by) as holder_name,
    rc.claimed_by_id = ${meParam} as holder_mine, to_char(rc.claimed_until at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as holder_until
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

/** Claim (or renew one's own claim): free, expired or already the caller's, else 409 naming the holder. One statement, so racing claimants get one winner. */
export async function claim(db: Db, r: { kind: ClaimKind; recordId: string; opId: string; me: Me; now?: Date }): Promise<{ state: ClaimState; before: ClaimState }> {
  const now = r.now ?? new Date();
  const before = stateOf(await current(db, r.kind, r.recordId), r.me.id, now);
  const until = new Date(now.getTime() + CLAIM_IDLE_MS);
  const [c] = await db.insert(recordClaims)
    .values({ kind: r.kind, recordId: r.recordId, opId: r.opId, claimedById: r.me.id, claimedBy: r.me.email, claimedUntil: until })
    .onConflictDoUpdate({
      target: [recordClaims.kind, recordClaims.recordId],
      set: { opId: r.opId, claimedById: r.me.id, claimedBy: r.me.email, claimedUntil: until },
      setWhere: or(lte(recordClaims.claimedUntil, now), eq(recordClaims.claimedById, r.me.id)),
    }).returning();
  if (!c) {
    const held = await current(db, r.kind, r.recordId);
    if (held) throw heldRefusal(r.kind, held, r.me.id);
  }
  return { state: stateOf(c, r.me.id, now), before };
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
