import { type Clause, type Condition, type Expr, type Row, aliasOf, clause, col, sql } from '#server/db/sql.ts';
import { deregistered } from '#server/modules/accounts/public.ts';
import { blacklistedBy, blockedBy, contentHiddenByBan, listedByViewer, peopleHiddenByBan } from '#server/modules/facts/public.ts';

/**
 * Who may see whose content: the one rule every community query goes through, as typed SQL
 * fragments (db/sql.ts): the rows of the statement (the post `p`, its author's row `u` in
 * `users`, which every caller joins; aliases.ts) and the viewer as a bigint expression (a typed
 * placeholder such as `$3::bigint`, null for an anonymous viewer).
 *
 * - A deregistered account's content is hidden from others.
 * - A ban given with `hideContent` hides the person's content from others while it lasts.
 * - Block: nothing the blocked author wrote reaches the viewer who blocked them.
 * - Blacklist: the same, and in the other direction the blacklisted person no longer sees the
 *   posts (and configurations) of the one who blacklisted them, nor may answer them (see
 *   `blacklistedBy`, asked by the comments service). They still see that person's comments on
 *   others' posts, so trying to reply gets the neutral "you cannot reply here", never a hint.
 */
export function authorHidden(author: Row<'users'>, viewer: Expr<'bigint'>, lists: ViewerLists = 'apply'): Condition {
  // The joined author row is read rather than a join per list, and the block lookup is one
  // primary-key probe (user_id, target_id) whichever list the author is on.
  const others = sql`${col(author, 'id')} is distinct from ${viewer}`;
  return lists === 'apply'
    ? sql`(${others} and (${deregistered(author)} or ${contentHiddenByBan(author)} or ${blockedBy(viewer, author)}))`
    : sql`(${others} and (${deregistered(author)} or ${contentHiddenByBan(author)}))`;
}

/**
 * Whether the viewer's own block list and blacklist count. They hide what the viewer sees
 * ('apply'); they do not stop the viewer from reporting what they blocked, nor from being told
 * that it is their own list that hides a post ('ignore'). Nobody else's list is ever ignored.
 */
export type ViewerLists = 'apply' | 'ignore';

/**
 * What a person owns and shows (a post; a configuration in a listing) is hidden from the viewer:
 * its author is hidden from them, or has blacklisted them. Configuration listings call this too.
 */
export function ownerHidden(owner: Row<'users'>, viewer: Expr<'bigint'>, lists: ViewerLists = 'apply'): Condition {
  return sql`(${authorHidden(owner, viewer, lists)} or (${col(owner, 'id')} is distinct from ${viewer} and ${blacklistedBy(owner, viewer)}))`;
}

/**
 * The post `p` by `author` may be opened by the viewer: not deleted; passed and its video (if any)
 * ready, or the viewer's own. A post whose video is processing or failed (`video_held`, migration
 * 028) is its author's alone: nobody else meets a video they cannot play (docs/video.md).
 */
export function postVisible(p: Row<'posts'>, author: Row<'users'>, viewer: Expr<'bigint'>, lists: ViewerLists = 'apply'): Condition {
  return sql`(${col(p, 'deleted_at')} is null and (${col(p, 'author_id')} = ${viewer} or (${col(p, 'review_status')} = 'passed' and not ${col(p, 'video_held')} and not ${ownerHidden(author, viewer, lists)})))`;
}

/**
 * The post `p` is passed, not deleted and not held for its video, stated plainly, so the planner
 * matches the partial feed indexes (passed and not deleted; the held few are filtered from what they find).
 */
export function postListed(p: Row<'posts'>): Condition {
  return sql`${col(p, 'review_status')} = 'passed' and ${col(p, 'deleted_at')} is null and not ${col(p, 'video_held')}`;
}

/** The post `p` belongs in a feed: listed, and its author not hidden from the viewer. */
export function postInFeed(p: Row<'posts'>, author: Row<'users'>, viewer: Expr<'bigint'>): Condition {
  return sql`${postListed(p)} and not ${ownerHidden(author, viewer)}`;
}

/**
 * The comment `c` by `author` is gone for the viewer: deleted, its author hidden, or held for
 * review (migration 046) and not the viewer's own. A gone comment keeps its place (shown as
 * deleted, content emptied) only while replies hang on it.
 */
export function commentGone(c: Row<'comments'>, author: Row<'users'>, viewer: Expr<'bigint'>, lists: ViewerLists = 'apply'): Condition {
  return sql`(${col(c, 'deleted_at')} is not null or (${col(c, 'held')} is not null and ${col(c, 'author_id')} is distinct from ${viewer}) or ${authorHidden(author, viewer, lists)})`;
}

/**
 * Two counts over the post `p`'s live comments and replies, as select-list columns: those the
 * viewer cannot see because of who wrote them (`gone_comment_count`: people on the viewer's lists,
 * and people whose ban hides them) and, of those, the ones hidden by the viewer's own lists
 * (`hidden_comment_count`), so a post's comment count matches the comments its reader sees.
 * Each walks the few people concerned and probes comments (post_id, author_id) per person
 * (migration 012), never the post's whole thread. Deregistered authors' comments are not
 * subtracted: there are too many such accounts to probe, and their comments are few.
 */
export function hiddenCommentCounts(p: Row<'posts'>, viewer: Expr<'bigint'>): Clause<'columns'> {
  const ownLists = listedByViewer(viewer);
  // `union all` over people not already on the viewer's lists: no duplicate to remove, so no sort.
  const hidden = aliasOf('users', 'hu');
  const banned = peopleHiddenByBan(col(p, 'org_id'), hidden, sql`not ${blockedBy(viewer, hidden)}`);
  const count = (people: Expr<'rows'>) =>
    sql<'int'>`(select count(*)::int from (${people}) hidden join comments hc on hc.post_id = ${col(p, 'id')} and hc.author_id = hidden.id and hc.deleted_at is null and hc.held is null
      where hidden.id is distinct from ${viewer})`;
  return clause`${count(sql`${ownLists} union all ${banned}`)} as gone_comment_count, ${count(ownLists)} as hidden_comment_count`;
}
