/**
 * The generated parts of the nginx configuration: the Algolia hosts the CSP
 * admits, the CSP reporting endpoint (off unless configured), the page for a
 * link too long to serve; and the production service of the docs MCP server,
 * whose port must be the one nginx proxies /mcp to.
 */
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, describe, test} from 'node:test';
import {parseArgs} from '../../mcp/server';
import {REPO_ROOT} from '../../lib/paths';
import {
  algoliaOrigins,
  checkReportUri,
  contentSecurityPolicy,
  DEFAULT_MCP_UPSTREAM,
  longLinkPage,
  mcpUpstreamConf,
  writeNginxConf,
} from '../../scripts/nginx-conf';

const scratch = mkdtempSync(path.join(tmpdir(), 'tower-nginx-conf-'));
after(() => rmSync(scratch, {recursive: true, force: true}));

const settings = {appId: 'ABC123XYZ', apiKey: 'key', indexName: 'docs', assistantId: null};

describe('the Algolia hosts in the CSP', () => {
  test("are the configured application's own hosts, without wildcards", () => {
    assert.deepEqual(algoliaOrigins(settings), [
      'https://ABC123XYZ-dsn.algolia.net',
      'https://ABC123XYZ.algolia.net',
      'https://ABC123XYZ-1.algolianet.com',
      'https://ABC123XYZ-2.algolianet.com',
      'https://ABC123XYZ-3.algolianet.com',
    ]);
  });

  test("include Ask AI's host only with an assistant", () => {
    assert.ok(!algoliaOrigins(settings).includes('https://askai.algolia.com'));
    assert.equal(algoliaOrigins({...settings, assistantId: 'assistant'}).at(-1), 'https://askai.algolia.com');
  });

  test('are none in local mode', () => {
    assert.deepEqual(algoliaOrigins(null), []);
  });

  test('refuse an application id that would write into the CSP', () => {
    for (const appId of ['APP ID', 'APP;script-src *', 'APP"', '*', 'app.evil.example/']) {
      assert.throws(() => algoliaOrigins({...settings, appId}), /not an Algolia application id/, appId);
    }
  });
});

describe('CSP reports', () => {
  const html = ['<html><body><script>console.log(1)</script></body></html>'];

  test('are off by default', () => {
    assert.doesNotMatch(contentSecurityPolicy(html), /report-/);
  });

  test('go to the configured endpoint through report-uri and report-to', () => {
    const csp = contentSecurityPolicy(html, {reportUri: 'https://reports.tower.dev/csp'});
    assert.match(csp, /; report-uri https:\/\/reports\.tower\.dev\/csp; report-to csp$/);
    const build = path.join(scratch, 'build');
    mkdirSync(build, {recursive: true});
    writeFileSync(path.join(build, 'index.html'), html[0]);
    writeFileSync(path.join(build, '404.html'), '<html><body><main>Not found</main></body></html>');
    const out = writeNginxConf(build, path.join(scratch, 'conf'), {reportUri: '/csp-reports'});
    const conf = readFileSync(path.join(out, 'csp.conf'), 'utf8');
    assert.match(conf, /add_header Content-Security-Policy "[^"]*report-uri \/csp-reports; report-to csp" always;/);
    assert.match(conf, /add_header Reporting-Endpoints 'csp="\/csp-reports"' always;/);
    const plain = readFileSync(path.join(writeNginxConf(build, path.join(scratch, 'plain')), 'csp.conf'), 'utf8');
    assert.doesNotMatch(plain, /report|Reporting-Endpoints/);
  });

  test('refuse an endpoint that would break out of the header or the directive', () => {
    for (const uri of ['http://reports.example/csp', '//evil.example/csp', '/\\evil', '/a b', '/a;script-src *', '/a"', "/a'", '/a,b', '/$host', 'csp', '/é']) {
      assert.throws(() => checkReportUri(uri), /CSP report URI/, uri);
    }
    assert.equal(checkReportUri('/csp-reports'), '/csp-reports');
  });
});

describe('the page for a link too long to serve (414)', () => {
  const notFound =
    '<!doctype html><html><head><title data-rh=true>Page Not Found | Tower</title>' +
    '<link rel=stylesheet href=/assets/css/styles.css /><link rel=preload href=/assets/js/main.js as=script>' +
    '<script>document.documentElement.setAttribute("data-theme","dark")</script></head><body>' +
    '<nav class=navbar><a href=/docs/intro>Docs</a></nav>' +
    '<main class="container"><h1>Page Not Found</h1><p>We could not find it.</main>' +
    '<script>!function(){var e=["/assets/js/main.js"];var n=document.createElement("script");n.src=e[0]}()</script>' +
    '<script type=application/ld+json>{}</script></body></html>';

  test('keeps the navigation, the styles and the colour mode, drops every script that boots the app, and says what happened', () => {
    const page = longLinkPage(notFound);
    assert.match(page, /<nav class=navbar><a href=\/docs\/intro>Docs<\/a><\/nav>/);
    assert.match(page, /<link rel=stylesheet href=\/assets\/css\/styles\.css \/>/);
    assert.match(page, /<script>document\.documentElement\.setAttribute\("data-theme","dark"\)<\/script>/);
    assert.doesNotMatch(page, /main\.js|ld\+json|Page Not Found/);
    assert.equal((page.match(/<script/g) ?? []).length, 1);
    assert.match(page, /<title>Link too long \| Tower<\/title>/);
    assert.match(page, /<h1 class=hero__title>This link is too long<\/h1>/);
    assert.match(page, /<a href=\/search>search<\/a>/);
    assert.match(page, /<style>\.DocSearch-Button\{display:none\}@media \(max-width:996px\)\{\.navbar__toggle,/, 'no button that needs the app');
  });

  test('a 404 page without a <main> element is refused with the reason', () => {
    assert.throws(() => longLinkPage('<html><body>Not found</body></html>'), /404\.html has no <main> element/);
  });

  test('is written beside the configuration, served by an internal location from there', () => {
    const build = path.join(scratch, 'long-link-build');
    mkdirSync(build, {recursive: true});
    writeFileSync(path.join(build, 'index.html'), '<html><body><main>Home</main></body></html>');
    writeFileSync(path.join(build, '404.html'), notFound);
    const out = writeNginxConf(build, path.join(scratch, 'long-link-conf'));
    assert.match(readFileSync(path.join(out, 'long-link.html'), 'utf8'), /This link is too long/);
    assert.equal(
      readFileSync(path.join(out, 'long-link.conf'), 'utf8').split('\n').slice(1).join('\n'),
      `location = /tower-docs-long-link.html {\n    internal;\n    alias ${path.join(out, 'long-link.html')};\n    include tower-docs/security-headers.conf;\n    add_header Cache-Control "no-store" always;\n}\n`,
    );
    for (const file of ['negotiation.conf', 'accept-q.map', 'site.conf', 'agents.conf']) assert.ok(existsSync(path.join(out, file)), file);
  });
});

describe('the docs MCP server as a systemd service', () => {
  const UNIT = path.join(REPO_ROOT, 'deploy/systemd/tower-docs-mcp.service');
  const unit = readFileSync(UNIT, 'utf8');
  const setting = (name: string) => [...unit.matchAll(new RegExp(`^${name}=(.*)$`, 'gm'))].map((match) => match[1]);
  const execStart = setting('ExecStart')[0].split(/\s+/);
  const serverArgs = parseArgs(execStart.slice(execStart.indexOf('mcp/server.ts') + 1));

  test('listens on the address and port nginx proxies /mcp to', () => {
    assert.equal(`${serverArgs.host}:${serverArgs.port}`, DEFAULT_MCP_UPSTREAM);
    assert.match(mcpUpstreamConf(DEFAULT_MCP_UPSTREAM), new RegExp(`proxy_pass http://${serverArgs.host}:${serverArgs.port};`));
    assert.equal(serverArgs.http, true);
  });

  test("reads the build nginx serves: the production virtual host's root", () => {
    const root = /^\s*root\s+([^;]+);/m.exec(readFileSync(path.join(REPO_ROOT, 'deploy/nginx/tower-docs.conf'), 'utf8'))?.[1];
    assert.equal(serverArgs.buildDir, root);
  });

  test('runs the server of this repository with node, unprivileged, and restarts it when it fails', () => {
    assert.deepEqual(execStart.slice(0, 4), ['/usr/bin/node', '--import', 'tsx', 'mcp/server.ts']);
    assert.ok(existsSync(path.join(REPO_ROOT, 'mcp/server.ts')));
    assert.deepEqual(setting('Restart'), ['on-failure']);
    assert.deepEqual(setting('DynamicUser'), ['yes']);
    assert.deepEqual(setting('NoNewPrivileges'), ['yes']);
    assert.deepEqual(setting('User'), [], 'no fixed (root) user');
    assert.deepEqual(setting('WantedBy'), ['multi-user.target']);
  });

  test('is a unit file systemd accepts', {skip: existsSync('/usr/bin/systemd-analyze') ? false : 'systemd-analyze is not installed'}, () => {
    const verify = spawnSync('/usr/bin/systemd-analyze', ['verify', UNIT], {encoding: 'utf8'});
    assert.equal(verify.status, 0, verify.stderr);
  });
});
