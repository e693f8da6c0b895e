import { createHash } from 'node:crypto';
import { type CreatePostBody, type EditPostBody, type IdempotencyKeyReusedData, type Lang, type Organisation, type Post, idempotencyKeySchema } from '@padhub/contracts';
import type { Db } from '#server/db/client.ts';
import { fail } from '#server/lib/errors.ts';
import type { AbuseLimits } from '#server/lib/abuse-limits.ts';
import { type ObjectStore, userPrefix } from '#server/storage/object-store.ts';
import { announceListed, announceQueue, type CommunityOffer, insertPost, lockPostForEdit, mediaNoLongerNamed, mentionedNames, replacePostVersion, stagePostEdit } from '#server/modules/community/public.ts';
import type { Notices } from '#server/lib/notices.ts';
import type { ConfigsOffer } from '#server/modules/configs/public.ts';
import type { MediaLifecycle } from '#server/modules/media-lifecycle/public.ts';
import { editReview, reviewStatusForNewPost } from '#server/modules/community/public.ts';
import type { VideoService } from '#server/modules/videos/public.ts';
import { type TextScreen, needsApproval, refuseBlocked } from '#server/lib/watched-words/screen.ts';
import type { PictureScreen } from '#server/lib/picture-hash/screen.ts';
import type { NewAccountGate } from '#server/lib/new-accounts.ts';
import { verifyPostMedia } from './post-media.ts';
import { fingerprintPictures } from './post-pictures.ts';
import type { PostRequest, PostRequestsRepo } from './repo.ts';

/** The person sending, in their organisation, with the address the request came from (rate limits). */
export interface Author {
  org: Organisation;
  userId: string;
  ip: string;
  /** The content language of the request: the feed of that language lists the post. */
  lang: Lang;
}

/** Thrown inside the transaction when another request holds the key: rolls the new post back. */
class KeyTaken extends Error {}

export class PostingService {
  private readonly requests: PostRequestsRepo;

  constructor(
    private readonly db: Db,
    repos: { postRequests: PostRequestsRepo },
    /** What community and configs run on the post's transaction (compose/offers.ts). */
    private readonly offers: { community: CommunityOffer; configs: ConfigsOffer },
    private readonly store: ObjectStore,
    private readonly limits: AbuseLimits,
    private readonly notifier: Notices,
    private readonly lifecycle: MediaLifecycle,
    private readonly videos: VideoService,
    private readonly watched: TextScreen,
    private readonly pictures: PictureScreen,
    private readonly newAccounts: NewAccountGate,
  ) {
    this.requests = repos.postRequests;
  }

  /**
   * Creates a post once per Idempotency-Key: a repeat (a retry after a lost answer, or two sends
   * at once) answers the first post, and the same key with another body is refused. What only
   * reads (the model, the configurations, whether a named file is being deleted, each file's
   * type and size) is checked before any rendition is rendered, so a bad request costs little;
   * the post and its key record are written in one transaction, so a refusal leaves neither behind.
   * The `post` limit counts created posts only: in that same transaction (a refused post, or a
   * repeat of one, uses none of the allowance).
   */
  async create(author: Author, key: string | undefined, body: CreatePostBody): Promise<Post> {
    if (!idempotencyKeySchema.safeParse(key).success) throw fail('idempotency_key_invalid');
    const request = { userId: author.userId, key: key!, requestHash: hashOf(body) };
    const earlier = await this.requests.find(author.userId, request.key);
    if (earlier) return this.answer(author, earlier, request.requestHash);

    await this.limits.check('post', author.userId, author.ip);
    const { org, userId } = author;
    const { screening, held, censored, watchedWords } = await this.screen(author, body.content);
    const { attach, named, media, videos } = await this.check(author, body);
    const pictures = await fingerprintPictures(this.store, media);
    const hold = await this.pictures.screen(org.id, pictures);
    try {
      const postId = await this.db.tx(async (q) => {
        // A new account's limits, in this transaction: a refused post counts nothing (lib/new-accounts.ts).
        const newAccount = await this.newAccounts.post(q, org.id, userId, { content: body.content, pictures: body.media.filter((m) => m.kind === 'image').length });
        // Watched words that ask for approval, a picture like a removed one, and a new account's first
        // posts hold the post for review, whatever the organisation's mode.
        const reviewStatus = reviewStatusForNewPost(held || hold || newAccount.hold ? { moderationMode: 'pre' } : org);
        // Again inside, under the files' owner lock: a deletion or a configuration change may have come meanwhile.
        await this.lifecycle.refuseRemoved(q, named);
        const configIds = await this.offers.configs.attachConfigs(q, attach);
        const id = await insertPost(q, {
          orgId: org.id,
          authorId: userId,
          content: body.content,
          lang: author.lang,
          model: body.model ?? null,
          // A new video's processing is asked for here, in the post's transaction (docs/video.md).
          media: await this.videos.track(q, author, media, videos),
          configIds,
          reviewStatus,
          censored,
          watchedWords,
        });
        if (!(await this.requests.on(q).claim({ ...request, postId: id }))) throw new KeyTaken();
        await this.watched.flag(q, org.id, { type: 'post', id }, screening);
        await this.pictures.record(q, org.id, id, pictures, hold);
        // Others learn of it live: the feeds of a passed post, staff of one waiting for review.
        if (reviewStatus === 'passed') await announceListed(q, org.id, id);
        else await announceQueue(q, org.id);
        await this.offers.community.notifyMentions(q, this.notifier, { orgId: org.id, authorId: userId, postId: id, content: body.content, censored });
        await this.limits.count('post', userId, author.ip, q);
        return id;
      });
      return await this.answer(author, { postId, requestHash: request.requestHash }, request.requestHash);
    } catch (error) {
      if (!(error instanceof KeyTaken)) throw error;
      // Another request with this key committed first: it made the post.
      const winner = await this.requests.find(author.userId, request.key);
      if (!winner) throw error;
      return this.answer(author, winner, request.requestHash);
    }
  }

  /**
   * The author edits their post: the whole new version, checked as a new post is (the model, the
   * configurations, every file), once per Idempotency-Key. Likes and comments stay; the version
   * replaced is kept for moderators; what moderation the edit needs is moderation's rule
   * (`editReview`). Files no version still shows are released in the same transaction.
   */
  async edit(author: Author, postId: string, key: string | undefined, body: EditPostBody): Promise<Post> {
    if (!idempotencyKeySchema.safeParse(key).success) throw fail('idempotency_key_invalid');
    const request = { userId: author.userId, key: key!, requestHash: hashOf(body, postId) };
    const earlier = await this.requests.find(author.userId, request.key);
    if (earlier) return this.answer(author, earlier, request.requestHash);
    await this.limits.enforce('edit', author.userId, author.ip);
    const { org, userId } = author;
    const current = await this.offers.community.findPost(this.db, org.id, postId, userId);
    if (!current) throw fail('not_found');
    if (current.author.id !== userId) throw fail('forbidden');
    const { screening, held, censored, watchedWords } = await this.screen(author, body.content);
    // A file the post (or its waiting edit) shows already is kept as it is stored, poster and
    // renditions included; only files new to it are checked as a new post's are.
    const known = new Map([...current.media, ...(current.pendingEdit?.media ?? [])].map((m) => [m.path, m]));
    const fresh = body.media.filter((m) => known.get(m.path)?.kind !== m.kind);
    const { attach, named, media: checked, videos } = await this.check(author, { ...body, media: fresh });
    const pictures = await fingerprintPictures(this.store, checked);
    const hold = await this.pictures.screen(org.id, pictures);
    const claimed = body.media.map((claim) => (known.get(claim.path)?.kind === claim.kind ? known.get(claim.path)! : checked[fresh.indexOf(claim)]!));
    try {
      await this.lifecycle.removing(async (q, queue) => {
        await this.lifecycle.refuseRemoved(q, named);
        const configIds = await this.offers.configs.attachConfigs(q, attach);
        const post = await lockPostForEdit(q, org.id, postId);
        if (!post) throw fail('not_found');
        if (post.authorId !== userId) throw fail('forbidden');
        // An edit is held to a new account's links and pictures as a new post is (lib/new-accounts.ts).
        await this.newAccounts.edit(q, org.id, userId, { content: body.content, pictures: body.media.filter((m) => m.kind === 'image').length });
        if (!(await this.requests.on(q).claim({ ...request, postId, edit: true }))) throw new KeyTaken();
        await this.watched.flag(q, org.id, { type: 'post', id: postId }, screening);
        // Each video as it is now (its processing may have moved on since the post was read), a new one's processing asked for.
        const media = await this.videos.track(q, author, claimed, videos);
        const version = { content: body.content, media, configIds, model: body.model ?? null, censored, watchedWords };
        await this.pictures.record(q, org.id, postId, pictures, hold);
        const review = editReview(held || hold ? { moderationMode: 'pre' } : org, post.reviewStatus);
        if (review.staged || review.queued || review.status === 'pending') await announceQueue(q, org.id);
        if (review.staged) {
          await stagePostEdit(q, postId, version);
          await queue.media(mediaNoLongerNamed(post.pendingMedia ?? [], [...post.media, ...media]));
        } else {
          await replacePostVersion(q, postId, version, review);
          await queue.media(mediaNoLongerNamed([...post.media, ...(post.pendingMedia ?? [])], media));
          const item = { orgId: org.id, authorId: userId, postId, content: body.content, censored };
          await this.offers.community.notifyMentions(q, this.notifier, item, { names: mentionedNames(post.content) });
        }
      });
    } catch (error) {
      if (!(error instanceof KeyTaken)) throw error;
      const winner = await this.requests.find(author.userId, request.key);
      if (!winner) throw error;
      return this.answer(author, winner, request.requestHash);
    }
    return this.answer(author, { postId, requestHash: request.requestHash }, request.requestHash);
  }

  /**
   * The text against the organisation's watched words: refused when a `block` word is in it;
   * answers whether it waits for a moderator (a `require_approval` word), as under pre-moderation,
   * the text as others see it when a `censor` word is in it, and the words moderators are shown.
   */
  private async screen(author: Author, content: string) {
    const screening = await this.watched.screen(author.org.id, content);
    refuseBlocked(screening);
    return { screening, held: needsApproval(screening), censored: screening.censored ?? null, watchedWords: screening.matched.map((rule) => rule.word) };
  }

  /**
   * What only reads, before any rendition is rendered, so a bad request costs little: the model,
   * the author's configurations, whether a named file is being deleted, each file's type and size.
   */
  private async check({ org, userId }: Author, body: CreatePostBody) {
    if (body.model != null && !org.models.some((m) => m.id === body.model)) {
      throw fail('validation_failed', { data: { issues: [{ path: 'body.model', message: "not one of the organisation's controller models" }] } });
    }
    const attach = { orgId: org.id, userId, configIds: body.configIds };
    await this.offers.configs.attachConfigs(this.db, attach);
    const named = body.media.flatMap((m) => (m.thumb === undefined ? [m.path] : [m.path, m.thumb]));
    await this.lifecycle.refuseRemovedEarly(named);
    const media = await verifyPostMedia(this.store, body.media, userPrefix(org.id, userId));
    // ffprobe reads each new video: not a playable one is refused before anything is written.
    const videos = await this.videos.inspect(media);
    return { attach, named, media, videos };
  }

  private async answer(author: Author, request: PostRequest, requestHash: string): Promise<Post> {
    const post = await this.offers.community.findPost(this.db, author.org.id, request.postId, author.userId);
    // Deleted since: the first answer no longer stands, and no second post is made in its place.
    if (!post) throw fail('not_found');
    // The key made a post from other content (the draft was edited after an answer was lost): it
    // was sent, and the client is told which post it is so it can open it.
    if (request.requestHash !== requestHash) {
      const data: IdempotencyKeyReusedData = { postId: request.postId };
      throw fail('idempotency_key_reused', { data });
    }
    return post;
  }
}

/**
 * The body's fingerprint: what was asked, in a fixed field order (key order of JSON is not stable).
 * An edit's names the post it edits, so a key is never both a new post and an edit.
 */
function hashOf(body: CreatePostBody, editOf?: string): string {
  const canonical = [body.content, body.media.map((m) => [m.path, m.kind, m.thumb ?? null]), body.configIds, body.model ?? null];
  if (editOf !== undefined) canonical.push(['edit', editOf]);
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}
