// @vitest-environment node
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/*
 * The layers of docs/architecture.md are held by the lint rules in eslint.config.js: each case
 * lints one import as if it were written in that file, and the crossing must be refused.
 */
const repo = path.resolve(import.meta.dirname, '../../..');
// The cases are pretend files outside every tsconfig: linted without types, the layer rules unchanged.
const eslint = new ESLint({ cwd: repo, overrideConfig: tseslint.configs.disableTypeChecked });

async function refusals(file: string, specifier: string, typeOnly = false) {
  const text = `import ${typeOnly ? 'type ' : ''}{ thing } from '${specifier}';\nexport const used: unknown = thing;\n`;
  const [result] = await eslint.lintText(text, { filePath: path.join(repo, 'apps/web/src', file) });
  return result?.messages.filter((m) => m.ruleId === 'no-restricted-imports').length ?? -1;
}

describe('the web layers', () => {
  it.each([
    ['ui/x.tsx', '@/features/community/pages/community-page.tsx'],
    ['ui/x.tsx', '@/entities/post/post-card.tsx'],
    ['ui/x.tsx', '@/platform/session.ts'],
    ['ui/x.tsx', '@/app/router.tsx'],
    ['ui/x.tsx', '@tanstack/react-query'],
    ['platform/x.ts', '@/ui/page.tsx'],
    ['platform/x.ts', '@/entities/post/keys.ts'],
    ['entities/post/x.tsx', '@/features/shop/api/get-goods.ts'],
    ['entities/post/x.tsx', '@/app/app.tsx'],
    ['features/shop/x.tsx', '@/features/community/api/get-feed.ts'],
    ['features/shop/x.tsx', '@/app/router.tsx'],
    ['features/shop/x.tsx', '../community/api/get-feed.ts'],
    ['paths.ts', '@/ui/page.tsx'],
  ])('%s may not import %s', async (file, specifier) => {
    expect(await refusals(file, specifier)).toBe(1);
  });

  it.each([
    ['app/x.tsx', '@/features/shop/pages/mall-page.tsx'],
    ['features/shop/x.tsx', '@/features/shop/api/get-goods.ts'],
    ['features/shop/x.tsx', '@/entities/goods/goods-card.tsx'],
    ['features/shop/x.tsx', '@/paths.ts'],
    ['entities/post/x.tsx', '@/entities/user/avatar.tsx'],
    ['entities/post/x.tsx', '@/platform/api/client.ts'],
    ['entities/post/x.tsx', '@/ui/page.tsx'],
    ['ui/x.tsx', '@/ui/page.tsx'],
  ])('%s may import %s', async (file, specifier) => {
    expect(await refusals(file, specifier)).toBe(0);
  });

  it('lets ui/ name the query types it is handed, not run queries', async () => {
    expect(await refusals('ui/x.tsx', '@tanstack/react-query', true)).toBe(0);
  });
});
