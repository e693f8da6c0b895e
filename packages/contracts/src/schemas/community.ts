import { z } from 'zod';
import { commentContentMax, limits } from '../constants.ts';
import { pageSchema } from '../envelope.ts';
import { userSchema } from './account.ts';
import { filteredSchema } from './filters.ts';
import { mediaSchema } from './media.ts';
import { languages } from '../languages.ts';
import { langSchema } from './platform.ts';

/** Ids are bigints in the database and decimal strings on the wire. */
export const idSchema = z.string().regex(/^[1-9]\d{0,17}$/, 'an id (a string of digits)');

/**
 * Query strings arrive as text. These accept the text a URL carries ("20", "true") and the value
 * itself (a client parsing its own object), and refuse anything else instead of guessing:
 * `z.coerce.boolean()` would read "false" as true.
 */
export const queryIntSchema = z
  .union([z.number(), z.string().regex(/^\d{1,9}$/, 'a whole number').transform(Number)])
  .pipe(z.number().int());
export const queryBooleanSchema = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0'], 'true or false').transform((v) => v === 'true' || v === '1'),
]);

export const reviewStatusSchema = z.enum(['passed', 'pending', 'not_passed']);
export type ReviewStatus = z.infer<typeof reviewStatusSchema>;

export const postSchema = z.object({
  id: z.string(),
  author: userSchema,
  content: z.string(),
  /** The content language the post was written for; the feed of a language lists only its posts. */
  lang: langSchema,
  /** A controller model id of the organisation, or null. */
  model: z.string().nullable(),
  media: z.array(mediaSchema),
  /** Ids of attached configurations. */
  configs: z.array(z.string()),
  /** The kinds among them, each once, for the card's icon (configs.ts's configKinds; that module imports this one). */
  configKinds: z.array(z.enum(['mapping', 'macro'])),
  likeCount: z.number().int(),
  /** The comments and replies the viewer can see (not those of people they blocked). */
  commentCount: z.number().int(),
  /** Live comments and replies the viewer does not see because they blocked or blacklisted their authors. */
  hiddenCommentCount: z.number().int(),
  favouriteCount: z.number().int(),
  /** The viewer's own state; false for an anonymous viewer. */
  liked: z.boolean(),
  favourited: z.boolean(),
  reviewStatus: reviewStatusSchema,
  /** Set when one of the reader's `warn` filters met it: their titles, for "Filtered: … — tap to show" (schemas/filters.ts). */
  filtered: filteredSchema,
  /** Why moderation did not pass the post; sent to its author only, null for everyone else. */
  reviewReason: z.string().nullable(),
  /** The language the moderator wrote the reason in (their interface's); null with no reason, or for reasons older than this field. */
  reviewReasonLang: langSchema.nullable(),
  createdAt: z.iso.datetime(),
  /** When its author last edited it; null if never. */
  editedAt: z.iso.datetime().nullable(),
  /**
   * Pre-moderation: the author's edit of this passed post, waiting for review or not passed. Sent
   * to the author only; everyone else sees the passed version above until a moderator passes it.
   */
  pendingEdit: z
    .object({
      content: z.string(),
      model: z.string().nullable(),
      media: z.array(mediaSchema),
      configs: z.array(z.string()),
      reviewStatus: z.enum(['pending', 'not_passed']),
      reviewReason: z.string().nullable(),
      reviewReasonLang: langSchema.nullable(),
      createdAt: z.iso.datetime(),
    })
    .nullable()
    .optional(),
});
export type Post = z.infer<typeof postSchema>;
export type PendingEdit = NonNullable<Post['pendingEdit']>;

/** A comment (rootId null) or a reply (rootId: its top-level comment). */
export const commentItemSchema = z.object({
  id: z.string(),
  postId: z.string(),
  /** null when deleted: a deleted comment does not say who wrote it. */
  author: userSchema.nullable(),
  /** Empty when deleted. */
  content: z.string(),
  rootId: z.string().nullable(),
  /** The comment or reply this one answers; null for a top-level comment. */
  replyTo: z.string().nullable(),
  /**
   * Whom it answers: the author of `replyTo`. null for a top-level comment, and when the comment
   * answered shows to the viewer as deleted (deleted, or its author hidden from them).
   */
  replyToAuthor: userSchema.nullable(),
  likeCount: z.number().int(),
  /** Live replies under a top-level comment; 0 for a reply. */
  replyCount: z.number().int(),
  liked: z.boolean(),
  /**
   * A deleted comment is listed only while replies hang on it; show "This message has been deleted".
   * Also true for the viewer when its author is hidden from them (blocked, blacklisted, deregistered).
   */
  deleted: z.boolean(),
  createdAt: z.iso.datetime(),
  /** When its author last edited it; null if never. */
  editedAt: z.iso.datetime().nullable(),
  /** Set when one of the reader's `warn` filters met it (schemas/filters.ts). */
  filtered: filteredSchema,
  /**
   * Only on its author's own comment, while a watched word holds it for a moderator: nobody else
   * sees it, it is not counted and nobody is told of it until it is passed ("waiting for review").
   */
  waiting: z.literal(true).optional(),
});
export type CommentItem = z.infer<typeof commentItemSchema>;

export const commentSchema = commentItemSchema.extend({
  /** In a post's comment list: the first 2 replies, oldest first (all of them: GET /comments/:id/replies). */
  replies: z.array(commentItemSchema).optional(),
});
export type Comment = z.infer<typeof commentSchema>;

/** One of my comments or replies, with enough of its post to show where it was said. */
export const myCommentSchema = commentItemSchema.extend({
  /**
   * The first characters of the post's text; empty when I can no longer open the post (taken
   * down in review, its author blacklisted me, blocked by me or gone).
   */
  postExcerpt: z.string(),
  /** The language the post was written in, for the excerpt's `lang` (line breaking, glyph forms). */
  postLang: langSchema,
  /**
   * The first characters of the comment or reply this one answers; empty for a top-level comment,
   * when that comment is gone for me (deleted, its author hidden from me), and when the post is
   * not mine to open (as `postExcerpt`).
   */
  replyToExcerpt: z.string(),
});
export type MyComment = z.infer<typeof myCommentSchema>;

export const createCommentSchema = z.object({
  content: z.string().trim().min(1).max(commentContentMax),
  /** A comment or reply of the same post; omit for a top-level comment. */
  replyTo: idSchema.optional(),
});
export type CreateCommentInput = z.infer<typeof createCommentSchema>;

export const pageQuerySchema = z.object({
  /** Opaque: the `nextCursor` of the previous page. */
  cursor: z.string().min(1).max(200).optional(),
  limit: queryIntSchema.pipe(z.number().min(1).max(limits.pageSizeMax)).default(limits.pageSizeDefault),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const feedSortSchema = z.enum(['new', 'popular']);
export type FeedSort = z.infer<typeof feedSortSchema>;
/** A search's orders: best match first (its default), or the feed's own. */
export const searchSortSchema = z.enum(['relevance', ...feedSortSchema.options]);
export type SearchSort = z.infer<typeof searchSortSchema>;

/**
 * The order a list is given in, the one place it is decided: a search is best match first unless
 * asked otherwise; the feed has no relevance, and lists newest first unless asked for popular.
 */
export function listOrder(sort: SearchSort | undefined, searching: false): FeedSort;
export function listOrder(sort: SearchSort | undefined, searching: boolean): SearchSort;
export function listOrder(sort: SearchSort | undefined, searching: boolean): SearchSort {
  if (searching) return sort ?? 'relevance';
  return sort === 'popular' ? 'popular' : 'new';
}

export const feedQuerySchema = pageQuerySchema.extend({
  /** Absent: `relevance` for a search (`q`), `new` for the feed; the feed without `q` lists `relevance` as `new`. */
  sort: searchSortSchema.optional(),
  /** A controller model id of the organisation. */
  model: z.string().trim().min(1).max(64).optional(),
  /** Words to search for in the posts' text, in any of the four languages. */
  q: z.string().trim().min(1).max(100).optional(),
  /** true: only posts with configurations attached; false: only posts without. */
  hasConfigs: queryBooleanSchema.optional(),
  /**
   * The content language listed: one language, or `all` (every post keeps its own `lang`).
   * Absent: the request's language (Accept-Language), as before.
   */
  lang: z.enum([...languages, 'all']).optional(),
  /** following: only posts of people the viewer follows (login required). */
  feed: z.enum(['all', 'following']).default('all'),
});
export type FeedQuery = z.infer<typeof feedQuerySchema>;

/**
 * A feed page. `otherLanguages` is given on the first page of a search (`q`, no cursor) in one
 * language when it is also the last (no `nextCursor`): how many posts match in the other languages
 * (counted up to `otherLanguagesMax`, which reads "that many or more"), so "nothing (more) in my
 * language" can say what "All languages" would find. Absent on every other page: counting them
 * for a page with more after it was a third of a common search's time (docs/search.md).
 */
export const otherLanguagesMax = 1000;
/**
 * `cut` (a search by relevance): more posts match than were ranked, so the best matches are those
 * of the newest `searchCandidates` matches (and of partial matches among the newest posts).
 */
export const searchCandidates = 200;
export const feedPageSchema = pageSchema(postSchema).extend({
  otherLanguages: z.number().int().min(0).max(otherLanguagesMax).optional(),
  cut: z.boolean().optional(),
});
export type FeedPage = z.infer<typeof feedPageSchema>;

export const postPageSchema = pageSchema(postSchema);
export const commentPageSchema = pageSchema(commentSchema);
export const myCommentPageSchema = pageSchema(myCommentSchema);
/** The replies page: the top-level comment itself, then its replies oldest first. */
export const repliesPageSchema = pageSchema(commentItemSchema).extend({ comment: commentItemSchema });

export const likeStateSchema = z.object({ liked: z.boolean(), likeCount: z.number().int() });
export type LikeState = z.infer<typeof likeStateSchema>;
export const favouriteStateSchema = z.object({ favourited: z.boolean(), favouriteCount: z.number().int() });
export type FavouriteState = z.infer<typeof favouriteStateSchema>;

export const editCommentSchema = z.object({ content: createCommentSchema.shape.content });
export type EditCommentInput = z.infer<typeof editCommentSchema>;

export const idParamsSchema = z.object({ id: idSchema });

/**
 * Earlier versions of an edited comment or post (moderators), the most recently replaced first. A
 * post's versions also say how many pictures or videos they had (their files may be deleted since).
 */
export const revisionsSchema = z.object({
  items: z.array(z.object({ content: z.string(), replacedAt: z.iso.datetime(), mediaCount: z.number().int().optional() })),
});
export type Revisions = z.infer<typeof revisionsSchema>;
