import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, expectAccessible, test } from './fixtures.ts';

type Report = { done: boolean; checks: { name: string; ok: boolean; detail: string }[] };

const report = (page: Page) => page.evaluate(() => (window as unknown as { padhubHostCheck?: Report }).padhubHostCheck);

async function finished(page: Page): Promise<Report> {
  await expect.poll(async () => (await report(page))?.done ?? false, { timeout: 30_000 }).toBe(true);
  return (await report(page)) as Report;
}

const failing = (result: Report) => result.checks.filter((c) => !c.ok).map((c) => c.name).sort();

test('the conformance page passes on the simulated host', async ({ page, context }) => {
  await page.goto('/app/host-check');
  await expect(page.locator('h1')).toHaveText('宿主检查');
  const dialog = page.getByRole('dialog');
  // The check asks for a login to cancel, then for one to complete, as a tester in the host would.
  await expect(page.getByRole('status').filter({ hasText: '请取消' })).toBeVisible();
  await dialog.locator('.sim-close').click();
  await expect(dialog.locator('input[name=username]')).toBeVisible();
  await dialog.locator('input[name=username]').fill('demo');
  await dialog.locator('input[name=password]').fill(DEMO_PASSWORD);
  const browserTab = context.waitForEvent('page');
  await dialog.locator('form button[type=submit]').first().click();
  // openExternal: the simulated host opens the link in a new tab, as a native host opens the browser.
  await (await browserTab).close();
  await dialog.getByRole('button', { name: '已应用' }).click();

  const result = await finished(page);
  expect(failing(result)).toEqual([]);
  expect(result.checks.map((c) => c.name)).toEqual([
    'hello',
    'getUserInfo',
    'getOrganization',
    'getStatusBarHeight',
    'getLanguage',
    'getCommunityLanguage',
    'unknownFields',
    'unknownMethod',
    'getActiveConfiguration',
    'getConnectedController',
    'loginCancel',
    'login',
    'userChangedOnLogin',
    'openExternal',
    'applyConfiguration',
    'share',
    'setBadge',
    'events',
  ]);
  await expect(page.getByRole('status').filter({ hasText: '项检查中通过' })).toHaveText(`18 项检查中通过 18 项。`);
  await expectAccessible(page);
});

/**
 * An Android-style host (window.padhub with postMessage, answers through onmessage) that gets a
 * few things wrong on purpose; the conformance page must fail exactly those.
 */
function brokenAndroidHost() {
  const all = ['hello', 'getUserInfo', 'getOrganization', 'getStatusBarHeight', 'getLanguage', 'getCommunityLanguage', 'login', 'openExternal', 'playVideo', 'applyConfiguration', 'getActiveConfiguration', 'getConnectedController'];
  const host: { postMessage(message: string): void; onmessage: ((event: { data: string }) => void) | null } = {
    onmessage: null,
    postMessage(message) {
      const { id, method, params } = JSON.parse(message);
      const answer = (body: object) => setTimeout(() => host.onmessage?.({ data: JSON.stringify({ padhub: 1, id, ...body }) }), 5);
      switch (method) {
        case 'hello':
          return answer({ result: { version: 1, host: 'broken-android/0.1', methods: all } });
        case 'getUserInfo':
          return answer({ result: { token: null } });
        case 'getOrganization':
          // Breakage: a number where the protocol says string.
          return answer({ result: { id: 42 } });
        case 'getStatusBarHeight':
          // Breakage: never answers.
          return;
        case 'getLanguage':
          // Breakage: answers twice.
          answer({ result: { tag: 'ko_KR' } });
          return answer({ result: { tag: 'ko_KR' } });
        case 'getCommunityLanguage':
          return answer({ result: { tag: null } });
        case 'login':
          // Breakage: logs in without announcing userChanged.
          return answer(params?.reason === 'token_invalid' ? { error: { code: 'cancelled' } } : { result: { token: 'broken-token', state: 0 } });
        case 'openExternal':
        case 'playVideo':
          return answer({ result: {} });
        case 'applyConfiguration':
          return answer({ result: { status: 'applied' } });
        case 'getActiveConfiguration':
          return answer({ result: { configuration: null } });
        case 'getConnectedController':
          // Breakage: a controller without its model.
          return answer({ result: { controller: { firmware: '2.1.0' } } });
        default:
          // Breakage: an unknown method gets a result instead of "unsupported".
          return answer({ result: {} });
      }
    },
  };
  (window as unknown as { padhub: typeof host }).padhub = host;
  // Sent while the document is still being read, before the page's modules run: it must be held.
  document.addEventListener('readystatechange', () => {
    if (document.readyState === 'interactive') host.onmessage?.({ data: JSON.stringify({ padhub: 1, event: 'languageChanged', data: { tag: 'en_US' } }) });
  });
}

test('the conformance page fails a broken host exactly where it is broken', async ({ page }) => {
  await page.addInitScript(brokenAndroidHost);
  await page.goto('/app/host-check');
  const result = await finished(page);
  expect(failing(result)).toEqual(['getConnectedController', 'getLanguage', 'getOrganization', 'getStatusBarHeight', 'unknownMethod', 'userChangedOnLogin']);
  const detail = Object.fromEntries(result.checks.map((c) => [c.name, c.detail]));
  expect(detail.getOrganization).toMatch(/^shape: result\.id/);
  expect(detail.getConnectedController).toMatch(/^shape: result\.controller\.model/);
  expect(detail.getStatusBarHeight).toBe('timeout: 1500 ms');
  expect(detail.getLanguage).toBe('twice');
  expect(detail.unknownMethod).toBe('wrongAnswer: result');
  // A native host: no simulated host, no panel.
  await expect(page.locator('.sim-open')).toHaveCount(0);
  await expect(page.locator('li.host-check-fail')).toHaveCount(6);
  // The language event sent before the page was ready came after all, after getLanguage (ko_KR).
  await expect(page.locator('h1')).toHaveText('Host check');
});

test.describe('inside a WebView that says it is native', () => {
  test.use({ userAgent: 'Mozilla/5.0 (Linux; Android 14; wv) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36 PadhubHost/5.2' });

  test('the simulated host never starts, even before the bridge object is there', async ({ page }) => {
    await page.goto('/app/community/index');
    await expect(page.locator('article.post-card').first()).toBeVisible();
    await expect(page.locator('.sim-open')).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // The fallbacks, as with no host: Chinese, the default organisation.
    await expect(page.locator('h1')).toHaveText('社区');
  });
});
