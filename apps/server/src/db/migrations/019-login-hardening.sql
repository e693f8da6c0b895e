-- Login limits per account and network (README.md, "Login limits"): the networks each account
-- logged in from, so that guesses from elsewhere never use up the owner's own attempts.
create table login_networks (
  user_id bigint not null references users (id) on delete cascade,
  -- An IPv4 /24 or an IPv6 /64, as text ('203.0.113.0/24').
  network text not null,
  last_login_at timestamptz not null default now(),
  primary key (user_id, network)
);
create index login_networks_last_login_idx on login_networks (last_login_at);

-- The sessions page: each session has an id to revoke it by (the token's hash stays private),
-- and what the device said about itself when it logged in.
alter table sessions add column id bigint generated always as identity;
alter table sessions add constraint sessions_id_key unique (id);
alter table sessions add column device text;
alter table sessions add column user_agent text;
create index sessions_created_idx on sessions (created_at);
