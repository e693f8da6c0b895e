#!/usr/bin/env bash
# The alerts and the Prometheus configuration in deploy/prometheus (docs/operations.md, "Alerts"):
# their syntax (`promtool check rules`, `promtool check config`) and the alerts' unit tests with
# series (`promtool test rules`). Installs Debian's prometheus package, which brings promtool, when
# missing; where it cannot be installed, fails: an alert nothing checked is not a passing check.
set -euo pipefail
cd "$(dirname "$0")/.."
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

if ! command -v promtool >/dev/null 2>&1; then
  echo "installing prometheus (for promtool)..." >&2
  if ! { as_root apt-get update -qq && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus; } >&2; then
    echo "FAILED: the alerts' checks need promtool (Debian's prometheus package), and it could not be installed here." >&2
    exit 1
  fi
fi
promtool check rules deploy/prometheus/alerts.yml
promtool test rules deploy/prometheus/alerts.test.yml
# The configuration names a token file that exists only where Prometheus runs: checked beside a stand-in.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cp deploy/prometheus/prometheus.yml deploy/prometheus/alerts.yml "$scratch/"
echo "a-stand-in-for-METRICS_TOKEN" >"$scratch/padhub-metrics-token"
promtool check config "$scratch/prometheus.yml"
