import { randomUUID } from 'node:crypto';
import { expect, expectAccessible, loginThroughHost, register, test } from './fixtures.ts';

const org = { accorgid: 'padhub' };

test('the author edits their post in the composer and their comment in place, and both say they were edited', async ({ page }) => {
  // A post and a comment of a new member, made through the API: this journey is about editing them.
  const author = await register(page.request, 'editor');
  const token = author.token;
  const stamp = Date.now();
  const created = await page.request.post('/api/posts', {
    headers: { ...org, token, 'idempotency-key': randomUUID() },
    data: { content: `My stik curve ${stamp}` },
  });
  const postId = (await created.json()).data.id as string;
  await page.request.post(`/api/posts/${postId}/comments`, { headers: { ...org, token }, data: { content: `Frist comment ${stamp}` } });
  const swap = { model: 'lite', kind: 'mapping', name: `Swap A and B ${stamp}`, content: { layers: [{ name: 'Base', shift: null, bindings: [{ input: 'a', output: { type: 'button', button: 'b' } }] }] } };
  expect((await page.request.post('/api/configs', { headers: { ...org, token }, data: swap })).ok()).toBe(true);

  await page.goto('/app/community/index');
  await loginThroughHost(page, author.username, author.password);
  await expect(page.getByRole('button', { name: new RegExp(author.username) })).toBeVisible();
  await page.goto(`/app/community/detail?id=${postId}`);
  const post = page.locator('article.post-detail');
  await expect(post).toContainText(`My stik curve ${stamp}`);

  await post.getByRole('button', { name: '更多操作' }).click();
  await page.locator('.sheet-item', { hasText: '编辑' }).click();
  await expect(page.locator('h1:visible')).toHaveText('编辑帖子');
  const text = page.getByRole('textbox', { name: '帖子内容' });
  await expect(text).toHaveValue(`My stik curve ${stamp}`);
  await text.fill(`My stick curve ${stamp}`);
  // A configuration picked for the edit; the text typed before stays through the Config page.
  await page.getByRole('link', { name: /配置/ }).click();
  await page.getByRole('checkbox', { name: new RegExp(`Swap A and B ${stamp}`) }).check();
  await page.getByRole('button', { name: '附上（1）' }).click();
  await expect(text).toHaveValue(`My stick curve ${stamp}`);
  await expect(page.getByRole('link', { name: new RegExp(`配置\\s*Swap A and B ${stamp}`) })).toBeVisible();
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.locator('h1:visible')).toHaveText('帖子详情');
  await expect(post).toContainText(`My stick curve ${stamp}`);
  await expect(post.locator('.edited-mark')).toHaveText('已编辑');
  await expect(page.getByText(`Swap A and B ${stamp}`)).toBeVisible();
  // The "saved" toast fades out first: axe would measure its text half transparent.
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0);

  // The configuration's author names its game where people find it.
  await page.getByRole('link', { name: new RegExp(`Swap A and B ${stamp}`) }).first().click();
  await page.getByRole('button', { name: '修改名称和游戏' }).click();
  await page.getByRole('combobox', { name: '游戏' }).fill('Street Fighter 6');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.locator('.config-header')).toContainText('Street Fighter 6');
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0);
  await expectAccessible(page);
  await page.goBack();

  const comment = page.locator('.comment', { hasText: `Frist comment ${stamp}` });
  await comment.getByRole('button', { name: '编辑', exact: true }).click();
  // Once edited, the comment no longer holds its old text: the editor is found on the page.
  const field = page.getByRole('textbox', { name: '编辑你的评论' });
  await expect(field).toBeFocused();
  await expectAccessible(page);
  await field.fill(`First comment ${stamp}`);
  await page.locator('.comment-editor').getByRole('button', { name: '保存' }).click();
  const edited = page.locator('.comment', { hasText: `First comment ${stamp}` });
  await expect(edited.locator('.edited-mark')).toHaveText('已编辑');
  await expect(page.getByRole('textbox', { name: '编辑你的评论' })).toHaveCount(0);
  await expectAccessible(page);
});
