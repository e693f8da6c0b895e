import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

// One Preact for the tests, as in the app. Node loads the CommonJS libraries (react-router,
// antd-mobile) and they require Preact's CommonJS build; the tests and the ES-module libraries,
// left alone, would import its ES build: two Preacts whose hooks do not meet. So every import of
// Preact (and of react, its @preact/compat alias) resolves to the CommonJS files, which Node loads
// once for both, and the ES-module libraries that import them go through these aliases too.
const require = createRequire(import.meta.url);
const preactEntries = [
  'preact',
  'preact/hooks',
  'preact/compat',
  'preact/compat/client',
  'preact/jsx-runtime',
  'preact/jsx-dev-runtime',
  'react',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom',
  'react-dom/client',
];

export default defineProject({
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      { find: /^preact\/test-utils$/, replacement: fileURLToPath(new URL('./src/test-act.ts', import.meta.url)) },
      ...preactEntries.map((id) => ({ find: new RegExp(`^${id}$`), replacement: require.resolve(id) })),
    ],
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    server: { deps: { inline: ['react-i18next', '@tanstack/react-query', 'zustand', '@testing-library/preact'] } },
  },
});
