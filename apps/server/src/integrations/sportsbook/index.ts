import type { Db } from '../../db/client.js';
import { DEFAULT_SPORTSBOOK_TIMEOUT_MS, HttpSportsbookClient } from './http-client.js';
import { SportsbookSimulator } from './simulator.js';
import type { SportsbookClient } from './types.js';

export * from './types.js';
export { HttpSportsbookClient, DEFAULT_SPORTSBOOK_TIMEOUT_MS } from './http-client.js';
export { SportsbookSimulator, SIM_DEMO_TEMPLATES, SIM_SPORTSBOOK_CURRENCIES } from './simulator.js';

const httpClients = new Map<string, HttpSportsbookClient>();

/**
 * The sportsbook client: the real HTTP client when SPORTSBOOK_URL is set (SPORTSBOOK_KEY the API
 * key, SPORTSBOOK_TIMEOUT_MS the timeout, default 10 s), else the simulator on this database
 * (its state lives in the database, so any instance sees the same sportsbook).
 */
export function sportsbookFor(db: Db, env: NodeJS.ProcessEnv = process.env): SportsbookClient {
  const url = env.SPORTSBOOK_URL;
  if (!url) return new SportsbookSimulator(db);
  const apiKey = env.SPORTSBOOK_KEY;
  const timeoutMs = Number(env.SPORTSBOOK_TIMEOUT_MS) > 0 ? Number(env.SPORTSBOOK_TIMEOUT_MS) : DEFAULT_SPORTSBOOK_TIMEOUT_MS;
  const key = `${url}|${apiKey ?? ''}|${timeoutMs}`;
  let c = httpClients.get(key);
  if (!c) { c = new HttpSportsbookClient({ baseUrl: url, apiKey, timeoutMs }); httpClients.set(key, c); }
  return c;
}
