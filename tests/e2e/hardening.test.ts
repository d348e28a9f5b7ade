/**
 * The production nginx rules under attack and under load (the security review
 * of 2026-11-23): the path redirects build their Location from what the client
 * sent and never leave the site, one URL per page, the site's own error page
 * for an overlong link, the hardening headers, and the per-client limits.
 *
 * Raw-socket tests send each path byte for byte (node:net, no normalisation);
 * browser tests check what Chromium does with the same paths.
 */
import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import net from 'node:net';
import {describe, test} from 'node:test';
import {REPO_ROOT} from '../../lib/paths';
import {DEFAULT_BUILD_DIR, freePort, portAccepts, startNginx} from '../../scripts/serve-nginx';
import {openContext} from '../../lib/browser';
import {rawGet, type RawResponse} from './support/raw-http';
import {securityHeaderProblems} from './support/security-headers';
import {useSite} from './support/site';
import {headingOf} from './routes';

const site = useSite();

/** Paths that once turned a redirect into a forged header or a trip to another site, and their relatives. */
const HOSTILE_PATHS = [
  // A CR (or LF, or vertical tab) that reached the Location header (review D1).
  '/x%0dSet-Cookie:%20pwned=1/index.html',
  '/x%0dSet-Cookie:%20pwned=1;%20Path=/%0dX:/index.html',
  '/x%0d%0aSet-Cookie:%20pwned=1/index.html',
  '/x%0aSet-Cookie:%20pwned=1.html',
  '/x%0bSet-Cookie:%20pwned=1/index.html',
  '/%0d%0aSet-Cookie:%20pwned=1.html',
  '/x%0dSet-Cookie:%20pwned=1/',
  // A backslash or a tab that browsers read as "//", the start of another host (review D2).
  '/%5Cevil.example/index.html',
  '/%5Cevil.example.html',
  '/%5C%5Cevil.example/index.html',
  '/%2F%5Cevil.example.html',
  '/%5Cevil.example/',
  '/\\evil.example/index.html',
  '/\\evil.example.html',
  '/%09/evil.example/index.html',
  '/%09%09evil.example.html',
  '/%09/evil.example/',
  // Two or more leading slashes, written or encoded.
  '//evil.example/index.html',
  '///evil.example/index.html',
  '//evil.example.html',
  '//evil.example/',
  '/%2F/evil.example/index.html',
  '/%2F%2Fevil.example.html',
  '/.%2F%2Fevil.example/index.html',
  // Raw bytes outside printable ASCII (a client other than a browser may send them).
  '/\u00e2\u0080\u00a8evil.example.html',
  // Hostile query strings: kept, but they cannot change the path or add a header.
  '/index.html?%0d%0aSet-Cookie:%20pwned=1',
  '/docs/intro/index.html?next=//evil.example',
  '/docs/intro/?%0dSet-Cookie:%20pwned=1',
];

/** Legitimate redirects of the spec's path handling: request, status, Location. */
const SAME_PAGE_REDIRECTS: Array<[string, number, string]> = [
  ['/docs/concepts/runs.html', 301, '/docs/concepts/runs'],
  ['/docs/concepts/runs/index.html', 301, '/docs/concepts/runs'],
  ['/docs/concepts/runs.html?tab=python&x=%20y', 301, '/docs/concepts/runs?tab=python&x=%20y'],
  ['/docs/concepts/runs/index.html?utm_source=mail', 301, '/docs/concepts/runs?utm_source=mail'],
  ['/index.html', 301, '/'],
  ['/index.html?utm_source=mail', 301, '/?utm_source=mail'],
  ['/search/index.html?q=deploy%20app', 301, '/search?q=deploy%20app'],
  ['/search.html?q=deploy', 301, '/search?q=deploy'],
  ['/docs/reference/api/run-app.html', 301, '/docs/reference/api/run-app'],
  // One URL per page: a trailing slash is the same page (review D14).
  ['/docs/concepts/runs/', 301, '/docs/concepts/runs'],
  ['/docs/concepts/runs/?x=1', 301, '/docs/concepts/runs?x=1'],
  ['/docs/reference/api/run-app/', 301, '/docs/reference/api/run-app'],
  ['/search/?q=deploy', 301, '/search?q=deploy'],
  // The docs root leads to its main doc (issue 14, part 5).
  ['/docs', 302, '/docs/intro'],
  ['/docs/', 302, '/docs/intro'],
  ['/docs?utm_source=mail', 302, '/docs/intro?utm_source=mail'],
];

const SITE_ORIGIN = 'http://docs.tower.test';

/** What is wrong with a response to a hostile path; empty when it is safe. */
function problemsOf(path: string, response: RawResponse): string[] {
  const problems: string[] = [];
  const label = JSON.stringify(path);
  // Split on CRLF only: a bare CR or LF inside a line is a header a browser would split off.
  for (const line of response.headerLines) {
    if (/[\r\n]/.test(line)) problems.push(`${label}: a bare CR or LF inside ${JSON.stringify(line)}`);
    if (/^set-cookie:/i.test(line)) problems.push(`${label}: sets a cookie: ${JSON.stringify(line)}`);
  }
  const location = response.header('location');
  if (location === undefined) return problems;
  const [locationPath] = location.split('?');
  if (/[^\x21-\x7e]/.test(location)) problems.push(`${label}: Location ${JSON.stringify(location)} has a control, space or non-ASCII byte`);
  if (locationPath.includes('\\')) problems.push(`${label}: Location ${JSON.stringify(location)} has a backslash`);
  if (!/^\/(?![/\\])/.test(location)) problems.push(`${label}: Location ${JSON.stringify(location)} is not a path on this site`);
  if (new URL(location, `${SITE_ORIGIN}/start`).origin !== SITE_ORIGIN) {
    problems.push(`${label}: Location ${JSON.stringify(location)} leads to another origin`);
  }
  return problems;
}

describe('the path redirects, over a raw socket', () => {
  test('every redirect of the path rules lands on its page, query string kept', async () => {
    const problems: string[] = [];
    for (const [path, status, location] of SAME_PAGE_REDIRECTS) {
      const response = await rawGet(site.base, path);
      if (response.status !== status || response.header('location') !== location) {
        problems.push(`${path}: ${response.status} ${response.header('location')}, expected ${status} ${location}`);
        continue;
      }
      const landed = await rawGet(site.base, location);
      if (landed.status !== 200) problems.push(`${path} -> ${location}: ${landed.status}`);
    }
    assert.deepEqual(problems, []);
  });

  test('no hostile path gets a header line it wrote (no bare CR or LF, no Set-Cookie)', async () => {
    const problems: string[] = [];
    for (const path of HOSTILE_PATHS) {
      const response = await rawGet(site.base, path);
      problems.push(...problemsOf(path, response).filter((p) => /CR or LF|cookie/.test(p)));
    }
    assert.deepEqual(problems, []);
  });

  test('every redirect of a hostile path is a plain path on this site: one leading slash, no backslash, printable ASCII', async () => {
    const problems: string[] = [];
    const answered: string[] = [];
    for (const path of HOSTILE_PATHS) {
      const response = await rawGet(site.base, path);
      answered.push(`${response.status}`);
      assert.ok(response.status < 500, `${path}: ${response.status}`);
      problems.push(...problemsOf(path, response).filter((p) => !/CR or LF|cookie/.test(p)));
    }
    assert.deepEqual(problems, []);
  });

  test("the review's paths get the answers the fix promises", async () => {
    const expected: Array<[string, number, string | undefined]> = [
      // Still percent-encoded, so the browser asks this site for a page that does not exist.
      ['/x%0dSet-Cookie:%20pwned=1/index.html', 301, '/x%0dSet-Cookie:%20pwned=1'],
      ['/%5Cevil.example/index.html', 301, '/%5Cevil.example'],
      ['/%5Cevil.example.html', 301, '/%5Cevil.example'],
      ['/%09/evil.example/index.html', 301, '/%09/evil.example'],
      ['//evil.example/index.html', 301, '/evil.example'],
      // Not a path a browser sends: no redirect at all.
      ['/\\evil.example/index.html', 404, undefined],
    ];
    const seen = [];
    for (const [path] of expected) {
      const response = await rawGet(site.base, path);
      seen.push([path, response.status, response.header('location')]);
    }
    assert.deepEqual(seen, expected);
  });
});

describe('the path redirects, in Chromium', () => {
  const browserPaths = HOSTILE_PATHS.filter((path) => /^[\x21-\x7e]+$/.test(path));

  test('no hostile path takes the browser off the site', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    const landed: string[] = [];
    for (const path of browserPaths) {
      // A navigation to another host is aborted by openContext (no network), so it throws.
      await page.goto(`${site.base}${path}`, {waitUntil: 'load'}).catch(() => undefined);
      const origin = new URL(page.url()).origin;
      if (origin !== site.base && page.url() !== 'about:blank') landed.push(`${path} -> ${page.url()}`);
    }
    assert.deepEqual(watched.offOrigin, [], 'no request left the site');
    assert.deepEqual(landed, []);
    await watched.context.close();
  });

  test('no hostile path sets a cookie', async () => {
    const watched = await openContext(site.browser, site.base);
    for (const path of browserPaths) {
      await watched.page.goto(`${site.base}${path}`, {waitUntil: 'load'}).catch(() => undefined);
    }
    assert.deepEqual(await watched.context.cookies(), []);
    await watched.context.close();
  });

  test('a same-page redirect keeps the query string and shows the page', async () => {
    const {page, context} = await openContext(site.browser, site.base);
    for (const path of ['/docs/concepts/runs/index.html?tab=x', '/docs/concepts/runs/?tab=x']) {
      await page.goto(`${site.base}${path}`, {waitUntil: 'load'});
      assert.equal(page.url(), `${site.base}/docs/concepts/runs?tab=x`, path);
      assert.equal(await page.locator('article h1').innerText(), headingOf('/docs/concepts/runs'));
    }
    await context.close();
  });
});

describe('one URL per page', () => {
  test("an encoded slash is not a second address of a page: 404 with the site's page", async () => {
    for (const path of ['/docs%2Fintro', '/docs%2fconcepts%2Fruns', '/docs/concepts%2Fruns']) {
      const response = await rawGet(site.base, path);
      assert.equal(response.status, 404, path);
      assert.match(response.body, /Page not found/, path);
    }
    const {page, context, pageErrors} = await openContext(site.browser, site.base);
    const response = await page.goto(`${site.base}/docs%2Fintro`, {waitUntil: 'load'});
    assert.equal(response?.status(), 404);
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Page not found');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });
});

describe('a link too long for nginx', () => {
  // About 40 KB once encoded: past the 32 KB request line site.conf allows.
  const query = encodeURIComponent('deploy an app on tower '.repeat(1400));

  test("gets a page of the site that says so, with the security headers and none of the app's scripts", async () => {
    const response = await rawGet(site.base, `/search?q=${query}`);
    assert.equal(response.status, 414);
    assert.match(response.header('content-type') ?? '', /^text\/html/);
    assert.match(response.body, /<nav[^>]*class="[^"]*navbar/, "the site's navbar");
    assert.match(response.body, /<h1 class=hero__title>This link is too long<\/h1>/);
    assert.doesNotMatch(response.body, /<center>nginx<\/center>|\/assets\/js\//);
    assert.deepEqual(securityHeaderProblems('414', response), []);
    // The page is only reachable as the answer to a link that is too long.
    assert.equal((await rawGet(site.base, '/tower-docs-long-link.html')).status, 404);
  });

  test('in the browser the reader keeps the site around them, and nothing boots to fail on it', async () => {
    const {page, context, offOrigin, pageErrors, consoleErrors} = await openContext(site.browser, site.base);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const response = await page.goto(`${site.base}/search?q=${query}`, {waitUntil: 'load'});
    assert.equal(response?.status(), 414);
    assert.equal(await page.locator('h1').innerText(), 'This link is too long');
    assert.equal(await page.locator('nav.navbar').isVisible(), true);
    assert.ok((await page.locator('nav.navbar a[href="/docs/intro"]').count()) > 0, 'a way into the docs');
    assert.deepEqual(scripts, [], 'no script is loaded');
    assert.deepEqual(pageErrors, []);
    // Chromium logs the document's own 414 status; nothing else may be there (the review saw React error #418).
    assert.deepEqual(
      consoleErrors.filter((message) => !/^Failed to load resource: the server responded with a status of 414/.test(message)),
      [],
      'no hydration error',
    );
    await page.getByRole('link', {name: 'search', exact: true}).click();
    await page.waitForURL(`${site.base}/search`);
    assert.deepEqual(offOrigin, []);
    await context.close();
  });
});

describe('hardening headers', () => {
  test('every kind of response carries each security header once, with its value, and no CSP report endpoint by default', async () => {
    const asset = /["'=](\/assets\/js\/main\.[0-9a-f]+\.js)/.exec((await rawGet(site.base, '/')).body)?.[1];
    assert.ok(asset, 'the main bundle is referenced from the home page');
    // /mcp with its server down: nginx's own answer (tests/e2e/mcp.test.ts checks the proxied ones).
    const server = await startNginx(DEFAULT_BUILD_DIR, undefined, {mcpUpstream: `127.0.0.1:${await freePort()}`});
    try {
      const kinds: Array<[string, string, string[]?]> = [
        ['home page', '/'],
        ['docs page', '/docs/intro'],
        ['search page', '/search?q=x'],
        ['asset', asset],
        ['image', '/img/logo.svg'],
        ['llms.txt', '/llms.txt'],
        ['Markdown twin', '/docs/intro.md'],
        ['Markdown by Accept', '/docs/intro', ['Accept: text/markdown']],
        ['MCP discovery', '/.well-known/mcp/server-card.json'],
        ['404', '/nope'],
        ['416', '/docs/intro', ['Range: bytes=99999999-']],
        ['416 of an asset', asset, ['Range: bytes=99999999-']],
        ['301', '/docs/intro/'],
        ['302', '/docs'],
        ['/mcp while the server is down', '/mcp'],
      ];
      const problems: string[] = [];
      const statuses: string[] = [];
      for (const [label, path, headers] of kinds) {
        const response = await rawGet(server.url, path, {headers});
        statuses.push(`${label} ${response.status}`);
        problems.push(...securityHeaderProblems(`${label} (${path})`, response));
        if (response.header('reporting-endpoints')) problems.push(`${label}: Reporting-Endpoints without a configured endpoint`);
        if (/report-(uri|to)/.test(response.header('content-security-policy') ?? '')) problems.push(`${label}: CSP reports without an endpoint`);
      }
      assert.deepEqual(problems, []);
      assert.deepEqual(
        statuses.filter((status) => / (404|416|301|302|503)$/.test(status)),
        ['404 404', '416 416', '416 of an asset 416', '301 301', '302 302', '/mcp while the server is down 503'],
      );
    } finally {
      await server.stop();
    }
  });

  test('with a report endpoint configured, nginx names it in the CSP and in Reporting-Endpoints', async () => {
    const server = await startNginx(DEFAULT_BUILD_DIR, undefined, {reportUri: '/csp-reports'});
    try {
      const response = await rawGet(server.url, '/docs/intro');
      assert.match(response.header('content-security-policy') ?? '', /; report-uri \/csp-reports; report-to csp$/);
      assert.equal(response.header('reporting-endpoints'), 'csp="/csp-reports"');
    } finally {
      await server.stop();
    }
  });
});

/**
 * Opens `count` connections from `localAddress` whose requests announce a body
 * and never send it: nginx answers, then keeps each request open while it
 * waits to discard the body, so every one of them counts as in progress.
 */
async function stalledRequests(base: string, path: string, count: number, localAddress: string): Promise<net.Socket[]> {
  const {hostname, port} = new URL(base);
  const sockets: net.Socket[] = [];
  for (let i = 0; i < count; i += 1) {
    const socket = net.connect({host: hostname, port: Number(port), localAddress});
    await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    const answered = new Promise((resolve) => socket.once('data', resolve));
    socket.on('error', () => undefined);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Length: 1000\r\n\r\n`);
    await answered;
    sockets.push(socket);
  }
  return sockets;
}

describe('per-client limits', () => {
  test('one address cannot hold more than 32 requests in progress; another reader is still served', async () => {
    // Each test that sends from its own loopback address (127.0.0.x) is a client of its own,
    // so the limits it trips never touch the other tests (127.0.0.1).
    const held = await stalledRequests(site.base, '/img/logo.svg', 32, '127.0.0.21');
    try {
      const refused = await rawGet(site.base, '/docs/intro', {localAddress: '127.0.0.21'});
      assert.equal(refused.status, 429, 'the 33rd request from the same address is refused');
      const other = await rawGet(site.base, '/docs/intro', {localAddress: '127.0.0.22'});
      assert.equal(other.status, 200, 'another address is served meanwhile');
    } finally {
      for (const socket of held) socket.destroy();
    }
  });

  test('a flood of page requests from one address is cut to the allowance; other readers are not', async () => {
    const flooder = '127.0.0.23';
    const statuses: number[] = [];
    for (let i = 0; i < 320; i += 1) statuses.push((await rawGet(site.base, '/docs/intro', {localAddress: flooder})).status);
    const served = statuses.filter((s) => s === 200).length;
    const limited = statuses.filter((s) => s === 429).length;
    assert.equal(served + limited, statuses.length, `only 200 or 429: ${[...new Set(statuses)]}`);
    assert.ok(served >= 200, `the burst allowance is served (${served})`);
    assert.ok(limited > 0, 'past the allowance, requests are refused with 429');
    assert.equal((await rawGet(site.base, '/docs/intro', {localAddress: '127.0.0.24'})).status, 200);
    // Bundles and the search index are fetched by the dozen on a first visit: never rate-limited.
    const home = await rawGet(site.base, '/', {localAddress: '127.0.0.24'});
    const asset = /["'=](\/assets\/js\/main\.[0-9a-f]+\.js)/.exec(home.body)?.[1];
    assert.ok(asset);
    assert.equal((await rawGet(site.base, asset, {localAddress: flooder})).status, 200);
  });

  test('a request whose headers never end is closed by the server', async () => {
    const {hostname, port} = new URL(site.base);
    const socket = net.connect({host: hostname, port: Number(port), localAddress: '127.0.0.25'});
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('GET /docs/intro HTTP/1.1\r\nHost: x\r\n');
    // client_header_timeout is 10 s; nginx's default of 60 s would trip this limit.
    const closed = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 30_000);
      socket.once('close', () => {
        clearTimeout(timer);
        resolve(true);
      });
      socket.on('data', () => undefined);
      socket.on('error', () => undefined);
    });
    socket.destroy();
    assert.equal(closed, true);
  });
});

describe('npm run serve:nginx with the Algolia settings', () => {
  test("serves a CSP that admits exactly that application's hosts", async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/serve-nginx.ts'], {
      cwd: REPO_ROOT,
      env: {...process.env, PORT: String(port), ALGOLIA_APP_ID: 'SERVEAPPID', ALGOLIA_API_KEY: 'k', ALGOLIA_INDEX_NAME: 'i'},
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('Serving')) resolve();
        });
        child.once('exit', (code) => reject(new Error(`serve:nginx exited with ${code}`)));
      });
      const csp = (await rawGet(`http://127.0.0.1:${port}`, '/')).header('content-security-policy') ?? '';
      const connect = /connect-src ([^;]*)/.exec(csp)?.[1].split(' ');
      assert.deepEqual(connect, [
        "'self'",
        'https://SERVEAPPID-dsn.algolia.net',
        'https://SERVEAPPID.algolia.net',
        'https://SERVEAPPID-1.algolianet.com',
        'https://SERVEAPPID-2.algolianet.com',
        'https://SERVEAPPID-3.algolianet.com',
      ]);
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    }
  });
});

/**
 * A free port below the kernel's ephemeral range (32768 and up on Linux), which `listen(0)` never
 * hands out. The test below signals the script the moment its port accepts, so the port must not be
 * one that another test's `freePort()` (a server on port 0, closed again) can take in the meantime.
 */
async function portOutsideEphemeralRange(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 10_000);
    if (!(await portAccepts(port))) return port;
  }
  throw new Error('no free port between 20000 and 29999');
}

describe('npm run serve:nginx, stopped', () => {
  test('by a signal the moment nginx listens, it stops nginx and ends cleanly: nothing is left on the port', async () => {
    const port = await portOutsideEphemeralRange();
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/serve-nginx.ts'], {
      cwd: REPO_ROOT,
      env: {...process.env, PORT: String(port)},
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<{code: number | null; signal: NodeJS.Signals | null}>((resolve) =>
      child.once('exit', (code, signal) => resolve({code, signal})),
    );
    child.stdout.resume();
    try {
      // The signal lands while the script may still be checking that nginx is up, before it
      // says "Serving": the moment a reader's Ctrl+C or a test's cleanup can hit.
      const deadline = Date.now() + 60_000;
      while (!(await portAccepts(port))) {
        assert.equal(child.exitCode, null, 'serve:nginx exited before nginx listened');
        assert.ok(Date.now() < deadline, 'nginx never listened');
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      child.kill('SIGTERM');
      assert.deepEqual(await exited, {code: 0, signal: null}, 'serve:nginx handled the signal and exited with 0');
      assert.equal(await portAccepts(port), false, 'nginx stopped with it');
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });
});
