import type { DepositVerifyRequest, PaymentProviderClient, ProviderResult, ProviderStatus, ResendRequest, WithdrawRequest, WithdrawStatusRequest } from './types.js';

/**
 * Deterministic outcomes of the simulator, decided by the cents of the amount (the two digits
 * after the decimal point of the decimal string; never a float):
 *
 * | cents | withdraw / resend                              | verifyDeposit                 |
 * |-------|------------------------------------------------|-------------------------------|
 * | .13   | FAILED (status 0, "destination account invalid")| FAILED (payment not received) |
 * | .42   | NEEDS_FORCE, status 0, canForce true           | SUCCESS                       |
 * | .43   | NEEDS_FORCE, status 0, canForce false          | SUCCESS                       |
 * | .99   | TIMEOUT (the provider keeps it "processing")   | TIMEOUT                       |
 * | other | SUCCESS (status 1, reference SIM-…)            | SUCCESS (status PAID)         |
 *
 * `withForce` turns a NEEDS_FORCE with canForce into SUCCESS; without canForce the provider
 * keeps answering NEEDS_FORCE (it refuses to be forced).
 *
 * State is kept in memory per provider and txId, like a real provider keyed by the merchant
 * reference: a second withdraw of the same txId answers the first result (no double payout),
 * except that a forced retry of a NEEDS_FORCE completes it. A resend of a "processing" (TIMEOUT)
 * withdrawal completes it (SUCCESS); a resend of an unknown txId sends it (same table). A
 * "processing" withdrawal is paid by the provider after PAYMENTS_SIMULATOR_PROCESSING_MS (default
 * 60 s), which a status query (`withdrawalStatus`) then reports; an unknown txId answers NOT_FOUND.
 * The state is lost when the process stops (a real provider keeps it).
 *
 * `simulatorControl` lets tests and benchmarks hold every simulated call at a latch and release
 * them when they choose, and override the latency and the processing time.
 */
export type SimDecision = 'SUCCESS' | 'FAILED' | 'NEEDS_FORCE' | 'NEEDS_FORCE_NO' | 'TIMEOUT';

export function centsOf(amount: string): string {
  const frac = amount.split('.')[1] ?? '';
  return (frac + '00').slice(0, 2);
}

export function simulatedDecision(amount: string): SimDecision {
  switch (centsOf(amount)) {
    case '13': return 'FAILED';
    case '42': return 'NEEDS_FORCE';
    case '43': return 'NEEDS_FORCE_NO';
    case '99': return 'TIMEOUT';
    default: return 'SUCCESS';
  }
}

export const SIM_DESCRIPTIONS = {
  FAILED: 'The destination account is invalid.',
  NEEDS_FORCE: 'The account holder name does not match the player. Approve anyway?',
  NEEDS_FORCE_NO: 'The destination is on the provider\'s review list and cannot be forced.',
  TIMEOUT: 'The provider is still processing the withdrawal.',
  DEPOSIT_FAILED: 'Payment was not received by the gateway.',
  DEPOSIT_TIMEOUT: 'The provider did not answer in time.',
} as const;

type WithdrawState = 'PAID' | 'FAILED' | 'NEEDS_FORCE' | 'PROCESSING';
interface SimWithdrawal { state: WithdrawState; canForce: boolean; reference: string; amount: string; currency: string; description?: string; at: number }

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A latch holding simulated calls until released. */
export interface SimulatorLatch {
  /** Calls waiting at the latch now. */
  waiting(): number;
  /** Let every held call (and any later one) through. */
  release(): void;
}

/** Test and benchmark control of every simulator instance of the process. */
export const simulatorControl: { latencyMs?: number; processingMs?: number; latch: (SimulatorLatch & { wait(): Promise<void> }) | null; hold(): SimulatorLatch } = {
  latch: null,
  /** From now on, every simulated call waits at a latch (after its latency) until `release()`. */
  hold() {
    let open: () => void = () => {};
    const gate = new Promise<void>((r) => { open = r; });
    let n = 0;
    const latch = {
      waiting: () => n,
      release: () => { if (simulatorControl.latch === latch) simulatorControl.latch = null; open(); },
      wait: async () => { n++; try { await gate; } finally { n--; } },
    };
    simulatorControl.latch = latch;
    return latch;
  },
};

/** How long a "processing" (.99) withdrawal stays processing before the simulated provider pays it. */
export function simulatorProcessingMs(env: NodeJS.ProcessEnv = process.env): number {
  if (simulatorControl.processingMs !== undefined) return simulatorControl.processingMs;
  const v = Number(env.PAYMENTS_SIMULATOR_PROCESSING_MS);
  return env.PAYMENTS_SIMULATOR_PROCESSING_MS && v >= 0 ? v : 60_000;
}

/** Default latency: 0 under vitest, else PAYMENTS_SIMULATOR_LATENCY_MS (default 150 ms). */
export function defaultSimulatorLatency(env: NodeJS.ProcessEnv = process.env): number {
  if (env.PAYMENTS_SIMULATOR_LATENCY_MS !== undefined && env.PAYMENTS_SIMULATOR_LATENCY_MS !== '') return Math.max(0, Number(env.PAYMENTS_SIMULATOR_LATENCY_MS) || 0);
  return env.VITEST ? 0 : 150;
}

export class PaymentSimulator implements PaymentProviderClient {
  readonly kind = 'simulator' as const;
  private readonly withdrawals = new Map<string, SimWithdrawal>();
  private seq = 0;

  constructor(readonly provider: string, private readonly opts: { latencyMs?: number } = {}) {}

  private async delay() {
    const ms = this.opts.latencyMs ?? simulatorControl.latencyMs ?? defaultSimulatorLatency();
    if (ms > 0) await sleep(ms);
    if (simulatorControl.latch) await simulatorControl.latch.wait();
  }

  /** A processing withdrawal is paid once its processing time has passed. */
  private progress(w: SimWithdrawal): SimWithdrawal {
    if (w.state === 'PROCESSING' && Date.now() - w.at >= simulatorProcessingMs()) {
      w.state = 'PAID';
      delete w.description;
    }
    return w;
  }

  private result(w: SimWithdrawal, txId: string, replayed: boolean): ProviderResult {
    const raw = { provider: this.provider, simulated: true, reference: w.reference, merchantReference: txId, status: w.state, amount: w.amount, currency: w.currency, ...(w.description ? { description: w.description } : {}), ...(w.state === 'NEEDS_FORCE' ? { canForce: w.canForce } : {}), replayed };
    switch (w.state) {
      case 'PAID': return { outcome: 'SUCCESS', status: 1, reference: w.reference, raw };
      case 'FAILED': return { outcome: 'FAILED', status: 0, description: w.description, reference: w.reference, raw };
      case 'NEEDS_FORCE': return { outcome: 'NEEDS_FORCE', status: 0, description: w.description, canForce: w.canForce, reference: w.reference, raw };
      case 'PROCESSING': return { outcome: 'TIMEOUT', description: w.description, reference: w.reference, raw };
    }
  }

  private create(req: WithdrawRequest): SimWithdrawal {
    const reference = `SIM-${this.provider.toUpperCase()}-${req.txId.slice(0, 8)}-${++this.seq}`;
    const base = { reference, amount: req.amount, currency: req.currency, at: Date.now() };
    switch (simulatedDecision(req.amount)) {
      case 'FAILED': return { ...base, state: 'FAILED', canForce: false, description: SIM_DESCRIPTIONS.FAILED };
      case 'NEEDS_FORCE': return req.withForce ? { ...base, state: 'PAID', canForce: true } : { ...base, state: 'NEEDS_FORCE', canForce: true, description: SIM_DESCRIPTIONS.NEEDS_FORCE };
      case 'NEEDS_FORCE_NO': return { ...base, state: 'NEEDS_FORCE', canForce: false, description: SIM_DESCRIPTIONS.NEEDS_FORCE_NO };
      case 'TIMEOUT': return { ...base, state: 'PROCESSING', canForce: false, description: SIM_DESCRIPTIONS.TIMEOUT };
      case 'SUCCESS': return { ...base, state: 'PAID', canForce: false };
    }
  }

  async withdraw(req: WithdrawRequest): Promise<ProviderResult> {
    await this.delay();
    const known = this.withdrawals.get(req.txId);
    if (known) {
      this.progress(known);
      if (known.state === 'NEEDS_FORCE' && known.canForce && req.withForce) {
        known.state = 'PAID';
        delete known.description;
        return this.result(known, req.txId, false);
      }
      return this.result(known, req.txId, true);
    }
    const w = this.create(req);
    this.withdrawals.set(req.txId, w);
    return this.result(w, req.txId, false);
  }

  async resend(req: ResendRequest): Promise<ProviderResult> {
    await this.delay();
    const known = this.withdrawals.get(req.txId);
    if (!known) {
      const w = this.create(req);
      this.withdrawals.set(req.txId, w);
      return this.result(w, req.txId, false);
    }
    if (known.state === 'PROCESSING') {
      known.state = 'PAID';
      delete known.description;
    }
    return this.result(known, req.txId, true);
  }

  async withdrawalStatus(req: WithdrawStatusRequest): Promise<ProviderStatus> {
    await this.delay();
    const known = this.withdrawals.get(req.txId);
    if (!known) return { outcome: 'NOT_FOUND', description: 'The provider has no withdrawal with this reference.', raw: { provider: this.provider, simulated: true, merchantReference: req.txId, status: 'NOT_FOUND' } };
    return this.result(this.progress(known), req.txId, true);
  }

  async verifyDeposit(req: DepositVerifyRequest): Promise<ProviderResult> {
    await this.delay();
    const orderId = req.orderId ?? req.txId;
    const d = simulatedDecision(req.amount);
    if (d === 'FAILED') return { outcome: 'FAILED', status: 0, description: SIM_DESCRIPTIONS.DEPOSIT_FAILED, raw: { provider: this.provider, simulated: true, orderId, status: 'NOT_PAID', amount: req.amount, currency: req.currency } };
    if (d === 'TIMEOUT') return { outcome: 'TIMEOUT', description: SIM_DESCRIPTIONS.DEPOSIT_TIMEOUT, raw: { provider: this.provider, simulated: true, orderId, error: 'timeout' } };
    return { outcome: 'SUCCESS', status: 1, reference: orderId, raw: { provider: this.provider, simulated: true, orderId, status: 'PAID', amount: req.amount, currency: req.currency } };
  }
}
