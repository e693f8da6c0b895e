#!/usr/bin/env bash
# Makes sure a PostgreSQL 15 cluster runs and has a role for the server tests; prints its URL.
# Uses TEST_DATABASE_URL as it is when set. Installs PostgreSQL from Debian's packages if missing.
set -euo pipefail
if [ -n "${TEST_DATABASE_URL:-}" ]; then echo "$TEST_DATABASE_URL"; exit 0; fi
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
if ! command -v pg_ctlcluster >/dev/null 2>&1; then
  echo "installing PostgreSQL..." >&2
  as_root apt-get update -qq >&2 && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
fi
version=$(pg_lsclusters -h 2>/dev/null | awk 'NR==1 {print $1}')
cluster=$(pg_lsclusters -h 2>/dev/null | awk 'NR==1 {print $2}')
if [ -z "$version" ]; then
  as_root pg_createcluster 15 main >&2
  version=15 cluster=main
fi
if ! pg_lsclusters -h | awk -v v="$version" -v c="$cluster" '$1==v && $2==c {print $4}' | grep -q online; then
  as_root pg_ctlcluster "$version" "$cluster" start >&2
fi
port=$(pg_lsclusters -h | awk -v v="$version" -v c="$cluster" '$1==v && $2==c {print $3}')
for _ in $(seq 1 30); do
  as_root su postgres -c "psql -p $port -Atqc 'select 1'" >/dev/null 2>&1 && break
  sleep 1
done
# PostgreSQL's own starting point for shared_buffers is a quarter of the machine's memory; its
# default, 128 MB, holds a fifteenth of the benches' million posts (1.9 GB of table), and each page
# read past it is copied in from the OS's cache: the search bench's two to eight words answered
# 15-25 % fewer requests a second (docs/search.md, "Eighth round"). Raised only from that default
# (a cluster set otherwise is left as it is), at most to 4 GB, and the cluster restarted once.
buffers_mb=$(as_root su postgres -c "psql -p $port -Atqc \"select setting::bigint * 8 / 1024 from pg_settings where name = 'shared_buffers'\"")
want_mb=$(awk '/^MemTotal:/ { mb = int($2 / 1024 / 4); print (mb > 4096 ? 4096 : mb) }' /proc/meminfo)
if [ "$buffers_mb" = 128 ] && [ "${want_mb:-0}" -gt 128 ]; then
  as_root su postgres -c "psql -p $port -qc \"alter system set shared_buffers = '${want_mb}MB'\"" >&2
  if ! as_root pg_ctlcluster "$version" "$cluster" restart >&2; then
    # Refused (a container's shared memory, say): back to the default it had, and started as before.
    datadir=$(pg_lsclusters -h | awk -v v="$version" -v c="$cluster" '$1==v && $2==c {print $6}')
    as_root sed -i '/^shared_buffers/d' "$datadir/postgresql.auto.conf"
    as_root pg_ctlcluster "$version" "$cluster" start >&2
  fi
  for _ in $(seq 1 30); do
    as_root su postgres -c "psql -p $port -Atqc 'select 1'" >/dev/null 2>&1 && break
    sleep 1
  done
fi
as_root su postgres -c "psql -p $port -qc \"do \\\$\\\$ begin
  if not exists (select from pg_roles where rolname = 'padhub_test') then
    create role padhub_test login superuser password 'padhub_test';
  end if; end \\\$\\\$\"" >&2
echo "postgres://padhub_test:padhub_test@127.0.0.1:${port}/postgres"
