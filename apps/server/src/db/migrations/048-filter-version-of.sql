-- The version of a person's own filters (migration 042), asked in the statement that looks their
-- session up (safety/filters-repo.ts versionWithSession). As a plpgsql function, as session_of
-- (migration 024): each connection plans it once, so the session lookup's own planning grows by a
-- function call rather than by a subquery.
create function filter_version_of(person bigint) returns text
language plpgsql stable as $$
begin
  return (select v.version::text from personal_filter_versions v where v.user_id = person);
end $$;
