import type { Page } from '@playwright/test';
import { expect, expectAccessible, loginThroughHost, readerOfNewPost, test } from './fixtures.ts';

const content = (page: Page) => page.locator('main.page-content:visible');
// Kept-alive pages stay in the document, hidden: only the visible page's title counts.
const heading = (page: Page) => page.locator('h1:visible');

async function scrollToEnd(page: Page) {
  const end = page.getByText('没有更多了');
  for (let i = 0; i < 60 && !(await end.isVisible()); i++) {
    await content(page).evaluate((el) => el.scrollBy(0, el.scrollHeight));
    await page.waitForTimeout(150);
  }
  await expect(end).toBeVisible();
}

test('the feed scrolls to "no more items", and a post opened and left keeps the place', async ({ page }) => {
  await page.goto('/app/community/index');
  await expect(page.locator('article.post-card').first()).toBeVisible();
  await expectAccessible(page);
  await scrollToEnd(page);
  const count = await page.locator('article.post-card').count();
  expect(count).toBeGreaterThan(20);

  await content(page).evaluate((el) => el.scrollTo(0, 1500));
  const card = page.locator('article.post-card a.post-card-link').nth(6);
  await card.scrollIntoViewIfNeeded();
  await page.waitForTimeout(200);
  const before = await content(page).evaluate((el) => el.scrollTop);
  expect(before).toBeGreaterThan(300);
  const href = await card.getAttribute('href');
  await card.click();
  await expect(page).toHaveURL(/community\/detail\?id=/);
  await expect(heading(page)).toHaveText('帖子详情');
  await page.goBack();
  await expect(heading(page)).toHaveText('社区');
  // Same list (nothing reloaded from the first page) and the same place in it.
  await expect(page.locator('article.post-card')).toHaveCount(count);
  expect(Math.abs((await content(page).evaluate((el) => el.scrollTop)) - before)).toBeLessThan(5);
  await expect(page.locator(`a.post-card-link[href="${href}"]`)).toBeInViewport();
});

test('liking without a login asks the host to log in, then the like is kept across a reload', async ({ page }) => {
  await page.goto('/app/community/index');
  const like = page.locator('article.post-card').first().getByRole('button', { name: /^点赞/ });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  // The simulated host shows its login because the page asked for one.
  await expect(page.getByText('页面请求你登录')).toBeVisible();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[name=username]').fill('demo');
  await dialog.locator('input[name=password]').fill('padhub-demo');
  const saved = page.waitForResponse((r) => r.url().includes('/like') && r.request().method() === 'PUT');
  await dialog.locator('form button[type=submit]').first().click();
  expect((await saved).status()).toBe(200);
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(page.locator('article.post-card').first().getByRole('button', { name: /^点赞/ })).toHaveAttribute('aria-pressed', 'true');
  await page.locator('article.post-card').first().getByRole('button', { name: /^点赞/ }).click();
  await expect(page.locator('article.post-card').first().getByRole('button', { name: /^点赞/ })).toHaveAttribute('aria-pressed', 'false');
});

test('comment, reply, see the replies page, delete after confirming; my pages list it', async ({ page }) => {
  await page.goto('/app/community/index');
  await loginThroughHost(page, 'demo');
  await expect(page.getByRole('button', { name: /Demo/ })).toBeVisible();
  await page.locator('article.post-card a.post-card-link').first().click();
  await expect(heading(page)).toHaveText('帖子详情');
  const box = page.getByRole('textbox', { name: '评论' });
  await expect(box).toHaveAttribute('placeholder', '请发表友善、文明的评论');

  const stamp = Date.now();
  await box.fill(`端到端评论 ${stamp}`);
  await page.getByRole('button', { name: '发送' }).click();
  const mine = page.locator('.comment', { hasText: `端到端评论 ${stamp}` }).first();
  await expect(mine).toBeVisible();
  // The toast fades in and out: check the page once it has gone, not mid-animation.
  await expect(page.getByText('发送成功')).toBeVisible();
  await expect(page.getByText('发送成功')).toHaveCount(0);
  await expectAccessible(page);

  for (const n of [1, 2, 3]) {
    await mine.getByRole('button', { name: '回复', exact: true }).first().click();
    await expect(page.getByText('正在回复 Demo')).toBeVisible();
    await page.getByRole('textbox', { name: '回复 Demo' }).fill(`端到端回复 ${stamp} #${n}`);
    await page.getByRole('button', { name: '发送' }).click();
    await expect(page.getByText('发送成功')).toBeVisible();
    await expect(page.getByText('发送成功')).toHaveCount(0);
    // The post shows the first two replies of a comment; the rest are a tap away.
    if (n < 3) await expect(page.getByText(`端到端回复 ${stamp} #${n}`)).toBeVisible();
  }
  await mine.getByRole('link', { name: '查看全部回复（3）' }).click();
  await expect(heading(page)).toHaveText('回复');
  for (const n of [1, 2, 3]) await expect(page.getByText(`端到端回复 ${stamp} #${n}`)).toBeVisible();

  // A reply to a reply names whom it answers.
  await page.locator('.comment-reply', { hasText: `端到端回复 ${stamp} #1` }).getByRole('button', { name: '回复', exact: true }).click();
  await page.getByRole('textbox', { name: '回复 Demo' }).fill(`回复的回复 ${stamp}`);
  await page.getByRole('button', { name: '发送' }).click();
  await expect(page.locator('.comment-reply', { hasText: `回复的回复 ${stamp}` }).getByText('回复 Demo:')).toBeVisible();

  // Once the reply it answers is deleted, it no longer names whom it answered: a neutral label.
  await page.locator('.comment-reply', { hasText: `端到端回复 ${stamp} #1` }).getByRole('button', { name: '删除' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '删除' }).click();
  await expect(page.getByText(`端到端回复 ${stamp} #1`)).toHaveCount(0);
  await expect(page.locator('.comment-reply', { hasText: `回复的回复 ${stamp}` }).getByText('回复已删除的留言:')).toBeVisible();
  await expect(page.locator('.comment-reply .comment-deleted')).toHaveText(['该留言已被删除']);
  // The confirmation fades out: check the page once it has gone.
  await expect(page.locator('.adm-dialog')).toHaveCount(0);
  await expectAccessible(page);

  // Deleting the comment that has replies leaves "This message has been deleted" in its place.
  await page.goBack();
  await mine.getByRole('button', { name: '删除' }).first().click();
  await expect(page.getByText('确定删除这条评论吗？')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: '删除' }).click();
  // Its text goes; the notice stands in the comment's place (the deleted reply #1 shows its own notice below it).
  await expect(page.getByText(`端到端评论 ${stamp}`)).toHaveCount(0);
  await expect(page.locator('.comment:not(.comment-reply) > .comment-deleted').first()).toHaveText('该留言已被删除');

  // A reply without replies disappears after its confirmation.
  const reply2 = page.locator('.comment-reply', { hasText: `端到端回复 ${stamp} #2` });
  await reply2.getByRole('button', { name: '删除' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '删除' }).click();
  await expect(page.getByText(`端到端回复 ${stamp} #2`)).toHaveCount(0);

  await page.goto('/app/user/comments');
  await expect(page.getByText(`端到端回复 ${stamp} #3`)).toBeVisible();
  await expectAccessible(page);
});

test('search in Chinese finds posts by a two-character word and remembers the search', async ({ page }) => {
  await page.goto('/app/community/search');
  await page.getByRole('searchbox', { name: '搜索' }).fill('手柄');
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  const first = page.locator('article.post-card').first();
  await expect(first).toBeVisible();
  await expect(first.locator('.post-card-excerpt')).toContainText('手柄');
  // Each match is marked, so the person sees why the post was found.
  await expect(first.locator('.post-card-excerpt mark').first()).toHaveText('手柄');
  // Best match first; Newest is one tap away and kept in the address.
  await expect(page.getByRole('button', { name: '最相关', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page);
  await page.getByRole('button', { name: '最新', exact: true }).click();
  await expect(page).toHaveURL(/sort=new/);
  await expect(page.locator('article.post-card').first()).toBeVisible();
  // A refused search says so in words, with a retry that searches again.
  await page.route('**/api/posts?*', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: 50310, message: 'busy', data: null }) }),
  );
  await page.getByRole('button', { name: '最热', exact: true }).click();
  await expect(page.getByText('搜索的人太多了，请稍后再试')).toBeVisible();
  await page.unroute('**/api/posts?*');
  await page.getByRole('button', { name: '请求失败' }).click();
  await expect(page.locator('article.post-card').first()).toBeVisible();
  await page.goto('/app/community/search');
  await expect(page.getByRole('button', { name: '手柄' })).toBeVisible();
});

test('my pages list my posts with their review status, my likes and favourites', async ({ page }) => {
  await page.goto('/app/user/posts');
  await expect(page.getByRole('button', { name: '登录后继续' })).toBeVisible();
  await loginThroughHost(page, 'demo');
  await expect(page.locator('article.post-card').first()).toBeVisible();
  await expect(page.locator('.review-badge').first()).toHaveText(/审核通过|审核未通过|审核中/);

  await page.goto('/app/community/index');
  const firstLink = page.locator('article.post-card a.post-card-link').first();
  const href = await firstLink.getAttribute('href');
  await firstLink.click();
  const favourite = page.getByRole('button', { name: /^收藏/ });
  if ((await favourite.getAttribute('aria-pressed')) === 'false') await favourite.click();
  await expect(favourite).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/app/user/collects');
  await expect(page.locator(`a.post-card-link[href="${href}"]`).first()).toBeVisible();
  await page.goto('/app/user/likes');
  await expect(heading(page)).toHaveText('我的点赞');
});

test('a like the server refuses goes back, with a message saying why', async ({ page }) => {
  await page.goto('/app/community/index');
  await loginThroughHost(page, 'demo');
  await expect(page.getByRole('button', { name: /Demo/ })).toBeVisible();
  await page.route('**/api/posts/*/like', (route) =>
    route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ code: 42900, message: 'slow down', data: { retryAfter: 30 } }) }),
  );
  const like = page.locator('article.post-card').first().getByRole('button', { name: /^点赞/ });
  const before = await like.getAttribute('aria-pressed');
  await like.click();
  await expect(page.getByText(/操作太频繁/)).toBeVisible();
  await expect(like).toHaveAttribute('aria-pressed', before ?? 'false');
});

test('pulling the feed down shows the three states and loads it again; the refresh button does the same', async ({ page }) => {
  await page.goto('/app/community/index');
  await expect(page.locator('article.post-card').first()).toBeVisible();
  const list = page.locator('.ptr:visible').first();
  const touch = async (type: string, y: number) =>
    list.evaluate(
      (el, [kind, at]) => {
        const point = new Touch({ identifier: 1, target: el, clientX: 100, clientY: at as number });
        el.dispatchEvent(new TouchEvent(kind as string, { touches: kind === 'touchend' ? [] : [point], changedTouches: [point], bubbles: true, cancelable: true }));
      },
      [type, y],
    );
  await touch('touchstart', 200);
  await touch('touchmove', 260);
  await expect(page.getByText('下拉刷新')).toBeVisible();
  await touch('touchmove', 360);
  await expect(page.getByText('释放立即刷新')).toBeVisible();
  const reloaded = page.waitForResponse((r) => r.url().includes('/api/posts?') && r.status() === 200);
  await page.route('**/api/posts?*', async (route) => {
    // Slow enough to see the third state.
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await touch('touchend', 360);
  await expect(page.getByText('加载中').first()).toBeVisible();
  await reloaded;
  await expect(page.getByText('释放立即刷新')).toHaveCount(0);

  const again = page.waitForResponse((r) => r.url().includes('/api/posts?') && r.status() === 200);
  await page.getByRole('button', { name: '刷新' }).click();
  await again;
});

test('my likes list the post I just liked', async ({ page }) => {
  // A post and a reader of its own: a repeat of the journey never finds it liked already.
  const content = `Trigger stops ${Date.now()}`;
  const { postId } = await readerOfNewPost(page, ['likesauthor', 'likesreader'], content);
  await page.goto(`/app/community/detail?id=${postId}`);
  const like = page.locator('article.post-detail').getByRole('button', { name: /^点赞/ });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  const saved = page.waitForResponse((r) => r.url().includes(`/posts/${postId}/like`) && r.request().method() === 'PUT');
  await like.click();
  expect((await saved).status()).toBe(200);
  await page.goto('/app/user/likes');
  await expect(page.locator('article.post-card', { hasText: content })).toBeVisible();
  await expectAccessible(page);
});
