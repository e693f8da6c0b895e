import { describe, expect, it } from 'vitest';
import type { Config, ConfigCard } from '@padhub/contracts';
import { type Actor, buildTestApp, data, registerUser } from '#server-test/helper.ts';
import { makePost } from '#server/modules/community/test-fixtures.ts';
import { makeConfig, swapMapping } from './test-fixtures.ts';

const app = await buildTestApp();

type Headers = Record<string, string>;
const get = (url: string, headers: Headers) => app.inject({ method: 'GET', url, headers });

/** `sharer` shares a copy of `original`'s configuration on a post; answers the copy and the post. */
async function sharedCopy(original: Actor, sharer: Actor) {
  const source = await makeConfig(app, original, swapMapping('lite', `Written by ${original.username}`));
  await makePost(app, original, { configIds: [source.id] });
  const copy = data<Config>(await app.inject({ method: 'POST', url: `/api/configs/${source.id}/copies`, headers: sharer.headers }));
  const postId = await makePost(app, sharer, { configIds: [copy.id] });
  return { copy, postId };
}

/** The copy's origin as `viewer` reads it on the card of the post, on the configuration itself, and (for its owner) in the library. */
async function originsSeenBy(viewer: Actor, copy: Config, postId: string) {
  const card = data<{ items: ConfigCard[] }>(await get(`/api/posts/${postId}/configs`, viewer.headers)).items.find((c) => c.id === copy.id);
  const config = data<Config>(await get(`/api/configs/${copy.id}`, viewer.headers));
  return [card?.basedOn, config.basedOn];
}

describe("a copy of a configuration whose original's author I have hidden", () => {
  it.each(['blocks', 'blacklist'] as const)('does not name them or their configuration once they are on my %s', async (list) => {
    const [original, sharer, viewer] = [await registerUser(app), await registerUser(app), await registerUser(app)];
    const { copy, postId } = await sharedCopy(original, sharer);
    expect(await originsSeenBy(viewer, copy, postId)).toEqual([
      expect.objectContaining({ author: expect.objectContaining({ id: original.id }) }),
      expect.objectContaining({ author: expect.objectContaining({ id: original.id }) }),
    ]);

    data(await app.inject({ method: 'PUT', url: `/api/${list}/${original.id}`, headers: viewer.headers }));
    // The copy is the sharer's and still shows; where it came from is not said to me.
    expect(await originsSeenBy(viewer, copy, postId)).toEqual([null, null]);
    // Everyone else still reads the credit.
    expect((await originsSeenBy(sharer, copy, postId))[1]).toMatchObject({ name: `Written by ${original.username}`, author: { id: original.id } });
  });

  it('tells me, and only me, whom I hid, so the page can say why the origin is not shown', async () => {
    const [original, sharer, viewer] = [await registerUser(app), await registerUser(app), await registerUser(app)];
    const { copy } = await sharedCopy(original, sharer);
    const read = async (who: Actor) => data<Config>(await get(`/api/configs/${copy.id}`, who.headers));
    expect((await read(viewer)).hiddenOriginAuthor).toBeNull();
    data(await app.inject({ method: 'PUT', url: `/api/blocks/${original.id}`, headers: viewer.headers }));
    expect(await read(viewer)).toMatchObject({ basedOn: null, hiddenOriginAuthor: { id: original.id } });
    expect((await read(sharer)).hiddenOriginAuthor).toBeNull();
    // Not a copy at all: nothing hidden.
    expect((await read(original)).hiddenOriginAuthor).toBeNull();
  });

  it('does not name them in my own library either', async () => {
    const [original, me] = [await registerUser(app), await registerUser(app)];
    const { copy } = await sharedCopy(original, me);
    data(await app.inject({ method: 'PUT', url: `/api/blocks/${original.id}`, headers: me.headers }));
    const mine = data<{ items: ConfigCard[] }>(await get('/api/configs', me.headers)).items.find((c) => c.id === copy.id);
    expect(mine).toMatchObject({ id: copy.id, basedOn: null });
  });
});
