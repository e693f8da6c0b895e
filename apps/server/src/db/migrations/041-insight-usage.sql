-- What people did that no other table keeps (docs/insights.md, "Usage"): a search's normalised
-- words and whether it found anything, a goods page seen, a "buy" tapped. One row a person, a day
-- and a thing, so the rollup counts different people; the person is there for that count alone.
-- Kept two days (the rollup's redo window), then purged by the rollup; an account's rows go with
-- its purge (privacy/purge.ts).
create table insight_usage (
  org_id text not null references organisations (id),
  kind text not null check (kind in ('search', 'goods_view', 'goods_buy')),
  day date not null,
  key text not null,
  user_id bigint not null references users (id) on delete cascade,
  -- A search: whether any of this person's searches of these words that day found something.
  found boolean not null default true,
  primary key (org_id, kind, day, key, user_id)
);
create index insight_usage_user_idx on insight_usage (user_id);

-- Counts the rollup cannot recount from rows (docs/insights.md, "Usage"): watched-word hits, by
-- the rule's action. No person in them; added to as they happen, in batches.
create table insight_tallies (
  org_id text not null references organisations (id),
  series text not null,
  dim text not null default '',
  day date not null,
  value bigint not null,
  primary key (org_id, series, day, dim)
);
