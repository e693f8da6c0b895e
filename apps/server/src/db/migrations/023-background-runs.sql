-- When each periodic job (a sweep, the orphan scan) last started, cluster-wide: several Padhub
-- processes share one database, and a job runs in the one process that moves `started_at` on
-- (lib/background.ts), not once per process.
create table background_runs (
  name text primary key,
  started_at timestamptz not null default now()
);
