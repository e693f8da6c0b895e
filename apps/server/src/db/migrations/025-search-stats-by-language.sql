-- What the text of each content language holds (docs/search.md): ANALYZE keeps, for each of these
-- expressions, the most common lexemes of that language's posts and their shares. The search
-- reads them to tell a word common in another language (stick, from the Chinese feed) before it
-- counts that language's matches: the text index would build a bitmap of every match (50 000 for
-- stick) before its limit stops it. The column's own statistics (posts.search) are of every
-- language at once.
create statistics posts_search_cn_stats on (case when lang = 'cn' then search end) from posts;
create statistics posts_search_en_stats on (case when lang = 'en' then search end) from posts;
create statistics posts_search_jp_stats on (case when lang = 'jp' then search end) from posts;
create statistics posts_search_ko_stats on (case when lang = 'ko' then search end) from posts;
analyze posts;

-- The statistics a search reads before it asks a text index (community/search-repo.ts), as
-- plpgsql functions: each connection plans their catalog reads once and keeps the plans, where a
-- statement would plan them on every search (docs/search.md, "Planning").

-- Whether every lexeme of a query stands in `at_least` posts or more by the column's statistics
-- (a prefix: the lexemes it starts, summed). A lexeme they do not hold is rarer than their least common.
create function search_may_be_common(exact_lexemes text[], prefix_lexemes text[], at_least float8) returns boolean
language plpgsql stable as $$
begin
  return (with s as materialized (
      select e.lexeme, e.freq * greatest(c.reltuples, 0) as n
      from pg_stats st join pg_class c on c.oid = 'posts'::regclass
      cross join lateral unnest(st.most_common_elems::text::text[], st.most_common_elem_freqs) e(lexeme, freq)
      where st.schemaname = current_schema() and st.tablename = 'posts' and st.attname = 'search')
    select not exists (select from unnest(exact_lexemes) q(l) where coalesce((select s.n from s where s.lexeme = q.l), 0) < at_least)
      and not exists (select from unnest(prefix_lexemes) q(l) where coalesce((select sum(s.n) from s where starts_with(s.lexeme, q.l)), 0) < at_least));
end $$;

-- Whether the statistics of one of the languages put a query's matches there at `at_least` or
-- more: the language's posts times each lexeme's share (a prefix: the lexemes it starts, summed),
-- as if the lexemes were independent. No lexeme, no estimate.
create function search_common_in(langs text[], exact_lexemes text[], prefix_lexemes text[], at_least float8) returns boolean
language plpgsql stable as $$
begin
  return coalesce((select bool_or(s.n * s.share >= at_least) from (
      select (1 - x.null_frac) * greatest(c.reltuples, 0) as n, (select exp(sum(ln(greatest(l.share, 1e-9)))) from (
          select coalesce((select e.freq from unnest(x.most_common_elems::text::text[], x.most_common_elem_freqs) e(lexeme, freq) where e.lexeme = q.l), 0) as share
          from unnest(exact_lexemes) q(l)
          union all
          select least(1, coalesce((select sum(e.freq) from unnest(x.most_common_elems::text::text[], x.most_common_elem_freqs) e(lexeme, freq) where starts_with(e.lexeme, q.l)), 0))
          from unnest(prefix_lexemes) q(l)) l) as share
      from pg_stats_ext_exprs x join pg_class c on c.oid = 'posts'::regclass
      where x.statistics_schemaname = current_schema()
        and x.statistics_name in (select 'posts_search_' || lang || '_stats' from unnest(langs) lang)) s), false);
end $$;
