/**
 * Azure Front Door (Standard/Premium, Microsoft.Cdn) integration: one interface, two
 * implementations — a stateful simulator (the default, its state in the database) and a real
 * client of the Azure Resource Manager API (AZURE_FRONTDOOR_URL, bearer AZURE_FRONTDOOR_TOKEN).
 */

/** A profile and the names the platform gives its endpoints and routes (the prefixes of 000 §3). */
export interface AfdProfileRef {
  resourceGroup: string;
  profileName: string;
  endpointNamePrefix: string;
  ppfRouteNamePrefix: string;
  boRouteNamePrefix: string;
}

export interface AfdCustomDomain {
  /** The ARM resource id (what a route's customDomains name). */
  id: string;
  name: string;
  hostName: string;
  validationToken: string;
  expirationDate: string | null;
  /** Pending, Approved, … (Azure's domainValidationState). */
  domainValidationState: string;
  /** Succeeded, Failed, … (Azure's provisioningState). */
  provisioningState: string;
}

export interface AfdEndpoint { name: string; hostName: string }
export interface AfdRoute { name: string; endpointName: string; customDomainIds: string[] }

/** Front Door did not do what was asked (its error code and message), or gave no usable answer (`unreachable`). */
export class FrontDoorError extends Error {
  constructor(message: string, readonly code: string | null = null, readonly unreachable = false) { super(message); }
}

export interface FrontDoorClient {
  readonly kind: 'simulator' | 'http';
  /** Whether the profile exists. */
  profileExists(p: AfdProfileRef): Promise<boolean>;
  listEndpoints(p: AfdProfileRef): Promise<AfdEndpoint[]>;
  listCustomDomains(p: AfdProfileRef): Promise<AfdCustomDomain[]>;
  getCustomDomain(p: AfdProfileRef, name: string): Promise<AfdCustomDomain | null>;
  createCustomDomain(p: AfdProfileRef, name: string, hostName: string): Promise<AfdCustomDomain>;
  deleteCustomDomain(p: AfdProfileRef, name: string): Promise<void>;
  listRoutes(p: AfdProfileRef, endpointName: string): Promise<AfdRoute[]>;
  /** Replace the custom domains a route serves. */
  setRouteDomains(p: AfdProfileRef, endpointName: string, routeName: string, customDomainIds: string[]): Promise<void>;
}

/** The endpoint and route of a target (player site or back office) on a profile. */
export function targetNames(p: AfdProfileRef, target: 'player' | 'backoffice'): { endpointName: string; routeName: string } {
  return target === 'player'
    ? { endpointName: `${p.endpointNamePrefix}-player`, routeName: `${p.ppfRouteNamePrefix}-route` }
    : { endpointName: `${p.endpointNamePrefix}-bo`, routeName: `${p.boRouteNamePrefix}-route` };
}
