import { expect, expectAccessible, test } from './fixtures.ts';
import { fileInput, heading, openAddPost, picture, postsWith, tiles } from './posting-helpers.ts';

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
