import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { PrivacyConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { JobQueue } from '#server/jobs/queue.ts';
import type { Notices } from '#server/lib/notices.ts';
import type { ObjectStore } from '#server/storage/object-store.ts';
import { type ArchiveData, readArchiveData } from './archive-data.ts';
import { type ExportsRepo } from './exports-repo.ts';
import type { SafetyOffer } from '#server/modules/safety/public.ts';
import { indexHtml } from './index-html.ts';
import { expireExportJob } from './jobs.ts';

/** Where archives live: outside every upload prefix (no person's credentials reach it), under a name nobody guesses. */
const archiveKey = (orgId: string, userId: string) => `x/${orgId}/${userId}/${randomBytes(16).toString('hex')}.zip`;

/** The JSON files of an archive, for programs (docs/privacy.md, "What the archive holds"). */
function jsonFiles(data: ArchiveData): [string, unknown][] {
  const { community } = data;
  return [
    ['profile.json', { ...data.account.profile, bio: data.people.bio }],
    ['posts.json', community.posts],
    ['comments.json', community.comments],
    ['likes.json', { posts: community.likes, comments: community.commentLikes }],
    ['favourites.json', community.favourites],
    ['follows.json', { following: data.people.following, followers: data.people.followers }],
    ['blocks.json', { blocks: data.safety.blocks, blacklist: data.safety.blacklist }],
    ['filters.json', data.safety.filters],
    ['trust.json', data.safety.trust],
    // The bodies `POST /api/configs` takes: "Your data" imports them again (`POST /api/me/configs/import`).
    ['configs.json', data.configs],
    ['notification-settings.json', data.notificationSettings],
    ['sessions.json', data.account.sessions],
  ];
}

/**
 * Builds the archives people ask for (docs/privacy.md, "Export"), in a job: a zip streamed into the
 * object store as it is made (a multipart upload on S3), each original read from the store as the
 * zip reaches it, so neither memory nor local disk holds the archive. When it is stored, the row
 * gets its link, the person a notification, and the queue the job that deletes it when the link
 * expires, all in one transaction.
 */
export class ExportBuilder {
  constructor(
    private readonly db: Db,
    private readonly repos: { exports: ExportsRepo },
    /** What safety's part of the archive is read with (compose/offers.ts). */
    private readonly offers: { safety: SafetyOffer },
    private readonly store: ObjectStore,
    private readonly notices: Notices,
    private readonly queue: JobQueue,
    private readonly config: PrivacyConfig,
  ) {}

  async run(exportId: string, signal: AbortSignal): Promise<void> {
    const row = await this.repos.exports.claim(exportId);
    if (!row) return;
    const data = await readArchiveData(this.offers, this.db, row.user_id);
    if (!data) return this.repos.exports.failed(exportId);
    const key = archiveKey(row.org_id, row.user_id);
    try {
      await this.write(key, data, row.lang, signal);
    } catch (error) {
      await this.store.delete(key).catch(() => undefined);
      throw error;
    }
    const size = (await this.store.head(key))?.size ?? 0;
    await this.queue.start();
    await this.db.tx(async (q) => {
      await this.repos.exports.on(q).ready(exportId, key, randomBytes(32).toString('base64url'), size, this.config.linkSeconds);
      await this.notices.notify(q, { orgId: row.org_id, type: 'export_ready', recipientId: row.user_id, actorId: null, target: { type: 'user', id: row.user_id } });
      await this.queue.send(expireExportJob, { exportId }, { q, startAfterSeconds: this.config.linkSeconds });
    });
  }

  /** Every attempt failed: the person sees it failed, and may ask again (a failed one does not count against the week). */
  async failed(exportId: string): Promise<void> {
    await this.repos.exports.failed(exportId);
  }

  /** The link has expired: the archive is deleted, the row says expired. */
  async expire(exportId: string): Promise<void> {
    const key = await this.repos.exports.expire(exportId);
    if (key) await this.store.delete(key);
  }

  private async write(key: string, data: ArchiveData, lang: ArchiveLang, signal: AbortSignal): Promise<void> {
    // An original gone from the store (a file being deleted) is left out rather than failing the archive.
    for (const post of data.community.posts) {
      for (const item of post.media) if (!(await this.store.head(item.path))) delete item.file;
    }
    const zip = new ZipFile();
    zip.addBuffer(Buffer.from(indexHtml(data, lang, new Date())), 'index.html');
    for (const [name, value] of jsonFiles(data)) zip.addBuffer(Buffer.from(JSON.stringify(value, null, 2)), name);
    for (const post of data.community.posts) {
      for (const item of post.media) {
        if (!item.file) continue;
        const path = item.path;
        // Opened only when the zip reaches it: one original read at a time.
        zip.addReadStreamLazy(item.file, { compress: false }, (done) => {
          this.store.get(path).then(
            (object) => (object ? done(null, object.body) : done(new Error(`${path} is gone from the store`), undefined as never)),
            (error: Error) => done(error, undefined as never),
          );
        });
      }
    }
    const stored = this.store.put(key, zip.outputStream as Readable, 'application/zip');
    const abort = () => (zip.outputStream as Readable).destroy(new Error('the archive job was stopped'));
    signal.addEventListener('abort', abort, { once: true });
    zip.end();
    try {
      await stored;
    } finally {
      signal.removeEventListener('abort', abort);
    }
  }
}

type ArchiveLang = Parameters<typeof indexHtml>[1];
