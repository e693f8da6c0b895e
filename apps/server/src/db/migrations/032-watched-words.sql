-- Watched words: each organisation's rules for what its members write (apps/server/src/lib/watched-words).

-- `match_key` is the word as it is matched (widths, case and kana folded, wildcards taken off):
-- two words with one key would be one rule, so the second is refused.
create table watched_words (
  id bigint generated always as identity primary key,
  org_id text not null references organisations (id),
  word text not null check (char_length(word) between 1 and 100),
  match_key text not null,
  action text not null check (action in ('block', 'require_approval', 'censor', 'flag')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (org_id, match_key)
);

-- Every change of an organisation's words raises its version in the change's transaction; each
-- process keeps its compiled matcher with the version it was built from and asks for the version
-- before a check, so that a change made through one process holds in all at their next check.
create table watched_word_versions (
  org_id text primary key references organisations (id),
  version bigint not null
);

alter table moderation_log drop constraint moderation_log_action_check;
alter table moderation_log add constraint moderation_log_action_check check (action in (
  'pass', 'not_pass', 'delete_post', 'delete_comment', 'dismiss_reports', 'ban', 'unban', 'grant_moderator', 'revoke_moderator',
  'create_category', 'update_category', 'publish_category', 'unpublish_category', 'delete_category', 'reorder_categories',
  'create_goods', 'update_goods', 'publish_goods', 'unpublish_goods', 'delete_goods', 'reorder_goods', 'move_goods',
  'create_variant', 'update_variant', 'publish_variant', 'unpublish_variant', 'delete_variant', 'reorder_variants',
  'rename_game', 'merge_game', 'purge_account',
  'add_watched_word', 'update_watched_word', 'remove_watched_word', 'import_watched_words'
));
alter table moderation_log drop constraint moderation_log_target_type_check;
alter table moderation_log add constraint moderation_log_target_type_check
  check (target_type in ('post', 'comment', 'user', 'goods', 'goods_category', 'goods_variant', 'shop', 'game', 'watched_word'));
alter table moderation_log drop constraint moderation_log_reason_given_check;
alter table moderation_log add constraint moderation_log_reason_given_check
  check (reason is not null or target_type in ('goods', 'goods_category', 'goods_variant', 'shop', 'game', 'watched_word'));
-- An import names no one word: its line has no target id, as the shop's own lines have none.
alter table moderation_log drop constraint moderation_log_target_id_check;
alter table moderation_log add constraint moderation_log_target_id_check
  check ((target_id is null) = (target_type = 'shop' or action = 'import_watched_words'));
