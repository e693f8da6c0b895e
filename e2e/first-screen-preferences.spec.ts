import type { Page } from '@playwright/test';
import { expect, presetHost, test } from './fixtures.ts';

/**
 * A reload draws exactly the feed the page shows, whatever the device chose (docs/first-screen.md,
 * "Server-rendered first screen"): every card of the server's markup, and every card once the page
 * has taken it over, has the text and the pictures the API answers for that feed, and React never
 * finds a part of the markup that differs from its own first render.
 */

interface Card {
  text: string;
  /** The pictures' names ("Image 1 of 3"), in order. */
  alts: string[];
  /** Their addresses, where they have one (the drawn page gives one to the lead picture only). */
  sources: (string | null)[];
}

interface ApiPost {
  content: string;
  media: { kind: 'image' | 'video'; thumb: string | null }[];
}

/** The cards under `root`: run in the page. */
const cardsIn = (root: Node): Card[] =>
  Array.from((root as ParentNode).querySelectorAll('article.post-card')).map((card) => ({
    text: card.querySelector('.post-card-excerpt')?.textContent ?? '',
    alts: Array.from(card.querySelectorAll('.media-thumb img')).map((img) => img.getAttribute('alt') ?? ''),
    sources: Array.from(card.querySelectorAll('.media-thumb img')).map((img) => img.getAttribute('src')),
  }));

type Watched = Window & { drawnRoot?: Node; drawnFirst?: Element | null };

/** The server's markup as it came, before any of the page's scripts ran, and React's complaints from then on. */
async function watchReloads(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const w = window as Watched;
      w.drawnRoot = document.getElementById('root')?.cloneNode(true);
      w.drawnFirst = document.querySelector('article.post-card');
    });
  });
  const complaints: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /markup differed|hydrat/i.test(message.text())) complaints.push(message.text());
  });
  return complaints;
}

/** What the API answers for the feed the page shows first: the newest, in the content language, or in every language. */
async function answeredFeed(page: Page, { lang, all }: { lang: string; all: boolean }): Promise<ApiPost[]> {
  const res = await page.request.get(`/api/posts?sort=new${all ? '&lang=all' : ''}`, { headers: { accorgid: 'padhub', 'accept-language': lang } });
  return (await res.json()).data.items as ApiPost[];
}

/**
 * A card as the API's post says it must look: the start of its text, and for each picture shown its
 * place among the post's pictures ("Image 1 of 3", in any language) and its own file. The drawn
 * page names the lead picture's file only; the page every one, once its first screen is done.
 */
function expectCardOf(card: Card, post: ApiPost | undefined, { drawn }: { drawn: boolean }) {
  expect(post, 'a post of the answer for each card').toBeDefined();
  expect(card.text).toContain(post!.content.split('\n')[0]!.trim().slice(0, 16));
  const images = post!.media.filter((m) => m.kind === 'image');
  expect(card.alts.length).toBeLessThanOrEqual(images.length);
  card.alts.forEach((alt, index) => {
    expect((alt.match(/\d+/g) ?? []).map(Number).sort()).toEqual([index + 1, images.length].sort());
    const source = card.sources[index];
    if (source === null && drawn) return;
    expect(source).toMatch(new RegExp(`/${images[index]!.thumb!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  });
}

async function expectDrawnAndShownAsAnswered(page: Page, complaints: string[], feed: { lang: string; all: boolean }) {
  const answer = await answeredFeed(page, feed);
  const drawn = await page.evaluate(cardsIn, await page.evaluateHandle(() => (window as Watched).drawnRoot ?? document.createElement('div')));
  expect(drawn.length, 'the server drew the feed').toBeGreaterThan(0);
  drawn.forEach((card, index) => expectCardOf(card, answer[index], { drawn: true }));
  // Taken over in place: the card the server sent is the one on screen.
  expect(await page.evaluate(() => (window as Watched).drawnFirst?.isConnected)).toBe(true);
  // Once the first screen is done, every picture shown has its own file.
  await expect(async () => {
    const shown = await page.evaluate(cardsIn, await page.evaluateHandle(() => document));
    expect(shown.length).toBeGreaterThanOrEqual(drawn.length);
    shown.slice(0, answer.length).forEach((card, index) => expectCardOf(card, answer[index], { drawn: false }));
  }).toPass();
  expect(complaints).toEqual([]);
}

test.describe('a reload draws the very feed the page shows', () => {
  test('with nothing chosen, with "All languages" on, after a tab or a model was chosen', async ({ page }) => {
    const complaints = await watchReloads(page);
    await page.goto('/app/community/index');
    await expectDrawnAndShownAsAnswered(page, complaints, { lang: 'cn', all: false });

    // "All languages", remembered on the device: the server draws every language's feed.
    await page.getByRole('switch', { name: '全部语言' }).check();
    await expect(page.locator('.post-card-excerpt[lang="en"]').first()).toBeVisible();
    await page.reload();
    await expect(page.locator('#root')).toHaveAttribute('data-frame', 'cn.30-all-out');
    await expectDrawnAndShownAsAnswered(page, complaints, { lang: 'cn', all: true });
    await expect(page.getByRole('switch', { name: '全部语言' })).toBeChecked();

    // The tab and the model are not remembered: a reload opens on the newest of every model again.
    await page.getByRole('button', { name: '热门' }).click();
    await expect(page.getByRole('button', { name: '热门' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('group', { name: '手柄型号' }).getByRole('button').nth(1).click();
    await page.reload();
    await expect(page.getByRole('button', { name: '最新' })).toHaveAttribute('aria-pressed', 'true');
    await expectDrawnAndShownAsAnswered(page, complaints, { lang: 'cn', all: true });

    await page.getByRole('switch', { name: '全部语言' }).uncheck();
    await page.reload();
    await expect(page.locator('#root')).toHaveAttribute('data-frame', 'cn.30-mine-out');
    await expectDrawnAndShownAsAnswered(page, complaints, { lang: 'cn', all: false });
  });

  test('in the host’s language, content language and theme', async ({ page }) => {
    await presetHost(page, { languageTag: 'en_US', communityLanguageTag: 'Ko_KR', theme: 'dark' });
    const complaints = await watchReloads(page);
    await page.goto('/app/community/index');
    await expect(page.locator('h1')).toHaveText('Community');
    // The start wrote the device's choices for the server: the next one is drawn dark from its first paint.
    await page.reload();
    await expect(page.locator('#root')).toHaveAttribute('data-frame', 'en.30-mine-out');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await expectDrawnAndShownAsAnswered(page, complaints, { lang: 'ko', all: false });
  });
});
