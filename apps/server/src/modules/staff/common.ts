/**
 * The staff rules every call on another staff account applies (accounts, their second factor
 * and sessions): one refusal, one check of who may manage whom (`mayManageStaff` of the contract).
 */
import { STAFF_MESSAGES, mayManageStaff, type Role } from '@pitboss/contract';
import type { AuthedUser } from '../../lib/context.js';
import { forbidden } from '../../lib/http.js';

/** 403 with the spec's refusal (002 §8). */
export const refuse = () => forbidden(STAFF_MESSAGES.NO_PERMISSION);

/** The caller may manage this account (never their own; a super admin's only as a super admin), else 403. */
export function assertMayManage(user: Pick<AuthedUser, 'id' | 'role'>, target: { id: string; role: string }): void {
  if (!mayManageStaff(user, { id: target.id, role: target.role as Role })) throw refuse();
}
