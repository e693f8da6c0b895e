import fs from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = ['community', 'posting', 'configs', 'safety', 'shop', 'legal', 'moderation'];

// Server modules: each table has one owning module (docs/architecture.md, "Server").
const serverModules = fs
  .readdirSync(new URL('./apps/server/src/modules/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Only platform/ touches the outside world.
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Use the API client in src/platform/api.' }],
    },
  },
  // Features meet in app/ (routes) and ui/; they never reach into each other (STYLE.md).
  ...features.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(features/)?(${features.filter((f) => f !== feature).join('|')})(/|$)`,
              message: 'Features do not import each other: share through src/ui or src/platform, or compose in src/app.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/web/src/platform/**/*.{ts,tsx}'],
    rules: { 'no-restricted-globals': 'off' },
  },
  {
    // Test files and benches speak to people on the console on purpose.
    files: ['bench/**/*.ts', 'apps/server/src/main.ts', 'apps/server/src/cli.ts', 'scripts/**/*.{js,ts}'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'apps/server/test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },

  // ---- Server module boundaries (docs/architecture.md, "Server") -----------------------------
  // A module reaches another only through its services (`service.ts`, `*-service.ts`) and its
  // `public.ts` (SQL fragments for joins, and small functions that take the caller's transaction).
  // Its repos (`repo.ts`, `*-repo.ts`) are its own: only the owner writes its tables. Tests may
  // also use another module's `test-fixtures.ts`.
  ...serverModules.flatMap((name) => {
    const other = `^\\.\\./(?!${name}/)[a-z][a-z0-9-]*/`;
    const restrict = (allowed) => ({
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `${other}([a-z0-9-]+-)?repo\\.ts$`,
              message: "Another module's repo is its own: call its service or its public.ts (docs/architecture.md).",
            },
            {
              regex: `${other}(?!(${allowed.join('|')}|([a-z0-9-]+-)?repo)\\.ts$)`,
              message: "Reach another module through its service.ts, *-service.ts or public.ts (docs/architecture.md).",
            },
          ],
        },
      ],
    });
    const published = ['service', '[a-z0-9-]+-service', 'public'];
    return [
      { files: [`apps/server/src/modules/${name}/**/*.ts`], rules: restrict(published) },
      { files: [`apps/server/src/modules/${name}/**/*.test.ts`, `apps/server/src/modules/${name}/test-fixtures.ts`], rules: restrict([...published, 'test-fixtures']) },
    ];
  }),
);
