-- Removed pictures stay removed (docs/moderation.md): fingerprints (apps/server/src/lib/picture-hash).

-- Every picture a post names (a video's poster too), fingerprinted as the post names it: all its
-- framings, one fingerprint after another. Removing the post copies them to the list below.
create table post_pictures (
  post_id bigint not null references posts (id) on delete cascade,
  org_id text not null references organisations (id),
  path text not null,
  prints bytea not null,
  primary key (post_id, path)
);

-- The organisation's list: each picture a moderator removed, with the post it was removed with.
-- post_id is a record, not a reference: the list outlives the post (an account's purge deletes it).
create table removed_pictures (
  id bigint generated always as identity primary key,
  org_id text not null references organisations (id),
  post_id bigint not null,
  path text not null,
  prints bytea not null,
  created_at timestamptz not null default now(),
  unique (org_id, post_id, path)
);

-- What a match does, and the list's version: raised with every change in the change's
-- transaction, so each process rebuilds its index at its next lookup (as watched_word_versions).
create table picture_match_settings (
  org_id text primary key references organisations (id),
  action text not null default 'refuse' check (action in ('refuse', 'hold')),
  version bigint not null default 0
);

-- A post waiting for review because a picture of it looks like one removed with `removed_post_id`.
create table picture_holds (
  post_id bigint primary key references posts (id) on delete cascade,
  removed_post_id bigint not null
);

-- The audit log's actions and target types grow by this feature's, whatever other migrations
-- added before: the lists are extended where they stand rather than written out again.
do $$
declare
  action_check text := (select pg_get_constraintdef(oid) from pg_constraint where conname = 'moderation_log_action_check');
  target_check text := (select pg_get_constraintdef(oid) from pg_constraint where conname = 'moderation_log_target_type_check');
  reason_check text := (select pg_get_constraintdef(oid) from pg_constraint where conname = 'moderation_log_reason_given_check');
  target_id_check text := (select pg_get_constraintdef(oid) from pg_constraint where conname = 'moderation_log_target_id_check');
begin
  alter table moderation_log drop constraint moderation_log_action_check;
  execute 'alter table moderation_log add constraint moderation_log_action_check '
    || replace(action_check, 'ARRAY[', 'ARRAY[''forget_removed_picture''::text, ''set_picture_match_action''::text, ');
  alter table moderation_log drop constraint moderation_log_target_type_check;
  execute 'alter table moderation_log add constraint moderation_log_target_type_check '
    || replace(target_check, 'ARRAY[', 'ARRAY[''removed_picture''::text, ');
  alter table moderation_log drop constraint moderation_log_reason_given_check;
  execute 'alter table moderation_log add constraint moderation_log_reason_given_check '
    || replace(reason_check, 'ARRAY[', 'ARRAY[''removed_picture''::text, ');
  -- Setting what a match does names no one picture: its line has no target id.
  alter table moderation_log drop constraint moderation_log_target_id_check;
  execute 'alter table moderation_log add constraint moderation_log_target_id_check '
    || replace(target_id_check, '(target_id IS NULL) = (', '(target_id IS NULL) = ((action = ''set_picture_match_action''::text) OR ');
end $$;
