#!/usr/bin/env bash
# The budgets of Padhub: each bench prints its figures against its budgets, and every line with a
# budget ends in `ok` or `OVER BUDGET`. The last line counts the lines over budget across all the
# benches; a bench that stops (an error, or a failed check that names no budget) counts as one.
# The script exits 1 when that count is not 0, so no line over budget is left for a reader to find.
# Timings depend on the machine: on a busy one, run a line over budget again before concluding.
set -uo pipefail
cd "$(dirname "$0")/.."
over=0

# run TITLE COMMAND...: prints the title, runs the command and counts its lines over budget.
run() {
  local title=$1 out status lines
  shift
  printf '\n== %s\n' "$title"
  out=$(mktemp)
  "$@" 2>&1 | tee "$out"
  status=${PIPESTATUS[0]}
  lines=$(grep -c 'OVER BUDGET' "$out")
  rm -f "$out"
  if [ "$status" -ne 0 ] && [ "$lines" -eq 0 ]; then
    echo "OVER BUDGET: $* stopped (exit $status) before its figures"
    lines=1
  fi
  over=$((over + lines))
}
# The browser benches (web, taps) drive Debian's Chromium, installed here when missing as the tests do.
bash scripts/ensure-chromium.sh
bench() { node --import tsx "bench/$1"; }
bundle() { npm run --silent build >/dev/null && bench bundle.ts; }

run "bundle: JavaScript for the first render of each landing page, community, a post and the Mall (budget 141 KB gzip; no landing page loads another's chunks)" bundle
run "feed: page 1000 against page 1 of a 100 000-post organisation on PGlite, each shape anonymous and signed in; page 1 from the shared read against the query (budgets: ratio 1.5; 1)" bench feed.ts
run "search: each class of query a person types (bench/search-queries.ts: one character to a hundred mixed, with every filter and order) on a 1 000 000-post PostgreSQL it seeds (bench/seed-scale.ts) at 10 connections beside /api/health, then a burst of 100 (budgets: p99 100 ms a class; the burst 95 % answered at p99 1 s, health p99 50 ms)" bench search.ts
run "insights: each group of the console's insights over 90 days, and the five at once, as an admin over HTTP, on the 1 000 000 posts search seeded, after one pass of the rollup job (budget: p99 1 s each)" bench insights.ts
run "feed at scale: the same on the 1 000 000 posts search seeded, on PostgreSQL (budgets: ratio 1.5; 1)" env BENCH_SEED=scale node --import tsx bench/feed.ts
run "liveness: /api/health/live from another process while 100 connections read the feed of a 100 000-post organisation on PGlite (budget: p99 50 ms)" bench liveness.ts
run "config hub: page 1000 against page 1 of 200 000 shared configurations by most applied in 30 days, beside /api/health (budget: ratio 1.5)" bench config-hub.ts
run "upload: 1 GB through the embedded endpoint against a disk copy; the endpoint's peak memory (budget 200 MB)" bench upload.ts
run "upload quota: 8 parallel chunked PUTs of 400 KiB and one of 20 MiB against a 1 MiB daily quota (budget: stored within the quota)" bench upload-quota.ts
run "video: a 1080p and a 4K HEVC clip posted to npm start's server, processing time ÷ length (budgets 3 and 8), time until playable, /api/health p99 meanwhile (budget 3 × at rest)" bench video.ts
run "renditions: post creation's picture work, 18 photos of 12 MP (budget 3 000 ms: the 5 000 ms API timeout less 2 s for the rest of the request)" bench renditions.ts
run "watched words: one text against 2 000 rules by class (script, length, a rule planted or not), against 2 000 plain includes (budget: median 1 ms)" bench safety.ts
run "notifications: inbox page 1 and unread count of a person with 10 000 of 1 000 000 notifications against one with 25; a like on a 10 000-like post against one on a post with none, p99 (budget: ratio 1.5, beside /api/health)" bench notifications.ts
run "web: Lighthouse mobile, three runs each on the community page, a post and the mall (budgets: score 95, LCP 1.2 s, TBT 150 ms, CLS 0.02, JS 141 KB, 15 requests; TBT needs a quiet machine)" bench web.ts
run "taps: each class of tap (hub game, menus and search; the feed's All languages; a moderator's ban; the safety and console pages opened cold) in Chromium at phone size with a phone's processor (4× slower), tap to content on the seeded data, beside a plain navigation (budget: p90 300 ms a class)" bench taps.ts
run "login burst: 40 parallel guesses at one account (budget: at most the login limit, 10, verified; the right password, 38th, refused)" bench login-burst.ts
run "slow body: 100 connections trickling an API body a byte every 2 s are all cut with 408 (budget: API_BODY_TIMEOUT_MS + 5 s)" bench slow-body.ts
run "metrics: one scrape of /metrics with a series per route, beside /api/health (budget: under 5 ms)" bench metrics.ts
run "events: 10 000 open live streams on one process, then a like reaching 1 000 subscribers over three processes on PostgreSQL (budgets: 300 MB more memory; p95 1 s, none missing)" bench events.ts
run "tracing: the feed's first page with tracing off, on by default and on for every request, on PostgreSQL (budget: the default costs at most 10 % of throughput)" bench tracing.ts

printf '\n%d lines over budget\n' "$over"
[ "$over" -eq 0 ]
