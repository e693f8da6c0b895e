import type { InsightsGroup, InsightsRankingName, InsightsSeriesName, InsightsUnit } from '@padhub/contracts';

interface SeriesInfo {
  name: InsightsSeriesName;
  unit: InsightsUnit;
  /** Lines always answered, in this order, even with nothing counted (a funnel's steps); otherwise those counted, sorted. */
  dims?: readonly string[];
}

const count = (name: InsightsSeriesName): SeriesInfo => ({ name, unit: 'count' });
const people = (name: InsightsSeriesName): SeriesInfo => ({ name, unit: 'people' });
const hours = (name: InsightsSeriesName): SeriesInfo => ({ name, unit: 'hours' });

/** The series of each group of the page, in the order they are drawn (series-sql.ts says what each counts). */
export const groups: Record<InsightsGroup, readonly SeriesInfo[]> = {
  people: [people('people.active'), people('people.monthly_active'), count('people.new'), count('people.returned_7'), count('people.returned_30')],
  content: [count('content.posts'), count('content.comments'), count('content.pictures'), count('content.videos'), count('content.posts_with_configs')],
  answers: [hours('answers.first_reply_p50'), hours('answers.first_reply_p90'), count('answers.unanswered_24h')],
  safety: [
    count('safety.reports_opened'),
    count('safety.reports_resolved'),
    hours('safety.resolution_p50'),
    hours('safety.resolution_p90'),
    count('safety.review_waiting'),
    hours('safety.review_oldest_hours'),
    count('safety.bans'),
    count('safety.watched_hits'),
  ],
  configs: [count('configs.applied'), count('configs.liked'), count('configs.copied'), { ...count('configs.funnel'), dims: ['opened', 'applied', 'kept'] }],
  search: [],
  shop: [],
};

/** The lists of each group, in the order they are shown. */
export const rankings: Record<InsightsGroup, readonly InsightsRankingName[]> = {
  people: [],
  content: [],
  answers: [],
  safety: [],
  configs: ['configs.top', 'configs.top_games'],
  search: ['search.searches', 'search.no_results'],
  shop: ['shop.views', 'shop.buys'],
};
