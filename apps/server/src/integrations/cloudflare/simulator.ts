import type { Db } from '../../db/client.js';
import { SimStore, simId } from '../sim-store.js';
import { CloudflareError, type CfDnsInput, type CfDnsRecord, type CfZone, type CloudflareClient } from './types.js';

const NS_NAMES = ['ada', 'bob', 'carl', 'dana', 'elle', 'fred', 'gina', 'hank', 'iris', 'jule', 'kurt', 'lina'];
/** The simulator's rule for an API token: at least 20 characters, not starting with `invalid` (Cloudflare's are 40). */
export const simTokenValid = (token: string): boolean => token.length >= 20 && !token.toLowerCase().startsWith('invalid');

interface ZoneData { name: string; accountId: string; nameServers: string[]; activateAt: string; settings: Record<string, string>; purgedAt?: string }
interface RecordData { type: string; name: string; content: string; proxied: boolean; modifiedOn: string }

/**
 * The simulated Cloudflare, answering as API v4 would:
 * - a token it refuses (see `simTokenValid`) → error 10000 "Authentication error";
 * - a new zone is `pending` with two name servers, and `active` once `activationMs` passed (its
 *   name servers "found in place"); a second zone of the same name → 1061 "… already exists";
 * - DNS record names are completed with the zone's (`www` → `www.example.com`, `@` → the zone);
 *   a CNAME beside any other record of the same name → 81053; an exact duplicate → 81057.
 */
export class CloudflareSimulator implements CloudflareClient {
  readonly kind = 'simulator' as const;
  private readonly store: SimStore;

  constructor(db: Db, private readonly activationMs = 10_000) { this.store = new SimStore(db, 'cloudflare'); }

  private auth(token: string): void {
    if (!simTokenValid(token)) throw new CloudflareError('Authentication error', 10000);
  }

  private zoneOf(id: string, z: ZoneData & { createdAt: Date }): CfZone {
    const active = Date.now() >= new Date(z.activateAt).getTime();
    return {
      id, name: z.name, status: active ? 'active' : 'pending', name_servers: z.nameServers, account: { id: z.accountId },
      created_on: z.createdAt.toISOString(), modified_on: (active ? new Date(z.activateAt) : z.createdAt).toISOString(),
    };
  }

  private async zone(zoneId: string): Promise<ZoneData & { createdAt: Date }> {
    const z = await this.store.get<ZoneData>('zone', zoneId);
    if (!z) throw new CloudflareError('Invalid zone identifier', 7003);
    return z;
  }

  async verifyToken(token: string): Promise<boolean> { return simTokenValid(token); }

  async createZone(token: string, accountId: string, name: string, createdAt?: Date): Promise<CfZone> {
    this.auth(token);
    if (await this.findZone(token, name)) throw new CloudflareError(`${name} already exists`, 1061);
    const id = simId(`zone:${name}:${Date.now()}:${Math.random()}`);
    const h = parseInt(simId(name, 8), 16);
    const a = NS_NAMES[h % NS_NAMES.length]!;
    const b = NS_NAMES[(h + 1 + (h >>> 8) % (NS_NAMES.length - 1)) % NS_NAMES.length]!;
    const at = createdAt ?? new Date();
    const data: ZoneData = {
      name, accountId, nameServers: [`${a}.ns.cloudflare.com`, `${b}.ns.cloudflare.com`],
      activateAt: new Date(at.getTime() + this.activationMs).toISOString(), settings: { ssl: 'flexible', always_use_https: 'off' },
    };
    await this.store.insert('zone', id, data, accountId, at);
    return this.zoneOf(id, { ...data, createdAt: at });
  }

  async getZone(token: string, zoneId: string): Promise<CfZone | null> {
    this.auth(token);
    const z = await this.store.get<ZoneData>('zone', zoneId);
    return z ? this.zoneOf(zoneId, z) : null;
  }

  async findZone(token: string, name: string): Promise<CfZone | null> {
    this.auth(token);
    const z = (await this.store.list<ZoneData>('zone')).find((x) => x.name === name);
    return z ? this.zoneOf(z.id, z) : null;
  }

  async deleteZone(token: string, zoneId: string): Promise<void> {
    this.auth(token);
    await this.zone(zoneId);
    await this.store.removeChildren('dns', zoneId);
    await this.store.remove('zone', zoneId);
  }

  private recordOf(id: string, r: RecordData & { createdAt: Date }): CfDnsRecord {
    return { id, type: r.type, name: r.name, content: r.content, proxied: r.proxied, created_on: r.createdAt.toISOString(), modified_on: r.modifiedOn };
  }

  private fqdn(zone: string, name: string): string {
    const n = name.toLowerCase().replace(/\.$/, '');
    return n === '@' || n === zone ? zone : n.endsWith(`.${zone}`) ? n : `${n}.${zone}`;
  }

  async listDnsRecords(token: string, zoneId: string): Promise<CfDnsRecord[]> {
    this.auth(token);
    await this.zone(zoneId);
    return (await this.store.list<RecordData>('dns', zoneId)).map((r) => this.recordOf(r.id, r));
  }

  private async checkConflicts(zoneId: string, rec: { type: string; name: string; content: string }, except?: string): Promise<void> {
    const same = (await this.store.list<RecordData>('dns', zoneId)).filter((r) => r.name === rec.name && r.id !== except);
    if (same.some((r) => r.type === rec.type && r.content === rec.content)) throw new CloudflareError('An identical record already exists.', 81057);
    if (same.length && (rec.type === 'CNAME' || same.some((r) => r.type === 'CNAME'))) throw new CloudflareError('A CNAME record with that host already exists.', 81053);
  }

  async createDnsRecord(token: string, zoneId: string, rec: CfDnsInput): Promise<CfDnsRecord> {
    this.auth(token);
    const z = await this.zone(zoneId);
    const name = this.fqdn(z.name, rec.name);
    const proxied = rec.type === 'TXT' ? false : rec.proxied;
    await this.checkConflicts(zoneId, { ...rec, name });
    const id = simId(`dns:${zoneId}:${name}:${rec.type}:${Date.now()}:${Math.random()}`);
    const now = new Date();
    const data: RecordData = { type: rec.type, name, content: rec.content, proxied, modifiedOn: now.toISOString() };
    await this.store.insert('dns', id, data, zoneId, now);
    return this.recordOf(id, { ...data, createdAt: now });
  }

  async updateDnsRecord(token: string, zoneId: string, recordId: string, rec: CfDnsInput): Promise<CfDnsRecord> {
    this.auth(token);
    const z = await this.zone(zoneId);
    const cur = await this.store.get<RecordData>('dns', recordId);
    if (!cur) throw new CloudflareError('Record does not exist.', 81044);
    const name = this.fqdn(z.name, rec.name);
    await this.checkConflicts(zoneId, { ...rec, name }, recordId);
    const data: RecordData = { type: rec.type, name, content: rec.content, proxied: rec.type === 'TXT' ? false : rec.proxied, modifiedOn: new Date().toISOString() };
    await this.store.update('dns', recordId, data);
    return this.recordOf(recordId, { ...data, createdAt: cur.createdAt });
  }

  async deleteDnsRecord(token: string, zoneId: string, recordId: string): Promise<void> {
    this.auth(token);
    await this.zone(zoneId);
    if (!(await this.store.remove('dns', recordId))) throw new CloudflareError('Record does not exist.', 81044);
  }

  async purgeCache(token: string, zoneId: string): Promise<void> {
    this.auth(token);
    const z = await this.zone(zoneId);
    const { createdAt: _c, ...data } = z;
    await this.store.update('zone', zoneId, { ...data, purgedAt: new Date().toISOString() });
  }

  async setSetting(token: string, zoneId: string, setting: 'ssl' | 'always_use_https', value: string): Promise<void> {
    this.auth(token);
    const z = await this.zone(zoneId);
    const { createdAt: _c, ...data } = z;
    await this.store.update('zone', zoneId, { ...data, settings: { ...data.settings, [setting]: value } });
  }
}
