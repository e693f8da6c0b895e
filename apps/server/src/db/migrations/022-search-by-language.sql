-- The text index per content language (docs/search.md). A search in one language asks its
-- language's index, which answers only that language's matches: the index on every language
-- would answer a word common in another language (手柄 from the Japanese feed) with hundreds of
-- thousands of rows, each read from the table only to be dropped for its language.
-- No pending list, as posts_search_idx (002).
create index posts_search_cn_idx on posts using gin (search) with (fastupdate = off) where lang = 'cn';
create index posts_search_en_idx on posts using gin (search) with (fastupdate = off) where lang = 'en';
create index posts_search_jp_idx on posts using gin (search) with (fastupdate = off) where lang = 'jp';
create index posts_search_ko_idx on posts using gin (search) with (fastupdate = off) where lang = 'ko';
