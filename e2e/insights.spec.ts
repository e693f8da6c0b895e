import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, expectAccessible, loginThroughHost, register, test } from './fixtures.ts';

const headers = (token?: string) => ({ accorgid: 'padhub', 'accept-language': 'cn', ...(token ? { token } : {}) });

async function tokenOf(request: APIRequestContext, username: string) {
  const res = await request.post('/api/auth/login', { headers: headers(), data: { username, password: DEMO_PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.token as string;
}

/** Today's English posts as the rollup last counted them (the e2e server recounts every 20 s). */
async function postsToday(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get('/api/admin/insights/content?range=7', { headers: headers(token) });
  const { data } = await res.json();
  const english = data.series.find((s: { name: string; dim: string }) => s.name === 'content.posts' && s.dim === 'en');
  return english ? english.values.at(-1) : 0;
}

/** Today's apply funnel as the rollup last counted it: opened, applied, kept. */
async function funnelToday(request: APIRequestContext, token: string): Promise<number[]> {
  const { data } = await (await request.get('/api/admin/insights/configs?range=7', { headers: headers(token) })).json();
  return ['opened', 'applied', 'kept'].map((dim) => data.series.find((s: { name: string; dim: string }) => s.name === 'configs.funnel' && s.dim === dim).values.at(-1));
}

const SERIES = 25;
/** The lists: top configurations and games, searched words and those that found nothing, goods seen and bought. */
const RANKINGS = 6;

/** Every chart drawn: a canvas with a size, in each card. */
async function expectChartsDrawn(page: Page) {
  const cards = page.locator('.insights-card');
  await expect(cards.first()).toBeVisible();
  // One card per series and per list, once every group has answered (the contracts' 25 series, 6 lists).
  await expect(cards).toHaveCount(SERIES + RANKINGS);
  await expect(page.locator('.insights-chart canvas')).toHaveCount(SERIES);
  for (const box of await page.locator('.insights-chart canvas').evaluateAll((canvases) => canvases.map((c) => (c as HTMLCanvasElement).width))) expect(box).toBeGreaterThan(0);
}

test.describe('the console’s insights', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('an admin reads a new post in the charts at 360 px, changes the range, reads a table and downloads its CSV', async ({ page, request }) => {
    const admin = await tokenOf(request, 'admin');
    const author = await register(request, 'insight');
    const before = await postsToday(request, admin);
    // A post's language is the one its author writes in (the request's).
    const created = await request.post('/api/posts', {
      headers: { ...headers(author.token), 'accept-language': 'en', 'idempotency-key': randomUUID() },
      data: { content: 'Counted by the insights' },
    });
    expect(created.status(), await created.text()).toBe(200);
    // The rollup's next pass counts it.
    await expect.poll(() => postsToday(request, admin), { timeout: 60_000, intervals: [1000] }).toBeGreaterThan(before);

    await page.goto('/app/console/insights');
    await loginThroughHost(page, 'admin');
    await expect(page.getByRole('heading', { level: 1, name: '数据洞察' })).toBeVisible();
    await expectChartsDrawn(page);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const posts = page.locator('.insights-card', { has: page.getByRole('heading', { name: '帖子', exact: true }) });
    await posts.getByText('以表格查看').click();
    const table = posts.getByRole('table', { name: '帖子' });
    await expect(table.locator('tbody tr')).toHaveCount(30);
    // Dates in the person's language, today last; today's English posts as the API counted them.
    const todayCn = new Intl.DateTimeFormat('zh-CN', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date());
    const englishColumn = (await table.locator('thead th').allInnerTexts()).indexOf('英文');
    expect(englishColumn).toBeGreaterThan(0);
    const lastRow = table.locator('tbody tr').last();
    await expect(lastRow.locator('th')).toHaveText(todayCn);
    await expect(lastRow.locator('th, td').nth(englishColumn)).toHaveText(String(await postsToday(request, admin)));

    await page.getByRole('button', { name: '90 天' }).click();
    await expect(page).toHaveURL(/[?&]range=90/);
    await expect(table.locator('tbody tr')).toHaveCount(90);

    const [download] = await Promise.all([page.waitForEvent('download'), posts.getByRole('button', { name: '下载“帖子”（CSV）' }).click()]);
    const csv = readFileSync(await download.path(), 'utf8').trim().split('\r\n');
    expect(csv).toHaveLength(91);
    expect(csv[0]!.split(',')[0]).toBe('日期');
    expect(csv.at(-1)!.split(',')[0]).toBe(new Date().toISOString().slice(0, 10));
    await expectAccessible(page);
  });

  test('three people search the same words and a goods page: the admin reads the words and the goods in the lists, not a lone search, and the apply funnel', async ({ page, request }) => {
    const admin = await tokenOf(request, 'admin');
    const funnelBefore = await funnelToday(request, admin);
    const words = `e2e${randomUUID().slice(0, 8)}`;
    const lone = `${words}lone`;
    const goods = (await (await request.get('/api/goods', { headers: headers() })).json()).data.items[0];
    const people = [];
    for (const [i, q] of [[0, words], [1, words.toUpperCase()], [2, ` ${words} `], [3, lone]] as const) {
      people.push(await register(request, `seek${i}`));
      expect((await request.get(`/api/posts?q=${encodeURIComponent(q)}`, { headers: headers(people[i]!.token) })).status()).toBe(200);
    }
    // Three of them open a shared configuration; two apply it, and one of those undoes it.
    const shared = (await (await request.get('/api/configs/shared', { headers: headers(people[0]!.token) })).json()).data.items[0];
    for (const [i, steps] of [[0, ['applies']], [1, ['applies', 'undo-apply']], [2, []]] as const) {
      expect((await request.get(`/api/configs/${shared.id}`, { headers: headers(people[i]!.token) })).status()).toBe(200);
      for (const step of steps) expect((await request.post(`/api/configs/${shared.id}/${step}`, { headers: headers(people[i]!.token) })).status()).toBe(200);
    }
    // One of them opens the goods and taps "buy" (the store opens in a stand-in tab).
    await page.context().route('https://shop.padhub.example/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Store</title>' }));
    await page.goto(`/app/goods/details?id=${goods.id}`);
    await loginThroughHost(page, people[0]!.username, people[0]!.password);
    const [tapped] = await Promise.all([page.waitForResponse((res) => res.url().endsWith(`/api/goods/${goods.id}/buy-taps`)), page.getByRole('button', { name: '立即购买' }).click()]);
    expect(tapped.status()).toBe(200);
    // The simulated host forgets them: the admin signs in next.
    await page.evaluate(() => localStorage.clear());
    await page.context().clearCookies();
    // The rollup's next pass counts them.
    const listed = async (group: 'search' | 'shop') => {
      const { data } = await (await request.get(`/api/admin/insights/${group}?range=7`, { headers: headers(admin) })).json();
      return data.rankings.flatMap((r: { items: { key: string }[] }) => r.items.map((item) => item.key));
    };
    await expect.poll(() => listed('search'), { timeout: 60_000, intervals: [1000] }).toContain(words);
    // The tap came after the searches: a pass between them counted the words alone.
    await expect.poll(() => listed('shop'), { timeout: 60_000, intervals: [1000] }).toContain(goods.id);
    expect(await listed('search')).not.toContain(lone);
    await expect.poll(async () => (await funnelToday(request, admin)).every((n, i) => n >= funnelBefore[i]! + [3, 2, 1][i]!), { timeout: 60_000, intervals: [1000] }).toBe(true);

    await page.goto('/app/console/insights?range=7');
    await loginThroughHost(page, 'admin');
    const searched = page.getByRole('table', { name: '搜索最多的词' });
    await expect(searched.getByRole('rowheader', { name: words, exact: true })).toBeVisible();
    // Nothing matched the words: they are what people want and cannot find.
    await expect(page.getByRole('table', { name: '没有搜到结果的词' }).getByRole('rowheader', { name: words, exact: true })).toBeVisible();
    await expect(page.getByRole('table', { name: '“购买”点击' }).getByRole('rowheader', { name: goods.name, exact: true })).toBeVisible();
    // The funnel's table says today what the API counts (other journeys apply too: the API is the reference).
    const funnel = page.locator('.insights-card', { has: page.getByRole('heading', { name: '应用漏斗（打开 → 应用 → 保留）' }) });
    await funnel.getByText('以表格查看').click();
    const steps = funnel.getByRole('table', { name: '应用漏斗（打开 → 应用 → 保留）' });
    await expect(steps.locator('thead th')).toHaveText(['日期', '打开', '应用', '保留']);
    await expect(steps.locator('tbody tr').last().locator('td')).toHaveText((await funnelToday(request, admin)).map(String));
    await expectAccessible(page);
  });

  test('a member is refused the page and the API', async ({ page, request }) => {
    const member = await register(request, 'nosight');
    expect((await request.get('/api/admin/insights/people', { headers: headers(member.token) })).status()).toBe(403);
    await page.goto('/app/console/insights');
    await loginThroughHost(page, member.username, member.password);
    await expect(page.getByText('只有版主和管理员可以打开管理台。')).toBeVisible();
    await expect(page.locator('.insights-card')).toHaveCount(0);
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

  test('a moderator reads the charts, wide', async ({ page }) => {
    await page.goto('/app/console/insights?range=7');
    await loginThroughHost(page, 'moderator');
    await expect(page.getByRole('button', { name: '7 天' })).toHaveAttribute('aria-pressed', 'true');
    await expectChartsDrawn(page);
    const width = await page.locator('.insights-chart canvas').first().evaluate((c) => c.getBoundingClientRect().width);
    expect(width).toBeGreaterThan(600);
    await expectAccessible(page);
  });
});
