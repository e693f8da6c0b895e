-- A search's matches from the text index between two ids, for the third pass of a search newest
-- first (docs/search.md, "The third pass bounded by id"). search_matches (migration 029) reads every
-- match from the heap before the newest can be kept: a GIN index has no order, and the rows it
-- names are read to test the feed's conditions (and a phrase, which the index cannot test). For a
-- conjunction of common words in all languages that was 5 581 rows, 5 263 of them from disk, for a
-- page of 201. Here the index's bitmap is intersected with the feed's range of ids (a BitmapAnd
-- with a btree on id), so only the matches in the range are read from the heap.
--
-- The plan is generic, as 029's: `id > above and id < below` is then estimated as a narrow range
-- (PostgreSQL's default for two bounds), which is what makes the planner intersect the bitmaps;
-- so the caller passes a bounded range only, never "everything below": the rest of the feed goes
-- through search_matches, whose plan reads the text index alone.
create function search_matches_between(org text, in_lang text, q tsquery, above bigint, below bigint)
returns table (id bigint, score int, author_id bigint, has_configs boolean, org_id text, lang text, review_status text, deleted_at timestamptz, video_held boolean)
language plpgsql stable
set plan_cache_mode = force_generic_plan
as $$
begin
  if in_lang = 'cn' then
    return query select p.id, p.score, p.author_id, p.has_configs, p.org_id, p.lang, p.review_status, p.deleted_at, p.video_held from posts p
      where p.org_id = org and p.lang = 'cn' and p.review_status = 'passed' and p.deleted_at is null and not p.video_held and p.search @@ q and p.id > above and p.id < below;
  elsif in_lang = 'en' then
    return query select p.id, p.score, p.author_id, p.has_configs, p.org_id, p.lang, p.review_status, p.deleted_at, p.video_held from posts p
      where p.org_id = org and p.lang = 'en' and p.review_status = 'passed' and p.deleted_at is null and not p.video_held and p.search @@ q and p.id > above and p.id < below;
  elsif in_lang = 'jp' then
    return query select p.id, p.score, p.author_id, p.has_configs, p.org_id, p.lang, p.review_status, p.deleted_at, p.video_held from posts p
      where p.org_id = org and p.lang = 'jp' and p.review_status = 'passed' and p.deleted_at is null and not p.video_held and p.search @@ q and p.id > above and p.id < below;
  elsif in_lang = 'ko' then
    return query select p.id, p.score, p.author_id, p.has_configs, p.org_id, p.lang, p.review_status, p.deleted_at, p.video_held from posts p
      where p.org_id = org and p.lang = 'ko' and p.review_status = 'passed' and p.deleted_at is null and not p.video_held and p.search @@ q and p.id > above and p.id < below;
  elsif in_lang is null then
    return query select p.id, p.score, p.author_id, p.has_configs, p.org_id, p.lang, p.review_status, p.deleted_at, p.video_held from posts p
      where p.org_id = org and p.review_status = 'passed' and p.deleted_at is null and not p.video_held and p.search @@ q and p.id > above and p.id < below;
  end if;
end $$;
