import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type APIRequestContext, type Page, expect, test as base } from '@playwright/test';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export const DEMO_PASSWORD = 'padhub-demo';

export interface Member {
  id: string;
  username: string;
  token: string;
  password: string;
}

let registered = 0;
/**
 * A new member of padhub, through the API: a journey acts as people nobody else uses, so that one
 * journey's comments never count against another's limits (the e2e server caps a person's comments).
 */
export async function register(request: APIRequestContext, prefix: string): Promise<Member> {
  const username = `${prefix}${Date.now().toString(36)}${++registered}`;
  const password = 'correct horse battery';
  const res = await request.post('/api/auth/register', { headers: { accorgid: 'padhub', 'accept-language': 'cn' }, data: { username, password } });
  expect(res.status(), await res.text()).toBe(200);
  const { data } = await res.json();
  return { id: String(data.user.id), username, token: String(data.token), password };
}

/** i18next shows a key it cannot find as the key itself, e.g. "shop.admin.nav". */
const RAW_KEY = /\b(?:common|pages|nav|account|community|configs|safety|moderation|posting|shop|upload|post|preview|simHost|hostCheck|notifications|security|errors)\.[a-z][\w]*(?:\.[\w]+)*\b/;

/**
 * Runs axe-core in the page, in the light and in the dark theme (the system's, as Chromium
 * reports it), and fails on serious or critical violations; also fails when any text on the page
 * is an untranslated key. The page is left in the light theme, as the tests start.
 */
export async function expectAccessible(page: Page) {
  const text = await page.locator('body').innerText();
  expect(text.match(RAW_KEY)?.[0], 'untranslated key on the page').toBeUndefined();
  // Evaluated through the browser's debugging protocol: the page's Content-Security-Policy rightly
  // forbids inline scripts, and the app must keep working under it, so no bypass is switched on.
  await page.evaluate(axeSource);
  for (const colorScheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme });
    // The app marks the theme it resolved on <html> (platform/theme.ts); a host may have forced one.
    await expect
      .poll(() => page.evaluate((scheme) => document.documentElement.dataset.theme !== undefined || document.documentElement.dataset.prefersColorScheme === scheme, colorScheme))
      .toBe(true);
    const serious = await axeViolations(page);
    expect(serious, `axe serious/critical violations in the ${colorScheme} theme`).toEqual([]);
  }
}

async function axeViolations(page: Page) {
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Logs in through the simulated host's panel, as a person trying Padhub in a browser would. */
/**
 * Logs in through the simulated host's panel and waits for what a person waits for: the panel
 * closing itself once the host has logged in, or saying in it why the login was refused. There is
 * nothing left to close after a login: closing it as well would race the panel's own closing.
 */
export async function loginThroughHost(page: Page, username: string, password = DEMO_PASSWORD) {
  await openHostPanel(page);
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[name=username]').fill(username);
  await dialog.locator('input[name=password]').fill(password);
  await dialog.locator('form button[type=submit]').first().click();
  await expect(dialog.getByRole('alert').or(page.locator('.sim-open[aria-expanded="false"]'))).toBeVisible();
}

/** A new post by a new author, and a new reader logged in through the host, on the community page. */
export async function readerOfNewPost(page: Page, names: [string, string], content: string) {
  const [author, reader] = [await register(page.request, names[0]), await register(page.request, names[1])];
  const created = await page.request.post('/api/posts', { headers: { accorgid: 'padhub', token: author.token, 'idempotency-key': randomUUID() }, data: { content } });
  const postId = (await created.json()).data.id as string;
  await page.goto('/app/community/index');
  await loginThroughHost(page, reader.username, reader.password);
  await expect(page.getByRole('button', { name: new RegExp(reader.username) })).toBeVisible();
  return { postId, reader };
}

export async function openHostPanel(page: Page) {
  await page.locator('.sim-open').click();
  await expect(page.getByRole('dialog')).toBeVisible();
}

/** Closes the panel a person opened (openHostPanel) and waits until it is gone. */
export async function closeHostPanel(page: Page) {
  await page.locator('.sim-close').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** Sets the simulated host's stored state before the page starts, as a native host would have it. */
export async function presetHost(page: Page, state: Record<string, unknown>) {
  // The start that saved this state also left cookies for the server (firstScreen in contracts):
  // its organisation, content language and frame, so the first screen comes as the page will draw it.
  const langOf = (tag: unknown) => ({ en_US: 'en', ja_JP: 'jp', Ko_KR: 'ko' } as Record<string, string>)[String(tag)] ?? 'cn';
  const lang = langOf(state.languageTag);
  const content = state.communityLanguageTag ? langOf(state.communityLanguageTag) : lang;
  const height = typeof state.statusBarHeight === 'number' ? state.statusBarHeight : 30;
  const url = test.info().project.use.baseURL;
  if (url) {
    await page.context().addCookies([
      { name: 'padhub-frame', value: `${lang}.${height}-mine-${typeof state.theme === 'string' ? state.theme : 'system'}`, url },
      { name: 'padhub-lang', value: content, url },
      { name: 'padhub-org', value: typeof state.orgId === 'string' ? state.orgId : 'padhub', url },
    ]);
  }
  await page.addInitScript((s) => {
    if (!sessionStorage.getItem('padhub.e2e.preset')) {
      localStorage.setItem('padhub.simulatedHost', JSON.stringify(s));
      sessionStorage.setItem('padhub.e2e.preset', '1');
    }
  }, state);
}

/**
 * The landing pages' HTML without the first screen's data the server puts in it: the page then
 * asks the API for its feed or post, as when the server's data is not the one the page wants.
 */
export async function withoutFirstScreenData(page: Page) {
  await page.route(/\/app\/(community\/(index|detail)|shoopping)/, async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    // The server's markup of the first screen goes with it: it is drawn from that data.
    const body = (await response.text())
      .replace(/<script type="application\/json" id="padhub-data">.*?<\/script>/s, '')
      .replace(/<div id="root"[^>]*>.*<\/div>(?=\s*<\/body>)/s, '<div id="root"></div>');
    await route.fulfill({ response, body });
  });
}

/**
 * A landing page arrives drawn by the server and comes alive once its code has run and taken the
 * drawing over (docs/first-screen.md, "Server-rendered first screen"): a tap on a button before
 * that is held and answered then ("Hydration in parts"). Journeys wait for it, as they waited for
 * a blank page to fill: the page's frame sets the document's title when it runs.
 */
const untilTakenOver = (page: Page) => page.waitForFunction(() => !document.getElementById('root')?.dataset.frame || document.title !== 'Padhub');

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      page.goto = async (...args) => {
        const response = await goto(...args);
        await untilTakenOver(page);
        return response;
      };
      const reload = page.reload.bind(page);
      page.reload = async (...args) => {
        const response = await reload(...args);
        await untilTakenOver(page);
        return response;
      };
    }
    await use(page);
  },
});
export { expect };
