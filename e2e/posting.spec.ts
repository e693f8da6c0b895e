import { deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, expectAccessible, loginThroughHost, test } from './fixtures.ts';

/** A real PNG of one colour fading to another, made here: the server decodes it to make thumbnails. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = y * (width * 3 + 1) + 1 + x * 3;
      rows[at] = (r * x) / width;
      rows[at + 1] = (g * y) / height;
      rows[at + 2] = b;
    }
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

const picture = (name: string, colour: [number, number, number]) => ({ name, mimeType: 'image/png', buffer: png(160, 120, colour) });
const video = (name: string) => ({ name, mimeType: 'video/mp4', buffer: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(4000)]) });

const heading = (page: Page) => page.locator('h1:visible');
const fileInput = (page: Page) => page.locator('input[type=file]');
const tiles = (page: Page) => page.locator('.media-tile:not(.media-tile-add)');

async function openAddPost(page: Page) {
  await page.goto('/app/community/index');
  await loginThroughHost(page, 'demo');
  await expect(page.getByRole('button', { name: /Demo/ })).toBeVisible();
  await page.getByRole('button', { name: '发帖' }).click();
  await expect(heading(page)).toHaveText('发帖');
}

/** The demo account's posts whose text is `content`, asked of the API itself. */
async function postsWith(page: Page, content: string) {
  const login = await page.request.post('/api/auth/login', { headers: { accorgid: 'padhub' }, data: { username: 'demo', password: DEMO_PASSWORD } });
  const token = (await login.json()).data.token as string;
  const mine = await page.request.get('/api/me/posts?limit=50', { headers: { accorgid: 'padhub', token } });
  const items = (await mine.json()).data.items as { content: string; media: { path: string; kind: string; thumb?: string }[] }[];
  return items.filter((p) => p.content === content);
}

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

test('a send cut off mid-upload fails with the spec message; the retry resumes and makes exactly one post', async ({ page }) => {
  await openAddPost(page);
  const text = `Cut off and retried ${Date.now()}`;
  await page.getByRole('textbox', { name: '帖子内容' }).fill(text);
  await fileInput(page).setInputFiles([picture('one.png', [200, 200, 40]), picture('two.png', [20, 200, 120])]);
  await expect(tiles(page)).toHaveCount(2);

  // The network goes away after the first part reached the store: every later part fails.
  let cut = true;
  const partsSent: string[] = [];
  await page.route(/\/storage\/padhub\/.*partNumber=/, async (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    if (cut && partsSent.length > 0) return route.abort('internetdisconnected');
    partsSent.push(route.request().url());
    return route.continue();
  });
  await page.getByRole('button', { name: '发布' }).click();
  const failure = page.getByRole('alert');
  await expect(failure).toContainText('帖子发送失败', { timeout: 30_000 });
  await expect(failure).toContainText('网络异常');
  expect(partsSent).toHaveLength(1);
  expect(await postsWith(page, text)).toHaveLength(0);

  cut = false;
  await failure.getByRole('button', { name: '点击重试' }).click();
  await expect(page.getByText('帖子发送成功')).toBeVisible();
  // Resumed: only the part that had failed went again, the stored file was not sent twice.
  expect(partsSent).toHaveLength(2);
  expect(new URL(partsSent[1]!).pathname).not.toBe(new URL(partsSent[0]!).pathname);
  const posts = await postsWith(page, text);
  expect(posts).toHaveLength(1);
  expect(posts[0]!.media).toHaveLength(2);
  expect(posts[0]!.media.every((m) => m.kind === 'image' && m.thumb)).toBe(true);
});

test('a send whose answer is lost, then edited and sent again, is "already sent": one post, and the person lands on it', async ({ page }) => {
  await openAddPost(page);
  const text = `Answer lost ${Date.now()}`;
  await page.getByRole('textbox', { name: '帖子内容' }).fill(text);
  await fileInput(page).setInputFiles([picture('lost.png', [120, 40, 220])]);
  await expect(tiles(page)).toHaveCount(1);

  // The post reaches the server and is made, but its answer never comes back (the network drops).
  let made: { id: string } | undefined;
  await page.route(/\/api\/posts$/, async (route) => {
    if (route.request().method() !== 'POST' || made) return route.continue();
    made = (await (await route.fetch()).json()).data;
    return route.abort('internetdisconnected');
  });
  await page.getByRole('button', { name: '发布' }).click();
  const failure = page.getByRole('alert');
  await expect(failure).toContainText('帖子发送失败', { timeout: 30_000 });
  await expect(failure).toContainText('网络异常');
  await expect(failure).toContainText('再次发送也不会重复发布');
  expect(made?.id).toBeTruthy();
  expect(await postsWith(page, text)).toHaveLength(1);

  // The person, not knowing it went through, changes the text and sends again.
  await page.getByRole('textbox', { name: '帖子内容' }).fill(`${text}, edited`);
  await page.getByRole('button', { name: '发布' }).click();
  await expect(page.getByText('帖子已经发送过了，没有重复发送')).toBeVisible();
  await expect(heading(page)).toHaveText('帖子详情');
  await expect(page).toHaveURL(new RegExp(`/community/detail\\?id=${made!.id}$`));
  const detail = page.locator('main.page-content:visible');
  await expect(detail.getByText(text, { exact: true })).toBeVisible();
  // Its picture is there: nothing the post uses was thrown away with the draft.
  await expect.poll(() => detail.locator('.media-grid img').first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // One post: in the feed once, and the edit was never posted.
  await page.goto('/app/community/index');
  await expect(page.locator('article.post-card').first()).toBeVisible();
  await expect(page.locator('article.post-card', { hasText: text })).toHaveCount(1);
  expect(await postsWith(page, text)).toHaveLength(1);
  expect(await postsWith(page, `${text}, edited`)).toHaveLength(0);
  // The draft is empty again.
  await page.goto('/app/community/add');
  await expect(page.getByRole('textbox', { name: '帖子内容' })).toHaveValue('');
  await expect(tiles(page)).toHaveCount(0);
});

test('a video gets a poster from its first frame, taken in the browser, and the feed shows it', async ({ page }) => {
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
  await expect(page.getByText('帖子发送成功')).toBeVisible();
  const poster = page.locator('article.post-card').first().locator('.media-thumbs-video img');
  await expect(poster).toHaveAttribute('src', /\.jpg\.w480\.webp$/);
  await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  const [post] = await postsWith(page, text);
  expect(post?.media).toEqual([expect.objectContaining({ kind: 'video', path: expect.stringMatching(/\.mp4$/), thumb: expect.any(String) })]);
});

test('the draft, its text and its pictures, survives a reload', async ({ page }) => {
  await openAddPost(page);
  const text = `Draft kept ${Date.now()}`;
  await page.getByRole('textbox', { name: '帖子内容' }).fill(text);
  await fileInput(page).setInputFiles([picture('kept.png', [90, 30, 200]), picture('also.png', [10, 220, 60])]);
  await expect(tiles(page)).toHaveCount(2);

  await page.reload();
  await expect(page.getByRole('textbox', { name: '帖子内容' })).toHaveValue(text);
  await expect(tiles(page)).toHaveCount(2);
  await expect.poll(() => tiles(page).first().locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);
  await expectAccessible(page);
});

test("an upload over the day's quota says so in the person's language, is not retried, and keeps the draft", async ({ page }) => {
  await openAddPost(page);
  const text = `Over the quota ${Date.now()}`;
  await page.getByRole('textbox', { name: '帖子内容' }).fill(text);
  await fileInput(page).setInputFiles([picture('big-day.png', [250, 120, 10])]);
  await expect(tiles(page)).toHaveCount(1);

  // The store refuses as the embedded endpoint does past STORAGE_UPLOAD_QUOTA_MB.
  let refused = 0;
  await page.route(/\/storage\/padhub\/u\/.*\?uploads/, async (route) => {
    refused++;
    return route.fulfill({ status: 403, contentType: 'application/xml', body: '<?xml version="1.0"?><Error><Code>QuotaExceeded</Code><Message>2 MiB a day</Message></Error>' });
  });
  await page.getByRole('button', { name: '发布' }).click();
  const failure = page.getByRole('alert');
  await expect(failure).toContainText('帖子发送失败');
  await expect(failure).toContainText('今天的上传量已达上限，请明天再试');
  await expect(failure).toContainText('草稿会保存在本设备上');
  expect(refused).toBe(1);
  expect(await postsWith(page, text)).toHaveLength(0);
  await expect(page.getByRole('textbox', { name: '帖子内容' })).toHaveValue(text);
  await expectAccessible(page);
});

test('a file the server found removed from storage is uploaded again, under a new name, on the next send', async ({ page }) => {
  await openAddPost(page);
  const text = `Uploaded anew ${Date.now()}`;
  await page.getByRole('textbox', { name: '帖子内容' }).fill(text);
  await fileInput(page).setInputFiles([picture('swept.png', [60, 200, 200])]);
  await expect(tiles(page)).toHaveCount(1);

  // The first send is answered as the server answers a post naming a file it deleted (swept as unused).
  let first: string | undefined;
  await page.route(/\/api\/posts$/, async (route) => {
    if (route.request().method() !== 'POST' || first) return route.continue();
    first = (route.request().postDataJSON() as { media: { path: string }[] }).media[0]!.path;
    return route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ code: 42212, message: 'media_removed', data: { path: first } }) });
  });
  await page.getByRole('button', { name: '发布' }).click();
  const failure = page.getByRole('alert');
  await expect(failure).toContainText('该图片或视频已从存储中删除');
  await failure.getByRole('button', { name: '点击重试' }).click();
  await expect(page.getByText('帖子发送成功')).toBeVisible();
  const [post] = await postsWith(page, text);
  expect(post?.media).toHaveLength(1);
  expect(post!.media[0]!.path).not.toBe(first);
  expect(post!.media[0]!.path).toMatch(/\.png$/);
});
