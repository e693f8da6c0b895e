import { createHash } from 'node:crypto';
import { type CreatePostBody, type IdempotencyKeyReusedData, type Lang, type Organisation, type Post, idempotencyKeySchema } from '@padhub/contracts';
import type { Db } from '../../db/client.ts';
import { fail } from '../../http/errors.ts';
import type { AbuseLimits } from '../../lib/abuse-limits.ts';
import { type ObjectStore, userPrefix } from '../../storage/object-store.ts';
import { findPost, insertPost, notifyMentions } from '../community/public.ts';
import type { Notifier } from '../notifications/public.ts';
import { attachConfigs } from '../configs/public.ts';
import { refuseRemoved, refuseRemovedEarly } from '../media-lifecycle/service.ts';
import { reviewStatusForNewPost } from '../moderation/public.ts';
import { verifyPostMedia } from './post-media.ts';
import { type PostRequest, PostRequestsRepo } from './repo.ts';

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
    private readonly store: ObjectStore,
    private readonly limits: AbuseLimits,
    private readonly notifier: Notifier,
  ) {
    this.requests = new PostRequestsRepo(db);
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
    if (body.model != null && !org.models.some((m) => m.id === body.model)) {
      throw fail('validation_failed', { data: { issues: [{ path: 'body.model', message: "not one of the organisation's controller models" }] } });
    }
    const attach = { orgId: org.id, userId, configIds: body.configIds };
    await attachConfigs(this.db, attach);
    const named = body.media.flatMap((m) => (m.thumb === undefined ? [m.path] : [m.path, m.thumb]));
    await refuseRemovedEarly(this.db, named);
    const media = await verifyPostMedia(this.store, body.media, userPrefix(org.id, userId));
    try {
      const postId = await this.db.tx(async (q) => {
        // Again inside, under the files' owner lock: a deletion or a configuration change may have come meanwhile.
        await refuseRemoved(q, named);
        const configIds = await attachConfigs(q, attach);
        const id = await insertPost(q, {
          orgId: org.id,
          authorId: userId,
          content: body.content,
          lang: author.lang,
          model: body.model ?? null,
          media,
          configIds,
          reviewStatus: reviewStatusForNewPost(org),
        });
        if (!(await new PostRequestsRepo(q).claim({ ...request, postId: id }))) throw new KeyTaken();
        await notifyMentions(q, this.notifier, { orgId: org.id, authorId: userId, postId: id, content: body.content });
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

  private async answer(author: Author, request: PostRequest, requestHash: string): Promise<Post> {
    const post = await findPost(this.db, author.org.id, request.postId, author.userId);
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

/** The body's fingerprint: what was asked, in a fixed field order (key order of JSON is not stable). */
function hashOf(body: CreatePostBody): string {
  const canonical = [body.content, body.media.map((m) => [m.path, m.kind, m.thumb ?? null]), body.configIds, body.model ?? null];
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}
