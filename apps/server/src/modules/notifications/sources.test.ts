import { describe, expect, it } from 'vitest';
import { buildTestApp, data, registerUser } from '#server-test/helper.ts';
import { makePost } from '#server/modules/community/test-fixtures.ts';
import { fpsMapping, makeConfig } from '#server/modules/configs/test-fixtures.ts';
import { commentOn, registerStaff, report } from '#server/modules/safety/test-fixtures.ts';
import { inbox } from './test-fixtures.ts';

const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000' });
const moderator = await registerStaff(app, 'moderator');
const call = (headers: Record<string, string>, method: 'POST' | 'PUT', url: string, payload?: object) =>
  app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe('configuration copies and applies', () => {
  it('tell the owner once per person, grouped per configuration', async () => {
    const [owner, a, b] = [await registerUser(app), await registerUser(app), await registerUser(app)];
    const config = await makeConfig(app, owner, fpsMapping());
    await makePost(app, owner, { configIds: [config.id] });
    for (const who of [a, a, b]) data(await call(who.headers, 'POST', `/api/configs/${config.id}/applies`));
    data(await call(a.headers, 'POST', `/api/configs/${config.id}/copies`));
    data(await call(a.headers, 'POST', `/api/configs/${config.id}/copies`));
    const items = await inbox(app, owner);
    expect(items.map((n) => [n.type, n.actorCount, n.target.type, n.target.excerpt])).toEqual([
      ['config_copy', 1, 'config', config.name],
      ['config_apply', 2, 'config', config.name],
    ]);
  });
});

describe('mentions', () => {
  it('tell each named person of the organisation once per item, never the author, and not twice with a reply', async () => {
    const [author, named, answered] = [await registerUser(app), await registerUser(app), await registerUser(app)];
    const postId = await makePost(app, author);
    const parent = data<{ id: string }>(await commentOn(app, answered, postId, 'first'));
    const text = `@${named.username} and @${named.username.toUpperCase()}, also @${author.username} @${answered.username} @nobody-here`;
    const reply = data<{ id: string }>(await commentOn(app, author, postId, text, parent.id));
    expect((await inbox(app, named)).map((n) => [n.type, n.target.id, n.target.postId])).toEqual([['mention', reply.id, postId]]);
    expect((await inbox(app, answered)).map((n) => n.type)).toEqual(['reply']);
    expect((await inbox(app, author)).map((n) => n.type)).toEqual(['comment']);
  });

  it('in a new post tell the named person, with the post as target', async () => {
    const [author, named] = [await registerUser(app), await registerUser(app)];
    const res = await app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { ...author.headers, 'idempotency-key': crypto.randomUUID() },
      payload: { content: `Look, @${named.username}.` },
    });
    const post = data<{ id: string }>(res);
    expect((await inbox(app, named)).map((n) => [n.type, n.target.type, n.target.id])).toEqual([['mention', 'post', post.id]]);
  });
});

describe('moderation decisions and report outcomes', () => {
  it('tell the author the decision with its reason, and each reporter the outcome', async () => {
    const [author, reporter] = [await registerUser(app), await registerUser(app)];
    const postId = await makePost(app, author);
    data(await report(app, reporter, { targetType: 'post', targetId: postId, reason: 'spam', description: '' }));
    data(await call(moderator.headers, 'POST', `/api/admin/posts/${postId}/not-pass`, { reason: 'Off topic' }));
    expect((await inbox(app, author)).map((n) => [n.type, n.reason, n.actors.length])).toEqual([['post_not_passed', 'Off topic', 0]]);
    expect((await inbox(app, reporter)).map((n) => [n.type, n.reason, n.target.id])).toEqual([['report_outcome', 'action_taken', postId]]);

    const commentId = data<{ id: string }>(await commentOn(app, author, await makePost(app, reporter), 'rude')).id;
    data(await call(moderator.headers, 'POST', `/api/admin/comments/${commentId}/delete`, { reason: 'Rude' }));
    const removed = (await inbox(app, author))[0]!;
    expect(removed).toMatchObject({ type: 'comment_removed', reason: 'Rude', target: { id: commentId, gone: true, excerpt: 'rude' } });

    const other = await makePost(app, author);
    data(await report(app, reporter, { targetType: 'post', targetId: other, reason: 'spam', description: '' }));
    data(await call(moderator.headers, 'POST', '/api/admin/reports/dismiss', { targetType: 'post', targetId: other, reason: 'Fine' }));
    expect((await inbox(app, reporter))[0]).toMatchObject({ type: 'report_outcome', reason: 'no_action' });
    expect((await inbox(app, author))[0]!.type).toBe('comment_removed');

    data(await call(moderator.headers, 'POST', `/api/admin/posts/${other}/delete`, { reason: 'Spam after all' }));
    expect((await inbox(app, author))[0]).toMatchObject({ type: 'post_removed', reason: 'Spam after all', target: { gone: true } });
  });
});
