import type { Comment, Config, Post } from '@padhub/contracts';
import { type Actor, data, registerUser, type TestApp } from '#server-test/helper.ts';
import { makeConfig } from '#server/modules/configs/test-fixtures.ts';
import { postWithMedia } from '#server/modules/media-lifecycle/test-fixtures.ts';
import { createPost } from '#server/modules/posting/test-fixtures.ts';
import { userPrefix } from '#server/storage/object-store.ts';

export const act = (app: TestApp, actor: Actor, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: { ...actor.headers, 'accept-language': 'en' }, ...(payload ? { payload } : {}) });

/** Every object the store holds under a person's prefix and its renditions. */
export async function objectsUnder(app: TestApp, actor: Actor): Promise<string[]> {
  const keys: string[] = [];
  const prefix = userPrefix(actor.org, actor.id);
  for (const under of [prefix, `t/${prefix}`]) for await (const object of app.storage.store.list(under)) keys.push(object.key);
  return keys.sort();
}

/** Asks `read` again until `done` (a job in another part of the process works meanwhile); answers the last value. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface ActivePerson {
  alice: Actor;
  bob: Actor;
  carol: Actor;
  post: Post;
  config: Config;
  /** Bob's copy of Alice's configuration. */
  copy: Config;
  /** Alice's comment on Bob's post, and Bob's reply to it. */
  comment: Comment;
  reply: Comment;
  bobsPost: Post;
}

/**
 * Alice, who used everything: a post with a picture and a video (processed when the app runs a
 * worker), a configuration Bob copied, a comment on Bob's post that Bob answered, likes and a
 * favourite, a follow either way, a block and a blacklist entry.
 */
export async function activePerson(app: TestApp, origin: string): Promise<ActivePerson> {
  const [alice, bob, carol] = [await registerUser(app), await registerUser(app), await registerUser(app)];
  const post = await postWithMedia(app, origin, alice, 'mine');
  const config = await makeConfig(app, alice);
  // Shared in a post, so that others may copy it.
  data(await createPost(app, alice, { content: 'My layout', configIds: [config.id] }));
  const copy = data<Config>(await act(app, bob, 'POST', `/api/configs/${config.id}/copies`));
  const bobsPost = data<Post>(await createPost(app, bob, { content: 'Bob asks about paddles' }));
  const comment = data<Comment>(await act(app, alice, 'POST', `/api/posts/${bobsPost.id}/comments`, { content: 'Alice answers' }));
  const reply = data<Comment>(await act(app, bob, 'POST', `/api/posts/${bobsPost.id}/comments`, { content: 'Bob thanks Alice', replyTo: comment.id }));
  data(await act(app, alice, 'PUT', `/api/posts/${bobsPost.id}/like`));
  data(await act(app, alice, 'PUT', `/api/posts/${bobsPost.id}/favourite`));
  data(await act(app, alice, 'PUT', `/api/comments/${reply.id}/like`));
  data(await act(app, alice, 'PUT', `/api/users/${bob.id}/follow`));
  data(await act(app, bob, 'PUT', `/api/users/${alice.id}/follow`));
  data(await act(app, alice, 'PUT', `/api/blocks/${carol.id}`));
  data(await act(app, alice, 'POST', '/api/me/filters', { words: [{ word: 'spoiler' }], action: 'warn', contexts: ['feed'] }));
  data(await act(app, alice, 'PUT', `/api/blacklist/${(await registerUser(app)).id}`));
  return { alice, bob, carol, post, config, copy, comment, reply, bobsPost };
}
