import sharp from 'sharp';
import { DEMO_PASSWORD, closeHostPanel, expect, expectAccessible, loginThroughHost, openHostPanel, test } from './fixtures.ts';
import { fileInput, heading, openAddPost, postsWith, tiles } from './posting-helpers.ts';

const headers = (token?: string) => ({ accorgid: 'padhub', 'accept-language': 'cn', ...(token ? { token } : {}) });

/** A picture like no other journey's (theirs are gradients), so its removal refuses none of theirs. */
const drawing = () =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
      <rect width="640" height="480" fill="#f4e9c8"/><circle cx="180" cy="200" r="120" fill="#1d5fa8"/>
      <rect x="360" y="60" width="220" height="300" fill="#c2362b" transform="rotate(12 470 210)"/>
      <polygon points="60,460 320,300 600,470" fill="#2e8b57"/></svg>`),
  ).png().toBuffer();

test('a removed picture re-posted resized is refused; the console lists it, sets what a match does, and takes it off', async ({ page }) => {
  const original = await drawing();
  await openAddPost(page);
  const text = `A picture to be removed ${Date.now()}`;
  await page.getByRole('textbox', { name: '帖子内容' }).fill(text);
  await fileInput(page).setInputFiles([{ name: 'drawing.png', mimeType: 'image/png', buffer: original }]);
  await expect(tiles(page)).toHaveCount(1);
  await page.getByRole('button', { name: '发布' }).click();
  await expect(page.getByText('帖子发送成功')).toBeVisible();
  const [posted] = await postsWith(page, text);
  const postId = posted!.id;

  // A moderator removes it.
  const login = await page.request.post('/api/auth/login', { headers: headers(), data: { username: 'admin', password: DEMO_PASSWORD } });
  const admin = (await login.json()).data.token as string;
  const removed = await page.request.post(`/api/admin/posts/${postId}/delete`, { headers: headers(admin), data: { reason: 'not allowed here' } });
  expect(removed.ok()).toBe(true);

  // The same picture, resized and re-saved as JPEG, is refused with a message that names nothing.
  await page.goto('/app/community/index');
  await page.getByRole('button', { name: '发帖' }).click();
  await expect(heading(page)).toHaveText('发帖');
  await page.getByRole('textbox', { name: '帖子内容' }).fill(`${text} again`);
  const resized = await sharp(original).resize({ width: 320 }).jpeg({ quality: 75 }).toBuffer();
  await fileInput(page).setInputFiles([{ name: 'again.jpg', mimeType: 'image/jpeg', buffer: resized }]);
  await expect(tiles(page)).toHaveCount(1);
  await page.getByRole('button', { name: '发布' }).click();
  await expect(page.getByText('这张图片不能在本社区发布，请换一张')).toBeVisible();
  expect(await postsWith(page, `${text} again`)).toEqual([]);

  // In the console the admin finds it, chooses to hold look-alikes instead, and takes it off the list.
  await page.goto('/app/console/removed-pictures');
  await openHostPanel(page);
  await page.getByRole('dialog').getByRole('button', { name: '退出登录' }).click();
  await closeHostPanel(page);
  await loginThroughHost(page, 'admin');
  const entry = page.getByRole('article').filter({ hasText: `随帖子 ${postId} 删除` });
  await expect(entry).toBeVisible();
  const action = page.getByRole('combobox', { name: '新图片与已删除图片相似时' });
  await expect(action).toHaveValue('refuse');
  await action.selectOption('hold');
  await expect(page.getByText('已保存')).toBeVisible();
  await expectAccessible(page);
  await entry.getByRole('button', { name: '移出列表' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '移出列表' }).click();
  await expect(entry).toHaveCount(0);

  const log = await page.request.get('/api/admin/audit?targetType=removed_picture', { headers: headers(admin) });
  const actions = ((await log.json()).data.items as { action: string }[]).map((l) => l.action);
  expect(actions.slice(0, 2)).toEqual(['forget_removed_picture', 'set_picture_match_action']);
  // Back as the organisation started, for the journeys after this one.
  await page.request.put('/api/admin/removed-pictures/settings', { headers: headers(admin), data: { action: 'refuse' } });
});
