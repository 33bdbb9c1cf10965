/**
 * Domains, Cloudflare accounts and Front Door profiles: the views, the provider calls and the
 * add-domain automation. Outside calls (Cloudflare, Front Door) are never made inside a database
 * transaction: a handler records what it is about to do or reads what it needs, calls, then
 * records the outcome (README "Domains, Cloudflare and Front Door").
 */
import { asc, desc, eq } from 'drizzle-orm';
import { INFRA_MESSAGES, maskSecret, validationRecordName, afdDomainNameOf, type ZoneView, type DnsRecordView } from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { afdProfiles, cfAccounts, domains } from '../../db/schema.js';
import { HttpError, notFound } from '../../lib/http.js';
import { loadOperators } from '../../lib/scope.js';
import { CloudflareError, cloudflareFor, type CfDnsRecord, type CloudflareClient } from '../../integrations/cloudflare/index.js';
import { FrontDoorError, frontDoorFor, targetNames, type AfdProfileRef, type FrontDoorClient } from '../../integrations/front-door/index.js';

export type DomainRow = typeof domains.$inferSelect;
export type AccountRow = typeof cfAccounts.$inferSelect;
export type ProfileRow = typeof afdProfiles.$inferSelect;
const M = INFRA_MESSAGES;

/** A provider's refusal (400 with its message) or silence (502), as the console shows it: our message first, the provider's after. */
export function providerError(e: unknown, ours: string): HttpError {
  if (e instanceof CloudflareError || e instanceof FrontDoorError) {
    const theirs = e.code !== null && e.code !== undefined ? `${e.message} (${e.code})` : e.message;
    return new HttpError(e.unreachable ? 502 : 400, [ours, theirs], e.unreachable ? 'PROVIDER_UNAVAILABLE' : 'PROVIDER_REFUSED');
  }
  return e instanceof HttpError ? e : new HttpError(502, [ours, (e as Error).message], 'PROVIDER_UNAVAILABLE');
}

export const recordsOf = (v: unknown): DnsRecordView[] => (Array.isArray(v) ? v as DnsRecordView[] : []);
const recordView = (r: CfDnsRecord): DnsRecordView => ({ id: r.id, type: r.type, name: r.name, content: r.content, proxied: r.proxied, created_on: r.created_on, modified_on: r.modified_on });

/** A domain row as the console shows it: operator names from the cached operators, the account's token masked. */
export async function zoneViews(db: Db, rows: { d: DomainRow; accountTitle: string | null; accountToken: string | null }[]): Promise<ZoneView[]> {
  const { byId } = await loadOperators(db);
  return rows.map(({ d, accountTitle, accountToken }) => {
    const op = byId.get(d.opId);
    const parent = op?.parentOpId ? byId.get(op.parentOpId) : undefined;
    return {
      id: d.id, domainName: d.domainName, opId: d.opId, opTitle: op?.title ?? d.opId, parentOpTitle: parent?.title ?? null, parentOpId: op?.parentOpId ?? null,
      cfAccountCode: d.cfAccountCode, cfAccountId: d.cfAccountId, cfAccountTitle: accountTitle, token: accountToken ? maskSecret(accountToken) : '',
      cfZoneId: d.cfZoneId, cfZoneSSLMode: d.cfZoneSslMode, cfZoneNameServers: d.cfZoneNameServers, cfZoneStatus: d.cfZoneStatus,
      cfDnsConfigured: d.cfDnsConfigured, cfRulesConfigured: d.cfRulesConfigured, cfDnsRecords: recordsOf(d.cfDnsRecords),
      afdProfileName: d.afdProfileName, afdEndpointName: d.afdEndpointName, afdRouteName: d.afdRouteName, afdCustomDomainId: d.afdCustomDomainId,
      afdProvisionStatus: d.afdProvisionStatus, afdValidationStatus: d.afdValidationStatus, afdRoutesAssociated: d.afdRoutesAssociated,
      afdValidation: d.afdValidationToken ? { recordName: validationRecordName(d.domainName), token: d.afdValidationToken } : null,
      afdComplete: afdComplete(d),
      isPrimary: d.isPrimary, isLocked: d.isLocked, isB2CPFF: d.isB2CPFF, isBackoffice: d.isBackoffice, isBrand: d.isBrand, isInternal: d.isInternal,
      defaultLang: d.defaultLang,
      automation: { status: d.automationStatus, step: d.automationStep, error: d.automationError },
      syncedAt: d.syncedAt?.toISOString() ?? null, createdBy: d.createdBy, createdAt: d.createdAt.toISOString(), updatedAt: d.updatedAt.toISOString(),
    };
  });
}

/** Whether the Front Door details the AFD actions need are all recorded (000 §8 "Some AFD details are missing!…"). */
export const afdComplete = (d: DomainRow): boolean => !!(d.afdProfileName && d.afdEndpointName && d.afdRouteName && d.afdCustomDomainId);

export const zoneSelect = (db: Db) => db.select({ d: domains, accountTitle: cfAccounts.title, accountToken: cfAccounts.apiToken }).from(domains)
  .leftJoin(cfAccounts, eq(cfAccounts.cfAccountCode, domains.cfAccountCode));

export async function zoneView(db: Db, id: string): Promise<ZoneView> {
  const rows = await zoneSelect(db).where(eq(domains.id, id)).limit(1);
  if (!rows[0]) throw notFound(M.DOMAIN_NOT_FOUND);
  return (await zoneViews(db, rows))[0]!;
}

export async function accountOf(db: Db, code: string): Promise<AccountRow> {
  const [a] = await db.select().from(cfAccounts).where(eq(cfAccounts.cfAccountCode, code)).limit(1);
  if (!a) throw notFound(M.CF_ACCOUNT_NOT_FOUND);
  return a;
}

/** The named profile, else the default one; null when there is none. */
export async function profileOf(db: Db, name: string | null | undefined): Promise<ProfileRow | null> {
  const [p] = name
    ? await db.select().from(afdProfiles).where(eq(afdProfiles.afdProfileName, name)).limit(1)
    : await db.select().from(afdProfiles).orderBy(desc(afdProfiles.isDefault), asc(afdProfiles.createdAt)).limit(1);
  return p ?? null;
}

export const refOf = (p: ProfileRow): AfdProfileRef => ({
  resourceGroup: p.resourceGroup, profileName: p.afdProfileName, endpointNamePrefix: p.endpointNamePrefix, ppfRouteNamePrefix: p.ppfRouteNamePrefix, boRouteNamePrefix: p.boRouteNamePrefix,
});

const touch = (db: Db, id: string, set: Partial<DomainRow>) => db.update(domains).set({ ...set, updatedAt: new Date() }).where(eq(domains.id, id));

/**
 * Re-read a domain from Cloudflare (zone status, name servers, DNS records) and, when it has a
 * Front Door custom domain, its validation state there. Answers the row as recorded after.
 */
export async function syncDomain(db: Db, d: DomainRow): Promise<void> {
  if (!d.cfZoneId) throw new HttpError(409, [M.NOT_ON_CLOUDFLARE], 'CONFLICT');
  const acct = await accountOf(db, d.cfAccountCode);
  const cf = cloudflareFor(db);
  let set: Partial<DomainRow>;
  try {
    const zone = await cf.getZone(acct.apiToken, d.cfZoneId);
    if (!zone) {
      set = { cfZoneStatus: 'deleted', cfDnsRecords: [], syncedAt: new Date() };
    } else {
      const records = await cf.listDnsRecords(acct.apiToken, d.cfZoneId);
      set = { cfZoneStatus: zone.status, cfZoneNameServers: zone.name_servers, cfDnsRecords: records.map(recordView), syncedAt: new Date() };
    }
  } catch (e) { throw providerError(e, M.CLOUDFLARE_FAILED); }
  if (d.afdProfileName && d.afdCustomDomainId) {
    const p = await profileOf(db, d.afdProfileName);
    if (p) {
      try {
        const cd = await frontDoorFor(db).getCustomDomain(refOf(p), afdDomainNameOf(d.domainName));
        set = { ...set, afdValidationStatus: cd?.domainValidationState ?? 'Deleted', afdProvisionStatus: cd?.provisioningState ?? 'Deleted' };
      } catch (e) { throw providerError(e, M.FRONT_DOOR_FAILED); }
    }
  }
  await touch(db, d.id, set);
}

/**
 * The add-domain automation (000 §4), one step after the other, each recorded on the domain as it
 * starts and what it found as it ends, so the console follows it (in progress / completed /
 * error). Each step first looks for what an earlier run made, so a run again (a retried job)
 * continues rather than duplicates:
 * ZONE the Cloudflare zone (its name servers) → DNS the CNAMEs of the apex and www to the
 * target's Front Door endpoint → RULES SSL strict and Always Use HTTPS → AFD_DOMAIN the Front Door
 * custom domain and its `_dnsauth` TXT record → ROUTE the custom domain on the target's route.
 */
export async function runAutomation(db: Db, domainId: string, clients?: { cf: CloudflareClient; fd: FrontDoorClient }): Promise<void> {
  const [start] = await db.select().from(domains).where(eq(domains.id, domainId)).limit(1);
  if (!start || start.automationStatus !== 'IN_PROGRESS') return;
  let d: DomainRow = start;
  const cf = clients?.cf ?? cloudflareFor(db);
  const fd = clients?.fd ?? frontDoorFor(db);
  const step = async (name: string, fn: () => Promise<Partial<DomainRow>>) => {
    await touch(db, d.id, { automationStep: name });
    const set = await fn();
    await touch(db, d.id, set);
    d = { ...d, ...set };
  };
  try {
    const acct = await accountOf(db, d.cfAccountCode);
    const token = acct.apiToken;
    const profile = await profileOf(db, d.afdProfileName);
    if (!profile) throw new Error(M.AFD_MISSING);
    const ref = refOf(profile);
    const target = d.isBackoffice ? 'backoffice' : 'player';
    const { endpointName, routeName } = targetNames(ref, target);

    await step('ZONE', async () => {
      const zone = (d.cfZoneId ? await cf.getZone(token, d.cfZoneId) : null) ?? await cf.findZone(token, d.domainName) ?? await cf.createZone(token, acct.cfAccountId, d.domainName);
      return { cfZoneId: zone.id, cfZoneStatus: zone.status, cfZoneNameServers: zone.name_servers };
    });
    const zoneId = d.cfZoneId!;

    await step('DNS', async () => {
      const endpoint = (await fd.listEndpoints(ref)).find((e) => e.name === endpointName);
      if (!endpoint) throw new Error(`Front Door endpoint ${endpointName} was not found on profile ${ref.profileName}.`);
      const have = await cf.listDnsRecords(token, zoneId);
      for (const name of [d.domainName, `www.${d.domainName}`]) {
        if (!have.some((r) => r.name === name)) await cf.createDnsRecord(token, zoneId, { type: 'CNAME', name, content: endpoint.hostName, proxied: true });
      }
      return { cfDnsConfigured: true, afdProfileName: ref.profileName, afdEndpointName: endpointName, cfDnsRecords: (await cf.listDnsRecords(token, zoneId)).map(recordView) };
    });

    await step('RULES', async () => {
      await cf.setSetting(token, zoneId, 'ssl', 'strict');
      await cf.setSetting(token, zoneId, 'always_use_https', 'on');
      return { cfRulesConfigured: true, cfZoneSslMode: 'strict' };
    });

    await step('AFD_DOMAIN', async () => {
      const name = afdDomainNameOf(d.domainName);
      const cd = await fd.getCustomDomain(ref, name) ?? await fd.createCustomDomain(ref, name, d.domainName);
      const txt = validationRecordName(d.domainName);
      const have = await cf.listDnsRecords(token, zoneId);
      if (!have.some((r) => r.type === 'TXT' && r.name === txt && r.content === cd.validationToken)) {
        await cf.createDnsRecord(token, zoneId, { type: 'TXT', name: txt, content: cd.validationToken, proxied: false });
      }
      const now = await fd.getCustomDomain(ref, name) ?? cd;
      return {
        afdCustomDomainId: now.id, afdValidationToken: now.validationToken, afdValidationStatus: now.domainValidationState, afdProvisionStatus: now.provisioningState,
        cfDnsRecords: (await cf.listDnsRecords(token, zoneId)).map(recordView),
      };
    });

    await step('ROUTE', async () => {
      const route = (await fd.listRoutes(ref, endpointName)).find((r) => r.name === routeName);
      if (!route) throw new Error(`Front Door route ${routeName} was not found on endpoint ${endpointName}.`);
      if (!route.customDomainIds.includes(d.afdCustomDomainId!)) await fd.setRouteDomains(ref, endpointName, routeName, [...route.customDomainIds, d.afdCustomDomainId!]);
      return { afdRouteName: routeName, afdRoutesAssociated: true };
    });
    await touch(db, d.id, { automationStatus: 'COMPLETED', automationStep: null, automationError: null, syncedAt: new Date() });
  } catch (e) {
    const msg = e instanceof CloudflareError ? `Cloudflare: ${e.message}${e.code ? ` (${e.code})` : ''}` : e instanceof FrontDoorError ? `Front Door: ${e.message}` : (e as Error).message;
    await touch(db, d.id, { automationStatus: 'ERROR', automationError: msg.slice(0, 500) });
  }
}

/** Domains whose automation was left IN_PROGRESS (queued while no queue ran, or a process died): handed to the queue at start. */
export async function unfinishedAutomations(db: Db): Promise<string[]> {
  const rows = await db.select({ id: domains.id }).from(domains).where(eq(domains.automationStatus, 'IN_PROGRESS'));
  return rows.map((r) => r.id);
}
