import { z } from 'zod';
import { languages } from '../languages.ts';
import { idSchema } from './community.ts';
import { notificationSchema } from './notifications.ts';

/**
 * The live stream (`GET /api/events`, Server-Sent Events). Every event has an id (the SSE `id:`
 * line, a string of digits) and a type (the `event:` line); its `data:` line is the JSON below.
 * A client that reconnects sends the last id it saw (`Last-Event-ID`, or `lastEventId` in the
 * query) and receives what it missed, in order, while that is at most `liveReplayMs` old; after a
 * longer gap it receives `reset` and refetches what it shows. An event never says more than a
 * read of the same thing would show the person it is sent to.
 */
export const liveReplayMs = 5 * 60 * 1000;
/** A comment line every so often keeps proxies from closing an idle stream. */
export const liveHeartbeatMs = 25 * 1000;
/** How long a ticket from `POST /api/events/ticket` may be used to open a stream (once). */
export const liveTicketMs = 60 * 1000;

export const liveEventTypes = ['notification', 'unread', 'comment', 'counts', 'posts', 'queue', 'configs', 'reset'] as const;
export type LiveEventType = (typeof liveEventTypes)[number];

/** What the stream is opened for, besides the person's own events: the page on screen. */
export const liveQuerySchema = z.object({
  /** For `EventSource`, which cannot send headers: the organisation (the `Accorgid` header's value). */
  accorgid: z.string().max(100).optional(),
  /** For `EventSource`, which cannot send headers: a ticket from `POST /api/events/ticket`. */
  ticket: z.string().max(100).optional(),
  /** The id of the last event received, when the client cannot send `Last-Event-ID`. */
  lastEventId: idSchema.optional(),
  /** An open post: its `comment` and `counts` events. */
  post: idSchema.optional(),
  /** An open configuration: its `configs` events. */
  config: idSchema.optional(),
  /** The feed on screen: its `posts` events. */
  feed: z.enum(['new', 'following']).optional(),
  /** The feed's filters, as its read takes them (absent `lang`: the request's language). */
  model: z.string().max(100).optional(),
  lang: z.enum([...languages, 'all']).optional(),
  /** Staff: the `queue` events of the review queue and reports. */
  queue: z.enum(['1']).optional(),
});
export type LiveQuery = z.infer<typeof liveQuerySchema>;

export const liveTicketSchema = z.object({ ticket: z.string() });
export type LiveTicket = z.infer<typeof liveTicketSchema>;

/** The data of each event type. */
export const liveEventSchemas = {
  /** A new or changed item of the person's inbox, as the inbox shows it. */
  notification: notificationSchema,
  /** The person's unread count changed. */
  unread: z.object({ count: z.number().int() }),
  /** A comment or reply on the open post was written, edited or deleted: its thread is stale. */
  comment: z.object({ postId: idSchema, id: idSchema, rootId: idSchema.nullable(), action: z.enum(['created', 'edited', 'deleted']) }),
  /** The open post's counts, as its reader sees them; with `comment` when a comment's likes changed. */
  counts: z.object({
    postId: idSchema,
    likeCount: z.number().int(),
    commentCount: z.number().int(),
    comment: z.object({ id: idSchema, likeCount: z.number().int() }).optional(),
  }),
  /**
   * New posts in the feed on screen (its language, model, following) that a read would show the
   * viewer: how many this event announces. The page adds them up until it loads them.
   */
  posts: z.object({ count: z.number().int() }),
  /** Staff: what waits in the review queue and the open reports. */
  queue: z.object({ pendingPosts: z.number().int(), openReports: z.number().int() }),
  /** The open configuration's counts. */
  configs: z.object({ id: idSchema, appliedCount: z.number().int(), likeCount: z.number().int() }),
  /** The gap was too long to replay: refetch what the page shows. */
  reset: z.object({}),
} satisfies Record<LiveEventType, z.ZodType>;
export type LiveEventData = { [K in LiveEventType]: z.infer<(typeof liveEventSchemas)[K]> };
export type LiveEvent = { [K in LiveEventType]: { id: string; type: K; data: LiveEventData[K] } }[LiveEventType];
