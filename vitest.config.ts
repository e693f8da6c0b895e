import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', environment: 'node' } },
      { test: { name: 'bridge-protocol', root: 'packages/bridge-protocol', environment: 'node' } },
      { test: { name: 's3-endpoint', root: 'packages/s3-endpoint', environment: 'node', testTimeout: 30_000 } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One migrated PGlite database that every server test file starts from (the file says why).
          globalSetup: [fileURLToPath(new URL('apps/server/test/pglite-template.ts', import.meta.url))],
        },
      },
      // The benches' own correctness (their seeds); the benches themselves run from scripts/bench.sh.
      { test: { name: 'bench', root: 'bench', environment: 'node', testTimeout: 60_000, hookTimeout: 60_000 } },
      'apps/web/vitest.config.ts',
    ],
  },
});
