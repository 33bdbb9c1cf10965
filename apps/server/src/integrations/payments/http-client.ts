import { cmpDec, DECIMAL_PATTERN, PAYMENT_FLOW_MESSAGES } from '@pitboss/contract';
import type { DepositVerifyRequest, PaymentProviderClient, ProviderResult, ProviderStatus, ResendRequest, WithdrawRequest, WithdrawStatusRequest } from './types.js';
import { sendJson, type JsonAnswer, type JsonHttpConfig } from '../json-http.js';

/**
 * The real client: a provider's REST API, JSON over HTTPS, as we document it for the
 * providers we integrate (the provider-specific adapters sit behind this shape).
 *
 * Every request carries `Authorization: Bearer {key}` and `Accept: application/json`;
 * POSTs carry `Idempotency-Key: {txId}` — the provider must answer a repeated reference with
 * the original result (never pay twice).
 *
 * POST {base}/withdrawals
 *   { reference: txId, amount: "12.34", currency, destination, gatewayUuid?, withForce? }
 *   → 200 { status: "SUCCESS" | "FAILED" | "NEEDS_FORCE" | "PROCESSING", reference, description?, canForce? }
 * POST {base}/withdrawals/{reference}/resend            (reference = provider reference, else txId)
 *   { reference: txId, amount, currency } → 200, same answer shape
 * GET  {base}/withdrawals/{reference}                  (reference = txId, the merchant reference we sent)
 *   → 200, same answer shape as POST /withdrawals; 404 → the provider never received it (NOT_FOUND)
 * GET  {base}/deposits/{orderId}
 *   → 200 { orderId, status: "PAID" | "PENDING" | "FAILED" | "EXPIRED", amount: "12.34", currency, description? }
 *
 * Mapping to outcomes:
 * - 2xx: SUCCESS/PAID → SUCCESS; NEEDS_FORCE → NEEDS_FORCE (status 0, canForce as sent);
 *   FAILED/REJECTED/EXPIRED/PENDING(deposit) → FAILED; PROCESSING or anything unknown → TIMEOUT
 *   (the movement may exist at the provider). A PAID deposit whose amount or currency differs
 *   from ours → FAILED (never credit what was not paid).
 * - 408, 5xx, abort after the timeout (AbortController, default 10 s), reset connections → TIMEOUT.
 * - other 4xx → FAILED with the provider's description/message, else "HTTP {status} {text}".
 * - connection refused / unknown host (the request never left) → FAILED.
 */
export type HttpClientConfig = JsonHttpConfig;

export const DEFAULT_PROVIDER_TIMEOUT_MS = 10_000;

type Answer = JsonAnswer;

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.length ? v : undefined);

export class HttpPaymentClient implements PaymentProviderClient {
  readonly kind = 'http' as const;

  constructor(readonly provider: string, private readonly cfg: HttpClientConfig) {}

  private send(method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string): Promise<Answer> {
    return sendJson(this.cfg, DEFAULT_PROVIDER_TIMEOUT_MS, method, path, body, idempotencyKey);
  }

  /** Outcome of an answer that is not a 2xx. */
  private static failure(a: Exclude<Answer, { kind: 'response' }> | (Answer & { kind: 'response' })): ProviderResult {
    if (a.kind === 'timeout') return { outcome: 'TIMEOUT', description: a.message, raw: { error: 'timeout', message: a.message } };
    if (a.kind === 'unreachable') return { outcome: 'FAILED', status: 0, description: `The payment provider is unreachable: ${a.message}`, raw: { error: 'unreachable', message: a.message } };
    if (a.kind === 'broken') return { outcome: 'TIMEOUT', description: a.message, raw: { error: 'connection', message: a.message } };
    const b = (a.body && typeof a.body === 'object' ? a.body : {}) as Record<string, unknown>;
    const description = str(b.description) ?? str(b.message) ?? `HTTP ${a.status} ${a.statusText}`.trim();
    const raw = { httpStatus: a.status, body: a.body };
    if (a.status === 408 || a.status >= 500) return { outcome: 'TIMEOUT', description, raw };
    return { outcome: 'FAILED', status: 0, description, raw };
  }

  private static movement(a: Answer): ProviderResult {
    if (a.kind !== 'response' || a.status < 200 || a.status > 299) return HttpPaymentClient.failure(a);
    const b = (a.body && typeof a.body === 'object' ? a.body : {}) as Record<string, unknown>;
    const status = String(b.status ?? '').toUpperCase();
    const reference = str(b.reference);
    const description = str(b.description) ?? str(b.message);
    const raw = a.body;
    const base = { ...(reference ? { reference } : {}), ...(description ? { description } : {}), raw };
    switch (status) {
      case 'SUCCESS': case 'PAID': case 'CONFIRMED': return { outcome: 'SUCCESS', status: 1, ...base };
      case 'NEEDS_FORCE': return { outcome: 'NEEDS_FORCE', status: 0, canForce: b.canForce === true, ...base };
      case 'FAILED': case 'REJECTED': return { outcome: 'FAILED', status: 0, ...base, description: description ?? PAYMENT_FLOW_MESSAGES.PROVIDER_FAILED };
      default: return { outcome: 'TIMEOUT', ...base, description: description ?? `The provider answered status "${status || 'none'}".` };
    }
  }

  async withdraw(req: WithdrawRequest): Promise<ProviderResult> {
    return HttpPaymentClient.movement(await this.send('POST', '/withdrawals', {
      reference: req.txId, amount: req.amount, currency: req.currency, destination: req.destination ?? null,
      ...(req.gatewayUuid ? { gatewayUuid: req.gatewayUuid } : {}), ...(req.withForce ? { withForce: true } : {}),
    }, req.withForce ? `${req.txId}:force` : req.txId));
  }

  async resend(req: ResendRequest): Promise<ProviderResult> {
    const ref = encodeURIComponent(req.reference ?? req.txId);
    return HttpPaymentClient.movement(await this.send('POST', `/withdrawals/${ref}/resend`, { reference: req.txId, amount: req.amount, currency: req.currency }, `${req.txId}:resend`));
  }

  async withdrawalStatus(req: WithdrawStatusRequest): Promise<ProviderStatus> {
    const a = await this.send('GET', `/withdrawals/${encodeURIComponent(req.txId)}`);
    if (a.kind === 'response' && a.status === 404) {
      const b = (a.body && typeof a.body === 'object' ? a.body : {}) as Record<string, unknown>;
      return { outcome: 'NOT_FOUND', description: str(b.description) ?? str(b.message) ?? 'The provider has no withdrawal with this reference.', raw: { httpStatus: 404, body: a.body } };
    }
    return HttpPaymentClient.movement(a);
  }

  async verifyDeposit(req: DepositVerifyRequest): Promise<ProviderResult> {
    const a = await this.send('GET', `/deposits/${encodeURIComponent(req.orderId ?? req.txId)}`);
    if (a.kind !== 'response' || a.status < 200 || a.status > 299) return HttpPaymentClient.failure(a);
    const b = (a.body && typeof a.body === 'object' ? a.body : {}) as Record<string, unknown>;
    const status = String(b.status ?? '').toUpperCase();
    const description = str(b.description) ?? str(b.message);
    const raw = a.body;
    if (status === 'PAID' || status === 'SUCCESS') {
      const amount = str(b.amount);
      const currency = str(b.currency);
      if (amount !== undefined && (!DECIMAL_PATTERN.test(amount) || cmpDec(amount, req.amount) !== 0)) {
        return { outcome: 'FAILED', status: 0, description: `The provider reports a paid amount of ${amount}, not ${req.amount}.`, raw };
      }
      if (currency !== undefined && currency !== req.currency) {
        return { outcome: 'FAILED', status: 0, description: `The provider reports currency ${currency}, not ${req.currency}.`, raw };
      }
      return { outcome: 'SUCCESS', status: 1, reference: str(b.orderId) ?? req.orderId ?? req.txId, raw };
    }
    if (status === 'PENDING') return { outcome: 'FAILED', status: 0, description: description ?? 'The payment has not been received yet.', raw };
    if (status === 'FAILED' || status === 'EXPIRED' || status === 'REJECTED') return { outcome: 'FAILED', status: 0, description: description ?? 'Payment was not received by the gateway.', raw };
    return { outcome: 'TIMEOUT', description: description ?? `The provider answered status "${status || 'none'}".`, raw };
  }
}
