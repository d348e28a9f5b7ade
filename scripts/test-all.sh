#!/usr/bin/env bash
# The one command that checks everything: `npm test`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh

step() { printf '\n==> %s\n' "$*"; }

step "TypeScript type-check"
npx tsc

step "Unit tests"
# The search relevance test reads the production build: it runs after the build below.
node --import tsx --test --test-reporter=spec $(ls tests/unit/*.test.ts plugins/*/*.test.ts | grep -v 'plugins/search-index/relevance.test.ts')

step "Code samples in docs/ (python, Towerfiles, tower commands, reference pages, apps) and example projects in examples/"
node --import tsx scripts/check-samples.ts

step "OpenAPI specification"
node --import tsx scripts/validate-openapi.ts

step "Production build"
npm run build

step "Search relevance (queries against the index built from build/)"
node --import tsx --test --test-reporter=spec plugins/search-index/relevance.test.ts

step "Production build in Algolia mode (build-algolia/, for tests/e2e/search-algolia.test.ts)"
ALGOLIA_APP_ID=TESTAPPID ALGOLIA_API_KEY=test-search-key ALGOLIA_INDEX_NAME=tower-docs ALGOLIA_ASSISTANT_ID=test-assistant \
  npx docusaurus build --out-dir build-algolia

step "Browser tests against nginx"
node --import tsx scripts/run-e2e.ts
