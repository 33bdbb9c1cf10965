import net from 'node:net';
import { z } from 'zod';

/**
 * TRUST_PROXY: which proxies' X-Forwarded-For entries are believed. `0` (default): none, the
 * client is the TCP peer. A number N: N proxy hops in front of the server (`1`: one proxy), so
 * the client is the Nth address from the right (the one the outermost trusted proxy added;
 * anything the client wrote before it is ignored). A comma-separated list of proxy addresses
 * or CIDR ranges: the client is the first address from the right that is not one of them.
 */
export type TrustProxy = number | string[];
const TRUST_PROXY_MESSAGE = 'TRUST_PROXY must be 0 (off), a number of proxy hops (e.g. 1), or a comma-separated list of proxy addresses (e.g. 10.0.0.1,10.0.0.2 or 10.0.0.0/8).';
const isProxyAddress = (s: string) => {
  const [addr, bits, ...rest] = s.split('/');
  const kind = net.isIP(addr ?? '');
  if (!kind || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (kind === 4 ? 32 : 128);
};
const trustProxy = z.string().trim().transform((v, ctx): TrustProxy => {
  if (/^\d{1,2}$/.test(v)) return Number(v);
  const list = v.split(',').map((s) => s.trim()).filter(Boolean);
  if (list.length && list.every(isProxyAddress)) return list;
  ctx.addIssue({ code: 'custom', message: TRUST_PROXY_MESSAGE });
  return z.NEVER;
});

/** Environment, validated at start (STYLE §11). */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(1, 'PORT must be a port number (1-65535).').max(65535, 'PORT must be a port number (1-65535).').default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url('DATABASE_URL must be a postgres:// URL.').optional(),
  SEED_DEMO: z.enum(['0', '1']).optional(),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO_PLAYERS: z.coerce.number().int().min(0).default(5200),
  TRUST_PROXY: trustProxy.default(0),
  /** Failed sign-ins per account and address before that address is locked out of the account (the lock doubles each time). */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1, 'LOGIN_MAX_FAILURES must be 1 or more.').default(5),
  /** Failed sign-ins per address (any account) per window. */
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1, 'LOGIN_MAX_FAILURES_PER_ADDRESS must be 1 or more.').default(20),
  /** Failed sign-ins per account per window from addresses that never signed in to it. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1, 'LOGIN_MAX_FAILURES_PER_ACCOUNT must be 1 or more.').default(100),
  /** The throttle's window and first lock, in minutes (later locks double, up to a day). */
  LOGIN_LOCK_MINUTES: z.coerce.number().min(1, 'LOGIN_LOCK_MINUTES must be 1 or more.').default(15),
  ACTIVITY_SIMULATOR_SECONDS: z.coerce.number().min(0, 'ACTIVITY_SIMULATOR_SECONDS must be 0 (off) or more.').default(0),
  /** How often the job queue looks for provider claims left in flight and provider checks due. */
  PAYMENTS_SWEEP_SECONDS: z.coerce.number().min(1, 'PAYMENTS_SWEEP_SECONDS must be 1 or more.').default(30),
  /** A claim with no settle after this long is settled by a job (keep it well above PAYMENTS_TIMEOUT_MS). */
  PAYMENTS_CLAIM_STALE_SECONDS: z.coerce.number().min(15, 'PAYMENTS_CLAIM_STALE_SECONDS must be 15 or more.').default(120),
  /** First provider check of a withdrawal the provider did not answer for (IN_PROGRESS), then doubling. */
  PAYMENTS_CHECK_SECONDS: z.coerce.number().min(1, 'PAYMENTS_CHECK_SECONDS must be 1 or more.').default(30),
  /** How often the job queue fixes the winners of tournaments that have ended (the sweep `tournaments.finalize-due`). */
  TOURNAMENTS_FINALIZE_SECONDS: z.coerce.number().min(1, 'TOURNAMENTS_FINALIZE_SECONDS must be 1 or more.').default(30),
  /** How often the job queue expires the ACTIVE deposit bonuses whose definition ended (the sweep `bonuses.expire-due`). */
  BONUSES_EXPIRE_SECONDS: z.coerce.number().min(1, 'BONUSES_EXPIRE_SECONDS must be 1 or more.').default(60),
  /** How often the job queue runs the active flows over their new events (the sweep `flows.evaluate`). */
  FLOWS_EVALUATE_SECONDS: z.coerce.number().min(1, 'FLOWS_EVALUATE_SECONDS must be 1 or more.').default(30),
  /** How often the job queue folds the transaction roll-ups' pending changes (`reports.fold-rollups`; totals include unfolded changes either way). */
  ROLLUP_FOLD_SECONDS: z.coerce.number().min(1, 'ROLLUP_FOLD_SECONDS must be 1 or more.').default(5),
  /** How often the job queue refreshes planner statistics of changed tables (0: never; the embedded database has no autovacuum). */
  ANALYZE_MINUTES: z.coerce.number().min(0, 'ANALYZE_MINUTES must be 0 (off) or more.').default(10),
  /** Bearer token of `GET /metrics` (Prometheus); unset, `/metrics` answers only callers on this machine (loopback). */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters.').optional(),
});
export type Config = z.infer<typeof envSchema>;

/** Whether the server sits behind a trusted (TLS-terminating) proxy. */
export const behindProxy = (config: Pick<Config, 'TRUST_PROXY'>): boolean =>
  Array.isArray(config.TRUST_PROXY) ? config.TRUST_PROXY.length > 0 : config.TRUST_PROXY > 0;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const res = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!res.success) {
    const lines = res.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return res.data;
}
