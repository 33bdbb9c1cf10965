import type { Db } from '../../db/client.js';
import { providerCalls } from '../../db/schema.js';
import { HttpPaymentClient, DEFAULT_PROVIDER_TIMEOUT_MS } from './http-client.js';
import { PaymentSimulator } from './simulator.js';
import type { PaymentProviderClient, ProviderResult, ProviderStatus } from './types.js';

export * from './types.js';
export { HttpPaymentClient, DEFAULT_PROVIDER_TIMEOUT_MS } from './http-client.js';
export { PaymentSimulator, simulatedDecision, centsOf, SIM_DESCRIPTIONS, simulatorControl, type SimulatorLatch } from './simulator.js';

/** `jb` → `JB`, `perfect-money` → `PERFECT_MONEY`: the env prefix PAYMENTS_<PROVIDER>_URL / _KEY. */
export const providerEnvName = (provider: string) => provider.toUpperCase().replace(/[^A-Z0-9]/g, '_');

const simulators = new Map<string, PaymentSimulator>();
const httpClients = new Map<string, HttpPaymentClient>();

/**
 * The client of a provider: the real HTTP client when PAYMENTS_<PROVIDER>_URL is set
 * (PAYMENTS_<PROVIDER>_KEY the API key, PAYMENTS_TIMEOUT_MS the timeout, default 10 s),
 * else the simulator (one instance per provider for the process, so its state persists).
 */
export function providerFor(provider: string, env: NodeJS.ProcessEnv = process.env): PaymentProviderClient {
  const name = providerEnvName(provider);
  const url = env[`PAYMENTS_${name}_URL`];
  if (url) {
    const apiKey = env[`PAYMENTS_${name}_KEY`];
    const timeoutMs = providerTimeoutMs(env);
    const cacheKey = `${provider}|${url}|${apiKey ?? ''}|${timeoutMs}`;
    let c = httpClients.get(cacheKey);
    if (!c) { c = new HttpPaymentClient(provider, { baseUrl: url, apiKey, timeoutMs }); httpClients.set(cacheKey, c); }
    return c;
  }
  let s = simulators.get(provider);
  if (!s) { s = new PaymentSimulator(provider); simulators.set(provider, s); }
  return s;
}

/** The HTTP clients' timeout: PAYMENTS_TIMEOUT_MS, default 10 s. */
export function providerTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  return Number(env.PAYMENTS_TIMEOUT_MS) > 0 ? Number(env.PAYMENTS_TIMEOUT_MS) : DEFAULT_PROVIDER_TIMEOUT_MS;
}

/**
 * Run one provider call. A client that throws counts as TIMEOUT: the request may have left.
 * Never call this with a database transaction open (claim, commit, call, settle).
 */
export async function callProvider<R extends ProviderStatus>(client: PaymentProviderClient, call: (c: PaymentProviderClient) => Promise<R>): Promise<R | ProviderResult> {
  try {
    return await call(client);
  } catch (err) {
    return { outcome: 'TIMEOUT', description: `Provider call failed: ${(err as Error).message}`, raw: { error: (err as Error).message } };
  }
}

/** Log a provider call (request, response, outcome) to provider_calls. */
export async function logProviderCall(
  db: Db, e: { txId: string | null; client: PaymentProviderClient; action: string; request: unknown }, res: ProviderResult | ProviderStatus,
): Promise<void> {
  await db.insert(providerCalls).values({
    txId: e.txId, provider: e.client.provider, action: e.action, request: (e.request ?? null) as never, outcome: res.outcome,
    response: {
      client: e.client.kind, outcome: res.outcome, status: res.status ?? null, description: res.description ?? null,
      canForce: res.canForce ?? null, reference: res.reference ?? null, raw: res.raw ?? null,
    } as never,
  });
}
