import { randomUUID } from 'node:crypto';
import { DEMO_PASSWORD, expect, expectAccessible, loginThroughHost, register, test } from './fixtures.ts';
import { heading } from './posting-helpers.ts';

const headers = (token?: string) => ({ accorgid: 'padhub', 'accept-language': 'cn', ...(token ? { token } : {}) });
// The limits as the organisation starts: off (modules/safety/new-accounts-repo.ts, defaultRules).
const off = { enabled: false, youngerThanDays: 3, fewerPassedPostsThan: 3, postsPerHour: 3, commentsPerHour: 10, mentionsPerHour: 5, linksPerPost: 2, picturesPerPost: 4, firstPostsReviewed: 0 };

test('an admin limits new accounts, a new member meets the limit when posting, and a moderator trusts them', async ({ page, request }) => {
  const login = await request.post('/api/auth/login', { headers: headers(), data: { username: 'admin', password: DEMO_PASSWORD } });
  const admin = headers((await login.json()).data.token as string);
  try {
    await page.goto('/app/console/new-accounts');
    await loginThroughHost(page, 'admin');
    await page.getByRole('checkbox', { name: '对新账号启用这些限制' }).check();
    await page.getByRole('spinbutton', { name: '每小时发帖数' }).fill('1');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('已保存')).toBeVisible();
    await expectAccessible(page);

    // A new member's first post of the hour goes through; the posting screen says when the next may.
    const member = await register(request, 'newbie');
    const first = await request.post('/api/posts', { headers: { ...headers(member.token), 'idempotency-key': randomUUID() }, data: { content: 'my first post', media: [] } });
    expect(first.status()).toBe(200);
    await page.evaluate(() => localStorage.clear());
    await page.context().clearCookies();
    await page.goto('/app/community/index');
    await loginThroughHost(page, member.username, member.password);
    await page.getByRole('button', { name: '发帖' }).click();
    await expect(heading(page)).toHaveText('发帖');
    await page.getByRole('textbox', { name: '帖子内容' }).fill('my second post');
    await page.getByRole('button', { name: '发布' }).click();
    await expect(page.getByRole('alert')).toContainText(/新账号每小时限 1 次，请 \d+ 分钟后再试/);
    await expectAccessible(page);

    // A moderator finds them, sees they are new, and trusts them: their next post goes through.
    await page.evaluate(() => localStorage.clear());
    await page.context().clearCookies();
    await page.goto(`/app/console/people?q=${member.username}`);
    await loginThroughHost(page, 'moderator');
    const card = page.getByRole('article', { name: member.username });
    await expect(card).toContainText('新账号');
    await expect(card).toContainText('受限制');
    await card.getByRole('button', { name: '信任此用户' }).click();
    await card.getByRole('textbox', { name: '原因' }).fill('熟悉的老玩家');
    await card.getByRole('button', { name: '确认：信任此用户' }).click();
    await expect(card).toContainText('已信任');
    await expect(card).toContainText('@moderator');
    await expectAccessible(page);
    const next = await request.post('/api/posts', { headers: { ...headers(member.token), 'idempotency-key': randomUUID() }, data: { content: 'trusted now', media: [] } });
    expect(next.status()).toBe(200);
  } finally {
    // Later journeys register new members too: the limits go back off.
    expect((await request.put('/api/admin/new-accounts', { headers: admin, data: off })).status()).toBe(200);
  }
});
