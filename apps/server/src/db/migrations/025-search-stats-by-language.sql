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
