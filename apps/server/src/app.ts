import path from 'node:path';
import fs from 'node:fs';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import helmet from 'helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { hasZodFastifySchemaValidationErrors, jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { ENDPOINTS, MSG, KYC_IMAGE_MAX_BYTES, PLATFORM_MESSAGES, PRODUCT_VERSION, type EndpointMeta } from '@pitboss/contract';
import { behindProxy, type Config } from './config.js';
import type { Database } from './db/client.js';
import { HttpError } from './lib/http.js';
import { WEB_DIST } from './lib/paths.js';
import './lib/context.js';
import { SESSION_COOKIE, prepareDummyHash, userFromToken } from './modules/auth/service.js';
import { API_NOT_FOUND, assertRouteFromTable, registerEndpoints } from './platform/endpoints.js';
import { ALL_HANDLERS } from './platform/handlers.js';
import { compiledSerializerCompiler } from './platform/serializer.js';
import { registerAnswerCompression } from './lib/compress.js';
import { registerMetrics } from './lib/metrics-route.js';


/**
 * PostgreSQL errors caused by the input, not the server: invalid byte sequence (NUL), invalid
 * datetime, datetime out of range, invalid text representation, numeric out of range, string
 * too long, program limit exceeded (an index row too large).
 */
const BAD_INPUT_PG_CODES = new Set(['22021', '22007', '22008', '22P02', '22003', '22001', '54000']);

/** Whether an error is PostgreSQL refusing bad input (the driver's error or the ORM's wrapper of it): answered 400, not 500. */
export function isBadInputDbError(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = typeof e?.code === 'string' ? e.code : e?.cause?.code;
  return typeof code === 'string' && BAD_INPUT_PG_CODES.has(code);
}

export { WEB_DIST };

/** Hashed build output (`/assets/name-HASH.js`): its URL changes with its content. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Security headers of every answer (API, console, OpenAPI page). The console's index.html has
 * no inline script, so scripts come from this origin only; styles allow 'unsafe-inline'
 * because MUI (Emotion) injects <style> elements at run time. HSTS and
 * upgrade-insecure-requests only behind a TLS-terminating proxy (TRUST_PROXY set): on plain
 * HTTP they would break the console.
 */
export function securityHeaders(config: Pick<Config, 'TRUST_PROXY'>) {
  const tls = behindProxy(config);
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(tls ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: tls ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  } as const;
}

/**
 * Fastify's `trustProxy` from TRUST_PROXY: a number of hops (the client is the address the
 * outermost trusted proxy added: anything the client wrote in front of it is ignored) or the
 * proxies' addresses; never "trust everyone", so a client can neither forge the address stored
 * with its sign-ins and activities nor rotate X-Forwarded-For past the login throttle.
 * (Fastify reads a plain number as "trust no forwarded address", hence the function.)
 */
export function trustedProxies(config: Pick<Config, 'TRUST_PROXY'>): false | string[] | ((addr: string, hop: number) => boolean) {
  const tp = config.TRUST_PROXY;
  if (Array.isArray(tp)) return tp;
  return tp > 0 ? (_addr, hop) => hop < tp : false;
}

/**
 * The security headers as name/value pairs, computed once: helmet's middleware run at start
 * against a response that records what it sets (none of these headers depends on the request).
 */
export function securityHeaderList(config: Config): [string, string][] {
  const set = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: unknown) => { set.set(name.toLowerCase(), String(value)); },
    removeHeader: (name: string) => { set.delete(name.toLowerCase()); },
  };
  let failed: unknown;
  helmet(securityHeaders(config))({} as never, res as never, (err?: unknown) => { failed = err; });
  if (failed) throw failed;
  return [...set];
}

export async function buildApp(config: Config, database: Database, opts: { logger?: boolean; webDist?: string } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ? { level: config.LOG_LEVEL } : false,
    trustProxy: trustedProxies(config),
    bodyLimit: 2 * 1024 * 1024,
  });
  void prepareDummyHash();
  app.decorate('db', database.db);
  app.decorate('config', config);
  app.decorate('dbKind', database.kind);
  app.decorateRequest('user', null);
  app.setValidatorCompiler(validatorCompiler);
  // Answers through their declared schema, compiled once per route (platform/serializer.ts).
  app.setSerializerCompiler(compiledSerializerCompiler);

  // Every answer carries the security headers (set before any handler runs, as a plugin would).
  const headers = securityHeaderList(config);
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: KYC_IMAGE_MAX_BYTES + 1024, files: 1 } });
  await app.register(swagger, {
    openapi: { info: { title: 'Pitboss API', version: PRODUCT_VERSION } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // Every /api route comes from the endpoint table (its access rule declared there); any other stops the server at start.
  app.addHook('onRoute', assertRouteFromTable);

  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/') || req.url.startsWith('/api/docs')) return;
    const perm = req.routeOptions.config?.permission;
    if (perm === false) return;
    const token = req.cookies[SESSION_COOKIE];
    const user = token ? await userFromToken(app.db, token) : null;
    if (!user) throw new HttpError(401, [MSG.UNAUTHENTICATED]);
    if (user.isBlocked) throw new HttpError(403, [MSG.USER_BLOCKED], 'FORBIDDEN_ACCESS', { redirect: '/admin?error=forbidden-access' });
    req.user = user;
    const roles = req.routeOptions.config?.roles;
    if (roles && !roles.includes(user.role)) throw new HttpError(403, [MSG.NO_PERMISSION]);
    if (perm && !user.permissionSet.has(perm)) throw new HttpError(403, [MSG.NO_PERMISSION]);
  });

  app.setErrorHandler((err: FastifyError | HttpError, req, reply) => {
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).send({ success: false, data: err.data, messages: err.messages, ...(err.status ? { status: err.status } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const messages = [...new Set(err.validation.map((v) => v.message))];
      return reply.status(400).send({ success: false, data: null, messages, status: 'VALIDATION_ERROR' });
    }
    // Database refusals of bad input (invalid text, dates, numbers, over-long values) are the caller's error.
    if (isBadInputDbError(err)) {
      return reply.status(400).send({ success: false, data: null, messages: [PLATFORM_MESSAGES.INPUT_INVALID], status: 'VALIDATION_ERROR' });
    }
    const code = (err as FastifyError).statusCode;
    if (code && code >= 400 && code < 500) {
      // A body over the endpoint's limit: its own refusal when the table gives one (an upload's size).
      const endpoint = req.routeOptions.config?.endpoint;
      const tooLarge = code === 413 && endpoint ? (ENDPOINTS[endpoint] as EndpointMeta).tooLarge : undefined;
      const message = tooLarge ?? ((err as FastifyError).code === 'FST_REQ_FILE_TOO_LARGE' ? MSG.KYC_IMAGE_SIZE : err.message);
      return reply.status(code).send({ success: false, data: null, messages: [message] });
    }
    req.log.error(err);
    // With the logger off (tests), an unexpected error still shows: a 500 is always a bug.
    if (!opts.logger) console.error("Unexpected server error:", err);
    return reply.status(500).send({ success: false, data: null, messages: [MSG.GENERIC_ERROR] });
  });

  // API answers compressed for clients that accept it (not those carrying secrets).
  registerAnswerCompression(app);
  registerEndpoints(app, ALL_HANDLERS);
  // Prometheus text at /metrics (outside /api: no session; METRICS_TOKEN or loopback only) and the request timings it reports.
  registerMetrics(app, config, database);

  // The one /api route outside the table: an unknown call answers 404 in the envelope.
  app.all(API_NOT_FOUND, { config: { permission: false } }, async () => { throw new HttpError(404, [MSG.NOT_FOUND]); });

  // The built console on the same origin; client-side routes fall back to index.html.
  // The build writes a brotli and a gzip copy beside each file (apps/web/scripts/compress.mjs),
  // served as they are to a browser that accepts them. Hashed assets are cached for a year;
  // everything else (index.html) is revalidated on each load.
  const webDist = opts.webDist ?? WEB_DIST;
  if (fs.existsSync(path.join(webDist, 'index.html'))) {
    const assetsDir = path.join(webDist, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'], // reached through the file they compress, not by their own URL
      cacheControl: false,
      setHeaders: (reply, filePath) => { reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : 'no-cache'); },
    });
    app.setNotFoundHandler((req, reply) => {
      const notFound = req.method !== 'GET' || req.url.startsWith('/api/') || req.url.startsWith('/assets/');
      if (notFound) return reply.status(404).send({ success: false, data: null, messages: [MSG.NOT_FOUND] });
      return reply.sendFile('index.html');
    });
  }
  return app;
}
