/**
 * Serves a production build with Debian's nginx on loopback, using the same
 * rules as production (deploy/nginx). Used by the browser tests and by
 * `npm run serve:nginx`.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import {chmodSync, copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {algoliaFromEnv} from '../lib/algolia-env';
import {algoliaOrigins, brotliAvailable, BROTLI_MODULE, writeNginxConf, type NginxOptions} from './nginx-conf';
import {REPO_ROOT} from '../lib/paths';

export type RunningServer = {url: string; stop: () => Promise<void>; confDir: string};

const NGINX_BIN = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Whether something accepts connections on the loopback port. */
export function portAccepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Generous: a 2-core machine shared by several builds can take seconds to start nginx. */
async function waitForPort(port: number, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited with code ${child.exitCode}`);
    if (await portAccepts(port)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nginx did not listen on ${port} within ${timeoutMs} ms`);
}

/** The build the tests and `npm run serve:nginx` serve; BUILD_DIR points elsewhere. */
export const DEFAULT_BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? path.join(REPO_ROOT, 'build'));

export async function startNginx(buildDir = DEFAULT_BUILD_DIR, port?: number, options: NginxOptions = {}): Promise<RunningServer> {
  if (!existsSync(NGINX_BIN)) {
    throw new Error(`nginx not found at ${NGINX_BIN}: apt-get install nginx-light (or set NGINX_BIN).`);
  }
  const listenPort = port ?? (await freePort());
  const confDir = mkdtempSync(path.join(os.tmpdir(), 'tower-docs-nginx-'));
  // nginx's workers (not root) read the long-link page from here: mkdtemp makes the folder private.
  chmodSync(confDir, 0o755);
  writeNginxConf(buildDir, confDir, options);
  copyFileSync('/etc/nginx/mime.types', path.join(confDir, 'mime.types'));
  const conf = `
${brotliAvailable() ? `load_module ${BROTLI_MODULE};` : ''}
worker_processes 1;
pid ${confDir}/nginx.pid;
error_log ${confDir}/error.log warn;
daemon off;
events { worker_connections 1024; }
http {
    include mime.types;
    default_type application/octet-stream;
    access_log off;
    sendfile on;
    client_body_temp_path ${confDir}/client_body;
    proxy_temp_path ${confDir}/proxy;
    fastcgi_temp_path ${confDir}/fastcgi;
    uwsgi_temp_path ${confDir}/uwsgi;
    scgi_temp_path ${confDir}/scgi;
    include tower-docs/limits.conf;
    include tower-docs/negotiation.conf;
    server {
        listen 127.0.0.1:${listenPort};
        server_name localhost;
        root ${path.resolve(buildDir)};
        include tower-docs/site.conf;
    }
}
`;
  writeFileSync(path.join(confDir, 'nginx.conf'), conf);
  // nginx writes nothing to stdout; not inheriting it means an nginx that outlives its
  // caller never holds the caller's caller waiting for the end of a pipe.
  const child = spawn(NGINX_BIN, ['-p', confDir, '-c', path.join(confDir, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForPort(listenPort, child);
  } catch (error) {
    // Never leave an nginx behind that nobody will stop.
    child.kill('SIGKILL');
    rmSync(confDir, {recursive: true, force: true});
    throw error;
  }
  return {
    url: `http://127.0.0.1:${listenPort}`,
    confDir,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGQUIT');
        await exited;
      }
      rmSync(confDir, {recursive: true, force: true});
    },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const port = Number(process.env.PORT ?? 3000);
  // An Algolia build is served with the ALGOLIA_* variables it was built with,
  // so that its CSP admits the application's hosts (scripts/nginx-conf.ts).
  const algolia = algoliaFromEnv();
  const starting = startNginx(DEFAULT_BUILD_DIR, port, {searchOrigins: algoliaOrigins(algolia)});
  // Ctrl+C or SIGTERM stops nginx whenever it comes, during start-up too. The handlers are in
  // place before nginx starts: with none, a signal would end this process at once and leave
  // nginx running on the port (a browser test run once waited an hour on such an nginx).
  const stop = () => {
    starting
      .then((server) => server.stop())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  starting.then(
    (server) => {
      const search = algolia ? `, search on Algolia application ${algolia.appId}` : '';
      console.log(`Serving ${path.relative(process.cwd(), DEFAULT_BUILD_DIR) || '.'} with nginx at ${server.url}${search} (Ctrl+C to stop)`);
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
