import { describe, expect, it } from 'vitest';
import { abuseActions } from '#server/lib/abuse-limits.ts';
import { buildTestApp, data, registerUser } from '#server-test/helper.ts';
import { makePost } from '#server/modules/community/test-fixtures.ts';
import { inbox, unread } from './test-fixtures.ts';

// PGlite runs one transaction at a time: only PostgreSQL really runs these at once.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('notifications under concurrency', async () => {
  const app = await buildTestApp({
    REGISTER_LIMIT_PER_IP: '1000',
    RATE_LIMITS: abuseActions.flatMap((a) => [`${a}.user=100000/60`, `${a}.ip=100000/60`]).join(','),
  });

  it('50 concurrent likes make one group of 50, unread once', async () => {
    const author = await registerUser(app);
    const likers = await Promise.all(Array.from({ length: 50 }, () => registerUser(app)));
    const postId = await makePost(app, author);
    await Promise.all(likers.map(async (l) => data(await app.inject({ method: 'PUT', url: `/api/posts/${postId}/like`, headers: l.headers }))));
    const items = await inbox(app, author);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ type: 'post_like', actorCount: 50 });
    expect(items[0]!.actors).toHaveLength(3);
    expect(await unread(app, author)).toBe(1);
    await Promise.all(likers.slice(0, 49).map(async (l) => data(await app.inject({ method: 'DELETE', url: `/api/posts/${postId}/like`, headers: l.headers }))));
    expect((await inbox(app, author))[0]).toMatchObject({ actorCount: 1, actors: [{ id: likers[49]!.id }] });
  });

  it('keeps the unread count equal to the unread items under new notifications and read-all at once', async () => {
    const author = await registerUser(app);
    const commenters = await Promise.all(Array.from({ length: 10 }, () => registerUser(app)));
    const postId = await makePost(app, author);
    const comment = async (headers: Record<string, string>) =>
      data(await app.inject({ method: 'POST', url: `/api/posts/${postId}/comments`, headers, payload: { content: 'hello' } }));
    const readAll = async () => data(await app.inject({ method: 'POST', url: '/api/notifications/read', headers: author.headers }));
    await Promise.all([...commenters.flatMap((c) => [comment(c.headers), comment(c.headers)]), readAll(), readAll(), readAll()]);
    const items = await inbox(app, author);
    expect(items).toHaveLength(20);
    expect(await unread(app, author)).toBe(items.filter((n) => !n.read).length);
    await readAll();
    expect(await unread(app, author)).toBe(0);
  });
});
