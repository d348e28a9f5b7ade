#!/usr/bin/env bash
# Installs what a fresh machine lacks. Safe to run again: it does nothing when
# everything is present.
#
#   bash scripts/ensure-deps.sh              npm packages, and the Debian packages the
#                                            browser tests need: chromium, nginx and
#                                            nginx's Brotli module (serves the build's .br files)
#   bash scripts/ensure-deps.sh --npm-only   npm packages only (npm start, npm run preview)
#   bash scripts/ensure-deps.sh --with-bench the above plus Debian's wrk (npm run bench)
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-}

if [ ! -d node_modules/@docusaurus/core ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "==> npm ci"
  npm ci --no-audit --no-fund
fi
[ "$mode" = "--npm-only" ] && exit 0

need_apt=()
[ -x /usr/bin/chromium ] || need_apt+=(chromium)
[ -x /usr/sbin/nginx ] || need_apt+=(nginx-light)
[ -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] || need_apt+=(libnginx-mod-http-brotli-static)
# httpx, for plugins/api-reference/samples-run.test.ts: it runs the API pages' Python samples (httpx comes with `pip install tower`).
python3 -c 'import httpx' 2>/dev/null || /usr/bin/python3 -c 'import httpx' 2>/dev/null || need_apt+=(python3-httpx)
if [ "$mode" = "--with-bench" ]; then
  command -v wrk >/dev/null || need_apt+=(wrk)
fi
if [ ${#need_apt[@]} -gt 0 ]; then
  if [ "$(id -u)" = "0" ]; then
    echo "==> apt-get install ${need_apt[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >/dev/null
  else
    echo "Missing Debian packages: ${need_apt[*]}. Install them with: sudo apt-get install ${need_apt[*]}" >&2
    exit 1
  fi
fi
