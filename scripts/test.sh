#!/usr/bin/env bash
# Every test of Padhub, as CI and a newcomer run them: `npm ci && npm test`.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n== %s\n' "$*"; }

step "lint (ESLint, with the layer rules; knip: unused files, exports and dependencies)"
npm run --silent lint
step "type check"
npm run --silent typecheck
step "unit and server tests (server on embedded PGlite)"
npx vitest run
step "server tests on PostgreSQL"
TEST_DATABASE_URL=$(bash scripts/ensure-postgres.sh) npx vitest run --project server
step "build the web app"
npm run --silent build
step "bundle budget"
node --import tsx bench/bundle.ts
step "end-to-end in Chromium"
bash scripts/ensure-chromium.sh
npx playwright test
