import { z } from 'zod';
import { queryIntSchema } from './community.ts';

/** The console's insights (docs/insights.md): each group is one call and one section of the page. */
export const insightsGroupSchema = z.enum(['people', 'content', 'answers', 'safety', 'configs', 'search', 'shop']);
export type InsightsGroup = z.infer<typeof insightsGroupSchema>;
export const insightsParamsSchema = z.object({ group: insightsGroupSchema });

export const insightsRanges = [7, 30, 90] as const;
export const insightsQuerySchema = z.object({
  /** Days, ending today (UTC); the previous period is the same number of days before. */
  range: queryIntSchema.pipe(z.union(insightsRanges.map((r) => z.literal(r)) as [z.ZodLiteral<7>, z.ZodLiteral<30>, z.ZodLiteral<90>])).default(30),
});
export type InsightsQuery = z.input<typeof insightsQuerySchema>;

/**
 * What a series' figure is: people, a count of things, or hours (a percentile of a wait). A
 * period's summary adds up the days of a count, and averages the days of people and hours.
 */
export const insightsUnitSchema = z.enum(['people', 'count', 'hours']);
export type InsightsUnit = z.infer<typeof insightsUnitSchema>;

/** Every series, by group (docs/insights.md, "Series"). */
export const insightsSeriesNameSchema = z.enum([
  'people.active',
  'people.monthly_active',
  'people.new',
  'people.returned_7',
  'people.returned_30',
  'content.posts',
  'content.comments',
  'content.pictures',
  'content.videos',
  'content.posts_with_configs',
  'answers.first_reply_p50',
  'answers.first_reply_p90',
  'answers.unanswered_24h',
  'safety.reports_opened',
  'safety.reports_resolved',
  'safety.resolution_p50',
  'safety.resolution_p90',
  'safety.review_waiting',
  'safety.review_oldest_hours',
  'safety.bans',
  'safety.watched_hits',
  'configs.applied',
  'configs.liked',
  'configs.copied',
  // The apply funnel, by step: `opened`, `applied`, `kept` (docs/insights.md, "Series").
  'configs.funnel',
]);
export type InsightsSeriesName = z.infer<typeof insightsSeriesNameSchema>;

export const insightsSeriesSchema = z.object({
  /** The page's strings are keyed by it. */
  name: insightsSeriesNameSchema,
  /** A language (content), a report's reason (safety), or '' for the whole organisation. */
  dim: z.string(),
  unit: insightsUnitSchema,
  /** One figure a day from `from` to `to`; null where an hours series had nothing to measure. */
  values: z.array(z.number().nullable()),
  /** The period's summary, and the previous period's (null when it had nothing to measure). */
  current: z.number().nullable(),
  previous: z.number().nullable(),
});
export type InsightsSeries = z.infer<typeof insightsSeriesSchema>;

/** The lists of a range, most first (docs/insights.md, "Usage"). */
export const insightsRankingNameSchema = z.enum(['configs.top', 'configs.top_games', 'search.searches', 'search.no_results', 'shop.views', 'shop.buys']);
export type InsightsRankingName = z.infer<typeof insightsRankingNameSchema>;

export const insightsRankingSchema = z.object({
  name: insightsRankingNameSchema,
  /**
   * The configurations, games, searched words or goods, with the range's figure: applies (as
   * `configs.applied`), or different people a day added up over its days.
   */
  items: z.array(z.object({ key: z.string(), label: z.string(), value: z.number() })),
});
export type InsightsRanking = z.infer<typeof insightsRankingSchema>;

export const insightsSchema = z.object({
  group: insightsGroupSchema,
  range: z.number().int(),
  /** UTC dates (YYYY-MM-DD), inclusive. */
  from: z.string(),
  to: z.string(),
  /** When the rollup last finished for this organisation; null before its first run. */
  updatedAt: z.iso.datetime().nullable(),
  series: z.array(insightsSeriesSchema),
  rankings: z.array(insightsRankingSchema),
});
export type Insights = z.infer<typeof insightsSchema>;
