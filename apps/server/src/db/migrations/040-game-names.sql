-- Games in four languages and their aliases (configs/games-repo.ts). `name` stays the English name,
-- which every language falls back to; `names` holds the others an admin gave ({"cn", "jp", "ko"}),
-- `aliases` the abbreviations and common spellings ("SF6", "ER").
alter table games add column names jsonb not null default '{}'::jsonb;
alter table games add column aliases text[] not null default '{}';

-- Every name and alias of a game as people find it (contracts' gameTerm: NFKC, case folded, spaces
-- collapsed). One term names one game in an organisation: an admin giving a second game a name the
-- first has meets the unique key (the answer is game_exists: merge them instead). Suggestions read
-- a prefix through the index; words and CJK parts walk the organisation's terms (a few per game).
create table game_terms (
  org_id text not null references organisations (id),
  game_id bigint not null references games (id) on delete cascade,
  term text not null check (term <> ''),
  primary key (org_id, term)
);
create index game_terms_prefix_idx on game_terms (org_id, term text_pattern_ops);
create index game_terms_game_idx on game_terms (game_id);

-- The games named so far: their name as a term. normalize() and lower() stand in for gameTerm
-- here (the same for the names configurations gave, which are plain letters in practice); the
-- next change an admin makes to a game writes its terms again from the application.
insert into game_terms (org_id, game_id, term)
select org_id, id, lower(regexp_replace(btrim(normalize(name, NFKC)), '\s+', ' ', 'g')) from games
on conflict do nothing;
