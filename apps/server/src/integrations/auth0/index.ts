/**
 * Auth0 (the player sites' sign-in) for /settings/dev: its custom domains and organizations,
 * listed and deleted. One interface, two implementations — a stateful simulator (the default,
 * its state in the database, seeded with the demo operators' domains and organizations) and a
 * real client of the Auth0 Management API v2 (AUTH0_API_URL, e.g. https://tenant.eu.auth0.com,
 * bearer AUTH0_TOKEN):
 *
 * GET    /api/v2/custom-domains        → [{ custom_domain_id, domain, primary, status, type }]
 * DELETE /api/v2/custom-domains/{id}   → 204
 * GET    /api/v2/organizations?per_page=100 → [{ id, name, display_name }]
 * DELETE /api/v2/organizations/{id}    → 204
 * Errors: { statusCode, error, message } (404 when the id is unknown).
 */
import type { Db } from '../../db/client.js';
import { CallWindow, countedCalls } from '../../modules/tech-support/call-window.js';
import { sendJson, type JsonHttpConfig } from '../json-http.js';
import { SimStore, simId } from '../sim-store.js';

export interface Auth0Domain { custom_domain_id: string; domain: string; primary: boolean; status: string; type: string }
export interface Auth0Org { id: string; name: string; display_name: string }

export class Auth0Error extends Error {
  constructor(message: string, readonly notFound = false, readonly unreachable = false) { super(message); }
}

export interface Auth0Client {
  readonly kind: 'simulator' | 'http';
  listCustomDomains(): Promise<Auth0Domain[]>;
  deleteCustomDomain(id: string): Promise<void>;
  listOrganizations(): Promise<Auth0Org[]>;
  deleteOrganization(id: string): Promise<void>;
}

export class Auth0Simulator implements Auth0Client {
  readonly kind = 'simulator' as const;
  private readonly store: SimStore;
  constructor(db: Db) { this.store = new SimStore(db, 'auth0'); }

  async listCustomDomains(): Promise<Auth0Domain[]> {
    return (await this.store.list<Omit<Auth0Domain, 'custom_domain_id'>>('domain')).map(({ id, createdAt: _c, ...d }) => ({ ...d, custom_domain_id: id }));
  }

  async deleteCustomDomain(id: string): Promise<void> {
    if (!(await this.store.remove('domain', id))) throw new Auth0Error('The custom domain does not exist.', true);
  }

  async listOrganizations(): Promise<Auth0Org[]> {
    return (await this.store.list<Omit<Auth0Org, 'id'>>('org')).map(({ id, createdAt: _c, ...o }) => ({ ...o, id }));
  }

  async deleteOrganization(id: string): Promise<void> {
    if (!(await this.store.remove('org', id))) throw new Auth0Error('No organization found by that id.', true);
  }

  /** The demo world's Auth0 tenant (seeding): a custom domain and an organization. */
  async seed(domains: { domain: string; primary: boolean }[], orgs: { name: string; display_name: string }[]): Promise<void> {
    for (const d of domains) await this.store.insert('domain', `cd_${simId(d.domain, 16)}`, { domain: d.domain, primary: d.primary, status: 'ready', type: 'auth0_managed_certs' });
    for (const o of orgs) await this.store.insert('org', `org_${simId(o.name, 16)}`, o);
  }
}

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? v as Record<string, unknown> : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

export class HttpAuth0Client implements Auth0Client {
  readonly kind = 'http' as const;
  constructor(private readonly cfg: JsonHttpConfig) {}

  private async call(method: 'GET' | 'DELETE', path: string): Promise<unknown> {
    const a = await sendJson(this.cfg, 10_000, method, path);
    if (a.kind !== 'response') throw new Auth0Error(a.message, false, true);
    if (a.status >= 200 && a.status < 300) return a.body;
    throw new Auth0Error(str(obj(a.body).message) || `HTTP ${a.status}`, a.status === 404, a.status >= 500);
  }

  async listCustomDomains(): Promise<Auth0Domain[]> {
    const r = await this.call('GET', '/api/v2/custom-domains');
    return Array.isArray(r) ? r.map((d) => {
      const o = obj(d);
      return { custom_domain_id: str(o.custom_domain_id), domain: str(o.domain), primary: o.primary === true, status: str(o.status), type: str(o.type) };
    }) : [];
  }

  async deleteCustomDomain(id: string): Promise<void> { await this.call('DELETE', `/api/v2/custom-domains/${encodeURIComponent(id)}`); }

  async listOrganizations(): Promise<Auth0Org[]> {
    const r = await this.call('GET', '/api/v2/organizations?per_page=100');
    const list = Array.isArray(r) ? r : obj(r).organizations;
    return Array.isArray(list) ? list.map((x) => ({ id: str(obj(x).id), name: str(obj(x).name), display_name: str(obj(x).display_name) })) : [];
  }

  async deleteOrganization(id: string): Promise<void> { await this.call('DELETE', `/api/v2/organizations/${encodeURIComponent(id)}`); }
}

/** This process's Auth0 calls over the last 24 hours. */
export const auth0Calls = new CallWindow(24 * 3_600_000);

/** The Auth0 client: the real one when AUTH0_API_URL and AUTH0_TOKEN are set, else the simulator. */
export function auth0For(db: Db, env: NodeJS.ProcessEnv = process.env): Auth0Client {
  const c: Auth0Client = env.AUTH0_API_URL && env.AUTH0_TOKEN
    ? new HttpAuth0Client({ baseUrl: env.AUTH0_API_URL, apiKey: env.AUTH0_TOKEN, timeoutMs: Number(env.AUTH0_TIMEOUT_MS) > 0 ? Number(env.AUTH0_TIMEOUT_MS) : 10_000 })
    : new Auth0Simulator(db);
  return countedCalls(c, auth0Calls, (e) => !(e instanceof Auth0Error) || e.unreachable);
}
