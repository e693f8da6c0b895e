import { z } from 'zod';
import { pageSchema } from '../envelope.ts';
import { userSchema } from './account.ts';
import { filteredSchema } from './filters.ts';
import { idSchema, pageQuerySchema } from './community.ts';

/**
 * What creates a notification. Grouped types (`groupedNotificationTypes`) gather every actor on
 * one target into one item; the others are one item each (a conversation, or a decision).
 */
export const notificationTypes = [
  'comment',
  'reply',
  'mention',
  'post_like',
  'comment_like',
  'config_copy',
  'config_apply',
  'follow',
  'post_passed',
  'post_not_passed',
  'post_removed',
  'comment_removed',
  'report_outcome',
  // The author's long video is ready to play, or failed (`reason`: `ready`, or the failure's error key).
  'video_processed',
  // A sign-in from a device or network the account had not used (the target is the person; its excerpt the device's name).
  'new_sign_in',
  // The person's archive of their data is ready to download (the target is the person).
  'export_ready',
] as const;
export const notificationTypeSchema = z.enum(notificationTypes);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

export const groupedNotificationTypes: readonly NotificationType[] = ['post_like', 'comment_like', 'config_copy', 'config_apply', 'follow'];
/** The "Mentions & replies" tab. */
export const conversationNotificationTypes: readonly NotificationType[] = ['comment', 'reply', 'mention'];

export const notificationTargetSchema = z.object({
  type: z.enum(['post', 'comment', 'config', 'user']),
  id: z.string(),
  /** The start of the target's text; null when `gone`. */
  excerpt: z.string().nullable(),
  /** The target was deleted since, or is no longer visible to the recipient: show a tombstone. */
  gone: z.boolean(),
  /** For a comment: the post it belongs to (to open the thread with the comment highlighted). */
  postId: z.string().nullable(),
  /** For a reply: the top-level comment whose replies page holds it (where it is highlighted); null otherwise, and when gone. */
  rootId: z.string().nullable(),
});
export type NotificationTarget = z.infer<typeof notificationTargetSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  type: notificationTypeSchema,
  /** Newest first, at most three; empty for moderation decisions and report outcomes. */
  actors: z.array(userSchema),
  /** Everyone in the group ("Alex and 12 others"): actors.length or more. */
  actorCount: z.number().int(),
  target: notificationTargetSchema,
  read: z.boolean(),
  /** When the item last changed (a new actor moves a group to the top). */
  createdAt: z.iso.datetime(),
  /**
   * post_not_passed, post_removed, comment_removed: the moderator's reason; report_outcome: 'action_taken' or 'no_action';
   * video_processed: 'ready', or why it failed (`videoFailureSchema`).
   */
  reason: z.string().nullable(),
  /** Set when one of the reader's `warn` filters met its excerpt (schemas/filters.ts). */
  filtered: filteredSchema,
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPageSchema = pageSchema(notificationSchema);

export const notificationQuerySchema = pageQuerySchema.extend({
  /** all: every item; conversations: comments, replies and mentions. */
  filter: z.enum(['all', 'conversations']).default('all'),
});
export type NotificationQuery = z.infer<typeof notificationQuerySchema>;

export const unreadCountSchema = z.object({ count: z.number().int() });

/** No body, or no ids: everything. */
export const markReadSchema = z.object({ ids: z.array(idSchema).max(100).optional() }).nullish();
export type MarkReadInput = z.infer<typeof markReadSchema>;

export const notificationSwitchSchema = z.object({ inbox: z.boolean(), push: z.boolean() });
/** Every type with its inbox and push switches; missing types keep what they had (on by default). */
export const notificationSettingsSchema = z.record(notificationTypeSchema, notificationSwitchSchema);
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export const notificationSettingsInputSchema = z.partialRecord(notificationTypeSchema, notificationSwitchSchema);
export type NotificationSettingsInput = z.infer<typeof notificationSettingsInputSchema>;
