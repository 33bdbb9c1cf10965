import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // The API files share their worker's modules (the server is imported and compiled once per
          // worker, not once per file: the API phases take half the time). Each file still opens its
          // own copy of the seeded database, and the server's caches are kept per database; a file
          // must not rely on a fresh module (no vi.mock of what the server imports).
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // E2E_WORKERS files at once, each worker against a server of its own (e2e/global-setup.ts).
          // The files of a worker share its modules (playwright-core and the contract load once, not
          // once per file); each file opens its own sessions.
          isolate: false,
          maxWorkers: Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 2),
        },
      },
    ],
  },
});
