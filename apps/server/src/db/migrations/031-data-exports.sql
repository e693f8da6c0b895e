-- Your data (docs/privacy.md): the archives people ask for, and the purge of deregistered accounts.

-- One row per archive asked for. The archive itself is an object under `x/` with an unguessable name
-- (never under a person's upload prefix, which their own credentials may write); its download link
-- carries `link_key`, a random secret only its owner is shown, and works until `expires_at`, when
-- the object is deleted and the key forgotten.
create table data_exports (
  id bigint generated always as identity primary key,
  org_id text not null references organisations (id),
  user_id bigint not null references users (id),
  status text not null default 'queued' check (status in ('queued', 'building', 'ready', 'failed', 'expired')),
  lang text not null check (lang in ('cn', 'en', 'jp', 'ko')),
  object_key text,
  link_key text,
  size bigint,
  created_at timestamptz not null default now(),
  ready_at timestamptz,
  expires_at timestamptz
);
create index data_exports_user_idx on data_exports (user_id, created_at desc);

-- An archive ready is told in the inbox.
alter table notifications drop constraint notifications_type_check;
alter table notifications add constraint notifications_type_check check (type in ('comment', 'reply', 'mention', 'post_like', 'comment_like', 'config_copy',
  'config_apply', 'follow', 'post_passed', 'post_not_passed', 'post_removed', 'comment_removed',
  'report_outcome', 'new_sign_in', 'video_processed', 'export_ready'));

-- The purge of a deregistered account is written to the audit log.
alter table moderation_log drop constraint moderation_log_action_check;
alter table moderation_log add constraint moderation_log_action_check check (action in (
  'pass', 'not_pass', 'delete_post', 'delete_comment', 'dismiss_reports', 'ban', 'unban', 'grant_moderator', 'revoke_moderator',
  'create_category', 'update_category', 'publish_category', 'unpublish_category', 'delete_category', 'reorder_categories',
  'create_goods', 'update_goods', 'publish_goods', 'unpublish_goods', 'delete_goods', 'reorder_goods', 'move_goods',
  'create_variant', 'update_variant', 'publish_variant', 'unpublish_variant', 'delete_variant', 'reorder_variants',
  'rename_game', 'merge_game', 'purge_account'
));
