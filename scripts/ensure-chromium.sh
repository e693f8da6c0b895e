#!/usr/bin/env bash
# The end-to-end tests drive Debian's Chromium (a downloaded browser cannot be fetched here), with
# a CJK font so that Chinese, Japanese and Korean render as text, not boxes.
set -euo pipefail
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
fc-list 2>/dev/null | grep -qi 'wenquanyi' || need+=(fonts-wqy-microhei)
if [ ${#need[@]} -gt 0 ]; then
  echo "installing ${need[*]}..."
  as_root apt-get update -qq && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
