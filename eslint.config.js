import fs from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const web = 'apps/web/src';
const features = fs.readdirSync(`${web}/features`);

/** One no-restricted-imports rule per layer of the web app: the imports it may not make, and why. */
function webLayers() {
  const layer = (files, forbidden, extra = []) => ({
    files: files.map((f) => `${web}/${f}`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            // Every import from another folder goes through @/, so the rules below see where it points.
            { regex: '^\\.\\./', message: 'Import through @/ (apps/web/src), not ../: the layer rules read @/ paths.' },
            ...forbidden.map(([dir, why]) => ({ regex: `^@/${dir}`, message: why })),
            ...extra,
          ],
        },
      ],
    },
  });
  const pureUi = 'ui/ is pure presentation: props in, markup out. Business parts go to entities/, outside-world code to platform/.';
  return [
    layer(['paths.ts'], [['', 'paths.ts is a leaf: everything imports it, it imports nothing of ours.']]),
    layer(['ui/**/*.{ts,tsx}'], [['platform/', pureUi], ['entities/', pureUi], ['features/', pureUi], ['app/', pureUi]], [
      { group: ['@tanstack/react-query'], allowTypeImports: true, message: pureUi },
    ]),
    layer(['platform/**/*.{ts,tsx}'], [
      ['ui/', 'platform/ is the door to the outside world and shows nothing of the app.'],
      ['entities/', 'platform/ knows no business object.'],
      ['features/', 'platform/ knows no feature.'],
      ['app/', 'platform/ knows no route or provider.'],
    ]),
    layer(['entities/**/*.{ts,tsx}'], [
      ['features/', 'entities/ are shown by features; they never import one.'],
      ['app/', 'entities/ never import app/ (route paths are in @/paths.ts).'],
    ]),
    ...features.map((feature) =>
      layer([`features/${feature}/**/*.{ts,tsx}`], [
        [`features/(?!${feature}/)`, 'Features never import each other: what two features show is an entity (src/entities).'],
        ['app/', 'Features never import app/: route paths are in @/paths.ts.'],
      ]),
    ),
  ];
}

// The server names its files from its roots (`#server/…`, `#server-test/…`: apps/server/package.json
// "imports"), never by climbing with `../`, so that the module rules below see every path.
const upwards = { regex: '^\\.\\./', message: 'Import from #server/… or #server-test/… (apps/server/package.json "imports"), not with ../' };

// Server modules: each table has one owning module (docs/architecture.md, "Server").
const serverModules = fs
  .readdirSync(new URL('./apps/server/src/modules/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-server/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  // Type-aware: a promise nobody awaits or catches, or one handed where a plain callback belongs,
  // is an error (recommendedTypeChecked), with the type checker's view of every file.
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // react-i18next's `t` and the query library's functions are typed as methods but are bound;
      // destructuring them is how their documentation uses them.
      '@typescript-eslint/unbound-method': 'off',
      // Fastify hooks and our interfaces take async functions; one that needs no await is still right.
      '@typescript-eslint/require-await': 'off',
    },
  },
  // Files outside every tsconfig (the root's tool configs, plain scripts) are linted without types.
  { files: ['**/*.{js,mjs,cjs}', '*.config.ts'], ...tseslint.configs.disableTypeChecked },
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
  // The web app's layers (docs/architecture.md): app → features → entities → ui | platform → contracts.
  // Each layer may import only the layers below it; features never import each other.
  ...webLayers(),
  {
    files: ['apps/web/src/platform/**/*.{ts,tsx}'],
    rules: { 'no-restricted-globals': 'off' },
  },
  {
    // Test files and benches speak to people on the console on purpose.
    files: ['bench/**/*.ts', 'apps/server/src/main.ts', 'apps/server/src/worker.ts', 'apps/server/src/cli.ts', 'scripts/**/*.{js,ts}'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'apps/server/test/**/*.ts', '**/test-fixtures.ts', 'apps/web/src/test-utils.tsx', 'bench/**/*.ts'],
    // Tests read the server's JSON answers as they come: typing each body would only repeat the assertions.
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // A test runs a shipped plain script (public/host-queue.js) against a window of its own.
      '@typescript-eslint/no-implied-eval': 'off',
    },
  },

  // ---- Server wiring (docs/architecture.md, "Wiring") -----------------------------------------
  // Only the composition roots build a repo: compose/ (for app.ts and worker.ts), the seed, the
  // admin tool and the tests. A service or a module's function is handed the instance it runs,
  // with `repo.on(q)` in a transaction, or calls what another module offers (compose/offers.ts).
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/compose/**', 'apps/server/src/seed/**', 'apps/server/src/cli.ts', '**/*.test.ts', '**/test-fixtures.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'NewExpression[callee.name=/Repo$/]',
          message: 'Only the composition root builds repos (compose/repos.ts): take the instance as a constructor parameter and run it with on(q) (docs/architecture.md, "Wiring").',
        },
      ],
    },
  },

  // ---- Server module boundaries (docs/architecture.md, "Server") -----------------------------
  // A module reaches another only through its `public.ts`: what the module offers others, its
  // services' types among it, is what that file exports, whatever file the code lives in. Tests
  // may also use another module's `test-fixtures.ts`. The direction (which module may use which)
  // is held by .dependency-cruiser.cjs.
  { files: ['apps/server/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [upwards] }] } },
  ...serverModules.flatMap((name) => {
    const other = `^#server/modules/(?!${name}/)[a-z][a-z0-9-]*/`;
    const restrict = (allowed) => ({
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            upwards,
            {
              regex: `${other}(?!(${allowed.join('|')})\\.ts$)`,
              message: "Reach another module through its public.ts: what it exports is what the module offers (docs/architecture.md).",
            },
          ],
        },
      ],
    });
    return [
      { files: [`apps/server/src/modules/${name}/**/*.ts`], rules: restrict(['public']) },
      { files: [`apps/server/src/modules/${name}/**/*.test.ts`, `apps/server/src/modules/${name}/test-fixtures.ts`], rules: restrict(['public', 'test-fixtures']) },
    ];
  }),
);
