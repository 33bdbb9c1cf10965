import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { hasZodFastifySchemaValidationErrors, jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { MSG, KYC_IMAGE_MAX_BYTES, PLATFORM_MESSAGES, PRODUCT_VERSION } from '@pitboss/contract';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { HttpError } from './lib/http.js';
import './lib/context.js';
import { SESSION_COOKIE, userFromToken } from './modules/auth/service.js';
import { authRoutes } from './modules/auth/routes.js';
import { shellRoutes } from './modules/shell/routes.js';
import { playerRoutes } from './modules/players/routes.js';
import { kycRoutes } from './modules/kyc/routes.js';
import { activityRoutes } from './modules/activities/routes.js';
import { paymentsRoutes } from './modules/payments/routes.js';
import { settingsRoutes } from './modules/settings/routes.js';
import { registerEndpoints } from './platform/endpoints.js';
import { ALL_HANDLERS } from './platform/handlers.js';

/** Deny by default: an /api route without a declared permission stops the server at start. */
export function assertRouteDeclaresPermission(route: { url: string; method: string | string[]; config?: { permission?: string | false } }): void {
  if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
  if (route.config?.permission === undefined) throw new Error(`Route ${String(route.method)} ${route.url} declares no permission`);
}

/**
 * PostgreSQL errors caused by the input, not the server: invalid byte sequence (NUL), invalid
 * datetime, datetime out of range, invalid text representation, numeric out of range, string
 * too long, program limit exceeded (an index row too large).
 */
const BAD_INPUT_PG_CODES = new Set(['22021', '22007', '22008', '22P02', '22003', '22001', '54000']);

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export async function buildApp(config: Config, database: Database, opts: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ? { level: config.LOG_LEVEL } : false,
    trustProxy: config.TRUST_PROXY === '1',
    bodyLimit: 2 * 1024 * 1024,
  });
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  app.decorateRequest('user', null);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: KYC_IMAGE_MAX_BYTES + 1024, files: 1 } });
  await app.register(swagger, {
    openapi: { info: { title: 'Pitboss API', version: PRODUCT_VERSION } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // Deny by default: every /api route must declare a permission (false = public, '' = any signed-in user).
  app.addHook('onRoute', assertRouteDeclaresPermission);

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
    const pgCode = (err as { code?: string }).code ?? ((err as { cause?: { code?: string } }).cause?.code);
    if (pgCode && BAD_INPUT_PG_CODES.has(pgCode)) {
      return reply.status(400).send({ success: false, data: null, messages: [PLATFORM_MESSAGES.INPUT_INVALID], status: 'VALIDATION_ERROR' });
    }
    const code = (err as FastifyError).statusCode;
    if (code && code >= 400 && code < 500) {
      const message = (err as FastifyError).code === 'FST_REQ_FILE_TOO_LARGE' ? MSG.KYC_IMAGE_SIZE : err.message;
      return reply.status(code).send({ success: false, data: null, messages: [message] });
    }
    req.log.error(err);
    // With the logger off (tests), an unexpected error still shows: a 500 is always a bug.
    if (!opts.logger) console.error("Unexpected server error:", err);
    return reply.status(500).send({ success: false, data: null, messages: [MSG.GENERIC_ERROR] });
  });

  app.get('/api/health', { config: { permission: false } }, async () => {
    let db = 'ok';
    try { await app.db.execute('select 1'); } catch { db = 'error'; }
    return { success: true, data: { status: 'ok', db }, messages: [] };
  });

  await authRoutes(app, config);
  await shellRoutes(app);
  await playerRoutes(app);
  await kycRoutes(app);
  await activityRoutes(app);
  await paymentsRoutes(app);
  await settingsRoutes(app);
  registerEndpoints(app, ALL_HANDLERS);

  app.all('/api/*', { config: { permission: false } }, async () => { throw new HttpError(404, [MSG.NOT_FOUND]); });

  // The built console on the same origin; client-side routes fall back to index.html.
  if (fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
    await app.register(fastifyStatic, { root: WEB_DIST, wildcard: false, maxAge: '1h' });
    app.setNotFoundHandler((req, reply) => {
      if (req.method !== 'GET' || req.url.startsWith('/api/')) return reply.status(404).send({ success: false, data: null, messages: [MSG.NOT_FOUND] });
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  }
  return app;
}
