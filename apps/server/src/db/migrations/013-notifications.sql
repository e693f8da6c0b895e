-- Notifications (docs/architecture.md, "Tables": owned by notifications).
--
-- One row per recipient and item. Grouped types (likes, copies, applies, follows) keep one row per
-- (recipient, group_key) whatever the number of actors: a new actor upserts it, adds one row to
-- notification_actors and moves it to the top (a fresh sort_seq); the row keeps its newest three
-- actors so that a page reads no actor table. Conversations and decisions have no group key.
create sequence notification_seq;

create table notifications (
  id bigint generated always as identity primary key,
  org_id text not null references organisations (id),
  recipient_id bigint not null references users (id),
  type text not null check (type in ('comment', 'reply', 'mention', 'post_like', 'comment_like', 'config_copy',
    'config_apply', 'follow', 'post_passed', 'post_not_passed', 'post_removed', 'comment_removed', 'report_outcome')),
  group_key text,
  target_type text not null check (target_type in ('post', 'comment', 'config', 'user')),
  target_id bigint not null,
  -- The post a comment belongs to, to open the thread at the comment.
  post_id bigint,
  excerpt text not null default '',
  reason text,
  actor_ids bigint[] not null default '{}',
  actor_count int not null default 0,
  sort_seq bigint not null default nextval('notification_seq'),
  read boolean not null default false,
  updated_at timestamptz not null default now(),
  unique (recipient_id, group_key)
);
create index notifications_list_idx on notifications (recipient_id, sort_seq desc);
create index notifications_conversations_idx on notifications (recipient_id, sort_seq desc)
  where type in ('comment', 'reply', 'mention');

-- Every actor of a group, newest first by seq: the newest three are one index range read.
create table notification_actors (
  notification_id bigint not null references notifications (id) on delete cascade,
  actor_id bigint not null references users (id),
  seq bigint not null default nextval('notification_seq'),
  primary key (notification_id, actor_id)
);
create index notification_actors_newest_idx on notification_actors (notification_id, seq desc);

-- The unread count, kept in the transaction that changes the notifications. Every change of a
-- person's notifications locks this row first, then the notification rows: one lock order.
create table notification_counters (
  user_id bigint primary key references users (id),
  unread int not null default 0 check (unread >= 0)
);

-- Switches a person turned off or on; a missing row is on for both.
create table notification_settings (
  user_id bigint not null references users (id),
  type text not null,
  inbox boolean not null,
  push boolean not null,
  primary key (user_id, type)
);
