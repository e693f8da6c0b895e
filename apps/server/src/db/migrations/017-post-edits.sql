-- Editing posts (owned by community, but post_requests: posting). Every earlier version of a post,
-- kept for moderators, and the edit of a passed post that waits for review under pre-moderation:
-- the passed version stays visible to others until a moderator passes the edit, which then takes
-- its place (docs/product-spec.md, moderation modes).
create table post_revisions (
  id bigint generated always as identity primary key,
  post_id bigint not null references posts (id),
  content text not null,
  media jsonb not null default '[]',
  config_ids bigint[] not null default '{}',
  model text,
  -- When this version was replaced.
  replaced_at timestamptz not null default now()
);
create index post_revisions_post_idx on post_revisions (post_id, id desc);

-- At most one waiting edit per post: a new edit replaces it.
create table post_edits (
  post_id bigint primary key references posts (id),
  content text not null,
  media jsonb not null default '[]',
  config_ids bigint[] not null default '{}',
  model text,
  review_status text not null check (review_status in ('pending', 'not_passed')),
  review_reason text,
  created_at timestamptz not null default now()
);
create index post_edits_pending_idx on post_edits (post_id) where review_status = 'pending';

-- An Idempotency-Key now makes a post or an edit of one; a key is never both.
alter table post_requests add column edit boolean not null default false;
