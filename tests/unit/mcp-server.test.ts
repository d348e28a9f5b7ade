/**
 * The docs MCP server in this process: its tools and resources over a small
 * build written here (Markdown twins, the search index, the llms files, the
 * API operations) with the repository's own data/, driven by the SDK's client
 * through its in-memory transport, and one request through the HTTP handler.
 * tests/e2e/mcp.test.ts drives the same server over the production build, on
 * every transport; this file checks the contracts of each tool and resource
 * closely enough to catch a wrong count, limit, cut or message.
 */
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createServer, request, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {InMemoryTransport} from '@modelcontextprotocol/sdk/inMemory.js';
import {ApiCatalog} from '../../mcp/api';
import {createHttpHandler, MAX_BODY_BYTES, MCP_PATH, startHttp} from '../../mcp/http';
import {LibraryError, loadLibrary, type DocsLibrary} from '../../mcp/library';
import {ANSWER_PART_CHARS, listResources, readResource, resourceCatalog, RESOURCES_PER_PAGE, SERVER_CARD_URI} from '../../mcp/resources';
import {MAX_PAGE_INPUT, resolvePage} from '../../mcp/pages';
import {parseArgs} from '../../mcp/server';
import {createDocsServer, SERVER_NAME, SERVER_TITLE} from '../../mcp/tools';
import {API_OPERATIONS_FORMAT, type ApiOperationEntry} from '../../plugins/api-operations/operations';
import {serverCard} from '../../plugins/mcp-discovery/documents';
import {buildSearchFiles} from '../../plugins/search-index';
import {SEARCH} from '../../src/constants';
import {kindOfRoute} from '../../src/search/kinds';
import type {ExtractedPage} from '../../src/search/records';

const ROOT = path.join(import.meta.dirname, '..', '..');
const SITE = 'https://docs.tower.dev';
const CLI_VERSION = (JSON.parse(readFileSync(path.join(ROOT, 'data/cli-manifest.json'), 'utf8')) as {cliVersion: string}).cliVersion;
const DOCS = `Tower docs for tower-cli ${CLI_VERSION}`;
const VERSION = '9.9.9-test';

/** A section of a fixture page: its heading as the twin writes it, as the page shows it, and its Markdown below. */
type FixtureSection = {level: number; markdown: string; heading: string; anchor: string | null; body: string};
type FixturePage = {route: string; trail: string[]; title: string; intro: string; sections: FixtureSection[]};

const section = (level: number, markdown: string, anchor: string, body: string): FixtureSection => ({
  level,
  markdown,
  heading: markdown.replace(/`/g, ''),
  anchor,
  body,
});

/** Sixty-four sections of plain prose and code: more sections than a refusal lists, and a CLI page read in three parts. */
const FILLER = Array.from({length: 64}, (_, i) =>
  section(
    2,
    `\`tower widget-${i}\``,
    `tower-widget-${i}`,
    [
      `Manages widget number ${i}. ${'It keeps the widget in step with its app and says what changed. '.repeat(12)}`,
      '```bash',
      ...Array.from({length: 6}, (_, line) => `tower widget-${i} --step ${line}`),
      '```',
    ].join('\n'),
  ),
);

const DEPLOY_FILLER = (topic: string) => `This paragraph is about ${topic} and says nothing else of use to a reader. `.repeat(4).trim();

const PAGES: FixturePage[] = [
  {route: '/docs/intro', trail: [], title: 'Introduction', intro: 'Tower runs Python data apps in the cloud.', sections: []},
  {
    route: '/docs/concepts/apps',
    trail: ['Concepts'],
    title: 'Apps',
    intro: 'An app is code and a Towerfile. Schedules run apps on a timetable.',
    sections: [
      section(
        2,
        'Schedules',
        'schedules',
        [
          'A schedule runs an app on a cron expression.',
          '',
          '```python',
          'import tower',
          'tower.run_app("daily-ticker")',
          '```',
          '',
          'Or from a shell:',
          '',
          '```sh',
          'tower schedules create --app daily-ticker --cron "0 * * * *"',
          '```',
        ].join('\n'),
      ),
      section(
        2,
        'Parameters',
        'parameters',
        [
          'An app takes parameters, set when it runs.',
          '',
          '```yaml',
          'parameters: {region: eu}',
          '```',
          '',
          '```text',
          'parameters read: 1',
          '```',
          '',
          '```',
          'parameters as plain lines',
          '```',
        ].join('\n'),
      ),
    ],
  },
  {
    route: '/docs/reference/tower-cli',
    trail: ['Reference'],
    title: 'Tower CLI',
    intro: 'Every command of the tower CLI.',
    sections: [
      section(2, 'Install the CLI', 'install-the-cli', 'Install it with pip:\n\n```bash\npip install tower\n```'),
      section(2, '`tower run`', 'tower-run', 'Runs an app and follows its logs.'),
      section(3, 'Flags', 'flags', '| Flag | Meaning |\n|---|---|\n| `-d` | detached |\n\n```bash\ntower run --detached # no logs\n```'),
      section(4, 'Flag examples', 'flag-examples', 'Examples of the flags.'),
      section(
        2,
        '`tower deploy`',
        'tower-deploy',
        [
          'Packages the app and uploads it as a new version.',
          DEPLOY_FILLER('progress bars'),
          DEPLOY_FILLER('package sizes'),
          'The idempotency key is the commit SHA:\n\n```bash\ntower deploy --idempotency-key "$GIT_SHA"\n```',
          DEPLOY_FILLER('upload speeds'),
          DEPLOY_FILLER('terminal colours'),
          DEPLOY_FILLER('retries'),
        ].join('\n\n'),
      ),
      ...FILLER,
    ],
  },
  {
    route: '/docs/reference/api/create-secret',
    trail: ['Reference', 'Tower API', 'Secrets'],
    title: 'Create a secret',
    intro: 'POST /secrets creates a secret in an environment.',
    sections: [],
  },
  {route: '/docs/reference/api/list-apps', trail: ['Reference', 'Tower API', 'Apps'], title: 'List apps', intro: 'GET /apps lists the apps.', sections: []},
  {route: '/docs/category/concepts', trail: [], title: 'Concepts', intro: 'The ideas behind Tower: apps, runs and schedules.', sections: []},
  // Enough small pages that the resource list comes in two pages.
  ...Array.from({length: 50}, (_, i) => ({
    route: `/docs/examples/example-${String(i).padStart(2, '0')}`,
    trail: ['Examples'],
    title: `Example ${i}`,
    intro: `Example number ${i} shows one more small app.`,
    sections: [],
  })),
];

function twinOf(page: FixturePage): string {
  const parts = [`# ${page.title}`, page.intro, ...page.sections.map((entry) => `${'#'.repeat(entry.level)} ${entry.markdown}\n\n${entry.body}`)];
  return `${parts.join('\n\n')}\n`;
}

function extracted(page: FixturePage): ExtractedPage {
  const parents: string[] = [];
  return {
    path: page.route,
    trail: page.trail,
    kind: kindOfRoute(page.route),
    title: page.title,
    language: 'en',
    tags: ['docs-default-current'],
    sections: [
      {level: 1, anchor: null, heading: page.title, parents: [], text: page.intro},
      ...page.sections.map((entry) => {
        parents.length = Math.max(0, entry.level - 2);
        const result = {level: entry.level, anchor: entry.anchor, heading: entry.heading, parents: [...parents], text: entry.body};
        parents[entry.level - 2] = entry.heading;
        return result;
      }),
    ],
  };
}

function operation(id: string, slug: string, method: string, route: string, tag: string): ApiOperationEntry {
  return {
    id,
    slug,
    method,
    path: route,
    tag,
    summary: `The ${slug} operation`,
    description: '',
    deprecated: false,
    url: `${SITE}/docs/reference/api/${slug}`,
    markdown: `docs/reference/api/${slug}.md`,
    parameters: [],
    requestBody: null,
    responses: [],
    security: [],
    cli: null,
    sdk: null,
  };
}

const TWINS = new Map(PAGES.map((page) => [page.route, twinOf(page)]));
/** llms-full.txt: every page under its H1, long enough to come in parts. */
const LLMS_FULL = PAGES.map((page) => TWINS.get(page.route)!).join('\n');
const LLMS = {
  'llms.txt': `# Tower\n\n${PAGES.map((page) => `- [${page.title}](${SITE}${page.route}.md)`).join('\n')}\n`,
  'llms-full.txt': LLMS_FULL,
  'llms-api.txt': '# Tower API\n\nPOST /secrets, GET /apps.\n',
  'llms-sdk.txt': '# Tower SDK\n\ntower.run_app runs an app.\n',
};

function writeBuild(dir: string): void {
  for (const [route, markdown] of TWINS) {
    const file = path.join(dir, `${route.slice(1)}.md`);
    mkdirSync(path.dirname(file), {recursive: true});
    writeFileSync(file, markdown);
  }
  const {index, texts} = buildSearchFiles(PAGES.map(extracted), SITE);
  mkdirSync(path.join(dir, SEARCH.textDir), {recursive: true});
  for (const [file, text] of texts) writeFileSync(path.join(dir, file), JSON.stringify(text));
  writeFileSync(path.join(dir, SEARCH.indexFile), JSON.stringify(index));
  for (const [file, text] of Object.entries(LLMS)) writeFileSync(path.join(dir, file), text);
  writeFileSync(
    path.join(dir, 'api-operations.json'),
    JSON.stringify({
      format: API_OPERATIONS_FORMAT,
      title: 'Tower API',
      version: '1',
      serverUrl: 'https://api.tower.dev/v1',
      tags: [
        {name: 'Apps', description: ''},
        {name: 'Secrets', description: ''},
        {name: 'Schedules', description: ''},
      ],
      operations: [
        operation('listApps', 'list-apps', 'GET', '/apps', 'Apps'),
        operation('createSecret', 'create-secret', 'POST', '/secrets', 'Secrets'),
        operation('deleteSecret', 'delete-secret', 'DELETE', '/secrets/{name}', 'Secrets'),
        // Listed by the API, but the build wrote no page for it.
        operation('createSchedule', 'create-schedule', 'POST', '/schedules', 'Schedules'),
      ],
    }),
  );
}

let buildDir: string;
let library: DocsLibrary;
let client: Client;

before(async () => {
  buildDir = mkdtempSync(path.join(tmpdir(), 'mcp-server-test-'));
  writeBuild(buildDir);
  library = loadLibrary({buildDir});
  client = new Client({name: 'mcp-server-test', version: '1.0.0'});
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createDocsServer(library, VERSION).connect(serverSide);
  await client.connect(clientSide);
});

after(async () => {
  await client?.close();
  rmSync(buildDir, {recursive: true, force: true});
});

type ToolResult = {isError?: boolean; content: Array<{type: string; text?: string}>; structuredContent?: Record<string, unknown>};
type SearchResult = {title: string; url: string; breadcrumb: string; score: number; matched?: string[]; text?: string; more_chars?: number; language?: string};
type SearchAnswer = {cli_version: string; pages: number; all_words: boolean; note: string | null; results: SearchResult[]};

const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({name, arguments: args})) as ToolResult;
const textOf = (result: ToolResult) => result.content.map((part) => part.text ?? '').join('\n');
/** A tool's answer that must not be a refusal: its text and structured content. */
async function answer(name: string, args: Record<string, unknown>): Promise<{text: string; data: Record<string, unknown> | undefined}> {
  const result = await call(name, args);
  assert.ok(!result.isError, `${name} ${JSON.stringify(args)}: ${textOf(result)}`);
  return {text: textOf(result), data: result.structuredContent};
}
/** A tool's refusal: its whole message. */
async function refusal(name: string, args: Record<string, unknown>): Promise<string> {
  const result = await call(name, args);
  assert.equal(result.isError, true, `${name} ${JSON.stringify(args)} should be refused: ${textOf(result).slice(0, 200)}`);
  return textOf(result);
}
const search = async (args: Record<string, unknown>) => {
  const {text, data} = await answer('search_docs', args);
  return {summary: text, found: data as SearchAnswer};
};
const twin = (route: string) => TWINS.get(route)!;
/** The twin's text from a heading line up to the next heading of its level or above. */
function sectionText(route: string, headingLine: string): string {
  const markdown = twin(route);
  const start = markdown.indexOf(`\n${headingLine}\n`) + 1;
  assert.ok(start > 0, headingLine);
  const level = /^#+/.exec(headingLine)![0].length;
  const next = new RegExp(`\\n#{1,${level}} `, 'g');
  next.lastIndex = start + headingLine.length;
  const end = next.exec(markdown)?.index;
  return markdown.slice(start, end === undefined ? markdown.length : end + 1);
}

describe('the server: its name, its six tools and its instructions', () => {
  test('names itself and says which tool to use when, for the CLI release of the docs', async () => {
    assert.deepEqual(client.getServerVersion(), {name: SERVER_NAME, title: SERVER_TITLE, version: VERSION});
    const instructions = client.getInstructions() ?? '';
    assert.match(instructions, new RegExp(`^Tower's documentation \\(${SITE.replace(/\./g, '\\.')}\\) for tower-cli ${CLI_VERSION.replace(/\./g, '\\.')}:`));
    for (const name of ['search_docs', 'get_page', 'list_api_operations', 'get_api_operation', 'check_towerfile', 'check_tower_command'])
      assert.match(instructions, new RegExp(`^- ${name}\\b|and ${name}:`, 'm'), name);
    assert.match(instructions, /never calls Tower/);
    assert.ok(client.getServerCapabilities()?.resources && client.getServerCapabilities()?.tools);
  });

  test('every tool is read-only and closed to the world; four answer records under an output schema', async () => {
    const {tools} = await client.listTools();
    assert.deepEqual(
      tools.map((tool) => tool.name),
      ['search_docs', 'get_page', 'list_api_operations', 'get_api_operation', 'check_towerfile', 'check_tower_command'],
    );
    for (const tool of tools) {
      assert.deepEqual([tool.annotations?.readOnlyHint, tool.annotations?.openWorldHint], [true, false], tool.name);
      assert.equal((tool.inputSchema as {additionalProperties?: unknown}).additionalProperties, false, tool.name);
    }
    assert.deepEqual(
      tools.filter((tool) => tool.outputSchema).map((tool) => tool.name),
      ['search_docs', 'list_api_operations', 'check_towerfile', 'check_tower_command'],
    );
    // The tags the API has are named where an agent picks one.
    assert.match(tools.find((tool) => tool.name === 'list_api_operations')!.description ?? '', /Tags: Apps, Secrets, Schedules\.$/);
    assert.match(
      tools.find((tool) => tool.name === 'check_tower_command')!.description ?? '',
      new RegExp(`\\(tower-cli ${CLI_VERSION.replace(/\./g, '\\.')}\\)`),
    );
  });

  test('every tool, argument and answer field says what it is', async () => {
    type Schema = {description?: string; properties?: Record<string, Schema>; items?: Schema};
    const undescribed = (schema: Schema, where: string): string[] =>
      Object.entries(schema.properties ?? {}).flatMap(([name, property]) => [
        ...((property.description ?? '').length > 20 ? [] : [`${where}.${name}`]),
        ...undescribed(property, `${where}.${name}`),
        ...(property.items ? undescribed(property.items, `${where}.${name}[]`) : []),
      ]);
    const {tools} = await client.listTools();
    for (const tool of tools) {
      assert.ok((tool.title ?? '').length > 10, `${tool.name} has no title`);
      assert.ok((tool.description ?? '').length > 100, `${tool.name} has no description`);
      assert.deepEqual(undescribed(tool.inputSchema as Schema, tool.name), []);
    }
    // The answer fields an agent has to interpret are described.
    const search = tools.find((tool) => tool.name === 'search_docs')!.outputSchema as Schema;
    assert.deepEqual(undescribed(search.properties!.results.items!, 'result'), []);
    assert.ok((search.properties!.note.description ?? '').length > 20);
    const command = tools.find((tool) => tool.name === 'check_tower_command')!.outputSchema as Schema;
    // A command's fields are described; the fields of each flag and argument are described together, on the list.
    assert.deepEqual(
      Object.entries(command.properties!.commands.items!.properties!)
        .filter(([, property]) => (property.description ?? '').length <= 20)
        .map(([name]) => name),
      [],
    );
    // Each line of the instructions says something (none is left empty).
    assert.ok((client.getInstructions() ?? '').split('\n').every((line) => line.length > 15));
    assert.match(client.getInstructions() ?? '', /^Resources: llms\.txt is the index of every page;.*\(\?part=1, \?part=2, \.\.\.\)\.$/m);
    assert.match(client.getInstructions() ?? '', /^Quote URLs from the results/m);
  });
});

describe('search_docs', () => {
  test('the best section below its heading, then the best of other pages with their opening, and a summary that points at them', async () => {
    const {summary, found} = await search({query: 'tower run'});
    assert.equal(found.cli_version, CLI_VERSION);
    assert.equal(found.all_words, true);
    assert.equal(found.note, null);
    assert.equal(found.results.length, 3, 'three by default');
    const [best, ...others] = found.results;
    assert.deepEqual(
      {title: best.title, url: best.url, breadcrumb: best.breadcrumb, score: best.score, matched: best.matched},
      {title: 'tower run', url: `${SITE}/docs/reference/tower-cli#tower-run`, breadcrumb: 'Reference › Tower CLI', score: 1, matched: undefined},
    );
    // The query is the heading: the section's text below it, subsection included, whole.
    const whole = sectionText('/docs/reference/tower-cli', '## `tower run`');
    assert.equal(best.text, whole.slice(whole.indexOf('\n') + 1).trim());
    assert.equal(best.more_chars, undefined);
    for (const result of others) {
      assert.ok(result.score > 0 && result.score <= 1, `${result.url} ${result.score}`);
      assert.ok((result.text ?? '').length <= 160 && !result.text?.startsWith('#'), result.url);
    }
    assert.deepEqual(
      found.results.map((result) => result.score),
      found.results.map((result) => result.score).sort((a, b) => b - a),
      'best first',
    );
    assert.equal(summary, `${found.pages} pages match in the ${DOCS}; 3 sections in the structured content. Best: ${best.url}`);
    assert.ok(found.pages >= 2);
  });

  test('a limit gives that many results; one page gives its next sections when there are too few pages', async () => {
    const one = (await search({query: 'tower run', limit: 1})).found;
    assert.equal(one.results.length, 1);
    const {summary, found} = await search({query: 'widget', kind: 'cli', limit: 5});
    assert.equal(found.pages, 1);
    assert.equal(found.results.length, 5);
    assert.ok(found.results.every((result) => result.url.startsWith(`${SITE}/docs/reference/tower-cli#tower-widget-`)));
    assert.match(summary, /^1 page matches in the /);
    assert.match(summary, / 5 sections in the structured content\./);
  });

  test("a page's top section is read up to its first subheading, and a long best section comes as an excerpt with what is left counted", async () => {
    const apps = (await search({query: 'timetable', limit: 1})).found.results[0];
    assert.equal(apps.url, `${SITE}/docs/concepts/apps`);
    assert.equal(apps.text, 'An app is code and a Towerfile. Schedules run apps on a timetable.');
    assert.deepEqual([apps.title, apps.breadcrumb], ['Apps', 'Concepts']);

    const deploy = (await search({query: 'tower deploy idempotency key', limit: 1})).found.results[0];
    assert.equal(deploy.url, `${SITE}/docs/reference/tower-cli#tower-deploy`);
    const pieces = (deploy.text ?? '').split('\n\n[…]\n\n');
    assert.ok(pieces.length >= 2, deploy.text);
    assert.equal(pieces[0], 'Packages the app and uploads it as a new version.');
    assert.ok(pieces.slice(1).every((piece) => /idempotency/.test(piece)));
    assert.ok((deploy.text ?? '').length <= 1000);
    const body = sectionText('/docs/reference/tower-cli', '## `tower deploy`');
    const shown = pieces.reduce((sum, piece) => sum + piece.length, 0);
    assert.equal(deploy.more_chars, body.length - body.indexOf('\n') - 1 - shown);
  });

  test('a kind keeps to its pages; no page at all says so, with the kind', async () => {
    const api = (await search({query: 'secret', kind: 'api'})).found;
    assert.deepEqual(
      api.results.map((result) => result.url),
      [`${SITE}/docs/reference/api/create-secret`],
    );
    const none = await call('search_docs', {query: 'widget', kind: 'api'});
    assert.ok(!none.isError);
    assert.equal(textOf(none), `No page of the documentation matches "widget" (kind api). Try other words, or fewer of them. (${DOCS})`);
    assert.deepEqual(none.structuredContent, {cli_version: CLI_VERSION, pages: 0, all_words: false, note: null, results: []});
    const nowhere = await call('search_docs', {query: 'zzqqxxyy'});
    assert.equal(textOf(nowhere), `No page of the documentation matches "zzqqxxyy". Try other words, or fewer of them. (${DOCS})`);
  });

  test('words no page has are named, the results show only their opening and the words they matched', async () => {
    const {summary, found} = await search({query: 'kubernetes widget'});
    assert.equal(found.all_words, false);
    assert.equal(
      found.note,
      'No page of the documentation has all the words: "kubernetes" is on no page. The results match only "widget", so they are likely not about what was asked.',
    );
    assert.ok(summary.startsWith(`${found.note}\n`));
    for (const result of found.results) {
      assert.deepEqual(result.matched, ['widget']);
      assert.ok((result.text ?? '').length <= 160 && (result.more_chars ?? 0) > 0, result.url);
    }
    const two = (await search({query: 'kubernetes helmchart widget', kind: 'cli'})).found;
    assert.match(
      two.note ?? '',
      /^No page of the documentation has all the words: "kubernetes" and "helmchart" are on no page of kind cli\. The results match only "widget",/,
    );
    // Each word is on a page, but no section has both.
    const apart = (await search({query: 'idempotency timetable'})).found;
    assert.equal(apart.all_words, false);
    assert.equal(apart.note, 'No section of the documentation has all the words; each result has some of them (see matched).');
    assert.ok(apart.results.every((result) => result.matched?.length === 1));
    // Three or more words are listed with commas.
    const three = (await search({query: 'kubernetes helmchart terraform widget'})).found;
    assert.match(three.note ?? '', /^No page of the documentation has all the words: "kubernetes", "helmchart", "terraform" are on no page\./);
  });

  test('scores are against the best result, in hundredths', async () => {
    for (const args of [
      {query: 'widget', limit: 10},
      {query: 'schedule', code_language: 'any', limit: 5},
    ]) {
      const {found} = await search(args);
      assert.equal(found.results[0].score, 1);
      for (const result of found.results)
        assert.ok(result.score > 0 && result.score <= 1 && Math.round(result.score * 100) === result.score * 100, `${result.score}`);
    }
  });

  test('code samples of a language: whole blocks, by the names agents use for the language', async () => {
    const {summary, found} = await search({query: 'schedule', code_language: 'py'});
    assert.deepEqual(
      found.results.map((result) => [result.url, result.language, result.text]),
      [[`${SITE}/docs/concepts/apps#schedules`, 'python', '```python\nimport tower\ntower.run_app("daily-ticker")\n```']],
    );
    assert.match(summary, / 1 python code sample in the structured content\. Best: /);
    const shell = (await search({query: 'schedule', code_language: 'shell'})).found.results;
    assert.deepEqual(
      shell.map((result) => [result.language, result.text]),
      [['bash', '```sh\ntower schedules create --app daily-ticker --cron "0 * * * *"\n```']],
    );
    // Within a section, the block with the most words of the query comes first; then the page's
    // top section (the whole page), without the blocks already given.
    const any = await search({query: 'schedule', code_language: 'any', limit: 10});
    assert.deepEqual(
      any.found.results.map((result) => [result.url.replace(`${SITE}/docs/concepts/apps`, ''), result.language]),
      [
        ['#schedules', 'bash'],
        ['#schedules', 'python'],
        ['', 'yaml'],
        ['', 'text'],
        ['', 'text'],
      ],
    );
    assert.match(any.summary, / 5 code samples in the structured content\./);
    // Every name agents use for a language, and a fence with none, which is text.
    for (const [language, name] of [
      ['python3', 'python'],
      ['PY', 'python'],
      ['sh', 'bash'],
      ['console', 'bash'],
      ['zsh', 'bash'],
      ['yml', 'yaml'],
      ['txt', 'text'],
    ]) {
      const results = (await search({query: 'schedule parameters', code_language: language, limit: 1})).found.results;
      assert.deepEqual(
        results.map((result) => result.language),
        [name],
        language,
      );
    }
    const parameters = (await search({query: 'parameters', code_language: 'any', limit: 5})).found.results;
    assert.deepEqual(
      parameters.map((result) => [result.language, result.text]),
      [
        ['yaml', '```yaml\nparameters: {region: eu}\n```'],
        ['text', '```text\nparameters read: 1\n```'],
        ['text', '```\nparameters as plain lines\n```'],
      ],
    );
    // A block is given once, though the section it is in and the subsection it stands under both match.
    const logs = (await search({query: 'logs', code_language: 'bash', limit: 5})).found.results;
    assert.deepEqual(
      logs.map((result) => result.text),
      ['```bash\ntower run --detached # no logs\n```'],
    );
    const rust = await search({query: 'schedule', code_language: 'rust'});
    assert.deepEqual(rust.found.results, []);
    assert.match(
      rust.summary,
      /^\d+ pages? match(es)? "schedule", but their matching sections have no rust code\. Search without code_language, or with another language\./,
    );
  });

  test('bad input is refused with what to fix', async () => {
    assert.match(await refusal('search_docs', {query: '  '}), /query is empty: give the words to search for/);
    assert.match(await refusal('search_docs', {query: 'x'.repeat(301)}), /query is longer than 300 characters/);
    assert.ok(!(await call('search_docs', {query: 'x'.repeat(300)})).isError, 'the limit itself is accepted');
    assert.match(await refusal('search_docs', {query: 'apps', kind: 'reference'}), /kind must be one of guides, examples, cli, sdk, towerfile, api/);
    assert.match(await refusal('search_docs', {query: 'apps', limit: 0}), /limit must be at least 1/);
    assert.match(await refusal('search_docs', {query: 'apps', limit: 11}), /limit must be at most 10/);
    assert.ok(!(await call('search_docs', {query: 'apps', limit: 10})).isError);
    assert.match(await refusal('search_docs', {query: 'apps', limit: 1.5}), /limit must be a whole number/);
    assert.match(await refusal('search_docs', {query: 'apps', code_language: 'py thon'}), /code_language is a language name such as python/);
    assert.match(await refusal('search_docs', {query: 'apps', page: 2}), /page/);
  });
});

describe('get_page', () => {
  const cli = '/docs/reference/tower-cli';

  test('a short page comes whole under its source line', async () => {
    for (const input of ['/docs/concepts/apps', 'concepts/apps', `${SITE}/docs/concepts/apps.md`]) {
      assert.equal(
        (await answer('get_page', {url_or_path: input})).text,
        `Source: ${SITE}/docs/concepts/apps (${DOCS})\n\n${twin('/docs/concepts/apps').trimEnd()}`,
      );
    }
  });

  test("a section by its URL's anchor or by name: its heading, what stands under it, and where it sits", async () => {
    const expected = `Source: ${SITE}${cli}#tower-run (${DOCS})\nSection: Tower CLI › tower run\n\n${sectionText(cli, '## `tower run`').trimEnd()}`;
    for (const args of [
      {url_or_path: `${SITE}${cli}#tower-run`},
      {url_or_path: cli, section: 'tower-run'},
      {url_or_path: cli, section: 'Tower Run'},
      {url_or_path: `${cli}#tower-deploy`, section: '#tower-run'},
    ])
      assert.equal((await answer('get_page', args)).text, expected, JSON.stringify(args));
    const flags = (await answer('get_page', {url_or_path: cli, section: 'flags'})).text;
    assert.match(flags, /^Source: \S+#flags \(.*\)\nSection: Tower CLI › tower run › Flags\n\n### Flags\n/);
  });

  test('an unknown section is refused with the sections there are, the first sixty of them', async () => {
    const message = await refusal('get_page', {url_or_path: `${cli}#tower-ruin`});
    const anchors = ['install-the-cli', 'tower-run', 'flags', 'flag-examples', 'tower-deploy', ...FILLER.map((entry) => entry.anchor)];
    assert.equal(
      message,
      `There is no section "tower-ruin" on this page. Its sections: ${anchors
        .slice(0, 60)
        .map((anchor) => `#${anchor}`)
        .join(', ')}, and ${anchors.length - 60} more. Leave section out to read the whole page.`,
    );
    const apps = await refusal('get_page', {url_or_path: '/docs/concepts/apps', section: 'nope'});
    assert.equal(apps, 'There is no section "nope" on this page. Its sections: #schedules, #parameters. Leave section out to read the whole page.');
    const intro = await refusal('get_page', {url_or_path: '/docs/intro', section: 'nope'});
    assert.equal(intro, 'There is no section "nope" on this page. It has no sections below its title. Leave section out to read the whole page.');
  });

  test('a long page comes in parts that say where they are, the first with the sections to pick from, and add up to the page', async () => {
    const markdown = twin(cli);
    assert.ok(markdown.length > 2 * ANSWER_PART_CHARS);
    const total = markdown.length.toLocaleString('en-US');
    const first = (await answer('get_page', {url_or_path: cli})).text;
    const outline = [
      'Sections of this page (get_page with one of these as section reads just that part):',
      '#install-the-cli',
      '#tower-run',
      '  #flags',
      // An H4 is too deep for the outline.
      '#tower-deploy',
      ...FILLER.map((entry) => `#${entry.anchor}`),
    ].join('\n');
    assert.ok(first.startsWith(`Source: ${SITE}${cli} (${DOCS})\n\n${outline}\n\n# Tower CLI\n`), first.slice(0, 300));
    const bodies: string[] = [];
    let offset = 0;
    let text = first;
    for (let part = 0; part < 5; part++) {
      const footer =
        /\n\n\[Characters ([\d,]+) to ([\d,]+) of ([\d,]+)(?:; ([\d,]+) characters left\. Read on: get_page with the same url_or_path with offset (\d+)\.|: the end\.)\]$/.exec(
          text,
        );
      assert.ok(footer, text.slice(-200));
      assert.equal(footer[1], offset.toLocaleString('en-US'));
      assert.equal(footer[3], total);
      const to = Number(footer[2].replace(/,/g, ''));
      assert.ok(to - offset <= ANSWER_PART_CHARS);
      const head = part === 0 ? `Source: ${SITE}${cli} (${DOCS})\n\n${outline}\n\n` : `Source: ${SITE}${cli} (${DOCS})\n\n`;
      assert.ok(text.startsWith(head), `part ${part}`);
      bodies.push(text.slice(head.length, footer.index));
      if (!footer[4]) break;
      assert.equal(footer[4], (markdown.length - to).toLocaleString('en-US'));
      assert.equal(Number(footer[5]), to);
      offset = to;
      text = (await answer('get_page', {url_or_path: cli, offset})).text;
    }
    assert.equal(bodies.length, 3);
    assert.equal(
      bodies
        .join('\n')
        .replace(/```\n```\w*\n/g, '')
        .replace(/\n+/g, '\n'),
      markdown.replace(/\n+/g, '\n').trimEnd(),
    );
    assert.equal(
      await refusal('get_page', {url_or_path: cli, offset: markdown.length}),
      `offset ${markdown.length} is past the end: this page has ${markdown.length.toLocaleString('en-US')} characters.`,
    );
  });

  test('a section read from an offset names the section in its footer and its refusals', async () => {
    const deploy = sectionText(cli, '## `tower deploy`');
    const rest = (await answer('get_page', {url_or_path: cli, section: 'tower-deploy', offset: 100})).text;
    assert.ok(
      rest.endsWith(`\n\n[Characters 100 to ${deploy.length.toLocaleString('en-US')} of ${deploy.length.toLocaleString('en-US')}: the end.]`),
      rest.slice(-200),
    );
    assert.ok(!rest.includes('Sections of this page'), 'the outline comes with the first part of a whole page only');
    assert.equal(
      await refusal('get_page', {url_or_path: `${cli}#tower-deploy`, offset: deploy.length}),
      `offset ${deploy.length} is past the end: this section has ${deploy.length.toLocaleString('en-US')} characters.`,
    );
    // The title's section is the whole page: long, in parts whose footer repeats the section, with no outline.
    const whole = (await answer('get_page', {url_or_path: cli, section: 'Tower CLI'})).text;
    assert.ok(whole.startsWith(`Source: ${SITE}${cli} (${DOCS})\nSection: Tower CLI\n\n# Tower CLI\n`), whole.slice(0, 200));
    assert.match(whole, /; [\d,]+ characters left\. Read on: get_page with the same url_or_path and section with offset \d+\.\]$/);
    // Offset 0 of an empty-looking request is the start, never "past the end".
    assert.ok(!(await call('get_page', {url_or_path: '/docs/intro', offset: 0})).isError);
  });

  test('what cannot be read is refused with a clear message', async () => {
    assert.match(
      await refusal('get_page', {url_or_path: '/docs/concepts/app'}),
      /^There is no page at \/docs\/concepts\/app\. Did you mean \/docs\/concepts\/apps\?/,
    );
    assert.match(await refusal('get_page', {url_or_path: '/docs/../package.json'}), /not allowed in a page path/);
    assert.match(await refusal('get_page', {url_or_path: ''}), /url_or_path is empty/);
    assert.match(await refusal('get_page', {url_or_path: `/docs/${'a'.repeat(2048)}`}), /url_or_path is longer than 2048 characters/);
    assert.match(await refusal('get_page', {url_or_path: cli, section: ' '}), /section is empty: leave it out to read the whole page/);
    assert.match(await refusal('get_page', {url_or_path: cli, section: 'x'.repeat(201)}), /section is longer than 200 characters/);
    assert.match(await refusal('get_page', {url_or_path: cli, offset: -1}), /offset must be 0 or more/);
    assert.match(await refusal('get_page', {url_or_path: cli, offset: 1.5}), /offset must be a whole number/);
  });
});

describe('list_api_operations and get_api_operation', () => {
  test('every operation, or those of one tag in any letter case, in the structured content', async () => {
    const all = await answer('list_api_operations', {});
    assert.equal(
      all.text,
      '4 operations in 3 tags of the Tower API 1, https://api.tower.dev/v1, listed in the structured content; get_api_operation gives the reference of one.',
    );
    assert.deepEqual(all.data, {
      tag: null,
      count: 4,
      api: 'Tower API 1, https://api.tower.dev/v1',
      operations: [
        {id: 'listApps', method: 'GET', path: '/apps', tag: 'Apps', summary: 'The list-apps operation'},
        {id: 'createSecret', method: 'POST', path: '/secrets', tag: 'Secrets', summary: 'The create-secret operation'},
        {id: 'deleteSecret', method: 'DELETE', path: '/secrets/{name}', tag: 'Secrets', summary: 'The delete-secret operation'},
        {id: 'createSchedule', method: 'POST', path: '/schedules', tag: 'Schedules', summary: 'The create-schedule operation'},
      ],
    });
    const secrets = await answer('list_api_operations', {tag: ' secrets '});
    assert.match(secrets.text, /^2 operations tagged Secrets of the Tower API 1/);
    assert.deepEqual([secrets.data?.tag, secrets.data?.count], ['Secrets', 2]);
    const apps = await answer('list_api_operations', {tag: 'apps'});
    assert.match(apps.text, /^1 operation tagged Apps of /);
    assert.equal(
      await refusal('list_api_operations', {tag: 'secret'}),
      'There is no API tag "secret". Did you mean "Secrets"? The tags are: Apps, Secrets, Schedules.',
    );
    assert.match(await refusal('list_api_operations', {tag: ' '}), /tag is empty: leave it out to list every operation/);
    assert.match(await refusal('list_api_operations', {tag: 'x'.repeat(101)}), /tag is longer than 100 characters/);
  });

  test('one operation: its page as Markdown under its source line', async () => {
    for (const id of ['createSecret', 'create-secret', 'POST /secrets', `${SITE}/docs/reference/api/create-secret`]) {
      const result = await call('get_api_operation', {id});
      assert.ok(!result.isError, id);
      assert.equal(textOf(result), `Source: ${SITE}/docs/reference/api/create-secret (${DOCS})\n\n${twin('/docs/reference/api/create-secret').trimEnd()}`);
      assert.equal(result.structuredContent, undefined);
    }
    const later = (await answer('get_api_operation', {id: 'list-apps', offset: 10})).text;
    const page = twin('/docs/reference/api/list-apps');
    assert.ok(later.endsWith(`[Characters 10 to ${page.length} of ${page.length}: the end.]`), later);
  });

  test('an unknown operation, one whose page is missing and an offset past the end are refused', async () => {
    assert.match(await refusal('get_api_operation', {id: 'create-secrets'}), /^There is no API operation "create-secrets"\. Did you mean "createSecret"\?/);
    assert.equal(
      await refusal('get_api_operation', {id: 'createSchedule'}),
      'The page of createSchedule is missing from this build (docs/reference/api/create-schedule.md): rebuild the site.',
    );
    const length = twin('/docs/reference/api/create-secret').length;
    assert.equal(
      await refusal('get_api_operation', {id: 'createSecret', offset: length}),
      `offset ${length} is past the end: this page has ${length} characters.`,
    );
    assert.match(await refusal('get_api_operation', {id: ' '}), /id is empty: give an operationId such as list-apps/);
    assert.match(await refusal('get_api_operation', {id: 'x'.repeat(301)}), /id is longer than 300 characters/);
  });
});

describe('check_towerfile and check_tower_command', () => {
  test('a valid Towerfile, and one with errors and warnings summed up in a few lines', async () => {
    const good = await answer('check_towerfile', {text: '[app]\nname = "daily-ticker"\nscript = "./main.py"\n'});
    assert.equal(good.text, `The Towerfile is valid.\n(${DOCS})`);
    assert.deepEqual(good.data, {valid: true, cli_version: CLI_VERSION, problems: []});
    const bad = await answer('check_towerfile', {text: '[app]\nname = "x"\nscirpt = "main.py"\n\n[[parameters]]\nname = "MODEL"\nhidden = "yes"\n'});
    const lines = bad.text.split('\n');
    assert.equal(lines[0], 'The Towerfile is not valid: 2 errors and 1 warning (each with its key, line and reference link in the structured content):');
    assert.match(lines[1], /^- error at line 1: /);
    assert.match(lines[2], /^- warning at line 3: Unknown key "scirpt" in \[app\].* Did you mean "script"\?$/);
    assert.match(lines[3], /^- error at line 7: /);
    assert.equal(lines[4], `(${DOCS})`);
    assert.equal((bad.data as {valid: boolean}).valid, false);
    assert.equal((bad.data as {problems: unknown[]}).problems.length, 3);
    assert.ok(!('unlisted' in bad.data!));
    const warned = await answer('check_towerfile', {text: '[app]\nname = "x"\nscript = "main.py"\nwat = 1\n'});
    assert.match(warned.text, /^The Towerfile is valid, with warnings: 1 warning \(/);
    const errors = await answer('check_towerfile', {text: '[app]\nname = "x"\n'});
    assert.match(
      errors.text,
      /^The Towerfile is not valid: 1 error \(each with its key, line and reference link in the structured content\):\n- error at line 1: /,
    );
    assert.equal((warned.data as {valid: boolean}).valid, true);
  });

  test('past ten problems the text counts the rest; past a hundred the structured content does', async () => {
    const many = await answer('check_towerfile', {
      text: `[app]\nname = "x"\nscript = "main.py"\n${Array.from({length: 150}, (_, i) => `k${i} = 1`).join('\n')}`,
    });
    const lines = many.text.split('\n');
    assert.equal(lines.length, 1 + 10 + 1 + 1);
    assert.equal(lines[11], '- and 140 more problems');
    assert.equal((many.data as {problems: unknown[]}).problems.length, 100);
    assert.equal((many.data as {unlisted?: number}).unlisted, 50);
    const eleven = await answer('check_towerfile', {
      text: `[app]\nname = "x"\nscript = "main.py"\n${Array.from({length: 11}, (_, i) => `k${i} = 1`).join('\n')}`,
    });
    assert.equal(eleven.text.split('\n')[11], '- and 1 more problem');
    assert.match(await refusal('check_towerfile', {text: ''}), /text is empty: give the whole Towerfile/);
    assert.match(await refusal('check_towerfile', {text: 'a'.repeat(64 * 1024 + 1)}), /text is longer than 65536 characters/);
  });

  test('a command line: how it was read, its problems and warnings, line by line', async () => {
    const ok = await answer('check_tower_command', {line: 'tower deploy --environment staging'});
    assert.equal(
      ok.text,
      `OK: tower deploy --environment staging\n  read as: tower deploy; --environment "staging"\n(checked against ${DOCS}; reference links in the structured content)`,
    );
    assert.equal((ok.data as {valid: boolean}).valid, true);
    assert.equal((ok.data as {commands: Array<{reference: string}>}).commands[0].reference, `${SITE}/docs/reference/tower-cli#tower-deploy`);
    // A command the reference has no section for links the page.
    const version = await answer('check_tower_command', {line: 'tower version'});
    assert.equal((version.data as {commands: Array<{reference: string}>}).commands[0].reference, `${SITE}/docs/reference/tower-cli`);
    const warned = await answer('check_tower_command', {line: 'tower run -d ./my-app'});
    assert.match(
      warned.text,
      /^Runs, with warnings: tower run -d \.\/my-app\n {2}read as: tower run; -d = --detached; <app_name> = "\.\/my-app"\n {2}! -d means --detached/,
    );
    const bad = await answer('check_tower_command', {line: 'tower apps lst'});
    assert.equal(bad.text.split('\n')[0], 'Problems: tower apps lst');
    assert.equal(bad.text.split('\n')[2], '  - unknown command "tower apps lst" (did you mean "tower apps list"?)');
    assert.equal((bad.data as {valid: boolean}).valid, false);
    const unknown = await answer('check_tower_command', {line: 'tower apps list --envx prod && tower version extra'});
    assert.deepEqual(
      unknown.text.split('\n').filter((line) => line.startsWith('  read as: ')),
      ['  read as: tower apps list; --envx (unknown); extra argument = "prod"', '  read as: tower version; extra argument = "extra"'],
    );
    assert.match(await refusal('check_tower_command', {line: 'ls -la'}), /no `tower` command/);
    assert.match(await refusal('check_tower_command', {line: ''}), /line is empty/);
    assert.match(await refusal('check_tower_command', {line: `tower ${'x'.repeat(4096)}`}), /line is longer than 4096 characters/);
  });
});

describe('resources', () => {
  const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

  test('the server card, the llms files and every page, a page of the list at a time; long ones as parts', async () => {
    const first = await client.listResources();
    assert.equal(first.resources.length, RESOURCES_PER_PAGE);
    assert.equal(first.nextCursor, String(RESOURCES_PER_PAGE));
    const rest = await client.listResources({cursor: first.nextCursor});
    assert.equal(rest.nextCursor, undefined);
    const all = [...first.resources, ...rest.resources];
    const card = JSON.stringify(serverCard({siteUrl: SITE, version: VERSION, cliVersion: CLI_VERSION}), null, 2);
    assert.deepEqual(all[0], {
      uri: SERVER_CARD_URI,
      name: 'server-card.json',
      title: 'Server card',
      description: `This server's MCP Server Card (SEP-2127), as ${SITE}/.well-known/mcp/server-card.json serves it.`,
      mimeType: 'application/json',
      size: bytes(card),
    });
    assert.deepEqual(all[1], {
      uri: `${SITE}/llms.txt`,
      name: 'llms.txt',
      title: 'llms.txt',
      description: 'Index of every page of the Tower documentation, with a one-line description and the URL of its Markdown.',
      mimeType: 'text/plain',
      size: bytes(LLMS['llms.txt']),
    });
    const full = all.filter((resource) => resource.name === 'llms-full.txt');
    assert.ok(full.length >= 3);
    full.forEach((resource, index) => {
      assert.equal(resource.uri, `${SITE}/llms-full.txt?part=${index + 1}`);
      assert.equal(resource.title, `llms-full.txt, part ${index + 1} of ${full.length}`);
      assert.ok(
        resource.description?.startsWith(
          `Every documentation page in reading order, as one Markdown file (large). Part ${index + 1} of ${full.length} of llms-full.txt (${bytes(LLMS_FULL).toLocaleString('en-US')} bytes in all).`,
        ),
        resource.description,
      );
    });
    // Each part names the pages that begin in it (the H1 lines of its text): the first and last, or the one, or none.
    assert.match(full[0].description ?? '', / Holds "Introduction" to "Tower CLI" \(3 pages\)\.$/);
    const holds = new Set<string>();
    for (const resource of full) {
      const text = ((await client.readResource({uri: resource.uri})).contents[0] as {text: string}).text;
      const titles = [...text.matchAll(/^# (.+)$/gm)].map((match) => match[1]);
      const expected =
        titles.length === 0 ? '' : titles.length === 1 ? ` Holds "${titles[0]}".` : ` Holds "${titles[0]}" to "${titles.at(-1)}" (${titles.length} pages).`;
      assert.ok(resource.description?.endsWith(`in all).${expected}`), `${resource.description} / ${expected}`);
      holds.add(expected === '' ? 'none' : titles.length === 1 ? 'one' : 'many');
    }
    assert.ok(holds.has('many') && (holds.has('none') || holds.has('one')), [...holds].join());
    for (const file of ['llms-full.txt', 'llms-api.txt', 'llms-sdk.txt'])
      assert.ok((all.find((resource) => resource.name === file)?.description ?? '').length > 30, file);
    const pages = all.filter((resource) => resource.mimeType === 'text/markdown');
    assert.deepEqual(
      pages.map((resource) => resource.name).filter((name, index, names) => names.indexOf(name) === index),
      [...TWINS.keys()].sort(),
    );
    const apps = pages.find((resource) => resource.name === '/docs/concepts/apps')!;
    assert.deepEqual(apps, {
      uri: `${SITE}/docs/concepts/apps.md`,
      name: '/docs/concepts/apps',
      title: 'Apps',
      description: `The Markdown of ${SITE}/docs/concepts/apps.`,
      mimeType: 'text/markdown',
      size: bytes(twin('/docs/concepts/apps')),
    });
    assert.equal(new Set(all.map((resource) => resource.uri)).size, all.length);
  });

  test('a resource reads back as listed: whole when short, a part at a time when long, the parts adding up to the text', async () => {
    const apps = await client.readResource({uri: `${SITE}/docs/concepts/apps.md`});
    assert.deepEqual(apps.contents, [{uri: `${SITE}/docs/concepts/apps.md`, mimeType: 'text/markdown', text: twin('/docs/concepts/apps')}]);
    const card = await client.readResource({uri: SERVER_CARD_URI});
    assert.deepEqual(JSON.parse((card.contents[0] as {text: string}).text), serverCard({siteUrl: SITE, version: VERSION, cliVersion: CLI_VERSION}));
    const listed = resourcesNamed('llms-full.txt');
    const texts: string[] = [];
    for (const resource of await listed) {
      const [content] = (await client.readResource({uri: resource.uri})).contents as Array<{uri: string; mimeType: string; text: string}>;
      assert.deepEqual([content.uri, content.mimeType], [resource.uri, 'text/plain']);
      assert.equal(bytes(content.text), resource.size);
      assert.ok(content.text.length <= ANSWER_PART_CHARS + 20);
      texts.push(content.text);
    }
    assert.equal(texts.join('').replace(/```\n```\w*\n/g, ''), LLMS_FULL);
    const parts = (await listed).length;
    await assert.rejects(
      client.readResource({uri: `${SITE}/llms-full.txt`}),
      new RegExp(
        `llms-full\\.txt is ${LLMS_FULL.length.toLocaleString('en-US')} characters, more than one answer carries: read it in ${parts} parts, ${SITE.replace(/\./g, '\\.')}/llms-full\\.txt\\?part=1 to \\S+\\?part=${parts} `,
      ),
    );
    await assert.rejects(
      client.readResource({uri: `${SITE}/llms-full.txt?part=0`}),
      new RegExp(`llms-full\\.txt has ${parts} parts: part must be 1 to ${parts}\\.`),
    );
    await assert.rejects(client.readResource({uri: `${SITE}/llms-full.txt?part=${parts + 1}`}), /part must be 1 to/);
    await assert.rejects(client.readResource({uri: `${SITE}/llms-full.txt?part=1x`}), /part must be 1 to/);
    await assert.rejects(client.readResource({uri: `${SITE}/docs/intro.md?part=2`}), /\/docs\/intro has 1 part: part must be 1\./);
    const intro = await client.readResource({uri: `${SITE}/docs/intro.md?part=1`});
    assert.equal((intro.contents[0] as {text: string}).text, twin('/docs/intro'));
  });

  async function resourcesNamed(name: string) {
    const all = [...(await client.listResources()).resources, ...(await client.listResources({cursor: String(RESOURCES_PER_PAGE)})).resources];
    return all.filter((resource) => resource.name === name);
  }

  test('what is no resource is refused as invalid params, with a hint', async () => {
    const invalid = (pattern: RegExp) => (error: Error & {code?: number}) => error.code === -32602 && pattern.test(error.message);
    await assert.rejects(
      client.readResource({uri: `${SITE}/docs/concepts/app.md`}),
      invalid(/There is no resource \S+\. There is no page at \/docs\/concepts\/app\. Did you mean/),
    );
    await assert.rejects(
      client.readResource({uri: `${SITE}/robots.txt`}),
      invalid(/There is no resource \S+\. resources\/list gives the resources there are\./),
    );
    await assert.rejects(client.readResource({uri: `${SITE}/docs/concepts/apps.md#schedules`}), invalid(/There is no resource/));
    await assert.rejects(client.readResource({uri: `${SITE}/docs/concepts/apps.md?page=1`}), invalid(/There is no resource/));
    await assert.rejects(client.readResource({uri: 'https://evil.example/docs/concepts/apps.md'}), invalid(/resources\/list gives/));
    await assert.rejects(client.readResource({uri: 'not a uri'}), invalid(/"not a uri" is not a URI\./));
    for (const cursor of ['nope', '0', '1000000', '-1', String(1e6)])
      await assert.rejects(client.listResources({cursor}), invalid(new RegExp(`The cursor "${cursor}" is not one this server gave`)), cursor);
    const {resourceTemplates} = await client.listResourceTemplates();
    assert.deepEqual(
      resourceTemplates.map((template) => [template.uriTemplate, template.mimeType]),
      [[`${SITE}/docs/{+page}.md{?part}`, 'text/markdown']],
    );
    assert.match(resourceTemplates[0].description ?? '', /longer than 24,000 characters is read in parts/);
  });

  test('the pages of the list are the catalogue cut every fifty entries, and the cursor must fall inside it', () => {
    const catalogue = resourceCatalog(library, VERSION);
    const first = listResources(library, VERSION, undefined);
    const second = listResources(library, VERSION, first.nextCursor);
    assert.deepEqual([...first.resources, ...second.resources], catalogue);
    assert.equal(second.nextCursor, undefined);
    // Any cursor inside the list starts a page there; one at or past its end is not one the server gives.
    assert.deepEqual(listResources(library, VERSION, String(catalogue.length - 1)).resources, catalogue.slice(-1));
    assert.throws(() => listResources(library, VERSION, String(catalogue.length)), /The cursor "\d+" is not one this server gave/);
    const last = catalogue.at(-1)!.uri;
    assert.equal(readResource(library, VERSION, last).contents[0].uri, last);
  });
});

describe('the library a build gives', () => {
  test('pages, titles and reference links come from the build', () => {
    assert.deepEqual(
      library.pages.map((page) => [page.route, page.title, page.url, page.markdownUrl]),
      [...TWINS.keys()].sort().map((route) => [route, PAGES.find((page) => page.route === route)!.title, `${SITE}${route}`, `${SITE}${route}.md`]),
    );
    assert.equal(library.siteUrl, SITE);
    assert.equal(library.cliVersion, CLI_VERSION);
    assert.equal(library.buildDir, buildDir);
    assert.equal(library.links.towerfilePage, `${SITE}/docs/reference/towerfile`);
    assert.equal(library.links.cliPage, `${SITE}/docs/reference/tower-cli`);
    assert.equal(library.links.cliSections.get('tower run'), `${SITE}/docs/reference/tower-cli#tower-run`);
    assert.throws(
      () => library.twin('/docs/nope'),
      (error: Error) => error instanceof LibraryError && /\/docs\/nope has no Markdown twin in /.test(error.message),
    );
    // A twin is read once and kept.
    assert.equal(library.twin('/docs/intro'), library.twin('/docs/intro'));
    assert.equal(library.llmsFile('llms.txt').text, LLMS['llms.txt']);
  });

  test('a build that lacks a part fails with what is missing and how to fix it', () => {
    const broken = mkdtempSync(path.join(tmpdir(), 'mcp-broken-build-'));
    try {
      const fails = (pattern: RegExp) =>
        assert.throws(
          () => loadLibrary({buildDir: broken}),
          (error: Error) => error instanceof LibraryError && pattern.test(error.message),
        );
      fails(/holds no production build \(no docs\/ folder\): run `npm run build` first/);
      writeBuild(broken);
      rmSync(path.join(broken, 'llms-sdk.txt'));
      fails(/llms-sdk\.txt is missing: run `npm run build` first/);
      rmSync(path.join(broken, SEARCH.indexFile));
      fails(/search-index\.json is missing: run `npm run build` first, or pass the folder of a production build with --build <dir>/);
      writeBuild(broken);
      const data = path.join(broken, 'data');
      mkdirSync(data);
      writeFileSync(path.join(data, 'towerfile.schema.json'), '{');
      assert.throws(() => loadLibrary({buildDir: broken, dataDir: data}), /towerfile\.schema\.json is not valid JSON/);
      writeFileSync(path.join(data, 'towerfile.schema.json'), readFileSync(path.join(ROOT, 'data/towerfile.schema.json')));
      assert.throws(() => loadLibrary({buildDir: broken, dataDir: data}), /cli-manifest\.json is missing: the CLI manifest/);
      writeFileSync(path.join(data, 'cli-manifest.json'), '{"commands": []}');
      assert.throws(() => loadLibrary({buildDir: broken, dataDir: data}), /cli-changes\.json is missing: the changes of CLI flags across releases/);
      writeFileSync(path.join(data, 'cli-changes.json'), '{"changed": [], "removed": []}');
      assert.equal(loadLibrary({buildDir: broken, dataDir: data}).cliVersion, 'unknown', 'a manifest without a release says so');
      rmSync(path.join(broken, 'docs'), {recursive: true});
      mkdirSync(path.join(broken, 'docs'));
      fails(/docs has no Markdown twins/);
    } finally {
      rmSync(broken, {recursive: true, force: true});
    }
  });
});

describe('the HTTP transport answers a request it accepts', () => {
  let server: Server;
  let port: number;
  before(async () => {
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    const handler = createHttpHandler(library, {host: '127.0.0.1', port, version: VERSION, allowedOrigins: ['https://docs.tower.dev']});
    server.on('request', (incoming, outgoing) => void handler(incoming, outgoing));
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post = (body: string, headers: Record<string, string> = {}, options: {method?: string; path?: string; to?: number} = {}) =>
    new Promise<{status: number; headers: Record<string, unknown>; body: string}>((resolve, reject) => {
      const outgoing = request(
        {
          host: '127.0.0.1',
          port: options.to ?? port,
          agent: false,
          method: options.method ?? 'POST',
          path: options.path ?? `${MCP_PATH}?x=1`,
          headers: {Connection: 'close', 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers},
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({status: response.statusCode ?? 0, headers: response.headers, body: text}));
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });

  test('a tools/call from an allowed origin, with no session, no caching and no sniffing', async () => {
    const call = JSON.stringify({jsonrpc: '2.0', id: 7, method: 'tools/call', params: {name: 'list_api_operations', arguments: {tag: 'apps'}}});
    const response = await post(call, {Origin: 'https://docs.tower.dev'});
    assert.equal(response.status, 200);
    assert.equal(response.headers['cache-control'], 'no-store');
    assert.equal(response.headers['x-content-type-options'], 'nosniff');
    assert.equal(response.headers['mcp-session-id'], undefined);
    const message = JSON.parse(response.body) as {id: number; result: {structuredContent: {count: number}}};
    assert.deepEqual([message.id, message.result.structuredContent.count], [7, 1]);
    const other = await post(call, {Origin: 'https://docs.tower.dev.evil.example'});
    assert.equal(other.status, 403);
    assert.match(other.body, /Requests from web pages of https:\/\/docs\.tower\.dev\.evil\.example are not accepted/);
  });

  const ping = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
  const errorOf = (body: string) => (JSON.parse(body) as {error?: {code: number; message: string}}).error;

  test('a body of exactly the limit is read, one byte more is refused, whether its length is declared or not', async () => {
    const full = ping.padEnd(MAX_BODY_BYTES, ' ');
    for (const headers of [{}, {'Transfer-Encoding': 'chunked'}] as Array<Record<string, string>>) {
      const read = await post(full, headers);
      assert.equal(read.status, 200, JSON.stringify(headers));
      assert.deepEqual(JSON.parse(read.body), {jsonrpc: '2.0', id: 1, result: {}});
    }
    const declared = await post(`${full} `);
    assert.deepEqual(
      [declared.status, declared.headers['content-type'], errorOf(declared.body)],
      [413, 'application/json', {code: -32000, message: `Request body of ${MAX_BODY_BYTES + 1} bytes is over the limit of ${MAX_BODY_BYTES}`}],
    );
    const chunked = await post(`${full} `, {'Transfer-Encoding': 'chunked'});
    assert.deepEqual([chunked.status, errorOf(chunked.body)], [413, {code: -32000, message: `Request body is over the limit of ${MAX_BODY_BYTES} bytes`}]);
  });

  test('each refusal says what to do instead, as JSON that is never cached', async () => {
    const elsewhere = await post(ping, {}, {path: '/other'});
    assert.deepEqual([elsewhere.status, errorOf(elsewhere.body)?.message], [404, 'Not found: the MCP endpoint is POST /mcp']);
    assert.equal(elsewhere.headers['cache-control'], 'no-store');
    const get = await post('', {}, {method: 'GET'});
    assert.deepEqual([get.status, get.headers.allow, errorOf(get.body)?.message], [405, 'POST', 'Method not allowed: send MCP messages with POST /mcp']);
    const other = await post(ping, {Host: 'evil.example:80'});
    assert.equal(errorOf(other.body)?.message, 'Host "evil.example:80" is not served here (start the server with --allowed-host to add it)');
    const bracketed = await post(ping, {Host: `[127.0.0.1]:${port}`});
    assert.equal(bracketed.status, 403, 'an IPv4 address is never written in brackets');
  });

  test('an IPv6 listening address is served in brackets, and the loopback names with it', async () => {
    for (const [host, served, refused] of [
      ['::1', ['[::1]', 'localhost', '127.0.0.1'], ['[[::1]]', 'evil.example']],
      ['[::1]', ['[::1]'], ['[[::1]]']],
      ['fe80::1', ['[fe80::1]'], ['[fe80::2]']],
    ] as const) {
      const ipv6 = createServer();
      await new Promise<void>((resolve) => ipv6.listen(0, '127.0.0.1', resolve));
      const to = (ipv6.address() as AddressInfo).port;
      const handler = createHttpHandler(library, {host, port: to, version: VERSION});
      ipv6.on('request', (incoming, outgoing) => void handler(incoming, outgoing));
      try {
        for (const name of served) assert.equal((await post(ping, {Host: `${name}:${to}`}, {to})).status, 200, `${host}: ${name}`);
        for (const name of refused) assert.equal((await post(ping, {Host: `${name}:${to}`}, {to})).status, 403, `${host}: ${name}`);
      } finally {
        await new Promise<void>((resolve) => ipv6.close(() => resolve()));
      }
    }
  });

  test('startHttp listens, bounds how long a client may take, and fails when the port is taken', async () => {
    const started = await startHttp(library, {port: 0, host: '127.0.0.1', version: VERSION});
    try {
      assert.deepEqual([started.headersTimeout, started.requestTimeout, started.keepAliveTimeout], [10_000, 15_000, 5_000]);
      const to = (started.address() as AddressInfo).port;
      const answer = await post(ping, {Host: `localhost:${to}`}, {to});
      assert.deepEqual(JSON.parse(answer.body), {jsonrpc: '2.0', id: 1, result: {}});
      await assert.rejects(startHttp(library, {port: to, host: '127.0.0.1', version: VERSION}), /EADDRINUSE/);
    } finally {
      await new Promise<void>((resolve) => started.close(() => resolve()));
    }
  });
});

describe('the command line, page paths and API lookups, at their edges', () => {
  test('--http options: values, repeats, and each refused without --http or without a value', () => {
    const args = parseArgs([
      '--http',
      '--host',
      '::1',
      '--port',
      '65535',
      '--allowed-host',
      'a.example:1',
      '--allowed-host',
      'b.example:2',
      '--allowed-origin',
      'https://a.example',
    ]);
    assert.deepEqual(
      {host: args.host, port: args.port, allowedHosts: args.allowedHosts, allowedOrigins: args.allowedOrigins},
      {host: '::1', port: 65535, allowedHosts: ['a.example:1', 'b.example:2'], allowedOrigins: ['https://a.example']},
    );
    assert.deepEqual([parseArgs([]).host, parseArgs([]).port, parseArgs([]).allowedOrigins], ['127.0.0.1', 8787, []]);
    for (const port of ['65536', '80x', 'x80', '-1', '8 0'])
      assert.throws(() => parseArgs(['--http', '--port', port]), new RegExp(`--port must be a number from 0 to 65535, not "${port}"`), port);
    for (const flag of ['--host', '--allowed-host', '--allowed-origin'])
      assert.throws(() => parseArgs([flag, 'x']), new RegExp(`^Error: ${flag} applies to --http only\\nusage: npm run mcp -- `), flag);
    assert.throws(() => parseArgs(['--build', '--http']), /^Error: --build needs a value\nusage: /);
    assert.throws(() => parseArgs(['--http', '--port']), /--port needs a value/);
  });

  test('page paths: the limit itself is a path, a colon after the start is no scheme, and other schemes are named', () => {
    const twins = new Set(['/docs/intro', '/docs/concepts/apps']);
    const longest = `/docs/${'a'.repeat(MAX_PAGE_INPUT - 6)}`;
    assert.equal(longest.length, MAX_PAGE_INPUT);
    assert.match((resolvePage(longest, twins) as {message: string}).message, /^There is no page at /);
    assert.deepEqual(resolvePage('/docs/concepts/apps#step:1', twins), {
      ok: true,
      route: '/docs/concepts/apps',
      twin: 'docs/concepts/apps.md',
      anchor: 'step:1',
    });
    assert.match((resolvePage('http://evil.example/docs/intro', twins) as {message: string}).message, /, not http:\/\/evil\.example\.$/);
    assert.match((resolvePage('mailto:someone@example.com', twins) as {message: string}).message, /, not mailto:\.$/);
    // A near page is looked for while the path is at most ten characters longer than the longest page.
    const near = (extra: number) => (resolvePage(`/docs/concepts/apps${'x'.repeat(extra)}`, twins) as {message: string}).message;
    assert.match(near(10), /Did you mean \/docs\/concepts\/apps\?/);
    assert.doesNotMatch(near(11), /Did you mean/);
  });

  test('API operations: a file without operations or tags is refused; a refusal quotes what was asked', () => {
    const file = (fields: object) => JSON.stringify({format: API_OPERATIONS_FORMAT, operations: [], tags: [], ...fields});
    assert.ok(ApiCatalog.fromText(file({}), 'ops.json'));
    for (const fields of [{operations: null}, {tags: {}}, {format: API_OPERATIONS_FORMAT + 1}])
      assert.throws(() => ApiCatalog.fromText(file(fields), 'ops.json'), /ops\.json is not an API operations file of format/, JSON.stringify(fields));
    assert.equal(
      library.api.byTag(' secret ').ok ? '' : (library.api.byTag(' secret ') as {message: string}).message,
      'There is no API tag " secret ". Did you mean "Secrets"? The tags are: Apps, Secrets, Schedules.',
    );
    assert.equal(
      (library.api.find(' zzz ') as {message: string}).message,
      'There is no API operation "zzz". Use list_api_operations to see them all, or search_docs with kind "api".',
    );
  });
});
