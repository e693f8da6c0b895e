import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { type Rolldown, defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

const landingPagesFile = fileURLToPath(new URL('./src/app/landing-pages.ts', import.meta.url));

/**
 * How the phone's code is cut (docs/first-screen.md, "What a phone loads"), by a rule with no file
 * name in it but app/landing-pages.ts:
 * - everything the entry imports statically is one chunk (the entry's own);
 * - a landing page (a module app/landing-pages.ts loads) keeps a chunk of its own, which the
 *   manifest names for the server's modulepreload links, and what it imports statically beyond the
 *   entry comes with it in one more (`<page>-parts`); what several landing pages import, and the
 *   entry does not, comes in one chunk per set of them (`shared-by-<pages>`);
 * - everything else splits where the code says `import()` (and `lazy()`), as the bundler does.
 * So a file that moves or is renamed changes no line here: where it lands follows from who imports it.
 */
function landingChunks(): Rolldown.CodeSplittingGroup[] {
  let chunkOf: Map<string, string> | undefined;
  return [
    { name: 'shell', tags: ['$initial'], priority: 2 },
    // Each module where the landing pages' static imports put it, and its own imports where they
    // put them: the default would take them along into the first landing chunk that needs them.
    { name: (id, ctx) => (chunkOf ??= landingChunkMap(ctx)).get(id) ?? null, priority: 1, includeDependenciesRecursively: false },
  ];
}

function landingChunkMap(ctx: Rolldown.ChunkingContext): Map<string, string> {
  const info = (id: string) => ctx.getModuleInfo(id);
  const closure = (start: string, outside: Set<string> = new Set()) => {
    const seen = new Set<string>();
    const visit = (id: string) => {
      if (seen.has(id) || outside.has(id)) return;
      seen.add(id);
      for (const next of info(id)?.importedIds ?? []) visit(next);
    };
    visit(start);
    return seen;
  };
  // The entry: where the static imports that reach the landing pages' file start.
  const entries = new Set<string>();
  const up = (id: string, seen = new Set<string>()) => {
    if (seen.has(id)) return;
    seen.add(id);
    const module = info(id);
    if (module?.isEntry) entries.add(id);
    for (const importer of module?.importers ?? []) up(importer, seen);
  };
  up(landingPagesFile);
  const shell = new Set([...entries].flatMap((entry) => [...closure(entry)]));
  const owners = new Map<string, string[]>();
  for (const page of info(landingPagesFile)?.dynamicallyImportedIds ?? []) {
    const name = path.basename(page).replace(/\.[^.]+$/, '');
    for (const id of closure(page, shell)) if (id !== page) owners.set(id, [...(owners.get(id) ?? []), name]);
  }
  return new Map([...owners].map(([id, names]) => [id, names.length === 1 ? `${names[0]}-parts` : `shared-by-${names.join('-')}`]));
}

export default defineConfig({
  base: '/app/',
  // React's own JSX transform, and fast refresh in development (an edit keeps the page's state).
  plugins: [react(), precompress()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // React 19 has the hook the shim stands in for (src/platform/use-sync-external-store.ts says why);
      // only the shim itself, not its `with-selector` beside it.
      { find: /^use-sync-external-store\/shim$/, replacement: fileURLToPath(new URL('./src/platform/use-sync-external-store.ts', import.meta.url)) },
    ],
  },
  build: {
    // The phones' browsers: iOS 16 and Android's WebView 107 on (close to Vite's own default). Older
    // Safari's class fields would be compiled into helpers, 1.2 KB gzip of the first render.
    target: ['chrome107', 'safari16'],
    // The phone downloads what the first page needs; the rest comes with the page that needs it.
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
    manifest: true,
    rolldownOptions: {
      // Query's "use client" marks are for server components, which this app has none of.
      onLog(level, log, handler) {
        if (log.code !== 'MODULE_LEVEL_DIRECTIVE') handler(level, log);
      },
      output: {
        codeSplitting: { groups: landingChunks() },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080', '/storage': 'http://127.0.0.1:8080' },
  },
});
