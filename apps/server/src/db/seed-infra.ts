/**
 * The demo world's domains, Cloudflare accounts and Front Door (README "Domains, Cloudflare and
 * Front Door"): a Cloudflare account per parent operator, a primary domain for every demo operator
 * and brand plus a second one for each parent, a default Front Door profile, a minimized-form
 * domain (zone only), custom domains on the dev page and an Auth0 tenant. Everything is made
 * through the simulators (the automation itself runs for each domain), so the database and the
 * simulated providers agree.
 */
import type { Db } from './client.js';
import { afdProfiles, cfAccounts, domains } from './schema.js';
import { CloudflareSimulator } from '../integrations/cloudflare/simulator.js';
import { FrontDoorSimulator } from '../integrations/front-door/simulator.js';
import { Auth0Simulator } from '../integrations/auth0/index.js';
import { targetNames } from '../integrations/front-door/types.js';
import { runAutomation, refOf } from '../modules/infra/service.js';

const ACCOUNTS = [
  { opId: 'op-alpha', cfAccountCode: 'alpha-main', cfAccountId: '7c1e2a90b4d34f0a9e61c2b8d5f3a017', title: 'Alpha Gaming Cloudflare', token: 'SimAlphaMainToken0123456789abcdefghijklm' },
  { opId: 'op-bravo', cfAccountCode: 'bravo-main', cfAccountId: '3f9d81c2e7a54b6c8d20e1f4a9b7c635', title: 'Bravo Entertainment Cloudflare', token: 'SimBravoMainToken0123456789abcdefghijklm' },
  { opId: 'op-charlie', cfAccountCode: 'charlie-main', cfAccountId: 'b25e7d04c9f14a83a6e3d1c07f82b944', title: 'Charlie Play Cloudflare', token: 'SimCharlieMainToken0123456789abcdefghijk' },
] as const;

/** Every demo operator's domains: the first of each is its primary; `backoffice` serves the back office route. */
const DOMAINS: { opId: string; account: string; names: string[]; backoffice?: string }[] = [
  { opId: 'op-alpha', account: 'alpha-main', names: ['alpha-gaming.com', 'alpha-gaming.net'] },
  { opId: 'alpha-bet', account: 'alpha-main', names: ['alphabet.bet'] },
  { opId: 'alpha-casino', account: 'alpha-main', names: ['alpha-casino.com'] },
  { opId: 'op-bravo', account: 'bravo-main', names: ['bravo-ent.com', 'bravo-ent.net'], backoffice: 'bravo-ent.net' },
  { opId: 'bravo-spin', account: 'bravo-main', names: ['bravospin.com'] },
  { opId: 'bravo-sports', account: 'bravo-main', names: ['bravosports.bet'] },
  { opId: 'op-charlie', account: 'charlie-main', names: ['charlieplay.com', 'charlieplay.io'] },
  { opId: 'charlie-luck', account: 'charlie-main', names: ['charlieluck.com'] },
  { opId: 'charlie-stars', account: 'charlie-main', names: ['charliestars.io'] },
];

export async function seedInfra(db: Db, now: number): Promise<void> {
  const cf = new CloudflareSimulator(db, 0);
  const fd = new FrontDoorSimulator(db);
  const created = new Date(now - 120 * 86_400_000);
  await db.insert(cfAccounts).values(ACCOUNTS.map((a) => ({
    opId: a.opId, cfAccountCode: a.cfAccountCode, cfAccountId: a.cfAccountId, title: a.title, apiToken: a.token,
    description: 'Production zones of the operator and its brands.', createdBy: 'superadmin@demo.local', createdAt: created, updatedAt: created,
  })));
  const [profile] = await db.insert(afdProfiles).values({
    afdProfileName: 'pitboss-edge-prod', resourceGroup: 'rg-pitboss-edge', managedIdentityClientId: '5b0c8f7e-2d4a-4e1b-9a63-0c7d2e8f1a44', isDefault: true,
    title: 'Production edge', description: 'Player sites and back offices of every operator.', endpointNamePrefix: 'pb', ppfRouteNamePrefix: 'ppf', apiRouteNamePrefix: 'api', boRouteNamePrefix: 'bo',
    createdAt: created, updatedAt: created,
  }).returning();
  await db.insert(afdProfiles).values({
    afdProfileName: 'pitboss-edge-stage', resourceGroup: 'rg-pitboss-stage', managedIdentityClientId: '91e4a2c7-6b3d-4f08-8e25-d3a7b1c9f062', isDefault: false,
    title: 'Staging edge', description: 'Staging and test sites.', endpointNamePrefix: 'stg', createdAt: created, updatedAt: created,
  });
  const rows = await db.insert(domains).values(DOMAINS.flatMap((g) => g.names.map((name, i) => {
    const acct = ACCOUNTS.find((a) => a.cfAccountCode === g.account)!;
    return {
      domainName: name, opId: g.opId, cfAccountCode: acct.cfAccountCode, cfAccountId: acct.cfAccountId, afdProfileName: profile!.afdProfileName,
      isPrimary: i === 0, isBackoffice: g.backoffice === name, isB2CPFF: g.backoffice !== name, isBrand: g.opId !== acct.opId,
      automationStatus: 'IN_PROGRESS', createdBy: 'admin@demo.local', createdAt: new Date(created.getTime() + i * 86_400_000),
    };
  }))).returning({ id: domains.id });
  for (const r of rows) await runAutomation(db, r.id, { cf, fd });
  // A domain added with the minimized form: its zone only, no automation.
  const alpha = ACCOUNTS[0];
  const zone = await cf.createZone(alpha.token, alpha.cfAccountId, 'alpha-promo.com', new Date(now - 3 * 86_400_000));
  await db.insert(domains).values({
    domainName: 'alpha-promo.com', opId: 'op-alpha', cfAccountCode: alpha.cfAccountCode, cfAccountId: alpha.cfAccountId, cfZoneId: zone.id, cfZoneStatus: zone.status,
    cfZoneNameServers: zone.name_servers, createdBy: 'devops@demo.local', syncedAt: new Date(now), createdAt: new Date(now - 3 * 86_400_000),
  });
  // The dev page's custom domains on the default profile: one for the player site, one for the back office (awaiting its TXT record).
  const ref = refOf(profile!);
  for (const [host, target] of [['play-dev.pitboss.io', 'player'], ['bo-dev.pitboss.io', 'backoffice']] as const) {
    const cd = await fd.createCustomDomain(ref, host.replace(/\./g, '-'), host);
    const { endpointName, routeName } = targetNames(ref, target);
    const route = (await fd.listRoutes(ref, endpointName)).find((x) => x.name === routeName)!;
    await fd.setRouteDomains(ref, endpointName, routeName, [...route.customDomainIds, cd.id]);
  }
  await new Auth0Simulator(db).seed(
    [{ domain: 'login.alpha-gaming.com', primary: true }, { domain: 'login.bravo-ent.com', primary: false }, { domain: 'login.charlieplay.com', primary: false }],
    [{ name: 'alpha-gaming', display_name: 'Alpha Gaming' }, { name: 'bravo-entertainment', display_name: 'Bravo Entertainment' }, { name: 'charlie-play', display_name: 'Charlie Play' }],
  );
}
