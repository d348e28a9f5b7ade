#!/usr/bin/env bash
# The one command that checks everything: `npm test`.
#
# Every step runs under a time limit (scripts/time-limit.sh) that stops it and
# every process it started, so a hung step fails the run instead of waiting
# forever. The limits are far above a step's normal time on a 2-core machine;
# they only catch hangs. The builds also stop on their own once they make no
# progress (scripts/build.ts).
set -euo pipefail
cd "$(dirname "$0")/.."

# step SECONDS "what it checks" COMMAND [ARGS...]
# Each step's wall time is printed after it, so a slow step shows in a CI log.
step() {
  local limit=$1 what=$2 started=$SECONDS
  shift 2
  printf '\n==> %s\n' "$what"
  bash scripts/time-limit.sh "$limit" "$@"
  printf '<== %s: %d s (%d s since npm test began)\n' "$what" $((SECONDS - started)) "$SECONDS"
}

step 1800 "Install what is missing (npm packages, chromium, nginx)" bash scripts/ensure-deps.sh

step 900 "TypeScript type-check" npx tsc

step 600 "Lint (ESLint: code, React hooks, accessibility, the import rooms) and formatting (Prettier)" npm run lint

# The relevance suites and Ask AI run here too, from the Markdown sources (plugins/search-index/relevance.test.ts).
step 1800 "Unit tests" npm run --silent test:unit

step 900 "Code samples in docs/ (python, Towerfiles, tower commands, reference pages, apps) and example projects in examples/" node --import tsx scripts/check-samples.ts

step 300 "OpenAPI specification" node --import tsx scripts/validate-openapi.ts

step 1800 "Production build" npm run build

step 900 "Search index of the production build (same pages and sections as the sources, the same relevance bars)" npm run --silent test:relevance

step 1800 "Production build in Algolia mode (build-algolia/, for tests/e2e/search-algolia.test.ts)" \
  env ALGOLIA_APP_ID=TESTAPPID ALGOLIA_API_KEY=test-search-key ALGOLIA_INDEX_NAME=tower-docs ALGOLIA_ASSISTANT_ID=test-assistant \
  node --import tsx scripts/build.ts --out-dir build-algolia

step 3600 "Browser tests against nginx" node --import tsx scripts/run-e2e.ts
