/**
 * Domains, Cloudflare accounts and Azure Front Door (000 §2.3, §2.4, §3, §4, §5, §7, §8, §9; the
 * rest designed, see README "Domains, Cloudflare and Front Door"). One schema per rule, used by the
 * console's forms and the server's bodies.
 */
import { z } from 'zod';
import { boolish, listScope } from './api.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants.js';

/** 000 §4: what the zone row menu and the Actions tab can do to a domain. */
export const DOMAIN_ACTIONS = ['CF_DELETE', 'DB_DELETE', 'AFD_DELETE', 'SET_PRIMARY', 'ASSOCIATE', 'SYNC_CF', 'PURGE_CACHE', 'PURGE_CACHE_ALL'] as const;
export type DomainAction = (typeof DOMAIN_ACTIONS)[number];
/** The PUT's actions: the menu's and EDIT (the domain form's flags). */
export const DOMAIN_UPDATE_ACTIONS = ['EDIT', ...DOMAIN_ACTIONS] as const;
export type DomainUpdateAction = (typeof DOMAIN_UPDATE_ACTIONS)[number];
/** Actions that remove the domain somewhere: refused on a primary domain (000 §4). */
export const DOMAIN_DELETE_ACTIONS: readonly DomainAction[] = ['CF_DELETE', 'DB_DELETE', 'AFD_DELETE'];

export const DOMAIN_ACTION_LABELS: Record<DomainUpdateAction, string> = {
  EDIT: 'Edit',
  CF_DELETE: 'Delete from Cloudflare',
  DB_DELETE: 'Delete from the database',
  AFD_DELETE: 'Delete from Front Door',
  SET_PRIMARY: 'Set as primary',
  ASSOCIATE: 'Force associate (Front Door routes)',
  SYNC_CF: 'Force sync from Cloudflare',
  PURGE_CACHE: 'Purge cache',
  PURGE_CACHE_ALL: "Purge cache of all the operator's zones",
};

/** 000 §4: the add-domain automation's states. */
export const AUTOMATION_STATUSES = ['NONE', 'IN_PROGRESS', 'COMPLETED', 'ERROR'] as const;
export type AutomationStatus = (typeof AUTOMATION_STATUSES)[number];
export const AUTOMATION_STATUS_LABELS: Record<AutomationStatus, string> = { NONE: 'Not automated', IN_PROGRESS: 'In progress', COMPLETED: 'Completed', ERROR: 'Error' };
/** The automation's steps, in order (000 §4: zone → DNS records → rules → Front Door custom domain → route association). */
export const AUTOMATION_STEPS = ['ZONE', 'DNS', 'RULES', 'AFD_DOMAIN', 'ROUTE'] as const;
export type AutomationStep = (typeof AUTOMATION_STEPS)[number];
export const AUTOMATION_STEP_LABELS: Record<AutomationStep, string> = {
  ZONE: 'Create the Cloudflare zone', DNS: 'Create the DNS records', RULES: 'Apply the zone rules (SSL, HTTPS)',
  AFD_DOMAIN: 'Create the Front Door custom domain', ROUTE: 'Associate the Front Door route',
};

export const DNS_RECORD_TYPES = ['TXT', 'CNAME'] as const;
export const CUSTOM_DOMAIN_TARGETS = ['player', 'backoffice'] as const;
export type CustomDomainTarget = (typeof CUSTOM_DOMAIN_TARGETS)[number];
export const AUTH0_DOMAIN_TYPES = ['auth0_managed_certs', 'self_managed_certs'] as const;
export const DEFAULT_LANGS = ['en', 'tr', 'de', 'fr', 'es', 'pt', 'ru', 'fa', 'ar'] as const;

export const INFRA_MESSAGES = {
  // 000 §8 (exactly)
  DOMAIN_ADDED: 'Domain is successfully added!',
  DOMAIN_ADD_FAILED: 'Failed to add domain',
  DNS_ADDED: 'DNS record is successfully added!',
  DNS_ADD_FAILED: 'Failed to add DNS record',
  ERROR: 'An error occurred.',
  CF_ACCOUNT_ADDED: 'CF account is successfully added!',
  CF_ACCOUNT_ADD_FAILED: 'Failed to add cf account',
  MIN_DOMAIN_FAILED: 'Failed to add domain.',
  MIN_DOMAIN_FAILED_INLINE: 'Failed to add the domain. Make sure the domain and API token are valid and try again.',
  V2_DOMAIN_ADDED: 'V2 Domain is added successfully!',
  V2_DOMAIN_FAILED: 'Failed to add domain name.',
  CUSTOM_DOMAIN_DELETE_FAILED: 'Unable to delete custom domain. It can be still associated with some endpoints.',
  AFD_MISSING: 'Some AFD details are missing! Please update the domain manually or force delete the domain and recreate it again.',
  ACTION_DONE: 'Action completed successfully',
  // 000 §5 and designed
  DOMAIN_REQUIRED: 'Domain is required.',
  DOMAIN_INVALID: 'Enter the domain without protocol, e.g. example.com.',
  CF_ACCOUNT_REQUIRED: 'CF account is required.',
  OPERATOR_REQUIRED: 'Please select an operator.',
  DNS_NAME_LENGTH: 'Name must be 3 to 25 characters.',
  DNS_CONTENT_LENGTH: 'Content must be 3 to 25 characters.',
  DNS_TYPE_INVALID: 'Type must be TXT or CNAME.',
  AFD_NAME_LENGTH: 'Name must be 3 to 25 characters.',
  AFD_HOSTNAME_LENGTH: 'Host name must be 3 to 25 characters.',
  TARGET_REQUIRED: 'Target is required (player or backoffice).',
  TITLE_REQUIRED: 'Title is required.',
  ACCOUNT_ID_REQUIRED: 'Account ID is required.',
  TOKEN_REQUIRED: 'API token is required.',
  TOKEN_INVALID: 'Cloudflare refused the API token.',
  ACCOUNT_CODE_INVALID: 'CF code must be 2 to 32 letters, digits, - or _.',
  ACCOUNT_CODE_TAKEN: 'This CF code is already used by another account.',
  IDENTITY_REQUIRED: 'Managed identity client ID is required.',
  RESOURCE_GROUP_REQUIRED: 'Resource group is required.',
  PROFILE_NAME_REQUIRED: 'Profile name is required.',
  PROFILE_NAME_TAKEN: 'A Front Door profile with this name already exists.',
  PROFILE_NOT_FOUND: 'Front Door profile not found.',
  TEXT_MAX: 'At most 500 characters.',
  NAME_MAX: 'At most 100 characters.',
  ACTION_INVALID: 'Unknown domain action.',
  DETAILS_REQUIRED: 'The domain details are required to edit it.',
  DOMAIN_NOT_FOUND: 'Domain not found.',
  DOMAIN_TAKEN: 'This domain is already added.',
  CF_ACCOUNT_NOT_FOUND: 'Cloudflare account not found.',
  CF_ACCOUNT_IN_USE: 'This Cloudflare account still has domains: delete them or move them first.',
  PRIMARY_NOT_DELETABLE: 'A primary domain cannot be deleted.',
  ALREADY_PRIMARY: 'This domain is already the primary domain.',
  NOT_ON_CLOUDFLARE: 'This domain has no Cloudflare zone.',
  NOT_ON_FRONT_DOOR: 'This domain has no Front Door custom domain.',
  DNS_RECORD_NOT_FOUND: 'DNS record not found.',
  DNS_RECORD_DELETED: 'DNS record deleted.',
  CLOUDFLARE_FAILED: 'Cloudflare did not accept the request.',
  FRONT_DOOR_FAILED: 'Azure Front Door did not accept the request.',
  AUTH0_FAILED: 'Auth0 did not accept the request.',
  ZONE_DELETED: 'Domain deleted.',
  DOMAIN_UPDATED: 'Domain updated.',
  CACHE_PURGED: 'Cache purged.',
  SYNCED: 'Domain synced from Cloudflare.',
  CF_ACCOUNT_UPDATED: 'CF account updated.',
  CF_ACCOUNT_DELETED: 'CF account deleted.',
  AFD_PROFILE_ADDED: 'Front Door profile added.',
  AFD_PROFILE_UPDATED: 'Front Door profile updated.',
  CUSTOM_DOMAIN_CREATED: 'Custom domain created. Next: copy its verification title and token into a new TXT record.',
  CUSTOM_DOMAIN_DELETED: 'Custom domain deleted.',
  CUSTOM_DOMAIN_NOT_FOUND: 'Custom domain not found.',
  DEV_DNS_UPDATED: 'DNS record updated.',
  NO_PRIMARY_ZONE: 'This operator has no primary domain with a Cloudflare zone.',
  AUTH0_DOMAIN_DELETED: 'Auth0 custom domain deleted.',
  AUTH0_DOMAIN_NOT_FOUND: 'Auth0 custom domain not found.',
  AUTH0_ORG_DELETED: 'Auth0 organization deleted.',
  AUTH0_ORG_NOT_FOUND: 'Auth0 organization not found.',
  AUTOMATION_QUEUED: 'The domain automation has started.',
  EXPORT_PAGING: 'Page and limit are both 0 for an export, else both at least 1.',
} as const;

const M = INFRA_MESSAGES;
const text500 = z.string().trim().max(500, M.TEXT_MAX);
const opIdField = z.string({ error: M.OPERATOR_REQUIRED }).trim().min(1, M.OPERATOR_REQUIRED).max(64, M.OPERATOR_REQUIRED);

/** A host name without protocol: labels of letters, digits and hyphens separated by dots, a TLD of letters (000 §5 "domain entered without protocol"). */
export const DOMAIN_PATTERN = /^(?=.{4,253}$)(?!-)([a-z0-9-]{1,63}(?<!-)\.)+[a-z]{2,63}$/;
export const domainName = z.string({ error: M.DOMAIN_REQUIRED }).trim().toLowerCase().min(1, M.DOMAIN_REQUIRED).max(253, M.DOMAIN_INVALID)
  .refine((v) => v === '' || DOMAIN_PATTERN.test(v), M.DOMAIN_INVALID);

/** Our code of a Cloudflare account (000 §3 cfAccountCode, read-only after creation). */
export const cfAccountCode = z.string({ error: M.CF_ACCOUNT_REQUIRED }).trim().min(1, M.CF_ACCOUNT_REQUIRED).max(32, M.ACCOUNT_CODE_INVALID)
  .refine((v) => v === '' || /^[A-Za-z0-9_-]{2,32}$/.test(v), M.ACCOUNT_CODE_INVALID);

const flag = boolish.optional();

/** The domain form's flags (000 §6: SUPER_ADMIN and ADMIN set them) and its default language. */
export const domainFlags = z.strictObject({
  isLocked: flag, isB2CPFF: flag, isBackoffice: flag, isBrand: flag, isInternal: flag,
  defaultLang: z.enum(DEFAULT_LANGS).optional(),
  afdProfileName: z.string().trim().max(100, M.NAME_MAX).optional(),
});

// The flags and AFD profile only SUPER_ADMIN and ADMIN change (000 §6), with a new domain's defaults: declared in the endpoint table (`superChanges`).
export { ADMIN_DOMAIN_FIELDS, DOMAIN_FLAG_DEFAULTS, type AdminDomainField } from './endpoints/meta/infra.js';

/** Add New Domain, the full V2 form (000 §4): runs the automation. */
export const zoneCreateForm = z.object({
  opId: opIdField,
  domainName,
  cfAccountCode,
  isPrimary: flag,
}).extend(domainFlags.shape);
export type ZoneCreateForm = z.input<typeof zoneCreateForm>;

/** Add New Domain, the minimized form (000 §4, §7 POST /api/operators/cf-tokens/zones/create: domain and token). `token` names the account (its code), never the secret. */
export const zoneCreateMinForm = z.object({ opId: opIdField, domain: domainName, token: cfAccountCode });
export type ZoneCreateMinForm = z.input<typeof zoneCreateMinForm>;

/** Azure Front Door's custom domain validation states (domainValidationState) the domains filter offers; others are matched as sent. */
export const AFD_VALIDATION_STATES = ['Approved', 'Pending', 'PendingRevalidation', 'Rejected', 'TimedOut', 'Submitting', 'RefreshingValidationToken', 'InternalError'] as const;
/** Azure's provisioning states of a custom domain (provisioningState) the domains filter offers. */
export const AFD_PROVISION_STATES = ['Succeeded', 'Creating', 'Updating', 'Deleting', 'Failed'] as const;
export const ZONE_SORTS = ['domainName', 'createdAt', 'updatedAt'] as const;
const trueFalse = z.enum(['true', 'false']).optional();
const sortOrder = z.enum(['asc', 'desc', 'ASC', 'DESC', '1', '-1']).transform((v) => (v === 'asc' || v === 'ASC' || v === '1' ? 'asc' as const : 'desc' as const)).optional();

/**
 * The domains list (000 §2.4, §7), or one domain when `domainName` is sent: search `domain`, the account selector `cfToken` (its code), the
 * spec's field filters (each an equality in SQL) and its sort `sortByName` / `sortByOrder` (the
 * same as `sortBy` / `sort`, which win when both are sent).
 */
export const zonesListQuery = listScope.extend({
  /** 000 §7 "(page and limit are 0 for export)": both 0 answer every row at once, up to EXPORT_MAX_ROWS (`remaining` says when more were left out). */
  page: z.coerce.number().int().min(0).default(1),
  limit: z.coerce.number().int().min(0).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  /** 000 §7 "GET same path | opId, domainName, isForceFetch | data zone": named, the call answers that one domain (re-read from Cloudflare first with isForceFetch). */
  domainName: z.string().trim().min(1, M.DOMAIN_REQUIRED).max(253, M.DOMAIN_INVALID).optional(),
  isForceFetch: boolish.optional(),
  domain: z.string().trim().max(253).optional(),
  cfAccountCode: z.string().trim().max(32).optional(),
  cfAccountId: z.string().trim().max(64).optional(),
  cfZoneId: z.string().trim().max(64).optional(),
  cfZoneStatus: z.enum(['pending', 'active', 'moved', 'deleted']).optional(),
  defaultLang: z.enum(DEFAULT_LANGS).optional(),
  isPrimary: trueFalse,
  afdProfileName: z.string().trim().max(100).optional(),
  afdEndpointName: z.string().trim().max(100).optional(),
  afdRouteName: z.string().trim().max(100).optional(),
  afdValidationStatus: z.string().trim().max(40).optional(),
  afdProvisionStatus: z.string().trim().max(40).optional(),
  afdRoutesAssociated: trueFalse,
  cfDnsConfigured: trueFalse,
  cfRulesConfigured: trueFalse,
  automationStatus: z.enum(AUTOMATION_STATUSES).optional(),
  sortBy: z.enum(ZONE_SORTS).optional(),
  sort: z.enum(['asc', 'desc']).optional(),
  sortByName: z.enum(ZONE_SORTS).optional(),
  sortByOrder: sortOrder,
}).refine((q) => (q.page === 0) === (q.limit === 0), { message: M.EXPORT_PAGING, path: ['limit'] });
/** An export call of the domains list (page and limit both 0). */
export const isZonesExport = (q: { page: number; limit: number }): boolean => q.page === 0 && q.limit === 0;

export const zoneGetQuery = z.object({
  domainName: z.string().trim().min(1, M.DOMAIN_REQUIRED).max(253, M.DOMAIN_INVALID),
  opId: z.string().trim().max(64).optional(),
  isForceFetch: boolish.optional(),
});

/** PUT /api/operators/cf-tokens/v2/zones: an action on a domain, or EDIT with its details. */
export const zoneUpdateBody = z.object({
  domainName: z.string().trim().min(1, M.DOMAIN_REQUIRED).max(253, M.DOMAIN_INVALID),
  action: z.enum(DOMAIN_UPDATE_ACTIONS, { error: M.ACTION_INVALID }),
  domainDetails: domainFlags.optional(),
}).refine((v) => v.action !== 'EDIT' || v.domainDetails !== undefined, { message: M.DETAILS_REQUIRED, path: ['domainDetails'] });
export type ZoneUpdateBody = z.input<typeof zoneUpdateBody>;

export const zoneDeleteQuery = z.object({
  zoneName: z.string().trim().min(1, M.DOMAIN_REQUIRED).max(253, M.DOMAIN_INVALID),
  opId: z.string().trim().max(64).optional(),
  zoneId: z.string().trim().max(64).optional(),
  token: z.string().trim().max(64).optional(),
});

/** 000 §5: a DNS record's name and content 3 to 25 characters, type TXT or CNAME, all three required. */
export const dnsRecordFields = z.object({
  type: z.enum(DNS_RECORD_TYPES, { error: M.DNS_TYPE_INVALID }),
  name: z.string({ error: M.DNS_NAME_LENGTH }).trim().min(3, M.DNS_NAME_LENGTH).max(25, M.DNS_NAME_LENGTH),
  content: z.string({ error: M.DNS_CONTENT_LENGTH }).trim().min(3, M.DNS_CONTENT_LENGTH).max(25, M.DNS_CONTENT_LENGTH),
});

/** POST …/zones/dns-records (000 §7), proxied by default (000 §3). */
export const dnsRecordCreateBody = z.object({
  opId: z.string().trim().max(64).optional(),
  domainName: z.string().trim().min(1, M.DOMAIN_REQUIRED).max(253, M.DOMAIN_INVALID),
  dnsRecordType: dnsRecordFields.shape.type,
  dnsRecordName: dnsRecordFields.shape.name,
  dnsRecordContent: dnsRecordFields.shape.content,
  isDnsRecordProxied: boolish.default(true),
});
export type DnsRecordCreateBody = z.input<typeof dnsRecordCreateBody>;

export const dnsRecordDeleteQuery = z.object({
  opId: z.string().trim().max(64).optional(),
  domainName: z.string().trim().min(1, M.DOMAIN_REQUIRED).max(253, M.DOMAIN_INVALID),
  dnsRecordName: z.string().trim().min(1, M.DNS_RECORD_NOT_FOUND).max(253, M.DNS_RECORD_NOT_FOUND),
  dnsRecordType: z.string().trim().min(1, M.DNS_TYPE_INVALID).max(16, M.DNS_TYPE_INVALID),
});

/** 000 §5: a Cloudflare account's title, account id and API token are required. */
export const cfAccountCreateForm = z.object({
  opId: opIdField,
  title: z.string({ error: M.TITLE_REQUIRED }).trim().min(1, M.TITLE_REQUIRED).max(100, M.NAME_MAX),
  accountId: z.string({ error: M.ACCOUNT_ID_REQUIRED }).trim().min(1, M.ACCOUNT_ID_REQUIRED).max(64, M.ACCOUNT_ID_REQUIRED),
  token: z.string({ error: M.TOKEN_REQUIRED }).trim().min(1, M.TOKEN_REQUIRED).max(200, M.TOKEN_REQUIRED),
  /** Optional (000 §7's body is token, accountId, title, opId): left empty, the server makes it from the title (`cfAccountCodeOf`), unique. */
  cfAccountCode: z.string().trim().max(32, M.ACCOUNT_CODE_INVALID).refine((v) => v === '' || /^[A-Za-z0-9_-]{2,32}$/.test(v), M.ACCOUNT_CODE_INVALID).optional(),
  description: text500.optional(),
  note: text500.optional(),
});

/**
 * The code a new Cloudflare account gets when none is entered: its title in lower case with
 * dashes ("Charlie Play Cloudflare" → `charlie-play-cloudflare`), at most 28 characters so a
 * suffix (`-2`, `-3`…) still fits when the code is taken; `cf-account` when the title has no
 * letter or digit to make one from.
 */
export function cfAccountCodeOf(title: string): string {
  const slug = title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').slice(0, 28).replace(/^-+|-+$/g, '');
  return slug.length >= 2 ? slug : 'cf-account';
}
export type CfAccountCreateForm = z.input<typeof cfAccountCreateForm>;

/** PUT /api/operators/cf-tokens/v2 (000 §7): title, description, a new API key (blank keeps it), note; the code names the account. */
export const cfAccountUpdateForm = z.object({
  cfAccountCode,
  title: z.string({ error: M.TITLE_REQUIRED }).trim().min(1, M.TITLE_REQUIRED).max(100, M.NAME_MAX),
  description: text500.optional(),
  cfApiKey: z.string().trim().max(200, M.TOKEN_REQUIRED).optional(),
  note: text500.optional(),
});
export type CfAccountUpdateForm = z.input<typeof cfAccountUpdateForm>;

export const cfAccountDeleteQuery = z.object({
  cfAccountCode: z.string().trim().min(1, M.CF_ACCOUNT_REQUIRED).max(32, M.ACCOUNT_CODE_INVALID),
  opId: z.string().trim().max(64).optional(),
  accountId: z.string().trim().max(64).optional(),
});

export const cfAccountsListQuery = listScope.extend({ search: z.string().trim().max(100).optional() });

/** 000 §5: title required; identity client id, resource group and profile name on create only. */
const afdCommon = {
  title: z.string({ error: M.TITLE_REQUIRED }).trim().min(1, M.TITLE_REQUIRED).max(100, M.NAME_MAX),
  description: text500.optional(),
  note: text500.optional(),
  isDefault: boolish.optional(),
  extraData: z.record(z.string().max(64), z.string().max(500)).optional(),
};
const prefix = z.string().trim().max(20, M.NAME_MAX).regex(/^[a-z0-9-]*$/, M.NAME_MAX).optional();
export const afdProfileCreateForm = z.object({
  ...afdCommon,
  managedIdentityClientId: z.string({ error: M.IDENTITY_REQUIRED }).trim().min(1, M.IDENTITY_REQUIRED).max(100, M.NAME_MAX),
  resourceGroup: z.string({ error: M.RESOURCE_GROUP_REQUIRED }).trim().min(1, M.RESOURCE_GROUP_REQUIRED).max(90, M.NAME_MAX),
  afdProfileName: z.string({ error: M.PROFILE_NAME_REQUIRED }).trim().min(1, M.PROFILE_NAME_REQUIRED).max(100, M.NAME_MAX),
  endpointNamePrefix: prefix, ppfRouteNamePrefix: prefix, apiRouteNamePrefix: prefix, boRouteNamePrefix: prefix,
  options: z.strictObject({ skipExistingAfdProfileCheck: boolish.optional() }).optional(),
});
export type AfdProfileCreateForm = z.input<typeof afdProfileCreateForm>;
/** The edit names the profile; its identity, group, name and prefixes are not changed (hidden or disabled on edit). */
export const afdProfileUpdateForm = z.object({ afdProfileName: z.string().trim().min(1, M.PROFILE_NAME_REQUIRED).max(100, M.NAME_MAX), ...afdCommon });
export type AfdProfileUpdateForm = z.input<typeof afdProfileUpdateForm>;

/** /settings/dev: a custom domain on the platform's Front Door, for the player site or the back office (000 §3, §5). */
export const customDomainCreateForm = z.object({
  domain: z.string({ error: M.DOMAIN_REQUIRED }).trim().toLowerCase().min(3, M.AFD_HOSTNAME_LENGTH).max(25, M.AFD_HOSTNAME_LENGTH)
    .refine((v) => v.length < 3 || v.length > 25 || DOMAIN_PATTERN.test(v), M.DOMAIN_INVALID),
  target: z.enum(CUSTOM_DOMAIN_TARGETS, { error: M.TARGET_REQUIRED }),
});
export type CustomDomainCreateForm = z.input<typeof customDomainCreateForm>;

/** The Front Door name of a custom domain of this host: its dots as hyphens (`play.example.com` → `play-example-com`). */
export const afdDomainNameOf = (host: string): string => host.toLowerCase().replace(/\./g, '-');
/** 000 §4: the TXT record that validates a custom domain: the host name prefixed with the dnsauth label. */
export const validationRecordName = (host: string): string => `_dnsauth.${host}`;
/** A secret as lists show it: its last four characters. */
export const maskSecret = (s: string): string => `••••${s.slice(-4)}`;

export const devDnsQuery = z.object({ opId: opIdField });
export const devDnsCreateForm = dnsRecordFields;
export const devDnsUpdateForm = dnsRecordFields.extend({ id: z.string().trim().min(1, M.DNS_RECORD_NOT_FOUND).max(64, M.DNS_RECORD_NOT_FOUND) });
/** 000 §7 `DELETE /api/dev/dns?id`: the record's id; the operator (whose primary domain holds it) is found from it when `opId` is not sent. */
export const devDnsDeleteQuery = z.object({ opId: z.string().trim().min(1, M.OPERATOR_REQUIRED).max(64, M.OPERATOR_REQUIRED).optional(), id: z.string().trim().min(1, M.DNS_RECORD_NOT_FOUND).max(64, M.DNS_RECORD_NOT_FOUND) });
