import { describe, expect, it } from 'vitest';
import { ENDPOINTS, ENDPOINT_NAMES, accessAllows, restrictedActivityFields, withheldFields, type EndpointMeta } from './index.js';
import { ENDPOINT_SCHEMAS } from './schemas/index.js';

const meta = (n: (typeof ENDPOINT_NAMES)[number]): EndpointMeta => ENDPOINTS[n];

describe('the endpoint table', () => {
  it.each(ENDPOINT_NAMES.filter((n) => meta(n).method === 'PUT' || meta(n).method === 'DELETE'))('%s declares the activity it writes', (n) => {
    const a = meta(n).audit;
    expect(typeof a === 'string' ? [a] : a ?? []).not.toHaveLength(0);
  });

  it.each(ENDPOINT_NAMES)('%s: a file answer has no response schema, any other answer has one', (n) => {
    const s = ENDPOINT_SCHEMAS[n] as { response: unknown };
    expect(s.response === null).toBe(!!meta(n).binary);
  });

  it.each(ENDPOINT_NAMES.filter((n) => meta(n).auditRestricted))('%s restricts fields of an activity it declares, for roles other than SUPER_ADMIN and ADMIN', (n) => {
    const m = meta(n);
    const actions = typeof m.audit === 'string' ? [m.audit] : m.audit ?? [];
    expect(actions).not.toHaveLength(0);
    for (const a of actions) {
      for (const f of m.auditRestricted!) expect(restrictedActivityFields(a, 'OPERATOR_ADMIN')).toContain(f);
      expect(restrictedActivityFields(a, 'ADMIN')).toEqual([]);
      expect(restrictedActivityFields(a, 'SUPER_ADMIN')).toEqual([]);
    }
  });

  it('declares each method and path once', () => {
    const keys = ENDPOINT_NAMES.map((n) => `${meta(n).method} ${meta(n).path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('the player tabs area (players_tabs): its call needs the key whatever the role, and players.get leaves its fields out without it', () => {
    const caller = (role: 'SUPER_ADMIN' | 'OPERATOR_MANAGER', keys: string[]) => ({ role, has: (k: string) => keys.includes(k) });
    expect(accessAllows(ENDPOINTS['sport.applied'].access, caller('SUPER_ADMIN', ['bonus_sport']))).toBe(false);
    expect(accessAllows(ENDPOINTS['sport.applied'].access, caller('OPERATOR_MANAGER', ['bonus_sport', 'players_tabs']))).toBe(true);
    expect([...withheldFields(meta('players.get'), caller('OPERATOR_MANAGER', ['players']))].sort()).toEqual(['kycRecords', 'usernameRequests']);
    expect(withheldFields(meta('players.get'), caller('OPERATOR_MANAGER', ['players', 'players_tabs'])).size).toBe(0);
  });

  it('staff names in partner answers (exceptRoles): every role but the partner receives them, whatever its keys', () => {
    const everyKey = { has: () => true };
    expect([...withheldFields(meta('partners.withdrawHistory'), { role: 'PARTNER', ...everyKey })].sort()).toEqual(['items[].confirmedBy', 'items[].rejectedBy']);
    expect([...withheldFields(meta('partners.channelsList'), { role: 'PARTNER', ...everyKey })]).toEqual(['items[].createdBy']);
    // A staff role without any money key still receives them (the rule is the role, not a stand-in key).
    for (const role of ['OPERATOR_MANAGER', 'OPERATOR_ADMIN', 'ADMIN'] as const) {
      expect(withheldFields(meta('partners.withdrawHistory'), { role, has: () => false }).size).toBe(0);
    }
  });

  it('fields only super roles change (superChanges): from the defaults on a create, from the loaded record on an edit', () => {
    const who = (role: 'SUPER_ADMIN' | 'ADMIN' | 'DEV_OPS') => ({ role, has: (k: string) => k === 'settings_domains' });
    const create = ENDPOINTS['infra.zoneCreate'].access;
    expect(accessAllows(create, who('DEV_OPS'), { request: { domainName: 'a.com' } })).toBe(true);
    // The defaults, or empty, leave them as they are.
    expect(accessAllows(create, who('DEV_OPS'), { request: { isLocked: false, isB2CPFF: true, afdProfileName: '' } })).toBe(true);
    expect(accessAllows(create, who('DEV_OPS'), { request: { isLocked: true } })).toBe(false);
    expect(accessAllows(create, who('DEV_OPS'), { request: { afdProfileName: 'edge' } })).toBe(false);
    expect(accessAllows(create, who('ADMIN'), { request: { isLocked: true, afdProfileName: 'edge' } })).toBe(true);
    // An edit compares the nested form with the record once it is loaded (DEV_OPS, were the rule's roles widened).
    const edit = { ...ENDPOINTS['infra.zoneUpdate'].access, roles: undefined };
    const domain = { isLocked: true, isB2CPFF: false, afdProfileName: 'edge' };
    expect(accessAllows(edit, who('DEV_OPS'), { request: { domainDetails: { isLocked: false } } })).toBe(true);
    expect(accessAllows(edit, who('DEV_OPS'), { request: { domainDetails: { isLocked: false } }, record: domain })).toBe(false);
    expect(accessAllows(edit, who('DEV_OPS'), { request: { domainDetails: { isLocked: true, isB2CPFF: false, afdProfileName: 'edge', defaultLang: 'de' } }, record: domain })).toBe(true);
    expect(accessAllows(edit, who('ADMIN'), { request: { domainDetails: { isLocked: false } }, record: domain })).toBe(true);
  });

  it.each(ENDPOINT_NAMES.filter((n) => meta(n).fieldAccess))('%s: every field only some callers receive is optional in its answer', (n) => {
    type Shape = Record<string, { safeParse(v: unknown): { success: boolean } }>;
    const shape = (ENDPOINT_SCHEMAS[n] as { response: { shape: Shape } }).response.shape;
    // `items[].<field>`: a field of the list's items.
    const items = (shape.items as unknown as { element?: { shape: Shape } } | undefined)?.element?.shape;
    for (const f of Object.keys(meta(n).fieldAccess!)) {
      const field = f.startsWith('items[].') ? items?.[f.slice('items[].'.length)] : shape[f];
      expect(field?.safeParse(undefined).success, f).toBe(true);
    }
  });
});
