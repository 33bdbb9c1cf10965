import type { Db } from '../../db/client.js';
import { SimStore, simId } from '../sim-store.js';
import { FrontDoorError, targetNames, type AfdCustomDomain, type AfdEndpoint, type AfdProfileRef, type AfdRoute, type FrontDoorClient } from './types.js';

interface DomainData { name: string; hostName: string; validationToken: string; expirationDate: string; profile: string }
interface EndpointData { name: string; hostName: string; profile: string }
interface RouteData { name: string; endpointName: string; profile: string; customDomainIds: string[] }

const profileKey = (p: AfdProfileRef) => `${p.resourceGroup}/${p.profileName}`;
const armId = (p: AfdProfileRef, name: string) =>
  `/subscriptions/sim/resourceGroups/${p.resourceGroup}/providers/Microsoft.Cdn/profiles/${p.profileName}/customDomains/${name}`;

/**
 * The simulated Front Door. Every profile it is asked about exists (profiles are made in Azure,
 * not from the back office) with the platform's two endpoints — `{prefix}-player` and `{prefix}-bo`
 * — each with its route. A new custom domain is Pending validation until a TXT record
 * `_dnsauth.{host}` holding its token exists in the simulated Cloudflare (the same database): then
 * it is Approved, as Azure would find it. A custom domain still served by a route cannot be
 * deleted (Azure's conflict), which the console reports as 000 §8's "Unable to delete custom domain…".
 */
export class FrontDoorSimulator implements FrontDoorClient {
  readonly kind = 'simulator' as const;
  private readonly store: SimStore;
  private readonly dns: SimStore;

  constructor(db: Db) { this.store = new SimStore(db, 'front-door'); this.dns = new SimStore(db, 'cloudflare'); }

  /** The profile's endpoints and routes, made the first time the profile is used. */
  private async ensure(p: AfdProfileRef): Promise<void> {
    const key = profileKey(p);
    for (const t of ['player', 'backoffice'] as const) {
      const { endpointName, routeName } = targetNames(p, t);
      await this.store.insert('endpoint', `${key}/${endpointName}`, { name: endpointName, hostName: `${endpointName}-${simId(key + endpointName, 12)}.z01.azurefd.net`, profile: key } satisfies EndpointData, key);
      await this.store.insert('route', `${key}/${endpointName}/${routeName}`, { name: routeName, endpointName, profile: key, customDomainIds: [] } satisfies RouteData, key);
    }
  }

  private async domainOf(p: AfdProfileRef, d: DomainData): Promise<AfdCustomDomain> {
    const txt = await this.dns.list<{ type: string; name: string; content: string }>('dns');
    const approved = txt.some((r) => r.type === 'TXT' && r.name === `_dnsauth.${d.hostName}` && r.content === d.validationToken);
    return {
      id: armId(p, d.name), name: d.name, hostName: d.hostName, validationToken: d.validationToken, expirationDate: d.expirationDate,
      domainValidationState: approved ? 'Approved' : 'Pending', provisioningState: 'Succeeded',
    };
  }

  async profileExists(p: AfdProfileRef): Promise<boolean> { await this.ensure(p); return true; }

  async listEndpoints(p: AfdProfileRef): Promise<AfdEndpoint[]> {
    await this.ensure(p);
    return (await this.store.list<EndpointData>('endpoint', profileKey(p))).map((e) => ({ name: e.name, hostName: e.hostName }));
  }

  async listCustomDomains(p: AfdProfileRef): Promise<AfdCustomDomain[]> {
    const rows = await this.store.list<DomainData>('domain', profileKey(p));
    return Promise.all(rows.map((d) => this.domainOf(p, d)));
  }

  async getCustomDomain(p: AfdProfileRef, name: string): Promise<AfdCustomDomain | null> {
    const d = await this.store.get<DomainData>('domain', `${profileKey(p)}/${name}`);
    return d ? this.domainOf(p, d) : null;
  }

  async createCustomDomain(p: AfdProfileRef, name: string, hostName: string): Promise<AfdCustomDomain> {
    await this.ensure(p);
    const taken = (await this.store.list<DomainData>('domain')).find((d) => d.hostName === hostName);
    if (taken) throw new FrontDoorError(`The host name ${hostName} is already in use by another custom domain.`, 'Conflict');
    const data: DomainData = {
      name, hostName, profile: profileKey(p), validationToken: simId(`token:${hostName}:${Date.now()}`, 32),
      expirationDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    };
    if (!(await this.store.insert('domain', `${profileKey(p)}/${name}`, data, profileKey(p)))) throw new FrontDoorError(`Custom domain ${name} already exists.`, 'Conflict');
    return this.domainOf(p, data);
  }

  async deleteCustomDomain(p: AfdProfileRef, name: string): Promise<void> {
    const id = armId(p, name);
    const routes = await this.store.list<RouteData>('route', profileKey(p));
    if (routes.some((r) => r.customDomainIds.includes(id))) throw new FrontDoorError('The custom domain is still associated with a route.', 'Conflict');
    if (!(await this.store.remove('domain', `${profileKey(p)}/${name}`))) throw new FrontDoorError(`Custom domain ${name} was not found.`, 'NotFound');
  }

  async listRoutes(p: AfdProfileRef, endpointName: string): Promise<AfdRoute[]> {
    await this.ensure(p);
    return (await this.store.list<RouteData>('route', profileKey(p))).filter((r) => r.endpointName === endpointName)
      .map((r) => ({ name: r.name, endpointName: r.endpointName, customDomainIds: r.customDomainIds }));
  }

  async setRouteDomains(p: AfdProfileRef, endpointName: string, routeName: string, customDomainIds: string[]): Promise<void> {
    await this.ensure(p);
    const key = `${profileKey(p)}/${endpointName}/${routeName}`;
    const r = await this.store.get<RouteData>('route', key);
    if (!r) throw new FrontDoorError(`Route ${routeName} of endpoint ${endpointName} was not found.`, 'NotFound');
    const { createdAt: _c, ...data } = r;
    await this.store.update('route', key, { ...data, customDomainIds: [...new Set(customDomainIds)] });
  }
}
