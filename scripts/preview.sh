#!/usr/bin/env bash
# The one command that serves the whole site, search included: `npm run preview`.
# It installs the npm packages if they are missing, builds for production and
# serves the build on http://localhost:${PORT:-3000} with `docusaurus serve`
# (for the production nginx rules use `npm run serve:nginx`). For live editing
# use `npm start` instead.
#
# The port is checked before the minute-long build and again before serving:
# when something else holds it, the command says so and fails (exit 1) rather
# than building for nothing (docusaurus serve itself only prints an error and
# exits 0).
set -euo pipefail
cd "$(dirname "$0")/.."
port=${PORT:-3000}
host=${HOST:-localhost}

# Free when nothing accepts a connection there and this process may listen there.
port_free() {
  node -e '
    const net = require("node:net");
    const [port, host] = [Number(process.argv[1]), process.argv[2]];
    const taken = () => process.exit(1);
    const socket = net.connect({port, host, autoSelectFamily: true});
    socket.once("connect", taken);
    socket.once("error", () => {
      const server = net.createServer();
      server.once("error", taken);
      server.listen(port, host, () => server.close(() => process.exit(0)));
    });
  ' "$port" "$host"
}

check_port() {
  if ! port_free; then
    echo "preview: port $port on $host is in use: stop what listens there, or choose another port: PORT=3001 npm run preview" >&2
    exit 1
  fi
}

check_port
bash scripts/ensure-deps.sh --npm-only
npm run build
check_port
exec npx docusaurus serve --port "$port" --host "$host" --no-open
