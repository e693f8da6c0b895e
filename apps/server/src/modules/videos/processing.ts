import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type VideoFailure, videoFailureSchema } from '@padhub/contracts';
import type { Db } from '#server/db/client.ts';
import type { Notices } from '#server/lib/notices.ts';
import { encodeRenditions, renditionKey } from '#server/storage/renditions.ts';
import { videoKeys } from '#server/storage/object-keys.ts';
import type { ObjectStore } from '#server/storage/object-store.ts';
import { HLS_MIN_BYTES, HLS_MIN_SECONDS, ladder, ladderArgs, masterPlaylist, mp4Args, wantsLadder } from '#server/video/encode.ts';
import { makePoster } from '#server/video/poster.ts';
import { type VideoFacts, VideoUnreadable, probeVideo } from '#server/video/probe.ts';
import { ToolFailed, runTool } from '#server/video/run-tool.ts';
import { type ToolSettings, videoTools } from '#server/video/tools.ts';
import { announceQueue, type CommunityOffer, holdPostForReview, liveMediaOf, patchMediaItems } from '#server/modules/community/public.ts';
import { AppError } from '#server/lib/errors.ts';
import type { Queryable } from '#server/db/client.ts';
import { pictureHashes } from '#server/lib/picture-hash/hash.ts';
import type { PictureScreen, PostPicture } from '#server/lib/picture-hash/screen.ts';
import type { VideoRow, VideosRepo } from './repo.ts';
import { itemPatch } from './state.ts';

interface Logger {
  info(details: object, message: string): void;
}

export interface VideoJob {
  orgId: string;
  userId: string;
  path: string;
}

/** ffmpeg that says nothing for this long is stuck: killed, and the attempt fails (and is tried again). */
const STALL_MS = 5 * 60 * 1000;
/** The author's post shows progress no more often than this. */
const PROGRESS_EVERY_MS = 3000;

/**
 * The background processing of one video file (docs/video.md, "What is made"): the original is
 * read once from the store, probed, and made into a poster (the video's own renditions), an MP4
 * and, when long or large, an HLS ladder, each written to the store under `t/<original>.…`. Each
 * step is written to the posts that name the file as it lands (the poster first, so the author
 * sees it while the rest is made). Safe to run again: it starts over and writes the same keys.
 */
export class VideoProcessor {
  constructor(
    private readonly db: Db,
    private readonly repos: { videos: VideosRepo },
    /** The people a ready video's post names are told through community (compose/offers.ts). */
    private readonly offers: { community: CommunityOffer },
    private readonly store: ObjectStore,
    private readonly notifier: Notices,
    private readonly tools: ToolSettings,
    private readonly log: Logger,
    /** The organisation's removed pictures: the poster made here is checked as an uploaded picture is (docs/moderation.md). */
    private readonly pictures: PictureScreen,
  ) {}

  async run(job: VideoJob, signal: AbortSignal): Promise<void> {
    const [row] = await this.repos.videos.find([job.path]);
    // Done already (a repeat), or given up (its failure was recorded): nothing to do.
    if (!row || row.status !== 'processing') return;
    // The posts that named it were deleted meanwhile: their deletion takes the original too.
    if ((await liveMediaOf(this.db, job.orgId, job.userId, [job.path])).length === 0) return;
    const tools = await videoTools(this.tools);
    const work = await mkdtemp(path.join(tmpdir(), 'padhub-video-'));
    try {
      const input = path.join(work, `original${path.extname(job.path).slice(0, 8)}`);
      const object = await this.store.get(job.path);
      if (!object) throw new VideoUnreadable('the original is missing from the store');
      await pipeline(object.body, createWriteStream(input));
      const facts = await probeVideo(tools.ffprobe, input, signal);

      const poster = await encodeRenditions(await makePoster(tools.ffmpeg, input, work, signal));
      await Promise.all([this.store.put(renditionKey(job.path, 480), poster.thumb, 'image/webp'), this.store.put(renditionKey(job.path, 1080), poster.preview, 'image/webp')]);
      // The poster is fingerprinted from its card rendition, as posting does an uploaded picture's (posting/post-pictures.ts).
      const prints = await pictureHashes(poster.thumb);
      const pictures: PostPicture[] = prints.length === 0 ? [] : [{ path: job.path, prints: Buffer.concat(prints) }];
      const hold = await this.pictures.screen(job.orgId, pictures).catch((error: unknown) => {
        if (error instanceof AppError && error.key === 'picture_refused') return 'refused' as const;
        throw error;
      });
      if (hold === 'refused') return await this.failed(job, 'picture_refused');
      const posterStep = { poster: renditionKey(job.path, 1080), width: facts.displayWidth, height: facts.displayHeight, duration: facts.duration, facts };
      await this.step(job, posterStep, async (q, postIds) => {
        for (const postId of postIds) {
          await this.pictures.record(q, job.orgId, postId, pictures, hold);
          if (hold && (await holdPostForReview(q, job.orgId, postId))) await announceQueue(q, job.orgId);
        }
      });

      const keys = videoKeys(job.path);
      const laddered = wantsLadder(facts, object.size);
      const total = facts.duration * (laddered ? 2 : 1);
      const progress = this.progressOf(job, total);
      const mp4 = mp4Args(input, path.join(work, 'video.mp4'), facts);
      await runTool(tools.ffmpeg, mp4.args, { signal, stallMs: STALL_MS, onProgress: (s) => progress(s) });
      await this.store.put(keys.mp4, createReadStream(path.join(work, 'video.mp4')), 'video/mp4');

      let hls: string | null = null;
      if (laddered) {
        const rungs = ladder(facts);
        await runTool(tools.ffmpeg, ladderArgs(input, work, facts, rungs), { signal, stallMs: STALL_MS, onProgress: (s) => progress(facts.duration + s) });
        for (const rung of rungs) {
          await this.store.put(`${keys.hlsDir}${rung.name}.m3u8`, await readFile(path.join(work, `${rung.name}.m3u8`)), 'application/vnd.apple.mpegurl');
          await this.store.put(`${keys.hlsDir}${rung.name}.ts`, createReadStream(path.join(work, `${rung.name}.ts`)), 'video/mp2t');
        }
        await this.store.put(keys.hls, Buffer.from(masterPlaylist(rungs, facts.audio !== null)), 'application/vnd.apple.mpegurl');
        hls = keys.hls;
      }
      await progress.settled();
      await this.finish(job, { status: 'ready', mp4: keys.mp4, hls, progress: 1 }, long(facts, object.size) ? 'ready' : null);
      this.log.info({ path: job.path, seconds: facts.duration, copied: mp4.copied, ladder: laddered, ffmpeg: tools.version }, 'video ready');
    } catch (error) {
      // Not a video anything can play: no retry will change that.
      if (error instanceof VideoUnreadable) return this.failed(job, 'video_unreadable');
      if (error instanceof ToolFailed && error.reason === 'exit' && /Invalid data found|could not find codec|Decoder .* not found/i.test(error.stderr)) return this.failed(job, 'video_unreadable');
      throw error;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  /**
   * Every attempt failed, or one found the file unreadable: the video is failed with why, told to
   * the posts that name it and, for a long video, to its author as a notification.
   */
  async failed(job: VideoJob, reason: string): Promise<void> {
    const code = failureOf(reason);
    const [row] = await this.repos.videos.find([job.path]);
    if (!row || row.status !== 'processing') return;
    await this.finish(job, { status: 'failed', failureCode: code }, long(row.facts, row.size) ? code : null);
  }

  /** A step's result on the row and on every post naming the file (`then` given their ids), in one transaction. */
  private async step(job: VideoJob, change: Parameters<VideosRepo['update']>[1], then?: (q: Queryable, postIds: string[]) => Promise<void>): Promise<VideoRow | null> {
    return this.db.tx(async (q) => {
      const repo = this.repos.videos.on(q);
      const row = await repo.lock(job.path);
      if (!row || row.status !== 'processing') return null;
      await repo.update(job.path, change);
      const now: VideoRow = { ...row, ...change };
      const posts = await patchMediaItems(q, { orgId: job.orgId, authorId: job.userId, path: job.path, ...itemPatch(now) });
      await then?.(q, posts.map((post) => post.postId));
      return now;
    });
  }

  /** The last step: ready or failed. Posts it releases tell their mentions now; `notify` tells the author. */
  private async finish(job: VideoJob, change: Parameters<VideosRepo['update']>[1], notify: string | null): Promise<void> {
    await this.db.tx(async (q) => {
      const repo = this.repos.videos.on(q);
      const row = await repo.lock(job.path);
      if (!row || row.status !== 'processing') return;
      await repo.update(job.path, change);
      const posts = await patchMediaItems(q, { orgId: job.orgId, authorId: job.userId, path: job.path, ...itemPatch({ ...row, ...change }) });
      for (const post of posts.filter((p) => p.released)) {
        await this.offers.community.notifyMentions(q, this.notifier, { orgId: job.orgId, authorId: job.userId, postId: post.postId, content: post.content });
      }
      const newest = posts[0];
      if (notify && newest) {
        await this.notifier.notify(q, {
          orgId: job.orgId,
          type: 'video_processed',
          recipientId: job.userId,
          actorId: null,
          target: { type: 'post', id: newest.postId, excerpt: newest.content },
          reason: notify,
        });
      }
    });
  }

  /** Reports progress (0 to 1 of `total` seconds of output) at most every few seconds; `settled` waits for the last write. */
  private progressOf(job: VideoJob, total: number) {
    let last = 0;
    let writing: Promise<unknown> = Promise.resolve();
    const report = (seconds: number) => {
      const now = Date.now();
      if (now - last < PROGRESS_EVERY_MS || total <= 0) return;
      last = now;
      const progress = Math.min(0.99, seconds / total);
      writing = writing.then(() => this.step(job, { progress })).catch(() => undefined);
    };
    return Object.assign(report, { settled: () => writing });
  }
}

/**
 * The failure a person reads for why the queue gave up: its watchdog's time ran out (`job timed
 * out`, `handler execution exceeded …s`, a heartbeat lost, ffmpeg stalled), or anything else.
 */
export function failureOf(reason: string): VideoFailure {
  const known = videoFailureSchema.safeParse(reason);
  if (known.success) return known.data;
  return /timed out|exceeded|stalled|timeout/i.test(reason) ? 'video_timed_out' : 'video_processing_failed';
}

/** A long video's outcome reaches its author as a notification; a short one's author is usually still looking. */
function long(facts: Pick<VideoFacts, 'duration'>, bytes: number): boolean {
  return facts.duration > HLS_MIN_SECONDS || bytes > HLS_MIN_BYTES;
}
