/**
 * Claims on work-queue records (support tickets, pending withdrawals, pending KYC documents): a
 * staff member who opens a record claims it, others see who holds it and may not decide it, and a
 * claim nobody renews expires after `CLAIM_IDLE_MS` (the holder went idle). A decision on the
 * record releases it. One vocabulary for every queue: the idle time, the messages and the claim
 * state the server answers and the console shows.
 */
import { z } from 'zod';

/** A claim lasts this long after its holder's last action on the record (claim, reply, status, renewal). */
export const CLAIM_IDLE_MS = 5 * 60_000;

/** The queues whose records are claimed, all through the one claim table (record_claims). */
export const CLAIM_KINDS = ['ticket', 'withdrawal', 'kyc'] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];

/** What a record is called in a claim message. */
export const CLAIM_KIND_NOUNS: Record<ClaimKind, string> = { withdrawal: 'withdrawal', kyc: 'document', ticket: 'ticket' };

export const CLAIM_MESSAGES = {
  claimed: (kind: ClaimKind) => `You hold this ${CLAIM_KIND_NOUNS[kind]}: others see it is yours until you decide it, release it or go idle.`,
  released: (kind: ClaimKind) => `The ${CLAIM_KIND_NOUNS[kind]} is released.`,
  /** The 409 of a claim or a decision on a record someone else holds. */
  heldBy: (kind: ClaimKind | 'ticket', email: string) => `This ${CLAIM_KIND_NOUNS[kind]} is held by ${email}. Wait until they release it or their claim expires.`,
  notHolder: (kind: ClaimKind) => `You do not hold this ${CLAIM_KIND_NOUNS[kind]}.`,
  /** The holder as the queues and the record drawers show it. */
  holder: (email: string | null, mine: boolean) => (mine ? 'Held by you' : `Held by ${email}`),
  /** The claim calls' fields (designed). */
  ACTION_INVALID: 'Action must be claim or release.',
  recordRequired: (kind: ClaimKind) => `Choose the ${CLAIM_KIND_NOUNS[kind]} to claim.`,
} as const;

/** The status of the 409 answered when another staff member holds the record (its `data` is the claim). */
export const RECORD_HELD = 'RECORD_HELD';

/** Who holds a record: nobody (`claimedBy` null), the caller, or another staff member until `claimedUntil`. */
export const claimState = z.object({
  claimedBy: z.string().nullable(),
  claimedUntil: z.string().nullable(),
  claimedByMe: z.boolean(),
});
export type ClaimState = z.infer<typeof claimState>;

/**
 * Who holds a record as a queue's list shows it (the "Claimed by" column): the holder's name (their
 * nickname), whether it is the caller, and until when; null: nobody holds it (no claim, or an
 * expired one).
 */
export const recordHolder = z.object({ name: z.string(), mine: z.boolean(), until: z.string() }).nullable();
export type RecordHolder = z.infer<typeof recordHolder>;

/** claim (or renew one's own claim) or release. */
export const claimAction = z.enum(['claim', 'release'], { error: CLAIM_MESSAGES.ACTION_INVALID });

const recordId = (kind: ClaimKind) => z.string({ error: CLAIM_MESSAGES.recordRequired(kind) }).trim()
  .min(1, CLAIM_MESSAGES.recordRequired(kind)).max(64, CLAIM_MESSAGES.recordRequired(kind));
export const withdrawClaimBody = z.object({ txId: recordId('withdrawal'), action: claimAction });
export const kycClaimBody = z.object({ kycId: recordId('kyc'), action: claimAction });

