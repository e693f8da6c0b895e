-- The admins' shop edits join the moderators' actions in the one append-only log (005), written in
-- the transaction of the edit. Only constraints change and a nullable column is added: no row is
-- rewritten, so the append-only triggers stand as they are and guard the new rows as the old.

alter table moderation_log drop constraint moderation_log_action_check;
alter table moderation_log add constraint moderation_log_action_check check (action in (
  'pass', 'not_pass', 'delete_post', 'delete_comment', 'dismiss_reports', 'ban', 'unban', 'grant_moderator', 'revoke_moderator',
  'create_category', 'update_category', 'publish_category', 'unpublish_category', 'delete_category', 'reorder_categories',
  'create_goods', 'update_goods', 'publish_goods', 'unpublish_goods', 'delete_goods', 'reorder_goods', 'move_goods',
  'create_variant', 'update_variant', 'publish_variant', 'unpublish_variant', 'delete_variant', 'reorder_variants'
));

-- 'shop' is the organisation's shop itself (the order of its categories), which has no id.
alter table moderation_log drop constraint moderation_log_target_type_check;
alter table moderation_log add constraint moderation_log_target_type_check
  check (target_type in ('post', 'comment', 'user', 'goods', 'goods_category', 'goods_variant', 'shop'));
alter table moderation_log alter column target_id drop not null;
alter table moderation_log add constraint moderation_log_target_id_check check ((target_id is null) = (target_type = 'shop'));

-- Shop edits ask no reason; moderation still always says why (moderation_log_reason_check keeps a
-- given reason non-blank).
alter table moderation_log alter column reason drop not null;
alter table moderation_log add constraint moderation_log_reason_given_check
  check (reason is not null or target_type in ('goods', 'goods_category', 'goods_variant', 'shop'));

-- A shop target's name per content language when the action was taken: goods get deleted and
-- renamed, the log keeps what the admin acted on.
alter table moderation_log add column target_names jsonb;
