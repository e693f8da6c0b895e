import type { Page } from '@playwright/test';
import { closeHostPanel, expect, expectAccessible, loginThroughHost, openHostPanel, test, withoutFirstScreenData } from './fixtures.ts';

const title = (page: Page) => page.locator('h1');

test('the first load lands on the community page with the simulated host, in Chinese', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  // Every HTML document of the app, the static index.html included, carries the same policy.
  for (const url of ['/app/', '/app/index.html', '/app/community/index', '/app/some/deep/link']) {
    const headers = (await page.request.get(url)).headers();
    expect(headers['content-type'], url).toContain('text/html');
    expect(headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options'], url).toBe('nosniff');
    expect(headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
  }
  await expect(page).toHaveURL(/\/app\/community\/index$/);
  await expect(title(page)).toHaveText('社区');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('button', { name: '模拟宿主' })).toBeVisible();
  await expect(page.locator('article.post-card').first()).toBeVisible();
  await expectAccessible(page);
});

test('switching the host language changes the UI text', async ({ page }) => {
  await page.goto('/app/community/index');
  await expect(title(page)).toHaveText('社区');
  const expected: [string, string, string][] = [
    ['ja_JP', 'コミュニティ', 'ja'],
    ['Ko_KR', '커뮤니티', 'ko'],
    ['en_US', 'Community', 'en'],
    ['zh_CN', '社区', 'zh-CN'],
  ];
  await openHostPanel(page);
  for (const [tag, text, lang] of expected) {
    await page.getByRole('dialog').getByRole('combobox').first().selectOption(tag);
    await expect(title(page)).toHaveText(text);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
  }
  // The choice is remembered: the next first paint is Chinese because the saved tag is zh_CN.
  expect(await page.evaluate(() => localStorage.getItem('padhub.language'))).toBe('"zh_CN"');
});

test('a saved host language other than zh_CN still ends in the host language', async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('padhub.language', '"ja_JP"');
    localStorage.setItem('padhub.simulatedHost', JSON.stringify({ languageTag: 'ja_JP' }));
  });
  await page.goto('/app/community/index');
  await expect(title(page)).toHaveText('コミュニティ');
});

test('logging in through the simulated host sends the token, and the server knows who it is', async ({ page }) => {
  await page.goto('/app/community/index');
  const meRequest = page.waitForRequest((r) => r.url().endsWith('/api/me') && r.headers().token !== undefined);
  const meResponse = page.waitForResponse((r) => r.url().endsWith('/api/me') && r.status() === 200);
  await loginThroughHost(page, 'demo');
  const request = await meRequest;
  expect(request.headers().token).toMatch(/^[\w-]{40,}$/);
  expect(request.headers().accorgid).toBe('padhub');
  // The server answered who the token belongs to: it read the header and found the session.
  const me = await (await meResponse).json();
  expect(me).toMatchObject({ code: 0, data: { username: 'demo', organisationId: 'padhub' } });
  await expect(page.getByRole('button', { name: /Demo/ })).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'token')?.value).toBe(request.headers().token);
});

test('a wrong password is refused with a translated message', async ({ page }) => {
  await page.goto('/app/community/index');
  await loginThroughHost(page, 'demo', 'wrong password');
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('用户名或密码错误');
});

test('a deregistered user is treated as logged out: no token is kept or sent', async ({ page, request }) => {
  const username = `gone${Date.now()}`;
  const registered = await request.post('/api/auth/register', { headers: { accorgid: 'padhub' }, data: { username, password: 'correct horse battery' } });
  expect(registered.status()).toBe(200);

  await page.goto('/app/community/index');
  await loginThroughHost(page, username, 'correct horse battery');
  await expect(page.getByRole('button', { name: new RegExp(username) })).toBeVisible();
  await openHostPanel(page);
  await page.getByRole('dialog').getByRole('button', { name: '注销账号' }).click();
  await expect(page.getByTestId('sim-account')).toHaveText('该账号已注销');
  await closeHostPanel(page);
  await expect(page.getByRole('button', { name: '登录' })).toBeVisible();

  // After a restart the host still reports the old token with state 10101: the page must not use it.
  const tokens: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/') && r.headers().token) tokens.push(r.headers().token as string);
  });
  await page.reload();
  await expect(page.getByRole('button', { name: '登录' })).toBeVisible();
  await expect(page.locator('article.post-card').first()).toBeVisible();
  expect(tokens).toEqual([]);
  expect((await page.context().cookies()).find((c) => c.name === 'token')).toBeUndefined();
});

test('with no host at all the app still starts, in Chinese, on the default organisation', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('padhub.language', '"en_US"'));
  // The feed's request shows what the page sends: not the one the HTML brought.
  await withoutFirstScreenData(page);
  const feedRequest = page.waitForRequest((r) => r.url().includes('/api/posts'));
  await page.goto('/app/community/index?host=none');
  await expect(title(page)).toHaveText('社区');
  const headers = (await feedRequest).headers();
  expect(headers.accorgid).toBe('padhub');
  expect(headers['accept-language']).toBe('cn');
  await expect(page.locator('article.post-card').first()).toBeVisible();
  await expect(page.locator('.sim-open')).toHaveCount(0);
  await expect(page.locator('.page')).toHaveCSS('padding-top', '30px');
});

test('a failing API shows "request failed, click to reload" and the click recovers', async ({ page }) => {
  await withoutFirstScreenData(page);
  await page.route('**/api/posts?*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":50000,"message":"boom"}' }));
  await page.goto('/app/community/index');
  const reload = page.getByRole('button', { name: '请求失败，点击重新加载' });
  await expect(reload).toBeVisible();
  await page.unroute('**/api/posts?*');
  await reload.click();
  await expect(page.locator('article.post-card').first()).toBeVisible();
  await expect(reload).toHaveCount(0);
});

test('the status bar height and organisation come from the host', async ({ page }) => {
  await page.goto('/app/community/index');
  await expect(page.locator('.page')).toHaveCSS('padding-top', '30px');
  await openHostPanel(page);
  await page.getByRole('dialog').getByLabel('状态栏高度').fill('44');
  await page.getByRole('dialog').getByLabel('组织').fill('padhub-other');
  const feedRequest = page.waitForRequest((r) => r.url().includes('/api/posts'));
  await page.getByRole('dialog').getByRole('button', { name: '应用并重启' }).click();
  await expect(page.locator('.page')).toHaveCSS('padding-top', '44px');
  expect((await feedRequest).headers().accorgid).toBe('padhub-other');
});

test('the static pages have real text in the host language', async ({ page }) => {
  await page.goto('/app/files/privacy');
  await expect(page.locator('h1')).not.toBeEmpty();
  await expect(page.getByText('privacy@padhub.example').first()).toBeVisible();
  await expectAccessible(page);
  await openHostPanel(page);
  await page.getByRole('dialog').getByRole('combobox').first().selectOption('en_US');
  await closeHostPanel(page);
  // The privacy page leads, in its own words, to the person's data and to the full account of what is kept.
  await page.goto('/app/files/privacy');
  await page.getByRole('link', { name: 'Read “Your data at Padhub” in full (in English)' }).click();
  await expect(page.locator('body')).toContainText('# Your data at Padhub');
  await expect(page.locator('body')).toContainText('## Deletion');
  await page.goBack();
  await page.getByRole('link', { name: 'Open the “Your data” page' }).click();
  await expect(page).toHaveURL(/\/app\/user\/data$/);
  await page.goto('/app/files/userAggrement');
  await expect(page.locator('h1')).toHaveText(/terms|agreement/i);
  await page.goto('/app/files/disclaimer');
  await expect(page.locator('h1')).toHaveText(/disclaimer/i);
});

test('an unknown address shows a page that leads back', async ({ page }) => {
  await page.goto('/app/nowhere');
  await expect(page.getByRole('link', { name: '前往社区' })).toBeVisible();
});

test('a token the server no longer accepts leads to a fresh login, not a loop with the dead one', async ({ page, request }) => {
  await page.goto('/app/community/index');
  await loginThroughHost(page, 'demo');
  await expect(page.getByRole('button', { name: /Demo/ })).toBeVisible();
  const token = (await page.context().cookies()).find((c) => c.name === 'token')?.value ?? '';
  // The session ends on the server (revoked elsewhere, or 30 days unused).
  expect((await request.post('/api/auth/logout', { headers: { accorgid: 'padhub', token } })).status()).toBe(200);

  await page.reload();
  const like = page.locator('article.post-card').first().getByRole('button', { name: /^点赞/ });
  await expect(like).toBeVisible();
  await like.click();
  // The host was told the token is dead: it asks for a login instead of handing it back.
  await expect(page.getByText('页面请求你登录')).toBeVisible();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[name=username]').fill('demo');
  await dialog.locator('input[name=password]').fill('padhub-demo');
  const liked = page.waitForResponse((r) => r.url().includes('/like') && r.request().method() === 'PUT');
  await dialog.locator('form button[type=submit]').first().click();
  // The action goes on after the new login, with the new token.
  expect((await liked).status()).toBe(200);
  const fresh = (await page.context().cookies()).find((c) => c.name === 'token')?.value;
  expect(fresh).toBeTruthy();
  expect(fresh).not.toBe(token);
});

test('the host sets the theme, opens a tapped push’s link, and hears the share and the badge', async ({ page }) => {
  await page.goto('/app/community/index');
  await expect(title(page)).toHaveText('社区');
  await openHostPanel(page);
  const panel = page.getByRole('dialog');
  await panel.getByLabel('宿主主题').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('meta[name="theme-color"]:not([media])')).toHaveAttribute('content', '#1a1d23');
  await expectAccessible(page);
  await panel.getByLabel('推送链接').fill('/app/shoopping');
  await panel.getByRole('button', { name: '模拟点击推送' }).click();
  await closeHostPanel(page);
  await expect(page).toHaveURL(/\/app\/shoopping$/);
  await expect(page.locator('h1:visible')).toHaveText('商城');
  // The theme is the host's until it says otherwise, across a reload too.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});
