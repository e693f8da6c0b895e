import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type Post, errorCatalogue, idempotencyKeyReusedDataSchema } from '@padhub/contracts';
import { buildTestApp, data, registerUser } from '#server-test/helper.ts';
import { createPost, refusal } from './test-fixtures.ts';

const app = await buildTestApp();

async function postsOf(authorId: string) {
  const [row] = await app.db.query<{ n: number }>('select count(*)::int as n from posts where author_id = $1', [authorId]);
  return row!.n;
}

describe('Idempotency-Key on POST /api/posts', () => {
  it.each([
    ['missing', null],
    ['too short', 'abc123'],
    ['with spaces', 'not a key but words!!'],
    ['too long', 'k'.repeat(101)],
  ])('is required: %s is refused as idempotency_key_invalid', async (_name, key) => {
    const alice = await registerUser(app);
    expect(refusal(await createPost(app, alice, { content: 'hello' }, { key }))).toMatchObject({ status: 400, code: errorCatalogue.idempotency_key_invalid.code });
    expect(await postsOf(alice.id)).toBe(0);
  });

  it('answers a repeat with the first post and never makes a second', async () => {
    const alice = await registerUser(app);
    const key = randomUUID();
    const first = data<Post>(await createPost(app, alice, { content: 'only once', model: 'lite' }, { key }));
    const again = data<Post>(await createPost(app, alice, { content: 'only once', model: 'lite' }, { key }));
    expect(again).toEqual(first);
    expect(await postsOf(alice.id)).toBe(1);
  });

  it('answers requests sent at the same time with one post', async () => {
    const alice = await registerUser(app);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 6 }, () => createPost(app, alice, { content: 'tapped six times' }, { key })));
    const ids = answers.map((res) => data<Post>(res).id);
    expect(new Set(ids).size).toBe(1);
    expect(await postsOf(alice.id)).toBe(1);
  });

  it('refuses the same key with another body, clearly, naming the post the key made', async () => {
    const alice = await registerUser(app);
    const key = randomUUID();
    const first = data<Post>(await createPost(app, alice, { content: 'first text' }, { key }));
    const res = await createPost(app, alice, { content: 'edited text' }, { key, lang: 'en' });
    expect(refusal(res)).toMatchObject({ status: 422, code: errorCatalogue.idempotency_key_reused.code });
    expect(res.json().message).toMatch(/already sent, with different content/);
    // As the contracts describe it, so that a client can say it was sent and open it.
    expect(idempotencyKeyReusedDataSchema.parse(res.json().data)).toEqual({ postId: first.id });
    expect(await postsOf(alice.id)).toBe(1);
  });

  it('names the post of the key only to its author: someone else with the same key makes their own', async () => {
    const alice = await registerUser(app);
    const bob = await registerUser(app);
    const key = randomUUID();
    const mine = data<Post>(await createPost(app, alice, { content: 'mine' }, { key }));
    const res = await createPost(app, bob, { content: 'not mine' }, { key });
    expect(data<Post>(res).id).not.toBe(mine.id);
    expect(JSON.stringify(res.json())).not.toContain(`"postId":"${mine.id}"`);
  });

  it('answers not_found, not a refusal naming it, for the key of a post deleted since, even with another body', async () => {
    const alice = await registerUser(app);
    const key = randomUUID();
    const post = data<Post>(await createPost(app, alice, { content: 'gone soon' }, { key }));
    data(await app.inject({ method: 'DELETE', url: `/api/posts/${post.id}`, headers: alice.headers }));
    const res = await createPost(app, alice, { content: 'edited after' }, { key });
    expect(refusal(res)).toMatchObject({ status: 404, code: errorCatalogue.not_found.code, data: undefined });
    expect(await postsOf(alice.id)).toBe(1);
  });

  it('scopes keys per person: the same key from someone else is their own post', async () => {
    const alice = await registerUser(app);
    const bob = await registerUser(app);
    const key = randomUUID();
    const mine = data<Post>(await createPost(app, alice, { content: 'same words' }, { key }));
    const theirs = data<Post>(await createPost(app, bob, { content: 'same words' }, { key }));
    expect(theirs.id).not.toBe(mine.id);
    expect(theirs.author.id).toBe(bob.id);
  });

  it('answers not_found for the key of a post deleted since, and makes no new one', async () => {
    const alice = await registerUser(app);
    const key = randomUUID();
    const post = data<Post>(await createPost(app, alice, { content: 'gone soon' }, { key }));
    data(await app.inject({ method: 'DELETE', url: `/api/posts/${post.id}`, headers: alice.headers }));
    expect(refusal(await createPost(app, alice, { content: 'gone soon' }, { key }))).toMatchObject({ status: 404, code: errorCatalogue.not_found.code });
    expect(await postsOf(alice.id)).toBe(1);
  });
});
