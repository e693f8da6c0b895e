-- Organisations (tenants), accounts, sessions and the counters behind rate limits.
create table organisations (
  id text primary key,
  name text not null,
  default_language text not null check (default_language in ('cn', 'en', 'jp', 'ko')),
  currency text not null,
  moderation_mode text not null check (moderation_mode in ('pre', 'post')),
  models jsonb not null default '[]',
  created_at timestamptz not null default now()
);

create table users (
  id bigint generated always as identity primary key,
  org_id text not null references organisations (id),
  username text not null,
  -- Usernames are unique per organisation without regard to case.
  username_key text not null,
  password_hash text not null,
  nickname text not null default '',
  avatar text,
  state integer not null default 0,
  role text not null default 'user' check (role in ('user', 'moderator', 'admin')),
  created_at timestamptz not null default now(),
  deregistered_at timestamptz,
  unique (org_id, username_key)
);

create table sessions (
  -- Only the SHA-256 of a token is kept: a leaked table does not log anyone in.
  token_hash text primary key,
  user_id bigint not null references users (id) on delete cascade,
  org_id text not null references organisations (id),
  created_at timestamptz not null default now(),
  last_used_at timestamptz not null default now(),
  revoked_at timestamptz
);
create index sessions_user_idx on sessions (user_id);

create table rate_counters (
  key text not null,
  window_start timestamptz not null,
  hits integer not null default 0,
  primary key (key, window_start)
);
