/**
 * Cloudflare integration: one interface, two implementations — a stateful simulator (the
 * default, its state in the database) and a real HTTP client of the Cloudflare API v4
 * (CLOUDFLARE_API_URL). Every call carries the account's API token (`Authorization: Bearer`).
 */

/** A zone as Cloudflare answers it (API v4 `result`). */
export interface CfZone {
  id: string;
  name: string;
  /** pending until its name servers are in place, then active (also moved, deleted). */
  status: string;
  name_servers: string[];
  account: { id: string };
  created_on: string;
  modified_on: string;
}

export interface CfDnsRecord {
  id: string;
  type: string;
  name: string;
  content: string;
  proxied: boolean;
  created_on: string;
  modified_on: string;
}

export interface CfDnsInput { type: string; name: string; content: string; proxied: boolean }

/**
 * Cloudflare did not do what was asked: its `errors[0]` (code and message), or no usable answer
 * (`unreachable`: a timeout, a connection that failed, an answer that is not the v4 envelope).
 */
export class CloudflareError extends Error {
  constructor(message: string, readonly code: number | null = null, readonly unreachable = false) { super(message); }
}

export interface CloudflareClient {
  readonly kind: 'simulator' | 'http';
  /** Whether Cloudflare accepts the token (GET /user/tokens/verify); a refusal is false, no answer throws. */
  verifyToken(token: string): Promise<boolean>;
  createZone(token: string, accountId: string, name: string): Promise<CfZone>;
  getZone(token: string, zoneId: string): Promise<CfZone | null>;
  findZone(token: string, name: string): Promise<CfZone | null>;
  deleteZone(token: string, zoneId: string): Promise<void>;
  listDnsRecords(token: string, zoneId: string): Promise<CfDnsRecord[]>;
  createDnsRecord(token: string, zoneId: string, rec: CfDnsInput): Promise<CfDnsRecord>;
  updateDnsRecord(token: string, zoneId: string, recordId: string, rec: CfDnsInput): Promise<CfDnsRecord>;
  deleteDnsRecord(token: string, zoneId: string, recordId: string): Promise<void>;
  purgeCache(token: string, zoneId: string): Promise<void>;
  /** PATCH /zones/{id}/settings/{setting} (ssl: off|flexible|full|strict; always_use_https: on|off). */
  setSetting(token: string, zoneId: string, setting: 'ssl' | 'always_use_https', value: string): Promise<void>;
}
