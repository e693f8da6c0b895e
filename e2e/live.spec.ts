import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, loginThroughHost, register, test } from './fixtures.ts';

const bell = (page: Page) => page.locator('.notification-bell:visible');

test('one person comments; the other, looking, sees the bell count rise and the comment appear without reloading', async ({ page, browser, request }) => {
  const [author, answerer] = [await register(request, 'liveauthor'), await register(request, 'liveanswer')];
  const created = await request.post('/api/posts', {
    headers: { accorgid: 'padhub', token: author.token, 'idempotency-key': randomUUID() },
    data: { content: `直播测试 ${author.username}` },
  });
  const postId = (await created.json()).data.id as string;

  // The author waits on the community page.
  await page.goto('/app/community/index');
  await loginThroughHost(page, author.username, author.password);
  await expect(bell(page)).toHaveAccessibleName('通知');

  // The answerer, on another phone (a browser context of its own), comments on the post.
  const other = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'zh-CN', serviceWorkers: 'block' });
  const answering = await other.newPage();
  await answering.goto(`/app/community/detail?id=${postId}`);
  await loginThroughHost(answering, answerer.username, answerer.password);
  const box = answering.getByRole('textbox', { name: '评论' });
  await box.fill('第一条实时评论');
  await answering.getByRole('button', { name: '发送' }).click();
  await expect(answering.locator('.comment', { hasText: '第一条实时评论' })).toBeVisible();

  // The author's bell rises at once: nobody reloaded, and the minute's polling is not what told it.
  await expect(bell(page)).toHaveAccessibleName('通知，1 条未读', { timeout: 5_000 });

  // The author opens the post; the next comment appears under their eyes.
  await page.locator('article.post-card', { hasText: `直播测试 ${author.username}` }).locator('a.post-card-link').click();
  await expect(page.locator('.comment', { hasText: '第一条实时评论' })).toBeVisible();
  await box.fill('第二条实时评论');
  await answering.getByRole('button', { name: '发送' }).click();
  await expect(page.locator('.comment', { hasText: '第二条实时评论' })).toBeVisible({ timeout: 5_000 });
  await expectAccessible(page);
  await other.close();
});
