-- Community: posts, comments and replies, likes and favourites.
-- Every list is read by keyset (cursor) pagination; each has an index whose order is the list's order.
create table posts (
  id bigint generated always as identity primary key,
  org_id text not null references organisations (id),
  author_id bigint not null references users (id),
  content text not null,
  lang text not null check (lang in ('cn', 'en', 'jp', 'ko')),
  model text,
  media jsonb not null default '[]',
  config_ids bigint[] not null default '{}',
  has_configs boolean generated always as (cardinality(config_ids) > 0) stored,
  review_status text not null default 'passed' check (review_status in ('passed', 'pending', 'not_passed')),
  review_reason text,
  like_count integer not null default 0 check (like_count >= 0),
  comment_count integer not null default 0 check (comment_count >= 0),
  favourite_count integer not null default 0 check (favourite_count >= 0),
  -- Computed by the database from the counters, so no write path can forget to update it.
  score integer generated always as (like_count + 2 * comment_count) stored,
  -- Bigrams for CJK runs and lowercased words otherwise, built in TypeScript (search-text.ts):
  -- to_tsvector's parser depends on the database locale and cannot split Chinese.
  search tsvector not null default ''::tsvector,
  created_at timestamptz not null default now(),
  deleted_at timestamptz
);

-- The feed: one organisation, one content language, passed and not deleted; newest or popular,
-- optionally one controller model or only posts with configurations.
create index posts_feed_new_idx on posts (org_id, lang, id desc)
  where review_status = 'passed' and deleted_at is null;
create index posts_feed_model_idx on posts (org_id, lang, model, id desc)
  where review_status = 'passed' and deleted_at is null;
create index posts_feed_configs_idx on posts (org_id, lang, id desc)
  where review_status = 'passed' and deleted_at is null and has_configs;
create index posts_feed_popular_idx on posts (org_id, lang, score desc, id desc)
  where review_status = 'passed' and deleted_at is null;
create index posts_feed_popular_model_idx on posts (org_id, lang, model, score desc, id desc)
  where review_status = 'passed' and deleted_at is null;
-- No pending list: PGlite runs no autovacuum to merge one, every search would scan it, and the
-- planner prices it in. Posts are written rarely enough to update the index in place.
create index posts_search_idx on posts using gin (search) with (fastupdate = off);
create index posts_author_idx on posts (author_id, id desc) where deleted_at is null;

create table comments (
  id bigint generated always as identity primary key,
  org_id text not null references organisations (id),
  post_id bigint not null references posts (id),
  author_id bigint not null references users (id),
  -- null for a top-level comment; for a reply, the top-level comment whose thread it is in.
  root_id bigint references comments (id),
  -- The comment or reply it answers, and that one's author (kept so a reply names whom it answers).
  reply_to_id bigint references comments (id),
  reply_to_author_id bigint references users (id),
  content text not null,
  like_count integer not null default 0 check (like_count >= 0),
  -- Live replies in the thread of a top-level comment.
  reply_count integer not null default 0 check (reply_count >= 0),
  created_at timestamptz not null default now(),
  deleted_at timestamptz,
  check ((root_id is null) = (reply_to_id is null))
);
create index comments_post_idx on comments (post_id, id) where root_id is null;
create index comments_thread_idx on comments (root_id, id) where root_id is not null;
-- Whether a deleted reply still has answers hanging on it (it then keeps its place).
create index comments_answers_idx on comments (reply_to_id) where deleted_at is null;
create index comments_author_idx on comments (author_id, id desc) where deleted_at is null;

-- seq orders "my likes" by when I liked, with a unique key for the cursor.
create table post_likes (
  post_id bigint not null references posts (id),
  user_id bigint not null references users (id),
  seq bigint generated always as identity,
  created_at timestamptz not null default now(),
  primary key (post_id, user_id)
);
create index post_likes_user_idx on post_likes (user_id, seq desc);

create table post_favourites (
  post_id bigint not null references posts (id),
  user_id bigint not null references users (id),
  seq bigint generated always as identity,
  created_at timestamptz not null default now(),
  primary key (post_id, user_id)
);
create index post_favourites_user_idx on post_favourites (user_id, seq desc);

create table comment_likes (
  comment_id bigint not null references comments (id),
  user_id bigint not null references users (id),
  created_at timestamptz not null default now(),
  primary key (comment_id, user_id)
);
