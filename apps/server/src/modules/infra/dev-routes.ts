/**
 * /settings/dev, the developer settings (000 §7 /api/dev/frontdoor…, /api/dev/dns…; 002 §7 the
 * Auth0 deletions): custom domains on the platform's default Front Door profile, the DNS records
 * of an operator's primary domain, Auth0 custom domains and organizations. Every change is the
 * provider call first, then its activity (nothing of ours to change in between).
 */
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { INFRA_MESSAGES, afdDomainNameOf, validationRecordName, type CustomDomainTarget } from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { domains } from '../../db/schema.js';
import { HttpError, ok } from '../../lib/http.js';
import type { Handlers } from '../../platform/endpoints.js';
import { cloudflareFor } from '../../integrations/cloudflare/index.js';
import { frontDoorFor, targetNames, type AfdCustomDomain, type AfdProfileRef } from '../../integrations/front-door/index.js';
import { Auth0Error, auth0For } from '../../integrations/auth0/index.js';
import { accountOf, profileOf, providerError, refOf } from './service.js';

const M = INFRA_MESSAGES;
type Names = 'dev.customDomains' | 'dev.customDomainEndpoints' | 'dev.customDomainCreate' | 'dev.customDomainDelete' | 'dev.dns' | 'dev.dnsCreate' | 'dev.dnsUpdate' | 'dev.dnsDelete'
  | 'dev.auth0Domains' | 'dev.auth0DomainDelete' | 'dev.auth0Orgs' | 'dev.auth0OrgDelete';

/** The platform's default Front Door profile (the dev page works on it), or 409 "Some AFD details are missing!…". */
async function defaultRef(db: Db): Promise<AfdProfileRef> {
  const p = await profileOf(db, null);
  if (!p) throw new HttpError(409, [M.AFD_MISSING], 'CONFLICT');
  return refOf(p);
}

/** Where each custom domain is served: endpoint → the route's custom domain ids. */
async function associations(db: Db, ref: AfdProfileRef): Promise<{ target: CustomDomainTarget; endpointName: string; routeName: string; ids: string[] }[]> {
  const fd = frontDoorFor(db);
  const out = [];
  for (const target of ['player', 'backoffice'] as const) {
    const { endpointName, routeName } = targetNames(ref, target);
    const route = (await fd.listRoutes(ref, endpointName)).find((r) => r.name === routeName);
    out.push({ target, endpointName, routeName, ids: route?.customDomainIds ?? [] });
  }
  return out;
}

function customDomainView(cd: AfdCustomDomain, assoc: Awaited<ReturnType<typeof associations>>) {
  const at = assoc.find((a) => a.ids.includes(cd.id));
  return {
    id: cd.id, name: cd.name, hostName: cd.hostName, validationProperties: { validationToken: cd.validationToken, expirationDate: cd.expirationDate },
    domainValidationState: cd.domainValidationState, provisioningState: cd.provisioningState,
    endpointName: at?.endpointName ?? null, target: at?.target ?? null, validationRecordName: validationRecordName(cd.hostName),
  };
}

/** The operator's primary domain with a Cloudflare zone, and its account's token. */
async function primaryZone(db: Db, opId: string) {
  const [d] = await db.select().from(domains).where(and(eq(domains.opId, opId), eq(domains.isPrimary, true))).limit(1);
  if (!d?.cfZoneId) throw new HttpError(409, [M.NO_PRIMARY_ZONE], 'CONFLICT');
  const acct = await accountOf(db, d.cfAccountCode);
  return { d, zoneId: d.cfZoneId, token: acct.apiToken };
}

const auth0Error = (e: unknown, notFoundMsg: string) => (e instanceof Auth0Error && e.notFound
  ? new HttpError(404, [notFoundMsg], 'NOT_FOUND')
  : new HttpError(e instanceof Auth0Error && !e.unreachable ? 400 : 502, [M.AUTH0_FAILED, (e as Error).message], 'PROVIDER_REFUSED'));

export const devHandlers: Handlers<Names> = {
  'dev.customDomains': async ({ db }) => {
    const ref = await defaultRef(db);
    try {
      const assoc = await associations(db, ref);
      return ok((await frontDoorFor(db).listCustomDomains(ref)).map((cd) => customDomainView(cd, assoc)));
    } catch (e) { throw providerError(e, M.FRONT_DOOR_FAILED); }
  },

  'dev.customDomainEndpoints': async ({ db, query }) => {
    const ref = await defaultRef(db);
    const fd = frontDoorFor(db);
    try {
      const assoc = (await associations(db, ref)).find((a) => a.ids.includes(query.domainId));
      const ep = assoc ? (await fd.listEndpoints(ref)).find((e) => e.name === assoc.endpointName) : undefined;
      return ok({ endpointName: assoc?.endpointName ?? null, hostName: ep?.hostName ?? null });
    } catch (e) { throw providerError(e, M.FRONT_DOOR_FAILED); }
  },

  /** Create the custom domain, then put it on the target's route; the next step (000 §4) is its TXT record. */
  'dev.customDomainCreate': async ({ db, body: b, audit }) => {
    const ref = await defaultRef(db);
    const fd = frontDoorFor(db);
    let view;
    try {
      const cd = await fd.createCustomDomain(ref, afdDomainNameOf(b.domain), b.domain);
      const { endpointName, routeName } = targetNames(ref, b.target);
      const route = (await fd.listRoutes(ref, endpointName)).find((r) => r.name === routeName);
      if (route) await fd.setRouteDomains(ref, endpointName, routeName, [...route.customDomainIds, cd.id]);
      view = customDomainView(cd, await associations(db, ref));
    } catch (e) { throw providerError(e, M.FRONT_DOOR_FAILED); }
    await db.transaction(async (tx) => { await audit(tx, { targetType: 'afdDomain', targetId: view.name, after: { hostName: view.hostName, target: b.target, endpointName: view.endpointName } }); });
    return ok(view, [M.CUSTOM_DOMAIN_CREATED]);
  },

  /**
   * Take the custom domain off the target endpoint's route (targetId: player or backoffice, or the
   * endpoint's name), then delete it; still served by another route, Front Door refuses (000 §8).
   */
  'dev.customDomainDelete': async ({ db, query: q, audit }) => {
    const ref = await defaultRef(db);
    const fd = frontDoorFor(db);
    let cd: AfdCustomDomain | null;
    try {
      cd = await fd.getCustomDomain(ref, q.name);
      if (!cd) throw new HttpError(404, [M.CUSTOM_DOMAIN_NOT_FOUND], 'NOT_FOUND');
      const target = (await associations(db, ref)).find((a) => a.target === q.targetId || a.endpointName === q.targetId);
      if (target?.ids.includes(cd.id)) await fd.setRouteDomains(ref, target.endpointName, target.routeName, target.ids.filter((x) => x !== cd!.id));
    } catch (e) { throw providerError(e, M.FRONT_DOOR_FAILED); }
    try {
      await fd.deleteCustomDomain(ref, q.name);
    } catch (e) {
      const err = providerError(e, M.CUSTOM_DOMAIN_DELETE_FAILED);
      throw new HttpError(err.statusCode === 400 ? 409 : err.statusCode, [M.CUSTOM_DOMAIN_DELETE_FAILED, ...err.messages.slice(1)], err.status);
    }
    await db.transaction(async (tx) => { await audit(tx, { targetType: 'afdDomain', targetId: q.name, before: { hostName: cd!.hostName, id: cd!.id } }); });
    return ok({}, [M.CUSTOM_DOMAIN_DELETED]);
  },

  'dev.dns': async ({ db, found: op }) => {
    const z = await primaryZone(db, op.opId);
    try {
      return ok({ domainName: z.d.domainName, records: await cloudflareFor(db).listDnsRecords(z.token, z.zoneId) });
    } catch (e) { throw providerError(e, M.CLOUDFLARE_FAILED); }
  },

  'dev.dnsCreate': async ({ db, body: b, found: op, audit }) => {
    const z = await primaryZone(db, op.opId);
    let rec;
    try { rec = await cloudflareFor(db).createDnsRecord(z.token, z.zoneId, { ...b, proxied: b.type === 'CNAME' }); } catch (e) { throw providerError(e, M.DNS_ADD_FAILED); }
    await db.transaction(async (tx) => { await audit(tx, { targetType: 'dnsRecord', targetId: rec.id, after: { domainName: z.d.domainName, type: rec.type, name: rec.name, content: rec.content } }); });
    return ok(rec, [M.DNS_ADDED]);
  },

  'dev.dnsUpdate': async ({ db, body: b, found: op, audit }) => {
    const z = await primaryZone(db, op.opId);
    const cf = cloudflareFor(db);
    let rec; let before;
    try {
      before = (await cf.listDnsRecords(z.token, z.zoneId)).find((r) => r.id === b.id);
      if (!before) throw new HttpError(404, [M.DNS_RECORD_NOT_FOUND], 'NOT_FOUND');
      rec = await cf.updateDnsRecord(z.token, z.zoneId, b.id, { type: b.type, name: b.name, content: b.content, proxied: before.proxied });
    } catch (e) { throw providerError(e, M.CLOUDFLARE_FAILED); }
    await db.transaction(async (tx) => {
      await audit(tx, { targetType: 'dnsRecord', targetId: rec.id, before: { type: before.type, name: before.name, content: before.content }, after: { type: rec.type, name: rec.name, content: rec.content } });
    });
    return ok({ message: M.DEV_DNS_UPDATED, record: rec }, [M.DEV_DNS_UPDATED]);
  },

  /** By the record's id (000 §7 `?id`): in the primary zone of the operator sent, else of the caller's operator whose primary zone holds it. */
  'dev.dnsDelete': async ({ db, repo, query: q, found: op, audit }) => {
    const cf = cloudflareFor(db);
    let z: Awaited<ReturnType<typeof primaryZone>> | undefined;
    let before;
    try {
      if (op) {
        z = await primaryZone(db, op.opId);
        before = (await cf.listDnsRecords(z.token, z.zoneId)).find((r) => r.id === q.id);
      } else {
        // The caller's operators' primary zones: the one whose recorded records hold the id first, then the others at Cloudflare.
        const zones = await db.select().from(domains)
          .where(and(eq(domains.isPrimary, true), isNotNull(domains.cfZoneId), await repo.where(domains.opId)))
          .orderBy(sql`${domains.cfDnsRecords} @> ${JSON.stringify([{ id: q.id }])}::jsonb desc`, asc(domains.domainName));
        for (const d of zones) {
          const at = { d, zoneId: d.cfZoneId!, token: (await accountOf(db, d.cfAccountCode)).apiToken };
          before = (await cf.listDnsRecords(at.token, at.zoneId)).find((r) => r.id === q.id);
          if (before) { z = at; break; }
        }
      }
      if (!z || !before) throw new HttpError(404, [M.DNS_RECORD_NOT_FOUND], 'NOT_FOUND');
      await cf.deleteDnsRecord(z.token, z.zoneId, q.id);
    } catch (e) { throw providerError(e, M.CLOUDFLARE_FAILED); }
    const { d } = z;
    await db.transaction(async (tx) => {
      await audit(tx, { targetType: 'dnsRecord', targetId: q.id, opId: d.opId, before: { domainName: d.domainName, type: before.type, name: before.name, content: before.content } });
    });
    return ok({}, [M.DNS_RECORD_DELETED]);
  },

  'dev.auth0Domains': async ({ db }) => {
    try { return ok(await auth0For(db).listCustomDomains()); } catch (e) { throw auth0Error(e, M.AUTH0_DOMAIN_NOT_FOUND); }
  },

  /** By its domain name (002 §7 `?domain&type`): the id is looked up first. */
  'dev.auth0DomainDelete': async ({ db, query: q, audit }) => {
    const a0 = auth0For(db);
    let found;
    try {
      found = (await a0.listCustomDomains()).find((d) => d.domain === q.domain.toLowerCase() && (!q.type || d.type === q.type));
      if (!found) throw new Auth0Error('not found', true);
      await a0.deleteCustomDomain(found.custom_domain_id);
    } catch (e) { throw auth0Error(e, M.AUTH0_DOMAIN_NOT_FOUND); }
    await db.transaction(async (tx) => { await audit(tx, { targetType: 'auth0Domain', targetId: found.domain, before: found }); });
    return ok({}, [M.AUTH0_DOMAIN_DELETED]);
  },

  'dev.auth0Orgs': async ({ db }) => {
    try { return ok(await auth0For(db).listOrganizations()); } catch (e) { throw auth0Error(e, M.AUTH0_ORG_NOT_FOUND); }
  },

  'dev.auth0OrgDelete': async ({ db, query: q, audit }) => {
    const a0 = auth0For(db);
    let found;
    try {
      found = (await a0.listOrganizations()).find((o) => o.id === q.orgId);
      if (!found) throw new Auth0Error('not found', true);
      await a0.deleteOrganization(q.orgId);
    } catch (e) { throw auth0Error(e, M.AUTH0_ORG_NOT_FOUND); }
    await db.transaction(async (tx) => { await audit(tx, { targetType: 'auth0Organization', targetId: found.id, before: found }); });
    return ok({}, [M.AUTH0_ORG_DELETED]);
  },
};
