import { sendJson, type JsonHttpConfig } from '../json-http.js';
import { CloudflareError, type CfDnsInput, type CfDnsRecord, type CfZone, type CloudflareClient } from './types.js';

/**
 * The real client: Cloudflare API v4 (https://api.cloudflare.com/client/v4, CLOUDFLARE_API_URL),
 * `Authorization: Bearer {the account's API token}`. Every answer is the v4 envelope
 * `{ success, errors: [{ code, message }], messages, result }`:
 *
 * GET    /user/tokens/verify                        → result { id, status: "active" }
 * POST   /zones { name, account: { id }, type: "full" } → result zone { id, name, status, name_servers, account }
 * GET    /zones/{id} · GET /zones?name={name}       → result zone · [zone]
 * DELETE /zones/{id}                                → result { id }
 * GET    /zones/{id}/dns_records?per_page=5000      → result [record]
 * POST   /zones/{id}/dns_records { type, name, content, proxied, ttl: 1 } → result record
 * PUT    /zones/{id}/dns_records/{rid} (same body) · DELETE /zones/{id}/dns_records/{rid}
 * POST   /zones/{id}/purge_cache { purge_everything: true }
 * PATCH  /zones/{id}/settings/{ssl|always_use_https} { value }
 *
 * `success: false` throws CloudflareError with errors[0]; a timeout, a failed connection or an
 * answer that is not the envelope throws it `unreachable`.
 */
export const DEFAULT_CLOUDFLARE_URL = 'https://api.cloudflare.com/client/v4';
export const DEFAULT_CLOUDFLARE_TIMEOUT_MS = 10_000;

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? v as Record<string, unknown> : {});
const str = (v: unknown, d = ''): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : d);

function zoneOf(v: unknown): CfZone {
  const z = obj(v);
  return {
    id: str(z.id), name: str(z.name), status: str(z.status, 'pending'), name_servers: Array.isArray(z.name_servers) ? z.name_servers.map((s) => str(s)) : [],
    account: { id: str(obj(z.account).id) }, created_on: str(z.created_on), modified_on: str(z.modified_on),
  };
}
function recordOf(v: unknown): CfDnsRecord {
  const r = obj(v);
  return { id: str(r.id), type: str(r.type), name: str(r.name), content: str(r.content), proxied: r.proxied === true, created_on: str(r.created_on), modified_on: str(r.modified_on) };
}

export class HttpCloudflareClient implements CloudflareClient {
  readonly kind = 'http' as const;
  constructor(private readonly cfg: Omit<JsonHttpConfig, 'apiKey'>) {}

  /** The `result` of a successful call; `notFound` answers null for a 404 instead of throwing. */
  private async call(token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown, notFound = false): Promise<unknown> {
    const a = await sendJson({ ...this.cfg, apiKey: token }, DEFAULT_CLOUDFLARE_TIMEOUT_MS, method, path, body);
    if (a.kind !== 'response') throw new CloudflareError(a.message, null, true);
    if (notFound && a.status === 404) return null;
    const b = obj(a.body);
    if (typeof b.success !== 'boolean') throw new CloudflareError(`HTTP ${a.status}: not a Cloudflare answer`, null, true);
    if (!b.success) {
      const e = obj(Array.isArray(b.errors) ? b.errors[0] : undefined);
      throw new CloudflareError(str(e.message, `HTTP ${a.status}`), typeof e.code === 'number' ? e.code : null);
    }
    return b.result;
  }

  async verifyToken(token: string): Promise<boolean> {
    try {
      const r = obj(await this.call(token, 'GET', '/user/tokens/verify'));
      return r.status === 'active';
    } catch (e) {
      if (e instanceof CloudflareError && !e.unreachable) return false;
      throw e;
    }
  }

  async createZone(token: string, accountId: string, name: string): Promise<CfZone> {
    return zoneOf(await this.call(token, 'POST', '/zones', { name, account: { id: accountId }, type: 'full' }));
  }

  async getZone(token: string, zoneId: string): Promise<CfZone | null> {
    const r = await this.call(token, 'GET', `/zones/${encodeURIComponent(zoneId)}`, undefined, true);
    return r === null ? null : zoneOf(r);
  }

  async findZone(token: string, name: string): Promise<CfZone | null> {
    const r = await this.call(token, 'GET', `/zones?${new URLSearchParams({ name })}`);
    return Array.isArray(r) && r.length ? zoneOf(r[0]) : null;
  }

  async deleteZone(token: string, zoneId: string): Promise<void> {
    await this.call(token, 'DELETE', `/zones/${encodeURIComponent(zoneId)}`);
  }

  async listDnsRecords(token: string, zoneId: string): Promise<CfDnsRecord[]> {
    const r = await this.call(token, 'GET', `/zones/${encodeURIComponent(zoneId)}/dns_records?per_page=5000`);
    return Array.isArray(r) ? r.map(recordOf) : [];
  }

  async createDnsRecord(token: string, zoneId: string, rec: CfDnsInput): Promise<CfDnsRecord> {
    return recordOf(await this.call(token, 'POST', `/zones/${encodeURIComponent(zoneId)}/dns_records`, { ...rec, ttl: 1 }));
  }

  async updateDnsRecord(token: string, zoneId: string, recordId: string, rec: CfDnsInput): Promise<CfDnsRecord> {
    return recordOf(await this.call(token, 'PUT', `/zones/${encodeURIComponent(zoneId)}/dns_records/${encodeURIComponent(recordId)}`, { ...rec, ttl: 1 }));
  }

  async deleteDnsRecord(token: string, zoneId: string, recordId: string): Promise<void> {
    await this.call(token, 'DELETE', `/zones/${encodeURIComponent(zoneId)}/dns_records/${encodeURIComponent(recordId)}`);
  }

  async purgeCache(token: string, zoneId: string): Promise<void> {
    await this.call(token, 'POST', `/zones/${encodeURIComponent(zoneId)}/purge_cache`, { purge_everything: true });
  }

  async setSetting(token: string, zoneId: string, setting: 'ssl' | 'always_use_https', value: string): Promise<void> {
    await this.call(token, 'PATCH', `/zones/${encodeURIComponent(zoneId)}/settings/${setting}`, { value });
  }
}
