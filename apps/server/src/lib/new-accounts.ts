import type { Queryable } from '#server/db/client.ts';

/**
 * What the modules that take posts and comments are handed to hold new accounts to their
 * organisation's limits (docs/moderation.md, "New accounts"). The safety module keeps the limits and
 * people's trust and sits above those modules, so app.ts hands them its service as this interface
 * (docs/architecture.md, "Layers"). Both run in the transaction that writes: the hour's counts are
 * rows of `rate_counters` written there, so a refused write counts nothing, and every process
 * behind a load balancer counts in the same rows.
 */
export interface NewAccountGate {
  /**
   * A new post with these words and this many pictures: refuses too many links or pictures (422),
   * or an hour's posts or mentions used up (429 with Retry-After); answers whether it waits for review.
   */
  post(q: Queryable, orgId: string, userId: string, post: { content: string; pictures: number }): Promise<{ hold: boolean }>;
  /** A new comment or reply: refuses too many links, or an hour's comments or mentions used up. */
  comment(q: Queryable, orgId: string, userId: string, content: string): Promise<void>;
  /**
   * An edit of a post (with its pictures) or of a comment (none): refuses too many links or
   * pictures, as a new one is refused. An edit is not a new post or comment: the hour's counts stay.
   */
  edit(q: Queryable, orgId: string, userId: string, edit: { content: string; pictures: number }): Promise<void>;
}

// An address a reader can follow: with its scheme, or starting with www.
const LINK = /\b(?:https?:\/\/|www\.)[^\s]+/giu;

/** How many links a text holds. */
export function countLinks(text: string): number {
  return text.match(LINK)?.length ?? 0;
}
