import { z } from 'zod';

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
  TRUST_PROXY: z.enum(['0', '1']).default('0'),
  ACTIVITY_SIMULATOR_SECONDS: z.coerce.number().min(0, 'ACTIVITY_SIMULATOR_SECONDS must be 0 (off) or more.').default(0),
  /** How often the job queue looks for provider claims left in flight and provider checks due. */
  PAYMENTS_SWEEP_SECONDS: z.coerce.number().min(1, 'PAYMENTS_SWEEP_SECONDS must be 1 or more.').default(30),
  /** A claim with no settle after this long is settled by a job (keep it well above PAYMENTS_TIMEOUT_MS). */
  PAYMENTS_CLAIM_STALE_SECONDS: z.coerce.number().min(15, 'PAYMENTS_CLAIM_STALE_SECONDS must be 15 or more.').default(120),
  /** First provider check of a withdrawal the provider did not answer for (IN_PROGRESS), then doubling. */
  PAYMENTS_CHECK_SECONDS: z.coerce.number().min(1, 'PAYMENTS_CHECK_SECONDS must be 1 or more.').default(30),
  /** How often the job queue refreshes planner statistics of changed tables (0: never; the embedded database has no autovacuum). */
  ANALYZE_MINUTES: z.coerce.number().min(0, 'ANALYZE_MINUTES must be 0 (off) or more.').default(10),
});
export type Config = z.infer<typeof envSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const res = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!res.success) {
    const lines = res.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return res.data;
}
