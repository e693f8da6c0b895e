-- The Idempotency-Key of every other create (comments and replies, reports, configurations, copies
-- of one), as post_requests is for posts: a retried send answers the first result instead of
-- making a second. Written in the create's own transaction (lib/idempotency.ts).
create table create_requests (
  user_id bigint not null references users (id),
  -- What was created: 'comment', 'report', 'config', 'config_copy'. A key is the person's, per kind.
  scope text not null,
  idempotency_key text not null,
  -- SHA-256 of what was asked (the body and the path's target): the same key with another is refused.
  request_hash text not null,
  -- The id of what the first request made (a comment, report or configuration, by scope).
  result_id bigint not null,
  created_at timestamptz not null default now(),
  primary key (user_id, scope, idempotency_key)
);
