import type { Db } from '../../db/client.js';
import { CallWindow, countedCalls } from '../../modules/tech-support/call-window.js';
import { DEFAULT_FRONT_DOOR_TIMEOUT_MS, DEFAULT_FRONT_DOOR_URL, HttpFrontDoorClient } from './http-client.js';
import { FrontDoorSimulator } from './simulator.js';
import { FrontDoorError, type FrontDoorClient } from './types.js';

export * from './types.js';
export { HttpFrontDoorClient, FRONT_DOOR_API_VERSION } from './http-client.js';
export { FrontDoorSimulator } from './simulator.js';

/** This process's Front Door calls over the last 24 hours (the tech-support systems page). */
export const frontDoorCalls = new CallWindow(24 * 3_600_000);

/** Counts every call of a client in `frontDoorCalls` (a refusal counts as a call, no answer as a failure). */
const counted = (c: FrontDoorClient): FrontDoorClient => countedCalls(c, frontDoorCalls, (e) => !(e instanceof FrontDoorError) || e.unreachable);

/**
 * The Front Door client: the ARM client when AZURE_FRONTDOOR_SUBSCRIPTION_ID and
 * AZURE_FRONTDOOR_TOKEN are set (AZURE_FRONTDOOR_URL, default https://management.azure.com;
 * AZURE_FRONTDOOR_TIMEOUT_MS), else the simulator on this database.
 */
export function frontDoorFor(db: Db, env: NodeJS.ProcessEnv = process.env): FrontDoorClient {
  const sub = env.AZURE_FRONTDOOR_SUBSCRIPTION_ID;
  const token = env.AZURE_FRONTDOOR_TOKEN;
  if (sub && token) {
    const timeoutMs = Number(env.AZURE_FRONTDOOR_TIMEOUT_MS) > 0 ? Number(env.AZURE_FRONTDOOR_TIMEOUT_MS) : DEFAULT_FRONT_DOOR_TIMEOUT_MS;
    return counted(new HttpFrontDoorClient({ baseUrl: env.AZURE_FRONTDOOR_URL || DEFAULT_FRONT_DOOR_URL, apiKey: token, timeoutMs, subscriptionId: sub }));
  }
  return counted(new FrontDoorSimulator(db));
}
