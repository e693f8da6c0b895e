-- The text index asked with a query's rarest lexemes (docs/search.md, "Fewer lexemes asked").
--
-- Asked for every match of a conjunction of common words, a GIN index decodes the posting list of
-- each lexeme of the query whole before it can intersect them: 二十小 性价比很 is five bigrams of
-- 45 000–84 000 posts each (27 ms in all languages, everything cached), 求推荐 蓝牙连接 有人 …
-- fifteen (20 ms). A term matches only where each of its lexemes stands, so its rarest lexeme alone
-- finds a superset of its matches, and the rarest few terms a superset of the query's. These are
-- search_matches (029) and search_matches_between (050) asking the index with `asked` (those
-- lexemes, community/search-stats.ts) and testing each match against the whole query `q`:
-- 27 → 16 ms and 20 → 7 ms for the two above, the same matches. The test is written as
-- ts_match_vq(), the function behind @@: a clause the planner does not match to the index, which
-- would otherwise ask it with every lexeme of q again.
create function search_matches_asking(org text, in_lang text, q tsquery, asked tsquery, most int)
returns table (id bigint, score int, author_id bigint, has_configs boolean, org_id text, lang text, review_status text, deleted_at timestamptz, video_held boolean)
language plpgsql stable
set plan_cache_mode = force_generic_plan
as $$
begin
  if in_lang = 'cn' then
    return query select p.id, p.score, p.author_id, p.has_configs, p.org_id, p.lang, p.review_status, p.deleted_at, p.video_held from posts p
      where p.org_id = org and p.lang = 'cn' and p.review_status = 'passed' and p.deleted_at is null and not p.video_held and p.search @@ asked and ts_match_vq(p.search, q) limit most;
  elsif in_lang = 'en' then
    return query select p.id, p.score, p.author_id, p.has_configs, p.org_id, p.lang, p.review_status, p.deleted_at, p.video_held from posts p
      where p.org_id = org and p.lang = 'en' and p.review_status = 'passed' and p.deleted_at is null and not p.video_held and p.search @@ asked and ts_match_vq(p.search, q) limit most;
  elsif in_lang = 'jp' then
    return query select p.id, p.score, p.author_id, p.has_configs, p.org_id, p.lang, p.review_status, p.deleted_at, p.video_held from posts p
      where p.org_id = org and p.lang = 'jp' and p.review_status = 'passed' and p.deleted_at is null and not p.video_held and p.search @@ asked and ts_match_vq(p.search, q) limit most;
  elsif in_lang = 'ko' then
    return query select p.id, p.score, p.author_id, p.has_configs, p.org_id, p.lang, p.review_status, p.deleted_at, p.video_held from posts p
      where p.org_id = org and p.lang = 'ko' and p.review_status = 'passed' and p.deleted_at is null and not p.video_held and p.search @@ asked and ts_match_vq(p.search, q) limit most;
  elsif in_lang is null then
    return query select p.id, p.score, p.author_id, p.has_configs, p.org_id, p.lang, p.review_status, p.deleted_at, p.video_held from posts p
      where p.org_id = org and p.review_status = 'passed' and p.deleted_at is null and not p.video_held and p.search @@ asked and ts_match_vq(p.search, q) limit most;
  end if;
end $$;

create function search_matches_between_asking(org text, in_lang text, q tsquery, asked tsquery, above bigint, below bigint)
returns table (id bigint, score int, author_id bigint, has_configs boolean, org_id text, lang text, review_status text, deleted_at timestamptz, video_held boolean)
language plpgsql stable
set plan_cache_mode = force_generic_plan
as $$
begin
  if in_lang = 'cn' then
    return query select p.id, p.score, p.author_id, p.has_configs, p.org_id, p.lang, p.review_status, p.deleted_at, p.video_held from posts p
      where p.org_id = org and p.lang = 'cn' and p.review_status = 'passed' and p.deleted_at is null and not p.video_held and p.search @@ asked and ts_match_vq(p.search, q) and p.id > above and p.id < below;
  elsif in_lang = 'en' then
    return query select p.id, p.score, p.author_id, p.has_configs, p.org_id, p.lang, p.review_status, p.deleted_at, p.video_held from posts p
      where p.org_id = org and p.lang = 'en' and p.review_status = 'passed' and p.deleted_at is null and not p.video_held and p.search @@ asked and ts_match_vq(p.search, q) and p.id > above and p.id < below;
  elsif in_lang = 'jp' then
    return query select p.id, p.score, p.author_id, p.has_configs, p.org_id, p.lang, p.review_status, p.deleted_at, p.video_held from posts p
      where p.org_id = org and p.lang = 'jp' and p.review_status = 'passed' and p.deleted_at is null and not p.video_held and p.search @@ asked and ts_match_vq(p.search, q) and p.id > above and p.id < below;
  elsif in_lang = 'ko' then
    return query select p.id, p.score, p.author_id, p.has_configs, p.org_id, p.lang, p.review_status, p.deleted_at, p.video_held from posts p
      where p.org_id = org and p.lang = 'ko' and p.review_status = 'passed' and p.deleted_at is null and not p.video_held and p.search @@ asked and ts_match_vq(p.search, q) and p.id > above and p.id < below;
  elsif in_lang is null then
    return query select p.id, p.score, p.author_id, p.has_configs, p.org_id, p.lang, p.review_status, p.deleted_at, p.video_held from posts p
      where p.org_id = org and p.review_status = 'passed' and p.deleted_at is null and not p.video_held and p.search @@ asked and ts_match_vq(p.search, q) and p.id > above and p.id < below;
  end if;
end $$;
