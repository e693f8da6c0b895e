import { z } from 'zod';
import { pageSchema } from '../envelope.ts';
import { userSchema } from './account.ts';
import { idSchema } from './community.ts';

/** What can be reported: a post, a comment (a reply is a comment), or a person (from their profile). */
export const reportTargetTypeSchema = z.enum(['post', 'comment', 'user']);
export type ReportTargetType = z.infer<typeof reportTargetTypeSchema>;

/** Spam, abuse, cheating (an unfair macro), illegal content, other. */
export const reportReasons = ['spam', 'abuse', 'cheating', 'illegal', 'other'] as const;
export const reportReasonSchema = z.enum(reportReasons);
export type ReportReason = z.infer<typeof reportReasonSchema>;

/** Received (waiting for a moderator), action taken, or no action: what the reporter sees. */
export const reportStatusSchema = z.enum(['received', 'action_taken', 'no_action']);
export type ReportStatus = z.infer<typeof reportStatusSchema>;

export const reportDescriptionMax = 500;

export const createReportSchema = z
  .object({
    targetType: reportTargetTypeSchema,
    targetId: idSchema,
    reason: reportReasonSchema,
    /** The reporter's own words about the content. Required when the reason is "other". */
    description: z.string().trim().max(reportDescriptionMax).default(''),
  })
  .refine((r) => r.reason !== 'other' || r.description.length > 0, {
    path: ['description'],
    message: 'describe the content when the reason is "other"',
  });
/** What a client sends (description may be left out) and what the server works with. */
export type CreateReportInput = z.input<typeof createReportSchema>;
export type CreateReport = z.output<typeof createReportSchema>;

export const reportSchema = z.object({
  id: z.string(),
  targetType: reportTargetTypeSchema,
  targetId: z.string(),
  reason: reportReasonSchema,
  description: z.string(),
  status: reportStatusSchema,
  createdAt: z.iso.datetime(),
  /** Reporting the same thing again updates the report (and this time) instead of adding one. */
  updatedAt: z.iso.datetime(),
});
export type Report = z.infer<typeof reportSchema>;

/** One of my reports, with where its target lives so the list can open it. */
export const myReportSchema = reportSchema.extend({
  /** The post to open (the comment's post for a comment); null once it is gone. */
  postId: z.string().nullable(),
  /** The first characters of the reported text while it can still be seen; null once it is gone. */
  excerpt: z.string().nullable(),
});
export type MyReport = z.infer<typeof myReportSchema>;
export const myReportPageSchema = pageSchema(myReportSchema);

export const userIdParamsSchema = z.object({ userId: idSchema });

/** Someone on my block list or blacklist. */
export const listedUserSchema = z.object({ user: userSchema, createdAt: z.iso.datetime() });
export type ListedUser = z.infer<typeof listedUserSchema>;
export const listedUserPageSchema = pageSchema(listedUserSchema);

/**
 * `data` of `author_hidden_by_you`: a post the viewer would see but for their own block or
 * blacklist of its author. Only the viewer's own lists answer this; a post hidden for any other
 * reason (deleted, not passed, its author's blacklist of the viewer) stays not_found.
 */
export const authorHiddenDataSchema = z.object({ author: userSchema, list: z.enum(['block', 'blacklist']) });
export type AuthorHiddenData = z.infer<typeof authorHiddenDataSchema>;

export const blockStateSchema = z.object({ blocked: z.boolean() });
export type BlockState = z.infer<typeof blockStateSchema>;
export const blacklistStateSchema = z.object({ blacklisted: z.boolean() });
export type BlacklistState = z.infer<typeof blacklistStateSchema>;
