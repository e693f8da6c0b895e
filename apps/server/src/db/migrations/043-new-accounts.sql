-- New accounts earn trust (docs/moderation.md, "New accounts").

-- The organisation's limits for new accounts; an organisation without a row has the defaults
-- (modules/safety/new-accounts-repo.ts) and its limits off.
create table new_account_rules (
  org_id text primary key references organisations (id),
  enabled boolean not null,
  younger_than_days integer not null,
  fewer_passed_posts_than integer not null,
  posts_per_hour integer not null,
  comments_per_hour integer not null,
  mentions_per_hour integer not null,
  links_per_post integer not null,
  pictures_per_post integer not null,
  first_posts_reviewed integer not null,
  updated_at timestamptz not null default now()
);

-- People whose trust staff raised: the limits never hold them, whatever their age and posts.
create table trusted_people (
  user_id bigint primary key references users (id),
  org_id text not null references organisations (id),
  trusted_by bigint references users (id),
  trusted_at timestamptz not null default now()
);

-- The audit log's actions and target types grow by this feature's, extended where they stand
-- (as 039-removed-pictures.sql does).
do $$
declare
  action_check text := (select pg_get_constraintdef(oid) from pg_constraint where conname = 'moderation_log_action_check');
  target_check text := (select pg_get_constraintdef(oid) from pg_constraint where conname = 'moderation_log_target_type_check');
  reason_check text := (select pg_get_constraintdef(oid) from pg_constraint where conname = 'moderation_log_reason_given_check');
  target_id_check text := (select pg_get_constraintdef(oid) from pg_constraint where conname = 'moderation_log_target_id_check');
begin
  alter table moderation_log drop constraint moderation_log_action_check;
  execute 'alter table moderation_log add constraint moderation_log_action_check '
    || replace(action_check, 'ARRAY[', 'ARRAY[''set_new_account_rules''::text, ''trust_person''::text, ''untrust_person''::text, ');
  alter table moderation_log drop constraint moderation_log_target_type_check;
  execute 'alter table moderation_log add constraint moderation_log_target_type_check '
    || replace(target_check, 'ARRAY[', 'ARRAY[''new_account_rules''::text, ');
  alter table moderation_log drop constraint moderation_log_reason_given_check;
  execute 'alter table moderation_log add constraint moderation_log_reason_given_check '
    || replace(reason_check, 'ARRAY[', 'ARRAY[''new_account_rules''::text, ');
  -- The organisation's limits are one thing, with no id: their line has no target id.
  alter table moderation_log drop constraint moderation_log_target_id_check;
  execute 'alter table moderation_log add constraint moderation_log_target_id_check '
    || replace(target_id_check, '(target_id IS NULL) = (', '(target_id IS NULL) = ((action = ''set_new_account_rules''::text) OR ');
end $$;
