import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, openHostPanel, test, register } from './fixtures.ts';
import { picture } from './posting-helpers.ts';

const ORG = 'padhub';
const PASSWORD = 'correct horse battery';
const headers = (token?: string) => ({ accorgid: ORG, 'accept-language': 'cn', ...(token ? { token } : {}) });

interface Account {
  id: string;
  username: string;
  token: string;
}

let counter = 0;
async function post(request: APIRequestContext, author: Account, content: string): Promise<string> {
  const res = await request.post('/api/posts', { headers: { ...headers(author.token), 'idempotency-key': `people-${Date.now()}-${++counter}` }, data: { content } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.id as string;
}

async function login(page: Page, account: Account) {
  await openHostPanel(page);
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[name=username]').fill(account.username);
  await dialog.locator('input[name=password]').fill(PASSWORD);
  await dialog.locator('form button[type=submit]').first().click();
  await expect(page.locator('.sim-panel')).toHaveCount(0);
}

test('open a profile from a comment’s author, follow them, see their post in Following, share the profile', async ({ page, context }) => {
  const author = await register(page.request, 'pa');
  const reader = await register(page.request, 'pr');
  const stamp = Date.now().toString(36);
  const postId = await post(page.request, author, `My paddle layout ${stamp}`);
  const res = await page.request.post(`/api/posts/${postId}/comments`, { headers: headers(author.token), data: { content: `Ask me anything ${stamp}` } });
  expect(res.status()).toBe(200);

  await page.goto(`/app/community/detail?id=${postId}`);
  await login(page, reader);
  // The comment's author line: the name is a link to the profile.
  const comment = page.locator('.comment', { hasText: `Ask me anything ${stamp}` });
  await comment.getByRole('link', { name: author.username }).click();
  await expect(page).toHaveURL(new RegExp(`/app/user/profile\\?id=${author.id}$`));
  await expect(page.getByRole('heading', { level: 2, name: author.username })).toBeVisible();
  await expect(page.getByText(`My paddle layout ${stamp}`)).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: '关注', exact: true }).click();
  await expect(page.getByRole('button', { name: '已关注' })).toBeVisible();
  await expect(page.getByText('1 粉丝')).toBeVisible();

  await page.goto('/app/community/index');
  await page.getByRole('button', { name: '关注', exact: true }).click();
  await expect(page.locator('article.post-card', { hasText: `My paddle layout ${stamp}` })).toBeVisible();

  // In a browser with no host and no system share sheet, Share copies the link.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/app/user/profile?id=${author.id}&host=none`);
  await page.getByRole('button', { name: '分享' }).click();
  await expect(page.locator('.adm-toast-main', { hasText: '链接已复制' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(new RegExp(`/app/user/profile\\?id=${author.id}$`));
  await page.goto(copied);
  await expect(page.getByRole('heading', { level: 2, name: author.username })).toBeVisible();
});

test('change my nickname on my profile: the page, and what I wrote, carry the new name', async ({ page }) => {
  const me = await register(page.request, 'pn');
  const stamp = Date.now().toString(36);
  const postId = await post(page.request, me, `Nickname check ${stamp}`);

  await page.goto(`/app/user/profile?id=${me.id}`);
  await login(page, me);
  await page.getByRole('button', { name: '修改昵称' }).click();
  const box = page.getByRole('textbox', { name: '昵称' });
  await expect(box).toBeFocused();
  await box.fill('');
  await expect(page.getByRole('alert')).toHaveText('昵称不能为空。');
  await box.fill(`摇杆达人${stamp}`);
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('heading', { level: 2, name: `摇杆达人${stamp}` })).toBeVisible();
  // The saved toast fades out: axe reads a fading toast's contrast mid-way, so it checks the page once it is gone.
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0, { timeout: 10_000 });
  await expectAccessible(page);

  await page.goto(`/app/community/detail?id=${postId}`);
  await expect(page.locator('article.post-detail').getByRole('link', { name: `摇杆达人${stamp}` })).toBeVisible();
});

test('change my picture on my profile: pick it, move and zoom the square, save; the new picture shows', async ({ page }) => {
  const me = await register(page.request, 'pv');
  await page.goto(`/app/user/profile?id=${me.id}`);
  await login(page, me);
  await page.getByRole('button', { name: '更换头像' }).click();
  await page.getByLabel('选择图片').setInputFiles(picture('me.png', [30, 140, 250]));
  const area = page.getByRole('group', { name: /要保留的图片区域/ });
  await expect(area.locator('img')).toBeVisible();
  await page.getByRole('slider', { name: '缩放' }).fill('1.5');
  await area.focus();
  await page.keyboard.press('ArrowRight');
  // Dragging the picture with a finger (a pointer): the square follows.
  const box = (await area.boundingBox())!;
  await page.mouse.move(box.x + 120, box.y + 120);
  await page.mouse.down();
  await page.mouse.move(box.x + 100, box.y + 110, { steps: 3 });
  await page.mouse.up();
  await expectAccessible(page);

  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('group', { name: /要保留的图片区域/ })).toHaveCount(0);
  const avatar = /\/t\/u\/padhub\/\d+\/avatar\/\d+[a-z0-9]+\.png\.w256\.webp$/;
  await expect(page.locator('.profile-top .avatar img')).toHaveAttribute('src', avatar);
  const mine = await page.request.get('/api/me', { headers: headers(me.token) });
  expect((await mine.json()).data.avatar).toMatch(/avatar\/.+\.png\.w256\.webp$/);
});

test('remove my picture on the Me page: Change picture, Remove picture; my initial is back', async ({ page }) => {
  const me = await register(page.request, 'rv');
  await page.goto('/app/user/me');
  await login(page, me);
  const header = page.getByRole('region', { name: '我的主页' });
  // A picture first, as a person sets one.
  await header.getByRole('button', { name: '更换头像' }).click();
  await page.getByLabel('选择图片').setInputFiles(picture('mine.png', [200, 60, 90]));
  await expect(page.getByRole('group', { name: /要保留的图片区域/ }).locator('img')).toBeVisible();
  await page.getByRole('button', { name: '保存' }).click();
  await expect(header.locator('.avatar img')).toHaveAttribute('src', /avatar\/.+\.w256\.webp$/);

  await header.getByRole('button', { name: '更换头像' }).click();
  await page.getByRole('button', { name: '移除头像（显示首字母）' }).click();
  await expect(header.locator('.avatar img')).toHaveCount(0);
  await expect(header.locator('.avatar')).toHaveText(me.username[0]!.toUpperCase());
  await expectAccessible(page);
  const mine = await page.request.get('/api/me', { headers: headers(me.token) });
  expect((await mine.json()).data.avatar).toBeNull();
});
