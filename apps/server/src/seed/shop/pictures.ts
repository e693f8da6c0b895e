import sharp from 'sharp';
import type { Media } from '@padhub/contracts';
import { checkMedia, RENDITIONS, renditionKey } from '#server/storage/media.ts';
import type { ObjectStore } from '#server/storage/object-store.ts';
import { random } from '#server/seed/community/bulk.ts';
import { type Drawing, drawProduct } from './drawings.ts';

// Two cores: more at once only queues on sharp's thread pool.
const AT_ONCE = 2;

/** Where an organisation's seeded shop pictures live: no user's prefix, so no user's credentials reach them. */
const shopPrefix = (orgId: string) => `shop/${orgId}/`;

/**
 * Product pictures for the seeded shops. Each drawing is drawn, stored as a JPEG under the
 * organisation's shop prefix and given its renditions by the same code that checks uploaded
 * pictures (checkMedia). A drawing another organisation already has is copied with its
 * renditions, which is what rendering the same bytes again would give, in a fraction of the time.
 */
export class ProductPictures {
  private readonly done = new Map<string, { jpeg: Buffer; media: Media }>();

  constructor(private readonly store: ObjectStore) {}

  /** Stores the pictures of one organisation and answers their media items by name. */
  async storeAll(orgId: string, pictures: Map<string, Drawing>): Promise<Map<string, Media>> {
    const media = new Map<string, Media>();
    const entries = [...pictures.entries()];
    for (let i = 0; i < entries.length; i += AT_ONCE) {
      await Promise.all(
        entries.slice(i, i + AT_ONCE).map(async ([name, drawing]) => {
          media.set(name, await this.storeOne(`${shopPrefix(orgId)}${name}.jpg`, drawing));
        }),
      );
    }
    return media;
  }

  private async storeOne(path: string, drawing: Drawing): Promise<Media> {
    const id = JSON.stringify(drawing);
    const earlier = this.done.get(id);
    if (earlier) return this.copy(earlier, path);
    // A generator per drawing: the same drawing comes out the same whatever is drawn around it.
    const jpeg = await sharp(Buffer.from(drawProduct(random(hash(id)), drawing))).jpeg({ quality: 84 }).toBuffer();
    await this.store.put(path, jpeg, 'image/jpeg');
    const [media] = await checkMedia(this.store, [{ path, kind: 'image' }], path.slice(0, path.lastIndexOf('/') + 1));
    this.done.set(id, { jpeg, media: media! });
    return media!;
  }

  private async copy(earlier: { jpeg: Buffer; media: Media }, path: string): Promise<Media> {
    await this.store.put(path, earlier.jpeg, 'image/jpeg');
    for (const width of Object.values(RENDITIONS)) {
      const object = await this.store.get(renditionKey(earlier.media.path, width));
      if (!object) throw new Error(`seed: rendition of ${earlier.media.path} is missing`);
      await this.store.put(renditionKey(path, width), Buffer.concat(await object.body.toArray()), 'image/webp');
    }
    return { ...earlier.media, path, thumb: renditionKey(path, RENDITIONS.thumb), preview: renditionKey(path, RENDITIONS.preview) };
  }
}

function hash(text: string): number {
  let h = 2_166_136_261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16_777_619);
  return h >>> 0;
}
