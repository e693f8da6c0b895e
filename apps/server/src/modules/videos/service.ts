import type { Lang, Media, Organisation } from '@padhub/contracts';
import type { Db, Queryable } from '#server/db/client.ts';
import { fail } from '#server/lib/errors.ts';
import type { JobQueue } from '#server/jobs/queue.ts';
import type { ObjectStore } from '#server/storage/object-store.ts';
import { ObjectTap } from '#server/video/object-tap.ts';
import { type VideoFacts, VideoUnreadable, probeVideo } from '#server/video/probe.ts';
import { type ToolSettings, videoTools } from '#server/video/tools.ts';
import { type CommunityOffer, patchMediaItems } from '#server/modules/community/public.ts';
import { processVideoJob, processingSeconds } from './job.ts';
import type { VideosRepo } from './repo.ts';
import { itemPatch, withState } from './state.ts';

/** A video a post is about to name, read by ffprobe before the post's transaction (`inspect`). */
export interface InspectedVideo {
  path: string;
  size: number;
  facts: VideoFacts;
}

interface Author {
  org: Organisation;
  userId: string;
  lang: Lang;
}

/**
 * Videos as posts name them (docs/video.md): the server's own figures replace the browser's, each
 * new file is processed once in the background, and its author may ask again after a failure.
 */
export class VideoService {
  private readonly tap: ObjectTap;

  constructor(
    private readonly db: Db,
    private readonly repos: { videos: VideosRepo },
    /** The post a video is on, as its author sees it (compose/offers.ts). */
    private readonly offers: { community: CommunityOffer },
    private readonly store: ObjectStore,
    private readonly jobs: JobQueue,
    private readonly tools: ToolSettings,
  ) {
    this.tap = new ObjectTap(store);
  }

  /**
   * Before a post's transaction: ffprobe reads each video file new to the server (by ranges, from
   * the store), so a file that is not a playable video is refused (media_video_unplayable) before
   * anything is written. Files the server has seen keep their figures. Starts the job queue, which
   * the transaction will send to.
   */
  async inspect(media: readonly Media[]): Promise<InspectedVideo[]> {
    const videos = media.filter((m) => m.kind === 'video');
    if (videos.length === 0) return [];
    await this.jobs.start();
    const known = new Set((await this.repos.videos.find(videos.map((v) => v.path))).map((row) => row.path));
    const { ffprobe } = await videoTools(this.tools);
    const fresh = videos.filter((v) => !known.has(v.path));
    return Promise.all(
      fresh.map(async ({ path }) => {
        const info = await this.store.head(path);
        if (!info) throw fail('media_missing', { data: { path } });
        try {
          return { path, size: info.size, facts: await this.tap.use(path, (url) => probeVideo(ffprobe, url)) };
        } catch (error) {
          if (error instanceof VideoUnreadable) throw fail('media_video_unplayable', { data: { path }, cause: error });
          throw error;
        }
      }),
    );
  }

  /**
   * In the post's transaction: each video item as the server knows it (its figures, where its
   * processing is), and for a file new to the server its row and its processing job, which exist
   * exactly when the post does. A known file's row is read for share, so its processing cannot
   * finish between this read and the commit without seeing this post.
   */
  async track(q: Queryable, author: Author, media: Media[], inspected: readonly InspectedVideo[]): Promise<Media[]> {
    const repo = this.repos.videos.on(q);
    for (const { path, size, facts } of inspected) {
      const inserted = await repo.insert({ path, orgId: author.org.id, userId: author.userId, lang: author.lang, size, duration: facts.duration, width: facts.displayWidth, height: facts.displayHeight, facts });
      if (inserted) await this.jobs.send(processVideoJob, { orgId: author.org.id, userId: author.userId, path }, { q, timeoutSeconds: processingSeconds(facts.duration) });
    }
    const rows = new Map((await repo.find(media.filter((m) => m.kind === 'video').map((m) => m.path), true)).map((row) => [row.path, row]));
    return media.map((item) => {
      const row = item.kind === 'video' ? rows.get(item.path) : undefined;
      return row ? withState(item, row) : item;
    });
  }

  /** "Try again": the author's failed video is processed again from the start. */
  async retry(author: { orgId: string; userId: string }, postId: string): Promise<Media> {
    await this.jobs.start();
    return this.db.tx(async (q) => {
      const post = await this.offers.community.findPost(q, author.orgId, postId, author.userId);
      if (!post) throw fail('not_found');
      if (post.author.id !== author.userId) throw fail('forbidden');
      const video = post.media.find((m) => m.kind === 'video');
      if (!video) throw fail('not_found');
      const repo = this.repos.videos.on(q);
      const row = await repo.lock(video.path);
      if (!row) throw fail('not_found');
      if (row.status !== 'failed') throw fail('video_not_failed');
      await repo.retry(video.path);
      const again = { ...row, status: 'processing' as const, progress: 0, failureCode: null };
      await patchMediaItems(q, { orgId: author.orgId, authorId: author.userId, path: video.path, ...itemPatch(again) });
      await this.jobs.send(processVideoJob, { orgId: author.orgId, userId: author.userId, path: video.path }, { q, timeoutSeconds: processingSeconds(row.duration) });
      return withState(video, again);
    });
  }

  async close(): Promise<void> {
    await this.tap.close();
  }
}
