-- The push outbox (docs/notifications.md; owned by notifications): one row per push, written in
-- the transaction of the notification, delivered by a worker at least once. The id is the push's
-- stable id: a receiver drops a repeat by it.
create table push_outbox (
  id uuid primary key default gen_random_uuid(),
  org_id text not null references organisations (id),
  recipient_id bigint not null references users (id),
  payload jsonb not null,
  status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
  attempts int not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  created_at timestamptz not null default now(),
  delivered_at timestamptz
);
create index push_outbox_due_idx on push_outbox (next_attempt_at) where status = 'pending';
