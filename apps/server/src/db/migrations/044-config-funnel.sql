-- The apply funnel (docs/insights.md, "Usage"): a signed-in person opening a configuration's page
-- and their Undo after applying it are usage like a goods page seen, one row a person, a day and
-- a configuration, kept two days and purged as the other usage.
alter table insight_usage drop constraint insight_usage_kind_check;
alter table insight_usage add constraint insight_usage_kind_check
  check (kind in ('search', 'goods_view', 'goods_buy', 'config_open', 'config_undo'));
