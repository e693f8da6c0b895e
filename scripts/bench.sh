#!/usr/bin/env bash
# The budgets of Padhub: each bench prints its figures against its budget. Not tests: timings
# depend on the machine, so only the bundle size (a size, not a time) fails on its own.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n== %s\n' "$*"; }

step "bundle: JavaScript for the first render of the community page (budget 137 KB gzip, aim 100)"
npm run --silent build >/dev/null
node --import tsx bench/bundle.ts
step "feed: page 1000 against page 1 of a 100 000-post organisation (budget: ratio 1.5)"
node --import tsx bench/feed.ts
step "search: each shape of query (rare word, common word, two CJK characters, katakana, hangul, mixed scripts) on a 1 000 000-post PostgreSQL it seeds (bench/seed-scale.ts) at 10 connections beside /api/health, then a burst of 100 (budget: p99 100 ms; health keeps answering)"
node --import tsx bench/search.ts
step "liveness: /api/health/live from another process while 100 connections read the feed of a 100 000-post organisation on PGlite (budget: p99 50 ms)"
node --import tsx bench/liveness.ts
step "config hub: page 1000 against page 1 of 200 000 shared configurations by most applied in 30 days, beside /api/health (budget: ratio 1.5)"
node --import tsx bench/config-hub.ts
step "upload: 1 GB through the embedded endpoint against a disk copy; the endpoint's peak memory (target 200 MB)"
node --import tsx bench/upload.ts
step "upload quota: 8 parallel chunked PUTs of 400 KiB and one of 20 MiB against a 1 MiB daily quota (budget: stored within the quota)"
node --import tsx bench/upload-quota.ts
step "video: a 1080p and a 4K HEVC clip posted to npm start's server, processing time ÷ length (budgets 3 and 8), time until playable, /api/health p99 meanwhile (budget 3 × at rest)"
node --import tsx bench/video.ts
step "renditions: post creation's picture work, 18 photos of 12 MP (budget: well inside the 5 000 ms API timeout)"
node --import tsx bench/renditions.ts
step "notifications: inbox page 1 and unread count of a person with 10 000 of 1 000 000 notifications against one with 25; a like on a 10 000-like post against one on a post with none, p99 (budget: ratio 1.5, beside /api/health)"
node --import tsx bench/notifications.ts
step "web: Lighthouse mobile, three runs each on the community page, a post and the mall (budgets: score 95, LCP 1.5 s, TBT 100 ms, CLS 0.02, JS 100 KB, 15 requests)"
node --import tsx bench/web.ts
step "login burst: 40 parallel guesses at one account (budget: at most the login limit, 10, verified; the right password, 38th, refused)"
node --import tsx bench/login-burst.ts
step "slow body: 100 connections trickling an API body a byte every 2 s are all cut with 408 (budget: API_BODY_TIMEOUT_MS + 5 s)"
node --import tsx bench/slow-body.ts
