-- Devices the native host names by an id of its own (docs/bridge.md, "Authentication"), kept as a
-- hash of it. A device an account logged in from counts as known for its login limits, as a
-- network does (README.md, "Login limits"); each session keeps the device and network it logged
-- in from, and the sessions page shows when the account first used each.
create table login_devices (
  user_id bigint not null references users (id) on delete cascade,
  device_key text not null,
  first_login_at timestamptz not null default now(),
  last_login_at timestamptz not null default now(),
  primary key (user_id, device_key)
);
create index login_devices_last_login_idx on login_devices (last_login_at);

alter table login_networks add column first_login_at timestamptz;
update login_networks set first_login_at = last_login_at;
alter table login_networks alter column first_login_at set default now();
alter table login_networks alter column first_login_at set not null;

alter table sessions add column device_key text;
alter table sessions add column network text;

-- A sign-in from a device or network the account had not used: its owner is told.
alter table notifications drop constraint notifications_type_check;
alter table notifications add constraint notifications_type_check check (type in ('comment', 'reply', 'mention', 'post_like',
  'comment_like', 'config_copy', 'config_apply', 'follow', 'post_passed', 'post_not_passed', 'post_removed', 'comment_removed',
  'report_outcome', 'new_sign_in'));
