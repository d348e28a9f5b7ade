#!/usr/bin/env bash
# The one command that checks everything: `npm test`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh

step() { printf '\n==> %s\n' "$*"; }

step "TypeScript type-check"
npx tsc

step "Unit tests"
node --import tsx --test --test-reporter=spec $(ls tests/unit/*.test.ts plugins/*/*.test.ts 2>/dev/null)

step "Code samples in docs/ (python, Towerfiles, tower commands, reference pages)"
node --import tsx scripts/check-samples.ts

step "OpenAPI specification"
node --import tsx scripts/validate-openapi.ts

step "Production build"
npm run build

step "Browser tests against nginx"
node --import tsx scripts/run-e2e.ts
