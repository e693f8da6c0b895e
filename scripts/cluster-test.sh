#!/usr/bin/env bash
# Padhub as a cluster (docs/deploy.md): PostgreSQL, pgbouncer in transaction pooling, three Padhub
# processes and nginx round-robin in front, started from deploy/nginx.conf and deploy/pgbouncer.ini.
# Runs the API journeys, a load with a process killed (kill -9) and a rolling restart through nginx
# (apps/server/test/cluster/). Installs Debian's nginx and pgbouncer when missing; where they
# cannot be installed, says so and skips.
set -euo pipefail
cd "$(dirname "$0")/.."
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

if ! command -v nginx >/dev/null 2>&1 || ! command -v pgbouncer >/dev/null 2>&1; then
  echo "installing nginx and pgbouncer..." >&2
  if ! { as_root apt-get update -qq && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx pgbouncer; } >&2; then
    echo "SKIPPED: the cluster test needs Debian's nginx and pgbouncer, and they could not be installed here." >&2
    exit 0
  fi
fi
# The packages' own services stay off: the test runs its own nginx and pgbouncer, on its own ports.
postgres_url=$(bash scripts/ensure-postgres.sh)
PADHUB_CLUSTER_POSTGRES="$postgres_url" npx vitest run --project server test/cluster/
