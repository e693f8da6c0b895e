import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * The server's layers (docs/architecture.md, "Layers") are held by .dependency-cruiser.cjs in
 * `npm run lint`. Each case writes a few pretend files of apps/server/src into a folder of its own
 * and cruises them with the same rules: the crossing must be refused, by the rule named.
 */
const config = createRequire(import.meta.url)('../../../.dependency-cruiser.cjs') as IConfiguration;
const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** Writes `files` (path under src/ → its text) and answers the rules each of them breaks. */
async function broken(files: Record<string, string>): Promise<string[]> {
  const root = mkdtempSync(path.join(tmpdir(), 'padhub-layers-'));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    const full = path.join(root, 'apps/server/src', file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
  const { output } = await cruise(['apps/server/src'], {
    baseDir: root,
    validate: true,
    ruleSet: { forbidden: config.forbidden ?? [] },
    tsPreCompilationDeps: true,
  });
  const result = output as ICruiseResult;
  return [...new Set(result.summary.violations.map((v) => v.rule.name))].sort();
}

const uses = (specifier: string, typeOnly = false) =>
  `import ${typeOnly ? 'type ' : ''}{ thing } from '${specifier}';\nexport const used: unknown = thing;\n`;
const leaf = 'export const thing = 1;\nexport type Thing = number;\n';

describe('the server layers', () => {
  it.each([
    ['lib/x.ts', '../http/context.ts', 'layer:lib'],
    ['db/x.ts', '../lib/thing.ts', 'layer:db'],
    ['http/x.ts', '../modules/accounts/public.ts', 'layer:http'],
    ['modules/community/x.ts', '../notifications/public.ts', 'layer:modules/community'],
    ['modules/configs/x.ts', '../shop/public.ts', 'layer:modules/configs'],
    ['modules/facts/x.ts', '../safety/public.ts', 'layer:modules/facts'],
    ['modules/people/x.ts', '../../app.ts', 'layer:modules/people'],
  ])('%s may not import %s', async (file, specifier, rule) => {
    const target = path.join(path.dirname(file), specifier);
    expect(await broken({ [file]: uses(specifier), [target]: leaf })).toEqual([rule]);
  });

  it('refuses a type import that runs up a layer, as a value import', async () => {
    expect(await broken({ 'http/x.ts': uses('../modules/accounts/service.ts', true), 'modules/accounts/service.ts': leaf })).toEqual([
      'layer:http',
    ]);
  });

  it('refuses a cycle between two files of one unit, type imports included', async () => {
    const files = {
      'modules/community/a.ts': `${uses('./b.ts', true)}export type Thing = number;\n`,
      'modules/community/b.ts': `${uses('./a.ts', true)}export type Thing = number;\n`,
    };
    expect(await broken(files)).toEqual(['no-circular']);
  });

  it('refuses a folder that has no place in the layer list', async () => {
    expect(await broken({ 'newfolder/x.ts': uses('../lib/thing.ts'), 'lib/thing.ts': leaf })).toEqual(['layer:unplaced']);
  });

  it.each([
    ['http/x.ts', '../lib/thing.ts'],
    ['modules/notifications/x.ts', '../community/public.ts'],
    ['modules/community/x.ts', '../facts/public.ts'],
    ['app.ts', './modules/moderation/public.ts'],
    ['modules/community/x.test.ts', '../../app.ts'],
  ])('%s may import %s', async (file, specifier) => {
    const target = path.join(path.dirname(file), specifier);
    expect(await broken({ [file]: uses(specifier), [target]: leaf })).toEqual([]);
  });
});

/** The other half, in eslint.config.js: which file of another module may be imported at all. */
describe('the way into a module', () => {
  const repo = path.resolve(import.meta.dirname, '../../..');
  // Pretend files outside every tsconfig: linted without types, the import rules unchanged.
  const eslint = new ESLint({ cwd: repo, overrideConfig: tseslint.configs.disableTypeChecked });
  const refusals = async (file: string, specifier: string) => {
    const [result] = await eslint.lintText(uses(specifier), { filePath: path.join(repo, 'apps/server/src', file) });
    return result?.messages.filter((m) => m.ruleId === 'no-restricted-imports').length ?? -1;
  };

  it.each([
    ['modules/people/x.ts', '#server/modules/configs/hub-service.ts'],
    ['modules/people/x.ts', '#server/modules/configs/repo.ts'],
    ['modules/people/x.ts', '#server/modules/configs/test-fixtures.ts'],
    ['modules/people/x.ts', '../configs/public.ts'],
  ])('%s may not import %s', async (file, specifier) => {
    expect(await refusals(file, specifier)).toBe(1);
  });

  it.each([
    ['modules/people/x.ts', '#server/modules/configs/public.ts'],
    ['modules/people/x.ts', '#server/modules/people/repo.ts'],
    ['modules/people/x.test.ts', '#server/modules/configs/test-fixtures.ts'],
  ])('%s may import %s', async (file, specifier) => {
    expect(await refusals(file, specifier)).toBe(0);
  });
});

/** eslint.config.js's wiring rule: only the composition roots build a repo (docs/architecture.md, "Wiring"). */
describe('who builds a repo', () => {
  const repo = path.resolve(import.meta.dirname, '../../..');
  const eslint = new ESLint({ cwd: repo, overrideConfig: tseslint.configs.disableTypeChecked });
  const builds = "import { PeopleRepo } from './repo.ts';\nexport const people = (q: unknown) => new PeopleRepo(q);\n";
  const refusals = async (file: string) => {
    const [result] = await eslint.lintText(builds, { filePath: path.join(repo, 'apps/server/src', file) });
    return result?.messages.filter((m) => m.ruleId === 'no-restricted-syntax').length ?? -1;
  };

  it.each(['modules/people/x.ts', 'modules/people/public.ts', 'http/x.ts', 'app.ts'])('%s may not build one', async (file) => {
    expect(await refusals(file)).toBe(1);
  });

  it.each(['compose/x.ts', 'seed/x.ts', 'cli.ts', 'modules/people/x.test.ts', 'modules/people/test-fixtures.ts'])('%s may build one', async (file) => {
    expect(await refusals(file)).toBe(0);
  });
});
