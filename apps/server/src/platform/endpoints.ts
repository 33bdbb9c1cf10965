/**
 * The endpoint layer: every `/api` route is registered here from the contract's endpoint
 * table, never on its own. For each entry it applies, in one place and in this order:
 * session → junk-input guard → permission (from the table's access rule) → Idempotency-Key of a
 * money call → path parameters (one that does not validate names no route: 404) → validation (the
 * table's zod schemas) → tenant scope (list scope resolved, record loaded through its scoped
 * repository: another operator's id is "not found") → handler → activity record (the table's
 * action, inside the mutation's transaction) → the claim a decision takes and releases (`claim`,
 * claims.ts: the handler takes the record after its input checks, `ctx.holdRecord`, refused with
 * 409 while another staff member holds it; released once the decision succeeded) → the caches it
 * declares changed, dropped in every process → the answer serialized through the table's
 * response schema (a column the schema does not name never leaves the server).
 * Money calls (`money: true`) require an `Idempotency-Key` and run through `ctx.once` (a
 * transaction), or `ctx.onceStatement` when the change, its activity and the key's answer are one statement.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ENDPOINTS, ENDPOINT_SCHEMAS, MAX_INPUT_STRING, MSG, PLATFORM_MESSAGES, TWO_FACTOR_MESSAGES, accessAllows, accessReadsRecord, withheldFields,
  type DataOf, type EndpointMeta, type EndpointName, type Envelope, type ParsedBodyOf, type ParsedParamsOf, type ParsedQueryOf,
} from '@pitboss/contract';
import type { Db } from '../db/client.js';
import { invalidate } from '../lib/cache-bus.js';
import { activitiesWritten, activityInsert, audit as writeActivity, countActivity, type AuditEntry } from '../lib/audit.js';
import type { AuthedUser } from '../lib/context.js';
import { HttpError } from '../lib/http.js';
import { IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_KEY_MIN, idempotent, idempotentStatement } from '../lib/idempotency.js';
import { resolveScope } from '../lib/scope.js';
import { announce, announceSql, liveRecord } from '../lib/live-events.js';
import { activityTarget, assertWithinOperator, scopedRepo, type ScopedRepo, type ScopedRow } from './repo.js';
import { assertNotHeld, claimExistsSql, claimFreeSql, endClaim, holdForDecision, releaseIfMine } from './claims.js';

type Meta<K extends EndpointName> = (typeof ENDPOINTS)[K];
type FoundOf<K extends EndpointName> = Meta<K>['scope'] extends { kind: 'record'; entity: infer E extends keyof ScopedRow }
  ? (Meta<K>['scope'] extends { optional: true } ? ScopedRow[E] | undefined : ScopedRow[E])
  : undefined;

export interface Ctx<K extends EndpointName> {
  req: FastifyRequest;
  reply: FastifyReply;
  db: Db;
  /** The signed-in staff member (a public endpoint has none: do not read it there). */
  user: AuthedUser;
  body: ParsedBodyOf<K>;
  query: ParsedQueryOf<K>;
  params: ParsedParamsOf<K>;
  /** List endpoints: the operators the call covers (`null`: every operator). */
  scope: string[] | null;
  /** Record endpoints: the record, already loaded within the caller's operators (an optional one: undefined when not named). */
  found: FoundOf<K>;
  /** Reads of tenant data, scoped to the caller's operators in SQL. */
  repo: ScopedRepo;
  /**
   * The answer fields the caller does not receive (the entry's `fieldAccess` keys they lack): the
   * endpoint layer leaves them out of the answer whatever the handler puts there, so a handler
   * reads them only to skip their work.
   */
  withheld: ReadonlySet<string>;
  /**
   * Write the activity record of this call inside the mutation's transaction `tx`. The action
   * comes from the table (a call declaring several passes which one); on a record endpoint the
   * target (entity, id, operator) defaults to the record the table's scope loaded, so a handler
   * passes only what changed: `before` and `after`.
   */
  audit(tx: Db, entry: Omit<AuditEntry, 'action' | 'targetType'> & { action?: string; targetType?: string }): Promise<void>;
  /** Money calls: run the movement at most once per `Idempotency-Key` (a retry replays the first answer). */
  once<T>(fn: (tx: Db) => Promise<{ statusCode?: number; body: T }>): Promise<T>;
  /**
   * `once` for a movement made by one statement (lib/idempotency.ts `idempotentStatement`):
   * `build` answers its CTEs (the activity among them, from `activity`) and the CTE whose row
   * carries the answer; `refusal` tells why nothing applied.
   */
  onceStatement<T>(build: Parameters<typeof idempotentStatement>[3], refusal: () => Promise<HttpError>): Promise<T>;
  /**
   * A decision on a claimed record (the entry's `claim` rule): takes the record for the caller in
   * one conditional statement — refused with 409 `RECORD_HELD` while another staff member holds a
   * live claim — and keeps it theirs until the decision is done (then the platform releases it).
   * Called by the handler after its own input checks (bad input answers 400 first) and, where the
   * decision is one transaction, with that transaction `tx`: the claim check and the change then
   * commit or roll back together, and a decision made in `once` also ends the claim in that
   * transaction (so a racing decider waiting on the claim then finds the record decided, never
   * "held" by a claim about to go). A call that is not a decision (`when` not met): nothing.
   */
  holdRecord(tx?: Db): Promise<void>;
  /**
   * The one-statement form of `holdRecord`, for a decision made by `onceStatement`: the condition
   * its conditional change carries (nobody else holds a live claim on the record; 'true' when the
   * call is not a decision). No claim is taken: refused, the call answers 409 `RECORD_HELD` as
   * `holdRecord` would; applied, the record's claim (if it had one) is dropped after the commit.
   * Two round trips fewer than taking the claim and ending it.
   */
  claimGuard($: (value: unknown, cast?: string) => string): string;
  /** The activity record of a one-statement movement, as the text of one of its CTEs (lib/audit.ts `activityInsert`). */
  activity($: (value: unknown, cast?: string) => string, entry: Omit<AuditEntry, 'action' | 'opId' | 'targetId'> & { action?: string; opId: string; targetId: string }, source: string): string;
}

export type Answer<K extends EndpointName> = Envelope<DataOf<K>> & { warnings?: string[] };
export type Handler<K extends EndpointName> = (ctx: Ctx<K>) => Promise<Answer<K> | void>;
/** The handlers of a set of endpoints: exactly one per entry. */
export type Handlers<K extends EndpointName> = { [P in K]: Handler<P> };

/** A `fieldAccess` name of a field of every item of a list answer (`items[].confirmedBy`). */
const ITEM_FIELD = 'items[].';

/** Marks routes registered by this layer; any other `/api` route stops the server at start. */
const FROM_TABLE = Symbol.for('pitboss.endpoint');

/** The catch-all that answers an unknown `/api` call with 404 (the only `/api` route outside the table). */
export const API_NOT_FOUND = '/api/*';

export function assertRouteFromTable(route: { url: string; method: string | string[]; config?: unknown }): void {
  if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs') || route.url === API_NOT_FOUND) return;
  const cfg = route.config as Record<string | symbol, unknown> | undefined;
  if (!cfg?.[FROM_TABLE]) throw new Error(`Route ${String(route.method)} ${route.url} is not in the endpoint table`);
}

/**
 * Whether a user's permissions satisfy an endpoint's access rule for this request (`record`: the
 * record a record field rule reads, once loaded).
 */
export function allowed(meta: EndpointMeta, user: AuthedUser, input: unknown, record?: unknown): boolean {
  return accessAllows(meta.access, { role: user.role, has: (k) => user.permissionSet.has(k) }, { request: input, record });
}

/** Refuses NUL characters, over-long strings and non-finite numbers anywhere in a request. */
export function junkGuard(value: unknown, maxString: number, depth = 0): string | null {
  if (depth > 20) return PLATFORM_MESSAGES.INPUT_TOO_DEEP;
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return PLATFORM_MESSAGES.INPUT_NUL;
    if (value.length > maxString) return PLATFORM_MESSAGES.INPUT_TOO_LONG(maxString);
    return null;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? null : PLATFORM_MESSAGES.INPUT_NOT_FINITE;
  if (Array.isArray(value)) {
    for (const v of value) { const m = junkGuard(v, maxString, depth + 1); if (m) return m; }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const m = junkGuard(k, 200, depth + 1) ?? junkGuard(v, maxString, depth + 1);
      if (m) return m;
    }
  }
  return null;
}

const envelope = (data: z.ZodType) => z.object({
  success: z.boolean(), data, messages: z.array(z.string()), status: z.string().optional(), warnings: z.array(z.string()).optional(),
});

const fieldOf = (req: FastifyRequest, where: 'body' | 'query' | 'params', field: string): unknown =>
  ((req[where] ?? {}) as Record<string, unknown>)[field];

/** Registers every endpoint of the table with its handler. A table entry without a handler stops the server at start. */
export function registerEndpoints(app: FastifyInstance, handlers: Partial<Handlers<EndpointName>>, opts: { only?: readonly EndpointName[] } = {}): void {
  const names = (opts.only ?? (Object.keys(ENDPOINTS) as EndpointName[]));
  for (const name of names) {
    const handler = handlers[name] as Handler<EndpointName> | undefined;
    if (!handler) throw new Error(`Endpoint ${name} has no handler`);
    registerOne(app, name, handler);
  }
}

function registerOne(app: FastifyInstance, name: EndpointName, handler: Handler<EndpointName>): void {
  const meta: EndpointMeta = ENDPOINTS[name];
  const schemas = ENDPOINT_SCHEMAS[name] as { body?: z.ZodType; query?: z.ZodType; params?: z.ZodType; response: z.ZodType | null };
  const actions = meta.audit === undefined ? [] : typeof meta.audit === 'string' ? [meta.audit] : [...meta.audit];
  const maxString = meta.maxString ?? MAX_INPUT_STRING;
  const tooLong = PLATFORM_MESSAGES.INPUT_TOO_LONG(maxString);
  const db = app.db;

  app.route({
    method: meta.method,
    url: meta.path,
    // A call that takes long strings (an upload in base64) takes a body that holds one, with room for the rest.
    ...(maxString > MAX_INPUT_STRING ? { bodyLimit: Math.max(2 * 1024 * 1024, maxString + 64 * 1024) } : {}),
    schema: {
      operationId: name,
      summary: meta.summary,
      tags: [meta.tag],
      ...(schemas.body && !meta.multipart ? { body: schemas.body } : {}),
      ...(schemas.query ? { querystring: schemas.query } : {}),
      ...(schemas.params ? { params: schemas.params } : {}),
      ...(schemas.response ? { response: { '2xx': envelope(schemas.response) } } : {}),
    },
    config: {
      [FROM_TABLE]: name,
      permission: 'public' in meta.access ? false : '',
      endpoint: name,
      secret: meta.secret === true,
    },
    // The session is read by the onRequest hook of app.ts; the access rule needs the parsed body.
    preValidation: async (req, reply) => {
      // An answer that carries secrets is never stored by a browser or a proxy (nor compressed: lib/compress.ts).
      if (meta.secret) reply.header('cache-control', 'no-store');
      for (const where of ['body', 'query', 'params'] as const) {
        const m = junkGuard(req[where], maxString);
        // An upload over its size answers the endpoint's own refusal ("File is too large!…").
        if (m) throw new HttpError(400, [meta.tooLarge && m === tooLong ? meta.tooLarge : m], 'VALIDATION_ERROR');
      }
      // A record field of the body the query string may give instead: into the body before it is validated (the body's value wins).
      if (meta.scope.kind === 'record' && meta.scope.orQuery) {
        const { field } = meta.scope;
        const fromQuery = fieldOf(req, 'query', field);
        const body = req.body;
        if (fromQuery !== undefined && (body === undefined || body === null || (typeof body === 'object' && !Array.isArray(body)))) {
          const b = (body ?? {}) as Record<string, unknown>;
          if (b[field] === undefined || b[field] === null || b[field] === '') req.body = { ...b, [field]: fromQuery };
        }
      }
      if (!('public' in meta.access)) {
        const user = req.user!;
        // The operator requires a second factor this account has not set up: only its profile (and the console's frame) until it does.
        if (user.twoFactorSetupRequired && !meta.twoFactorSetup) {
          throw new HttpError(403, [TWO_FACTOR_MESSAGES.SETUP_REQUIRED], 'TWO_FACTOR_SETUP_REQUIRED', { redirect: '/user/profile' });
        }
        // A rule on a field reads the body of a call that has one (never the URL's query, which a multipart form leaves alone).
        if (!allowed(meta, user, meta.method === 'GET' ? req.query : req.body)) throw new HttpError(403, [MSG.NO_PERMISSION]);
      }
      if (meta.money) {
        const key = req.headers['idempotency-key'];
        if (typeof key !== 'string' || key.length === 0) throw new HttpError(400, [PLATFORM_MESSAGES.IDEMPOTENCY_KEY_REQUIRED], 'IDEMPOTENCY_KEY_REQUIRED');
        if (key.length < IDEMPOTENCY_KEY_MIN || key.length > IDEMPOTENCY_KEY_MAX) throw new HttpError(400, [PLATFORM_MESSAGES.IDEMPOTENCY_KEY_INVALID], 'IDEMPOTENCY_KEY_INVALID');
      }
      // A path whose parameters do not validate (an unknown provider suffix) names no route: 404, as for any other unknown path.
      if (schemas.params && !schemas.params.safeParse(req.params).success) throw new HttpError(404, [MSG.NOT_FOUND]);
    },
    handler: async (req, reply) => {
      const user = req.user as AuthedUser;
      const repo = scopedRepo(db, user);
      let activityCtes = 0;
      let held: { kind: NonNullable<EndpointMeta['claim']>['kind']; recordId: string; opId: string; giveBack: boolean; tx?: Db } | undefined;
      /** The claimed record a one-statement decision guards (`claimGuard`). */
      let guarded: { kind: NonNullable<EndpointMeta['claim']>['kind']; recordId: string } | undefined;
      /** The live announcement went out with a one-statement movement (no round trip of its own after it). */
      let announced = false;
      // (Role and keys are read by a `fieldAccess` rule only: public calls, which have no user, have none.)
      const withheld = withheldFields(meta, { get role() { return user.role; }, has: (k) => user.permissionSet.has(k) });
      const ctx: Ctx<EndpointName> = {
        req, reply, db, user, repo, withheld,
        body: req.body as never, query: req.query as never, params: req.params as never,
        scope: null,
        found: undefined as never,
        audit: async (tx, entry) => {
          const action = entry.action ?? actions[0];
          if (!action) throw new Error(`Endpoint ${name} declares no activity`);
          // A record endpoint's activity names its record by default: the table's entity, the record's key and operator.
          const rec = meta.scope.kind === 'record' && ctx.found !== undefined ? activityTarget(meta.scope.entity, ctx.found as never) : undefined;
          const { targetType = rec?.targetType, ...rest } = entry;
          if (!targetType) throw new Error(`Endpoint ${name} writes an activity without a target`);
          await writeActivity(tx, req, { targetId: rec?.targetId, opId: rec?.opId, ...rest, targetType, action });
        },
        once: (fn) => idempotent(db, req, reply, async (tx) => {
          const res = await fn(tx);
          // The decision went through in this transaction: its claim ends with it (see holdRecord).
          if (held?.tx === tx && (res.statusCode ?? 200) < 300) await endClaim(tx, held.kind, held.recordId);
          return res;
        }),
        holdRecord: async (tx) => {
          const rec = decided;
          if (!rec) return;
          const heldBefore = await holdForDecision(tx ?? db, { ...rec, me: user });
          // Not the caller's before: given back if the decision fails (a rolled-back transaction already did; the delete is then a no-op).
          held = { ...rec, giveBack: !heldBefore, tx };
        },
        onceStatement: async <T>(build: Parameters<typeof idempotentStatement>[3], refusal: () => Promise<HttpError>) => {
          activityCtes = 0;
          // The live announcement of its record goes out with the statement (pg_notify, at its
          // commit) instead of a round trip after it. The end of the record's claim does not: the
          // statement locks the record first, a racing decision in a transaction locks the claim
          // first, and the two orders would deadlock; it is dropped after the commit (and only read,
          // never locked, by the statement's `claimGuard` condition).
          const topic = meta.live;
          const live = topic ? liveRecord(undefined, ctx.found) : null;
          let liveSql: string | null = null;
          let claimAt = -1;
          // Refused while another staff member holds the record (when the decision guarded it), else the handler's reason.
          const refuse = async (): Promise<HttpError> => {
            if (guarded) {
              try { await assertNotHeld(db, guarded.kind, guarded.recordId, user.id); } catch (e) { if (e instanceof HttpError) return e; throw e; }
            }
            return refusal();
          };
          const { body, applied, also } = await idempotentStatement<T>(db, req, reply, build, refuse, {
            // Called after `build`: whether it guarded a claimed record is known.
            selects: ($) => {
              const out: string[] = [];
              if (live && topic) {
                liveSql = announceSql(db, $, { topic, endpoint: name, id: live.id, opId: live.opId });
                if (liveSql) out.push(liveSql);
              }
              if (guarded) { claimAt = out.length; out.push(claimExistsSql($, guarded.kind, guarded.recordId)); }
              return out;
            },
          });
          if (applied) {
            // The activity records its statement wrote (none when it did not apply).
            for (let i = 0; i < activityCtes; i++) countActivity(req);
            if (liveSql) announced = true;
            // The decided record is nobody's any more: its claim, when it had one, is dropped (after the commit, see above).
            if (guarded && claimAt >= 0 && also[claimAt] === true) await endClaim(db, guarded.kind, guarded.recordId);
          }
          return body;
        },
        claimGuard: ($) => {
          const rec = decided;
          if (!rec) return 'true';
          guarded = { kind: rec.kind, recordId: rec.recordId };
          return claimFreeSql($, rec.kind, rec.recordId, user.id);
        },
        activity: ($, entry, source) => {
          const action = entry.action ?? actions[0];
          if (!action) throw new Error(`Endpoint ${name} declares no activity`);
          const text = activityInsert(req, $, { ...entry, action }, source);
          activityCtes++;
          return text;
        },
      };
      if (meta.scope.kind === 'list') {
        ctx.scope = await resolveScope(db, user, (req.body ?? req.query ?? {}) as { opId?: string; includeBrands?: boolean; operatorId?: string });
      } else if (meta.scope.kind === 'record') {
        const id = fieldOf(req, meta.scope.in, meta.scope.field);
        if (!(meta.scope.optional && id === undefined)) ctx.found = await repo.get(meta.scope.entity, id, meta.scope.field) as never;
        // The operator the request selects (when the rule names its field) must hold the record too.
        if ('within' in meta.scope && meta.scope.within && ctx.found !== undefined) {
          await assertWithinOperator(db, meta.scope.entity, ctx.found, fieldOf(req, meta.scope.in, meta.scope.within));
        }
        // A permission that depends on the record (a gateway's direction, a bank account's status, fields only super roles change).
        if (accessReadsRecord(meta.access) && ctx.found !== undefined && !allowed(meta, user, meta.method === 'GET' ? req.query : req.body, ctx.found)) {
          throw new HttpError(403, [MSG.NO_PERMISSION]);
        }
      }
      // A decision on a claimed record (found before the handler, outside any transaction: another operator's is 404):
      // the handler takes it (`holdRecord`) after its input checks; done, it is released.
      const decided = await claimedRecord(meta, req, repo, ctx.found);
      let answer: Awaited<ReturnType<typeof handler>>;
      try {
        answer = await handler(ctx);
      } catch (e) {
        if (held?.giveBack) await releaseIfMine(db, held.kind, held.recordId, user.id);
        throw e;
      }
      if (held && reply.statusCode < 300) await endClaim(db, held.kind, held.recordId);
      else if (held?.giveBack) await releaseIfMine(db, held.kind, held.recordId, user.id);
      else if (decided && !guarded && reply.statusCode < 300 && !reply.getHeader('idempotent-replayed')) {
        // A decision that never took its record is a bug: loud in tests, logged in production.
        const msg = `Endpoint ${name} decides a claimed record without holdRecord`;
        if (process.env.VITEST) throw new Error(msg);
        req.log.error(msg);
      }
      if (actions.length && activitiesWritten(req) === 0 && reply.statusCode < 300 && !reply.getHeader('idempotent-replayed')) {
        // A mutation that changed something without its activity record is a bug: loud in tests, logged in production.
        const msg = `Endpoint ${name} declares activity ${actions.join('/')} but wrote none`;
        if (process.env.VITEST) throw new Error(msg);
        req.log.error(msg);
      }
      // The caches of signed-in users the call changed, dropped in every process (after the handler's commit).
      if (meta.invalidates && reply.statusCode < 300) {
        if (meta.invalidates === 'user') {
          const id = (ctx.found as { id?: string } | undefined)?.id;
          if (!id) throw new Error(`Endpoint ${name} invalidates a user but loaded none`);
          await invalidate(db, `user ${id}`);
        } else if (meta.invalidates === 'self') await invalidate(db, `user ${user.id}`);
        else await invalidate(db, meta.invalidates);
      }
      // A change of a live topic, announced to the staff who may see its record (after the commit).
      if (meta.live && !announced && reply.statusCode < 300 && !reply.getHeader('idempotent-replayed')) {
        const rec = liveRecord(answer, ctx.found);
        if (!rec) {
          const msg = `Endpoint ${name} declares live topic ${meta.live} but its answer names no record`;
          if (process.env.VITEST) throw new Error(msg);
          req.log.error(msg);
        } else {
          await announce(db, { topic: meta.live, endpoint: name, id: rec.id, opId: rec.opId }).catch((err: unknown) => req.log.warn({ err }, 'live announcement failed'));
        }
      }
      if (answer === undefined) return reply;
      // Answer fields the caller may not receive (`fieldAccess`) never leave the server.
      if (withheld.size && answer.data && typeof answer.data === 'object') {
        const data = { ...(answer.data as Record<string, unknown>) };
        const ofItems = [...withheld].filter((f) => f.startsWith(ITEM_FIELD)).map((f) => f.slice(ITEM_FIELD.length));
        for (const f of withheld) if (!f.startsWith(ITEM_FIELD)) delete data[f];
        if (ofItems.length && Array.isArray(data.items)) {
          data.items = (data.items as Record<string, unknown>[]).map((it) => {
            const copy = { ...it };
            for (const f of ofItems) delete copy[f];
            return copy;
          });
        }
        return { ...answer, data } as typeof answer;
      }
      return answer;
    },
  });
}

/**
 * The claimed record a decision names (an entry's `claim` rule), or null when the call is not a
 * decision. A lookup-scoped entry's record is found here through the scoped repository (another
 * operator's: 404, as the handler would answer).
 */
async function claimedRecord(meta: EndpointMeta, req: FastifyRequest, repo: ScopedRepo, found: unknown): Promise<{ kind: NonNullable<EndpointMeta['claim']>['kind']; recordId: string; opId: string } | null> {
  const rule = meta.claim;
  if (!rule) return null;
  const input = (meta.method === 'GET' ? req.query : req.body) as Record<string, unknown> | undefined;
  if (rule.when && !rule.when.values.includes(String(input?.[rule.when.field]))) return null;
  const scope = meta.scope;
  let row = found;
  if (scope.kind === 'lookup') {
    const field = scope.fields.find((f) => input?.[f] !== undefined && input?.[f] !== null && input?.[f] !== '');
    row = await repo.get(scope.entity, field ? input![field] : undefined, field ?? scope.fields[0]!);
  }
  if (row === undefined || (scope.kind !== 'lookup' && scope.kind !== 'record')) return null;
  const target = activityTarget(scope.entity, row as never);
  return { kind: rule.kind, recordId: target.targetId, opId: target.opId ?? '' };
}
