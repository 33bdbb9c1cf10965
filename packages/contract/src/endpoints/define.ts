/**
 * The endpoint table's vocabulary. Every API call is declared once, in two halves keyed by the
 * same name:
 *
 * - its **meta** (`ENDPOINTS`, zod-free, small enough for the console's first load): method,
 *   path, who may call it, how its records are scoped, the activity it writes, whether it
 *   moves money;
 * - its **schemas** (`ENDPOINT_SCHEMAS`): body, query, params and the answer's `data`.
 *
 * The server registers every `/api` route from the table (a route outside it cannot exist),
 * the console's client is typed from it, OpenAPI is generated from it and the API suite
 * generates the denial, tenancy and junk-input tests of every entry from it.
 */
import { ROLES, isSuperRole, type Role } from '../roles.js';
import type { LiveTopic } from '../live.js';
import type { ClaimKind } from '../claims.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call an endpoint. Deny by default: there is no "empty" rule.
 * - `public`: no session (login, health);
 * - `signedIn`: any signed-in staff member (their own profile, the shell's data);
 * - `anyOf`: at least one of these permission keys, and (when given) one of these roles; with
 *   `nonAdmin`, a caller who is not SUPER_ADMIN or ADMIN also needs every one of those keys
 *   (000 §6: "brands menu needs brands_access for non-admins"); with `allOf`, every caller
 *   also needs every one of those keys (001 §6: "The player tabs area needs the players_tabs
 *   permission": a call only that area makes); with `superFields`, a request holding one of those
 *   fields (not empty) is refused unless the caller is SUPER_ADMIN or ADMIN (000 §6, 001 §6: their
 *   "extra filters"); with `superChanges`, a request changing one of those fields is refused unless
 *   the caller is SUPER_ADMIN or ADMIN (000 §6: the domain form's flags).
 */
export type Access =
  | { readonly public: true }
  | { readonly signedIn: true }
  | {
    readonly anyOf: readonly string[]; readonly roles?: readonly Role[]; readonly byField?: FieldPermission;
    readonly nonAdmin?: readonly string[]; readonly allOf?: readonly string[]; readonly superFields?: readonly string[];
    readonly superChanges?: SuperChanges;
  };

/**
 * Request fields only SUPER_ADMIN and ADMIN may change (000 §6: the domain form's flags and AFD
 * profile): anyone else the rule admits may leave them out, send them empty, or send the value
 * they already have (`from`: the record the scope rule loaded, for an edit; these values, for a
 * create), never another: the request is refused with 403, nothing stored. `under` names the
 * request's object holding them when they are nested (an edit's `domainDetails`).
 */
export interface SuperChanges {
  readonly fields: readonly string[];
  /** The roles that may change them (default SUPER_ADMIN and ADMIN; a staff account's operator: SUPER_ADMIN alone). */
  readonly roles?: readonly Role[];
  readonly from: 'record' | Readonly<Record<string, unknown>>;
  readonly under?: string;
}

/**
 * A permission that depends on a field: the transactions list needs `deposit_list` for
 * deposits, `withdraw_list` for withdrawals and `transactions_list` otherwise. The field is read
 * from the request (body for writes, query for reads) or, with `in: 'record'`, from the record
 * the scope rule loaded (a gateway's direction, a bank account's status). The field's key is
 * required in addition to one of the rule's `anyOf` keys (the page permission), so a rule whose
 * `anyOf` lists every key of `byField` asks for that key alone. A value may name several keys
 * (any one of them).
 */
export interface FieldPermission {
  readonly field: string;
  readonly in?: 'request' | 'record';
  readonly keys: Readonly<Record<string, string | readonly string[]>>;
  readonly otherwise: string | readonly string[];
}

/**
 * How the records an endpoint touches are scoped to the caller's operators.
 * - `global`: not tenant data (the caller's own session, catalogues, rates);
 * - `list`: a list over the `opId` / `includeBrands` parameters, resolved by the platform;
 * - `record`: one record found by the named entity; outside the caller's operators it is
 *   "not found" (404), whatever id is sent. `field` names the request field holding the id.
 */
export type ScopeRule =
  | { readonly kind: 'global' }
  | { readonly kind: 'list' }
  | {
    readonly kind: 'record'; readonly entity: ScopedEntity; readonly field: string; readonly in: 'body' | 'query' | 'params'; readonly optional?: boolean;
    /**
     * The request field naming the operator the console has selected (`opId`): when sent, the
     * record must belong to that operator or one of its brands, else it is "not found" (404).
     */
    readonly within?: string;
    /**
     * A body field the query string may give instead (000 §7 `POST …/zones/create?opId`): when the
     * body does not hold it, the query's value is put in the body before the body is validated, so
     * the body's schema, the scope and the handler see one value (the body's wins when both are sent).
     */
    readonly orQuery?: true;
  }
  /**
   * One record the handler finds itself through the scoped repository (`ctx.repo.get`), because
   * the request names it by one of several fields (`playerId` or `playerCode`) or inside a
   * multipart form; outside the caller's operators it is "not found" (404) as for `record`.
   */
  | { readonly kind: 'lookup'; readonly entity: ScopedEntity; readonly fields: readonly string[] };

/** Entities a record-scoped endpoint can name (each has a scoped repository on the server). */
export const SCOPED_ENTITIES = [
  'player',
  'transaction',
  'kyc',
  'file',
  'bankAccount',
  'gateway',
  'bank',
  'usernameRequest',
  'operator',
  'treasury',
  'user',
  'partnerWithdrawal',
  'exportJob',
  'ticket',
  'bet',
  'bonusForm',
  'bonusRequest',
  'tournament',
  'tournamentWinner',
  'bonusDefinition',
  'bonusRelease',
  'fourEyesApproval',
  'playerBonusRelease',
  'operatorGame',
  'flow',
  'media',
  'billingRecord',
  'domain',
  'cfAccount',
] as const;
export type ScopedEntity = (typeof SCOPED_ENTITIES)[number];

export interface EndpointMeta {
  readonly method: HttpMethod;
  /** Fastify path syntax (`:param`). */
  readonly path: string;
  readonly summary: string;
  readonly tag: string;
  readonly access: Access;
  readonly scope: ScopeRule;
  /**
   * The activity action(s) a successful call writes, inside the mutation's transaction. Every
   * PUT and DELETE declares one (tested); a call that can write one of several names them all.
   */
  readonly audit?: string | readonly string[];
  /**
   * Fields of the activity's `before`/`after` that only SUPER_ADMIN and ADMIN may read (002 §5: the
   * invoice note). Declared for the call's action(s): the activity log answers those fields to
   * SUPER_ADMIN and ADMIN as written and leaves them out for every other role, whichever call wrote
   * the record (`restrictedActivityFields`).
   */
  readonly auditRestricted?: readonly string[];
  /** Moves money: an `Idempotency-Key` header is required and a retry replays the first answer. */
  readonly money?: boolean;
  /**
   * The answer carries secrets (a revealed card number or IBAN, a player's personal details, a
   * two-factor secret or recovery codes): the endpoint layer marks it `cache-control: no-store`,
   * and it is never compressed (a compressed secret beside text the caller chose would leak
   * through the answer's length: BREACH).
   */
  readonly secret?: true;
  /** Answers a file, not the JSON envelope (no response schema). */
  readonly binary?: boolean;
  /** Accepts multipart/form-data as well as JSON (uploads). */
  readonly multipart?: boolean;
  /** Longest string accepted anywhere in the request (default `MAX_INPUT_STRING`). */
  readonly maxString?: number;
  /**
   * The refusal of a request over the endpoint's size (a string over `maxString`, a body over its
   * limit): an upload's own "file too large" text instead of the generic input refusal.
   */
  readonly tooLarge?: string;
  /**
   * What a successful call changes in the server's caches of signed-in users, dropped in every
   * process at once by the endpoint layer: `user` the record's account (a `user` record
   * endpoint), `users` every account (a role template), `operators` the operator tree, `self`
   * the caller's own account (their profile).
   */
  readonly invalidates?: 'user' | 'users' | 'operators' | 'self';
  /**
   * Reachable by a staff member whose operator requires two-factor authentication they have not
   * set up yet (their profile, the console's frame): every other call answers 403
   * `TWO_FACTOR_SETUP_REQUIRED` until they set it up.
   */
  readonly twoFactorSetup?: true;
  /**
   * The live topic a successful call changes (`live.ts`): the platform announces it, after the
   * commit, to the staff who may see the record, through `GET /api/events`.
   */
  readonly live?: LiveTopic;
  /**
   * A decision on a claimed work-queue record (`claims.ts`): refused with 409 (`RECORD_HELD`,
   * the holder's claim as data) while another staff member holds a live claim on the record the
   * scope rule names, and releasing the claim once it succeeds. With `when`, only requests whose
   * field holds one of the values are decisions (a KYC edit is not).
   */
  readonly claim?: { readonly kind: ClaimKind; readonly when?: { readonly field: string; readonly values: readonly string[] } };
  /**
   * Fields of the answer's `data` only holders of a permission key receive (001 §6: "The player
   * tabs area needs the players_tabs permission": a player's KYC records and username requests,
   * which only the tabs show). For a caller without the key the endpoint layer leaves the field
   * out of the answer (the response schema declares it optional) and tells the handler
   * (`ctx.withheld`), which need not read it. `items[].<field>` names a field of every item of a
   * list answer. A rule is a permission key its holders receive the field by, or `exceptRoles`:
   * every role but those (who decided a partner's withdrawal: staff, never the partner).
   */
  readonly fieldAccess?: Readonly<Record<string, FieldRule>>;
}

/** Who receives an answer field (`fieldAccess`): holders of a permission key, or every role but some. */
export type FieldRule = string | { readonly exceptRoles: readonly Role[] };

/** Constructors that keep the table terse and typed. */
/** Longest string any request field may hold unless its endpoint says otherwise. */
export const MAX_INPUT_STRING = 10_000;

export const ep = <const M extends EndpointMeta>(m: M): M => m;
export const anyOf = (...keys: string[]) => ({ anyOf: keys }) as const;
export const withRoles = <const R extends readonly Role[]>(keys: readonly string[], roles: R) => ({ anyOf: keys, roles }) as const;
/** `anyOf(keys)`, and every one of `required` too, whatever the role (a component permission gating the area that makes the call). */
export const alsoNeeds = (keys: readonly string[], required: readonly string[]) => ({ anyOf: keys, allOf: required }) as const;
/** An access rule whose request fields `fields` only SUPER_ADMIN and ADMIN may send (their extra list filters). */
export const withSuperFields = <const A extends { anyOf: readonly string[] }, const F extends readonly string[]>(access: A, fields: F) =>
  ({ ...access, superFields: fields }) as const;
/** An access rule whose request fields `fields` only SUPER_ADMIN and ADMIN may change (from the record, or from `from`'s values on a create). */
export const withSuperChanges = <const A extends { anyOf: readonly string[] }>(access: A, superChanges: SuperChanges) =>
  ({ ...access, superChanges }) as const;
/** `anyOf(keys)`, and for callers other than SUPER_ADMIN and ADMIN every one of `required` too (a component permission). */
export const forNonAdmins = (keys: readonly string[], required: readonly string[]) => ({ anyOf: keys, nonAdmin: required }) as const;
/** Every role but these (for `withRoles`): e.g. configuration that OPERATOR_MANAGER may read but not change. */
export const rolesExcept = (...excluded: Role[]): readonly Role[] => ROLES.filter((r) => !excluded.includes(r));
export const SIGNED_IN = { signedIn: true } as const;
export const PUBLIC = { public: true } as const;
export const GLOBAL = { kind: 'global' } as const;
export const LIST = { kind: 'list' } as const;
export const record = <E extends ScopedEntity>(entity: E, field: string, where: 'body' | 'query' | 'params' = 'body') =>
  ({ kind: 'record', entity, field, in: where }) as const;
export const lookup = <E extends ScopedEntity, const F extends readonly string[]>(entity: E, ...fields: F) =>
  ({ kind: 'lookup', entity, fields }) as const;
/** `record(entity, field)` of the body, which the query string may give instead (the body's value wins). */
export const recordBodyOrQuery = <E extends ScopedEntity>(entity: E, field: string) =>
  ({ kind: 'record', entity, field, in: 'body', orQuery: true }) as const;
/** A record that must also belong to the operator the request selects in `opField` (when sent), or one of its brands. */
export const recordWithin = <E extends ScopedEntity, const W extends 'body' | 'query' = 'body'>(entity: E, field: string, opField = 'opId', where?: W) =>
  ({ kind: 'record', entity, field, in: (where ?? 'body') as W, within: opField }) as const;
/** A record the request may name or not: absent, nothing is loaded; present, it is found in scope or 404. */
export const optionalRecord = <E extends ScopedEntity>(entity: E, field: string, where: 'body' | 'query' | 'params' = 'body') =>
  ({ kind: 'record', entity, field, in: where, optional: true }) as const;

/** The caller as an access rule sees them. */
export interface Caller {
  readonly role: Role;
  has(key: string): boolean;
}

const keysOf = (k: string | readonly string[]): readonly string[] => (typeof k === 'string' ? [k] : k);

/**
 * Whether a caller satisfies an access rule (the server's check and the console's "show this
 * action"). `request` is the request's body (else query); `record` the record a record field
 * rule reads, once loaded (without it, that rule answers its `anyOf`).
 */
export function accessAllows(a: Access, who: Caller, on: { request?: unknown; record?: unknown } = {}): boolean {
  if ('public' in a || 'signedIn' in a) return true;
  if (a.roles && !a.roles.includes(who.role)) return false;
  if (a.nonAdmin && !isSuperRole(who.role) && !a.nonAdmin.every((k) => who.has(k))) return false;
  if (a.allOf && !a.allOf.every((k) => who.has(k))) return false;
  if (a.superFields && !isSuperRole(who.role) && sendsAny(on.request, a.superFields)) return false;
  if (a.superChanges && !(a.superChanges.roles?.includes(who.role) ?? isSuperRole(who.role)) && changesAny(a.superChanges, on)) return false;
  const f = a.byField;
  const anyOf = a.anyOf.some((k) => who.has(k));
  if (!f) return anyOf;
  const fromRecord = f.in === 'record';
  const source = fromRecord ? on.record : on.request;
  if (fromRecord && source === undefined) return anyOf;
  const v = source && typeof source === 'object' ? (source as Record<string, unknown>)[f.field] : undefined;
  const keys = typeof v === 'string' && Object.hasOwn(f.keys, v) ? keysOf(f.keys[v]!) : keysOf(f.otherwise);
  return anyOf && keys.some((k) => who.has(k));
}

/** Whether a request holds a value (not empty) in one of `fields`. */
function sendsAny(request: unknown, fields: readonly string[]): boolean {
  if (!request || typeof request !== 'object') return false;
  return fields.some((f) => { const v = (request as Record<string, unknown>)[f]; return v !== undefined && v !== null && v !== ''; });
}

/**
 * The fields of a `superChanges` rule a request would change: none until the record is known when
 * the rule compares with it (the server checks again once the scope rule has loaded it).
 */
export function superChangesOf(rule: SuperChanges, on: { request?: unknown; record?: unknown }): string[] {
  const base = rule.from === 'record' ? on.record : rule.from;
  if (!base || typeof base !== 'object') return [];
  let sent = on.request;
  if (rule.under !== undefined) sent = sent && typeof sent === 'object' ? (sent as Record<string, unknown>)[rule.under] : undefined;
  if (!sent || typeof sent !== 'object') return [];
  return rule.fields.filter((f) => {
    const v = (sent as Record<string, unknown>)[f];
    // Left out or empty leaves the field as it is (an empty AFD profile: the default one on create, the current one on edit).
    if (v === undefined || v === null || v === '') return false;
    return v !== (base as Record<string, unknown>)[f];
  });
}
const changesAny = (rule: SuperChanges, on: { request?: unknown; record?: unknown }) => superChangesOf(rule, on).length > 0;

/** Whether an access rule reads the record the scope rule loads (checked again once it is). */
export function accessReadsRecord(a: Access): boolean {
  return 'anyOf' in a && (a.byField?.in === 'record' || a.superChanges?.from === 'record');
}

/** The answer fields of an endpoint a caller does not receive (its `fieldAccess` keys they lack). */
export function withheldFields(meta: EndpointMeta, who: Caller): ReadonlySet<string> {
  const rules = meta.fieldAccess;
  if (!rules) return NOTHING_WITHHELD;
  return new Set(Object.entries(rules).filter(([, rule]) => !receives(rule, who)).map(([field]) => field));
}
const receives = (rule: FieldRule, who: Caller) => (typeof rule === 'string' ? who.has(rule) : !rule.exceptRoles.includes(who.role));
const NOTHING_WITHHELD: ReadonlySet<string> = new Set();

/** `/api/transactions/details/:txId` + `{ txId: 'x' }` → `/api/transactions/details/x`. */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, k: string) => {
    const v = params?.[k];
    if (v === undefined) throw new Error(`missing path parameter ${k} for ${path}`);
    return encodeURIComponent(String(v));
  });
}
