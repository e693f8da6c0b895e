import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, expectAccessible, loginThroughHost, presetHost, test } from './fixtures.ts';

/**
 * A person on a cheap phone, slow network, in any of the four host languages: what they would
 * notice on the community, posting and configuration pages.
 */

const heading = (page: Page) => page.locator('h1:visible');
const hostTags = ['zh_CN', 'en_US', 'ja_JP', 'Ko_KR'] as const;
// A 1×1 PNG: enough for the draft to accept it as a picture.
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC', 'base64');

async function demoToken(page: Page) {
  const login = await page.request.post('/api/auth/login', { headers: { accorgid: 'padhub' }, data: { username: 'demo', password: DEMO_PASSWORD } });
  return (await login.json()).data.token as string;
}

test('scripts, styles and the page arrive compressed', async ({ page }) => {
  const html = await page.request.get('/app/community/index', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(html.headers()['content-encoding']).toBe('br');
  // The entry module (the small host-queue.js before it is a plain script of public/; on a page the
  // server drew, start-after-paint.js names the entry it starts).
  const entry = /<script[^>]+(?:src|data-entry)="([^"]+\/assets\/[^"]+\.js)"/.exec(await html.text())?.[1];
  expect(entry).toBeDefined();
  const script = await page.request.get(entry!, { headers: { 'accept-encoding': 'gzip' } });
  expect(script.status()).toBe(200);
  expect(script.headers()['content-encoding']).toBe('gzip');
  // Smaller on the wire than the script itself.
  expect(Number(script.headers()['content-length'])).toBeLessThan((await script.body()).length / 2);
});

test('a drawn landing page paints from its HTML alone: its styles and host queue inside it, allowed by the policy, never asked for again', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { violations: string[] }).violations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await page.goto('/app/community/index');
  const card = page.locator('article.post-card').first();
  // A rule of the community page's stylesheet, applied.
  await expect(card).toHaveCSS('padding-left', '16px');
  const written = await page.locator('link[rel=stylesheet][disabled]').evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  expect(written.length).toBeGreaterThan(1);
  // The app took the page over (a tap opens a post) and its lazy pages loaded their own styles,
  // without asking again for those the HTML carried.
  await card.locator('a.post-card-link').click();
  await expect(page.locator('article.post-detail')).toBeVisible();
  await page.goBack();
  await expect(card).toBeVisible();
  expect(asked.filter((path) => written.includes(path))).toEqual([]);
  expect(asked).not.toContain('/app/host-queue.js');
  expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
});

test('the largest picture of each landing page starts with the HTML, is downloaded once, and before the others', async ({ page }) => {
  for (const url of ['/app/community/index', '/app/shoopping']) {
    const html = await (await page.request.get(url)).text();
    const link = /<link rel="preload" as="image" href="([^"]+)"(?: imagesrcset="([^"]+)" imagesizes="([^"]+)")? fetchpriority="high">/.exec(html);
    expect(link, `${url} names its lead picture`).not.toBeNull();
    const [href, srcset, sizes] = link!.slice(1).map((v) => v?.replace(/&amp;/g, '&'));
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'image') asked.push(request.url());
    });
    // The lead picture (any of its renditions) is held back, as on a slow network.
    const leadPath = new URL(href!, 'http://x').pathname.replace(/\.w\d+\.webp$/, '');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/storage/**', async (route) => {
      if (new URL(route.request().url()).pathname.startsWith(leadPath)) await held;
      await route.continue();
    });
    const others = () => asked.filter((u) => !u.startsWith('data:') && !new URL(u).pathname.startsWith(leadPath));
    // Not until `load`: the server's markup has the lead picture's <img>, which holds the load event.
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    const lead = page.locator('img[fetchpriority="high"]');
    await expect(lead).toHaveCount(1);
    // The cards are drawn, their pictures on screen too; none is asked for while the lead one is on its way.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(others(), url).toEqual([]);
    release();
    // The picture the page loads first is the one the HTML named, with the same renditions.
    await expect.poll(() => lead.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await lead.getAttribute('src')).toBe(href);
    expect([await lead.getAttribute('srcset'), await lead.getAttribute('sizes')]).toEqual([srcset ?? null, sizes ?? null]);
    const current = await lead.evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(asked.filter((u) => u === current)).toHaveLength(1);
    // Then the others come.
    await expect.poll(() => others().length, url).toBeGreaterThan(0);
    page.removeAllListeners('request');
    await page.unroute('**/storage/**');
  }
});

test('the host status bar sits on the header colour, not on a grey band', async ({ page }) => {
  await presetHost(page, { statusBarHeight: 44 });
  await page.goto('/app/community/index');
  await expect(heading(page)).toHaveText('社区');
  const frame = page.locator('.page:visible');
  await expect(frame).toHaveCSS('padding-top', '44px');
  await expect(frame).toHaveCSS('background-image', /^linear-gradient\(rgb\(255, 255, 255\), rgb\(255, 255, 255\)\)/);
  await expect(frame).toHaveCSS('background-size', /^100% 44px/);
});

test('a 40-character nickname leaves the page title readable in the header', async ({ page }) => {
  const username = `long_${Date.now()}`;
  const nickname = 'とても長いニックネームのユーザーさんです・テスト用の名前です長い';
  const registered = await page.request.post('/api/auth/register', { headers: { accorgid: 'padhub' }, data: { username, password: DEMO_PASSWORD, nickname } });
  expect(registered.status()).toBe(200);
  await presetHost(page, { languageTag: 'ja_JP' });
  await page.goto('/app/community/index');
  await loginThroughHost(page, username);
  const account = page.getByRole('button', { name: /とても長い/ });
  await expect(account).toBeVisible();
  await expect(heading(page)).toHaveText('コミュニティ');
  // The whole title shows, and the name stays on one line of the 48 px header.
  expect(await heading(page).evaluate((h) => h.scrollWidth <= h.clientWidth)).toBe(true);
  expect((await account.boundingBox())!.height).toBeLessThanOrEqual(48);
});

test('posts break lines the way their language is read, whatever the interface language', async ({ page }) => {
  await presetHost(page, { languageTag: 'Ko_KR' });
  await page.goto('/app/community/index');
  await expect(heading(page)).toHaveText('커뮤니티');
  const korean = page.locator('.post-card-excerpt[lang="ko"]').first();
  await expect(korean).toBeVisible();
  await expect(korean).toHaveCSS('word-break', 'keep-all');

  // The person's own posts mix languages: a Chinese one keeps breaking between characters.
  await loginThroughHost(page, 'demo');
  await expect(page.getByRole('button', { name: /Demo/ })).toBeVisible();
  await page.goto('/app/user/posts');
  const chinese = page.locator('.post-card-excerpt[lang="zh-CN"]').first();
  await expect(chinese).toBeVisible();
  await expect(chinese).toHaveCSS('word-break', 'normal');
  await expect(page.locator('.post-card-excerpt[lang="ko"]').first()).toHaveCSS('word-break', 'keep-all');

  // Japanese keeps the long-vowel mark and small kana off the start of a line.
  await expect(page.locator('.post-card-excerpt[lang="ja"]').first()).toHaveCSS('line-break', 'strict');
});

test('the comment box shows its whole placeholder in every language and grows with what is typed', async ({ page }) => {
  const token = await demoToken(page);
  const feed = await (await page.request.get('/api/posts?limit=1', { headers: { accorgid: 'padhub', token } })).json();
  const postId = feed.data.items[0].id as string;
  await page.goto(`/app/community/detail?id=${postId}`);
  for (const tag of hostTags) {
    // The simulated host reads its language at start, as a native host would have it.
    await page.evaluate((t) => localStorage.setItem('padhub.simulatedHost', JSON.stringify({ languageTag: t })), tag);
    await page.reload();
    // The stand-in gives way to the real box once the first screen is done (lazy-comment-box.tsx);
    // measured on the real one, so the swap cannot fall between a check and a measurement.
    const box = page.locator('.comment-box:not([aria-busy]) textarea');
    await expect(box).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', { zh_CN: 'zh-CN', en_US: 'en', ja_JP: 'ja', Ko_KR: 'ko' }[tag]);
    // Nothing of the placeholder is cut off below the box.
    expect(await box.evaluate((b) => b.scrollHeight <= b.clientHeight), tag).toBe(true);
    const empty = (await box.boundingBox())!.height;
    await box.fill('1\n2\n3');
    await expect.poll(async () => (await box.boundingBox())?.height ?? 0, tag).toBeGreaterThan(empty + 30);
    expect(await box.evaluate((b) => b.scrollHeight <= b.clientHeight), tag).toBe(true);
    await box.fill('');
    await expect.poll(async () => (await box.boundingBox())?.height ?? 0, tag).toBe(empty);
  }
});

test('before the first search, the search page says what can be found', async ({ page }) => {
  await page.goto('/app/community/search');
  await expect(heading(page)).toHaveText('搜索');
  await expect(page.getByText('输入关键词查找帖子，例如手柄型号、游戏名或宏。')).toBeVisible();
  await page.getByRole('searchbox').fill('手柄');
  await page.getByRole('searchbox').press('Enter');
  await expect(page.locator('article.post-card').first()).toBeVisible();
  await expect(page.locator('.post-card-excerpt mark').first()).toHaveText('手柄');
  await expect(page.getByText('输入关键词查找帖子')).toHaveCount(0);
});

test('no text field is under 16 px, so iOS does not zoom into it', async ({ page }) => {
  await page.goto('/app/community/index');
  await loginThroughHost(page, 'demo');
  await expect(page.getByRole('button', { name: /Demo/ })).toBeVisible();
  const fieldSizes = () =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('main textarea, main select, main input:not([type=radio]):not([type=checkbox]):not([type=file])'))
        .filter((field) => field.offsetParent !== null)
        .map((field) => parseFloat(getComputedStyle(field).fontSize)),
    );
  for (const path of ['/app/community/add', '/app/community/report?type=post&id=1', '/app/community/search']) {
    await page.goto(path);
    await expect(page.locator('main textarea:visible, main input:visible').first()).toBeVisible();
    const sizes = await fieldSizes();
    expect(sizes.length, path).toBeGreaterThan(0);
    for (const size of sizes) expect(size, path).toBeGreaterThanOrEqual(16);
  }
});

test('a post that fails to send with many pictures brings its failure into view', async ({ page }) => {
  await page.goto('/app/community/index');
  await loginThroughHost(page, 'demo');
  await expect(page.getByRole('button', { name: /Demo/ })).toBeVisible();
  await page.goto('/app/community/add');
  await expect(heading(page)).toHaveText('发帖');
  await page.getByRole('textbox', { name: '帖子内容' }).fill(`Nine pictures, no network ${Date.now()}`);
  const pictures = Array.from({ length: 9 }, (_, i) => ({ name: `p${i}.png`, mimeType: 'image/png', buffer: PIXEL }));
  await page.locator('input[type=file]').setInputFiles(pictures);
  await expect(page.locator('.media-tile:not(.media-tile-add)')).toHaveCount(9);
  // Nothing leaves the phone: every upload and the post itself fail.
  await page.route('**/*', (route) => (['PUT', 'POST'].includes(route.request().method()) ? route.abort() : route.continue()));
  await page.getByRole('button', { name: '发布' }).click();
  const failure = page.getByRole('alert').filter({ hasText: '帖子发送失败' });
  await expect(failure).toBeVisible({ timeout: 30_000 });
  await expect(failure).toBeInViewport();
  await expect(failure.getByRole('button', { name: '点击重试' })).toBeInViewport();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.getByRole('button', { name: '放弃草稿' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(page.locator('.media-tile:not(.media-tile-add)')).toHaveCount(0);
});

test('a mapping draws its leader lines under the buttons, so no mark is struck through', async ({ page }) => {
  const token = await demoToken(page);
  const mine = (await (await page.request.get('/api/configs', { headers: { accorgid: 'padhub', token } })).json()).data.items as { id: string; kind: string }[];
  const mapping = mine.find((c) => c.kind === 'mapping');
  expect(mapping).toBeDefined();
  await page.goto('/app/community/index');
  await loginThroughHost(page, 'demo');
  await expect(page.getByRole('button', { name: /Demo/ })).toBeVisible();
  await page.goto(`/app/configs/detail?id=${mapping!.id}`);
  const picture = page.locator('svg.controller-picture').first();
  await expect(picture).toBeVisible();
  const order = await picture.evaluate((svg) => {
    const children = Array.from(svg.children);
    return {
      lines: children.findIndex((c) => c.classList.contains('callout-lines')),
      firstGlyph: children.findIndex((c) => c.classList.contains('glyph')),
      lineCount: svg.querySelectorAll('.callout-lines polyline').length,
      labelCount: svg.querySelectorAll('.callout text').length,
    };
  });
  expect(order.lineCount).toBeGreaterThan(0);
  expect(order.lineCount).toBe(order.labelCount);
  expect(order.lines).toBeGreaterThanOrEqual(0);
  expect(order.lines).toBeLessThan(order.firstGlyph);
  await expectAccessible(page);
});

test('a comment in Korean or Japanese breaks its lines as that language does, on a page in Chinese', async ({ page }) => {
  // Someone of their own: the comment limit in these tests is low, and other tests comment as demo.
  const stamp = Date.now();
  const registered = await page.request.post('/api/auth/register', { headers: { accorgid: 'padhub' }, data: { username: `polyglot_${stamp}`, password: DEMO_PASSWORD } });
  const headers = { accorgid: 'padhub', token: (await registered.json()).data.token as string };
  const feed = await (await page.request.get('/api/posts?limit=1', { headers })).json();
  const postId = feed.data.items[0].id as string;
  for (const content of [`한국어 댓글입니다 ${stamp}`, `日本語のコメントです ${stamp}`, `中文评论 ${stamp}`]) {
    expect((await page.request.post(`/api/posts/${postId}/comments`, { headers, data: { content } })).status()).toBe(200);
  }
  await page.goto(`/app/community/detail?id=${postId}`);
  const comment = (text: string) => page.locator('.comment-text', { hasText: `${text} ${stamp}` });
  await expect(comment('한국어 댓글입니다')).toHaveAttribute('lang', 'ko');
  await expect(comment('한국어 댓글입니다')).toHaveCSS('word-break', 'keep-all');
  await expect(comment('日本語のコメントです')).toHaveAttribute('lang', 'ja');
  await expect(comment('日本語のコメントです')).toHaveCSS('line-break', 'strict');
  // Chinese characters alone could be either: the comment keeps the page's language.
  await expect(comment('中文评论')).not.toHaveAttribute('lang');
  await expect(comment('中文评论')).toHaveCSS('word-break', 'normal');
});
