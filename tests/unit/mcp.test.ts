/**
 * The docs MCP server's parts that need no build: which page a URL or path
 * names (and which it refuses), the Towerfile and command checks with their
 * reference links, the API lookups, the search adapter over a small index,
 * the command line and the nginx upstream. tests/e2e/mcp.test.ts drives the
 * whole server over the production build with the SDK's client.
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';
import {ApiCatalog} from '../../mcp/api';
import {API_OPERATIONS_FORMAT, type ApiOperationEntry} from '../../plugins/api-operations/operations';
import {checkTowerCommand, checkTowerfile, type ReferenceLinks} from '../../mcp/checks';
import {resolvePage} from '../../mcp/pages';
import {DocsSearch, SEARCH_KINDS} from '../../mcp/search';
import {parseArgs, UsageError} from '../../mcp/server';
import {buildSearchFiles} from '../../plugins/search-index';
import {KIND_FILTERS, kindOfRoute} from '../../src/search/kinds';
import type {ExtractedPage} from '../../src/search/records';
import {CliIndex, type CliManifest} from '../../lib/tower-cli';
import {createTowerfileRules} from '../../src/towerfile/rules-node';
import {mcpUpstreamConf} from '../../scripts/nginx-conf';

const ROOT = path.join(import.meta.dirname, '..', '..');
const TWINS = new Set(['/docs/intro', '/docs/concepts/apps', '/docs/concepts/runs', '/docs/reference/towerfile', '/docs/category/concepts']);

describe('get_page: which twin a URL or path names', () => {
  const twin = (input: string) => {
    const found = resolvePage(input, TWINS);
    return found.ok ? found.twin : `refused: ${found.message}`;
  };

  test('page URLs, paths, anchors, queries and .md URLs name the same twin', () => {
    for (const input of [
      'https://docs.tower.dev/docs/concepts/apps',
      'https://docs.tower.dev/docs/concepts/apps#schedules',
      'https://docs.tower.dev/docs/concepts/apps.md',
      '/docs/concepts/apps',
      '/docs/concepts/apps/',
      '/docs/concepts/apps?tab=1',
      'docs/concepts/apps',
      'concepts/apps',
      '  /docs/concepts/apps  ',
      '/docs/concepts/apps/index.html',
    ]) {
      assert.equal(twin(input), 'docs/concepts/apps.md', input);
    }
    assert.equal(twin('/docs/category/concepts'), 'docs/category/concepts.md');
  });

  test('path traversal is refused, plain or encoded, with slashes or backslashes', () => {
    for (const input of [
      '/docs/../../etc/passwd',
      '../build/index.html',
      '/docs/%2e%2e/%2e%2e/package.json',
      '/docs/concepts/..%2F..%2Fsecret',
      '/docs/concepts\\..\\..\\secret',
      '/docs/./intro',
    ]) {
      assert.match(twin(input), /^refused: .*not allowed in a page path/, input);
    }
  });

  test('other sites, other schemes and pages outside /docs/ are refused with what get_page reads', () => {
    assert.match(twin('https://evil.example/docs/intro'), /^refused: get_page reads pages of https:\/\/docs\.tower\.dev only, not https:\/\/evil\.example/);
    assert.match(twin('file:///etc/passwd'), /^refused: get_page reads pages of https:\/\/docs\.tower\.dev only, not file:/);
    assert.match(twin('/search?q=secrets'), /^refused: "\/search\?q=secrets" is not a documentation page/);
    assert.match(twin('/assets/js/main.js'), /not a documentation page/);
  });

  test('bad input gets a clear message: empty, control characters, too long, broken encoding', () => {
    assert.match(twin('   '), /^refused: Give a page URL or path/);
    assert.match(twin('/docs/intro\u0000.md'), /control characters/);
    assert.match(twin(`/docs/${'a'.repeat(3000)}`), /3006 characters long; the limit is 2048/);
    assert.match(twin('/docs/%E0%A4%A'), /broken percent-encoding/);
  });

  test('an unknown page is refused with the closest page as a suggestion', () => {
    assert.equal(
      twin('/docs/concepts/app'),
      'refused: There is no page at /docs/concepts/app. Did you mean /docs/concepts/apps? Use search_docs to find a page.',
    );
    assert.doesNotMatch(twin('/docs/zzzz/qqqq/wwww'), /Did you mean/);
  });
});

const SCHEMA = JSON.parse(readFileSync(path.join(ROOT, 'data/towerfile.schema.json'), 'utf8')) as object;
const RULES = createTowerfileRules(SCHEMA);
const REF = 'https://docs.tower.dev/docs/reference';
const LINKS: ReferenceLinks = {
  towerfilePage: `${REF}/towerfile`,
  cliPage: `${REF}/tower-cli`,
  cliSections: new Map([
    ['tower deploy', `${REF}/tower-cli#tower-deploy`],
    ['tower apps', `${REF}/tower-cli#tower-apps`],
    ['tower schedules create', `${REF}/tower-cli#tower-schedules-create`],
  ]),
};

describe('check_towerfile', () => {
  test('a valid Towerfile has no problems', () => {
    assert.deepEqual(checkTowerfile('[app]\nname = "daily-ticker"\nscript = "./main.py"\n', RULES, LINKS), {valid: true, problems: []});
  });

  test('each problem has its key path, line, message and reference entry', () => {
    const report = checkTowerfile('[app]\nname = "x"\nscirpt = "main.py"\n\n[[parameters]]\nname = "MODEL_NAME"\nhidden = "yes"\n', RULES, LINKS);
    assert.equal(report.valid, false);
    assert.deepEqual(
      report.problems.map(({severity, key, line, reference}) => [severity, key, line, reference]),
      [
        ['error', 'app.script', 1, `${REF}/towerfile#appscript`],
        ['warning', 'app.scirpt', 3, `${REF}/towerfile#appscript`],
        ['error', 'parameters[0].hidden', 7, `${REF}/towerfile#parametershidden`],
      ],
    );
    assert.match(report.problems[1].message, /Unknown key "scirpt" in \[app\].* Did you mean "script"\?$/);
  });

  test('warnings alone leave a Towerfile valid', () => {
    const report = checkTowerfile('[app]\nname = "x"\nscript = "main.py"\nwat = 1\n', RULES, LINKS);
    assert.equal(report.valid, true);
    assert.deepEqual(
      report.problems.map(({severity, key}) => [severity, key]),
      [['warning', 'app.wat']],
    );
  });

  test('TOML that does not parse is one problem on its line', () => {
    const report = checkTowerfile('[app]\nname = "x\nscript = "main.py"\n', RULES, LINKS);
    assert.equal(report.valid, false);
    assert.equal(report.problems.length, 1);
    assert.equal(report.problems[0].line, 2);
    assert.equal(report.problems[0].message, 'This string has no closing quote: end it with " on the same line.');
    assert.equal(report.problems[0].reference, `${REF}/towerfile#common-errors`);
  });

  test('thousands of problems: the first ones listed, the rest counted, promptly', () => {
    const started = performance.now();
    const report = checkTowerfile(`[app]\nname = "x"\nscript = "main.py"\n${Array.from({length: 5000}, (_, i) => `k${i} = 1`).join('\n')}`, RULES, LINKS);
    // Generous: this took 27 s before the key lines were read once per check (reliability review, N1).
    assert.ok(performance.now() - started < 5000);
    assert.equal(report.valid, true);
    assert.equal(report.problems.length, 100);
    assert.equal(report.unlisted, 4900);
  });
});

const MANIFEST = JSON.parse(readFileSync(path.join(ROOT, 'data/cli-manifest.json'), 'utf8')) as CliManifest;
const CLI = new CliIndex(MANIFEST);

describe('check_tower_command', () => {
  const check = (line: string) => checkTowerCommand(line, CLI, LINKS);

  test('a valid command is valid and links its reference entry', () => {
    assert.deepEqual(check('tower deploy --environment staging'), {
      valid: true,
      commands: [{words: ['tower', 'deploy', '--environment', 'staging'], command: 'tower deploy', problems: [], reference: `${REF}/tower-cli#tower-deploy`}],
    });
  });

  test('unknown commands and flags come with suggestions; the link goes to the part that exists', () => {
    const report = check('tower apps lst');
    assert.ok(!('error' in report));
    assert.equal(report.commands[0].command, 'tower apps');
    assert.equal(report.commands[0].reference, `${REF}/tower-cli#tower-apps`);
    assert.deepEqual(report.commands[0].problems, ['unknown command "tower apps lst" (did you mean "tower apps list"?)']);
    const flag = check('tower deploy --enviroment=staging');
    assert.ok(!('error' in flag));
    assert.deepEqual(flag.commands[0].problems, ['unknown flag --enviroment for "tower deploy" (did you mean --environment?)']);
  });

  test('missing values, missing required flags and conflicting flags', () => {
    const problems = (line: string) => {
      const report = check(line);
      assert.ok(!('error' in report));
      return report.commands.flatMap((command) => command.problems);
    };
    assert.deepEqual(problems('tower deploy --environment'), ['flag --environment of "tower deploy" needs a value (--environment <ENV>)']);
    assert.deepEqual(problems('tower schedules create --app daily-ticker'), ['"tower schedules create" is missing the required flag --cron <EXPR>']);
    assert.deepEqual(problems('tower deploy --all --environment staging'), ['flags --all and --environment of "tower deploy" cannot be used together']);
  });

  test('shell syntax: every tower command of the line is checked, other programs are not', () => {
    const report = check('cd app && TOWER_ENV=x tower deploy --environment staging | tee log && tower apps lst');
    assert.ok(!('error' in report));
    assert.equal(report.valid, false);
    assert.deepEqual(
      report.commands.map((command) => command.command),
      ['tower deploy', 'tower apps'],
    );
    assert.deepEqual(
      report.commands.map((command) => command.problems.length),
      [0, 1],
    );
  });

  test('a line without a tower command is refused with an example', () => {
    for (const line of ['ls -la', 'apps list', '# tower deploy', '<script>tower</script>']) {
      const report = check(line);
      assert.ok('error' in report, line);
      assert.match(report.error, /no `tower` command/);
    }
  });
});

function operation(id: string, slug: string, method: string, route: string, tag: string): ApiOperationEntry {
  return {
    id,
    slug,
    method,
    path: route,
    tag,
    summary: id,
    description: '',
    deprecated: false,
    url: `https://docs.tower.dev/docs/reference/api/${slug}`,
    markdown: `docs/reference/api/${slug}.md`,
    parameters: [],
    requestBody: null,
    responses: [],
    security: [],
    cli: null,
    sdk: null,
  };
}

describe('API operations', () => {
  const catalog = ApiCatalog.fromText(
    JSON.stringify({
      format: API_OPERATIONS_FORMAT,
      title: 'Tower API',
      version: '1',
      serverUrl: 'https://api.tower.dev/v1',
      tags: [
        {name: 'Apps', description: ''},
        {name: 'Secrets', description: ''},
      ],
      operations: [operation('listApps', 'list-apps', 'GET', '/apps', 'Apps'), operation('createSecret', 'create-secret', 'POST', '/secrets', 'Secrets')],
    }),
    'api-operations.json',
  );

  test('an operation is found by operationId, page name, page URL or method and path', () => {
    for (const reference of [
      'createSecret',
      'createsecret',
      'create-secret',
      'https://docs.tower.dev/docs/reference/api/create-secret',
      '/docs/reference/api/create-secret.md',
      'POST /secrets',
      'post /secrets',
    ]) {
      const found = catalog.find(reference);
      assert.ok(found.ok, reference);
      assert.equal(found.operation.id, 'createSecret');
    }
  });

  test('an unknown operation or tag is refused with a suggestion', () => {
    const missing = catalog.find('createSecrets');
    assert.ok(!missing.ok);
    assert.match(missing.message, /^There is no API operation "createSecrets"\. Did you mean "createSecret"\?/);
    assert.ok(!catalog.find('GET /secrets').ok);
    const tag = catalog.byTag('secret');
    assert.ok(!tag.ok);
    assert.equal(tag.message, 'There is no API tag "secret". Did you mean "Secrets"? The tags are: Apps, Secrets.');
  });

  test('tags match in any letter case; no tag lists everything', () => {
    const apps = catalog.byTag('apps');
    assert.ok(apps.ok);
    assert.equal(apps.tag, 'Apps');
    assert.deepEqual(
      apps.operations.map((entry) => entry.id),
      ['listApps'],
    );
    const all = catalog.byTag(undefined);
    assert.ok(all.ok);
    assert.equal(all.operations.length, 2);
  });

  test('a file of another format fails with the fix', () => {
    assert.throws(
      () => ApiCatalog.fromText('{"operations": []}', 'build/api-operations.json'),
      /build\/api-operations\.json is not an API operations file of format 1: rebuild the site/,
    );
    assert.throws(() => ApiCatalog.fromText('{', 'build/api-operations.json'), /is not valid JSON/);
  });
});

describe('search_docs: the adapter over the site engine', () => {
  const section = (heading: string, text: string, level = 2) => ({
    level,
    anchor: level === 1 ? null : heading.toLowerCase().replace(/\W+/g, '-'),
    heading,
    parents: [],
    text,
  });
  const page = (pagePath: string, trail: string[], title: string, sections: ExtractedPage['sections']): ExtractedPage => ({
    path: pagePath,
    trail,
    kind: kindOfRoute(pagePath),
    title,
    language: 'en',
    tags: ['docs-default-current'],
    sections,
  });
  const pages: ExtractedPage[] = [
    page('/docs/concepts/apps', ['Concepts'], 'Apps', [
      section('Apps', 'An app is code and a Towerfile. Schedules run apps.', 1),
      section('Schedules', 'A schedule runs an app on a cron expression.'),
    ]),
    page('/docs/reference/tower-cli', ['Reference'], 'Tower CLI', [
      section('Tower CLI', 'Every command.', 1),
      section('tower schedules create', 'Creates a schedule with --cron.'),
    ]),
    page('/docs/reference/api/create-schedule', ['Reference', 'Tower API', 'Schedules'], 'Create a schedule', [
      section('Create a schedule', 'POST /schedules creates a schedule <b>now</b>.', 1),
    ]),
    page('/docs/examples/orchestration', ['Examples'], 'Orchestration', [section('Orchestration', 'A schedule example.', 1)]),
  ];
  const files = buildSearchFiles(pages);
  const search = DocsSearch.fromIndexText(JSON.stringify(files.index), (file) => JSON.stringify(files.texts.get(file)));

  test('the kinds are the search page filters', () => {
    assert.deepEqual(
      SEARCH_KINDS,
      KIND_FILTERS.map((filter) => filter.id),
    );
  });

  test('a kind keeps the order of the whole ranking and counts only its own pages', () => {
    const all = search.search('schedule', {limit: 20});
    assert.equal(all.pages, 4);
    for (const kind of SEARCH_KINDS) {
      const some = search.search('schedule', {kind, limit: 20});
      assert.deepEqual(
        some.hits,
        all.hits.filter((hit) => hit.kind === kind),
        kind,
      );
      assert.equal(some.pages, new Set(some.hits.map((hit) => hit.page)).size, kind);
    }
  });

  test('the limit counts pages; a page brings its best sections with it', () => {
    const first = search.search('schedule', {limit: 1});
    assert.equal(first.pages, 4);
    assert.equal(new Set(first.hits.map((hit) => hit.page)).size, 1);
  });

  test('hits carry title, URL, page, breadcrumb and a plain-text snippet', () => {
    const hit = search.search('cron', {kind: 'guides', limit: 1}).hits[0];
    assert.deepEqual(hit, {
      title: 'Schedules',
      url: 'https://docs.tower.dev/docs/concepts/apps#schedules',
      page: '/docs/concepts/apps',
      breadcrumb: ['Concepts', 'Apps'],
      snippet: 'A schedule runs an app on a cron expression.',
      kind: 'guides',
    });
    const api = search.search('creates a schedule now', {kind: 'api', limit: 1}).hits[0];
    assert.deepEqual(api.breadcrumb, ['Reference', 'Tower API', 'Schedules']);
    assert.equal(api.snippet, 'POST /schedules creates a schedule <b>now</b>.', 'markup in the text stays text');
  });

  test('reference sections by heading', () => {
    assert.equal(
      search.sectionUrls('/docs/reference/tower-cli').get('tower schedules create'),
      'https://docs.tower.dev/docs/reference/tower-cli#tower-schedules-create',
    );
    assert.deepEqual(
      search.pages().map((entry) => entry.path),
      pages.map((entry) => entry.path),
    );
  });
});

describe('the command line and the nginx upstream', () => {
  test('options: defaults, --build, --http with its options', () => {
    const defaults = parseArgs([]);
    assert.equal(defaults.http, false);
    assert.equal(defaults.buildDir, path.join(ROOT, 'build'));
    const http = parseArgs(['--http', '--port', '0', '--build', 'x', '--allowed-host', 'docs.example:443']);
    assert.deepEqual([http.http, http.port, http.buildDir, http.allowedHosts], [true, 0, path.resolve('x'), ['docs.example:443']]);
  });

  test('bad options are usage errors that say what is wrong', () => {
    assert.throws(
      () => parseArgs(['--port', '80']),
      (error: Error) => error instanceof UsageError && /--port applies to --http only/.test(error.message),
    );
    assert.throws(() => parseArgs(['--http', '--port', 'eighty']), /--port must be a number from 0 to 65535, not "eighty"/);
    assert.throws(() => parseArgs(['--http', '--port', '70000']), /--port must be a number/);
    assert.throws(() => parseArgs(['--build']), /--build needs a value/);
    assert.throws(() => parseArgs(['--verbose']), /unknown option --verbose/);
  });

  test('the /mcp upstream is host:port and nothing else', () => {
    assert.match(mcpUpstreamConf('127.0.0.1:8787'), /^proxy_pass http:\/\/127\.0\.0\.1:8787;$/m);
    assert.match(mcpUpstreamConf('[::1]:8787'), /proxy_pass http:\/\/\[::1\]:8787;/);
    for (const bad of ['127.0.0.1', '127.0.0.1:8787; return 200', 'http://127.0.0.1:8787', 'a b:1', '127.0.0.1:8787\nlisten 80']) {
      assert.throws(() => mcpUpstreamConf(bad), /--mcp-upstream must be host:port/, bad);
    }
  });
});
