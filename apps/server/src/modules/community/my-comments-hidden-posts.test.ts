import { describe, expect, it } from 'vitest';
import type { MyComment } from '@padhub/contracts';
import { type Actor, buildTestApp, data, registerUser } from '#server-test/helper.ts';
import { makePost } from './test-fixtures.ts';

const app = await buildTestApp();

type Page<T> = { items: T[]; nextCursor: string | null };

/** My reply to the author's comment on a fresh post of theirs, and that comment as my own list shows it after `then`. */
async function myCommentAfter(me: Actor, author: Actor, then: (postId: string) => Promise<unknown>): Promise<MyComment | undefined> {
  const postId = await makePost(app, author, { content: `SECRET words of ${author.username}` });
  const theirs = data(await app.inject({ method: 'POST', url: `/api/posts/${postId}/comments`, headers: author.headers, payload: { content: `SECRET comment of ${author.username}` } }));
  const comment = data(await app.inject({ method: 'POST', url: `/api/posts/${postId}/comments`, headers: me.headers, payload: { content: 'my words', replyTo: theirs.id } }));
  await then(postId);
  const page = data<Page<MyComment>>(await app.inject({ method: 'GET', url: '/api/me/comments', headers: me.headers, query: { limit: '50' } }));
  return page.items.find((c) => c.id === comment.id);
}

describe('GET /api/me/comments on posts I can no longer open', () => {
  it('quotes the post while I may open it', async () => {
    const [me, author] = [await registerUser(app), await registerUser(app)];
    const mine = await myCommentAfter(me, author, async () => undefined);
    expect(mine?.postExcerpt).toBe(`SECRET words of ${author.username}`);
    expect(mine?.replyToExcerpt).toBe(`SECRET comment of ${author.username}`);
  });

  it.each([
    ['moderation did not pass it', async (postId: string) => app.db.query(`update posts set review_status = 'not_passed', review_reason = 'illegal' where id = $1`, [postId])],
    ['it went back to waiting for review', async (postId: string) => app.db.query(`update posts set review_status = 'pending' where id = $1`, [postId])],
  ])('keeps my comment but quotes nothing of the post when %s', async (_, then) => {
    const [me, author] = [await registerUser(app), await registerUser(app)];
    const mine = await myCommentAfter(me, author, then);
    // Still listed, so I can delete what I wrote; the post's text is not mine to read any more.
    expect(mine).toMatchObject({ content: 'my words', postExcerpt: '', replyToExcerpt: '' });
  });

  it('quotes nothing of the post once its author blacklisted me', async () => {
    const [me, author] = [await registerUser(app), await registerUser(app)];
    const mine = await myCommentAfter(me, author, async () => data(await app.inject({ method: 'PUT', url: `/api/blacklist/${me.id}`, headers: author.headers })));
    expect(mine).toMatchObject({ content: 'my words', postExcerpt: '', replyToExcerpt: '' });
  });

  it('quotes nothing of the post once I blocked its author', async () => {
    const [me, author] = [await registerUser(app), await registerUser(app)];
    const mine = await myCommentAfter(me, author, async () => data(await app.inject({ method: 'PUT', url: `/api/blocks/${author.id}`, headers: me.headers })));
    expect(mine).toMatchObject({ content: 'my words', postExcerpt: '', replyToExcerpt: '' });
  });

  it('quotes nothing of the post once its author deregistered', async () => {
    const [me, author] = [await registerUser(app), await registerUser(app)];
    const mine = await myCommentAfter(me, author, async () => data(await app.inject({ method: 'DELETE', url: '/api/me', headers: author.headers })));
    expect(mine).toMatchObject({ content: 'my words', postExcerpt: '', replyToExcerpt: '' });
  });
});
