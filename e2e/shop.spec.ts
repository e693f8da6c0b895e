import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, expectAccessible, loginThroughHost, test } from './fixtures.ts';

const content = (page: Page) => page.locator('main.page-content:visible');
// Kept-alive pages stay in the document, hidden: only the visible page's title counts.
const heading = (page: Page) => page.locator('h1:visible');
const cards = (page: Page) => page.locator('article.goods-card:visible');
const STORE = 'https://shop.padhub.example';

test.beforeEach(async ({ context }) => {
  // The store is outside; the new tab gets a stand-in page instead of the network.
  await context.route(`${STORE}/**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Store</title><p>Store</p>' }));
});

test('Mall → category → a controller → variant changes price and picture → buy opens the store → back at the same place', async ({ page }) => {
  await page.goto('/app/shoopping');
  await expect(heading(page)).toHaveText('商城');
  await expect(cards(page).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: '手柄', level: 2 })).toBeVisible();
  await expectAccessible(page);

  // Another category lists its goods only.
  const categories = page.getByRole('group', { name: '分类' });
  await categories.getByRole('button', { name: '配件' }).click();
  await expect(categories.getByRole('button', { name: '配件' })).toHaveAttribute('aria-pressed', 'true');
  await expect(cards(page).first()).toContainText('磁吸充电座');
  await expect(cards(page)).toHaveCount(8);
  await expect(page.getByText('Padhub Elite X 专业手柄')).toHaveCount(0);
  // A sold-out variant and a discount show on the cards.
  await expect(cards(page).filter({ hasText: '硬壳收纳包' }).locator('s')).toContainText('¥99.00');

  await categories.getByRole('button', { name: '全部' }).click();
  await expect(cards(page).first()).toContainText('Padhub Pro 2');
  await content(page).evaluate((el) => el.scrollTo(0, 250));
  await page.waitForTimeout(200);
  const before = await content(page).evaluate((el) => el.scrollTop);
  expect(before).toBeGreaterThan(100);
  const count = await cards(page).count();

  await page.getByRole('link', { name: /Padhub Elite X 专业手柄/ }).click();
  await expect(page).toHaveURL(/\/goods\/details\?id=/);
  await expect(heading(page)).toHaveText('商品详情');
  const summary = page.locator('.goods-summary');
  await expect(summary.getByRole('heading', { name: 'Padhub Elite X 专业手柄' })).toBeVisible();
  await expect(summary.locator('.price-now')).toHaveText('¥999.00');
  const firstPicture = page.locator('.gallery-item img').first();
  await expect(firstPicture).toHaveAttribute('src', /elite-x-carbon\.jpg\.w1080\.webp$/);
  await expect(page.locator('.spec-table')).toContainText('280 g');
  await expectAccessible(page);

  await page.getByRole('radio', { name: '碳纤黑 + 充电座套装' }).check();
  await expect(summary.locator('.price-now')).toHaveText('¥1,099.00');
  await expect(summary.locator('s.price-old')).toContainText('¥1,198.00');
  await expect(firstPicture).toHaveAttribute('src', /elite-x-carbon-dock\.jpg\.w1080\.webp$/);

  // The simulated host opens the store link in a new tab, as a native host opens the system browser.
  const [store] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: '立即购买' }).click()]);
  await store.waitForLoadState();
  expect(store.url()).toBe(`${STORE}/padhub/elite-x/carbon-dock`);
  await store.close();

  await page.goBack();
  await expect(heading(page)).toHaveText('商城');
  // The same list (nothing reloaded from the first page) at the same place.
  await expect(cards(page)).toHaveCount(count);
  expect(Math.abs((await content(page).evaluate((el) => el.scrollTop)) - before)).toBeLessThan(5);
});

test('a sold-out variant cannot be bought; the gallery opens the image preview', async ({ page }) => {
  await page.goto('/app/shoopping');
  await page.getByRole('link', { name: /Padhub Lite 手柄/ }).click();
  const buy = page.locator('.buy-button');
  await expect(buy).toBeEnabled();
  await page.getByRole('radio', { name: /珊瑚橙/ }).check();
  await expect(buy).toBeDisabled();
  await expect(buy).toHaveText('已售罄');
  await expect(page.locator('.goods-summary .stock-label')).toHaveText('已售罄');

  await page.getByRole('button', { name: '第 1 张，共 1 张' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('a controller\'s page leads to the community posts about that model', async ({ page }) => {
  await page.goto('/app/shoopping');
  await page.getByRole('link', { name: /Padhub Pro 2 无线手柄/ }).click();
  await page.getByRole('link', { name: 'Padhub Pro 2 的帖子' }).click();
  await expect(page).toHaveURL(/\/community\/index\?model=pro-2$/);
  await expect(heading(page)).toHaveText('社区');
  await expect(page.getByRole('button', { name: 'Padhub Pro 2', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('article.post-card').first()).toBeVisible();
});

test.describe('the shop console', () => {
  test.use({ viewport: { width: 1200, height: 900 }, isMobile: false, hasTouch: false });

  test('an admin adds goods with an uploaded picture and a variant, and users find it in the Mall', async ({ page }) => {
    const name = `端到端配件 ${Date.now()}`;
    await page.goto('/app/console/goods');
    await loginThroughHost(page, 'admin');
    await page.getByRole('button', { name: /^零件/ }).click();
    await page.getByRole('link', { name: '新建商品' }).click();

    const form = page.locator('form.shop-admin-form');
    await form.getByLabel('名称', { exact: true }).fill(name);
    await form.getByLabel('介绍（HTML）').fill('<p>好用<script>alert(1)</script></p>');
    await form.getByLabel('已上架').check();
    const png = await page.evaluate(async () => {
      const canvas = Object.assign(document.createElement('canvas'), { width: 600, height: 400 });
      const g = canvas.getContext('2d')!;
      g.fillStyle = '#1e9f78';
      g.fillRect(0, 0, 600, 400);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
      return [...new Uint8Array(await blob.arrayBuffer())];
    });
    // Straight to the object store with the admin's own upload credentials, as a post's pictures go.
    await form.locator('input[type=file]').setInputFiles({ name: 'part.png', mimeType: 'image/png', buffer: Buffer.from(png) });
    await expect(form.locator('.shop-admin-pictures img')).toHaveAttribute('src', /\/u\/padhub\/\d+\/goods\//);
    await form.getByRole('button', { name: '保存' }).click();
    await expect(page).toHaveURL(/\/console\/goods\/edit\?id=\d+/);
    await expect(page.getByText('用户还看不到它')).toBeVisible();

    await page.getByRole('button', { name: '新建款式' }).click();
    const variant = page.locator('form.shop-admin-variant');
    await variant.getByLabel('中文（必填）').fill('标准');
    await variant.getByLabel('价格 (CNY)').fill('12.5');
    await variant.getByLabel('购买链接（https）').fill('https://shop.padhub.example/padhub/e2e');
    await variant.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('用户还看不到它')).toHaveCount(0);

    // The console's audit log names who added what, newest first, with no reason asked.
    await page.getByRole('link', { name: '操作日志' }).click();
    await expect(page).toHaveURL(/\/console\/log$/);
    const lines = page.locator('.console-card:visible');
    await expect(lines.first()).toContainText(`添加款式 · “${name} · 标准”`);
    const added = lines.filter({ hasText: `添加商品 · “${name}”` });
    await expect(added).toHaveCount(1);
    await expect(added).toContainText('Admin');
    await expect(added).not.toContainText('原因');
    await expectAccessible(page);

    await page.goto('/app/shoopping');
    await page.getByRole('group', { name: '分类' }).getByRole('button', { name: '零件' }).click();
    const card = cards(page).filter({ hasText: name });
    await expect(card).toContainText('¥12.50');
    await expect(card.locator('img')).toHaveAttribute('src', /\.w480\.webp$/);
    await card.getByRole('link').click();
    await expect(page.locator('.goods-description')).toHaveText('好用');
    await expect(page.locator('.goods-description script')).toHaveCount(0);
  });

  test('the goods list loads more as the admin scrolls, and ↓ moves goods past the first page\'s end', async ({ page, request }) => {
    // A category of 25 goods, more than a page (20), made through the API as the console would make them.
    const login = await request.post('/api/auth/login', { headers: { accorgid: 'padhub' }, data: { username: 'admin', password: DEMO_PASSWORD } });
    const headers = { accorgid: 'padhub', token: (await login.json()).data.token as string };
    const label = `翻页 ${Date.now()}`;
    const category = (await (await request.post('/api/admin/goods-categories', { headers, data: { names: { cn: label }, published: false } })).json()).data;
    for (let i = 1; i <= 25; i++) {
      expect((await request.post('/api/admin/goods', { headers, data: { categoryId: category.id, texts: { cn: { name: `${label} 第${i}件` } } } })).status()).toBe(200);
    }

    await page.goto('/app/console/goods');
    await loginThroughHost(page, 'admin');
    await page.getByRole('button', { name: new RegExp(`^${label}`) }).click();
    const items = page.locator('.shop-admin-goods:visible');
    await expect(items).toHaveCount(20);
    await items.last().scrollIntoViewIfNeeded();
    await expect(items).toHaveCount(25);
    await expect(items.nth(24)).toContainText(`${label} 第25件`);

    // The 20th goods moves below the 21st, which came with the second page.
    await page.getByRole('button', { name: `下移：${label} 第20件` }).click();
    await expect(items.nth(19)).toContainText(`${label} 第21件`);
    await expect(items.nth(20)).toContainText(`${label} 第20件`);
    await expect(items).toHaveCount(25);
    await expectAccessible(page);
  });
});
