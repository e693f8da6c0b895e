import { closeHostPanel, expect, expectAccessible, loginThroughHost, openHostPanel, test } from './fixtures.ts';

// The app speaks Chinese here (the simulated host's language is zh_CN) until the host changes it.
test('the Me tab, third in the bar: who I am, every page of mine in groups; at 360 px in Japanese and Korean nothing is cut, and the account menu scrolls', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/app/community/index');
  await loginThroughHost(page, 'demo');
  const bar = page.getByRole('navigation', { name: '主导航' });
  await expect(bar.getByRole('link')).toHaveText(['社区', '商城', '我的']);
  await bar.getByRole('link', { name: '我的' }).click();
  await expect(page).toHaveURL(/\/app\/user\/me$/);
  await expect(page.locator('.me-header h2')).not.toBeEmpty();
  await expect(page.getByRole('list', { name: '统计' })).toBeVisible();
  await page.getByRole('navigation', { name: '账号' }).getByRole('link', { name: '我的数据' }).click();
  await expect(page).toHaveURL(/\/app\/user\/data$/);
  await page.goBack();

  for (const [tag, lang, meTab] of [
    ['ja_JP', 'ja', 'マイページ'],
    ['Ko_KR', 'ko', '내 정보'],
  ] as const) {
    await openHostPanel(page);
    await page.getByRole('dialog').getByRole('combobox').first().selectOption(tag);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await closeHostPanel(page);
    await expect(page.getByRole('link', { name: meTab })).toHaveAttribute('aria-current', 'page');
    // Every row and heading on one line, nothing wider than the screen.
    const cut = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('.me-link, .me-group h3, .tab-bar-item')).flatMap((el) =>
        el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > innerWidth ? [el.textContent] : [],
      ),
    );
    expect(cut, 'cut or wider than the screen').toEqual([]);
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath(`me-${lang}-360.png`), fullPage: true });
  }

  // The account menu holds the same pages; taller than the screen, it scrolls to its last item.
  await page.goto('/app/community/index');
  await page.locator('.account-button').click();
  const sheet = page.getByRole('dialog');
  const last = sheet.getByRole('button').filter({ hasText: /免責|면책/ });
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath('account-sheet-360.png') });
});
