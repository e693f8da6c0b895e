import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, expect, expectAccessible, loginThroughHost, test } from './fixtures.ts';

const headers = (token?: string) => ({ accorgid: 'padhub', 'accept-language': 'cn', ...(token ? { token } : {}) });

async function tokenOf(request: APIRequestContext, username: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await request.post('/api/auth/login', { headers: headers(), data: { username, password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.token;
}

async function call(request: APIRequestContext, token: string, method: 'post' | 'patch', url: string, data: object) {
  const res = await request[method](url, { headers: headers(token), data });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data;
}

test('a moderator narrows the audit log to bans, then to one moderator\'s, and the filters survive a reload', async ({ page, request }) => {
  const stamp = Date.now().toString(36);
  const [moderator, admin] = [await tokenOf(request, 'moderator'), await tokenOf(request, 'admin')];
  const member = await request.post('/api/auth/register', { headers: headers(), data: { username: `audited${stamp}`, password: 'correct horse battery' } });
  const memberId: string = (await member.json()).data.user.id;
  // Lines of each kind and by two people: the moderator bans, the admin unbans and edits a price.
  await call(request, moderator, 'post', `/api/admin/users/${memberId}/ban`, { reason: `刷屏 ${stamp}`, days: 1 });
  await call(request, admin, 'post', `/api/admin/users/${memberId}/unban`, { reason: `申诉通过 ${stamp}` });
  const category = await call(request, admin, 'post', '/api/admin/goods-categories', { names: { cn: `审计 ${stamp}` }, published: false });
  const goods = await call(request, admin, 'post', '/api/admin/goods', { categoryId: category.id, texts: { cn: { name: `审计手柄 ${stamp}` } } });
  const withVariant = await call(request, admin, 'post', `/api/admin/goods/${goods.id}/variants`, {
    names: { cn: '黑色' },
    price: 19900,
    stock: 'in_stock',
    storeUrl: 'https://shop.padhub.example/x',
  });
  await call(request, admin, 'patch', `/api/admin/goods-variants/${withVariant.variants[0].id}`, { price: 17900 });

  await page.goto('/app/console/log');
  await loginThroughHost(page, 'moderator');
  const lines = page.locator('.console-card:visible');
  await expect(lines.first()).toBeVisible();

  // One kind: only bans and unbans are left.
  await page.getByRole('combobox', { name: '类型' }).selectOption({ label: '封禁' });
  await expect(page).toHaveURL(/[?&]kind=bans/);
  await expect(lines.filter({ hasText: `申诉通过 ${stamp}` })).toHaveCount(1);
  for (const text of await lines.locator('.console-text').allInnerTexts()) expect(text).toMatch(/^(封禁|解除封禁) · /);

  // One actor, chosen from a line: the admin's unban goes, the moderator's ban stays.
  await lines.filter({ hasText: `刷屏 ${stamp}` }).getByRole('button', { name: '只看 Moderator 的操作' }).click();
  await expect(page).toHaveURL(/[?&]actorId=\d+/);
  await expect(lines.filter({ hasText: `申诉通过 ${stamp}` })).toHaveCount(0);
  await expect(lines.filter({ hasText: `刷屏 ${stamp}` })).toHaveCount(1);
  await expect(page.getByRole('button', { name: '移除筛选：操作人：Moderator' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('combobox', { name: '类型' })).toHaveValue('bans');
  await expect(lines.filter({ hasText: `刷屏 ${stamp}` })).toHaveCount(1);
  await expect(lines.filter({ hasText: `申诉通过 ${stamp}` })).toHaveCount(0);
  for (const text of await lines.locator('.console-meta').allInnerTexts()) expect(text).toContain('Moderator');
  await expectAccessible(page);

  // Back undoes the last filter; clearing shows everything again.
  await page.goBack();
  await expect(page).not.toHaveURL(/actorId=/);
  await expect(lines.filter({ hasText: `申诉通过 ${stamp}` })).toHaveCount(1);
  await page.getByRole('button', { name: '清除筛选' }).click();
  await expect(page).toHaveURL(/\/console\/log$/);

  // A goods' history holds its variants' edits, with the price from and to.
  await lines.filter({ hasText: `添加商品 · “审计手柄 ${stamp}”` }).getByRole('button', { name: /^历史：/ }).click();
  await expect(page).toHaveURL(new RegExp(`targetType=goods&targetId=${goods.id}`));
  await expect(lines).toHaveCount(3);
  await expect(lines.first()).toContainText('编辑款式');
  await expect(lines.first()).toContainText('价格：¥199.00 → ¥179.00');
  await expectAccessible(page);
});
