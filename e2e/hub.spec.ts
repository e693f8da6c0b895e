import type { Page } from '@playwright/test';
import { closeHostPanel, expect, expectAccessible, loginThroughHost, openHostPanel, test } from './fixtures.ts';

// The app speaks Chinese here (the simulated host's language is zh_CN).
const heading = (page: Page) => page.locator('h1:visible');
const hostPanel = (page: Page) => page.getByRole('dialog', { name: '模拟宿主' });

test('the hub: filter by controller and game, sort by most applied, open one, apply it through the host, like it', async ({ page }) => {
  await page.goto('/app/community/index');
  await loginThroughHost(page, 'demo');
  await expect(page.getByRole('button', { name: /Demo/ })).toBeVisible();
  // The phone has a Padhub Lite connected: the host says so (getConnectedController).
  await page.locator('.sim-open').click();
  await hostPanel(page).getByRole('combobox', { name: '已连接的手柄' }).selectOption({ label: 'Padhub Lite' });
  await page.locator('.sim-close').click();

  // A tab beside Latest and Popular; it opens on the connected controller's configurations.
  await page.getByRole('group', { name: '排序' }).getByRole('link', { name: '配置' }).click();
  await expect(heading(page)).toHaveText('配置广场');
  await expect(page).toHaveURL(/\/configs\?model=lite$/);
  await expect(page.getByRole('combobox', { name: '手柄' })).toHaveValue('lite');
  const list = page.getByRole('list', { name: '配置广场' });
  await expect(list.getByRole('link').first()).toBeVisible();
  for (const card of await list.getByRole('link').all()) await expect(card).toContainText('Padhub Lite');
  await expectAccessible(page);

  await page.getByRole('combobox', { name: '手柄' }).selectOption({ label: 'Padhub Arcade Stick' });
  await expect(page).toHaveURL(/model=arcade/);
  // Spelled another way, the game is still one game.
  await page.getByRole('combobox', { name: '游戏' }).fill('street fighter 6 ');
  await page.getByRole('button', { name: '显示' }).click();
  await page.getByRole('combobox', { name: '排序' }).selectOption({ label: '累计应用最多' });
  await expect(page).toHaveURL(/sort=applied&model=arcade&game=street/);
  await expect(list.getByRole('link')).toHaveCount(2);
  for (const card of await list.getByRole('link').all()) {
    await expect(card).toContainText('Padhub Arcade Stick');
    // Cards name the game in the reader's language (Chinese here).
    await expect(card).toContainText('街头霸王6');
  }

  // Back keeps the filters of the step before.
  await page.goBack();
  await expect(page).toHaveURL(/model=arcade&game=street/);
  await expect(page).not.toHaveURL(/sort=applied/);
  await page.goForward();
  await expect(page.getByRole('combobox', { name: '排序' })).toHaveValue('applied');

  const name = (await list.getByRole('link').first().locator('.config-card-name').textContent()) ?? '';
  await list.getByRole('link').first().click();
  await expect(heading(page)).toHaveText('配置详情');
  await expect(page.getByRole('heading', { name })).toBeVisible();

  await page.getByRole('button', { name: '应用到我的手柄' }).click();
  await page.getByRole('dialog', { name: /应用「/ }).getByRole('button', { name: '应用', exact: true }).click();
  const counted = page.waitForResponse((r) => r.url().includes('/applies') && r.request().method() === 'POST');
  await hostPanel(page).getByRole('button', { name: '已应用' }).click();
  expect((await counted).status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: '已应用到你的手柄' })).toBeVisible();

  const like = page.getByRole('button', { name: /这个好用/ });
  // The seeded people like some configurations already; start from not liked.
  if ((await like.getAttribute('aria-pressed')) === 'true') {
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'false');
  }
  const liked = page.waitForResponse((r) => r.url().endsWith('/like') && r.request().method() === 'PUT');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  expect((await liked).status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('button', { name: /这个好用/ })).toHaveAttribute('aria-pressed', 'true');
});

test('a feed card says it carries configurations, and its badge opens them', async ({ page }) => {
  await page.goto('/app/community/index');
  await page.getByRole('button', { name: '带配置' }).click();
  const badge = page.locator('.post-card-configs').first();
  await expect(badge).toContainText(/个配置/);
  const count = Number((await badge.textContent())?.match(/(\d+) 个配置/)?.[1]);
  await badge.click();
  if (count === 1) await expect(heading(page)).toHaveText('配置详情');
  else await expect(page.getByRole('region', { name: `配置（${count}）` })).toBeVisible();
});

test('a Chinese interface finds an English post through "All languages"', async ({ page }) => {
  await page.goto('/app/community/search');
  await page.getByRole('searchbox', { name: '搜索' }).fill('Shoryuken');
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  const notice = page.getByText(/没有你的语言的结果。其他语言有 \d+ 条结果。/);
  await expect(notice).toBeVisible();
  await page.getByRole('button', { name: '查看' }).click();
  const found = page.getByRole('list', { name: '搜索' }).getByRole('article').first();
  await expect(found).toContainText('Shoryuken');
  // Its language is marked, since it is not the interface's.
  await expect(found.getByText('英文')).toBeVisible();
  await expect(page.getByRole('switch', { name: '全部语言' })).toBeChecked();
  await expectAccessible(page);
});

test('at 360 px in Japanese and Korean, hub cards keep every tag whole and cut only a long game name, its full name kept', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/app/configs?model=all');
  await expect(heading(page)).toHaveText('配置广场');
  for (const [tag, lang] of [
    ['ja_JP', 'ja'],
    ['Ko_KR', 'ko'],
  ] as const) {
    await openHostPanel(page);
    await page.getByRole('dialog').getByRole('combobox').first().selectOption(tag);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await closeHostPanel(page);
    const cards = page.locator('.hub-card');
    await expect(cards.first()).toBeVisible();
    const broken = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('.config-card-meta > span')).flatMap((span) => {
        const lines = Math.round(span.getBoundingClientRect().height / parseFloat(getComputedStyle(span).lineHeight || '16'));
        const cut = span.scrollWidth > span.clientWidth + 1;
        if (span.classList.contains('hub-card-game')) return cut && span.title !== span.textContent ? [`${span.textContent} cut without its title`] : [];
        return lines > 1 || cut ? [`${span.textContent} (${lines} lines)`] : [];
      }),
    );
    expect(broken, 'tags broken or cut').toEqual([]);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => Array.from(document.querySelectorAll('.hub-card'), (card) => card.getBoundingClientRect().right).filter((right) => right > innerWidth))).toEqual([]);
    // The filters' chosen values fit their boxes.
    const clipped = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLSelectElement>('.hub-selects select')).flatMap((select) => {
        const text = select.selectedOptions[0]?.textContent ?? '';
        const context = document.createElement('canvas').getContext('2d')!;
        const style = getComputedStyle(select);
        context.font = `${style.fontSize} ${style.fontFamily}`;
        // The box less its padding and the arrow the browser draws (about 20 px).
        const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
        return context.measureText(text).width > room ? [text] : [];
      }),
    );
    expect(clipped, 'filter values cut').toEqual([]);
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath(`hub-${lang}-360.png`), fullPage: false });
  }
});

test('at 360 px the game field suggests games by any name, alias, width or case, and the hub finds their configurations', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/app/configs?model=all');
  await expect(heading(page)).toHaveText('配置广场');
  const field = page.getByRole('combobox', { name: '游戏' });
  const suggestions = page.getByRole('listbox', { name: '游戏' });
  const cards = page.getByRole('list', { name: '配置广场' }).getByRole('link');

  // English, lower case: the game shows in the reader's language, with the spelling that matched.
  await field.fill('elden');
  const elden = suggestions.getByRole('option').first();
  await expect(elden).toHaveText('艾尔登法环Elden Ring');
  expect((await elden.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await elden.click();
  await expect(page).toHaveURL(/game=%E8%89%BE%E5%B0%94%E7%99%BB%E6%B3%95%E7%8E%AF/);
  await expect(field).toHaveValue('艾尔登法环');
  await expect(cards.first()).toContainText('艾尔登法环');
  for (const card of await cards.all()) await expect(card).toContainText('艾尔登法环');

  // An alias, chosen with the keyboard.
  await field.fill('SF6');
  await expect(suggestions.getByRole('option').first()).toHaveText('街头霸王6SF6');
  await field.press('ArrowDown');
  await expect(field).toHaveAttribute('aria-activedescendant', (await suggestions.getByRole('option').first().getAttribute('id'))!);
  await field.press('Enter');
  await expect(field).toHaveValue('街头霸王6');
  await expect(cards.first()).toContainText('街头霸王6');
  for (const card of await cards.all()) await expect(card).toContainText('街头霸王6');

  await field.fill('原神');
  await suggestions.getByRole('option', { name: '原神' }).click();
  await expect(cards.first()).toContainText('原神');

  // The search box finds configurations by the game's name in another language.
  await page.getByRole('button', { name: '清除筛选' }).click();
  await page.getByRole('searchbox', { name: /搜索/ }).fill('エルデン');
  await page.getByRole('button', { name: '显示' }).click();
  await expect(page).toHaveURL(/q=/);
  await expect(cards.first()).toContainText('艾尔登法环');
  for (const card of await cards.all()) await expect(card).toContainText('艾尔登法环');

  // Japanese and Korean, the list open: what the screenshots show.
  for (const [tag, lang, typed, shown] of [
    ['ja_JP', 'ja', 'sf', 'ストリートファイター6'],
    ['Ko_KR', 'ko', '파이터', '스트리트 파이터 6'],
  ] as const) {
    await openHostPanel(page);
    await page.getByRole('dialog').getByRole('combobox').first().selectOption(tag);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await closeHostPanel(page);
    // The words still apply: the configurations of the game named in Japanese.
    await expect(page.locator('.hub-card').first()).toContainText(/艾尔登法环|エルデンリング|엘든 링|Elden Ring/);
    await page.locator('.game-combobox input').fill(typed);
    await expect(page.locator('.game-combobox-list').getByRole('option').first()).toContainText(shown);
    // The list stays on the screen.
    expect(await page.evaluate(() => document.querySelector('.game-combobox-list')!.getBoundingClientRect().right)).toBeLessThanOrEqual(360);
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath(`hub-games-${lang}-360.png`), fullPage: false });
    // Emptied, the field names no game: leaving it keeps the words' configurations.
    await page.locator('.game-combobox input').fill('');
  }
});

test('an admin gives a game an alias in the games console, and the hub suggests the game by it', async ({ page }) => {
  await page.goto('/app/community/index');
  await loginThroughHost(page, 'admin');
  await page.goto('/app/console/games');
  await page.getByRole('searchbox', { name: '查找游戏' }).fill('空洞');
  const card = page.getByRole('article', { name: 'Hollow Knight' });
  await expect(card.getByRole('textbox', { name: '韩文名称' })).toHaveValue('할로우 나이트');
  await card.getByRole('textbox', { name: '新别名' }).fill('Hallownest');
  await card.getByRole('button', { name: '添加' }).click();
  await expect(card.getByRole('button', { name: '删除别名“Hallownest”' })).toBeVisible();
  const saved = page.waitForResponse((r) => r.url().includes('/api/admin/games/') && r.request().method() === 'PUT');
  await card.getByRole('button', { name: '保存名称' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('已保存')).toBeVisible();
  await expectAccessible(page);

  await page.goto('/app/configs?model=all');
  await page.getByRole('combobox', { name: '游戏' }).fill('ｈａｌｌｏｗ');
  await expect(page.getByRole('listbox', { name: '游戏' }).getByRole('option').first()).toHaveText('空洞骑士Hallownest');
});
