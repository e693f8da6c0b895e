/**
 * Budget: the JavaScript needed for the first render of /app/community/index, gzipped, at most
 * 100 KB (docs/architecture.md: the client runs on Preact, ~10 KB where React DOM was ~60; about 82 when
 * this budget was set). Reads Vite's manifest: the entry and its static imports, plus the community
 * page's chunk and its static imports (the route loads it before the first paint of that page).
 * Prints the figure; exits non-zero over budget (a size, not a timing: it does not flicker).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const BUDGET_KB = 100;

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const manifest: Record<string, Chunk> = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
// The community page may be a chunk of its own or part of the first-screen chunk the entry imports.
const pageKey = Object.keys(manifest).find((key) => key.endsWith('features/community/pages/community-page.tsx'));
if (!entryKey) throw new Error('manifest has no entry: build the web app first');

const needed = new Set<string>();
const visit = (key: string) => {
  if (needed.has(key)) return;
  needed.add(key);
  for (const dep of manifest[key]?.imports ?? []) visit(dep);
};
visit(entryKey);
if (pageKey) visit(pageKey);

const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const rows = [...needed].map((key) => ({ file: manifest[key]?.file ?? key, gzip: gz(manifest[key]?.file ?? key) }));
rows.sort((a, b) => b.gzip - a.gzip);
const total = rows.reduce((sum, row) => sum + row.gzip, 0);
const css = [...new Set([...needed].flatMap((key) => manifest[key]?.css ?? []))].reduce((sum, file) => sum + gz(file), 0);

for (const row of rows) console.log(`  ${(row.gzip / 1024).toFixed(1).padStart(7)} KB  ${row.file}`);
console.log(`first render of /app/community/index: ${(total / 1024).toFixed(1)} KB gzip JavaScript (budget ${BUDGET_KB} KB), ${(css / 1024).toFixed(1)} KB gzip CSS`);
if (total / 1024 > BUDGET_KB) {
  console.error(`over budget by ${(total / 1024 - BUDGET_KB).toFixed(1)} KB`);
  process.exit(1);
}
