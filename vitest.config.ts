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
          // Files share a worker's modules: each file used to import the whole app anew, which was
          // most of the suite's time (a sample of 20 files: a fifth less CPU). Nothing of the app
          // keeps state across apps but the process's metrics, which tests read as differences.
          isolate: false,
          globalSetup: [fileURLToPath(new URL('apps/server/test/pglite-template.ts', import.meta.url))],
        },
      },
      // The benches' own correctness (their seeds); the benches themselves run from scripts/bench.sh.
      { test: { name: 'bench', root: 'bench', environment: 'node', testTimeout: 60_000, hookTimeout: 60_000 } },
      'apps/web/vitest.config.ts',
    ],
  },
});
