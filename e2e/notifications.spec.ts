import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { closeHostPanel, expect, expectAccessible, loginThroughHost, openHostPanel, test, register } from './fixtures.ts';

const headers = (token?: string) => ({ accorgid: 'padhub', 'accept-language': 'cn', ...(token ? { token } : {}) });
const PASSWORD = 'correct horse battery';

async function send(request: APIRequestContext, path: string, token: string, data: object, extra: Record<string, string> = {}) {
  const res = await request.post(path, { headers: { ...headers(token), ...extra }, data });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as { id: string };
}

const bell = (page: Page) => page.locator('.notification-bell:visible');

test('B comments on A’s post: A sees the badge, a tapped push and the inbox both land on the highlighted comment; mark all read clears the badge', async ({ page, request }) => {
  const [a, b] = [await register(request, 'author'), await register(request, 'answerer')];
  const post = await send(request, '/api/posts', a.token, { content: `手柄握把改装 ${a.username}` }, { 'idempotency-key': randomUUID() });
  const first = await send(request, `/api/posts/${post.id}/comments`, b.token, { content: '用的哪个固件？' });
  const second = await send(request, `/api/posts/${post.id}/comments`, b.token, { content: '握感怎么样？' });

  await page.goto('/app/community/index');
  await loginThroughHost(page, a.username, PASSWORD);
  await expect(bell(page)).toHaveAccessibleName('通知，2 条未读');

  // A push of the newest notification, tapped: the host hands its deep link to the page.
  await openHostPanel(page);
  const link = `/app/community/detail?id=${post.id}&comment=${second.id}`;
  const escaped = link.replace(/[?]/g, '\\?');
  // The push names its inbox item: opening it marks that item read, and the address keeps only the place.
  await expect(page.getByRole('dialog').locator('input[name=path]')).toHaveValue(new RegExp(`${escaped}&notification=\\d+$`));
  // Opening it marks it read (app/mark-pushed-read.tsx): the next page load must come after that answer.
  const marked = page.waitForResponse((res) => res.url().endsWith('/api/notifications/read') && res.request().method() === 'POST');
  await page.getByRole('button', { name: '模拟点击推送' }).click();
  await closeHostPanel(page);
  await expect(page).toHaveURL(new RegExp(`${escaped}$`));
  await expect(page.locator('.comment[aria-current="true"]')).toContainText('握感怎么样？');
  expect((await marked).ok()).toBe(true);

  await page.goto('/app/community/index');
  await expect(bell(page)).toHaveAccessibleName('通知，1 条未读');
  await bell(page).click();

  await expect(page).toHaveURL(/\/app\/notifications$/);
  const item = page.getByRole('link', { name: /用的哪个固件？/ });
  await expect(item).toContainText(`${b.username} 评论了你的帖子`);
  await expectAccessible(page);

  await item.click();
  await expect(page).toHaveURL(new RegExp(`/app/community/detail\\?id=${post.id}&comment=${first.id}$`));
  await expect(page.locator('.comment[aria-current="true"]')).toContainText('用的哪个固件？');

  await page.goBack();
  await expect(page.getByRole('button', { name: '全部已读' })).toBeVisible();
  await page.getByRole('button', { name: '全部已读' }).click();
  await expect(page.getByText('未读：')).toHaveCount(0);

  await page.getByRole('link', { name: '通知设置' }).click();
  await expect(page.getByRole('group', { name: '我的帖子收到评论' })).toBeVisible();
  await expectAccessible(page);

  await page.goto('/app/community/index');
  await expect(bell(page)).toHaveAccessibleName('通知');
  await page.goto('/app/shoopping');
  await expect(bell(page)).toHaveAccessibleName('通知');
});

test('a comment a person’s own filter hides in notifications is neither counted on the badge nor listed; one it does not match is', async ({ page, request }) => {
  const [a, b] = [await register(request, 'spoilershy'), await register(request, 'spoiler')];
  await send(request, '/api/me/filters', a.token, { words: [{ word: '结局', wholeWord: false }], action: 'hide', contexts: ['notifications'] });
  const post = await send(request, '/api/posts', a.token, { content: `新作试玩 ${a.username}` }, { 'idempotency-key': randomUUID() });
  await send(request, `/api/posts/${post.id}/comments`, b.token, { content: '结局是主角输了' });
  await send(request, `/api/posts/${post.id}/comments`, b.token, { content: '手感不错吗？' });

  await page.goto('/app/community/index');
  await loginThroughHost(page, a.username, PASSWORD);
  await expect(bell(page)).toHaveAccessibleName('通知，1 条未读');
  await bell(page).click();
  await expect(page.getByRole('link', { name: /手感不错吗？/ })).toBeVisible();
  await expect(page.getByText('结局是主角输了')).toHaveCount(0);
  await expectAccessible(page);
});
