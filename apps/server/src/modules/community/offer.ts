import type { Post, ReportTargetType } from '@padhub/contracts';
import type { Queryable } from '#server/db/client.ts';
import type { Notices } from '#server/lib/notices.ts';
import { passHeldComment, refuseHeldComment } from './comment-review.ts';
import type { CommentsRepo } from './comments-repo.ts';
import { type AlreadyTold, type MentioningItem, notifyMentions } from './mentions.ts';
import { takeDownComment } from './moderation-repo.ts';
import type { PostsRepo } from './posts-repo.ts';
import { toPost } from './rows.ts';
import type { ViewerLists } from './visibility.ts';

/**
 * What other modules run of community's with its repos, on their own connection or transaction
 * (`q`): built once by the composition root (compose/offers.ts) and handed to the services that
 * use it, so that no module builds community's repos (docs/architecture.md, "Wiring").
 */
export class CommunityOffer {
  private readonly repos: { posts: PostsRepo; comments: CommentsRepo };

  constructor(repos: { posts: PostsRepo; comments: CommentsRepo }) {
    this.repos = { posts: repos.posts, comments: repos.comments };
  }

  /** The post as the viewer sees it, if they may open it. */
  async findPost(q: Queryable, orgId: string, id: string, viewerId: string | null): Promise<Post | undefined> {
    const row = await this.repos.posts.on(q).find(orgId, id, viewerId);
    return row && toPost(row, viewerId);
  }

  /**
   * The author of a post or live comment the viewer can see; undefined for anything they cannot.
   * With `lists: 'ignore'`, also of one only the viewer's own block list or blacklist hides.
   */
  async authorOfVisible(q: Queryable, type: Exclude<ReportTargetType, 'user'>, orgId: string, id: string, viewerId: string, lists: ViewerLists = 'apply'): Promise<string | undefined> {
    const target = type === 'post' ? await this.repos.posts.on(q).find(orgId, id, viewerId, lists) : await this.repos.comments.on(q).findLive(orgId, id, viewerId, lists);
    return target?.author_id;
  }

  /** Posts the viewer may see that carry the configuration, newest first (any content language); limit + 1 of them. */
  async postsCarrying(q: Queryable, orgId: string, configId: string, viewerId: string | null, after: string | undefined, limit: number): Promise<Post[]> {
    const rows = await this.repos.posts.on(q).carrying(orgId, configId, viewerId, after, limit);
    return rows.map((row) => toPost(row, viewerId));
  }

  /** mentions.ts, `notifyMentions`: tells the people a text names, in the transaction that wrote it. */
  notifyMentions(q: Queryable, notifier: Notices, item: MentioningItem, already: AlreadyTold = {}): Promise<void> {
    return notifyMentions(this.repos, q, notifier, item, already);
  }

  /** comment-review.ts, `passHeldComment`: a held comment is counted, shown and told. */
  passHeldComment(q: Queryable, notifier: Notices, orgId: string, id: string): Promise<boolean> {
    return passHeldComment(this.repos, q, notifier, orgId, id);
  }

  /** comment-review.ts, `refuseHeldComment`: a held comment is deleted. */
  refuseHeldComment(q: Queryable, orgId: string, id: string): Promise<boolean> {
    return refuseHeldComment(this.repos, q, orgId, id);
  }

  /** moderation-repo.ts, `takeDownComment`: a comment or reply deleted as its author would, counters included. */
  takeDownComment(q: Queryable, orgId: string, commentId: string): Promise<boolean> {
    return takeDownComment(this.repos, q, orgId, commentId);
  }
}
