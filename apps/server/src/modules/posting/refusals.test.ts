import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type Post, errorCatalogue } from '@padhub/contracts';
import { buildTestApp, data, registerUser } from '#server-test/helper.ts';
import { listen } from '#server-test/storage.ts';
import { RENDITIONS, renditionKey } from '#server/storage/renditions.ts';
import { makeConfig } from '#server/modules/configs/test-fixtures.ts';
import { createPost, png, refusal, uploadAs } from './test-fixtures.ts';

// Three posts a day per person: small enough to reach in a test.
const app = await buildTestApp({ RATE_LIMITS: 'post.user=3/86400' });
const { origin } = await listen(app);

const renditionsOf = async (path: string) => {
  const made = await Promise.all(Object.values(RENDITIONS).map((width) => app.storage.store.head(renditionKey(path, width))));
  return made.filter(Boolean).length;
};

describe('a refused post costs little', () => {
  it('is refused for an unknown or foreign configuration before any picture is rendered', async () => {
    const [alice, bob] = [await registerUser(app), await registerUser(app)];
    const picture = await uploadAs(origin, alice, 'big.png', await png(2400, 1600), 'image/png');
    const media = [{ path: picture, kind: 'image' as const }];
    const unknown = await createPost(app, alice, { content: 'x', media, configIds: ['999999999'] });
    expect(refusal(unknown)).toMatchObject({ status: 400, code: errorCatalogue.validation_failed.code, data: { issues: [{ path: 'body.configIds' }] } });
    const foreign = await makeConfig(app, bob);
    expect(refusal(await createPost(app, alice, { content: 'x', media, configIds: [foreign.id] }))).toMatchObject({ status: 403, code: errorCatalogue.config_not_yours.code });
    expect(refusal(await createPost(app, alice, { content: 'x', media, model: 'gamecube' }))).toMatchObject({ status: 400 });
    expect(await renditionsOf(picture)).toBe(0);

    // The same post with a configuration of their own goes through, rendered.
    const own = await makeConfig(app, alice);
    const post = data<Post>(await createPost(app, alice, { content: 'x', media, configIds: [own.id] }));
    expect(post.configs).toEqual([own.id]);
    expect(await renditionsOf(picture)).toBe(2);
  });
});

describe('the post rate limit', () => {
  it('counts created posts only: refusals and repeats of the same send use none of the allowance', async () => {
    const alice = await registerUser(app);
    const missing = `${(await uploadAs(origin, alice, 'x.png', await png(), 'image/png')).replace(/x\.png$/, '')}never-uploaded.png`;
    for (let i = 0; i < 5; i++) {
      expect(refusal(await createPost(app, alice, { content: 'x', media: [{ path: missing, kind: 'image' }] }))).toMatchObject({ code: errorCatalogue.media_missing.code });
      expect(refusal(await createPost(app, alice, { content: 'x', configIds: ['999999999'] }))).toMatchObject({ code: errorCatalogue.validation_failed.code });
    }
    const key = randomUUID();
    const first = data<Post>(await createPost(app, alice, { content: 'one' }, { key }));
    for (let i = 0; i < 4; i++) expect(data<Post>(await createPost(app, alice, { content: 'one' }, { key })).id).toBe(first.id);
    data(await createPost(app, alice, { content: 'two' }));
    data(await createPost(app, alice, { content: 'three' }));

    const over = await createPost(app, alice, { content: 'four' });
    expect(refusal(over)).toMatchObject({ status: 429, code: errorCatalogue.rate_limited.code, data: { retryAfter: expect.any(Number) } });
    const [count] = await app.db.query<{ n: number }>('select count(*)::int as n from posts where author_id = $1', [alice.id]);
    expect(count!.n).toBe(3);
    // A repeat of a post made before the limit was reached still answers that post.
    expect(data<Post>(await createPost(app, alice, { content: 'one' }, { key })).id).toBe(first.id);
    // Someone else has their own allowance.
    data(await createPost(app, await registerUser(app), { content: 'hello' }));
  });
});
