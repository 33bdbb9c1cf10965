import type { Db } from '../../db/client.js';
import { CallWindow, countedCalls } from '../../modules/tech-support/call-window.js';
import { DEFAULT_CLOUDFLARE_TIMEOUT_MS, DEFAULT_CLOUDFLARE_URL, HttpCloudflareClient } from './http-client.js';
import { CloudflareSimulator } from './simulator.js';
import { CloudflareError, type CloudflareClient } from './types.js';

export * from './types.js';
export { HttpCloudflareClient, DEFAULT_CLOUDFLARE_URL } from './http-client.js';
export { CloudflareSimulator, simTokenValid } from './simulator.js';

/** This process's Cloudflare calls over the last 24 hours (the tech-support systems page). */
export const cloudflareCalls = new CallWindow(24 * 3_600_000);

/** Counts every call of a client in `cloudflareCalls` (a refusal counts as a call, no answer as a failure). */
const counted = (c: CloudflareClient): CloudflareClient => countedCalls(c, cloudflareCalls, (e) => !(e instanceof CloudflareError) || e.unreachable);

/**
 * The Cloudflare client: the real API v4 client when CLOUDFLARE_API_URL is set (e.g.
 * https://api.cloudflare.com/client/v4; CLOUDFLARE_TIMEOUT_MS), else the simulator on this
 * database (zones active after CLOUDFLARE_SIM_ACTIVATION_SECONDS, default 10).
 */
export function cloudflareFor(db: Db, env: NodeJS.ProcessEnv = process.env): CloudflareClient {
  const url = env.CLOUDFLARE_API_URL;
  if (url) {
    const timeoutMs = Number(env.CLOUDFLARE_TIMEOUT_MS) > 0 ? Number(env.CLOUDFLARE_TIMEOUT_MS) : DEFAULT_CLOUDFLARE_TIMEOUT_MS;
    return counted(new HttpCloudflareClient({ baseUrl: url || DEFAULT_CLOUDFLARE_URL, timeoutMs }));
  }
  const s = Number(env.CLOUDFLARE_SIM_ACTIVATION_SECONDS);
  return counted(new CloudflareSimulator(db, Number.isFinite(s) && s >= 0 && env.CLOUDFLARE_SIM_ACTIVATION_SECONDS !== '' && env.CLOUDFLARE_SIM_ACTIVATION_SECONDS !== undefined ? s * 1000 : 10_000));
}
