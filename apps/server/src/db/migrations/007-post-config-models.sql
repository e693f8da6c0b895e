-- The controller models of the configurations a post carries, kept on the post: "filter by model"
-- finds a post by what it carries as well as by the model its author picked (the shop's
-- "configurations for this model" link opens the feed filtered that way).
alter table posts add column config_models text[] not null default '{}';

-- One definition, for the trigger and the backfill. A configuration's model never changes
-- (ConfigsRepo.update keeps it), so the ids alone decide the models.
create function config_models_of(ids bigint[]) returns text[] language sql stable as $$
  select coalesce(array_agg(distinct c.model order by c.model), '{}') from configs c where c.id = any (ids)
$$;

-- Kept by the database from config_ids, as score is from the counters: every path that attaches or
-- detaches configurations (a new post, a deleted configuration taken off its posts, the seed,
-- moderation or deregistration later) writes config_ids, and none can forget the models.
create function posts_config_models() returns trigger language plpgsql as $$
begin
  if cardinality(new.config_ids) = 0 then
    new.config_models := '{}';
  else
    new.config_models := config_models_of(new.config_ids);
  end if;
  return new;
end $$;
create trigger posts_config_models before insert or update of config_ids on posts
  for each row execute function posts_config_models();

update posts set config_models = config_models_of(config_ids) where cardinality(config_ids) > 0;

-- The model filter is `model = X or config_models @> {X}`, run as two branches (feedStatement):
-- posts_feed_model_idx and its popular twin serve the first as before; the second reads only posts
-- that carry configurations, walking them in feed order (posts_feed_configs_idx, and its popular
-- twin below) when X is common among them, or finding X's through this GIN index when it is rare.
-- Same rows as the feed indexes; no pending list, as for posts_search_idx (PGlite runs no
-- autovacuum to merge one).
create index posts_feed_config_models_idx on posts using gin (config_models) with (fastupdate = off)
  where review_status = 'passed' and deleted_at is null;
create index posts_feed_popular_configs_idx on posts (org_id, lang, score desc, id desc)
  where review_status = 'passed' and deleted_at is null and has_configs;
