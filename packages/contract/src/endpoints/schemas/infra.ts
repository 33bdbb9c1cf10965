import { z } from 'zod';
import {
  afdProfileCreateForm, afdProfileUpdateForm, cfAccountCreateForm, cfAccountDeleteQuery, cfAccountUpdateForm, cfAccountsListQuery, customDomainCreateForm,
  devDnsCreateForm, devDnsDeleteQuery, devDnsQuery, devDnsUpdateForm, dnsRecordCreateBody, dnsRecordDeleteQuery, zoneCreateForm, zoneCreateMinForm,
  zoneDeleteQuery, zoneGetQuery, zonesListQuery, zoneUpdateBody,
} from '../../infra.js';
import { INFRA } from '../meta/infra.js';
import { empty, isoDate, listAnswer, nullableString, opTitles } from './common.js';
import type { SchemasOf } from './types.js';

/** A DNS record as Cloudflare answers it (000 §3: name, type, content, proxied, created_on, modified_on). */
export const dnsRecordView = z.object({
  id: z.string(), type: z.string(), name: z.string(), content: z.string(), proxied: z.boolean(), created_on: isoDate, modified_on: isoDate,
});
export type DnsRecordView = z.infer<typeof dnsRecordView>;

/** A domain (zone) as the console shows it (000 §3); `token` is its account's API token masked, never the secret. */
export const zoneView = z.object({
  id: z.string(), domainName: z.string(), opId: z.string(), ...opTitles, parentOpId: nullableString,
  cfAccountCode: z.string(), cfAccountId: z.string(), cfAccountTitle: nullableString, token: z.string(),
  cfZoneId: nullableString, cfZoneSSLMode: nullableString, cfZoneNameServers: z.array(z.string()), cfZoneStatus: nullableString,
  cfDnsConfigured: z.boolean(), cfRulesConfigured: z.boolean(), cfDnsRecords: z.array(dnsRecordView),
  afdProfileName: nullableString, afdEndpointName: nullableString, afdRouteName: nullableString, afdCustomDomainId: nullableString,
  afdProvisionStatus: nullableString, afdValidationStatus: nullableString, afdRoutesAssociated: z.boolean(),
  /** 000 §4: the next step after a custom domain is created: this TXT record (name and token). */
  afdValidation: z.object({ recordName: z.string(), token: z.string() }).nullable(),
  /** Whether the Front Door details the actions need are all there (else "Some AFD details are missing!…"). */
  afdComplete: z.boolean(),
  isPrimary: z.boolean(), isLocked: z.boolean(), isB2CPFF: z.boolean(), isBackoffice: z.boolean(), isBrand: z.boolean(), isInternal: z.boolean(),
  defaultLang: z.string(),
  automation: z.object({ status: z.string(), step: nullableString, error: nullableString }),
  syncedAt: isoDate.nullable(), createdBy: nullableString, createdAt: isoDate, updatedAt: isoDate,
});
export type ZoneView = z.infer<typeof zoneView>;

export const cfAccountView = z.object({
  id: z.string(), opId: z.string(), ...opTitles, title: z.string(), description: nullableString, note: nullableString,
  cfAccountId: z.string(), cfAccountCode: z.string(), token: z.string(), domains: z.number().int(),
  createdBy: nullableString, createdAt: isoDate, updatedAt: isoDate,
});
export type CfAccountView = z.infer<typeof cfAccountView>;

export const afdProfileView = z.object({
  id: z.string(), afdProfileName: z.string(), resourceGroup: z.string(), managedIdentityClientId: z.string(), isDefault: z.boolean(),
  title: z.string(), description: nullableString, note: nullableString, extraData: z.record(z.string(), z.string()),
  endpointNamePrefix: z.string(), ppfRouteNamePrefix: z.string(), apiRouteNamePrefix: z.string(), boRouteNamePrefix: z.string(),
  domains: z.number().int(), createdAt: isoDate, updatedAt: isoDate,
});
export type AfdProfileView = z.infer<typeof afdProfileView>;

/** A Front Door custom domain (000 §3 AFD domain: id, name, hostName, validationProperties.validationToken, endpoint name). */
export const customDomainView = z.object({
  id: z.string(), name: z.string(), hostName: z.string(),
  validationProperties: z.object({ validationToken: z.string(), expirationDate: nullableString }),
  domainValidationState: z.string(), provisioningState: z.string(),
  endpointName: nullableString, target: nullableString,
  /** The TXT record to create (000 §4): the host name prefixed with the dnsauth label. */
  validationRecordName: z.string(),
});
export type CustomDomainView = z.infer<typeof customDomainView>;

export const auth0DomainView = z.object({ custom_domain_id: z.string(), domain: z.string(), type: z.string(), status: z.string(), primary: z.boolean() });
export const auth0OrgView = z.object({ id: z.string(), name: z.string(), display_name: z.string() });

const profileParam = z.object({ opId: z.string().trim().max(64).optional() });
const opIdQuery = profileParam;

export const INFRA_SCHEMAS = {
  /** A page of domains, or the one domain `domainName` names (000 §7 puts both on this GET). */
  'infra.zones': { query: zonesListQuery, response: z.union([listAnswer(zoneView), zoneView]) },
  'infra.zone': { query: zoneGetQuery, response: zoneView },
  /** `?opId` may name the operator instead of the body (000 §7 `POST …/create?opId`; the body's wins). */
  'infra.zoneCreate': { query: opIdQuery, body: zoneCreateForm, response: zoneView },
  'infra.zoneCreateMin': { query: opIdQuery, body: zoneCreateMinForm, response: z.object({ name_servers: z.array(z.string()), zone: zoneView }) },
  'infra.zoneUpdate': { body: zoneUpdateBody, response: z.object({ zone: zoneView.nullable(), purgedZones: z.number().int() }) },
  'infra.zoneDelete': { query: zoneDeleteQuery, response: empty },
  'infra.dnsCreate': { body: dnsRecordCreateBody, response: dnsRecordView },
  'infra.dnsDelete': { query: dnsRecordDeleteQuery, response: empty },
  'infra.cfTokens': { query: profileParam.extend({ includeBrands: z.enum(['true', 'false']).optional() }), response: z.array(z.object({ title: z.string(), token: z.string(), opId: z.string() })) },
  'infra.cfAccounts': { query: cfAccountsListQuery, response: listAnswer(cfAccountView) },
  'infra.cfAccountCreate': { body: cfAccountCreateForm, response: cfAccountView },
  'infra.cfAccountUpdate': { body: cfAccountUpdateForm, response: cfAccountView },
  'infra.cfAccountDelete': { query: cfAccountDeleteQuery, response: empty },
  'infra.afds': { query: profileParam, response: z.array(afdProfileView) },
  'infra.afdCreate': { body: afdProfileCreateForm, response: afdProfileView },
  'infra.afdUpdate': { body: afdProfileUpdateForm, response: afdProfileView },
  'dev.customDomains': { response: z.array(customDomainView) },
  'dev.customDomainEndpoints': { query: z.object({ domainId: z.string().trim().min(1).max(200) }), response: z.object({ endpointName: nullableString, hostName: nullableString }) },
  'dev.customDomainCreate': { body: customDomainCreateForm, response: customDomainView },
  'dev.customDomainDelete': { query: z.object({ name: z.string().trim().min(1).max(100), targetId: z.string().trim().max(100).optional() }), response: empty },
  'dev.dns': { query: devDnsQuery, response: z.object({ domainName: z.string(), records: z.array(dnsRecordView) }) },
  'dev.dnsCreate': { query: devDnsQuery, body: devDnsCreateForm, response: dnsRecordView },
  'dev.dnsUpdate': { query: devDnsQuery, body: devDnsUpdateForm, response: z.object({ message: z.string(), record: dnsRecordView }) },
  'dev.dnsDelete': { query: devDnsDeleteQuery, response: empty },
  'dev.auth0Domains': { response: z.array(auth0DomainView) },
  'dev.auth0DomainDelete': { query: z.object({ domain: z.string().trim().min(1).max(253), type: z.string().trim().max(40).optional() }), response: empty },
  'dev.auth0Orgs': { response: z.array(auth0OrgView) },
  'dev.auth0OrgDelete': { query: z.object({ orgId: z.string().trim().min(1).max(64) }), response: empty },
} satisfies SchemasOf<typeof INFRA>;
