import type { PageQuery, PictureHold, PictureMatchAction, RemovedPicturePage } from '@padhub/contracts';
import type { Db, Queryable } from '#server/db/client.ts';
import type { Staff } from '#server/http/staff.ts';
import { decodeCursor, encodeCursor, pageOf } from '#server/lib/cursor.ts';
import { fail } from '#server/lib/errors.ts';
import { FINGERPRINT_BYTES } from '#server/lib/picture-hash/hash.ts';
import { HashIndex } from '#server/lib/picture-hash/hash-index.ts';
import type { PictureScreen, PostPicture } from '#server/lib/picture-hash/screen.ts';
import { writeAudit } from '#server/modules/audit/public.ts';
import { bumpList, countList, deleteEntry, listPage, listPrints, matchSettings, saveHold, savePostPictures } from './removed-pictures-repo.ts';

/**
 * Removed pictures stay removed (docs/moderation.md): the organisation's list of pictures removed
 * with their posts, and the check of every new post's pictures against it. Each process keeps one
 * index per organisation with the list's version it was built from, and reads the version (and
 * what a match does) before each check: one indexed read, and a change made through any process
 * holds in every process from its next check on, as the watched words do.
 */
export class RemovedPicturesService implements PictureScreen {
  private readonly indexes = new Map<string, { version: string; index: HashIndex }>();

  constructor(private readonly db: Db) {}

  async screen(orgId: string, pictures: PostPicture[]): Promise<PictureHold | null> {
    if (pictures.length === 0) return null;
    const settings = await matchSettings(this.db, orgId);
    const index = await this.index(orgId, settings.version);
    for (const picture of pictures) {
      // A new upload is looked up by its whole picture: the list holds the framings.
      const match = index.nearest(picture.prints.subarray(0, FINGERPRINT_BYTES));
      if (!match) continue;
      if (settings.action === 'refuse') throw fail('picture_refused');
      return { removedPostId: match.entry };
    }
    return null;
  }

  async record(q: Queryable, orgId: string, postId: string, pictures: PostPicture[], hold: PictureHold | null): Promise<void> {
    await savePostPictures(q, orgId, postId, pictures);
    if (hold) await saveHold(q, postId, hold);
  }

  private async index(orgId: string, version: string): Promise<HashIndex> {
    const kept = this.indexes.get(orgId);
    if (kept?.version === version) return kept.index;
    // Read after the version: a change meanwhile is in these rows, and the next check, seeing a newer version, builds again.
    const rows = await listPrints(this.db, orgId);
    const owners = rows.flatMap((row) => Array.from({ length: row.prints.length / FINGERPRINT_BYTES }, () => row.post_id));
    const index = new HashIndex(Buffer.concat(rows.map((row) => row.prints)), owners);
    this.indexes.set(orgId, { version, index });
    return index;
  }

  async list(staff: Staff, page: PageQuery): Promise<RemovedPicturePage> {
    const before = page.cursor === undefined ? undefined : decodeCursor('removed-pictures', page.cursor, ['bigint'])[0];
    const rows = await listPage(this.db, staff.orgId, before, page.limit);
    const result = pageOf(rows, page.limit, (row) => ({ id: row.id, postId: row.post_id, removedAt: new Date(row.created_at).toISOString() }), (row) => encodeCursor('removed-pictures', [row.id]));
    const [{ action }, total] = await Promise.all([matchSettings(this.db, staff.orgId), countList(this.db, staff.orgId)]);
    return { ...result, action, total };
  }

  /** An admin takes a picture off the list: it may be posted again. */
  async forget(admin: Staff, id: string): Promise<void> {
    await this.db.tx(async (q) => {
      const entry = await deleteEntry(q, admin.orgId, id);
      if (!entry) throw fail('not_found');
      await bumpList(q, admin.orgId);
      await writeAudit(q, { orgId: admin.orgId, actorId: admin.userId, action: 'forget_removed_picture', targetType: 'removed_picture', targetId: id, reason: null, detail: { postId: entry.post_id } });
    });
  }

  async setAction(admin: Staff, action: PictureMatchAction): Promise<{ action: PictureMatchAction }> {
    return this.db.tx(async (q) => {
      const before = await matchSettings(q, admin.orgId);
      await bumpList(q, admin.orgId, action);
      const detail = { from: before.action, to: action };
      await writeAudit(q, { orgId: admin.orgId, actorId: admin.userId, action: 'set_picture_match_action', targetType: 'removed_picture', targetId: null, reason: null, detail });
      return { action };
    });
  }
}
