import type { Media } from '@padhub/contracts';
import type { NewPost } from '#server/modules/community/posts-repo.ts';
import { checkMedia, RENDITIONS, renditionKey } from '#server/storage/media.ts';
import { type ObjectStore, userPrefix } from '#server/storage/object-store.ts';
import { random } from './bulk.ts';
import { drawPictures } from './pictures.ts';

const DISTINCT = 30;
/** Most posts carry a few pictures; some carry many (the spec allows 18, the demo up to 9). */
const PICTURE_COUNTS = [1, 1, 1, 1, 2, 2, 3, 3, 4, 5, 6, 9];
const SHARE = 0.4;
const AT_ONCE = 8;

/**
 * Gives a share of the seeded posts 1 to 9 real pictures, stored as an upload would be: under the
 * author's prefix, named like the uploader names files, with renditions made by the same code
 * that checks uploads (checkMedia). Each drawing is checked and rendered once; an author who
 * posts it again gets a copy of the original and its renditions, which is what rendering the
 * same bytes again would give, in a fraction of the time. Changes `posts` in place.
 */
export async function attachSeedPictures(store: ObjectStore, posts: NewPost[]): Promise<void> {
  // Its own generator: the posts, comments and likes come out the same with or without pictures.
  const rng = random(4_242);
  const pictures = await drawPictures(rng, DISTINCT);
  const chars = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const keyOf = new Map<string, string>();
  const uses: { post: NewPost; pictures: number[] }[] = [];
  for (const post of posts) {
    if (!rng.chance(SHARE)) continue;
    const chosen = rng.shuffle(pictures.map((_, i) => i)).slice(0, rng.pick(PICTURE_COUNTS));
    uses.push({ post, pictures: chosen });
    for (const picture of chosen) {
      const pair = `${post.authorId}:${picture}`;
      const suffix = Array.from({ length: 4 }, () => rng.pick([...chars])).join('');
      if (!keyOf.has(pair)) keyOf.set(pair, `${userPrefix(post.orgId, post.authorId)}post/${post.createdAt?.getTime() ?? Date.now()}${suffix}.jpg`);
    }
  }

  // The first copy of each drawing is checked and rendered; the others copy it.
  const pairs = [...keyOf.entries()].map(([pair, key]) => ({ picture: Number(pair.split(':')[1]), authorPrefix: key.slice(0, key.indexOf('post/')), key }));
  const first = new Map<number, (typeof pairs)[number]>();
  for (const pair of pairs) if (!first.has(pair.picture)) first.set(pair.picture, pair);
  const media = new Map<string, Media>();
  await inBatches([...first.values()], async ({ picture, authorPrefix, key }) => {
    await store.put(key, pictures[picture]!.jpeg, 'image/jpeg');
    const [item] = await checkMedia(store, [{ path: key, kind: 'image' }], authorPrefix);
    media.set(key, item!);
  });
  const renditions = new Map<number, { width: number; webp: Buffer }[]>();
  for (const [picture, { key }] of first) {
    renditions.set(picture, await Promise.all(Object.values(RENDITIONS).map(async (width) => ({ width, webp: await read(store, renditionKey(key, width)) }))));
  }
  await inBatches(pairs.filter((pair) => first.get(pair.picture) !== pair), async ({ picture, key }) => {
    await store.put(key, pictures[picture]!.jpeg, 'image/jpeg');
    for (const { width, webp } of renditions.get(picture)!) await store.put(renditionKey(key, width), webp, 'image/webp');
    const model = media.get(first.get(picture)!.key)!;
    media.set(key, { ...model, path: key, thumb: renditionKey(key, RENDITIONS.thumb), preview: renditionKey(key, RENDITIONS.preview) });
  });

  for (const { post, pictures: chosen } of uses) post.media = chosen.map((picture) => media.get(keyOf.get(`${post.authorId}:${picture}`)!)!);
}

async function read(store: ObjectStore, key: string): Promise<Buffer> {
  const object = await store.get(key);
  if (!object) throw new Error(`seed: rendition ${key} is missing`);
  return Buffer.concat(await object.body.toArray());
}

async function inBatches<T>(items: T[], work: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += AT_ONCE) await Promise.all(items.slice(i, i + AT_ONCE).map(work));
}
