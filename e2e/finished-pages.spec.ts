import type { Page } from '@playwright/test';
import { closeHostPanel, expect, expectAccessible, loginThroughHost, openHostPanel, test, withoutFirstScreenData } from './fixtures.ts';

const heading = (page: Page) => page.locator('h1:visible');

async function chooseLanguage(page: Page, tag: string, lang: string) {
  await openHostPanel(page);
  await page.getByRole('dialog').getByRole('combobox').first().selectOption(tag);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await closeHostPanel(page);
}

async function sendComment(page: Page, text: string) {
  await page.locator('.comment-box textarea').fill(text);
  await page.locator('.comment-box .comment-send').click();
}

test('toasts keep English and Korean words whole and break Chinese and Japanese anywhere', async ({ page }) => {
  await page.goto('/app/community/index');
  await loginThroughHost(page, 'demo');
  await expect(page.getByRole('button', { name: /Demo/ })).toBeVisible();
  await page.locator('article.post-card a.post-card-link').first().click();
  await expect(heading(page)).toHaveText('帖子详情');

  const cases: [string, string, string][] = [
    ['zh_CN', 'zh-CN', 'break-all'],
    ['en_US', 'en', 'normal'],
    ['Ko_KR', 'ko', 'keep-all'],
    ['ja_JP', 'ja', 'break-all'],
  ];
  for (const [tag, lang, wordBreak] of cases) {
    if (tag !== 'zh_CN') await chooseLanguage(page, tag, lang);
    await sendComment(page, `toast ${lang} ${Date.now()}`);
    const toast = page.locator('.adm-toast-main');
    await expect(toast).toBeVisible();
    expect(await toast.evaluate((el) => getComputedStyle(el).wordBreak)).toBe(wordBreak);
    if (lang === 'en' || lang === 'ko') {
      // A long message in the toast's own box: every word sits on one line.
      const split = await toast.evaluate((el, words) => {
        const text = el.querySelector('.adm-toast-main-text') ?? el;
        text.textContent = words;
        const node = text.firstChild as Text;
        const broken: string[] = [];
        let at = 0;
        for (const word of words.split(' ')) {
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + word.length);
          const tops = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
          if (tops.size > 1) broken.push(word);
          at += word.length + 1;
        }
        return broken;
      }, lang === 'en' ? 'Your comment could not be sent because the connection dropped; check your network and try sending it again' : '네트워크 연결이 끊어져 댓글을 보내지 못했습니다 네트워크를 확인하고 다시 보내 주세요 감사합니다');
      expect(split, 'words broken across lines').toEqual([]);
    }
    await expect(toast).toHaveCount(0);
  }
});

test('my comments show what each answered and open it in place, highlighted', async ({ page }) => {
  await page.goto('/app/community/index');
  await loginThroughHost(page, 'demo');
  await expect(page.getByRole('button', { name: /Demo/ })).toBeVisible();
  const firstLine = (await page.locator('article.post-card .post-card-excerpt').first().innerText()).split('\n')[0]!.trim();
  await page.locator('article.post-card a.post-card-link').first().click();
  await expect(heading(page)).toHaveText('帖子详情');
  const stamp = Date.now();
  await sendComment(page, `我的评论 ${stamp}`);
  const mine = page.locator('.comment', { hasText: `我的评论 ${stamp}` }).first();
  await expect(mine).toBeVisible();
  await mine.getByRole('button', { name: '回复', exact: true }).first().click();
  await sendComment(page, `我的回复 ${stamp}`);
  await expect(page.getByText(`我的回复 ${stamp}`)).toBeVisible();

  await page.goto('/app/user/comments');
  const replyCard = page.locator('.my-comment', { hasText: `我的回复 ${stamp}` });
  await expect(replyCard.locator('.my-comment-post')).toContainText(firstLine.slice(0, 20));
  await expect(replyCard.locator('.my-comment-answered')).toHaveText(`回复 Demo：我的评论 ${stamp}`);
  const commentCard = page.locator('.my-comment', { hasText: `我的评论 ${stamp}` }).filter({ hasNotText: '我的回复' });
  await expect(commentCard.locator('.my-comment-answered')).toHaveCount(0);
  await expectAccessible(page);

  // The reply opens in its thread, the comment on its post: each highlighted and in view.
  await replyCard.locator('.my-comment-link').click();
  await expect(heading(page)).toHaveText('回复');
  const focusedReply = page.locator('.comment-focused');
  await expect(focusedReply).toContainText(`我的回复 ${stamp}`);
  await expect(focusedReply).toBeInViewport();
  await expectAccessible(page);

  await page.goBack();
  await commentCard.locator('.my-comment-link').click();
  await expect(heading(page)).toHaveText('帖子详情');
  const focused = page.locator('.comment-focused');
  await expect(focused).toHaveCount(1);
  await expect(focused.locator('.comment-text').first()).toHaveText(`我的评论 ${stamp}`);
  await expect(focused).toBeInViewport();
  await expectAccessible(page);
});

test('a post with a video and photos shows the poster with the photos beside it and +N', async ({ page }) => {
  await withoutFirstScreenData(page);
  await page.route('**/api/posts?*', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    const items = body.data.items as { media: { path: string; kind: string; thumb?: string }[] }[];
    const photo = items.flatMap((p) => p.media).find((m) => m.kind === 'image' && m.thumb);
    if (photo && items[0]) {
      const photos = Array.from({ length: 5 }, (_, i) => ({ ...photo, path: `${photo.path}-${i}` }));
      items[0].media = [{ path: 'clip.mp4', kind: 'video', thumb: photo.thumb }, ...photos];
    }
    await route.fulfill({ response, json: body });
  });
  await page.goto('/app/community/index');
  const thumbs = page.locator('article.post-card').first().locator('.media-thumbs');
  await expect(thumbs).toHaveClass(/media-thumbs-mixed/);
  // An mp4 a browser plays: the poster is the button that plays it in the card, and carries its name.
  await expect(thumbs.getByRole('button', { name: '视频' })).toBeVisible();
  await expect(thumbs.locator('.media-thumb')).toHaveCount(2);
  await expect(thumbs.locator('.media-thumb').last().locator('.media-more')).toHaveText('+3');
  const [poster, side] = await Promise.all([thumbs.locator('.media-video').boundingBox(), thumbs.locator('.media-thumb').first().boundingBox()]);
  // Side by side: the photos start right of the poster, at its top.
  expect(side!.x).toBeGreaterThan(poster!.x + poster!.width - 1);
  expect(Math.abs(side!.y - poster!.y)).toBeLessThan(2);
  await expectAccessible(page);
});

test('lists load as skeleton cards that do not shift the page when the posts arrive', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) w.__cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await withoutFirstScreenData(page);
  await page.route('**/api/posts?*', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/app/community/index');
  const skeletons = page.locator('.skeleton-post');
  await expect(skeletons.first()).toBeVisible();
  expect(await skeletons.count()).toBeGreaterThanOrEqual(3);
  await expect(page.getByRole('status', { name: '社区' })).toBeVisible();
  await expectAccessible(page);
  release();
  await expect(page.locator('article.post-card').first()).toBeVisible();
  await expect(skeletons).toHaveCount(0);
  // Pictures come in after the cards: their boxes are sized before, so nothing moves either.
  await page.waitForTimeout(1500);
  const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
  expect(cls).toBeLessThanOrEqual(0.02);
});

test('the skeleton shimmers only for people who did not ask for less motion; the mall has goods-shaped ones', async ({ page }) => {
  // Held: the list stays loading (and the HTML brings no goods of its own).
  await withoutFirstScreenData(page);
  await page.route(/\/api\/goods(\?|$)/, () => undefined);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/app/shoopping');
  const block = page.locator('.skeleton-goods .skeleton-picture').first();
  await expect(block).toBeVisible();
  expect(await block.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await expect.poll(() => block.evaluate((el) => getComputedStyle(el).animationName)).toBe('skeleton-shimmer');
  // The same size as a goods card's picture.
  expect(await block.evaluate((el) => [el.clientWidth, el.clientHeight])).toEqual([112, 112]);
});

test('the CJK font order follows the language of the text', async ({ page }) => {
  const firstCjk = (page: Page, selector: string) =>
    page.locator(selector).first().evaluate((el) => {
      const families = getComputedStyle(el).fontFamily.split(',').map((f) => f.trim().replace(/["']/g, ''));
      return families.find((f) => /PingFang|Hiragino|Apple SD|Noto Sans CJK|Source Han/.test(f));
    });
  await page.goto('/app/community/index');
  await expect(page.locator('article.post-card').first()).toBeVisible();
  expect(await firstCjk(page, 'body')).toBe('PingFang SC');
  await chooseLanguage(page, 'ja_JP', 'ja');
  expect(await firstCjk(page, 'body')).toBe('Hiragino Sans');
  await expect(page.locator('.post-card-excerpt[lang="ja"]').first()).toBeVisible();
  expect(await firstCjk(page, '.post-card-excerpt[lang="ja"]')).toBe('Hiragino Sans');
  await chooseLanguage(page, 'Ko_KR', 'ko');
  expect(await firstCjk(page, 'body')).toBe('Apple SD Gothic Neo');
  // A Chinese text inside the Korean interface keeps the Chinese order.
  const inner = await page.evaluate(() => {
    const span = document.createElement('span');
    span.lang = 'zh-CN';
    document.body.append(span);
    const family = getComputedStyle(span).fontFamily;
    span.remove();
    return family;
  });
  expect(inner.indexOf('PingFang SC')).toBeGreaterThan(-1);
  expect(inner.indexOf('PingFang SC')).toBeLessThan(inner.indexOf('Hiragino Sans'));
  expect(inner).not.toContain('Apple SD Gothic Neo');
});

test('the dark theme follows the system on every page, with the status bar, the console and the host panel', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/app/community/index');
  await expect(page.locator('html')).toHaveAttribute('data-prefers-color-scheme', 'dark');
  await expect(page.locator('meta[name="theme-color"]:not([media])')).toHaveAttribute('content', '#1a1d23');
  expect(await page.locator('body').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(15, 17, 21)');

  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-prefers-color-scheme', 'light');
  await expect(page.locator('meta[name="theme-color"]:not([media])')).toHaveAttribute('content', '#ffffff');

  await page.emulateMedia({ colorScheme: 'dark' });
  await loginThroughHost(page, 'moderator');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await openHostPanel(page);
  await expectAccessible(page);
  await closeHostPanel(page);
  for (const path of ['/app/console', '/app/console/review', '/app/console/people', '/app/console/log']) {
    await page.goto(path);
    await expect(page.locator('.skeleton')).toHaveCount(0);
    await expectAccessible(page);
  }
});

test('a moderator’s account menu, taller than a short screen, scrolls: its first and last items are both reachable', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 560 });
  await page.goto('/app/community/index');
  await loginThroughHost(page, 'moderator');
  await page.locator('.account-button:visible').click();
  const sheet = page.locator('.adm-popup-body-position-bottom');
  const items = sheet.locator('.sheet-item');
  await expect(items.first()).toBeVisible();
  // The first item inside the screen, not above its top.
  expect((await items.first().boundingBox())!.y).toBeGreaterThanOrEqual(0);
  expect(await sheet.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await items.last().scrollIntoViewIfNeeded();
  const last = (await items.last().boundingBox())!;
  expect(last.y + last.height).toBeLessThanOrEqual(560);
  await expectAccessible(page);
});
