import type { Media, Post } from '@padhub/contracts';
import { data, type Actor, type TestApp } from '#server-test/helper.ts';
import { mediaObjectKeys } from '#server/storage/object-keys.ts';
import { createPost, mp4, png, uploadAs } from '#server/modules/posting/test-fixtures.ts';
import { processedPost } from '#server/modules/videos/test-fixtures.ts';

/** Which of `keys` the store holds now. */
export async function stored(app: TestApp, keys: readonly string[]): Promise<string[]> {
  const held: string[] = [];
  for (const key of keys) if (await app.storage.store.head(key)) held.push(key);
  return held;
}

/** Every object behind a post: originals, the video's poster, renditions (the ones that exist). */
export async function objectsOf(app: TestApp, media: readonly Media[]): Promise<string[]> {
  return stored(app, mediaObjectKeys(media));
}

/**
 * A post with a picture, and a video with its poster, uploaded as the client does. When the app
 * runs a worker, answered once the video is ready (its poster, MP4 made: all it will have).
 */
export async function postWithMedia(app: TestApp, origin: string, author: Actor, name: string): Promise<Post> {
  const picture = await uploadAs(origin, author, `${name}.png`, await png(900, 600), 'image/png');
  const video = await uploadAs(origin, author, `${name}.mp4`, mp4(), 'video/mp4');
  const poster = await uploadAs(origin, author, `${name}-poster.png`, await png(640, 360, 30), 'image/png');
  const post = data<Post>(await createPost(app, author, { content: name, media: [{ path: picture, kind: 'image' }, { path: video, kind: 'video', thumb: poster }] }));
  return app.config.jobs.inProcess ? processedPost(app, author, post.id) : post;
}

/** The queue row of a key, as the sweep sees it. */
export async function queueRow(app: TestApp, key: string) {
  const [row] = await app.db.query<{ attempts: number; done: boolean; due_in: number; last_error: string | null }>(
    `select attempts, done_at is not null as done, extract(epoch from due_at - now())::float8 as due_in, last_error
     from storage_deletions where key = $1`,
    [key],
  );
  return row;
}
