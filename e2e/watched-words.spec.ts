import { DEMO_PASSWORD, expect, expectAccessible, loginThroughHost, readerOfNewPost, register, test } from './fixtures.ts';

const headers = (token?: string) => ({ accorgid: 'padhub', 'accept-language': 'cn', ...(token ? { token } : {}) });

test('an admin adds a watched word in the console, tries a text, and a member’s post with it is refused', async ({ page, request }) => {
  // A word of this run only: other journeys post on the same server.
  const word = `禁词${Date.now().toString(36)}`;
  await page.goto('/app/console/watched-words');
  await loginThroughHost(page, 'admin');

  const add = page.getByRole('form', { name: '添加' });
  await add.getByRole('textbox', { name: '词语' }).fill(word);
  await add.getByRole('combobox', { name: '处理方式' }).selectOption('block');
  await add.getByRole('button', { name: '添加' }).click();
  const card = page.getByRole('article', { name: word });
  await expect(card).toBeVisible();

  // In full width and upper case, it is still the word.
  const fullWidth = [...word.toUpperCase()].map((c) => (c < '\u007f' ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c)).join('');
  const tryForm = page.getByRole('form', { name: '测试' });
  await tryForm.getByRole('textbox').fill(`看这里${fullWidth}`);
  await tryForm.getByRole('button', { name: '测试' }).click();
  await expect(tryForm.getByRole('status')).toContainText(`“${word}”：拒绝发布`);
  await expectAccessible(page);

  const member = await register(request, 'watched');
  const refused = await request.post('/api/posts', {
    headers: { ...headers(member.token), 'idempotency-key': crypto.randomUUID() },
    data: { content: `买 ${word} 吗`, media: [] },
  });
  expect(refused.status()).toBe(422);
  const body = await refused.json();
  expect(body.message).toBe('内容包含本社区不允许的词语，请修改后再试');
  expect(body.message).not.toContain(word);

  // Removed, it refuses nothing, and the log has both changes.
  await card.getByRole('button', { name: '删除' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '删除' }).click();
  await expect(card).toHaveCount(0);
  const login = await request.post('/api/auth/login', { headers: headers(), data: { username: 'admin', password: DEMO_PASSWORD } });
  const token = (await login.json()).data.token as string;
  const log = await request.get('/api/admin/audit?kind=watched_words', { headers: headers(token) });
  const actions = ((await log.json()).data.items as Array<{ action: string; detail: { word?: string } }>).filter((l) => l.detail.word === word).map((l) => l.action);
  expect(actions).toEqual(['remove_watched_word', 'add_watched_word']);
});

test('a censored word shows as ■ to others, and a flagged word reports the post in the console', async ({ page, request }) => {
  const stamp = Date.now().toString(36);
  const [censored, flagged] = [`脏话${stamp}`, `raffle${stamp}`];
  const login = await request.post('/api/auth/login', { headers: headers(), data: { username: 'admin', password: DEMO_PASSWORD } });
  const admin = headers((await login.json()).data.token as string);
  for (const [word, action] of [[censored, 'censor'], [flagged, 'flag']]) {
    expect((await request.post('/api/admin/watched-words', { headers: admin, data: { word, action } })).status()).toBe(200);
  }
  const member = await register(request, 'censored');
  const created = await request.post('/api/posts', {
    headers: { ...headers(member.token), 'idempotency-key': crypto.randomUUID() },
    data: { content: `今天 ${censored} 和 ${flagged} 都在`, media: [] },
  });
  expect(created.status()).toBe(200);
  const post = (await created.json()).data as { id: string; content: string };
  // Its author reads what they wrote.
  expect(post.content).toContain(censored);

  // The admin is not its author: the post page draws the word as ■, one a character.
  await page.goto(`/app/community/detail?id=${post.id}`);
  await loginThroughHost(page, 'admin');
  await expect(page.getByText(`今天 ${'■'.repeat(censored.length)} 和 ${flagged} 都在`)).toBeVisible();
  await expect(page.getByText(censored)).toHaveCount(0);

  // The flag word went through and opened the system's report, naming the word.
  await page.goto('/app/console');
  await expect(page.getByText(`系统自动举报：命中屏蔽词 ${flagged}`)).toBeVisible();
  await expectAccessible(page);
});

test('a comment with a word that asks for approval waits, marked for its author alone, until a moderator approves it in the console', async ({ page, request }) => {
  const word = `预订${Date.now().toString(36)}`;
  const login = await request.post('/api/auth/login', { headers: headers(), data: { username: 'admin', password: DEMO_PASSWORD } });
  const admin = headers((await login.json()).data.token as string);
  expect((await request.post('/api/admin/watched-words', { headers: admin, data: { word, action: 'require_approval' } })).status()).toBe(200);
  const { postId } = await readerOfNewPost(page, ['heldpost', 'heldnote'], '哪个摇杆好？');
  await page.goto(`/app/community/detail?id=${postId}`);
  await page.getByRole('textbox', { name: '评论' }).fill(`来我店里${word}`);
  await page.getByRole('button', { name: '发送' }).click();
  const mine = page.locator('.comment', { hasText: `来我店里${word}` });
  await expect(mine).toContainText('等待审核：通过前只有你能看到这条评论');
  await expect(mine.getByRole('button', { name: '回复', exact: true })).toHaveCount(0);
  await expect(page.getByText('发送成功')).toHaveCount(0);
  await expectAccessible(page);
  const others = async () => ((await (await request.get(`/api/posts/${postId}/comments`, { headers: headers() })).json()).data.items as Array<{ content: string }>).map((c) => c.content);
  expect(await others()).toEqual([]);

  // A moderator finds it in the review queue with the word that holds it, and approves it.
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
  await page.goto('/app/console/review');
  await loginThroughHost(page, 'moderator');
  await expect(page.getByRole('heading', { name: '待审核的评论' })).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: `来我店里${word}` });
  await expect(card).toContainText(`命中的屏蔽词：${word}`);
  await expectAccessible(page);
  await card.getByRole('button', { name: '通过' }).click();
  await card.getByRole('textbox', { name: '原因' }).fill('朋友的店，可以');
  await card.getByRole('button', { name: '确认：通过' }).click();
  await expect(card).toHaveCount(0);
  expect(await others()).toEqual([`来我店里${word}`]);
});

test('a held comment a moderator does not pass is deleted, and its author’s inbox says why under the words they wrote', async ({ page, request }) => {
  const word = `代购${Date.now().toString(36)}`;
  const login = await request.post('/api/auth/login', { headers: headers(), data: { username: 'admin', password: DEMO_PASSWORD } });
  const admin = headers((await login.json()).data.token as string);
  expect((await request.post('/api/admin/watched-words', { headers: admin, data: { word, action: 'require_approval' } })).status()).toBe(200);
  const [poster, author] = [await register(request, 'heldon'), await register(request, 'heldoff')];
  const post = await request.post('/api/posts', { headers: { ...headers(poster.token), 'idempotency-key': crypto.randomUUID() }, data: { content: '求推荐摇杆', media: [] } });
  const postId = (await post.json()).data.id as string;
  const held = await request.post(`/api/posts/${postId}/comments`, { headers: headers(author.token), data: { content: `找我${word}` } });
  const commentId = (await held.json()).data.id as string;
  expect((await request.post(`/api/admin/comments/${commentId}/not-pass`, { headers: admin, data: { reason: '这里不能卖东西' } })).status()).toBe(200);

  await page.goto('/app/notifications');
  await loginThroughHost(page, author.username, author.password);
  const item = page.getByRole('listitem').filter({ hasText: '你的评论已被删除：这里不能卖东西' });
  await expect(item).toContainText(`找我${word}`);
  await expectAccessible(page);
});
