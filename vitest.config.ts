// Vitest: tests mirror src/, each file in its own fork. The `postgres` project runs the store-backed tests again on PostgreSQL.
import { defineConfig } from 'vitest/config';

/** Tests whose behaviour goes through the store: they must pass on both SQLite and PostgreSQL. */
const STORE_TESTS = [
  'test/checkout/**/*.test.ts',
  'test/payments/**/*.test.ts',
  'test/webhooks/**/*.test.ts',
  'test/platform/**/*.test.ts',
  'test/contract/**/*.test.ts',
  'test/db/**/*.test.ts',
  'test/cluster/**/*.test.ts',
  'test/dashboard/*-api.test.ts',
  'test/main/commands/**/*.test.ts',
  'test/widget/*.test.ts',
  'test/http/pipelining.test.ts',
];

export default defineConfig({
  test: {
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: 'sqlite', include: ['test/**/*.test.ts'], exclude: ['test/cluster/**'] } },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: STORE_TESTS,
          globalSetup: ['test/support/postgres-setup.ts'],
          testTimeout: 60_000,
        },
      },
      // The client libraries against a real server (SQLite); the Python client's tests run from `npm test` after vitest.
      { extends: true, test: { name: 'clients', include: ['packages/client/test/**/*.test.ts'] } },
    ],
  },
});
