-- Who used Padhub on which day (UTC), one row a person a day: written where a session is touched
-- (accounts/repo.ts, `findSession`, at most once a minute a session). Sessions keep only their
-- last use, so without this a person active on Monday and Tuesday would count on Tuesday alone.
-- The source of the insights' active people and returning cohorts (docs/insights.md).
create table active_days (
  org_id text not null references organisations (id),
  day date not null,
  user_id bigint not null references users (id) on delete cascade,
  primary key (org_id, day, user_id)
);
create index active_days_user_idx on active_days (user_id, day);

-- The console's insights (docs/insights.md): one figure per organisation, series, day and
-- dimension (a language, a report's reason, or '' for none), kept by the rollup job. Counts only:
-- no person's id is ever a dimension.
create table insight_days (
  org_id text not null references organisations (id),
  series text not null,
  dim text not null default '',
  day date not null,
  value double precision not null,
  primary key (org_id, series, day, dim)
);

-- How far each organisation's rollup has been kept: the job redoes the days from a little before
-- this (late replies, late resolutions) to today, and back-fills everything when there is no row.
create table insight_rollups (
  org_id text primary key references organisations (id),
  done_through date not null,
  finished_at timestamptz not null default now()
);

-- The rollup counts a day's rows by their creation time.
create index posts_org_created_idx on posts (org_id, created_at);
create index comments_org_created_idx on comments (org_id, created_at);
create index users_org_created_idx on users (org_id, created_at);
create index reports_org_created_idx on reports (org_id, created_at);
create index reports_org_resolved_idx on reports (org_id, resolved_at) where resolved_at is not null;
