-- The audit log's filters (GET /api/admin/audit): by who acted, by what was acted on, by kind of
-- action. Each index serves its filter newest first within one organisation, as the page reads.
-- Only indexes are added: the append-only triggers (005) stand as they are.

create index moderation_log_actor_idx on moderation_log (org_id, actor_id, id desc);
create index moderation_log_target_idx on moderation_log (org_id, target_type, target_id, id desc);
create index moderation_log_action_idx on moderation_log (org_id, action, id desc);

-- A goods' history includes its variants' lines, which name the goods only in their detail.
create index moderation_log_variant_goods_idx on moderation_log (org_id, (detail ->> 'goodsId'), id desc)
  where target_type = 'goods_variant';
