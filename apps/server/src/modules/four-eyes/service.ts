/**
 * Four-eyes approval (issue 9; the rules: packages/contract/src/four-eyes.ts). Each approval call
 * of a bonus request, a manual top-up or a withdrawal asks `gate` what this call is:
 *
 * - `apply`: below the operator's threshold (or four-eyes is off, or the record's two approvals
 *   were already given): the call moves the money as it always did;
 * - `first`: above the threshold and no first approval yet: the handler records one with
 *   `recordFirst` inside its idempotent transaction and moves no money. The unique key
 *   (kind, record) makes exactly one of racing first approvals win; the others answer 409;
 * - `second`: a first approval by someone else awaits and the call carries no reason code (a call
 *   with one means to be the first approval, and is refused with 409 "already awaiting second
 *   approval": of racing first approvals exactly one succeeds): the handler moves the money through its
 *   own conditional update (exactly once) and closes the approval in the same transaction.
 *
 * The first approver calling again is refused (409 SAME_APPROVER) before anything runs.
 */
import { and, eq, sql } from 'drizzle-orm';
import { FOUR_EYES_MESSAGES, needsFourEyes, type FirstApproval, type FourEyesKind, type FourEyesReason, type FourEyesStatus } from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { fourEyesApprovals, operators } from '../../db/schema.js';
import type { AuthedUser } from '../../lib/context.js';
import { HttpError, badRequest } from '../../lib/http.js';

export type Approval = typeof fourEyesApprovals.$inferSelect;

export const SAME_APPROVER = 'SAME_APPROVER';
export const AWAITING_SECOND_APPROVAL = 'AWAITING_SECOND_APPROVAL';

/**
 * The threshold that applies to a record of an operator: the operator's own, else (a brand with
 * none) its parent operator's. Read from the database, not the operators cache: a change applies
 * to the next approval.
 */
export async function thresholdFor(db: Db, opId: string): Promise<string | null> {
  const [o] = await db.select({ own: operators.fourEyesThresholdUsd, parent: operators.parentOpId }).from(operators).where(eq(operators.opId, opId)).limit(1);
  if (!o) return null;
  if (o.own !== null || !o.parent) return o.own;
  const [p] = await db.select({ own: operators.fourEyesThresholdUsd }).from(operators).where(eq(operators.opId, o.parent)).limit(1);
  return p?.own ?? null;
}

/** The same rule over the operators cache (lists): the operator's own threshold, else its parent's. */
export function thresholdIn(byId: ReadonlyMap<string, { fourEyesThresholdUsd: string | null; parentOpId: string | null }>, opId: string): string | null {
  const o = byId.get(opId);
  if (!o) return null;
  if (o.fourEyesThresholdUsd !== null || !o.parentOpId) return o.fourEyesThresholdUsd;
  return byId.get(o.parentOpId)?.fourEyesThresholdUsd ?? null;
}

export async function approvalOf(db: Db, kind: FourEyesKind, recordId: string): Promise<Approval | null> {
  const [a] = await db.select().from(fourEyesApprovals).where(and(eq(fourEyesApprovals.kind, kind), eq(fourEyesApprovals.recordId, recordId))).limit(1);
  return a ?? null;
}

export const approvalView = (a: Approval): FirstApproval => ({
  approvalId: a.id, status: a.status as FourEyesStatus, amountInUSD: a.amountInUsd, reasonCode: a.reasonCode as FourEyesReason, reasonNote: a.reasonNote,
  firstBy: a.firstBy, firstByName: a.firstByName, firstAt: a.firstAt.toISOString(), secondBy: a.secondBy, decidedAt: a.decidedAt ? a.decidedAt.toISOString() : null,
});

export const sameApprover = () => new HttpError(409, [FOUR_EYES_MESSAGES.SAME_APPROVER], SAME_APPROVER);

const awaitingSecond = (a: Approval | null) =>
  new HttpError(409, [FOUR_EYES_MESSAGES.awaitingSecond(a?.firstByName ?? 'another staff member')], AWAITING_SECOND_APPROVAL);

export interface Reason { reasonCode?: FourEyesReason | undefined; reasonNote?: string | undefined }

/** The first approval's reason: required above the threshold, a note with OTHER. */
export function checkReason(b: Reason): { reasonCode: FourEyesReason; reasonNote: string | null } {
  if (!b.reasonCode) throw badRequest(FOUR_EYES_MESSAGES.REASON_REQUIRED);
  const note = b.reasonNote?.trim() || null;
  if (b.reasonCode === 'OTHER' && !note) throw badRequest(FOUR_EYES_MESSAGES.REASON_NOTE_REQUIRED);
  return { reasonCode: b.reasonCode, reasonNote: note };
}

export type Gate =
  | { step: 'apply'; approval: Approval | null }
  | { step: 'first'; reason: { reasonCode: FourEyesReason; reasonNote: string | null } }
  | { step: 'second'; approval: Approval };

/** What this approval call is (see the module comment). Reason fields are checked for a first approval only. */
export async function gate(db: Db, g: { kind: FourEyesKind; recordId: string; opId: string; amountInUsd: string; me: AuthedUser; reason: Reason }): Promise<Gate> {
  const a = await approvalOf(db, g.kind, g.recordId);
  if (a && a.status === AWAITING_SECOND_APPROVAL) {
    if (a.firstById === g.me.id) throw sameApprover();
    // A call with a reason code means to be the first approval: it was not (someone approved first meanwhile).
    if (g.reason.reasonCode) throw awaitingSecond(a);
    return { step: 'second', approval: a };
  }
  if (a || !needsFourEyes(g.amountInUsd, await thresholdFor(db, g.opId))) return { step: 'apply', approval: a };
  return { step: 'first', reason: checkReason(g.reason) };
}

/**
 * Records the first approval (inside the caller's transaction). Of racing first approvals one
 * inserts; the others find its row: 409 SAME_APPROVER when it is the caller's own, else 409
 * "already awaiting second approval" naming the first approver.
 */
export async function recordFirst(tx: Db, f: {
  kind: FourEyesKind; recordId?: string; opId: string; playerId: string | null; amountInUsd: string; me: AuthedUser;
  reason: { reasonCode: FourEyesReason; reasonNote: string | null }; payload?: Record<string, unknown>;
}): Promise<Approval> {
  const id = crypto.randomUUID();
  const [row] = await tx.insert(fourEyesApprovals).values({
    id, kind: f.kind, recordId: f.recordId ?? id, opId: f.opId, playerId: f.playerId, amountInUsd: f.amountInUsd, payload: f.payload ?? {},
    reasonCode: f.reason.reasonCode, reasonNote: f.reason.reasonNote, firstById: f.me.id, firstBy: f.me.email, firstByName: f.me.nickname,
  }).onConflictDoNothing().returning();
  if (row) return row;
  const other = await approvalOf(tx, f.kind, f.recordId ?? id);
  if (other?.firstById === f.me.id) throw sameApprover();
  throw awaitingSecond(other);
}

/**
 * Closes an awaiting approval (APPROVED by the second approver, or REJECTED) in the transaction
 * that decided the record; false when it was no longer awaiting (someone else closed it first).
 */
export async function closeApproval(tx: Db, kind: FourEyesKind, recordId: string, status: 'APPROVED' | 'REJECTED', me: AuthedUser, txId?: string): Promise<Approval | null> {
  const [row] = await tx.update(fourEyesApprovals).set({ status, secondBy: me.email, decidedAt: sql`now()`, ...(txId ? { txId } : {}) })
    .where(and(eq(fourEyesApprovals.kind, kind), eq(fourEyesApprovals.recordId, recordId), eq(fourEyesApprovals.status, AWAITING_SECOND_APPROVAL))).returning();
  return row ?? null;
}

/** The activity fields of a four-eyes step. */
export const fourEyesActivity = (a: Approval, second?: AuthedUser) => ({
  fourEyes: { firstBy: a.firstBy, firstByName: a.firstByName, reasonCode: a.reasonCode, reasonNote: a.reasonNote, amountInUSD: a.amountInUsd, ...(second ? { secondBy: second.email } : {}) },
});
