import { sendJson, type JsonHttpConfig } from '../json-http.js';
import { FrontDoorError, type AfdCustomDomain, type AfdEndpoint, type AfdProfileRef, type AfdRoute, type FrontDoorClient } from './types.js';

/**
 * The real client: Azure Resource Manager, Microsoft.Cdn (Front Door Standard/Premium),
 * api-version 2023-05-01, `Authorization: Bearer {AZURE_FRONTDOOR_TOKEN}`, under
 * `{base}/subscriptions/{sub}/resourceGroups/{rg}/providers/Microsoft.Cdn/profiles/{profile}`:
 *
 * GET    (the profile)                                   → 200 profile | 404
 * GET    /afdEndpoints                                   → { value: [{ name, properties: { hostName } }] }
 * GET    /customDomains · /customDomains/{name}          → { value: [domain] } · domain | 404
 * PUT    /customDomains/{name} { properties: { hostName, tlsSettings: { certificateType: "ManagedCertificate", minimumTlsVersion: "TLS12" } } }
 * DELETE /customDomains/{name}                           → 200 | 202 | 204
 * GET    /afdEndpoints/{ep}/routes                       → { value: [{ name, properties: { customDomains: [{ id }] } }] }
 * PATCH  /afdEndpoints/{ep}/routes/{route} { properties: { customDomains: [{ id }] } }
 *
 * A domain: { id, name, properties: { hostName, domainValidationState, provisioningState,
 * validationProperties: { validationToken, expirationDate } } }. An error answer
 * `{ error: { code, message } }` throws FrontDoorError with them; no answer throws it `unreachable`.
 * (Azure may answer 201/202 and finish asynchronously; the automation reads the domain again.)
 */
export const FRONT_DOOR_API_VERSION = '2023-05-01';
export const DEFAULT_FRONT_DOOR_URL = 'https://management.azure.com';
export const DEFAULT_FRONT_DOOR_TIMEOUT_MS = 15_000;

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? v as Record<string, unknown> : {});
const str = (v: unknown, d = ''): string => (typeof v === 'string' ? v : d);

function domainOf(v: unknown): AfdCustomDomain {
  const d = obj(v);
  const p = obj(d.properties);
  const vp = obj(p.validationProperties);
  return {
    id: str(d.id), name: str(d.name), hostName: str(p.hostName), validationToken: str(vp.validationToken), expirationDate: str(vp.expirationDate) || null,
    domainValidationState: str(p.domainValidationState, 'Unknown'), provisioningState: str(p.provisioningState, 'Unknown'),
  };
}

export class HttpFrontDoorClient implements FrontDoorClient {
  readonly kind = 'http' as const;
  constructor(private readonly cfg: JsonHttpConfig & { subscriptionId: string }) {}

  private base(p: AfdProfileRef): string {
    return `/subscriptions/${encodeURIComponent(this.cfg.subscriptionId)}/resourceGroups/${encodeURIComponent(p.resourceGroup)}/providers/Microsoft.Cdn/profiles/${encodeURIComponent(p.profileName)}`;
  }

  private async call(method: 'GET' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown, notFound = false): Promise<unknown> {
    const sep = path.includes('?') ? '&' : '?';
    const a = await sendJson(this.cfg, DEFAULT_FRONT_DOOR_TIMEOUT_MS, method, `${path}${sep}api-version=${FRONT_DOOR_API_VERSION}`, body);
    if (a.kind !== 'response') throw new FrontDoorError(a.message, null, true);
    if (notFound && a.status === 404) return null;
    if (a.status >= 200 && a.status < 300) return a.body;
    const e = obj(obj(a.body).error);
    if (!e.code && !e.message) throw new FrontDoorError(`HTTP ${a.status}: not an Azure answer`, null, true);
    throw new FrontDoorError(str(e.message, `HTTP ${a.status}`), str(e.code) || null);
  }

  async profileExists(p: AfdProfileRef): Promise<boolean> { return (await this.call('GET', this.base(p), undefined, true)) !== null; }

  async listEndpoints(p: AfdProfileRef): Promise<AfdEndpoint[]> {
    const v = obj(await this.call('GET', `${this.base(p)}/afdEndpoints`)).value;
    return Array.isArray(v) ? v.map((e) => ({ name: str(obj(e).name), hostName: str(obj(obj(e).properties).hostName) })) : [];
  }

  async listCustomDomains(p: AfdProfileRef): Promise<AfdCustomDomain[]> {
    const v = obj(await this.call('GET', `${this.base(p)}/customDomains`)).value;
    return Array.isArray(v) ? v.map(domainOf) : [];
  }

  async getCustomDomain(p: AfdProfileRef, name: string): Promise<AfdCustomDomain | null> {
    const r = await this.call('GET', `${this.base(p)}/customDomains/${encodeURIComponent(name)}`, undefined, true);
    return r === null ? null : domainOf(r);
  }

  async createCustomDomain(p: AfdProfileRef, name: string, hostName: string): Promise<AfdCustomDomain> {
    return domainOf(await this.call('PUT', `${this.base(p)}/customDomains/${encodeURIComponent(name)}`, {
      properties: { hostName, tlsSettings: { certificateType: 'ManagedCertificate', minimumTlsVersion: 'TLS12' } },
    }));
  }

  async deleteCustomDomain(p: AfdProfileRef, name: string): Promise<void> {
    await this.call('DELETE', `${this.base(p)}/customDomains/${encodeURIComponent(name)}`);
  }

  async listRoutes(p: AfdProfileRef, endpointName: string): Promise<AfdRoute[]> {
    const v = obj(await this.call('GET', `${this.base(p)}/afdEndpoints/${encodeURIComponent(endpointName)}/routes`)).value;
    return Array.isArray(v) ? v.map((r) => {
      const cds = obj(obj(r).properties).customDomains;
      return { name: str(obj(r).name), endpointName, customDomainIds: Array.isArray(cds) ? cds.map((c) => str(obj(c).id)) : [] };
    }) : [];
  }

  async setRouteDomains(p: AfdProfileRef, endpointName: string, routeName: string, customDomainIds: string[]): Promise<void> {
    await this.call('PATCH', `${this.base(p)}/afdEndpoints/${encodeURIComponent(endpointName)}/routes/${encodeURIComponent(routeName)}`, {
      properties: { customDomains: customDomainIds.map((id) => ({ id })) },
    });
  }
}
