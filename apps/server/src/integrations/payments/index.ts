import type { Db } from '../../db/client.js';
import { providerCalls } from '../../db/schema.js';
import { HttpPaymentClient, DEFAULT_PROVIDER_TIMEOUT_MS } from './http-client.js';
import { PaymentSimulator } from './simulator.js';
import type { PaymentProviderClient, ProviderResult } from './types.js';

export * from './types.js';
export { HttpPaymentClient, DEFAULT_PROVIDER_TIMEOUT_MS } from './http-client.js';
export { PaymentSimulator, simulatedDecision, centsOf, SIM_DESCRIPTIONS } from './simulator.js';

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
    const timeoutMs = Number(env.PAYMENTS_TIMEOUT_MS) > 0 ? Number(env.PAYMENTS_TIMEOUT_MS) : DEFAULT_PROVIDER_TIMEOUT_MS;
    const cacheKey = `${provider}|${url}|${apiKey ?? ''}|${timeoutMs}`;
    let c = httpClients.get(cacheKey);
    if (!c) { c = new HttpPaymentClient(provider, { baseUrl: url, apiKey, timeoutMs }); httpClients.set(cacheKey, c); }
    return c;
  }
  let s = simulators.get(provider);
  if (!s) { s = new PaymentSimulator(provider); simulators.set(provider, s); }
  return s;
}

/**
 * Run one provider call and log it (request, response, outcome) to provider_calls in the
 * caller's transaction. A client that throws counts as TIMEOUT: the request may have left.
 */
export async function loggedCall(
  tx: Db, e: { txId: string | null; client: PaymentProviderClient; action: string; request: unknown },
  call: (c: PaymentProviderClient) => Promise<ProviderResult>,
): Promise<ProviderResult> {
  let res: ProviderResult;
  try {
    res = await call(e.client);
  } catch (err) {
    res = { outcome: 'TIMEOUT', description: `Provider call failed: ${(err as Error).message}`, raw: { error: (err as Error).message } };
  }
  await tx.insert(providerCalls).values({
    txId: e.txId, provider: e.client.provider, action: e.action, request: (e.request ?? null) as never, outcome: res.outcome,
    response: {
      client: e.client.kind, outcome: res.outcome, status: res.status ?? null, description: res.description ?? null,
      canForce: res.canForce ?? null, reference: res.reference ?? null, raw: res.raw ?? null,
    } as never,
  });
  return res;
}
