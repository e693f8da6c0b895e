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

-- The feed filtered by a model: a post is about the model its author picked and about the models of
-- the configurations it carries. `model = X or config_models @> {X}` on posts cannot be walked in
-- feed order by any one index (a GIN index finds every match and sorts them all: a page costs as
-- much as the model has posts). So each listed post has one row per model it is about, with the
-- feed's sort keys, and the filtered feed walks these rows in order from the cursor (keyset): a
-- deep page costs a first one.
create table post_models (
  post_id bigint not null references posts (id) on delete cascade,
  model text not null,
  org_id text not null,
  lang text not null,
  score integer not null,
  primary key (post_id, model)
);
create index post_models_new_idx on post_models (org_id, lang, model, post_id desc);
create index post_models_popular_idx on post_models (org_id, lang, model, score desc, post_id desc);

-- Kept by the database, as score is: rows only for posts in the feed (passed, not deleted), so the
-- feed needs no second look at review and deletion; rewritten whenever anything they copy changes
-- (a like changes the score: a post is about one to a few models, so a few rows).
create function posts_sync_models() returns trigger language plpgsql as $$
begin
  delete from post_models where post_id = new.id;
  if new.review_status = 'passed' and new.deleted_at is null then
    insert into post_models (post_id, model, org_id, lang, score)
    select new.id, m, new.org_id, new.lang, new.score
    from (select new.model union select unnest(new.config_models)) as about (m) where m is not null;
  end if;
  return null;
end $$;
create trigger posts_sync_models after insert or update of model, config_ids, config_models, like_count, comment_count, review_status, deleted_at, lang on posts
  for each row execute function posts_sync_models();

insert into post_models (post_id, model, org_id, lang, score)
select p.id, about.m, p.org_id, p.lang, p.score
from posts p, lateral (select p.model union select unnest(p.config_models)) as about (m)
where p.review_status = 'passed' and p.deleted_at is null and about.m is not null
on conflict do nothing;
