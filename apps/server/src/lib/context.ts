import type { FastifyRequest } from 'fastify';
import type { EndpointName, Role, SessionUser } from '@pitboss/contract';
import type { Db } from '../db/client.js';
import type { Config } from '../config.js';

export interface AuthedUser extends SessionUser {
  permissionSet: ReadonlySet<string>;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthedUser | null;
  }
  interface FastifyInstance {
    db: Db;
    dbKind: 'pglite' | 'postgres';
    /** The validated environment (session lifetime, ...). */
    config: Config;
  }
  interface FastifyContextConfig {
    /** A permission key the caller needs; `false` marks a public route. Every /api route declares one. */
    permission?: string | false;
    /** Roles allowed in addition to the permission check (undefined: any role holding the permission). */
    roles?: readonly Role[];
    /** The endpoint table's `secret`: the answer is marked no-store and never compressed. */
    secret?: boolean;
    /** The endpoint table's entry of the route (every /api route has one). */
    endpoint?: EndpointName;
  }
}

export function currentUser(req: FastifyRequest): AuthedUser {
  if (!req.user) throw new Error('route without authentication');
  return req.user;
}
