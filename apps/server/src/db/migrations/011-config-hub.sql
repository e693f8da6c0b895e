-- The configuration hub: games named by configurations, likes, applies counted per person per day,
-- and rankings the hub pages by.

-- One row per game an organisation's configurations name, spelled one way: `key` is the name
-- trimmed, its spaces collapsed and lowercased ("Genshin Impact" and "genshin  impact " meet at
-- the unique key); `name` keeps the first spelling, until an admin renames it.
create table games (
  id bigint generated always as identity primary key,
  org_id text not null references organisations (id),
  name text not null check (length(name) between 1 and 60),
  key text not null,
  created_at timestamptz not null default now(),
  unique (org_id, key)
);
-- Suggestions while typing: a prefix of the key, in one organisation.
create index games_key_prefix_idx on games (org_id, key text_pattern_ops);

alter table configs add column game_id bigint references games (id);
alter table configs add column like_count integer not null default 0 check (like_count >= 0);
-- Person-days of applying (one per person per configuration per day), ever and in the last 30 days.
alter table configs add column applied_30d integer not null default 0 check (applied_30d >= 0);
-- Listed in the hub: carried by at least one passed, live post. Kept by the trigger on posts below.
alter table configs add column shared boolean not null default false;
-- What the hub sorts by: copies of the live counts, refreshed together at most once an hour
-- (configs/ranking-repo.ts says why). Applies and likes write only the unindexed live counts.
alter table configs add column rank_30d integer not null default 0;
alter table configs add column rank_applied integer not null default 0;
alter table configs add column rank_liked integer not null default 0;

-- Before this migration apply_count counted people ever; from now on person-days, of which each
-- existing person is one.

create table config_likes (
  config_id bigint not null references configs (id),
  user_id bigint not null references users (id),
  created_at timestamptz not null default now(),
  primary key (config_id, user_id)
);

-- The applies of the last 30 days, one row per person per configuration per day (UTC): a repeated
-- apply that day meets the primary key and counts nothing. Older days are deleted as they leave
-- the window, and `applied_30d` falls by what they held.
create table config_apply_days (
  config_id bigint not null references configs (id),
  user_id bigint not null references users (id),
  day date not null,
  primary key (config_id, user_id, day)
);
create index config_apply_days_day_idx on config_apply_days (day);

-- When the rankings were last refreshed: one row.
create table config_rankings (
  id boolean primary key default true check (id),
  ranked_at timestamptz not null default '-infinity'
);
insert into config_rankings default values;

-- The hub: every sort, alone, by controller model, or by game, each walked in order from the cursor.
-- The kind (two values) and the search are tested along the walk.
create index configs_hub_new_idx on configs (org_id, id desc) where shared and deleted_at is null;
create index configs_hub_30d_idx on configs (org_id, rank_30d desc, id desc) where shared and deleted_at is null;
create index configs_hub_applied_idx on configs (org_id, rank_applied desc, id desc) where shared and deleted_at is null;
create index configs_hub_liked_idx on configs (org_id, rank_liked desc, id desc) where shared and deleted_at is null;
create index configs_hub_model_new_idx on configs (org_id, model, id desc) where shared and deleted_at is null;
create index configs_hub_model_30d_idx on configs (org_id, model, rank_30d desc, id desc) where shared and deleted_at is null;
create index configs_hub_model_applied_idx on configs (org_id, model, rank_applied desc, id desc) where shared and deleted_at is null;
create index configs_hub_model_liked_idx on configs (org_id, model, rank_liked desc, id desc) where shared and deleted_at is null;
create index configs_hub_game_new_idx on configs (org_id, game_id, id desc) where shared and deleted_at is null;
create index configs_hub_game_30d_idx on configs (org_id, game_id, rank_30d desc, id desc) where shared and deleted_at is null;
create index configs_hub_game_applied_idx on configs (org_id, game_id, rank_applied desc, id desc) where shared and deleted_at is null;
create index configs_hub_game_liked_idx on configs (org_id, game_id, rank_liked desc, id desc) where shared and deleted_at is null;
-- Lineage: the copies of a configuration, newest first.
create index configs_copies_idx on configs (based_on_id, id desc) where deleted_at is null and based_on_id is not null;
-- Merging a game moves its configurations.
create index configs_game_idx on configs (game_id) where game_id is not null;

-- `shared` follows the posts, as config_models does (007): every path that attaches, detaches,
-- passes, refuses or deletes writes posts, so none can forget the hub.
create function configs_sync_shared() returns trigger language plpgsql as $$
begin
  update configs c set shared = exists (
    select 1 from posts p where p.config_ids @> array[c.id] and p.review_status = 'passed' and p.deleted_at is null)
  where c.id = any (case when tg_op = 'INSERT' then new.config_ids else old.config_ids || new.config_ids end);
  return null;
end $$;
create trigger posts_sync_shared_insert after insert on posts
  for each row when (cardinality(new.config_ids) > 0) execute function configs_sync_shared();
create trigger posts_sync_shared_update after update of config_ids, review_status, deleted_at on posts
  for each row when (cardinality(old.config_ids) > 0 or cardinality(new.config_ids) > 0) execute function configs_sync_shared();

update configs c set shared = true
where exists (select 1 from posts p where p.config_ids @> array[c.id] and p.review_status = 'passed' and p.deleted_at is null);
update configs set rank_applied = apply_count;

-- Admins rename and merge games; their audit lines ask no reason, as the shop's do.
alter table moderation_log drop constraint moderation_log_action_check;
alter table moderation_log add constraint moderation_log_action_check check (action in (
  'pass', 'not_pass', 'delete_post', 'delete_comment', 'dismiss_reports', 'ban', 'unban', 'grant_moderator', 'revoke_moderator',
  'create_category', 'update_category', 'publish_category', 'unpublish_category', 'delete_category', 'reorder_categories',
  'create_goods', 'update_goods', 'publish_goods', 'unpublish_goods', 'delete_goods', 'reorder_goods', 'move_goods',
  'create_variant', 'update_variant', 'publish_variant', 'unpublish_variant', 'delete_variant', 'reorder_variants',
  'rename_game', 'merge_game'
));
alter table moderation_log drop constraint moderation_log_target_type_check;
alter table moderation_log add constraint moderation_log_target_type_check
  check (target_type in ('post', 'comment', 'user', 'goods', 'goods_category', 'goods_variant', 'shop', 'game'));
alter table moderation_log drop constraint moderation_log_reason_given_check;
alter table moderation_log add constraint moderation_log_reason_given_check
  check (reason is not null or target_type in ('goods', 'goods_category', 'goods_variant', 'shop', 'game'));

-- The feed and search in every language at once (`lang=all`): the feed's indexes without the language.
create index posts_feed_all_new_idx on posts (org_id, id desc) where review_status = 'passed' and deleted_at is null;
create index posts_feed_all_popular_idx on posts (org_id, score desc, id desc) where review_status = 'passed' and deleted_at is null;
create index post_models_all_new_idx on post_models (org_id, model, post_id desc);
create index post_models_all_popular_idx on post_models (org_id, model, score desc, post_id desc);

-- The hub asks, for each configuration it lists, which posts carry it (posts_config_ids_idx, 004).
-- With a pending list every probe would also read every entry not yet merged, and PGlite runs no
-- autovacuum to merge them (posts_search_idx is kept the same way, 002).
alter index posts_config_ids_idx set (fastupdate = off);
