-- When each periodic job last finished without an error, cluster-wide (lib/background.ts): the
-- metrics report it, and an alert fires when it is older than twice the job's period
-- (deploy/prometheus/alerts.yml), whichever processes came and went meanwhile. A job that has not
-- succeeded yet counts from its first claim (the row's insert), and the jobs already here from now.
alter table background_runs add column succeeded_at timestamptz not null default now();
