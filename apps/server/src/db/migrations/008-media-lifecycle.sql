-- Objects to delete from the store, so that removed content's files stop being public. A row is
-- written in the transaction that removes what named the objects (a post deleted, goods or their
-- pictures removed, an account deregistered), or by the sweep of uploads nothing names: a crash or
-- a store outage after the commit loses nothing, the sweep retries. `kind` 'prefix' means every
-- object under the key (and its renditions under t/). A row whose objects are gone stays `done_at`
-- for a day: a post that names one of them meanwhile is refused rather than pointed at a missing file.
create table storage_deletions (
  key text primary key,
  kind text not null default 'object' check (kind in ('object', 'prefix')),
  due_at timestamptz not null default now(),
  attempts integer not null default 0,
  last_error text,
  created_at timestamptz not null default now(),
  done_at timestamptz
);
create index storage_deletions_due_idx on storage_deletions (due_at) where done_at is null;
create index storage_deletions_prefix_idx on storage_deletions (key) where kind = 'prefix';

-- Bytes each person stored through the embedded endpoint per day (UTC): the upload quota. The
-- user is the credentials' claim, text, so a row needs no account (the server's own credentials
-- are not counted at all).
create table upload_usage (
  org_id text not null,
  user_id text not null,
  day date not null,
  bytes bigint not null default 0 check (bytes >= 0),
  primary key (org_id, user_id, day)
);
