import { describe, expect, it } from 'vitest';
import { errorCatalogue, type SharedConfig } from '@padhub/contracts';
import { buildTestApp, data, ORG, OTHER_ORG, registerUser, type Actor } from '#server-test/helper.ts';
import { makePost } from '#server/modules/community/test-fixtures.ts';
import { fpsMapping, makeConfig, swapMapping } from '#server/modules/configs/test-fixtures.ts';
import { putList } from '#server/modules/safety/test-fixtures.ts';

const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000' });
const anonymous = { accorgid: ORG };
type Page = { items: SharedConfig[]; nextCursor: string | null };

const configsOf = (id: string, headers: Record<string, string> = anonymous, query: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/api/users/${id}/configs`, headers, query });

async function shared(author: Actor, body = fpsMapping(), post = {}) {
  const config = await makeConfig(app, author, body);
  await makePost(app, author, { configIds: [config.id], ...post });
  return config;
}

describe('GET /api/users/:id/configs', () => {
  it('lists the person’s configurations on posts the viewer can see, newest first, keyset-paged', async () => {
    const [alice, bob] = [await registerUser(app), await registerUser(app)];
    const first = await shared(alice, swapMapping());
    const second = await shared(alice);
    await makeConfig(app, alice); // on no post: private
    await shared(alice, fpsMapping('pro-2', 'Waiting'), { reviewStatus: 'pending' }); // its post is not visible yet
    await shared(bob); // someone else's
    const page = data<Page>(await configsOf(alice.id, anonymous, { limit: '1' }));
    expect(page.items.map((c) => c.id)).toEqual([second.id]);
    expect(page.items[0]).toMatchObject({ author: { id: alice.id }, name: 'FPS paddles' });
    const next = data<Page>(await configsOf(alice.id, anonymous, { limit: '1', cursor: page.nextCursor ?? '' }));
    expect(next).toEqual({ items: [expect.objectContaining({ id: first.id })], nextCursor: null });
  });

  it('refuses bad input: a malformed id or cursor', async () => {
    const alice = await registerUser(app);
    expect((await configsOf('abc')).statusCode).toBe(400);
    expect((await configsOf(alice.id, anonymous, { cursor: 'nonsense' })).statusCode).toBe(400);
    expect((await configsOf(alice.id, anonymous, { limit: '0' })).statusCode).toBe(400);
  });

  it('shows nothing to whom the person blacklisted, and nobody of another organisation', async () => {
    const [alice, shut] = [await registerUser(app), await registerUser(app)];
    await shared(alice);
    await putList(app, alice, 'blacklist', shut.id);
    expect(data<Page>(await configsOf(alice.id, shut.headers)).items).toEqual([]);
    expect(data<Page>(await configsOf(alice.id, anonymous)).items).toHaveLength(1);
    const stranger = await registerUser(app, { org: OTHER_ORG });
    expect((await configsOf(alice.id, stranger.headers)).json().code).toBe(errorCatalogue.not_found.code);
  });
});
