import { DEREGISTERED_STATE } from '@padhub/contracts';

/**
 * Who may see whose content: the one rule every community query goes through, as SQL fragments.
 * Arguments are SQL expressions: table aliases (`p` for the post, `u` for its author's row in
 * `users`, which every caller joins) and the viewer as a typed parameter (`$3::bigint`, null for
 * an anonymous viewer).
 *
 * Blocking and blacklists (the safety issue) belong in `authorHidden`: every list, detail, like
 * and reply path already asks it, so extending it there hides the content everywhere at once.
 */
export function authorHidden(author: string, viewer: string): string {
  // A deregistered account's content is hidden from others (DESIGN). The joined row is read
  // rather than a subquery, so the check costs nothing per row however many users there are.
  return `(${author}.id is distinct from ${viewer} and ${author}.state = ${DEREGISTERED_STATE})`;
}

/** The post `p` by `author` may be opened by the viewer: not deleted; passed, or the viewer's own. */
export function postVisible(p: string, author: string, viewer: string): string {
  return `(${p}.deleted_at is null and (${p}.author_id = ${viewer} or (${p}.review_status = 'passed' and not ${authorHidden(author, viewer)})))`;
}

/**
 * The post `p` belongs in a feed: passed and not deleted (stated plainly, so the planner matches
 * the partial feed indexes), and its author not hidden from the viewer.
 */
export function postInFeed(p: string, author: string, viewer: string): string {
  return `${p}.review_status = 'passed' and ${p}.deleted_at is null and not ${authorHidden(author, viewer)}`;
}

/**
 * The comment `c` by `author` is gone for the viewer: deleted, or its author hidden. A gone
 * comment keeps its place (shown as deleted, content emptied) only while replies hang on it.
 */
export function commentGone(c: string, author: string, viewer: string): string {
  return `(${c}.deleted_at is not null or ${authorHidden(author, viewer)})`;
}
