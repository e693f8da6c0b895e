import { deregistered } from '../accounts/public.ts';
import { blacklistedBy, blockedBy } from '../safety/public.ts';

/**
 * Who may see whose content: the one rule every community query goes through, as SQL fragments.
 * Arguments are SQL expressions: table aliases (`p` for the post, `u` for its author's row in
 * `users`, which every caller joins) and the viewer as a typed parameter (`$3::bigint`, null for
 * an anonymous viewer).
 *
 * - A deregistered account's content is hidden from others.
 * - Block: nothing the blocked author wrote reaches the viewer who blocked them.
 * - Blacklist: the same, and in the other direction the blacklisted person no longer sees the
 *   posts (and configurations) of the one who blacklisted them, nor may answer them (see
 *   `blacklistedBy`, asked by the comments service). They still see that person's comments on
 *   others' posts, so trying to reply gets the neutral "you cannot reply here", never a hint.
 */
function authorHidden(author: string, viewer: string): string {
  // The joined author row is read rather than a join per list, and the block lookup is one
  // primary-key probe (user_id, target_id) whichever list the author is on.
  return `(${author}.id is distinct from ${viewer} and (${deregistered(author)} or ${blockedBy(viewer, author)}))`;
}

/**
 * What a person owns and shows (a post; a configuration in a listing) is hidden from the viewer:
 * its author is hidden from them, or has blacklisted them. Configuration listings call this too.
 */
export function ownerHidden(owner: string, viewer: string): string {
  return `(${authorHidden(owner, viewer)} or (${owner}.id is distinct from ${viewer} and ${blacklistedBy(owner, viewer)}))`;
}

/** The post `p` by `author` may be opened by the viewer: not deleted; passed, or the viewer's own. */
export function postVisible(p: string, author: string, viewer: string): string {
  return `(${p}.deleted_at is null and (${p}.author_id = ${viewer} or (${p}.review_status = 'passed' and not ${ownerHidden(author, viewer)})))`;
}

/**
 * The post `p` belongs in a feed: passed and not deleted (stated plainly, so the planner matches
 * the partial feed indexes), and its author not hidden from the viewer.
 */
export function postInFeed(p: string, author: string, viewer: string): string {
  return `${p}.review_status = 'passed' and ${p}.deleted_at is null and not ${ownerHidden(author, viewer)}`;
}

/**
 * The comment `c` by `author` is gone for the viewer: deleted, or its author hidden. A gone
 * comment keeps its place (shown as deleted, content emptied) only while replies hang on it.
 */
export function commentGone(c: string, author: string, viewer: string): string {
  return `(${c}.deleted_at is not null or ${authorHidden(author, viewer)})`;
}
