import type { Queryable } from '#server/db/client.ts';
import { keyOwner } from '#server/storage/object-keys.ts';
import type { ObjectStore } from '#server/storage/object-store.ts';
import type { LiveKeys } from './live-keys.ts';

/** Keys held before their owners are looked up: bounds memory on a store of millions of objects. */
const HELD = 5000;

/**
 * Uploads (`u/…`) and their renditions (`t/u/…`) last written before `cutoff` that nothing live
 * names: files of a send that failed and was never retried, pictures an admin uploaded and did not
 * save, renditions made for a post that was then refused. Yields them in batches. Only a decision
 * to queue: the deletion itself checks again under the owner's lock.
 */
export async function* findOrphans(db: Queryable, store: ObjectStore, cutoff: number, liveKeys: LiveKeys): AsyncGenerator<string[]> {
  const held = new Map<string, string[]>();
  let count = 0;
  for (const under of ['u/', 't/u/']) {
    for await (const object of store.list(under)) {
      const owner = keyOwner(object.key);
      if (!owner || object.lastModified.getTime() > cutoff) continue;
      const keys = held.get(owner.prefix) ?? [];
      keys.push(object.key);
      held.set(owner.prefix, keys);
      if (++count >= HELD) {
        yield* unnamed(db, held, liveKeys);
        held.clear();
        count = 0;
      }
    }
  }
  yield* unnamed(db, held, liveKeys);
}

async function* unnamed(db: Queryable, held: Map<string, string[]>, liveKeys: LiveKeys): AsyncGenerator<string[]> {
  for (const [prefix, keys] of held) {
    const live = await liveKeys(db, keyOwner(prefix)!);
    const orphans = keys.filter((key) => !live.has(key));
    if (orphans.length > 0) yield orphans;
  }
}
