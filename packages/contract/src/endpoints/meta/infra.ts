import { GLOBAL, LIST, ep, optionalRecord, record, recordBodyOrQuery, recordWithin, withRoles, withSuperChanges } from '../define.js';

/** Infrastructure is platform work: SUPER_ADMIN, ADMIN and DEV_OPS (operator staff hold none of these pages; README "Domains, Cloudflare and Front Door"). */
const INFRA_ROLES = ['SUPER_ADMIN', 'ADMIN', 'DEV_OPS'] as const;
/** 000 §6: the zone Actions tab (and the flags of the domain form) are SUPER_ADMIN's and ADMIN's. */
const ADMIN_ROLES = ['SUPER_ADMIN', 'ADMIN'] as const;
const DOMAINS_PAGES = ['settings_domains', 'settings_cf_account_v2_domains'];
const ZONES = withRoles(DOMAINS_PAGES, INFRA_ROLES);
const ZONE_ADMIN = withRoles(DOMAINS_PAGES, ADMIN_ROLES);
/**
 * 000 §6: the domain form's flags and AFD profile are SUPER_ADMIN's and ADMIN's. Anyone else the
 * form admits (DEV_OPS) may leave them as they are (absent, empty, or the value the domain has: on
 * create the defaults below), never change them: the request is refused with 403 rather than the
 * fields silently dropped.
 */
export const ADMIN_DOMAIN_FIELDS = ['isLocked', 'isB2CPFF', 'isBackoffice', 'isBrand', 'isInternal', 'afdProfileName'] as const;
export type AdminDomainField = (typeof ADMIN_DOMAIN_FIELDS)[number];
/** What a new domain gets when its form leaves a field out (the default profile for `afdProfileName`). */
export const DOMAIN_FLAG_DEFAULTS = { isLocked: false, isB2CPFF: true, isBackoffice: false, isBrand: false, isInternal: false, afdProfileName: '' } as const;
const ZONE_CREATE = withSuperChanges(ZONES, { fields: ADMIN_DOMAIN_FIELDS, from: DOMAIN_FLAG_DEFAULTS });
/** An edit's flags (`domainDetails`) compared with the domain's own: the rule holds if the actions tab is ever opened to more roles. */
const ZONE_EDIT = withSuperChanges(ZONE_ADMIN, { fields: ADMIN_DOMAIN_FIELDS, from: 'record', under: 'domainDetails' });
const ACCOUNTS = withRoles(['settings_cf_account_v2', ...DOMAINS_PAGES], INFRA_ROLES);
const ACCOUNTS_EDIT = withRoles(['settings_cf_account_v2'], INFRA_ROLES);
const AFDS = withRoles(['settings_cf_account_v2_afds', ...DOMAINS_PAGES], INFRA_ROLES);
const AFDS_EDIT = withRoles(['settings_cf_account_v2_afds'], INFRA_ROLES);
const DEV = withRoles(['settings_dev'], INFRA_ROLES);

/**
 * Domains (Cloudflare zones), Cloudflare accounts, Front Door profiles (000 §7) and the developer
 * settings (/api/dev/frontdoor…, /api/dev/dns…, /api/dev/auth0…). Outside calls go through
 * `apps/server/src/integrations/{cloudflare,front-door,auth0}`, never inside a transaction.
 * Designed beside the spec's calls: the zone details also at `…/zones/details` (the spec puts list and
 * details on one GET, which answers both too), the dev lists (GET /api/dev/frontdoor, /api/dev/dns, /api/dev/auth0/…).
 */
export const INFRA = {
  'infra.zones': ep({
    method: 'GET', path: '/api/operators/cf-tokens/v2/zones', tag: 'infra',
    summary: 'Domains (Cloudflare zones) of the selected operators: search domain, CF account, statuses; 50 a page (000 §9). With domainName, that one domain (isForceFetch re-reads it from Cloudflare first), as …/zones/details answers it',
    access: ZONES, scope: LIST,
  }),
  'infra.zone': ep({
    method: 'GET', path: '/api/operators/cf-tokens/v2/zones/details', tag: 'infra',
    summary: 'One domain with its DNS records and automation progress; isForceFetch re-reads it from Cloudflare first (Force Refresh)',
    access: ZONES, scope: recordWithin('domain', 'domainName', 'opId', 'query'),
  }),
  'infra.zoneCreate': ep({
    method: 'POST', path: '/api/operators/cf-tokens/v2/zones/create', tag: 'infra',
    summary: 'Add New Domain (V2 form): record the domain and start the automation job (zone, DNS records, rules, Front Door custom domain, route); the flags and AFD profile are SUPER_ADMIN\'s and ADMIN\'s (403 for anyone else changing them)',
    access: ZONE_CREATE, scope: recordBodyOrQuery('operator', 'opId'), audit: 'DOMAIN_CREATE',
  }),
  'infra.zoneCreateMin': ep({
    method: 'POST', path: '/api/operators/cf-tokens/zones/create', tag: 'infra',
    summary: 'Add New Domain (minimized form): create the Cloudflare zone with an account and answer its name servers',
    access: ZONES, scope: recordBodyOrQuery('operator', 'opId'), audit: 'DOMAIN_CREATE',
  }),
  'infra.zoneUpdate': ep({
    method: 'PUT', path: '/api/operators/cf-tokens/v2/zones', tag: 'infra',
    summary: 'A domain action (CF_DELETE, DB_DELETE, AFD_DELETE, SET_PRIMARY, ASSOCIATE, SYNC_CF, PURGE_CACHE, PURGE_CACHE_ALL) or EDIT of its flags',
    access: ZONE_EDIT, scope: recordWithin('domain', 'domainName'),
    audit: ['DOMAIN_EDIT', 'DOMAIN_CF_DELETE', 'DOMAIN_DB_DELETE', 'DOMAIN_AFD_DELETE', 'DOMAIN_SET_PRIMARY', 'DOMAIN_ASSOCIATE', 'DOMAIN_SYNC_CF', 'DOMAIN_PURGE_CACHE', 'DOMAIN_PURGE_CACHE_ALL'],
  }),
  'infra.zoneDelete': ep({
    method: 'DELETE', path: '/api/operators/cf-tokens/v2/zones', tag: 'infra',
    summary: 'Delete a domain: its Front Door custom domain, its Cloudflare zone, then its record (a primary domain stays)',
    access: ZONE_ADMIN, scope: recordWithin('domain', 'zoneName', 'opId', 'query'), audit: 'DOMAIN_DELETE',
  }),
  'infra.dnsCreate': ep({
    method: 'POST', path: '/api/operators/cf-tokens/v2/zones/dns-records', tag: 'infra',
    summary: 'Add a DNS record (TXT or CNAME, proxied by default) to a domain\'s Cloudflare zone',
    access: ZONES, scope: recordWithin('domain', 'domainName'), audit: 'DNS_RECORD_CREATE',
  }),
  'infra.dnsDelete': ep({
    method: 'DELETE', path: '/api/operators/cf-tokens/v2/zones/dns-records', tag: 'infra',
    summary: 'Delete a DNS record (by name and type) from a domain\'s Cloudflare zone',
    access: ZONES, scope: recordWithin('domain', 'domainName', 'opId', 'query'), audit: 'DNS_RECORD_DELETE',
  }),
  'infra.cfTokens': ep({
    method: 'GET', path: '/api/operators/cf-tokens', tag: 'infra',
    summary: 'The Cloudflare accounts of the selected operators for the account selector: title and token (the account\'s code, never its secret)',
    access: ACCOUNTS, scope: LIST,
  }),
  'infra.cfAccounts': ep({
    method: 'GET', path: '/api/operators/cf-tokens/v2', tag: 'infra',
    summary: 'Cloudflare accounts of the selected operators (API tokens masked), newest first',
    access: ACCOUNTS, scope: LIST,
  }),
  'infra.cfAccountCreate': ep({
    method: 'POST', path: '/api/operators/cf-tokens/v2', tag: 'infra',
    summary: 'Add a Cloudflare account: its API token is verified with Cloudflare, then stored server-side',
    access: ACCOUNTS_EDIT, scope: record('operator', 'opId'), audit: 'CF_ACCOUNT_CREATE',
  }),
  'infra.cfAccountUpdate': ep({
    method: 'PUT', path: '/api/operators/cf-tokens/v2', tag: 'infra',
    summary: 'Edit a Cloudflare account: title, description, note, a new API token (verified first)',
    access: ACCOUNTS_EDIT, scope: record('cfAccount', 'cfAccountCode'), audit: 'CF_ACCOUNT_UPDATE',
  }),
  'infra.cfAccountDelete': ep({
    method: 'DELETE', path: '/api/operators/cf-tokens/v2', tag: 'infra',
    summary: 'Delete a Cloudflare account that has no domains left',
    access: ACCOUNTS_EDIT, scope: record('cfAccount', 'cfAccountCode', 'query'), audit: 'CF_ACCOUNT_DELETE',
  }),
  'infra.afds': ep({
    method: 'GET', path: '/api/operators/cf-tokens/v2/afds', tag: 'infra',
    summary: 'Front Door profiles (platform-wide; the default first)',
    access: AFDS, scope: GLOBAL,
  }),
  'infra.afdCreate': ep({
    method: 'POST', path: '/api/operators/cf-tokens/v2/afds', tag: 'infra',
    summary: 'Add a Front Door profile (checked to exist at Azure unless options.skipExistingAfdProfileCheck)',
    access: AFDS_EDIT, scope: GLOBAL, audit: 'AFD_PROFILE_CREATE',
  }),
  'infra.afdUpdate': ep({
    method: 'PUT', path: '/api/operators/cf-tokens/v2/afds', tag: 'infra',
    summary: 'Edit a Front Door profile: title, description, note, default, extra data',
    access: AFDS_EDIT, scope: GLOBAL, audit: 'AFD_PROFILE_UPDATE',
  }),
  'dev.customDomains': ep({
    method: 'GET', path: '/api/dev/frontdoor', tag: 'dev',
    summary: 'Custom domains of the platform\'s default Front Door profile with their validation state and endpoint',
    access: DEV, scope: GLOBAL,
  }),
  'dev.customDomainEndpoints': ep({
    method: 'GET', path: '/api/dev/frontdoor/endpoints', tag: 'dev',
    summary: 'The endpoint a custom domain is associated with',
    access: DEV, scope: GLOBAL,
  }),
  'dev.customDomainCreate': ep({
    method: 'POST', path: '/api/dev/frontdoor/create', tag: 'dev',
    summary: 'Create a custom domain for the player site or the back office and associate it with that endpoint\'s route',
    access: DEV, scope: GLOBAL, audit: 'AFD_DOMAIN_CREATE',
  }),
  'dev.customDomainDelete': ep({
    method: 'DELETE', path: '/api/dev/frontdoor', tag: 'dev',
    summary: 'Delete a custom domain (refused while a route other than the target still uses it)',
    access: DEV, scope: GLOBAL, audit: 'AFD_DOMAIN_DELETE',
  }),
  'dev.dns': ep({
    method: 'GET', path: '/api/dev/dns', tag: 'dev',
    summary: 'The DNS records of the operator\'s primary domain at Cloudflare',
    access: DEV, scope: record('operator', 'opId', 'query'),
  }),
  'dev.dnsCreate': ep({
    method: 'POST', path: '/api/dev/dns', tag: 'dev',
    summary: 'Add a DNS record to the operator\'s primary domain',
    access: DEV, scope: record('operator', 'opId', 'query'), audit: 'DEV_DNS_CREATE',
  }),
  'dev.dnsUpdate': ep({
    method: 'PUT', path: '/api/dev/dns', tag: 'dev',
    summary: 'Change a DNS record of the operator\'s primary domain',
    access: DEV, scope: record('operator', 'opId', 'query'), audit: 'DEV_DNS_UPDATE',
  }),
  'dev.dnsDelete': ep({
    method: 'DELETE', path: '/api/dev/dns', tag: 'dev',
    summary: 'Delete a DNS record of an operator\'s primary domain by its id (000 §7 `?id`): the operator is the one of the caller\'s whose primary zone holds it, or the opId sent',
    access: DEV, scope: optionalRecord('operator', 'opId', 'query'), audit: 'DEV_DNS_DELETE',
  }),
  'dev.auth0Domains': ep({
    method: 'GET', path: '/api/dev/auth0/domains', tag: 'dev',
    summary: 'Auth0 custom domains (sign-in domains of the player sites)',
    access: DEV, scope: GLOBAL,
  }),
  'dev.auth0DomainDelete': ep({
    method: 'DELETE', path: '/api/dev/auth0/domains', tag: 'dev',
    summary: 'Delete an Auth0 custom domain',
    access: DEV, scope: GLOBAL, audit: 'AUTH0_DOMAIN_DELETE',
  }),
  'dev.auth0Orgs': ep({
    method: 'GET', path: '/api/dev/auth0/organizations', tag: 'dev',
    summary: 'Auth0 organizations',
    access: DEV, scope: GLOBAL,
  }),
  'dev.auth0OrgDelete': ep({
    method: 'DELETE', path: '/api/dev/auth0/organizations', tag: 'dev',
    summary: 'Delete an Auth0 organization',
    access: DEV, scope: GLOBAL, audit: 'AUTH0_ORG_DELETE',
  }),
} as const;
