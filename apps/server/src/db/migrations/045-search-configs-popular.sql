-- Posts with configurations, most popular first, in one language and in every one (docs/search.md,
-- "Posts with configurations, most popular first"). No index held that order for them alone, so a
-- search walked the popular feed of every post and kept those with configurations: where they are
-- rare (three English posts of 200 000 on the seeded million) the walk found none in its window
-- and the search asked the text index for every match of the word (1.6 s for `t`). With these the
-- walk reads those posts alone, and a language with few of them is read whole in one window.
create index posts_feed_configs_popular_idx on posts (org_id, lang, score desc, id desc)
  where review_status = 'passed' and deleted_at is null and has_configs;
create index posts_feed_all_configs_popular_idx on posts (org_id, score desc, id desc)
  where review_status = 'passed' and deleted_at is null and has_configs;
create index posts_feed_all_configs_new_idx on posts (org_id, id desc)
  where review_status = 'passed' and deleted_at is null and has_configs;
