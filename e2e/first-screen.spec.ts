import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, presetHost, test } from './fixtures.ts';

/** The first screen of a cold start: its data comes with the HTML, in the right language, without moving. */

interface Watched {
  cls: number;
  titles: string[];
  served: Element | null;
  /** Every element of the selector as parsed. */
  servedAll: Element[];
}

/**
 * From before the HTML arrives: the layout shifts, every text the title shows, and the server's
 * element `selector` as parsed, before any of the page's scripts has run.
 */
async function watchTakeover(page: Page, selector: string) {
  await page.addInitScript((served) => {
    const w = window as unknown as Watched;
    w.cls = 0;
    w.titles = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) w.cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
    new MutationObserver(() => {
      const text = document.querySelector('h1')?.textContent;
      if (text && w.titles.at(-1) !== text) w.titles.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
    // "interactive" comes when the HTML is parsed, before the page's (deferred) module scripts run.
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      w.served = document.querySelector(served);
      w.servedAll = Array.from(document.querySelectorAll(served));
    });
  }, selector);
}

/** Hydrated, not drawn again: the server's element is still the one on screen, and nothing moved. */
async function expectTakenOverInPlace(page: Page, title: string) {
  // React marks the element it runs in (`__reactContainer$…`) once hydrateRoot or createRoot took it.
  await expect.poll(() => page.evaluate(() => Object.keys(document.getElementById('root')!).some((key) => key.startsWith('__reactContainer$')))).toBe(true);
  const seen = await page.evaluate(() => {
    const w = window as unknown as Watched;
    return { cls: w.cls, titles: w.titles, served: w.served?.isConnected ?? false };
  });
  expect(seen).toMatchObject({ titles: [title], served: true });
  expect(seen.cls).toBeLessThanOrEqual(0.02);
}

test('a cold deep link to a post shows its text from the first HTML, before any API answer', async ({ page }) => {
  const feed = await (await page.request.get('/api/posts?limit=1', { headers: { accorgid: 'padhub', 'accept-language': 'cn' } })).json();
  const post = feed.data.items[0] as { id: string; content: string };
  const html = await (await page.request.get(`/app/community/detail?id=${post.id}`)).text();
  const island = /<script type="application\/json" id="padhub-data">(.*?)<\/script>/s.exec(html)?.[1];
  expect(JSON.parse(island ?? 'null')).toMatchObject({ post: { id: post.id, content: post.content } });

  const firstLine = post.content.split('\n')[0]!.trim();

  // The post's own request never answers: what the page shows came with the HTML.
  await page.route(`**/api/posts/${post.id}`, () => undefined);
  await page.goto(`/app/community/detail?id=${post.id}`);
  await expect(page.getByText(firstLine, { exact: false }).first()).toBeVisible();
  await expectAccessible(page);
});

test.describe('the community page’s first screen is in the HTML', () => {
  const firstPost = async (request: APIRequestContext, lang: string) => {
    const feed = await (await request.get('/api/posts?sort=new', { headers: { accorgid: 'padhub', 'accept-language': lang } })).json();
    return feed.data.items[0] as { id: string; content: string };
  };

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('the feed is there to read', async ({ page }) => {
      const post = await firstPost(page.request, 'cn');
      await page.goto('/app/community/index');
      await expect(page.locator('h1')).toHaveText('社区');
      await expect(page.locator('article.post-card').first()).toContainText(post.content.split('\n')[0]!.trim().slice(0, 20));
    });
  });

  test('the page takes it over in place: nothing moves, no other language, and it answers taps', async ({ page }) => {
    await presetHost(page, { languageTag: 'en_US' });
    await watchTakeover(page, 'article.post-card');
    await page.goto('/app/community/index');
    // Hydrated, not drawn again: the card the server sent is the one on screen, and the buttons work.
    const popular = page.getByRole('button', { name: 'Popular' });
    await expect(popular).toHaveAttribute('aria-pressed', 'false');
    await expect(page.locator('#root')).toHaveAttribute('data-frame', 'en.30-mine-out');
    await expectTakenOverInPlace(page, 'Community');
    // Every card the server drew is still the one on screen, those below the fold too, once the
    // work after the first screen has come (the simulated host's panel, with a string group of its
    // own): an update reaching a part not yet hydrated would have drawn it afresh.
    await expect(page.locator('#padhub-simulated-host')).toBeAttached();
    // …and alive: React has taken each over (it marks every element it hydrated).
    const alive = () => page.evaluate(() => (window as unknown as Watched).servedAll.map((card) => card.isConnected && Object.keys(card).some((key) => key.startsWith('__reactFiber$'))));
    expect((await alive()).length).toBeGreaterThan(3);
    await expect.poll(async () => (await alive()).every(Boolean)).toBe(true);
    await expect(async () => {
      await popular.click();
      await expect(popular).toHaveAttribute('aria-pressed', 'true', { timeout: 500 });
    }).toPass();
    await expectAccessible(page);
  });
});

test('a tap before the page’s code has run is held and answered once its button is alive; a drawn link works on its own', async ({ context }) => {
  // A page of the context, not the fixture's: its navigation must not wait for the page to come alive.
  const page = await context.newPage();
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  // The page's code waits until the test lets it go; the markup and the script that holds taps do not.
  await page.route('**/app/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/app/community/index');
  await page.waitForFunction(() => 'padhubTaps' in window);
  const popular = page.getByRole('button', { name: '热门' });
  await popular.click();
  await expect(popular).toHaveAttribute('aria-pressed', 'false');
  release();
  // Given again once React has taken the button over: the feed turns to the popular posts.
  await expect(popular).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: '最新' })).toHaveAttribute('aria-pressed', 'false');

  const other = await context.newPage();
  await other.route('**/app/assets/*.js', () => undefined);
  await other.goto('/app/community/index');
  await other.getByRole('link', { name: '搜索' }).click();
  await expect(other).toHaveURL(/\/app\/community\/search$/);
});

test('a cold start on the Mall shows its categories and goods from the first HTML, before any API answer', async ({ page }) => {
  const goods = await (await page.request.get('/api/goods', { headers: { accorgid: 'padhub', 'accept-language': 'cn' } })).json();
  const first = goods.data.items[0] as { name: string };
  // The shop's own requests never answer: what the page shows came with the HTML.
  await page.route('**/api/goods**', () => undefined);
  await watchTakeover(page, 'article.goods-card');
  await page.goto('/app/shoopping');
  await expect(page.locator('h1')).toHaveText('商城');
  await expect(page.getByText(first.name).first()).toBeVisible();
  await expectTakenOverInPlace(page, '商城');
});

test.describe('the first paint is in the host’s language, with no other language before it', () => {
  // A browser in none of the four: only the host can have chosen the language.
  test.use({ locale: 'fr-FR' });
  const languages = [
    { tag: 'zh_CN', title: '社区', lang: 'zh-CN' },
    { tag: 'en_US', title: 'Community', lang: 'en' },
    { tag: 'ja_JP', title: 'コミュニティ', lang: 'ja' },
    { tag: 'Ko_KR', title: '커뮤니티', lang: 'ko' },
  ];
  for (const { tag, title, lang } of languages) {
    test(tag, async ({ page }) => {
      await presetHost(page, { languageTag: tag });
      // Every text the page's title ever showed, from its very first render.
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { titles: string[] }).titles = seen;
        new MutationObserver(() => {
          const text = document.querySelector('h1')?.textContent;
          if (text && seen.at(-1) !== text) seen.push(text);
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
      await page.goto('/app/community/index');
      await expect(page.locator('h1')).toHaveText(title);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      expect(await page.evaluate(() => (window as unknown as { titles: string[] }).titles)).toEqual([title]);
    });
  }
});

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a reload with no network opens on the last feed, and says it is offline', async ({ page, context }) => {
    await page.goto('/app/community/index');
    const first = page.locator('article.post-card').first();
    await expect(first).toBeVisible();
    const text = (await first.locator('.post-card-excerpt').innerText()).trim();
    // The worker has taken the shell and this start's scripts; the page has kept its feed.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          // The scripts the HTML names, the entry and the landing page's, and the stylesheets it carried inline.
          const scripts = Array.from(document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[type=module], link[rel=modulepreload], link[rel=stylesheet]'));
          const cached = await Promise.all(scripts.map((e) => caches.match('src' in e ? e.src : e.href)));
          const kept = await new Promise<boolean>((resolve) => {
            const open = indexedDB.open('padhub-queries');
            open.onsuccess = () => {
              const read = open.result.transaction('queries').objectStore('queries').get('first-screen');
              read.onsuccess = () => resolve(read.result !== undefined);
              read.onerror = () => resolve(false);
            };
            open.onerror = () => resolve(false);
          });
          const worker = Boolean((await navigator.serviceWorker.getRegistration('/app/'))?.active);
          return { worker, shell: (await caches.match('/app/')) !== undefined, scripts: cached.every(Boolean), kept };
        }),
      )
      .toEqual({ worker: true, shell: true, scripts: true, kept: true });

    await context.setOffline(true);
    await page.reload();
    await expect(page.locator('.offline-notice')).toHaveText('当前离线：显示的是上次保存的内容。发送和刷新需要网络。');
    await expect(page.locator('.post-card-excerpt').first()).toHaveText(text);
    // Styled offline too: the stylesheets the drawn page had inline were kept by their names.
    await expect(page.locator('article.post-card').first()).toHaveCSS('padding-left', '16px');
    await expectAccessible(page);
    await context.setOffline(false);
    await expect(page.locator('.offline-notice')).toHaveCount(0);
  });
});
