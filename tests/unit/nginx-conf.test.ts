/**
 * The generated parts of the nginx configuration: the Algolia hosts the CSP
 * admits, and the CSP reporting endpoint (off unless configured).
 */
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, describe, test} from 'node:test';
import {algoliaOrigins, checkReportUri, contentSecurityPolicy, writeNginxConf} from '../../scripts/nginx-conf';

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
