/**
 * Budget: the JavaScript needed for the first render of each landing page, gzipped, at most
 * 140 KB (docs/first-screen.md, "Back to 140 KB"); and the way the code is cut (apps/web/vite.config.ts): no landing
 * page's first render loads another landing page's own chunks. Reads Vite's
 * manifest: the entry and its static imports, the page's chunk and its static imports (what the
 * server's `landingLinks` modulepreloads with the HTML), and the strings of the first paint in
 * Chinese, the language of a page opened without a host (the server's `languageLinks`, and the
 * page's string groups in app/router.tsx). Prints the figures; exits non-zero when a page is over
 * budget (a size, not a timing: it does not flicker).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
// React DOM is ~60 KB of it. 141 for a day, while the error messages still came with the first render.
const BUDGET_KB = 140;

/** The landing pages: their module, and the string groups router.tsx names for them. */
const pages = [
  // The community page is part of the first-screen chunk the entry imports: it may have no entry of its own.
  { path: '/app/community/index', src: 'src/features/community/pages/community-page.tsx', strings: [] },
  { path: '/app/community/detail', src: 'src/features/community/pages/post-detail-page.tsx', strings: [] },
  { path: '/app/shoopping', src: 'src/features/shop/pages/mall-page.tsx', strings: ['shop'] },
];
// The error messages load once the first screen is done (apps/web/src/platform/i18n.ts).
const firstPaintStrings = ['src/locales/cn/eager.ts'];

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const manifest: Record<string, Chunk> = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('manifest has no entry: build the web app first');

const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

let over = false;
for (const page of pages) {
  const needed = new Set<string>();
  const visit = (key: string) => {
    if (needed.has(key) || !manifest[key]) return;
    needed.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  visit(entryKey);
  visit(page.src);
  for (const key of [...firstPaintStrings, ...page.strings.map((group) => `src/locales/cn/${group}.ts`)]) {
    if (!manifest[key]) throw new Error(`${key} is not in the build: update bench/bundle.ts`);
    needed.add(key);
  }
  const rows = [...needed].map((key) => ({ file: manifest[key]?.file ?? key, gzip: gz(manifest[key]?.file ?? key) }));
  rows.sort((a, b) => b.gzip - a.gzip);
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  const css = [...new Set([...needed].flatMap((key) => manifest[key]?.css ?? []))].reduce((sum, file) => sum + gz(file), 0);

  console.log(`first render of ${page.path}: ${kb(total)} KB gzip JavaScript in ${rows.length} files (budget ${BUDGET_KB} KB), ${kb(css)} KB gzip CSS ${total / 1024 > BUDGET_KB ? 'OVER BUDGET' : 'ok'}`);
  // The others' page modules and their `-parts` chunks (vite.config.ts names them after the page).
  const others = pages.filter((other) => other !== page).map((other) => path.basename(other.src).replace(/\.tsx$/, ''));
  const foreign = rows.filter((row) => others.some((name) => new RegExp(`^assets/${name}(-parts)?-[\\w-]{8}\\.js$`).test(row.file)));
  console.log(`${page.path} loads no other landing page's code: ${foreign.length === 0 ? 'ok' : `OVER BUDGET (${foreign.map((row) => row.file).join(', ')})`}`);
  if (foreign.length > 0) over = true;
  for (const row of rows) console.log(`  ${kb(row.gzip).padStart(7)} KB  ${row.file}`);
  if (total / 1024 > BUDGET_KB) {
    console.error(`${page.path} is over budget by ${kb(total - BUDGET_KB * 1024)} KB`);
    over = true;
  }
}
if (over) process.exit(1);
