import { z } from 'zod';

/**
 * New accounts earn trust (docs/moderation.md, "New accounts"), after Discourse's trust levels: an
 * account younger than `youngerThanDays` or with fewer than `fewerPassedPostsThan` passed posts is
 * new, unless staff trusted it, and while the organisation has `enabled` its posts, comments and
 * mentions an hour, and links and pictures a post, are limited, and its first
 * `firstPostsReviewed` posts (until that many passed) wait for review.
 */
const count = (max: number) => z.number().int().min(0).max(max);
const perHour = z.number().int().min(1).max(1000);

export const newAccountRulesSchema = z.object({
  enabled: z.boolean(),
  youngerThanDays: count(365),
  fewerPassedPostsThan: count(1000),
  postsPerHour: perHour,
  commentsPerHour: perHour,
  mentionsPerHour: perHour,
  linksPerPost: count(100),
  picturesPerPost: count(18),
  firstPostsReviewed: count(100),
});
export type NewAccountRules = z.infer<typeof newAccountRulesSchema>;

/**
 * `new`: the organisation's limits apply (when enabled); `earned`: old enough with enough passed
 * posts; `trusted`: staff raised it, whatever the figures.
 */
export const trustLevelSchema = z.enum(['new', 'earned', 'trusted']);
export type TrustLevel = z.infer<typeof trustLevelSchema>;

/** A person's trust as staff see it in the console. */
export const personTrustSchema = z.object({
  level: trustLevelSchema,
  /** Whether the limits hold them now: new, and the organisation's limits are on. */
  limited: z.boolean(),
  ageDays: z.number().int(),
  passedPosts: z.number().int(),
  /** Who raised their trust, and when; null unless `trusted`. */
  trustedBy: z.object({ id: z.string(), username: z.string() }).nullable(),
  trustedAt: z.iso.datetime().nullable(),
});
export type PersonTrust = z.infer<typeof personTrustSchema>;
