import type { Page } from '@playwright/test';
import { expect, expectAccessible, loginThroughHost, test } from './fixtures.ts';

// The app speaks Chinese here (the simulated host's language is zh_CN).
const heading = (page: Page) => page.locator('h1:visible');
const hostPanel = (page: Page) => page.getByRole('dialog', { name: '模拟宿主' });

/** A post (in any content language) that carries the configuration of that name, found through the API. */
async function postCarrying(page: Page, name: string): Promise<string> {
  for (const lang of ['cn', 'en', 'jp', 'ko']) {
    const feed = await (await page.request.get('/api/posts?hasConfigs=true&limit=50', { headers: { accorgid: 'padhub', 'accept-language': lang } })).json();
    for (const post of feed.data.items) {
      const cards = await (await page.request.get(`/api/posts/${post.id}/configs`, { headers: { accorgid: 'padhub' } })).json();
      if (cards.data.items.some((c: { name: string }) => c.name === name)) return post.id;
    }
  }
  throw new Error(`no post carries ${name}`);
}

/** Logs in as demo on the community page and waits until the page knows it. */
async function loginAsDemo(page: Page) {
  await page.goto('/app/community/index');
  await loginThroughHost(page, 'demo');
  await expect(page.getByRole('button', { name: /Demo/ })).toBeVisible();
}

async function openMine(page: Page, name: RegExp) {
  await page.goto('/app/user/configs');
  await expect(heading(page)).toHaveText('我的配置');
  await page.getByRole('link', { name }).click();
  await expect(heading(page)).toHaveText('配置详情');
}

test('attach two configurations to a new post; the sixth of one model is refused with the spec’s message', async ({ page }) => {
  await page.goto('/app/community/add');
  await loginThroughHost(page, 'demo');
  const text = `两个配置的帖子 ${Date.now()}`;
  await page.getByRole('textbox', { name: '帖子内容' }).fill(text);
  await page.getByRole('link', { name: /^配置/ }).click();
  await expect(heading(page)).toHaveText('选择配置');
  await expect(page.getByRole('region', { name: 'Padhub Pro 2' })).toBeVisible();
  await expectAccessible(page);

  const pro2 = ['Warzone', 'Apex Legends', 'Forza Horizon 5', 'Elden Ring', 'Rocket League'];
  for (const name of pro2) await page.getByRole('checkbox', { name: new RegExp(name) }).check();
  const sixth = page.getByRole('checkbox', { name: /Hollow Knight/ });
  await sixth.click();
  await expect(page.getByText('同一型号最多只能上传五个配置')).toBeVisible();
  await expect(sixth).not.toBeChecked();

  // Searching narrows the list; what is chosen stays chosen.
  await page.getByRole('searchbox', { name: '搜索我的配置' }).fill('mario');
  await page.getByRole('checkbox', { name: /Mario Kart/ }).check();
  await page.getByRole('searchbox', { name: '搜索我的配置' }).fill('');
  for (const name of pro2.slice(1)) await page.getByRole('checkbox', { name: new RegExp(name) }).uncheck();
  await page.getByRole('button', { name: '附上（2）' }).click();

  await expect(heading(page)).toHaveText('发帖');
  // The composer names the first configuration attached and counts the rest.
  await expect(page.getByRole('link', { name: /配置\s*.+ 及另外 1 个/ })).toBeVisible();
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/posts') && r.request().method() === 'POST');
  await page.getByRole('button', { name: '发布' }).click();
  const post = await (await sent).json();
  expect(post.data.configs).toHaveLength(2);

  await page.goto(`/app/community/detail?id=${post.data.id}`);
  await expect(page.getByText(text)).toBeVisible();
  const cards = page.getByRole('region', { name: '配置（2）' });
  await expect(cards.getByRole('link')).toHaveCount(2);
  await expect(cards.getByRole('link').first()).toContainText('Warzone: paddles and gyro aim');
  await expect(cards.getByRole('link').first()).toContainText('Padhub Pro 2');
  await expect(cards.getByRole('link').nth(1)).toContainText('Mario Kart');
  // Each card counts who applied it and who saved a copy, as the API counts them.
  const counted = (await (await page.request.get(`/api/posts/${post.data.id}/configs`, { headers: { accorgid: 'padhub' } })).json()).data.items;
  for (const [i, card] of (counted as { applyCount: number; saveCount: number }[]).entries()) {
    await expect(cards.getByRole('link').nth(i)).toContainText(`${card.applyCount} 人已应用 · ${card.saveCount} 人已保存`);
  }
  await expectAccessible(page);
});

test('a mapping reads as the controller drawn with its remapped inputs labelled; a macro as a timeline', async ({ page }) => {
  await loginAsDemo(page);
  await openMine(page, /Warzone/);
  const picture = page.getByRole('img', { name: 'Padhub Pro 2：已重新映射 4 个按键' });
  await expect(picture).toBeVisible();
  // P1 → A, P2 → B, gyro → right stick (×1.4), right stick click → X.
  expect((await picture.locator('.callout text').allTextContents()).sort()).toEqual(['A', 'B', 'X', '右摇杆 ×1.4']);
  expect((await picture.locator('.callout').evaluateAll((els) => els.map((e) => e.getAttribute('data-input')))).sort()).toEqual(['gyro', 'p1', 'p2', 'rs']);
  await expect(page.getByRole('listitem').filter({ hasText: 'Jump' })).toContainText('P1');
  await expectAccessible(page);

  // The shift layer: held on View, two inputs send keys.
  await page.getByRole('button', { name: 'Loadout（按住 视图键）' }).click();
  await expect(page.getByRole('img', { name: 'Padhub Pro 2：已重新映射 2 个按键' }).locator('.callout text')).toHaveText(['1', 'Q']);

  await openMine(page, /SF6 Ryu/);
  await page.getByRole('button', { name: 'Shoryuken' }).click();
  await expect(page.getByRole('img', { name: 'Shoryuken 的时间轴' })).toBeVisible();
  await expect(page.getByText('触发：LT，每按一次播放一次')).toBeVisible();
  await expectAccessible(page);
});

test('apply through the simulated host: what changes, success, then an incompatible controller with its message', async ({ page }) => {
  await loginAsDemo(page);
  await openMine(page, /Warzone/);

  // The host does not know the active configuration yet: a plain confirmation, no warning.
  await page.getByRole('button', { name: '应用到我的手柄' }).click();
  const confirmApply = page.getByRole('dialog', { name: /应用「Warzone/ });
  await expect(confirmApply.getByText('之后你的手柄将使用这套配置。')).toBeVisible();
  await expectAccessible(page);
  await confirmApply.getByRole('button', { name: '应用', exact: true }).click();

  // The simulated host shows what it received and lets the tester answer.
  await expect(hostPanel(page).getByText('页面请求应用「Warzone: paddles and gyro aim」（pro-2）')).toBeVisible();
  await expect(hostPanel(page).getByLabel('收到的配置')).toContainText('"model": "pro-2"');
  const counted = page.waitForResponse((r) => r.url().includes('/applies') && r.request().method() === 'POST');
  await hostPanel(page).getByRole('button', { name: '已应用' }).click();
  expect((await counted).status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: '已应用到你的手柄' })).toBeVisible();

  // Now the host knows what is active: applying another Pro 2 mapping lists what changes.
  await openMine(page, /Apex Legends/);
  await page.getByRole('button', { name: '应用到我的手柄' }).click();
  const changes = page.getByRole('dialog', { name: /应用「Apex/ });
  await expect(changes.getByText('你的手柄将有以下变化：')).toBeVisible();
  await expect(changes.getByRole('listitem')).toHaveText([
    'LS: LS → Y',
    '体感: 右摇杆 ×1.4 → 右摇杆 ×1.1',
    'RS: X → RS',
    // Warzone's shift layer goes: the d-pad sends itself again.
    'Loadout › 十字键 ↑: 1 → 十字键 ↑',
    'Loadout › 十字键 ←: Q → 十字键 ←',
  ]);
  await changes.getByRole('button', { name: '应用', exact: true }).click();
  await hostPanel(page).getByRole('button', { name: '型号不符' }).click();
  await expect(page.getByRole('alert')).toHaveText('你的手柄不是 Padhub Pro 2，请连接该型号后重试。');

  await page.getByRole('button', { name: '应用到我的手柄' }).click();
  await page.getByRole('dialog', { name: /应用「Apex/ }).getByRole('button', { name: '应用', exact: true }).click();
  await hostPanel(page).getByRole('button', { name: '固件过旧' }).click();
  await expect(page.getByRole('alert')).toContainText('固件版本过低');

  // Applied at last: the button says so, and Undo gives the controller back Warzone.
  await page.getByRole('button', { name: '应用到我的手柄' }).click();
  await page.getByRole('dialog', { name: /应用「Apex/ }).getByRole('button', { name: '应用', exact: true }).click();
  await hostPanel(page).getByRole('button', { name: '已应用' }).click();
  await expect(page.getByRole('button', { name: '已应用 ✓' })).toBeVisible();
  await page.getByRole('button', { name: '撤销' }).click();
  await expect(hostPanel(page).getByText('页面请求应用「Warzone: paddles and gyro aim」（pro-2）')).toBeVisible();
  // The server hears of the Undo (the console's apply funnel counts it as not kept).
  const undone = page.waitForResponse((r) => r.url().endsWith('/undo-apply') && r.request().method() === 'POST');
  await hostPanel(page).getByRole('button', { name: '已应用' }).click();
  await expect(page.getByRole('status').filter({ hasText: '你的手柄已恢复为之前的配置。' })).toBeVisible();
  expect((await undone).status()).toBe(200);
});

test('save a copy of someone’s configuration and find it in my configurations with its origin', async ({ page }) => {
  await loginAsDemo(page);
  const postId = await postCarrying(page, 'Fortnite builder: paddles');
  await page.goto(`/app/community/detail?id=${postId}`);
  const card = page.getByRole('link', { name: /Fortnite builder: paddles/ });
  const savedBefore = Number((await card.textContent())?.match(/(\d+) 人已保存/)?.[1]);
  expect(savedBefore).toBeGreaterThanOrEqual(0);
  await card.click();
  await expect(heading(page)).toHaveText('配置详情');
  // The card links to every post that carries it.
  await expect(page.getByRole('region', { name: '使用此配置的帖子' }).locator(`a[href$="id=${postId}"]`)).toBeVisible();

  await page.getByRole('button', { name: '保存到我的配置' }).click();
  await expect(page.getByText('已保存到我的配置')).toBeVisible();
  await page.getByRole('link', { name: '打开我的副本' }).click();
  await expect(page.getByText('基于 Alex 的「Fortnite builder: paddles」')).toBeVisible();
  // The post's card counts the copy.
  await page.goto(`/app/community/detail?id=${postId}`);
  await expect(page.getByRole('link', { name: /Fortnite builder: paddles/ })).toContainText(`${savedBefore + 1} 人已保存`);

  await page.goto('/app/user/configs');
  const copy = page.getByRole('listitem').filter({ hasText: 'Fortnite builder: paddles' });
  await expect(copy).toContainText('基于 Alex 的「Fortnite builder: paddles」');
  await expectAccessible(page);

  // My copy is mine to delete, after a confirmation; the library no longer lists it.
  await copy.getByRole('link').first().click();
  await expect(heading(page)).toHaveText('配置详情');
  await page.getByRole('button', { name: '删除', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('确定删除这个配置吗？');
  await dialog.getByRole('button', { name: '删除' }).click();
  await expect(page.getByText('配置已删除')).toBeVisible();
  await expect(heading(page)).toHaveText('我的配置');
  await expect(page.getByRole('listitem').filter({ hasText: 'Fortnite builder: paddles' })).toHaveCount(0);
});
