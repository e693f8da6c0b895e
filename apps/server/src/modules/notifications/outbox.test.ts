import { createHmac, timingSafeEqual } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildTestApp, data, registerUser } from '#server-test/helper.ts';
import { localServer } from '#server-test/local-http.ts';
import { makePost } from '#server/modules/community/test-fixtures.ts';

const SECRET = 'a-secret-of-the-native-team';
let failuresLeft = 0;
const receiver = await localServer(() => (failuresLeft-- > 0 ? { status: 500, body: { error: 'busy' } } : { status: 200, body: {} }));
const env = { REGISTER_LIMIT_PER_IP: '1000', PUSH_WEBHOOK_URL: `${receiver.url}/push`, PUSH_WEBHOOK_SECRET: SECRET, PUSH_RETRY_BASE_MS: '50', PUSH_POLL_MS: '20' };
const app = await buildTestApp(env);

async function until<T>(what: () => T | undefined | Promise<T | undefined>, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The receiver's check, as docs/notifications.md tells the native team to write it. */
function verify(header: string, body: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const expected = createHmac('sha256', SECRET).update(`${parts.t}.${body}`).digest('hex');
  return Math.abs(Date.now() / 1000 - Number(parts.t)) < 300 && timingSafeEqual(Buffer.from(expected), Buffer.from(parts.v1 ?? ''));
}

const pushesFor = (userId: string) => receiver.received.filter((r) => JSON.parse(r.body).recipient.id === userId);

async function commentOnPostOf(author: { id: string; org: string }) {
  const commenter = await registerUser(app);
  const postId = await makePost(app, author as never);
  const c = data<{ id: string }>(await app.inject({ method: 'POST', url: `/api/posts/${postId}/comments`, headers: commenter.headers, payload: { content: 'Nice grip' } }));
  return { postId, commentId: c.id };
}

describe('the push outbox', () => {
  it('delivers a signed push with a stable id and a deep link', async () => {
    const author = await registerUser(app);
    const { postId, commentId } = await commentOnPostOf(author);
    const [push] = await until(() => (pushesFor(author.id).length ? pushesFor(author.id) : undefined));
    expect(push!.method).toBe('POST');
    expect(push!.url).toBe('/push');
    expect(verify(String(push!.headers['padhub-signature']), push!.body)).toBe(true);
    expect(verify(String(push!.headers['padhub-signature']), push!.body.replace('Nice', 'Bad'))).toBe(false);
    const body = JSON.parse(push!.body);
    expect(body).toMatchObject({
      type: 'comment',
      recipient: { id: author.id, orgId: author.org },
      link: `/app/community/detail?id=${postId}&comment=${commentId}&notification=${body.notification.id}`,
    });
    expect(body.notification.id).toMatch(/^\d+$/);
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    const commenter = JSON.parse(push!.body).notification.actorId as string;
    const [row] = await app.db.query<{ username: string }>('select username from users where id = $1', [commenter]);
    const username = row!.username;
    expect(body.texts).toEqual({
      cn: { title: `${username} 评论了你的帖子`, body: 'Nice grip' },
      en: { title: `${username} commented on your post`, body: 'Nice grip' },
      jp: { title: `${username}さんがあなたの投稿にコメントしました`, body: 'Nice grip' },
      ko: { title: `${username}님이 내 게시물에 댓글을 남겼습니다`, body: 'Nice grip' },
    });
    // The row is marked delivered once the receiver's answer is read, a moment after the receiver saw the push.
    const statusOf = async () => (await app.db.query<{ status: string }>('select status from push_outbox where id = $1', [body.id]))[0]?.status;
    await until(async () => ((await statusOf()) === 'delivered' ? true : undefined));
    expect(await statusOf()).toBe('delivered');
  });

  it('retries after a 500 with the same id until delivered', async () => {
    const author = await registerUser(app);
    failuresLeft = 2;
    await commentOnPostOf(author);
    const pushes = await until(() => {
      const got = pushesFor(author.id);
      return got.length >= 3 ? got : undefined;
    });
    expect(new Set(pushes.map((p) => JSON.parse(p.body).id)).size).toBe(1);
    // The last answer marks the row delivered a moment after the receiver saw it.
    const rowsOf = () => app.db.query<{ status: string; attempts: number }>(`select status, attempts from push_outbox where recipient_id = $1`, [author.id]);
    await until(async () => ((await rowsOf())[0]?.status === 'delivered' ? true : undefined));
    expect(await rowsOf()).toEqual([{ status: 'delivered', attempts: 3 }]);
  }, 10_000);

  it('links a reply to its thread, where it is highlighted', async () => {
    const author = await registerUser(app);
    const { postId, commentId } = await commentOnPostOf(author);
    const replier = await registerUser(app);
    const reply = data<{ id: string }>(
      await app.inject({ method: 'POST', url: `/api/posts/${postId}/comments`, headers: replier.headers, payload: { content: 'Same here', replyTo: commentId } }),
    );
    const commenter = (await app.db.query<{ author_id: string }>('select author_id::text from comments where id = $1', [commentId]))[0]!.author_id;
    const [row] = await app.db.query<{ link: string; type: string; id: string }>(
      `select payload->>'link' as link, payload->>'type' as type, payload->'notification'->>'id' as id from push_outbox where recipient_id = $1`,
      [commenter],
    );
    expect(row).toEqual({ type: 'reply', link: `/app/community/replay?id=${commentId}&comment=${reply.id}&notification=${row!.id}`, id: expect.any(String) });
  });

  it('names the newest liker and counts the others of the group, in every language', async () => {
    const author = await registerUser(app);
    const postId = await makePost(app, author);
    const likers = [await registerUser(app), await registerUser(app), await registerUser(app)];
    for (const liker of likers) data(await app.inject({ method: 'PUT', url: `/api/posts/${postId}/like`, headers: liker.headers }));
    const rows = await app.db.query<{ texts: Record<string, { title: string }> }>(
      `select payload->'texts' as texts from push_outbox where recipient_id = $1 order by created_at`,
      [author.id],
    );
    expect(rows.map((r) => r.texts.en!.title)).toEqual([
      `${likers[0]!.username} liked your post`,
      `${likers[1]!.username} and 1 other liked your post`,
      `${likers[2]!.username} and 2 others liked your post`,
    ]);
    expect(rows[2]!.texts.cn!.title).toBe(`${likers[2]!.username} 和另外 2 人赞了你的帖子`);
    expect(rows[2]!.texts.ko!.title).toBe(`${likers[2]!.username}님 외 2명이 내 게시물을 좋아합니다`);
  });

  it('never queues a type whose push is off, and still pushes one whose inbox is off', async () => {
    const author = await registerUser(app);
    data(await app.inject({ method: 'PUT', url: '/api/me/notification-settings', headers: author.headers, payload: { comment: { inbox: true, push: false }, post_like: { inbox: false, push: true } } }));
    const { postId } = await commentOnPostOf(author);
    const liker = await registerUser(app);
    data(await app.inject({ method: 'PUT', url: `/api/posts/${postId}/like`, headers: liker.headers }));
    const rows = await app.db.query<{ type: string }>(`select payload->>'type' as type from push_outbox where recipient_id = $1`, [author.id]);
    expect(rows.map((r) => r.type)).toEqual(['post_like']);
    await until(() => (pushesFor(author.id).length ? true : undefined));
    expect(pushesFor(author.id).map((p) => JSON.parse(p.body).type)).toEqual(['post_like']);
  });
});
