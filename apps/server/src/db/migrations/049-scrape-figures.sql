-- What a scrape of /metrics reads from the database, as one plpgsql function
-- (observability/scrape.ts): the queues kept in tables, and the background runs. Planning its
-- subqueries cost a scrape more than running them (docs/operations.md, "Figures"); as a function,
-- as session_of (migration 024), each connection plans them once and keeps the plans, and the
-- client prepares nothing, so pgbouncer's transaction pooling keeps working.
--
-- A queue kept in a table is one key of `queues`: items waiting (`depth`) and the seconds since the
-- oldest was queued (`oldest`, null when none waits). Its rule is its module's: name the module
-- beside it, and register the key in app.ts (`observed.queues.addTable`).
-- `jobs`: pg-boss's jobs that wait (due, or waiting for a retry; jobs/queue.ts `DUE`), one row per
-- queue in one pass over its partitioned table (jobs/queue.ts `metricQueues` picks the kinds).
-- pg-boss creates its schema when the job queue starts, after the migrations: the scrape starts the
-- job queue first, and plpgsql looks the table up only when the function runs.
create function scrape_figures() returns json
language plpgsql stable as $$
begin
  return json_build_object(
    'queues', json_build_object(
      -- notifications/outbox.ts: pushes not yet delivered nor given up.
      'push_outbox', (select json_build_object('depth', count(*)::int, 'oldest', extract(epoch from now() - min(o.created_at))::float8)
        from push_outbox o where o.status = 'pending'),
      -- media-lifecycle/service.ts: files not yet deleted (due, leased or waiting for a retry).
      'storage_deletions', (select json_build_object('depth', count(*)::int, 'oldest', extract(epoch from now() - min(d.created_at))::float8)
        from storage_deletions d where d.done_at is null)),
    'jobs', (select coalesce(json_agg(j), '[]'::json) from (
      select b.name, count(*)::int as depth, extract(epoch from now() - min(greatest(b.created_on, b.start_after)))::float8 as oldest
      from pgboss.job b where b.state = 'retry' or (b.state = 'created' and b.start_after <= now())
      group by b.name) j),
    -- lib/background.ts: when each job last started and last succeeded anywhere in the cluster.
    'runs', (select coalesce(json_agg(r), '[]'::json) from (
      select r.name, extract(epoch from r.started_at)::float8 as started, extract(epoch from r.succeeded_at)::float8 as succeeded
      from background_runs r) r));
end $$;
