-- Posting: the Idempotency-Key of every created post, so that a retried send (a lost answer, a
-- second tap, two requests at once) answers the first post instead of making a second one.
-- Written in the post's own transaction: a record exists exactly when its post does.
create table post_requests (
  user_id bigint not null references users (id),
  idempotency_key text not null,
  -- SHA-256 of the request body: the same key with another body is refused, not answered.
  request_hash text not null,
  post_id bigint not null references posts (id),
  created_at timestamptz not null default now(),
  primary key (user_id, idempotency_key)
);
