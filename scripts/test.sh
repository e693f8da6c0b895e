#!/usr/bin/env bash
# Every test of Padhub, as CI and a newcomer run them: `npm ci && npm test`.
# Independent suites run side by side (two at a time) to keep the whole run short; each one's
# output is printed whole when it ends, so the log reads as if they had run one after another.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each heading says when it was printed (seconds since the run began), so a slow suite shows.
step() { printf '\n== %s (at %d s)\n' "$*" "$SECONDS"; }
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

# start NAME COMMAND…: runs a suite in the background, its output kept for `finish`.
declare -A pids began
start() {
  local name=$1
  shift
  began[$name]=$(date +%s)
  # The suite writes its own end: one waited for after a slower one did not take the wait too.
  ( status=0; "$@" || status=$?; date +%s >"$logs/$name.ended"; exit "$status" ) >"$logs/$name" 2>&1 &
  pids[$name]=$!
}
# finish NAME TITLE: waits for the suite, prints what it said, and stops the run if it failed.
finish() {
  local status=0
  wait "${pids[$1]}" || status=$?
  step "$2, which took $(($(cat "$logs/$1.ended") - began[$1])) s"
  cat "$logs/$1"
  if [ "$status" -ne 0 ]; then
    echo "== $2: failed (exit $status)"
    exit "$status"
  fi
}

start lint npm run --silent lint
start types npm run --silent typecheck
start alerts bash scripts/check-alerts.sh
finish lint "lint (ESLint, with the layer rules; knip: unused files, exports and dependencies)"
finish types "type check"
finish alerts "alerts: promtool check of deploy/prometheus, and the alerts' unit tests with series"

# Vitest's default is one worker per core but one (a single worker here, on two cores), while most
# server test files spend their time waiting on a database or a timer: three keep both cores busy.
step "unit and server tests (server on embedded PGlite)"
npx vitest run --maxWorkers=3

# The server suite on PostgreSQL and the browser journeys share nothing: they run together.
postgres_url=$(bash scripts/ensure-postgres.sh)
bash scripts/ensure-chromium.sh
# The PostgreSQL run is for the files that open a database: one that never does (a parser, the
# watched words' matcher, the picture hash, ffmpeg's arguments) ran above on the very same code.
mapfile -t database_tests < <(grep -rlE 'buildTestApp|testDb\(|pgliteDb\(|openDb\(|TEST_DATABASE_URL|#server-test/' apps/server/src apps/server/test --include='*.test.ts' | sort)
start postgres env TEST_DATABASE_URL="$postgres_url" npx vitest run --project server --maxWorkers=2 "${database_tests[@]}"
start browser bash -c 'npm run --silent build && node --import tsx bench/bundle.ts && npx playwright test'
finish browser "build the web app, bundle budget, end-to-end in Chromium"
finish postgres "server tests on PostgreSQL"

# Alone: it starts its own pgbouncer, nginx and three server processes on the PostgreSQL above.
step "cluster: nginx round-robin over three processes, pgbouncer in transaction pooling (journeys, kill -9 and rolling restart under load)"
bash scripts/cluster-test.sh
step "every suite passed"
