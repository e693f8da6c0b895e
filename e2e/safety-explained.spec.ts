import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, expectAccessible, loginThroughHost, openHostPanel, test, register } from './fixtures.ts';

const PASSWORD = 'correct horse battery';
/** The seed's members, whose posts fill the feed; each journey blocks only for people it made. */
const MEMBERS = ['mei_lin', 'kai.chen', 'wei_plays', 'yuki_s', 'taro88', 'sora.k', 'minji', 'jihoon_pad', 'haru', 'alex_r', 'lena.m', 'maxpad'];
const headers = (token?: string) => ({ accorgid: 'padhub', 'accept-language': 'cn', ...(token ? { token } : {}) });

interface ApiPost {
  id: string;
  author: { id: string; username: string; nickname: string };
}

async function api(request: APIRequestContext, method: 'get' | 'post' | 'put', url: string, token?: string, data?: object) {
  const res = await request[method](url, { headers: headers(token), ...(data ? { data } : {}) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data;
}

async function memberPosts(request: APIRequestContext): Promise<ApiPost[]> {
  return ((await api(request, 'get', '/api/posts?limit=50')).items as ApiPost[]).filter((p) => MEMBERS.includes(p.author.username));
}

async function logInAs(page: Page, username: string) {
  await openHostPanel(page);
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[name=username]').fill(username);
  await dialog.locator('input[name=password]').fill(PASSWORD);
  await dialog.locator('form button[type=submit]').first().click();
  await expect(page.locator('.sim-panel')).toHaveCount(0);
}

/** A toast's text, then waits for it to leave, so the next check (or axe) sees a still page. */
async function expectToast(page: Page, text: string) {
  const toast = page.locator('.adm-toast-main', { hasText: text });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveCount(0);
}

async function blockFromMenu(page: Page, scope: Locator) {
  await scope.getByRole('button', { name: '更多操作' }).click();
  // Each list says in a line what it does, where it is offered.
  await expect(page.getByText('你将看不到其帖子和评论', { exact: true })).toBeVisible();
  await expect(page.getByText('对方无法查看你的帖子或回复你，你也看不到对方的内容', { exact: true })).toBeVisible();
  await page.locator('.sheet-item', { hasText: '屏蔽作者' }).click();
  const dialog = page.locator('.adm-dialog');
  await expect(dialog).toContainText('？你将看不到其帖子和评论。');
  await dialog.getByRole('button', { name: '屏蔽', exact: true }).click();
  // Gone, not fading: axe must not judge the dialog's closing frames.
  await expect(page.locator('.adm-center-popup-wrap')).toHaveCount(0);
}

test('blocking explains itself, asks first and can be undone; the count says what it hides; reporting still works; a blocked author’s post says why, with Unblock', async ({ page, request }) => {
  const stamp = Date.now();
  const [me, troll] = [await register(request, 'explained'), await register(request, 'troll')];
  const [post, other] = (await memberPosts(request)).slice(8, 10) as [ApiPost, ApiPost];
  const trollComment = await api(request, 'post', `/api/posts/${post.id}/comments`, troll.token, { content: `挑衅评论 ${stamp}` });

  await page.goto('/app/community/index');
  await logInAs(page, me.username);
  await page.goto(`/app/community/detail?id=${post.id}`);
  const comment = page.locator('.comment', { hasText: `挑衅评论 ${stamp}` });
  const hiddenNote = page.getByText('另有 1 条评论来自你屏蔽的人，已隐藏');
  await expect(comment).toBeVisible();
  await expect(hiddenNote).toHaveCount(0);

  // Block, then Undo from the toast: the comment comes back.
  await blockFromMenu(page, comment);
  await page.getByRole('status').filter({ hasText: '屏蔽成功' }).getByRole('button', { name: '撤销' }).click();
  await expectToast(page, '已撤销');
  await expect(comment).toBeVisible();

  await blockFromMenu(page, comment);
  await expect(page.locator('.snackbar', { hasText: '屏蔽成功' })).toBeVisible();
  await expect(comment).toHaveCount(0);
  await expect(hiddenNote).toBeVisible();
  await expectAccessible(page);

  // People block, then report the harassment.
  await page.goto(`/app/community/report?type=comment&id=${trollComment.id}`);
  // The page shows what is reported, blocked or not: its words and its author.
  const reported = page.getByRole('figure', { name: '你正在举报一条评论' });
  await expect(reported).toContainText(`挑衅评论 ${stamp}`);
  await expect(reported).toContainText(troll.username);
  await expectAccessible(page);
  await page.getByLabel('辱骂或骚扰').check();
  await page.getByRole('button', { name: '发送' }).click();
  await expect(page.locator('h1:visible')).toHaveText('帖子详情');
  const reports = (await api(request, 'get', '/api/me/reports', me.token)).items as { targetId: string; status: string }[];
  expect(reports[0]).toMatchObject({ targetId: trollComment.id, status: 'received' });

  // A post of someone I blocked, opened from a link: why, and the way back.
  await api(request, 'put', `/api/blocks/${other.author.id}`, me.token);
  const name = other.author.nickname || other.author.username;
  await page.goto(`/app/community/detail?id=${other.id}`);
  await expect(page.getByText(`你已屏蔽 ${name}，此帖子已隐藏`)).toBeVisible();
  await expect(page.locator('article.post-detail')).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('button', { name: `取消屏蔽 ${name}` }).click();
  await expectToast(page, '已取消屏蔽');
  await expect(page.locator('article.post-detail')).toBeVisible();
});

test('a moderator bans with the content hidden: the log records it and leads to the person; unbanning brings the content back', async ({ page, request }) => {
  const stamp = Date.now();
  const member = await register(request, 'hidden');
  const post = (await memberPosts(request))[10]!;
  await api(request, 'post', `/api/posts/${post.id}/comments`, member.token, { content: `会被隐藏的评论 ${stamp}` });
  const commentShown = async () =>
    ((await api(request, 'get', `/api/posts/${post.id}/comments?limit=50`)).items as { content: string }[]).some((c) => c.content === `会被隐藏的评论 ${stamp}`);
  expect(await commentShown()).toBe(true);

  await page.goto(`/app/console/people?q=${member.username}`);
  await loginThroughHost(page, 'moderator');
  const card = page.locator('article.console-card', { hasText: `@${member.username}` });
  await card.getByRole('button', { name: '封禁', exact: true }).click();
  // The hint says who reads the reason: here only the staff, not the person.
  await expect(card.getByText('必填。只有版主和管理员能在操作日志中看到它。')).toBeVisible();
  await card.getByRole('checkbox', { name: '封禁期间隐藏其帖子和评论' }).check();
  await card.getByRole('textbox', { name: '原因' }).fill(`骚扰他人 ${stamp}`);
  await expectAccessible(page);
  await card.getByRole('button', { name: '确认：封禁' }).click();
  await expectToast(page, '已完成');
  await expect(card.getByText('内容已隐藏')).toBeVisible();
  expect(await commentShown()).toBe(false);

  await page.goto('/app/console/log');
  const line = page.locator('.console-card', { hasText: `骚扰他人 ${stamp}` });
  await expect(line).toContainText('7 天 · 封禁期间隐藏其帖子和评论');
  await expectAccessible(page);
  await line.getByRole('link', { name: new RegExp(`^${member.username}（用户 ${member.id}）$`) }).click();
  await expect(page).toHaveURL(new RegExp(`/console/people\\?q=${member.username}$`));
  await card.getByRole('button', { name: '解除封禁' }).click();
  await card.getByRole('textbox', { name: '原因' }).fill(`申诉通过 ${stamp}`);
  await card.getByRole('button', { name: '确认：解除封禁' }).click();
  await expectToast(page, '已完成');
  await expect(card.getByText('内容已隐藏')).toHaveCount(0);
  expect(await commentShown()).toBe(true);
});

test('the console shows a goods description as the shop renders it, with the HTML on demand', async ({ page, request }) => {
  const goods = (await api(request, 'get', '/api/goods?limit=1')).items[0] as { id: string };
  await page.goto(`/app/console/goods/edit?id=${goods.id}`);
  await loginThroughHost(page, 'admin');
  const preview = page.getByRole('region', { name: '商城中的显示效果（已保存）' });
  await expect(preview.locator('.goods-description')).toBeVisible();
  await expect(preview).not.toContainText('<');
  const html = page.getByRole('textbox', { name: '介绍（HTML）' });
  await expect(html).toBeHidden();
  await page.getByText('编辑 HTML').click();
  await expect(html).toBeVisible();
  await expect(html).toHaveValue(/<\w+/);
  await expectAccessible(page);
});
