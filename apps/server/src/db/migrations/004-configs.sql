-- Controller configurations: a person's library of mappings and macros, copies saved from others
-- (with where they came from), and who applied or saved what.
create table configs (
  id bigint generated always as identity primary key,
  org_id text not null references organisations (id),
  owner_id bigint not null references users (id),
  model text not null,
  kind text not null check (kind in ('mapping', 'macro')),
  name text not null,
  -- Exactly one of the two, as the spec says: a content body, or a list of named entries.
  content jsonb,
  configuration_list jsonb,
  -- The list's entry names, kept beside it so that cards and search never read the bodies.
  entry_names text[] not null default '{}',
  -- A saved copy remembers its original; name and author stay when the original is deleted.
  based_on_id bigint references configs (id),
  based_on_name text,
  based_on_author_id bigint references users (id),
  apply_count integer not null default 0 check (apply_count >= 0),
  save_count integer not null default 0 check (save_count >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  check ((content is null) <> (configuration_list is null)),
  check ((based_on_id is null) or (based_on_name is not null and based_on_author_id is not null))
);
-- "My configurations", newest first.
create index configs_owner_idx on configs (owner_id, id desc) where deleted_at is null;

-- One row per person who applied a configuration: the count is of people, and a retry counts once.
create table config_applies (
  config_id bigint not null references configs (id),
  user_id bigint not null references users (id),
  created_at timestamptz not null default now(),
  primary key (config_id, user_id)
);

-- One row per person who saved a copy, with the copy they got (replaced if they delete it and save again).
create table config_saves (
  config_id bigint not null references configs (id),
  user_id bigint not null references users (id),
  copy_id bigint references configs (id),
  created_at timestamptz not null default now(),
  primary key (config_id, user_id)
);

-- The posts that carry a configuration (`config_ids @> array[id]`).
create index posts_config_ids_idx on posts using gin (config_ids) where deleted_at is null;
