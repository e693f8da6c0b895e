import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { expect, expectAccessible, loginThroughHost, register, test } from './fixtures.ts';

const headers = (token: string) => ({ accorgid: 'padhub', 'accept-language': 'cn', token });
const layout = {
  model: 'lite',
  kind: 'mapping',
  name: '互换 A 和 B',
  content: { layers: [{ name: 'Base', shift: null, bindings: [{ input: 'a', output: { type: 'button', button: 'b' } }] }] },
};

test('a person asks for their archive, is told it is ready, downloads it, finds their post and configuration in it, and imports the configuration back', async ({ page, request }) => {
  const member = await register(request, 'archive');
  for (const [path, data, extra] of [
    ['/api/configs', layout, {}],
    ['/api/posts', { content: `我的手柄设置 ${member.username}` }, { 'idempotency-key': randomUUID() }],
  ] as const) {
    const res = await request.post(path, { headers: { ...headers(member.token), ...extra }, data });
    expect(res.status(), await res.text()).toBe(200);
  }

  await page.goto('/app/community/index');
  await loginThroughHost(page, member.username, member.password);
  await page.locator('.account-button:visible').click();
  await page.getByText('我的数据', { exact: true }).click();
  await expect(page).toHaveURL(/\/app\/user\/data$/);
  await expect(page.getByText('你还没有申请过存档。')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: '申请我的数据存档' }).click();
  await expect(page.locator('.adm-toast-main', { hasText: '已申请，准备好后会通知你' })).toBeVisible();
  // The job makes it in the background; the page asks again until it is ready.
  await expect(page.getByText('可以下载')).toBeVisible({ timeout: 30_000 });

  // The inbox says so, and its item leads back here.
  await page.goto('/app/notifications');
  await page.getByText('你的数据存档已准备好，可在 48 小时内下载').click();
  await expect(page).toHaveURL(/\/app\/user\/data/);
  await expectAccessible(page);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: '下载' }).click()]);
  const file = await download.path();
  const zip = unzipSync(new Uint8Array(await readFile(file)));
  expect(Object.keys(zip)).toEqual(expect.arrayContaining(['index.html', 'profile.json', 'posts.json', 'comments.json', 'configs.json', 'sessions.json']));
  expect(JSON.parse(strFromU8(zip['profile.json']!))).toMatchObject({ username: member.username });
  expect(JSON.parse(strFromU8(zip['posts.json']!))).toEqual([expect.objectContaining({ content: `我的手柄设置 ${member.username}` })]);
  expect(JSON.parse(strFromU8(zip['configs.json']!))).toEqual([{ ...layout, game: null }]);
  expect(strFromU8(zip['index.html']!)).toContain('你的 Padhub 数据');

  // The archive's configurations come back as the person's own.
  await page.locator('input[type=file]').setInputFiles(file);
  await expect(page.locator('.adm-toast-main', { hasText: '已导入 1 个配置' })).toBeVisible();
  const mine = await request.get('/api/configs', { headers: headers(member.token) });
  expect((await mine.json()).data.items).toHaveLength(2);
});
