import type { Page } from '@playwright/test';
import { clip } from '../apps/server/test/video-clips.ts';
import { DEMO_PASSWORD, expect, expectAccessible, test } from './fixtures.ts';
import { fileInput, heading, openAddPost, postsWith } from './posting-helpers.ts';

/**
 * Posts a video no browser decodes through the composer, as a person does, and waits on its page
 * until the server has made it something Chromium plays (docs/video.md): a poster, an H.264 MP4,
 * the server's length. The worker runs inside the server, as in `npm start`.
 */
async function postVideo(page: Page, name: string, mimeType: string, buffer: Buffer, signedIn = false) {
  if (signedIn) {
    await page.goto('/app/community/index');
    await page.getByRole('button', { name: '发帖' }).click();
    await expect(heading(page)).toHaveText('发帖');
  } else await openAddPost(page);
  const text = `A ${name} from an old camera ${Date.now()}`;
  await page.getByRole('textbox', { name: '帖子内容' }).fill(text);
  await fileInput(page).setInputFiles([{ name, mimeType, buffer }]);
  await page.getByRole('button', { name: '发布' }).click();
  await expect(page.getByText('帖子已发送，视频处理中：处理完成后其他人才能看到')).toBeVisible();
  // Its page, where its author watches it being prepared.
  await expect(heading(page)).toHaveText('帖子详情');
  return text;
}

async function playsInline(page: Page) {
  // Prepared: the poster the server made, and the play button saying the length it measured (2 s).
  const play = page.getByRole('button', { name: /^视频，2秒/ });
  await expect(play).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('.video-frame-poster')).toHaveAttribute('src', /\/storage\/padhub\/t\/u\/padhub\/\d+\/post\/[\w]+\.(avi|rmvb)\.w1080\.webp$/);
  await expect.poll(() => page.locator('.video-frame-poster').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await expect(page.locator('.video-player-length')).toHaveText('0:02');
  await expectAccessible(page);

  await play.click();
  const video = page.locator('video.video-frame-video');
  await expect(video).toHaveAttribute('src', /\.h264\.mp4$/);
  // Really playing in Chromium: decoded frames of the clip's own size, and time moving on.
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => (v.readyState >= 2 ? v.videoWidth : 0)), { timeout: 20_000 }).toBe(320);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.3);
  expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeCloseTo(2, 0);
}

test('an avi posted from the composer plays inline in Chromium, with its poster and its real length', async ({ page }) => {
  const text = await postVideo(page, 'match.avi', 'video/x-msvideo', await clip('avi'));
  await expect(page.getByRole('status').filter({ hasText: '视频处理中' }).or(page.getByRole('button', { name: /^视频，/ }))).toBeVisible();
  await playsInline(page);
  const postPage = page.url();

  const [post] = await postsWith(page, text);
  expect(post?.media[0]).toMatchObject({ kind: 'video', status: 'ready', streams: { mp4: expect.stringMatching(/\.avi\.h264\.mp4$/) } });
  // Now others see it too, in the feed, with the server's poster on its card.
  await page.goto('/app/community/index');
  const card = page.locator('article.post-card', { hasText: text });
  await expect(card.locator('.media-thumbs-video img')).toHaveAttribute('src', /\.avi\.w480\.webp$/);
  await expect(card.locator('.video-length')).toHaveText('0:02');
  // A tap on the card's poster plays it there, in the list.
  await card.getByRole('button', { name: /^视频，2秒/ }).click();
  const inCard = card.locator('video.video-frame-video');
  await expect.poll(() => inCard.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.3);
  await expect(page).toHaveURL(/\/app\/community\/index/);

  // Its page, loaded afresh: the poster holds the video's shape from the first paint, so nothing moves.
  await page.goto(postPage);
  await expect(page.locator('.video-frame-poster')).toBeVisible();
  const shifted = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) sum += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(sum), 500);
      }),
  );
  expect(shifted).toBe(0);
});

test('an rmvb plays inline too, as H.264', async ({ page }) => {
  await postVideo(page, 'final.rmvb', 'application/vnd.rn-realmedia-vbr', await clip('rmvb'));
  await playsInline(page);
});

test('a video whose poster looks like a removed post’s is refused: its author reads why on its page', async ({ page }) => {
  // Two videos are prepared one after the other.
  test.setTimeout(120_000);
  const headers = { accorgid: 'padhub', 'accept-language': 'cn' };
  const login = await page.request.post('/api/auth/login', { headers, data: { username: 'admin', password: DEMO_PASSWORD } });
  const admin = { ...headers, token: (await login.json()).data.token as string };
  try {
    const text = await postVideo(page, 'removed.avi', 'video/x-msvideo', await clip('avi'));
    await expect(page.getByRole('button', { name: /^视频，2秒/ })).toBeVisible({ timeout: 60_000 });
    const [post] = await postsWith(page, text);
    expect((await page.request.post(`/api/admin/posts/${post!.id}/delete`, { headers: admin, data: { reason: 'a stolen clip' } })).ok()).toBe(true);

    // The same clip again: its poster, made by the server, is like the removed one (the organisation refuses by default).
    await postVideo(page, 'again.avi', 'video/x-msvideo', await clip('avi'), true);
    await expect(page.getByRole('alert').filter({ hasText: '这张图片不能在本社区发布，请换一张' })).toBeVisible({ timeout: 60_000 });
    await expectAccessible(page);
  } finally {
    // All generated clips have alike posters: emptied, the list refuses no later journey's video.
    const listed = await page.request.get('/api/admin/removed-pictures', { headers: admin });
    for (const { id } of (await listed.json()).data.items as { id: string }[]) await page.request.delete(`/api/admin/removed-pictures/${id}`, { headers: admin });
    expect((await (await page.request.get('/api/admin/removed-pictures', { headers: admin })).json()).data.items).toEqual([]);
  }
});
