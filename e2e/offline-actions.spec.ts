import { expect, expectAccessible, readerOfNewPost, test } from './fixtures.ts';

const org = { accorgid: 'padhub' };

test('offline, a like and a comment show at once and wait, said so, and each arrives once when the network is back', async ({ page, context }) => {
  const stamp = Date.now();
  const { postId, reader } = await readerOfNewPost(page, ['tunnelauthor', 'tunnelreader'], `Grip tape review ${stamp}`);
  await page.goto(`/app/community/detail?id=${postId}`);
  const post = page.locator('article.post-detail');
  await expect(post).toContainText(`Grip tape review ${stamp}`);
  // The comment box's code arrives after the first screen; one that could not (a tunnel at once)
  // keeps what is typed and comes with the network (lazy-comment-box-offline.test.tsx).
  await expect(page.locator('form.comment-box[aria-busy]')).toHaveCount(0);

  // Into a tunnel.
  await context.setOffline(true);
  const notice = page.locator('.offline-notice');
  await expect(notice).toBeVisible();
  const like = post.getByRole('button', { name: /^点赞/ });
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toContainText('1');
  await expect(notice).toContainText('1 项操作正在等待，联网后将自动发送。');

  const text = `Written in a tunnel ${stamp}`;
  const box = page.getByRole('textbox', { name: '评论' });
  await box.fill(text);
  await page.getByRole('button', { name: '发送', exact: true }).click();
  await expect(page.getByText('当前离线：评论已保留在此处，联网后将自动发送。')).toBeVisible();
  await expect(box).toHaveValue(text);
  await expect(notice).toContainText('2 项操作正在等待，联网后将自动发送。');
  await expectAccessible(page);

  // Out of it: both go, once.
  await context.setOffline(false);
  await expect(notice).toBeHidden();
  await expect(page.locator('.post-comments').getByText(text)).toBeVisible();
  await expect(box).toHaveValue('');
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  const headers = { ...org, token: reader.token };
  const comments = (await (await page.request.get(`/api/posts/${postId}/comments`, { headers })).json()).data.items as { content: string }[];
  expect(comments.filter((c) => c.content === text)).toHaveLength(1);
  expect((await (await page.request.get(`/api/posts/${postId}`, { headers })).json()).data).toMatchObject({ liked: true, likeCount: 1, commentCount: 1 });
});

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a like and a comment waiting offline survive a reload, and each arrives once when the network is back', async ({ page, context }) => {
    const stamp = Date.now();
    const { postId, reader } = await readerOfNewPost(page, ['reloadauthor', 'reloadreader'], `Stick drift fix ${stamp}`);
    // The worker keeps the shell and, from now on, every script the app loads.
    await expect.poll(() => page.evaluate(async () => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await page.goto(`/app/community/detail?id=${postId}`);
    const post = page.locator('article.post-detail');
    await expect(post).toContainText(`Stick drift fix ${stamp}`);
    // The page keeps the post it opened (app/kept-queries.ts), a moment after it came: its own
    // entry, not the feed's (kept earlier, which names the post too).
    const kept = () =>
      page.evaluate(
        () =>
          new Promise<string>((resolve) => {
            const open = indexedDB.open('padhub-queries');
            open.onsuccess = () => {
              const read = open.result.transaction('queries').objectStore('queries').get('first-screen');
              read.onsuccess = () => resolve(JSON.stringify(read.result ?? null));
              read.onerror = () => resolve('');
            };
            open.onerror = () => resolve('');
          }),
      );
    await expect.poll(kept).toContain(JSON.stringify(['posts', 'detail', postId]));

    await context.setOffline(true);
    await post.getByRole('button', { name: /^点赞/ }).click();
    const text = `Written before a reload ${stamp}`;
    await page.getByRole('textbox', { name: '评论' }).fill(text);
    await page.getByRole('button', { name: '发送', exact: true }).click();
    const notice = page.locator('.offline-notice');
    await expect(notice).toContainText('2 项操作正在等待，联网后将自动发送。');

    // The WebView reloads in the tunnel: both still wait, the comment in its box.
    await page.reload();
    await expect(notice).toContainText('2 项操作正在等待，联网后将自动发送。');
    await expect(post.getByRole('button', { name: /^点赞/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('textbox', { name: '评论' })).toHaveValue(text);
    await expect(page.getByText('当前离线：评论已保留在此处，联网后将自动发送。')).toBeVisible();
    await expectAccessible(page);

    await context.setOffline(false);
    await expect(page.locator('.post-comments').getByText(text)).toBeVisible();
    await expect(notice).toBeHidden();
    const headers = { ...org, token: reader.token };
    const comments = (await (await page.request.get(`/api/posts/${postId}/comments`, { headers })).json()).data.items as { content: string }[];
    expect(comments.filter((c) => c.content === text)).toHaveLength(1);
    expect((await (await page.request.get(`/api/posts/${postId}`, { headers })).json()).data).toMatchObject({ liked: true, likeCount: 1, commentCount: 1 });
  });
});
