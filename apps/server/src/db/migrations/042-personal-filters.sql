-- Personal filters: words a person does not want to read, in the places they choose
-- (docs/moderation.md, "Personal filters"; apps/server/src/modules/safety/filters-service.ts).

-- `words` is [{word, wholeWord}] (at most 50, checked by the route); `contexts` a subset of feed,
-- search, comments, notifications, profiles. An expired filter is kept (the person may renew it)
-- and ignored when reading.
create table personal_filters (
  id bigint generated always as identity primary key,
  org_id text not null references organisations (id),
  user_id bigint not null references users (id),
  title text not null check (char_length(title) between 1 and 100),
  words jsonb not null,
  action text not null check (action in ('hide', 'warn')),
  contexts text[] not null,
  expires_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index personal_filters_user on personal_filters (user_id, id);

-- Every change of a person's filters raises their version in the change's transaction; each process
-- keeps the person's compiled matcher with the version it was built from, and asks for the version
-- (one indexed read) before applying it. No row: the person has no filters, nothing to apply.
create table personal_filter_versions (
  user_id bigint primary key references users (id),
  version bigint not null
);
