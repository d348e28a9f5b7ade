#!/usr/bin/env bash
# Installs what a fresh machine lacks: the npm packages from package-lock.json
# and, for the browser tests and the production server, Debian's chromium,
# nginx and nginx's Brotli module (serves the build's .br files). Safe to run again; it does nothing when everything is present.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -d node_modules/@docusaurus/core ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "==> npm ci"
  npm ci --no-audit --no-fund
fi

need_apt=()
[ -x /usr/bin/chromium ] || need_apt+=(chromium)
[ -x /usr/sbin/nginx ] || need_apt+=(nginx-light)
[ -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] || need_apt+=(libnginx-mod-http-brotli-static)
if [ "${1:-}" = "--with-bench" ]; then
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
