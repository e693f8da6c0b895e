-- People (docs/architecture.md, "Tables": owned by people): a profile beside each account that
-- has one (bio and follow counters), and who follows whom.

create table profiles (
  user_id bigint primary key references users (id),
  bio text not null default '' check (length(bio) <= 160),
  follower_count int not null default 0 check (follower_count >= 0),
  following_count int not null default 0 check (following_count >= 0)
);

create table follows (
  follower_id bigint not null references users (id),
  followee_id bigint not null references users (id),
  org_id text not null references organisations (id),
  -- Orders both lists newest first, with a unique key for the cursor.
  seq bigint generated always as identity,
  created_at timestamptz not null default now(),
  primary key (follower_id, followee_id),
  check (follower_id <> followee_id)
);
create index follows_following_idx on follows (follower_id, seq desc);
create index follows_followers_idx on follows (followee_id, seq desc);
