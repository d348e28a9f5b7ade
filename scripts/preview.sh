#!/usr/bin/env bash
# The one command that serves the whole site, search included: `npm run preview`.
# It installs the npm packages if they are missing, builds for production and
# serves the build on http://localhost:${PORT:-3000} with `docusaurus serve`
# (for the production nginx rules use `npm run serve:nginx`). For live editing
# use `npm start` instead.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh --npm-only
npm run build
exec npx docusaurus serve --port "${PORT:-3000}" --host "${HOST:-localhost}" --no-open
