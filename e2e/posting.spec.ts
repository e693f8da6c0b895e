import { DEMO_PASSWORD, expect, expectAccessible, loginThroughHost, test } from './fixtures.ts';
import { fileInput, heading, openAddPost, picture, postsWith, tiles, video } from './posting-helpers.ts';

test('two pictures posted appear in the feed and in My posts, as thumbnails', async ({ page }) => {
  await openAddPost(page);
  const text = `Two pictures of my setup ${Date.now()}`;
  await page.getByRole('textbox', { name: '帖子内容' }).fill(text);
  await fileInput(page).setInputFiles([picture('desk.png', [240, 90, 30]), picture('pad.png', [30, 140, 250])]);
  await expect(tiles(page)).toHaveCount(2);
  await expect(page.getByRole('button', { name: '查看图片1' }).locator('img')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: '发布' }).click();
  await expect(page.getByText('帖子发送成功')).toBeVisible();
  await expect(heading(page)).toHaveText('社区');
  const card = page.locator('article.post-card').first();
  await expect(card).toContainText(text);
  const thumbs = card.locator('.media-thumb img');
  await expect(thumbs).toHaveCount(2);
  // The cards show the server's WebP thumbnails, never the originals.
  await expect(thumbs.first()).toHaveAttribute('src', /\/storage\/padhub\/t\/u\/padhub\/\d+\/post\/\d+[a-z0-9]{4}\.png\.w480\.webp$/);
  await expect.poll(() => thumbs.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await page.goto('/app/user/posts');
  const mine = page.locator('article.post-card').first();
  await expect(mine).toContainText(text);
  await expect(mine.locator('.media-thumb img')).toHaveCount(2);
  expect((await postsWith(page, text))[0]?.media.map((m) => m.kind)).toEqual(['image', 'image']);
});

test('someone who has never posted is shown the way to a first post, and a blank draft has nothing to discard', async ({ page }) => {
  const username = `first_${Date.now()}`;
  const registered = await page.request.post('/api/auth/register', { headers: { accorgid: 'padhub' }, data: { username, password: DEMO_PASSWORD } });
  expect(registered.status()).toBe(200);
  await page.goto('/app/user/posts');
  await loginThroughHost(page, username);
  await expect(page.getByText('你还没有发过帖子。分享一张照片、一段视频或你的手柄配置吧。')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: '发帖' }).click();
  await expect(heading(page)).toHaveText('发帖');
  const discard = page.getByRole('button', { name: '放弃草稿' });
  await expect(page.getByRole('textbox', { name: '帖子内容' })).toBeVisible();
  await expect(discard).toHaveCount(0);
  await page.getByRole('textbox', { name: '帖子内容' }).fill('A first post');
  await expect(discard).toBeVisible();
});

test('the 19th picture and a second video are refused with the spec messages', async ({ page }) => {
  await openAddPost(page);
  await fileInput(page).setInputFiles(Array.from({ length: 19 }, (_, i) => picture(`p${i}.png`, [i * 13, 80, 200 - i * 9])));
  await expect(page.getByText('最多只能添加18张图片')).toBeVisible();
  await expect(tiles(page)).toHaveCount(18);

  await fileInput(page).setInputFiles([video('first.mp4')]);
  await expect(tiles(page)).toHaveCount(19);
  await fileInput(page).setInputFiles([video('second.mov')]);
  await expect(page.getByText('只能添加一个视频')).toBeVisible();
  await expect(tiles(page)).toHaveCount(19);
  await expect(page.getByText('图片 18/18 · 视频 1/1')).toBeVisible();

  // Reordering and removing work with buttons, not only gestures.
  await page.getByRole('button', { name: '图片2前移' }).click();
  await page.getByRole('button', { name: '删除视频' }).click();
  await expect(tiles(page)).toHaveCount(18);

  await page.getByRole('button', { name: '放弃草稿' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(tiles(page)).toHaveCount(0);
});

test('a video gets a poster from its first frame in the browser, then the server\'s own, and the feed shows it once ready', async ({ page }) => {
  await openAddPost(page);
  // A short clip recorded in the page itself (no fixture file): a square moving over a colour.
  const clip = await page.evaluate(async () => {
    const canvas = Object.assign(document.createElement('canvas'), { width: 320, height: 180 });
    const context = canvas.getContext('2d')!;
    const type = MediaRecorder.isTypeSupported('video/mp4') ? 'video/mp4' : 'video/webm';
    const recorder = new MediaRecorder(canvas.captureStream(30), { mimeType: type });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    recorder.start(100);
    for (let i = 0; i < 20; i++) {
      context.fillStyle = '#e6951a';
      context.fillRect(0, 0, 320, 180);
      context.fillStyle = '#fff';
      context.fillRect(20 + i * 8, 60, 60, 60);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.stop();
    await stopped;
    return [...new Uint8Array(await new Blob(chunks).arrayBuffer())];
  });
  const text = `A clip of the new stick ${Date.now()}`;
  await page.getByRole('textbox', { name: '帖子内容' }).fill(text);
  await fileInput(page).setInputFiles([{ name: 'clip.mp4', mimeType: 'video/mp4', buffer: Buffer.from(clip) }]);
  await expect(tiles(page).locator('img')).toHaveCount(1);

  await page.getByRole('button', { name: '发布' }).click();
  // Its page shows its author the video being prepared; others see the post once it is ready (docs/video.md).
  await expect(page.getByText('帖子已发送，视频处理中：处理完成后其他人才能看到')).toBeVisible();
  await expect(page.getByRole('button', { name: /^视频，/ })).toBeVisible({ timeout: 60_000 });
  await page.goto('/app/community/index');
  const card = page.locator('article.post-card', { hasText: text });
  // The server's poster of the clip (its own renditions), not the one the browser took.
  const poster = card.locator('.media-thumbs-video img');
  await expect(poster).toHaveAttribute('src', /\.mp4\.w480\.webp$/);
  // The picture's own width: `naturalWidth` of the card's <img> is scaled by its srcset's density.
  const ownWidth = (img: HTMLImageElement) => {
    const copy = new Image();
    copy.src = img.src;
    return copy.decode().then(() => copy.naturalWidth);
  };
  await expect.poll(() => poster.evaluate(ownWidth)).toBe(320);
  const [post] = await postsWith(page, text);
  expect(post?.media).toEqual([expect.objectContaining({ kind: 'video', path: expect.stringMatching(/\.mp4$/), thumb: expect.any(String), duration: expect.any(Number) })]);
  // The clip's length as the server measured it, close to what this browser reads, shown on the card as a clock ("0:01").
  const seconds = await page.evaluate(async (bytes) => {
    const video = document.createElement('video');
    video.src = URL.createObjectURL(new Blob([new Uint8Array(bytes)]));
    await new Promise((resolve) => video.addEventListener('loadedmetadata', resolve, { once: true }));
    if (video.duration === Infinity) {
      video.currentTime = Number.MAX_SAFE_INTEGER;
      await new Promise((resolve) => video.addEventListener('seeked', resolve, { once: true }));
    }
    return video.duration;
  }, clip);
  expect(post?.media[0]?.duration).toBeCloseTo(seconds, 0);
  const whole = Math.max(1, Math.round(post!.media[0]!.duration!));
  await expect(card.locator('.video-length')).toHaveText(`${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`);
  await expect(card.getByRole('img', { name: /^视频，/ })).toBeVisible();
  await expectAccessible(page);
});
