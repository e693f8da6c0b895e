/*
 * What each daily figure of the insights counts (docs/insights.md, "Series"). Every statement
 * takes $1 the organisation, $2 the first day and $3 the last (UTC dates), and answers rows of
 * (series, dim, day, value) for the days that have something; a day without a row is 0. A row's
 * day is the UTC date of the moment it counts (created, resolved, answered).
 */

/** The first moment of $2 and the first moment after $3, in UTC. */
const FROM = `($2::date::timestamp at time zone 'UTC')`;
const UNTIL = `(($3::date + 1)::timestamp at time zone 'UTC')`;
const dayOf = (column: string) => `(${column} at time zone 'UTC')::date`;
const within = (column: string) => `${column} >= ${FROM} and ${column} < ${UNTIL}`;
const DAYS = `select d::date as day from generate_series($2::date, $3::date, interval '1 day') d`;

/** Series of a signup day that keep changing for 60 days (the later activity of that day's accounts). */
export const COHORTS = ['people.returned_7', 'people.returned_30'];
/** How many days back a cohort can still move. */
export const COHORT_DAYS = 60;
/** Series that only the day they were taken can see (the review queue now): never redone for a past day. */
export const SNAPSHOTS = ['safety.review_waiting', 'safety.review_oldest_hours'];

/** Series counted from `insight_usage`, whose rows are kept two days: never redone for an older day (rollup.ts). */
export const USAGE = ['search.searches', 'search.no_results', 'shop.views', 'shop.buys', 'configs.funnel'];

const people = [
  // Daily active: people who used a session that day (active_days, written by the session touch).
  `select 'people.active' as series, '' as dim, day, count(*)::float8 as value
   from active_days where org_id = $1 and day between $2::date and $3::date group by day`,
  // Monthly active: people active on any of the 30 days that end with the day.
  `select 'people.monthly_active' as series, '' as dim, d.day, count(distinct a.user_id)::float8 as value
   from (${DAYS}) d join active_days a on a.org_id = $1 and a.day between d.day - 29 and d.day group by d.day`,
  `select 'people.new' as series, '' as dim, ${dayOf('created_at')} as day, count(*)::float8 as value
   from users where org_id = $1 and ${within('created_at')} group by 2, 3`,
  // Cohorts: of the accounts made on a day, those active again 7 to 13 days later, and 30 to 59 days later.
  `select s.series, '' as dim, ${dayOf('u.created_at')} as day, count(*)::float8 as value
   from users u
   cross join (values ('people.returned_7', 7, 13), ('people.returned_30', 30, 59)) s (series, first, last)
   where u.org_id = $1 and ${within('u.created_at')}
     and exists (select 1 from active_days a where a.user_id = u.id
                 and a.day between ${dayOf('u.created_at')} + s.first and ${dayOf('u.created_at')} + s.last)
   group by 1, 3`,
];

const content = [
  // Every post made that day, by its language, whether or not it was later removed.
  `select s.series, p.lang as dim, ${dayOf('p.created_at')} as day, sum(s.value)::float8 as value
   from posts p
   cross join lateral (values
     ('content.posts', 1),
     ('content.posts_with_configs', case when p.has_configs then 1 else 0 end),
     ('content.pictures', (select count(*) from jsonb_array_elements(p.media) m where m->>'kind' = 'image')::int),
     ('content.videos', (select count(*) from jsonb_array_elements(p.media) m where m->>'kind' = 'video')::int)
   ) s (series, value)
   where p.org_id = $1 and ${within('p.created_at')}
   group by 1, 2, 3 having sum(s.value) > 0`,
  `select 'content.comments' as series, p.lang as dim, ${dayOf('c.created_at')} as day, count(*)::float8 as value
   from comments c join posts p on p.id = c.post_id
   where c.org_id = $1 and ${within('c.created_at')} group by 2, 3`,
];

/** A post's first answer: its earliest live comment by someone other than its author. */
const FIRST_REPLIES = `select c.created_at as answered_at, extract(epoch from c.created_at - p.created_at) / 3600 as hours
   from comments c join posts p on p.id = c.post_id
   where c.org_id = $1 and ${within('c.created_at')} and c.deleted_at is null and c.author_id <> p.author_id
     and not exists (select 1 from comments e where e.post_id = c.post_id and e.deleted_at is null and e.author_id <> p.author_id
                     and (e.created_at, e.id) < (c.created_at, c.id))`;

const answers = [
  // Counted on the day of the first answer, so a day's figure is final once the day is over.
  `select s.series, '' as dim, ${dayOf('f.answered_at')} as day,
          percentile_cont(s.fraction) within group (order by f.hours)::float8 as value
   from (${FIRST_REPLIES}) f cross join (values ('answers.first_reply_p50', 0.5::float8), ('answers.first_reply_p90', 0.9::float8)) s (series, fraction)
   group by s.series, s.fraction, 3`,
  // Posts of the day whose first 24 hours have passed with no answer (final the day after).
  `select 'answers.unanswered_24h' as series, '' as dim, ${dayOf('p.created_at')} as day, count(*)::float8 as value
   from posts p
   where p.org_id = $1 and ${within('p.created_at')} and p.created_at <= now() - interval '24 hours'
     and not exists (select 1 from comments c where c.post_id = p.id and c.deleted_at is null and c.author_id <> p.author_id
                     and c.created_at < p.created_at + interval '24 hours')
   group by 3`,
];

const safety = [
  `select 'safety.reports_opened' as series, reason as dim, ${dayOf('created_at')} as day, count(*)::float8 as value
   from reports where org_id = $1 and ${within('created_at')} group by 2, 3`,
  // Resolved that day, by reason, with how long they waited (hours).
  `select s.series, r.reason as dim, ${dayOf('r.resolved_at')} as day,
          case when s.fraction is null then count(*)::float8
               else percentile_cont(s.fraction) within group (order by extract(epoch from r.resolved_at - r.created_at) / 3600)::float8 end as value
   from reports r
   cross join (values ('safety.reports_resolved', null::float8), ('safety.resolution_p50', 0.5::float8), ('safety.resolution_p90', 0.9::float8)) s (series, fraction)
   where r.org_id = $1 and r.resolved_at is not null and ${within('r.resolved_at')}
   group by s.series, s.fraction, 2, 3`,
  `select 'safety.bans' as series, '' as dim, ${dayOf('created_at')} as day, count(*)::float8 as value
   from moderation_log where org_id = $1 and action = 'ban' and ${within('created_at')} group by 3`,
  // The review queue as it stands: only today can be seen, so only today is written.
  `select s.series, '' as dim, (now() at time zone 'UTC')::date as day, s.value
   from (select count(*)::float8 as waiting, coalesce(extract(epoch from now() - min(created_at)) / 3600, 0)::float8 as oldest
         from posts where org_id = $1 and review_status = 'pending' and deleted_at is null) q
   cross join lateral (values ('safety.review_waiting', q.waiting), ('safety.review_oldest_hours', q.oldest)) s (series, value)
   where (now() at time zone 'UTC')::date between $2::date and $3::date`,
];

const configs = [
  `select s.series, '' as dim, ${dayOf('x.created_at')} as day, count(*)::float8 as value
   from (select 'configs.applied' as series, config_id, created_at from config_applies where ${within('created_at')}
         union all select 'configs.liked', config_id, created_at from config_likes where ${within('created_at')}
         union all select 'configs.copied', config_id, created_at from config_saves where ${within('created_at')}) x (series, config_id, created_at)
   join configs c on c.id = x.config_id and c.org_id = $1
   cross join lateral (values (x.series)) s (series)
   group by 1, 3`,
];

/** The fewest different people a day whose searched words are counted (docs/insights.md, "Usage"). */
const SEARCH_PEOPLE = 3;
/** The words or goods kept a day per usage series: the most searched or seen. */
const USAGE_KEPT = 500;

const usage = [
  // Different people a day, by the search's words or the goods' id (one row a person a day and thing):
  // each day's most searched or seen (`USAGE_KEPT`), so a range's list reads a bounded number of rows.
  `select series, dim, day, value from (
   select s.series, u.key as dim, u.day, count(*)::float8 as value,
          row_number() over (partition by s.series, u.day order by count(*) desc, u.key) as place
   from insight_usage u
   cross join lateral (values
     (case u.kind when 'search' then 'search.searches' when 'goods_view' then 'shop.views' when 'goods_buy' then 'shop.buys' end),
     (case when u.kind = 'search' and not u.found then 'search.no_results' end)
   ) s (series)
   where u.org_id = $1 and u.kind in ('search', 'goods_view', 'goods_buy') and u.day between $2::date and $3::date and s.series is not null
   group by 1, 2, 3
   -- Searched words are kept only for a day three different people searched them (no one's own search is ever a figure).
   having count(*) >= case when s.series like 'search.%' then ${SEARCH_PEOPLE} else 1 end
   ) ranked where place <= ${USAGE_KEPT}`,
  // Watched-word hits, by the rule's action, as the recorder added them up.
  `select series, dim, day, value::float8 from insight_tallies where org_id = $1 and series = 'safety.watched_hits' and day between $2::date and $3::date`,
];

// The apply funnel of a day, each step one person and configuration: opened its page (usage), applied
// it (`config_apply_days`, the apply counted once a person a day), and kept it (applied, and no
// Undo by that person of that configuration the same day).
const funnel = `select 'configs.funnel' as series, x.step as dim, x.day, count(*)::float8 as value
   from (select 'opened' as step, u.day from insight_usage u
         where u.org_id = $1 and u.kind = 'config_open' and u.day between $2::date and $3::date
         union all
         select s.step, a.day from config_apply_days a
         join configs c on c.id = a.config_id and c.org_id = $1
         cross join lateral (values ('applied'),
           (case when not exists (select 1 from insight_usage u where u.org_id = $1 and u.kind = 'config_undo' and u.day = a.day
                                  and u.key = a.config_id::text and u.user_id = a.user_id) then 'kept' end)) s (step)
         where a.day between $2::date and $3::date and s.step is not null) x
   group by 2, 3`;

// The configurations applied that day (as `configs.applied` counts them), by configuration and by its game: the range's top ones.
const topConfigs = `select s.series, s.dim, x.day, count(*)::float8 as value
   from (select ${dayOf('a.created_at')} as day, c.id::text as config, c.game_id::text as game
         from config_applies a join configs c on c.id = a.config_id and c.org_id = $1 where ${within('a.created_at')}) x
   cross join lateral (values ('configs.top', x.config), ('configs.top_games', x.game)) s (series, dim)
   where s.dim is not null
   group by 1, 2, 3`;

/** A statement and the series it answers (those the rollup replaces over its days). */
export interface SeriesStatement {
  series: readonly string[];
  sql: string;
}

const named = (series: string[], sql: string): SeriesStatement => ({ series, sql });

/** Every series statement, in the order of the console's groups. */
export const seriesStatements: readonly SeriesStatement[] = [
  named(['people.active'], people[0]!),
  named(['people.monthly_active'], people[1]!),
  named(['people.new'], people[2]!),
  named(COHORTS, people[3]!),
  named(['content.posts', 'content.posts_with_configs', 'content.pictures', 'content.videos'], content[0]!),
  named(['content.comments'], content[1]!),
  named(['answers.first_reply_p50', 'answers.first_reply_p90'], answers[0]!),
  named(['answers.unanswered_24h'], answers[1]!),
  named(['safety.reports_opened'], safety[0]!),
  named(['safety.reports_resolved', 'safety.resolution_p50', 'safety.resolution_p90'], safety[1]!),
  named(['safety.bans'], safety[2]!),
  named(SNAPSHOTS, safety[3]!),
  named(['configs.applied', 'configs.liked', 'configs.copied'], configs[0]!),
  named(['configs.top', 'configs.top_games'], topConfigs),
  named(USAGE, usage[0]!),
  named(['safety.watched_hits'], usage[1]!),
  named(['configs.funnel'], funnel),
];
