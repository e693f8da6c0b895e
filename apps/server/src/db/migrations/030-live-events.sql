-- The live stream's events (lib/live-events.ts; docs/architecture.md, "Tables"). A row names what
-- changed (its channel and subject), never what anyone may see of it: each process renders it for
-- each of its subscribers when it delivers it, under the same rules as a read. A process that
-- inserts one tells every process by NOTIFY carrying the id (the trigger below), delivered when the
-- inserting transaction commits, so a rolled-back change is never announced; ids rise in commit
-- order. The rows serve a reconnecting client's replay for five minutes, then the sweep removes them.
create table live_events (
  id bigserial primary key,
  org_id text not null,
  channel text not null,
  type text not null,
  subject jsonb not null default '{}',
  created_at timestamptz not null default now()
);
create index live_events_replay_idx on live_events (org_id, channel, id);
create index live_events_created_idx on live_events (created_at);

-- Ids in commit order. A sequence hands out ids when rows are inserted, and transactions commit in
-- another order: a reader who saw id 11 would never replay a 10 committed after it. So each row is
-- numbered again as its transaction commits (a deferred trigger runs at COMMIT, after everything the
-- transaction did), under a lock held until the commit ends: one publishing transaction at a time
-- takes its ids and commits, and an id visible to anyone has every smaller id committed before it.
-- The NOTIFY carries the final id; it is delivered when the transaction commits.
create function live_events_commit() returns trigger language plpgsql as $$
declare
  fresh bigint;
begin
  perform pg_advisory_xact_lock(hashtextextended('live_events', 0));
  update live_events set id = nextval(pg_get_serial_sequence('live_events', 'id')) where id = new.id returning id into fresh;
  perform pg_notify('live_events', fresh::text);
  return null;
end $$;
create constraint trigger live_events_commit after insert on live_events
  deferrable initially deferred for each row execute function live_events_commit();

-- A ticket opens one stream for `EventSource`, which cannot send the token header: kept as a hash,
-- used once, for a minute.
create table live_tickets (
  hash text primary key,
  org_id text not null,
  user_id bigint not null references users (id) on delete cascade,
  -- A moderator or admin when minted: the stream may carry the review queue's counts.
  staff boolean not null default false,
  expires_at timestamptz not null
);
create index live_tickets_expires_idx on live_tickets (expires_at);
