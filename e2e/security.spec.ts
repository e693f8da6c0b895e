import type { APIRequestContext } from '@playwright/test';
import { expect, expectAccessible, loginThroughHost, register, test } from './fixtures.ts';

const headers = (token?: string) => ({ accorgid: 'padhub', 'accept-language': 'cn', ...(token ? { token } : {}) });

async function loginElsewhere(request: APIRequestContext, username: string, password: string, device?: string): Promise<string> {
  const res = await request.post('/api/auth/login', { headers: headers(), data: { username, password, ...(device ? { device } : {}) } });
  expect(res.status(), await res.text()).toBe(200);
  return String((await res.json()).data.token);
}

const alive = async (request: APIRequestContext, token: string) => (await request.get('/api/me', { headers: headers(token) })).status() === 200;

test('a person sees where they are logged in, logs a phone out, and changes the password, which logs out every other session', async ({ page, request }) => {
  const member = await register(request, 'secure');
  const phone = await loginElsewhere(request, member.username, member.password, 'Pixel 8');

  await page.goto('/app/community/index');
  await loginThroughHost(page, member.username, member.password);
  await expect(page.locator('.sim-panel')).toHaveCount(0);

  await page.locator('.account-button:visible').click();
  await page.getByText('登录设备', { exact: true }).click();
  await expect(page).toHaveURL(/\/app\/user\/sessions$/);
  const list = page.getByRole('list').filter({ hasText: '本设备' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list.getByRole('listitem').filter({ hasText: '本设备' })).toHaveCount(1);
  await expectAccessible(page);

  await page.getByRole('button', { name: '退出 Pixel 8' }).click();
  await expect(page.getByText('Pixel 8')).toHaveCount(0);
  expect(await alive(request, phone)).toBe(false);

  const tablet = await loginElsewhere(request, member.username, member.password, 'iPad');
  await page.goBack();
  await page.locator('.account-button:visible').click();
  await page.getByText('修改密码', { exact: true }).click();
  await expect(page).toHaveURL(/\/app\/user\/password$/);
  await page.getByLabel('当前密码').fill('not my password');
  await page.getByLabel('新密码', { exact: true }).fill('a brand new secret');
  await page.getByLabel('再次输入新密码').fill('a brand new secret');
  await page.getByRole('button', { name: '修改密码' }).click();
  await expect(page.getByRole('alert')).toHaveText('当前密码不正确');
  await expectAccessible(page);

  await page.getByLabel('当前密码').fill(member.password);
  await page.getByRole('button', { name: '修改密码' }).click();
  await expect(page.locator('.adm-toast-main', { hasText: /密码已修改，已退出其他 \d+ 个登录。/ })).toBeVisible();
  expect(await alive(request, tablet)).toBe(false);
  await loginElsewhere(request, member.username, 'a brand new secret');
  await expect(page.getByLabel('当前密码')).toHaveValue('');
});
