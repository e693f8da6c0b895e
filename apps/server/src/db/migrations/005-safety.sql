-- Safety and moderation: bans, blocks and blacklists, reports grouped into cases, the review
-- queue, and the moderators' append-only audit log.

-- A ban in force until this time; 'infinity' bans for good; null is no ban.
alter table users add column banned_until timestamptz;

-- Block (I stop seeing them) and blacklist (that, and they can no longer see my posts or answer
-- me). One table, so "did the viewer shut this author out" is one primary-key probe per row,
-- whichever list the author is on.
create table user_blocks (
  user_id bigint not null references users (id),
  target_id bigint not null references users (id),
  kind text not null check (kind in ('block', 'blacklist')),
  org_id text not null references organisations (id),
  -- Orders "my block list" newest first, with a unique key for the cursor.
  seq bigint generated always as identity,
  created_at timestamptz not null default now(),
  primary key (user_id, target_id, kind),
  check (user_id <> target_id)
);
create index user_blocks_list_idx on user_blocks (user_id, kind, seq desc);
-- The other direction: has this author blacklisted the viewer.
create index user_blocks_blacklisted_idx on user_blocks (target_id, user_id) where kind = 'blacklist';

-- One case per reported target: the moderators' queue lists open cases, each with its reports.
-- A case closes when a moderator decides; a new report on the same target opens it again.
create table report_cases (
  id bigint generated always as identity primary key,
  org_id text not null references organisations (id),
  target_type text not null check (target_type in ('post', 'comment')),
  target_id bigint not null,
  status text not null default 'open' check (status in ('open', 'closed')),
  opened_at timestamptz not null default now(),
  closed_at timestamptz,
  unique (org_id, target_type, target_id)
);
create index report_cases_open_idx on report_cases (org_id, id) where status = 'open';

-- One report per reporter and target: reporting the same thing again updates it.
create table reports (
  id bigint generated always as identity primary key,
  org_id text not null references organisations (id),
  case_id bigint not null references report_cases (id),
  reporter_id bigint not null references users (id),
  reason text not null check (reason in ('spam', 'abuse', 'cheating', 'illegal', 'other')),
  description text not null default '',
  status text not null default 'received' check (status in ('received', 'action_taken', 'no_action')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  resolved_at timestamptz,
  unique (case_id, reporter_id)
);
create index reports_reporter_idx on reports (reporter_id, id desc);

-- The review queue: posts of an organisation waiting for a moderator, oldest first.
create index posts_pending_idx on posts (org_id, id) where review_status = 'pending' and deleted_at is null;

-- What moderators did and why. Append-only: the database itself refuses to change or remove a
-- line, whoever asks, so the log stays evidence even against a bug or a careless script.
create table moderation_log (
  id bigint generated always as identity primary key,
  org_id text not null references organisations (id),
  actor_id bigint not null references users (id),
  action text not null check (action in ('pass', 'not_pass', 'delete_post', 'delete_comment', 'dismiss_reports', 'ban', 'unban', 'grant_moderator', 'revoke_moderator')),
  target_type text not null check (target_type in ('post', 'comment', 'user')),
  target_id bigint not null,
  reason text not null check (length(btrim(reason)) > 0),
  detail jsonb not null default '{}',
  created_at timestamptz not null default now()
);
create index moderation_log_org_idx on moderation_log (org_id, id desc);

create function moderation_log_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'moderation_log is append-only' using errcode = 'insufficient_privilege';
end
$$;
create trigger moderation_log_no_change before update or delete on moderation_log
  for each row execute function moderation_log_append_only();
create trigger moderation_log_no_truncate before truncate on moderation_log
  for each statement execute function moderation_log_append_only();
