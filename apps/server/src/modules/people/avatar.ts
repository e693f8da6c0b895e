import type { AvatarInput } from '@padhub/contracts';
import type { Db } from '#server/db/client.ts';
import type { AbuseLimits } from '#server/lib/abuse-limits.ts';
import { setAvatar } from '#server/modules/accounts/public.ts';
import type { MediaLifecycle } from '#server/modules/media-lifecycle/public.ts';
import { renderAvatar } from '#server/storage/avatar.ts';
import { avatarObjectKeys, renditionSource } from '#server/storage/object-keys.ts';
import { type ObjectStore, userPrefix } from '#server/storage/object-store.ts';

interface Member {
  orgId: string;
  userId: string;
  ip: string;
}

/**
 * A person's own avatar (PUT /api/me/avatar): a picture they uploaded, cropped to a square by the
 * server. The one it replaces is deleted as a deleted post's files are (docs/storage.md, "When
 * objects are deleted"): queued in the same transaction, gone once nothing else names it.
 */
export class AvatarService {
  constructor(
    private readonly db: Db,
    private readonly store: ObjectStore,
    private readonly lifecycle: MediaLifecycle,
    private readonly limits: AbuseLimits,
  ) {}

  async set(viewer: Member, input: AvatarInput): Promise<void> {
    await this.limits.enforce('profile', viewer.userId, viewer.ip);
    await this.lifecycle.refuseRemovedEarly([input.path]);
    const avatar = await renderAvatar(this.store, input, userPrefix(viewer.orgId, viewer.userId));
    await this.lifecycle.removing(async (q, queue) => {
      // Under the owner's lock: a deletion of this picture queued meanwhile refuses it (media_removed).
      await this.lifecycle.refuseRemoved(q, [input.path]);
      const before = await setAvatar(q, viewer.userId, avatar);
      const old = before && !before.includes('://') ? (renditionSource(before) ?? before) : null;
      if (old && old !== input.path) await queue.objects(avatarObjectKeys(old));
    });
  }

  /** Back to the initials (DELETE /api/me/avatar): the picture and its squares are deleted as a replaced one's. */
  async remove(viewer: Member): Promise<void> {
    await this.limits.enforce('profile', viewer.userId, viewer.ip);
    await this.lifecycle.removing(async (q, queue) => {
      const before = await setAvatar(q, viewer.userId, null);
      const old = before && !before.includes('://') ? (renditionSource(before) ?? before) : null;
      if (old) await queue.objects(avatarObjectKeys(old));
    });
  }
}
