/**
 * Domains (Cloudflare zones), Cloudflare accounts and Front Door profiles (000 §2.4, §4, §7).
 * Provider calls are made outside transactions: read → call → one transaction recording the
 * outcome with its activity.
 */
import { and, asc, desc, eq, isNotNull, like, ne, sql } from 'drizzle-orm';
import {
  DOMAIN_DELETE_ACTIONS, DOMAIN_FLAG_DEFAULTS as D, EXPORT_MAX_ROWS, INFRA_MESSAGES, afdDomainNameOf, cfAccountCodeOf, isZonesExport, maskSecret, type DomainUpdateAction,
} from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { afdProfiles, cfAccounts, domains } from '../../db/schema.js';
import { HttpError, ok } from '../../lib/http.js';
import { loadOperators } from '../../lib/scope.js';
import { inScope } from '../../lib/query.js';
import type { Handlers } from '../../platform/endpoints.js';
import { list, match } from '../../platform/list.js';
import { assertWithinOperator } from '../../platform/repo.js';
import { enqueue } from '../../jobs/queue.js';
import { cloudflareFor } from '../../integrations/cloudflare/index.js';
import { frontDoorFor } from '../../integrations/front-door/index.js';
import {
  accountOf, afdComplete, profileOf, providerError, refOf, syncDomain, zoneView, zoneViews, type AccountRow, type DomainRow, type ProfileRow,
} from './service.js';

const M = INFRA_MESSAGES;

type Names = 'infra.zones' | 'infra.zone' | 'infra.zoneCreate' | 'infra.zoneCreateMin' | 'infra.zoneUpdate' | 'infra.zoneDelete' | 'infra.dnsCreate' | 'infra.dnsDelete'
  | 'infra.cfTokens' | 'infra.cfAccounts' | 'infra.cfAccountCreate' | 'infra.cfAccountUpdate' | 'infra.cfAccountDelete' | 'infra.afds' | 'infra.afdCreate' | 'infra.afdUpdate';

const conflict = (m: string) => new HttpError(409, [m], 'CONFLICT');
const bool = (v: boolean | undefined, d: boolean) => v ?? d;

/** What the activity keeps of a domain (never a token). */
const domainAudit = (d: DomainRow) => ({
  domainName: d.domainName, opId: d.opId, cfAccountCode: d.cfAccountCode, cfZoneId: d.cfZoneId, cfZoneStatus: d.cfZoneStatus, isPrimary: d.isPrimary,
  afdProfileName: d.afdProfileName, afdCustomDomainId: d.afdCustomDomainId, afdRoutesAssociated: d.afdRoutesAssociated,
  isLocked: d.isLocked, isB2CPFF: d.isB2CPFF, isBackoffice: d.isBackoffice, isBrand: d.isBrand, isInternal: d.isInternal, defaultLang: d.defaultLang,
});

async function accountView(db: Db, a: AccountRow) {
  const { byId } = await loadOperators(db);
  const op = byId.get(a.opId);
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(domains).where(eq(domains.cfAccountCode, a.cfAccountCode));
  return accountViewOf(a, n, op?.title ?? a.opId, op?.parentOpId ? byId.get(op.parentOpId)?.title ?? null : null);
}
const accountViewOf = (a: AccountRow, domainsCount: number, opTitle: string, parentOpTitle: string | null) => ({
  id: a.id, opId: a.opId, opTitle, parentOpTitle, title: a.title, description: a.description, note: a.note, cfAccountId: a.cfAccountId, cfAccountCode: a.cfAccountCode,
  token: maskSecret(a.apiToken), domains: domainsCount, createdBy: a.createdBy, createdAt: a.createdAt.toISOString(), updatedAt: a.updatedAt.toISOString(),
});

async function profileView(db: Db, p: ProfileRow) {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(domains).where(eq(domains.afdProfileName, p.afdProfileName));
  return profileViewOf(p, n);
}
const profileViewOf = (p: ProfileRow, n: number) => ({
  id: p.id, afdProfileName: p.afdProfileName, resourceGroup: p.resourceGroup, managedIdentityClientId: p.managedIdentityClientId, isDefault: p.isDefault,
  title: p.title, description: p.description, note: p.note, extraData: (p.extraData ?? {}) as Record<string, string>,
  endpointNamePrefix: p.endpointNamePrefix, ppfRouteNamePrefix: p.ppfRouteNamePrefix, apiRouteNamePrefix: p.apiRouteNamePrefix, boRouteNamePrefix: p.boRouteNamePrefix,
  domains: n, createdAt: p.createdAt.toISOString(), updatedAt: p.updatedAt.toISOString(),
});

/** The domain's Front Door details, or 409 "Some AFD details are missing!…" (000 §8). */
async function afdOf(db: Db, d: DomainRow) {
  const p = afdComplete(d) ? await profileOf(db, d.afdProfileName) : null;
  if (!p) throw conflict(M.AFD_MISSING);
  return { ref: refOf(p), endpointName: d.afdEndpointName!, routeName: d.afdRouteName!, customDomainId: d.afdCustomDomainId! };
}

/** Take the domain off its route and delete its Front Door custom domain (what AFD_DELETE and the full delete do there). */
async function removeFromFrontDoor(db: Db, d: DomainRow): Promise<void> {
  const a = await afdOf(db, d);
  const fd = frontDoorFor(db);
  try {
    const route = (await fd.listRoutes(a.ref, a.endpointName)).find((r) => r.name === a.routeName);
    if (route?.customDomainIds.includes(a.customDomainId)) await fd.setRouteDomains(a.ref, a.endpointName, a.routeName, route.customDomainIds.filter((x) => x !== a.customDomainId));
    if (await fd.getCustomDomain(a.ref, afdDomainNameOf(d.domainName))) await fd.deleteCustomDomain(a.ref, afdDomainNameOf(d.domainName));
  } catch (e) { throw providerError(e, M.FRONT_DOOR_FAILED); }
}

const AFD_CLEARED = {
  afdCustomDomainId: null, afdValidationToken: null, afdValidationStatus: null, afdProvisionStatus: null, afdRoutesAssociated: false,
} satisfies Partial<DomainRow>;

/** `base`, or `base-2`, `base-3`…: the first code no account holds (`base` is letters, digits and dashes: no LIKE wildcard). */
async function freeAccountCode(db: Db, base: string): Promise<string> {
  const rows = await db.select({ c: cfAccounts.cfAccountCode }).from(cfAccounts).where(like(cfAccounts.cfAccountCode, `${base}%`));
  const taken = new Set(rows.map((r) => r.c));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

export const infraHandlers: Handlers<Names> = {
  'infra.zones': async (ctx) => {
    const q = ctx.query;
    // 000 §7: named, the list path answers that one domain, found as the details call finds it
    // (within the caller's operators, and the selected operator or its brands).
    if (q.domainName !== undefined) {
      const d = await ctx.repo.get('domain', q.domainName, 'domainName');
      await assertWithinOperator(ctx.db, 'domain', d, q.opId);
      if (q.isForceFetch) await syncDomain(ctx.db, d);
      return ok(await zoneView(ctx.db, d.id));
    }
    // The spec's sortByName / sortByOrder are sortBy / sort by other names; page and limit 0 export every row (up to the export cap).
    const all = isZonesExport(q);
    const body = { ...q, sortBy: q.sortBy ?? q.sortByName, sort: q.sort ?? q.sortByOrder, ...(all ? { page: 1, limit: EXPORT_MAX_ROWS } : {}) };
    const page = await list({ ...ctx, body }, {
      rows: (select) => select({ d: domains, accountTitle: cfAccounts.title, accountToken: cfAccounts.apiToken }).from(domains)
        .leftJoin(cfAccounts, eq(cfAccounts.cfAccountCode, domains.cfAccountCode)),
      scope: domains.opId,
      filters: {
        domain: match.contains(domains.domainName),
        cfAccountCode: match.eq(domains.cfAccountCode),
        cfAccountId: match.eq(domains.cfAccountId),
        cfZoneId: match.eq(domains.cfZoneId),
        cfZoneStatus: match.eq(domains.cfZoneStatus),
        defaultLang: match.eq(domains.defaultLang),
        isPrimary: match.bool(domains.isPrimary),
        afdProfileName: match.eq(domains.afdProfileName),
        afdEndpointName: match.eq(domains.afdEndpointName),
        afdRouteName: match.eq(domains.afdRouteName),
        afdValidationStatus: match.eq(domains.afdValidationStatus),
        afdProvisionStatus: match.eq(domains.afdProvisionStatus),
        afdRoutesAssociated: match.bool(domains.afdRoutesAssociated),
        cfDnsConfigured: match.bool(domains.cfDnsConfigured),
        cfRulesConfigured: match.bool(domains.cfRulesConfigured),
        automationStatus: match.eq(domains.automationStatus),
      },
      sort: { keys: { domainName: domains.domainName, createdAt: domains.createdAt, updatedAt: domains.updatedAt }, default: 'domainName', dir: 'asc', tiebreak: domains.id },
      map: (r) => r,
    });
    return ok({ ...page, ...(all ? { page: 0, limit: 0 } : {}), items: await zoneViews(ctx.db, page.items) });
  },

  /** Force Refresh (isForceFetch): re-read the zone from Cloudflare first, then answer what is recorded. */
  'infra.zone': async ({ db, query, found: d }) => {
    if (query.isForceFetch) await syncDomain(db, d);
    return ok(await zoneView(db, d.id));
  },

  /** Add New Domain (V2): the domain is recorded IN_PROGRESS with its activity, then the automation job takes it (outside any transaction). */
  'infra.zoneCreate': async ({ db, user, body: b, found: op, audit }) => {
    const acct = await accountOf(db, b.cfAccountCode);
    if (b.afdProfileName && !(await profileOf(db, b.afdProfileName))) throw new HttpError(400, [M.PROFILE_NOT_FOUND], 'VALIDATION_ERROR');
    const profile = await profileOf(db, b.afdProfileName);
    const row = await db.transaction(async (tx) => {
      const [taken] = await tx.select({ id: domains.id }).from(domains).where(eq(domains.domainName, b.domainName)).limit(1);
      if (taken) throw conflict(M.DOMAIN_TAKEN);
      if (b.isPrimary) await tx.update(domains).set({ isPrimary: false, updatedAt: new Date() }).where(and(eq(domains.opId, op.opId), eq(domains.isPrimary, true)));
      const [r] = await tx.insert(domains).values({
        domainName: b.domainName, opId: op.opId, cfAccountCode: acct.cfAccountCode, cfAccountId: acct.cfAccountId,
        afdProfileName: profile?.afdProfileName ?? null, isPrimary: bool(b.isPrimary, false), isLocked: bool(b.isLocked, D.isLocked), isB2CPFF: bool(b.isB2CPFF, D.isB2CPFF),
        isBackoffice: bool(b.isBackoffice, D.isBackoffice), isBrand: bool(b.isBrand, D.isBrand), isInternal: bool(b.isInternal, D.isInternal), defaultLang: b.defaultLang ?? 'en',
        automationStatus: 'IN_PROGRESS', createdBy: user.email,
      }).returning();
      await audit(tx, { targetType: 'domain', targetId: r!.domainName, opId: r!.opId, after: domainAudit(r!) });
      return r!;
    });
    await enqueue(db, 'infra.domain-automation', { domainId: row.id }, row.id);
    return ok(await zoneView(db, row.id), [M.V2_DOMAIN_ADDED]);
  },

  /** Add New Domain (minimized): the zone is made at Cloudflare now; its name servers are the answer. */
  'infra.zoneCreateMin': async ({ db, user, body: b, found: op, audit }) => {
    const acct = await accountOf(db, b.token);
    const [taken] = await db.select({ id: domains.id }).from(domains).where(eq(domains.domainName, b.domain)).limit(1);
    if (taken) throw new HttpError(409, [M.MIN_DOMAIN_FAILED, M.DOMAIN_TAKEN], 'CONFLICT');
    let zone;
    try {
      zone = await cloudflareFor(db).createZone(acct.apiToken, acct.cfAccountId, b.domain);
    } catch (e) {
      const err = providerError(e, M.MIN_DOMAIN_FAILED);
      throw new HttpError(err.statusCode, [M.MIN_DOMAIN_FAILED, M.MIN_DOMAIN_FAILED_INLINE, ...err.messages.slice(1)], err.status);
    }
    const row = await db.transaction(async (tx) => {
      const [r] = await tx.insert(domains).values({
        domainName: b.domain, opId: op.opId, cfAccountCode: acct.cfAccountCode, cfAccountId: acct.cfAccountId,
        cfZoneId: zone.id, cfZoneStatus: zone.status, cfZoneNameServers: zone.name_servers, createdBy: user.email, syncedAt: new Date(),
      }).returning();
      await audit(tx, { targetType: 'domain', targetId: r!.domainName, opId: r!.opId, after: domainAudit(r!) });
      return r!;
    });
    return ok({ name_servers: zone.name_servers, zone: await zoneView(db, row.id) }, [M.DOMAIN_ADDED]);
  },

  'infra.zoneUpdate': async ({ db, body: b, found: d, audit }) => {
    const action = b.action as DomainUpdateAction;
    if ((DOMAIN_DELETE_ACTIONS as readonly string[]).includes(action) && d.isPrimary) throw conflict(M.PRIMARY_NOT_DELETABLE);
    const cf = cloudflareFor(db);
    const write = async (set: Partial<DomainRow> | 'delete', after: Record<string, unknown> = {}) => db.transaction(async (tx) => {
      if (set === 'delete') await tx.delete(domains).where(eq(domains.id, d.id));
      else await tx.update(domains).set({ ...set, updatedAt: new Date() }).where(eq(domains.id, d.id));
      await audit(tx, { action: `DOMAIN_${action}`, before: domainAudit(d), after: { ...(set === 'delete' ? { deleted: true } : set), ...after } });
    });
    let purgedZones = 0;
    switch (action) {
      case 'EDIT': {
        const x = b.domainDetails ?? {};
        if (x.afdProfileName && !(await profileOf(db, x.afdProfileName))) throw new HttpError(400, [M.PROFILE_NOT_FOUND], 'VALIDATION_ERROR');
        await write({
          isLocked: x.isLocked ?? d.isLocked, isB2CPFF: x.isB2CPFF ?? d.isB2CPFF, isBackoffice: x.isBackoffice ?? d.isBackoffice, isBrand: x.isBrand ?? d.isBrand,
          isInternal: x.isInternal ?? d.isInternal, defaultLang: x.defaultLang ?? d.defaultLang, afdProfileName: x.afdProfileName || d.afdProfileName,
        });
        break;
      }
      case 'CF_DELETE': {
        if (!d.cfZoneId) throw conflict(M.NOT_ON_CLOUDFLARE);
        const acct = await accountOf(db, d.cfAccountCode);
        try { await cf.deleteZone(acct.apiToken, d.cfZoneId); } catch (e) { throw providerError(e, M.CLOUDFLARE_FAILED); }
        await write({ cfZoneId: null, cfZoneStatus: 'deleted', cfDnsRecords: [], cfDnsConfigured: false, cfRulesConfigured: false, cfZoneNameServers: [] });
        break;
      }
      case 'DB_DELETE':
        await write('delete');
        return ok({ zone: null, purgedZones: 0 }, [M.ACTION_DONE]);
      case 'AFD_DELETE':
        await removeFromFrontDoor(db, d);
        await write(AFD_CLEARED);
        break;
      case 'SET_PRIMARY': {
        if (d.isPrimary) throw conflict(M.ALREADY_PRIMARY);
        await db.transaction(async (tx) => {
          await tx.update(domains).set({ isPrimary: false, updatedAt: new Date() }).where(and(eq(domains.opId, d.opId), eq(domains.isPrimary, true)));
          await tx.update(domains).set({ isPrimary: true, updatedAt: new Date() }).where(eq(domains.id, d.id));
          await audit(tx, { action: 'DOMAIN_SET_PRIMARY', before: { isPrimary: false }, after: { isPrimary: true } });
        });
        break;
      }
      case 'ASSOCIATE': {
        const a = await afdOf(db, d);
        const fd = frontDoorFor(db);
        try {
          const route = (await fd.listRoutes(a.ref, a.endpointName)).find((r) => r.name === a.routeName);
          if (!route) throw conflict(M.AFD_MISSING);
          if (!route.customDomainIds.includes(a.customDomainId)) await fd.setRouteDomains(a.ref, a.endpointName, a.routeName, [...route.customDomainIds, a.customDomainId]);
        } catch (e) { throw providerError(e, M.FRONT_DOOR_FAILED); }
        await write({ afdRoutesAssociated: true });
        break;
      }
      case 'SYNC_CF':
        await syncDomain(db, d);
        await db.transaction(async (tx) => { await audit(tx, { action: 'DOMAIN_SYNC_CF', before: { cfZoneStatus: d.cfZoneStatus }, after: { synced: true } }); });
        break;
      case 'PURGE_CACHE': {
        if (!d.cfZoneId) throw conflict(M.NOT_ON_CLOUDFLARE);
        const acct = await accountOf(db, d.cfAccountCode);
        try { await cf.purgeCache(acct.apiToken, d.cfZoneId); } catch (e) { throw providerError(e, M.CLOUDFLARE_FAILED); }
        purgedZones = 1;
        await db.transaction(async (tx) => { await audit(tx, { action: 'DOMAIN_PURGE_CACHE', after: { purged: [d.domainName] } }); });
        break;
      }
      case 'PURGE_CACHE_ALL': {
        const zones = await db.select().from(domains).where(and(eq(domains.opId, d.opId), isNotNull(domains.cfZoneId))).orderBy(asc(domains.domainName));
        const purged: string[] = [];
        const failed: string[] = [];
        for (const z of zones) {
          try {
            const acct = await accountOf(db, z.cfAccountCode);
            await cf.purgeCache(acct.apiToken, z.cfZoneId!);
            purged.push(z.domainName);
          } catch { failed.push(z.domainName); }
        }
        purgedZones = purged.length;
        await db.transaction(async (tx) => { await audit(tx, { action: 'DOMAIN_PURGE_CACHE_ALL', after: { purged, failed } }); });
        if (failed.length) throw new HttpError(502, [M.CLOUDFLARE_FAILED, ...failed], 'PROVIDER_UNAVAILABLE');
        break;
      }
    }
    return ok({ zone: await zoneView(db, d.id), purgedZones }, [action === 'EDIT' ? M.DOMAIN_UPDATED : M.ACTION_DONE]);
  },

  /** Delete a domain everywhere: Front Door (when it is there), the Cloudflare zone (when there is one), then the record. */
  'infra.zoneDelete': async ({ db, found: d, audit }) => {
    if (d.isPrimary) throw conflict(M.PRIMARY_NOT_DELETABLE);
    if (d.afdCustomDomainId) await removeFromFrontDoor(db, d);
    if (d.cfZoneId) {
      const acct = await accountOf(db, d.cfAccountCode);
      try { await cloudflareFor(db).deleteZone(acct.apiToken, d.cfZoneId); } catch (e) { throw providerError(e, M.CLOUDFLARE_FAILED); }
    }
    await db.transaction(async (tx) => {
      await tx.delete(domains).where(eq(domains.id, d.id));
      await audit(tx, { before: domainAudit(d) });
    });
    return ok({}, [M.ZONE_DELETED]);
  },

  'infra.dnsCreate': async ({ db, body: b, found: d, audit }) => {
    if (!d.cfZoneId) throw conflict(M.NOT_ON_CLOUDFLARE);
    const acct = await accountOf(db, d.cfAccountCode);
    const cf = cloudflareFor(db);
    let rec; let records;
    try {
      rec = await cf.createDnsRecord(acct.apiToken, d.cfZoneId, { type: b.dnsRecordType, name: b.dnsRecordName, content: b.dnsRecordContent, proxied: b.isDnsRecordProxied });
      records = await cf.listDnsRecords(acct.apiToken, d.cfZoneId);
    } catch (e) { throw providerError(e, M.DNS_ADD_FAILED); }
    await db.transaction(async (tx) => {
      await tx.update(domains).set({ cfDnsRecords: records, syncedAt: new Date(), updatedAt: new Date() }).where(eq(domains.id, d.id));
      await audit(tx, { after: { id: rec.id, type: rec.type, name: rec.name, content: rec.content, proxied: rec.proxied } });
    });
    return ok(rec, [M.DNS_ADDED]);
  },

  'infra.dnsDelete': async ({ db, query: q, found: d, audit }) => {
    if (!d.cfZoneId) throw conflict(M.NOT_ON_CLOUDFLARE);
    const acct = await accountOf(db, d.cfAccountCode);
    const cf = cloudflareFor(db);
    let records;
    let gone;
    try {
      const name = q.dnsRecordName.toLowerCase();
      gone = (await cf.listDnsRecords(acct.apiToken, d.cfZoneId)).find((r) => r.type === q.dnsRecordType && (r.name === name || r.name === `${name}.${d.domainName}`));
      if (!gone) throw new HttpError(404, [M.DNS_RECORD_NOT_FOUND], 'NOT_FOUND');
      await cf.deleteDnsRecord(acct.apiToken, d.cfZoneId, gone.id);
      records = await cf.listDnsRecords(acct.apiToken, d.cfZoneId);
    } catch (e) { throw providerError(e, M.CLOUDFLARE_FAILED); }
    await db.transaction(async (tx) => {
      await tx.update(domains).set({ cfDnsRecords: records, syncedAt: new Date(), updatedAt: new Date() }).where(eq(domains.id, d.id));
      await audit(tx, { before: { id: gone.id, type: gone.type, name: gone.name, content: gone.content } });
    });
    return ok({}, [M.DNS_RECORD_DELETED]);
  },

  'infra.cfTokens': async ({ db, scope }) => {
    const rows = await db.select().from(cfAccounts).where(inScope(cfAccounts.opId, scope)).orderBy(asc(cfAccounts.title), asc(cfAccounts.id));
    return ok(rows.map((a) => ({ title: a.title, token: a.cfAccountCode, opId: a.opId })));
  },

  'infra.cfAccounts': async (ctx) => {
    const { byId } = await loadOperators(ctx.db);
    return ok(await list({ ...ctx, body: ctx.query }, {
      rows: (select) => select({ a: cfAccounts, n: sql<number>`(select count(*)::int from domains d where d.cf_account_code = "cf_accounts"."cf_account_code")` }).from(cfAccounts),
      scope: cfAccounts.opId,
      filters: { search: match.contains(cfAccounts.title, cfAccounts.cfAccountCode, cfAccounts.cfAccountId) },
      sort: { keys: { createdAt: cfAccounts.createdAt }, default: 'createdAt', dir: 'desc', tiebreak: cfAccounts.id },
      map: ({ a, n }) => {
        const op = byId.get(a.opId);
        return accountViewOf(a, n, op?.title ?? a.opId, op?.parentOpId ? byId.get(op.parentOpId)?.title ?? null : null);
      },
    }));
  },

  /**
   * The token is verified with Cloudflare before anything is stored. Without a code, the account
   * gets one made from its title (`cfAccountCodeOf`), suffixed `-2`, `-3`… past the codes taken.
   */
  'infra.cfAccountCreate': async ({ db, user, body: b, found: op, audit }) => {
    const chosen = b.cfAccountCode || null;
    if (chosen) {
      const [taken] = await db.select({ id: cfAccounts.id }).from(cfAccounts).where(eq(cfAccounts.cfAccountCode, chosen)).limit(1);
      if (taken) throw new HttpError(409, [M.CF_ACCOUNT_ADD_FAILED, M.ACCOUNT_CODE_TAKEN], 'CONFLICT');
    }
    let valid: boolean;
    try { valid = await cloudflareFor(db).verifyToken(b.token); } catch (e) { throw providerError(e, M.CF_ACCOUNT_ADD_FAILED); }
    if (!valid) throw new HttpError(400, [M.CF_ACCOUNT_ADD_FAILED, M.TOKEN_INVALID], 'VALIDATION_ERROR');
    const insert = (code: string) => db.transaction(async (tx) => {
      const [a] = await tx.insert(cfAccounts).values({
        opId: op.opId, cfAccountCode: code, cfAccountId: b.accountId, title: b.title, description: b.description || null, note: b.note || null,
        apiToken: b.token, createdBy: user.email,
      }).onConflictDoNothing().returning();
      if (!a) return null;
      await audit(tx, { targetType: 'cfAccount', targetId: a.cfAccountCode, opId: a.opId, after: { title: a.title, cfAccountId: a.cfAccountId, token: maskSecret(a.apiToken) } });
      return a;
    });
    // A code made here and taken meanwhile (another account of the same title) is made again.
    let row = await insert(chosen ?? await freeAccountCode(db, cfAccountCodeOf(b.title)));
    for (let i = 0; !row && !chosen && i < 3; i++) row = await insert(await freeAccountCode(db, cfAccountCodeOf(b.title)));
    if (!row) throw new HttpError(409, [M.CF_ACCOUNT_ADD_FAILED, M.ACCOUNT_CODE_TAKEN], 'CONFLICT');
    return ok(await accountView(db, row), [M.CF_ACCOUNT_ADDED]);
  },

  'infra.cfAccountUpdate': async ({ db, body: b, found: a, audit }) => {
    const newToken = b.cfApiKey?.trim() || null;
    if (newToken) {
      let valid: boolean;
      try { valid = await cloudflareFor(db).verifyToken(newToken); } catch (e) { throw providerError(e, M.CLOUDFLARE_FAILED); }
      if (!valid) throw new HttpError(400, [M.TOKEN_INVALID], 'VALIDATION_ERROR');
    }
    const row = await db.transaction(async (tx) => {
      const [r] = await tx.update(cfAccounts).set({
        title: b.title, description: b.description ?? a.description, note: b.note ?? a.note, ...(newToken ? { apiToken: newToken } : {}), updatedAt: new Date(),
      }).where(eq(cfAccounts.id, a.id)).returning();
      await audit(tx, {
        before: { title: a.title, description: a.description, note: a.note, token: maskSecret(a.apiToken) },
        after: { title: r!.title, description: r!.description, note: r!.note, token: maskSecret(r!.apiToken) },
      });
      return r!;
    });
    return ok(await accountView(db, row), [M.CF_ACCOUNT_UPDATED]);
  },

  'infra.cfAccountDelete': async ({ db, found: a, audit }) => db.transaction(async (tx) => {
    const [used] = await tx.select({ id: domains.id }).from(domains).where(eq(domains.cfAccountCode, a.cfAccountCode)).limit(1);
    if (used) throw conflict(M.CF_ACCOUNT_IN_USE);
    await tx.delete(cfAccounts).where(eq(cfAccounts.id, a.id));
    await audit(tx, { before: { title: a.title, cfAccountId: a.cfAccountId, token: maskSecret(a.apiToken) } });
    return ok({}, [M.CF_ACCOUNT_DELETED]);
  }),

  'infra.afds': async ({ db }) => {
    const rows = await db.select({ p: afdProfiles, n: sql<number>`(select count(*)::int from domains d where d.afd_profile_name = "afd_profiles"."afd_profile_name")` })
      .from(afdProfiles).orderBy(desc(afdProfiles.isDefault), asc(afdProfiles.title), asc(afdProfiles.id));
    return ok(rows.map(({ p, n }) => profileViewOf(p, n)));
  },

  /** A profile is checked at Azure (it must exist there) unless options.skipExistingAfdProfileCheck. */
  'infra.afdCreate': async ({ db, body: b, audit }) => {
    const [taken] = await db.select({ id: afdProfiles.id }).from(afdProfiles).where(eq(afdProfiles.afdProfileName, b.afdProfileName)).limit(1);
    if (taken) throw conflict(M.PROFILE_NAME_TAKEN);
    const values = {
      afdProfileName: b.afdProfileName, resourceGroup: b.resourceGroup, managedIdentityClientId: b.managedIdentityClientId, title: b.title,
      description: b.description || null, note: b.note || null, extraData: b.extraData ?? {}, isDefault: b.isDefault ?? false,
      endpointNamePrefix: b.endpointNamePrefix || 'ep', ppfRouteNamePrefix: b.ppfRouteNamePrefix || 'ppf', apiRouteNamePrefix: b.apiRouteNamePrefix || 'api', boRouteNamePrefix: b.boRouteNamePrefix || 'bo',
    };
    if (!b.options?.skipExistingAfdProfileCheck) {
      let exists: boolean;
      try { exists = await frontDoorFor(db).profileExists({ ...values, profileName: values.afdProfileName }); } catch (e) { throw providerError(e, M.FRONT_DOOR_FAILED); }
      if (!exists) throw new HttpError(400, [M.PROFILE_NOT_FOUND], 'VALIDATION_ERROR');
    }
    const row = await db.transaction(async (tx) => {
      if (values.isDefault) await tx.update(afdProfiles).set({ isDefault: false, updatedAt: new Date() }).where(eq(afdProfiles.isDefault, true));
      const [p] = await tx.insert(afdProfiles).values(values).onConflictDoNothing().returning();
      if (!p) throw conflict(M.PROFILE_NAME_TAKEN);
      await audit(tx, { targetType: 'afdProfile', targetId: p.afdProfileName, after: { ...values } });
      return p;
    });
    return ok(await profileView(db, row), [M.AFD_PROFILE_ADDED]);
  },

  'infra.afdUpdate': async ({ db, body: b, audit }) => db.transaction(async (tx) => {
    const [cur] = await tx.select().from(afdProfiles).where(eq(afdProfiles.afdProfileName, b.afdProfileName)).limit(1);
    if (!cur) throw new HttpError(404, [M.PROFILE_NOT_FOUND], 'NOT_FOUND');
    if (b.isDefault) await tx.update(afdProfiles).set({ isDefault: false, updatedAt: new Date() }).where(and(eq(afdProfiles.isDefault, true), ne(afdProfiles.id, cur.id)));
    const [p] = await tx.update(afdProfiles).set({
      title: b.title, description: b.description ?? cur.description, note: b.note ?? cur.note, extraData: b.extraData ?? cur.extraData, isDefault: b.isDefault ?? cur.isDefault, updatedAt: new Date(),
    }).where(eq(afdProfiles.id, cur.id)).returning();
    await audit(tx, {
      targetType: 'afdProfile', targetId: cur.afdProfileName,
      before: { title: cur.title, description: cur.description, note: cur.note, isDefault: cur.isDefault }, after: { title: p!.title, description: p!.description, note: p!.note, isDefault: p!.isDefault },
    });
    return ok(await profileView(tx, p!), [M.AFD_PROFILE_UPDATED]);
  }),
};

