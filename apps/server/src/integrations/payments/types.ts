/**
 * Payment provider integration (ARCHITECTURE "Integrations"): one interface, two
 * implementations — a simulator (the default, offline) and a real HTTP client.
 *
 * Outcomes, as the approval flows read them:
 * - SUCCESS      the provider did it (withdrawal paid / deposit received);
 * - FAILED       the provider refused, nothing happened: the movement stays where it was;
 * - NEEDS_FORCE  the provider holds it and asks for a forced approval (`canForce` says whether forcing is allowed);
 * - TIMEOUT      unknown: the request may have reached the provider (timeout, 5xx, reset connection).
 *                A withdrawal is then treated as "money at the provider" (IN_PROGRESS), never retried blindly.
 */
import type { ProviderOutcome } from '@pitboss/contract';

export type { ProviderOutcome };

export interface ProviderResult {
  outcome: ProviderOutcome;
  /** JB/Tomani dialog convention: 1 done, 0 not done (NEEDS_FORCE answers 0). */
  status?: number;
  description?: string;
  canForce?: boolean;
  /** The provider's own reference of the movement. */
  reference?: string;
  /** What the provider answered, as received (the Gateway Response / JSON tab). */
  raw: unknown;
}

export interface WithdrawRequest {
  /** Our transaction id: also the idempotency reference sent to the provider. */
  txId: string;
  /** The provider's reference when one is known (a re-send). */
  reference?: string | null;
  /** Decimal string, never a float. */
  amount: string;
  currency: string;
  destination?: unknown;
  gatewayUuid?: string | null;
  withForce?: boolean;
}

export type ResendRequest = Omit<WithdrawRequest, 'withForce'>;

export interface DepositVerifyRequest {
  txId: string;
  /** The provider's order id (transactions.external_ref); the txId when unknown. */
  orderId?: string | null;
  amount: string;
  currency: string;
}

/** Which withdrawal to ask about: our txId (the merchant reference every request carried). */
export interface WithdrawStatusRequest {
  txId: string;
  /** The provider's reference when one is known. */
  reference?: string | null;
}

/**
 * The provider's view of a withdrawal we may have sent: SUCCESS (paid), FAILED / NEEDS_FORCE (not
 * paid), TIMEOUT (still processing, or the question itself got no answer) or NOT_FOUND (the
 * provider never received it: nothing to settle there).
 */
export type ProviderStatus = Omit<ProviderResult, 'outcome'> & { outcome: ProviderOutcome | 'NOT_FOUND' };

export interface PaymentProviderClient {
  readonly provider: string;
  readonly kind: 'simulator' | 'http';
  withdraw(req: WithdrawRequest): Promise<ProviderResult>;
  resend(req: ResendRequest): Promise<ProviderResult>;
  verifyDeposit(req: DepositVerifyRequest): Promise<ProviderResult>;
  /** Ask for the status of a withdrawal by our reference (read-only; used to settle a claim whose answer was lost). */
  withdrawalStatus(req: WithdrawStatusRequest): Promise<ProviderStatus>;
}
