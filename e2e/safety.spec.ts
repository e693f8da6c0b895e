import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, expectAccessible, openHostPanel, readerOfNewPost, test, register } from './fixtures.ts';

const ORG = 'padhub';
/** The seed's members (password padhub-demo), whose posts fill the feed. */
const MEMBERS = ['mei_lin', 'kai.chen', 'wei_plays', 'yuki_s', 'taro88', 'sora.k', 'minji', 'jihoon_pad', 'haru', 'alex_r', 'lena.m', 'maxpad'];

const heading = (page: Page) => page.locator('h1:visible');
const headers = (token?: string) => ({ accorgid: ORG, 'accept-language': 'cn', ...(token ? { token } : {}) });

interface Account {
  id: string;
  username: string;
  token: string;
  password: string;
}

async function login(request: APIRequestContext, username: string, password = DEMO_PASSWORD): Promise<Account> {
  const res = await request.post('/api/auth/login', { headers: headers(), data: { username, password } });
  expect(res.status(), await res.text()).toBe(200);
  const { data } = await res.json();
  return { id: data.user.id, username, token: data.token, password };
}

interface ApiPost {
  id: string;
  content: string;
  author: { id: string; username: string; nickname: string };
}

/** Passed posts of the seed's members in the Chinese feed; `skip` keeps journeys off each other's posts. */
async function memberPosts(request: APIRequestContext): Promise<ApiPost[]> {
  const res = await request.get('/api/posts?limit=50', { headers: headers() });
  return ((await res.json()).data.items as ApiPost[]).filter((p) => MEMBERS.includes(p.author.username));
}

function comment(request: APIRequestContext, token: string, postId: string, content: string) {
  return request.post(`/api/posts/${postId}/comments`, { headers: headers(token), data: { content } });
}

/** Logs out whoever is in, then in as `username`, through the simulated host as a tester would. */
async function switchUser(page: Page, username: string, password: string) {
  await openHostPanel(page);
  const dialog = page.getByRole('dialog');
  const logout = dialog.getByRole('button', { name: '退出登录' });
  if (await logout.isVisible()) await logout.click();
  await dialog.locator('input[name=username]').fill(username);
  await dialog.locator('input[name=password]').fill(password);
  await dialog.locator('form button[type=submit]').first().click();
  await expect(page.locator('.sim-panel')).toHaveCount(0);
}

/** A toast's text, then waits for it to leave, so the next check (or axe) sees a still page. */
async function expectToast(page: Page, text: string | RegExp) {
  const toast = page.locator('.adm-toast-main', { hasText: text });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveCount(0);
}

async function openMenu(page: Page, scope: Locator, action: string) {
  await scope.getByRole('button', { name: '更多操作' }).first().click();
  await page.locator('.sheet-item', { hasText: action }).click();
}

/** Blocking and blacklisting ask first: confirms with the dialog's button. */
async function confirmDialog(page: Page, button: string) {
  await page.locator('.adm-dialog').getByRole('button', { name: button, exact: true }).click();
}

test('report a post; a moderator does not pass it; its author sees "not passed" and why; the reporter sees action taken', async ({ page, request }) => {
  const stamp = Date.now();
  const author = await login(request, MEMBERS[stamp % MEMBERS.length]!);
  // The author's newest post: first on their own page, where they will look for the verdict.
  const mine = (await (await request.get('/api/me/posts?limit=1', { headers: headers(author.token) })).json()).data.items[0] as ApiPost;
  const reporter = await register(request, 'reporter');

  await page.goto('/app/community/index');
  await switchUser(page, reporter.username, reporter.password);
  await page.goto(`/app/community/detail?id=${mine.id}`);
  await expect(heading(page)).toHaveText('帖子详情');
  await openMenu(page, page.locator('article.post-detail'), '举报');
  await expect(heading(page)).toHaveText('举报');
  await expect(page.getByText('你正在举报一个帖子')).toBeVisible();
  await page.getByLabel('作弊或不公平的宏').check();
  const description = page.getByRole('textbox', { name: '描述' });
  await expect(description).toHaveAttribute('placeholder', '请描述你的内容');
  await description.fill(`端到端举报 ${stamp}：一键连发宏`);
  await expectAccessible(page);
  await page.getByRole('button', { name: '发送' }).click();
  await expectToast(page, '发送成功');
  await expect(heading(page)).toHaveText('帖子详情');

  await page.goto('/app/user/reports');
  const myReport = page.locator('.my-report', { hasText: `端到端举报 ${stamp}` });
  await expect(myReport.locator('.report-status')).toHaveText('已受理');
  await expectAccessible(page);

  await switchUser(page, 'moderator', DEMO_PASSWORD);
  await page.goto('/app/console');
  await expect(heading(page)).toHaveText('举报');
  const item = page.locator('article.console-card', { hasText: `端到端举报 ${stamp}` });
  await expect(item).toBeVisible();
  await expect(item).toContainText(mine.content.slice(0, 20));
  await expectAccessible(page);
  // Named by what it does to the post and the report, with the consequence said before confirming.
  await item.getByRole('button', { name: '隐藏帖子，关闭举报', exact: true }).click();
  await expect(item.locator('.console-consequence')).toHaveText('只有作者还能看到这条帖子，并看到你填写的原因。举报人会收到“已处理”的结果。');
  await item.getByRole('textbox', { name: '原因' }).fill(`连发宏违反规则 ${stamp}`);
  await item.getByRole('button', { name: '确认：隐藏帖子，关闭举报' }).click();
  await expectToast(page, '已完成');
  await expect(item).toHaveCount(0);
  await page.goto('/app/console/log');
  await expect(page.getByText(`原因：连发宏违反规则 ${stamp}`)).toBeVisible();
  await expectAccessible(page);

  // Nobody else sees it any more.
  expect((await request.get(`/api/posts/${mine.id}`, { headers: headers(reporter.token) })).status()).toBe(404);
  const reports = (await (await request.get('/api/me/reports', { headers: headers(reporter.token) })).json()).data.items;
  expect(reports[0]).toMatchObject({ targetId: mine.id, status: 'action_taken' });

  await switchUser(page, author.username, DEMO_PASSWORD);
  await page.goto('/app/user/posts');
  const card = page.locator('article.post-card', { has: page.locator(`a[href$="id=${mine.id}"]`) }).first();
  await expect(card.locator('.review-badge')).toContainText('审核未通过');
  await expect(card.locator('.review-badge')).toContainText(`原因：连发宏违反规则 ${stamp}`);
});

test('block an author: their posts vanish from the feed, the detail page and search, until unblocked', async ({ page, request }) => {
  const me = await register(request, 'blocker');
  await page.goto('/app/community/index');
  await switchUser(page, me.username, me.password);
  const first = page.locator('article.post-card').first();
  await expect(first).toBeVisible();
  const name = (await first.locator('.author-name').textContent())!;
  const href = (await first.locator('a.post-card-link').getAttribute('href'))!;
  const words = (await first.locator('.post-card-excerpt').textContent())!.slice(0, 6);
  const byAuthor = page.locator('article.post-card', { has: page.locator('.author-name', { hasText: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }) });

  const search = async () => {
    await page.goto('/app/community/search');
    await page.getByRole('searchbox', { name: '搜索' }).fill(words);
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await expect(page.locator('article.post-card').first().or(page.getByText(/没有找到/))).toBeVisible();
  };
  await search();
  await expect(page.locator(`a.post-card-link[href="${href}"]`)).toBeVisible();

  await page.goto('/app/community/index');
  await expect(byAuthor.first()).toBeVisible();
  await openMenu(page, byAuthor.first(), '屏蔽作者');
  await confirmDialog(page, '屏蔽');
  await expect(page.locator('.snackbar', { hasText: '屏蔽成功' })).toBeVisible();
  await expect(page.locator('article.post-card').first()).toBeVisible();
  await expect(byAuthor).toHaveCount(0);

  await page.goto(href);
  await expect(page.getByText(`你已屏蔽 ${name}，此帖子已隐藏`)).toBeVisible();
  await expect(page.locator('article.post-detail')).toHaveCount(0);

  await search();
  await expect(page.locator(`a.post-card-link[href="${href}"]`)).toHaveCount(0);
  await expect(byAuthor).toHaveCount(0);

  await page.goto('/app/user/blocked');
  await expect(heading(page)).toHaveText('屏蔽列表');
  await expect(page.locator('.safety-item', { hasText: name })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: `取消屏蔽 ${name}` }).click();
  await expectToast(page, '已取消屏蔽');
  await expect(page.getByText('你还没有屏蔽任何人。')).toBeVisible();
  await page.goto('/app/community/index');
  await expect(byAuthor.first()).toBeVisible();
});

test('blacklist a user: logged in as them, replying fails with a neutral message', async ({ page, request }) => {
  const [owner, pest] = [await register(request, 'owner'), await register(request, 'pest')];
  const post = (await memberPosts(request))[3]!;
  const stamp = Date.now();
  expect((await comment(request, pest.token, post.id, `骚扰评论 ${stamp}`)).status()).toBe(200);

  await page.goto('/app/community/index');
  await switchUser(page, owner.username, owner.password);
  await page.goto(`/app/community/detail?id=${post.id}`);
  const pestComment = page.locator('.comment', { hasText: `骚扰评论 ${stamp}` });
  await openMenu(page, pestComment, '将作者加入黑名单');
  await confirmDialog(page, '加入黑名单');
  await expect(page.locator('.snackbar', { hasText: '拉黑成功' })).toBeVisible();
  await expect(pestComment).toHaveCount(0);
  await page.getByRole('textbox', { name: '评论' }).fill(`主人的评论 ${stamp}`);
  await page.getByRole('button', { name: '发送' }).click();
  await expectToast(page, '发送成功');

  await page.goto('/app/user/blacklist');
  await expect(page.locator('.safety-item', { hasText: pest.username })).toBeVisible();
  await expectAccessible(page);

  await page.goto('/app/community/index');
  await switchUser(page, pest.username, pest.password);
  await page.goto(`/app/community/detail?id=${post.id}`);
  const ownerComment = page.locator('.comment', { hasText: `主人的评论 ${stamp}` });
  await ownerComment.getByRole('button', { name: '回复', exact: true }).click();
  await page.getByRole('textbox', { name: `回复 ${owner.username}` }).fill(`回复主人 ${stamp}`);
  await page.getByRole('button', { name: '发送' }).click();
  await expect(page.locator('.adm-toast-main')).toHaveText('你无法在此回复');
  await expect(page.getByText(/黑名单|拉黑|屏蔽/)).toHaveCount(0);
  await expect(page.locator('.comment', { hasText: `回复主人 ${stamp}` })).toHaveCount(0);
  // What was typed stays, so nothing is lost.
  await expect(page.getByRole('textbox', { name: `回复 ${owner.username}` })).toHaveValue(`回复主人 ${stamp}`);
});

test('too many comments: the rate-limit message says to wait, and for how long', async ({ page, request }) => {
  const talker = await register(request, 'talker');
  const post = (await memberPosts(request))[5]!;
  // playwright.config.ts caps a person at 12 comments an hour for this journey.
  for (let i = 0; i < 12; i++) expect((await comment(request, talker.token, post.id, `刷屏 ${i}`)).status()).toBe(200);

  await page.goto('/app/community/index');
  await switchUser(page, talker.username, talker.password);
  await page.goto(`/app/community/detail?id=${post.id}`);
  await page.getByRole('textbox', { name: '评论' }).fill('还想再说一句');
  await page.getByRole('button', { name: '发送' }).click();
  const toast = page.locator('.adm-toast-main');
  await expect(toast).toContainText('操作太频繁，请稍后再试');
  await expect(toast).toContainText(/\d+\s*(分钟|秒钟?|小时)后可以再试/);
});

test('a filter of one’s own: added from the Me page, the feed shows the post behind “filtered”, a tap shows it', async ({ page }) => {
  const word = `spoil${Date.now().toString(36)}`;
  const content = `The last boss ${word} is the king`;
  await readerOfNewPost(page, ['filtered', 'filterer'], content);
  const feed = page.locator('.post-card');
  await expect(feed.filter({ hasText: content })).toBeVisible();

  await page.goto('/app/user/me');
  await page.getByRole('link', { name: '内容过滤' }).click();
  await expect(page).toHaveURL(/\/app\/user\/filters$/);
  await expect(heading(page)).toHaveText('内容过滤');
  await page.getByRole('button', { name: '添加过滤器' }).click();
  await page.getByLabel('词语').fill(word);
  await expect(page.getByRole('radio', { name: '折叠为“已过滤”' })).toBeChecked();
  await expectAccessible(page);
  await page.getByRole('button', { name: '保存' }).click();
  await expectToast(page, '过滤器已保存');
  await expect(page.getByRole('listitem').filter({ hasText: word })).toBeVisible();
  await expectAccessible(page);

  await page.goto('/app/community/index');
  const warned = page.getByRole('button', { name: `已过滤：${word} — 点按显示` });
  await expect(warned).toBeVisible();
  await expect(feed.filter({ hasText: content })).toHaveCount(0);
  await expectAccessible(page);
  await warned.click();
  await expect(feed.filter({ hasText: content })).toBeVisible();
});
