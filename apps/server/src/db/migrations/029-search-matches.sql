-- A search's matches from the text index, through a plan made without seeing the query
-- (docs/search.md, "Why the new classes were slow"). Planned with the query in view, the planner
-- takes its estimate from the column's statistics, which are of every language at once: a
-- character common in Chinese looks common in English too, so asked for 1 000 English matches of
-- 手 it walked the whole English feed (200 000 posts) to find none; asked for a katakana word in
-- the Chinese feed it read 25 000 Japanese matches from the index of every language and dropped
-- them. A generic plan (plan_cache_mode) uses the default estimate and always asks the language's
-- own index (migration 022); whether to ask it at all is the caller's decision (the statistics
-- gates of migration 025). Each language is its own statement, so each plan sees its partial index.
create function search_matches(org text, in_lang text, q tsquery, most int)
returns table (id bigint, score int, author_id bigint, has_configs boolean, org_id text, lang text, review_status text, deleted_at timestamptz, video_held boolean)
language plpgsql stable
set plan_cache_mode = force_generic_plan
as $$
begin
  if in_lang = 'cn' then
    return query select p.id, p.score, p.author_id, p.has_configs, p.org_id, p.lang, p.review_status, p.deleted_at, p.video_held from posts p
      where p.org_id = org and p.lang = 'cn' and p.review_status = 'passed' and p.deleted_at is null and not p.video_held and p.search @@ q limit most;
  elsif in_lang = 'en' then
    return query select p.id, p.score, p.author_id, p.has_configs, p.org_id, p.lang, p.review_status, p.deleted_at, p.video_held from posts p
      where p.org_id = org and p.lang = 'en' and p.review_status = 'passed' and p.deleted_at is null and not p.video_held and p.search @@ q limit most;
  elsif in_lang = 'jp' then
    return query select p.id, p.score, p.author_id, p.has_configs, p.org_id, p.lang, p.review_status, p.deleted_at, p.video_held from posts p
      where p.org_id = org and p.lang = 'jp' and p.review_status = 'passed' and p.deleted_at is null and not p.video_held and p.search @@ q limit most;
  elsif in_lang = 'ko' then
    return query select p.id, p.score, p.author_id, p.has_configs, p.org_id, p.lang, p.review_status, p.deleted_at, p.video_held from posts p
      where p.org_id = org and p.lang = 'ko' and p.review_status = 'passed' and p.deleted_at is null and not p.video_held and p.search @@ q limit most;
  elsif in_lang is null then
    return query select p.id, p.score, p.author_id, p.has_configs, p.org_id, p.lang, p.review_status, p.deleted_at, p.video_held from posts p
      where p.org_id = org and p.review_status = 'passed' and p.deleted_at is null and not p.video_held and p.search @@ q limit most;
  end if;
end $$;

-- A query of many lexemes (a hundred characters of Chinese: dozens of bigrams) multiplied shares
-- of 1e-9 past what a float8 holds, and PostgreSQL raises an underflow rather than answer 0: the
-- search failed. The product stops at e^-700, which no language's post count brings back to one.
create or replace function search_common_in(langs text[], exact_lexemes text[], prefix_lexemes text[], at_least float8) returns boolean
language plpgsql stable as $$
begin
  return coalesce((select bool_or(s.n * s.share >= at_least) from (
      select (1 - x.null_frac) * greatest(c.reltuples, 0) as n, (select exp(greatest(sum(ln(greatest(l.share, 1e-9))), -700)) from (
          select coalesce((select e.freq from unnest(x.most_common_elems::text::text[], x.most_common_elem_freqs) e(lexeme, freq) where e.lexeme = q.l), 0) as share
          from unnest(exact_lexemes) q(l)
          union all
          select least(1, coalesce((select sum(e.freq) from unnest(x.most_common_elems::text::text[], x.most_common_elem_freqs) e(lexeme, freq) where starts_with(e.lexeme, q.l)), 0))
          from unnest(prefix_lexemes) q(l)) l) as share
      from pg_stats_ext_exprs x join pg_class c on c.oid = 'posts'::regclass
      where x.statistics_schemaname = current_schema()
        and x.statistics_name in (select 'posts_search_' || lang || '_stats' from unnest(langs) lang)) s), false);
end $$;
