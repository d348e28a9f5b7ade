/**
 * The docs MCP server over the production build, driven by the SDK's own
 * client on each way an agent reaches it: `npm run mcp` on stdio, the HTTP
 * transport itself, and the HTTP transport behind the production nginx
 * configuration at /mcp. Every tool with good input, bad input and hostile
 * input; answers sized for a context window (sections, parts, chunks); the
 * resources, a page at a time; and the HTTP rules (POST only, one message a
 * request, bounded bodies, no sessions, other hosts and web origins refused,
 * nginx's own refusals as JSON-RPC, the discovery documents).
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';
import {request as httpRequest} from 'node:http';
import type {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {DOCS_MCP_URL} from '../../src/components/AgentTools/setup';
import {SITE} from '../../src/constants';
import {DEFAULT_BUILD_DIR, freePort, startNginx, type RunningServer} from '../../scripts/serve-nginx';
import {API_OPERATION_IDS} from './routes';
import {connectHttp, connectStdio, startMcpHttp, type RunningMcp} from './support/mcp';
import {SECURITY_HEADERS} from './support/security-headers';

const BUILD = DEFAULT_BUILD_DIR;
const TOOLS = ['check_tower_command', 'check_towerfile', 'get_api_operation', 'get_page', 'list_api_operations', 'search_docs'];
const readBuild = (file: string) => readFileSync(path.join(BUILD, file), 'utf8');
const CLI_VERSION = (JSON.parse(readFileSync(path.join(path.dirname(BUILD), 'data/cli-manifest.json'), 'utf8')) as {cliVersion: string}).cliVersion;
const DOCS = `Tower docs for tower-cli ${CLI_VERSION}`;
/** The longest text one answer carries (mcp/resources.ts), plus room for its Source line and footer. */
const PART = 24_000;
const ANSWER_ROOM = PART + 4_000;

type ToolResult = {isError?: boolean; content: Array<{type: string; text?: string}>; structuredContent?: Record<string, unknown>};
type SearchResult = {title: string; url: string; breadcrumb: string; score: number; matched?: string[]; text: string; more_chars?: number; language?: string};
type SearchAnswer = {cli_version: string; pages: number; all_words: boolean; note: string | null; results: SearchResult[]};

/** Fenced code blocks open and close in pairs: a text never ends inside one. */
const fencesClosed = (markdown: string) => (markdown.match(/^\s*```/gm) ?? []).length % 2 === 0;

/** The section of a twin that a heading line opens: up to the next heading of its level or above, outside code blocks. */
function sectionOf(markdown: string, headingLine: string): string {
  const lines = markdown.split('\n');
  const first = lines.indexOf(headingLine);
  assert.ok(first >= 0, headingLine);
  const level = /^#+/.exec(headingLine)![0].length;
  let fenced = false;
  let last = first + 1;
  for (; last < lines.length; last++) {
    if (/^\s*(```|~~~)/.test(lines[last])) fenced = !fenced;
    if (!fenced && new RegExp(`^#{1,${level}} `).test(lines[last])) break;
  }
  return `${lines.slice(first, last).join('\n')}${last < lines.length ? '\n' : ''}`;
}

let mcp: RunningMcp;
let nginx: RunningServer;

before(async () => {
  mcp = await startMcpHttp(BUILD);
  nginx = await startNginx(BUILD, undefined, {mcpUpstream: `127.0.0.1:${mcp.port}`});
});

after(async () => {
  await nginx?.stop();
  await mcp?.stop();
});

const TRANSPORTS: Array<[string, () => Promise<Client>]> = [
  ['stdio (npm run mcp)', () => connectStdio(BUILD)],
  ['Streamable HTTP', () => connectHttp(mcp.url)],
  ['Streamable HTTP behind nginx (/mcp)', () => connectHttp(`${nginx.url}/mcp`)],
];

for (const [transport, connect] of TRANSPORTS) {
  describe(`over ${transport}`, () => {
    let client: Client;
    const call = async (name: string, args: Record<string, unknown>): Promise<ToolResult> => (await client.callTool({name, arguments: args})) as ToolResult;
    const textOf = (result: ToolResult) => result.content.map((part) => part.text ?? '').join('\n');
    const search = async (args: Record<string, unknown>) => {
      const result = await call('search_docs', args);
      assert.ok(!result.isError, textOf(result));
      return {answer: result.structuredContent as SearchAnswer, summary: textOf(result)};
    };
    const refused = async (name: string, args: Record<string, unknown>, message: RegExp) => {
      const result = await call(name, args);
      assert.equal(result.isError, true, `${name} ${JSON.stringify(args).slice(0, 80)} should be refused`);
      assert.match(textOf(result), message);
    };

    before(async () => {
      client = await connect();
    });
    after(() => client?.close());

    test('six tools, each with a closed JSON Schema whose every argument is described, and instructions that say when to use which', async () => {
      const {tools} = await client.listTools();
      assert.deepEqual(tools.map((tool) => tool.name).sort(), TOOLS);
      for (const tool of tools) {
        assert.equal(tool.inputSchema.type, 'object', tool.name);
        assert.equal((tool.inputSchema as {additionalProperties?: unknown}).additionalProperties, false, tool.name);
        for (const [name, property] of Object.entries(tool.inputSchema.properties ?? {})) {
          assert.ok(((property as {description?: string}).description ?? '').length > 20, `${tool.name}.${name} has no description`);
        }
        assert.ok(tool.description && tool.description.length > 40, tool.name);
        assert.equal(tool.annotations?.readOnlyHint, true, tool.name);
      }
      const withSchema = tools.filter((tool) => tool.outputSchema).map((tool) => tool.name);
      assert.deepEqual(withSchema.sort(), ['check_tower_command', 'check_towerfile', 'list_api_operations', 'search_docs']);
      const instructions = client.getInstructions() ?? '';
      for (const name of TOOLS) assert.match(instructions, new RegExp(`\\b${name}\\b`), `the instructions do not mention ${name}`);
      assert.match(instructions, /never calls Tower/);
      assert.match(instructions, new RegExp(`tower-cli ${CLI_VERSION.replace(/\./g, '\\.')}`));
    });

    test('search_docs: the best section below its heading, bounded, with its link and score, then the next sections with their opening; one copy, a short summary', async () => {
      const {answer, summary} = await search({query: 'tower schedules create'});
      assert.equal(answer.cli_version, CLI_VERSION);
      assert.equal(answer.all_words, true);
      assert.equal(answer.note, null);
      assert.ok(answer.pages >= 2);
      assert.equal(answer.results.length, 3, 'three by default');
      const [best, ...others] = answer.results;
      assert.deepEqual(
        {title: best.title, url: best.url, score: best.score, breadcrumb: best.breadcrumb},
        {
          title: 'tower schedules create',
          url: `${SITE.url}/docs/reference/tower-cli#tower-schedules-create`,
          score: 1,
          breadcrumb: 'Reference › Tower CLI › tower schedules',
        },
      );
      const section = sectionOf(readBuild('docs/reference/tower-cli.md'), '### `tower schedules create`');
      const body = section.slice(section.indexOf('\n')).trimStart();
      // The query is the section's heading: nothing to choose parts by, so the text is the start of the section, below the heading (the title).
      assert.ok(body.startsWith(best.text), 'the text is the start of the section below its heading, cut at a block boundary');
      assert.ok(best.text.length > 300 && best.text.length <= 1000 && fencesClosed(best.text), `${best.text.length}`);
      assert.ok(best.text.length + (best.more_chars ?? 0) <= section.length, 'what is left out is the rest of the section');
      assert.deepEqual(
        answer.results.map((result) => result.score),
        answer.results.map((result) => result.score).sort((a, b) => b - a),
        'best first',
      );
      for (const result of others) {
        assert.ok(result.score <= 1 && result.score > 0 && result.text.length <= 160 && fencesClosed(result.text), result.url);
        assert.ok(!result.text.startsWith('#'), 'an opening, not a heading');
        assert.match(result.url, /^https:\/\/docs\.tower\.dev\/docs\//);
      }
      // The summary says where the answer is; it does not carry the results a second time.
      assert.ok(summary.length < 400, summary);
      assert.ok(!summary.includes(best.text.slice(0, 200)));
      assert.match(summary, new RegExp(`pages match in the ${DOCS.replace(/\./g, '\\.')}; 3 sections in the structured content\\. Best: ${best.url}`));

      const api = (await search({query: 'create secret', kind: 'api', limit: 3})).answer;
      assert.ok(api.results.every((result) => result.url.startsWith(`${SITE.url}/docs/reference/api/`)));
      assert.equal(api.results[0].url, `${SITE.url}/docs/reference/api/create-secret`);
    });

    test('search_docs: a long best section comes as an excerpt, its opening and then the blocks with most of the query, each whole', async () => {
      const {answer} = await search({query: 'tower deploy idempotency key', limit: 1});
      const [best] = answer.results;
      assert.equal(best.url, `${SITE.url}/docs/reference/tower-cli#tower-deploy`);
      const section = sectionOf(readBuild('docs/reference/tower-cli.md'), '## `tower deploy`');
      const pieces = best.text.split('\n\n[…]\n\n');
      assert.ok(pieces.length >= 2, 'blocks are left out, and it says where');
      assert.ok(section.slice(section.indexOf('\n')).trimStart().startsWith(pieces[0]), 'it opens as the section does');
      let from = 0;
      for (const piece of pieces) {
        const at = section.indexOf(piece, from);
        assert.ok(at >= from, `each piece is the section's own text, in its order: ${piece.slice(0, 60)}`);
        assert.ok(fencesClosed(piece));
        from = at + piece.length;
      }
      assert.ok(
        pieces.slice(1).every((piece) => /idempotency/i.test(piece)),
        'what it keeps past the opening has the query',
      );
      assert.ok(best.text.length <= 1000 && (best.more_chars ?? 0) > 0);
    });

    test('search_docs: says plainly when no page has all the words, and which words no page has', async () => {
      const {answer, summary} = await search({query: 'kubernetes helm chart'});
      assert.equal(answer.all_words, false);
      assert.match(answer.note ?? '', /^No page of the documentation has all the words: "kubernetes" and "helm" are on no page\./);
      assert.ok(answer.results.every((result) => result.matched?.join() === 'chart'));
      // Off the docs' subject: openings only, no section text to spend context on.
      assert.ok(answer.results.every((result) => (result.text ?? '').length <= 160 && (result.more_chars ?? 0) > 0));
      assert.ok(summary.startsWith(answer.note!));
      const none = await call('search_docs', {query: 'zzqqxxyy'});
      assert.match(textOf(none), /^No page of the documentation matches "zzqqxxyy"/);
      assert.deepEqual((none.structuredContent as SearchAnswer).results, []);
    });

    test('search_docs: code samples of one language, each a whole block with its section link', async () => {
      const {answer} = await search({query: 'tower.wait_for_runs', code_language: 'python', limit: 2});
      assert.equal(answer.results.length, 2);
      for (const result of answer.results) {
        assert.equal(result.language, 'python');
        assert.match(result.text, /^```python\n[\s\S]*\n```\n?$/);
        assert.match(result.url, /#/);
      }
      assert.ok(answer.results.some((result) => result.text.includes('wait_for_runs(')));
      const shell = (await search({query: 'deploy', code_language: 'sh', limit: 1})).answer;
      assert.equal(shell.results[0].language, 'bash', 'sh, shell and console are bash');
    });

    test('search_docs: bad and hostile input', async () => {
      await refused('search_docs', {query: ''}, /query is empty/);
      await refused('search_docs', {query: '   '}, /query is empty/);
      await refused('search_docs', {query: 'x'.repeat(100_000)}, /query is longer than 300 characters/);
      await refused('search_docs', {query: 'apps', kind: 'reference'}, /kind must be one of guides, examples, cli, sdk, towerfile, api/);
      await refused('search_docs', {query: 'apps', limit: 500}, /limit must be at most 10/);
      await refused('search_docs', {query: 'apps', limit: 2.5}, /limit must be a whole number/);
      await refused('search_docs', {query: 'apps', code_language: 'py thon;'}, /code_language is a language name/);
      await refused('search_docs', {query: 'apps', page: 2}, /Unrecognized key.*page/i);
      await refused('search_docs', {query: 42}, /query/);
      // Markup in the query is only words to search for.
      const markup = await call('search_docs', {query: '<img src=x onerror=alert(1)> secrets', limit: 2});
      assert.ok(!markup.isError);
    });

    test('get_page: a section, by the anchor of its URL or by name, is its heading and what stands under it', async () => {
      const twin = readBuild('docs/reference/tower-cli.md');
      const expected = `Source: ${SITE.url}/docs/reference/tower-cli#tower-run (${DOCS})\nSection: Tower CLI › tower run\n\n${sectionOf(twin, '## `tower run`').trimEnd()}`;
      for (const args of [
        {url_or_path: `${SITE.url}/docs/reference/tower-cli#tower-run`},
        {url_or_path: '/docs/reference/tower-cli', section: 'tower-run'},
        {url_or_path: 'reference/tower-cli', section: 'tower run'},
        {url_or_path: '/docs/reference/tower-cli#tower-deploy', section: '#tower-run'},
      ]) {
        assert.equal(textOf(await call('get_page', args)), expected, JSON.stringify(args));
      }
      assert.ok(expected.length < 10_000, 'a section, not the page');
      await refused(
        'get_page',
        {url_or_path: '/docs/reference/tower-cli#tower-ruin'},
        /^There is no section "tower-ruin" on this page\. Its sections: #install-the-cli, #command-overview, /,
      );
      await refused('get_page', {url_or_path: '/docs/intro', section: 'x'.repeat(300)}, /section is longer than 200 characters/);
    });

    test('get_page: a short page whole, by URL, path or .md URL', async () => {
      const twin = readBuild('docs/concepts/apps.md');
      assert.ok(twin.length < PART);
      for (const input of ['/docs/concepts/apps', 'concepts/apps', `${SITE.url}/docs/concepts/apps.md`]) {
        const result = await call('get_page', {url_or_path: input});
        assert.equal(textOf(result), `Source: ${SITE.url}/docs/concepts/apps (${DOCS})\n\n${twin.trimEnd()}`, input);
      }
    });

    test('get_page: a long page comes in parts that say what is left and where to go on, and add up to the page', async () => {
      const twin = readBuild('docs/reference/tower-cli.md');
      assert.ok(twin.length > 2 * PART);
      const bodies: string[] = [];
      let offset = 0;
      for (let part = 0; part < 10; part++) {
        const text = textOf(await call('get_page', {url_or_path: '/docs/reference/tower-cli', offset}));
        assert.ok(text.length <= ANSWER_ROOM, `part ${part}: ${text.length} characters`);
        const footer =
          /\n\n\[Characters ([\d,]+) to ([\d,]+) of ([\d,]+)(?:; ([\d,]+) characters? left\. Read on: get_page with the same url_or_path with offset (\d+)\.|: the end\.)\]$/.exec(
            text,
          );
        assert.ok(footer, `part ${part} ends with where it is: ${text.slice(-200)}`);
        const [from, to, total] = footer.slice(1, 4).map((value) => Number(value.replace(/,/g, '')));
        assert.deepEqual([from, total], [offset, twin.length]);
        if (part === 0)
          assert.match(
            text,
            /^Source: .*\n\nSections of this page \(get_page with one of these as section reads just that part\):\n#install-the-cli\n#command-overview\n/,
          );
        bodies.push(text.slice(text.indexOf('\n\n', part === 0 ? text.indexOf('\n\n#') : 0) + 2, footer.index));
        if (!footer[4]) break;
        assert.equal(Number(footer[4].replace(/,/g, '')), twin.length - to);
        offset = Number(footer[5]);
        assert.equal(offset, to);
      }
      assert.equal(bodies.join('\n').replace(/\n+/g, '\n'), twin.replace(/\n+/g, '\n').trimEnd());
      await refused('get_page', {url_or_path: '/docs/reference/tower-cli', offset: twin.length + 5}, /offset \d+ is past the end: this page has/);
    });

    test('get_page: path traversal, other sites and non-doc paths are refused with a clear message', async () => {
      for (const input of ['/docs/../../package.json', '/docs/%2e%2e/%2e%2e/etc/passwd', '..\\..\\README.md', '/docs/concepts/./apps']) {
        await refused('get_page', {url_or_path: input}, /not allowed in a page path/);
      }
      await refused('get_page', {url_or_path: 'https://example.com/docs/intro'}, /reads pages of https:\/\/docs\.tower\.dev only/);
      await refused('get_page', {url_or_path: '/search-index.json'}, /is not a documentation page/);
      await refused('get_page', {url_or_path: '/docs/concepts/app'}, /no page at \/docs\/concepts\/app\. Did you mean \/docs\/concepts\/apps\?/);
      await refused('get_page', {url_or_path: `/docs/${'a/'.repeat(2000)}`}, /longer than 2048 characters/);
      await refused('get_page', {}, /url_or_path/);
    });

    test('list_api_operations: every operation, or one tag, once, in the structured content', async () => {
      const all = await call('list_api_operations', {});
      const listed = all.structuredContent as {
        count: number;
        api: string;
        operations: Array<{id: string; method: string; path: string; tag: string; summary: string}>;
      };
      assert.equal(listed.count, API_OPERATION_IDS.length);
      assert.deepEqual(listed.operations.map((operation) => operation.id).sort(), [...API_OPERATION_IDS].sort());
      assert.deepEqual(Object.keys(listed.operations[0]).sort(), ['id', 'method', 'path', 'summary', 'tag']);
      assert.match(listed.api, /https:\/\/api\.tower\.dev\/v1/);
      assert.ok(textOf(all).length < 300, 'a summary, not the list again');
      assert.ok(JSON.stringify(all.structuredContent).length < 20_000);
      const secrets = await call('list_api_operations', {tag: 'secrets'});
      const tagged = secrets.structuredContent as {tag: string; operations: Array<{tag: string}>};
      assert.equal(tagged.tag, 'Secrets');
      assert.ok(tagged.operations.length > 2 && tagged.operations.every((operation) => operation.tag === 'Secrets'));
      assert.match(textOf(secrets), /^\d+ operations tagged Secrets of the /);
      await refused('list_api_operations', {tag: 'secret'}, /There is no API tag "secret"\. Did you mean "Secrets"\?/);
      await refused('list_api_operations', {tag: ''}, /tag is empty/);
    });

    test('get_api_operation: the operation page as Markdown, once', async () => {
      for (const reference of ['create-secret', 'Create-Secret', 'POST /secrets', 'post /secrets', `${SITE.url}/docs/reference/api/create-secret`]) {
        const result = await call('get_api_operation', {id: reference});
        assert.ok(!result.isError, `${reference}: ${textOf(result)}`);
        assert.equal(
          textOf(result),
          `Source: ${SITE.url}/docs/reference/api/create-secret (${DOCS})\n\n${readBuild('docs/reference/api/create-secret.md').trimEnd()}`,
        );
        assert.equal(result.structuredContent, undefined);
      }
      await refused('get_api_operation', {id: 'create-secrets'}, /no API operation "create-secrets"\. Did you mean "create-secret"\?/);
      await refused('get_api_operation', {id: '../../../etc/passwd'}, /There is no API operation/);
    });

    test('check_towerfile: errors and warnings with key path, line and reference entry; a short summary', async () => {
      const good = await call('check_towerfile', {text: '[app]\nname = "daily-ticker"\nscript = "./main.py"\n'});
      assert.deepEqual(good.structuredContent, {valid: true, cli_version: CLI_VERSION, problems: []});
      assert.equal(textOf(good), `The Towerfile is valid.\n(${DOCS})`);
      const bad = await call('check_towerfile', {
        text: '[app]\nname = "daily-ticker"\nscirpt = "./main.py"\n\n[[parameters]]\nname = "MODEL_NAME"\nhidden = "no"\n',
      });
      const report = bad.structuredContent as {
        valid: boolean;
        problems: Array<{severity: string; key: string; line: number; message: string; reference: string}>;
      };
      assert.equal(report.valid, false);
      assert.deepEqual(
        report.problems.map(({severity, key, line, reference}) => [severity, key, line, reference]),
        [
          ['error', 'app.script', 1, `${SITE.url}/docs/reference/towerfile#appscript`],
          ['warning', 'app.scirpt', 3, `${SITE.url}/docs/reference/towerfile#appscript`],
          ['error', 'parameters[0].hidden', 7, `${SITE.url}/docs/reference/towerfile#parametershidden`],
        ],
      );
      assert.match(textOf(bad), /^The Towerfile is not valid: 2 errors and 1 warning/);
      assert.match(textOf(bad), /- warning at line 3: Unknown key "scirpt" in \[app\].* Did you mean "script"\?/);
      assert.doesNotMatch(textOf(bad), /https:/, 'the links are in the structured content only');
      const broken = await call('check_towerfile', {text: '[app\nname = 1'});
      assert.match(textOf(broken), /error at line 1: This table header has no closing "\]"\./);
      await refused('check_towerfile', {text: ''}, /text is empty/);
      await refused('check_towerfile', {text: 'a = 1\n'.repeat(20_000)}, /text is longer than 65536 characters/);
    });

    test('check_tower_command: how each word was read, problems, and warnings where a flag changed meaning', async () => {
      const ok = await call('check_tower_command', {line: 'tower deploy --environment staging'});
      assert.deepEqual(ok.structuredContent, {
        valid: true,
        cli_version: CLI_VERSION,
        commands: [
          {
            words: ['tower', 'deploy', '--environment', 'staging'],
            command: 'tower deploy',
            flags: [{written: '--environment', flag: '--environment', value: 'staging'}],
            arguments: [],
            problems: [],
            warnings: [],
            reference: `${SITE.url}/docs/reference/tower-cli#tower-deploy`,
          },
        ],
      });
      assert.equal(
        textOf(ok),
        `OK: tower deploy --environment staging\n  read as: tower deploy; --environment "staging"\n(checked against ${DOCS}; reference links in the structured content)`,
      );
      const detached = await call('check_tower_command', {line: 'tower run -d ./my-app'});
      assert.equal((detached.structuredContent as {valid: boolean}).valid, true);
      assert.match(
        textOf(detached),
        /^Runs, with warnings: tower run -d \.\/my-app\n {2}read as: tower run; -d = --detached; <app_name> = "\.\/my-app"\n {2}! -d means --detached since tower-cli 0\.3\.23; up to 0\.3\.22 it meant --dir\..*\n {2}! "\.\/my-app" is read as the argument <app_name>, not as the DIR of --dir; for that, write --dir \.\/my-app\./,
      );
      const bad = await call('check_tower_command', {
        line: 'tower apps lst && tower schedules create --app daily-ticker && tower deploy --all -e staging && tower secrets create --name KEY --value',
      });
      const report = bad.structuredContent as {valid: boolean; commands: Array<{command: string; problems: string[]; reference: string}>};
      assert.equal(report.valid, false);
      assert.deepEqual(
        report.commands.map(({command, problems, reference}) => [command, problems, reference.replace(`${SITE.url}/docs/reference/tower-cli`, '')]),
        [
          ['tower apps', ['unknown command "tower apps lst" (did you mean "tower apps list"?)'], '#tower-apps'],
          ['tower schedules create', ['"tower schedules create" is missing the required flag --cron <EXPR>'], '#tower-schedules-create'],
          ['tower deploy', ['flags --all and -e (--environment) of "tower deploy" cannot be used together'], '#tower-deploy'],
          ['tower secrets create', ['flag --value of "tower secrets create" needs a value (--value <VALUE>)'], '#tower-secrets-create'],
        ],
      );
      const flag = await call('check_tower_command', {line: 'tower run --enviroment staging'});
      assert.match(textOf(flag), /unknown flag --enviroment for "tower run" \(did you mean --environment\?\)/);
      await refused('check_tower_command', {line: 'ls -la'}, /no `tower` command/);
      await refused('check_tower_command', {line: ''}, /line is empty/);
      await refused('check_tower_command', {line: `tower ${'apps '.repeat(2000)}`}, /line is longer than 4096 characters/);
    });

    test('resources: a page of the list at a time, each with its size; long texts as parts that add up to them', async () => {
      const resources: Array<{uri: string; name: string; size?: number; mimeType?: string}> = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await client.listResources(cursor ? {cursor} : {});
        assert.ok(page.resources.length <= 50);
        resources.push(...page.resources);
        cursor = page.nextCursor;
        pages++;
      } while (cursor && pages < 20);
      assert.ok(pages >= 4, `${pages} pages`);
      assert.equal(resources[0].uri, 'mcp://server-card.json');
      assert.ok(resources.every((resource) => typeof resource.size === 'number' && resource.size > 0));
      const uris = resources.map((resource) => resource.uri);
      assert.equal(new Set(uris).size, uris.length);
      for (const route of ['/docs/intro', '/docs/concepts/apps', '/docs/reference/api/create-secret', '/docs/category/concepts'])
        assert.ok(uris.includes(`${SITE.url}${route}.md`), route);
      // The big files are offered only as parts, each within one answer, and together they are the file.
      for (const file of ['llms-full.txt', 'llms-api.txt', 'llms.txt', 'docs/reference/tower-sdk.md']) {
        const whole = readBuild(file);
        const parts = resources.filter((resource) => resource.uri.startsWith(`${SITE.url}/${file}?part=`));
        assert.ok(parts.length >= 2 && !uris.includes(`${SITE.url}/${file}`), file);
        const texts: string[] = [];
        for (const part of parts) {
          const text = ((await client.readResource({uri: part.uri})).contents[0] as {text: string}).text;
          assert.ok(text.length <= PART + 20, `${part.uri}: ${text.length}`);
          assert.equal(Buffer.byteLength(text), part.size, part.uri);
          texts.push(text);
        }
        // A part cut inside a code block closes it, and the next reopens it.
        assert.equal(texts.join('').replace(/```\n```[\w-]*\n/g, ''), whole, file);
        await assert.rejects(client.readResource({uri: `${SITE.url}/${file}`}), new RegExp(`read it in ${parts.length} parts`));
      }
      const small = resources.find((resource) => resource.uri === `${SITE.url}/docs/concepts/runs.md`)!;
      const runs = ((await client.readResource({uri: small.uri})).contents[0] as {text: string}).text;
      assert.deepEqual([runs, small.size], [readBuild('docs/concepts/runs.md'), Buffer.byteLength(runs)]);
      await assert.rejects(client.listResources({cursor: 'nope'}), /The cursor "nope" is not one this server gave/);
      await assert.rejects(
        client.readResource({uri: `${SITE.url}/docs/nope/none.md`}),
        (error: Error) => /There is no page at \/docs\/nope\/none/.test(error.message) && !/MCP error .*MCP error/.test(error.message),
      );
      await assert.rejects(client.readResource({uri: `${SITE.url}/docs/%2e%2e/%2e%2e/package.json.md`}), /There is no resource/);
      await assert.rejects(client.readResource({uri: `${SITE.url}/llms-full.txt?part=999`}), /llms-full\.txt has \d+ parts: part must be 1 to \d+/);
      const {resourceTemplates} = await client.listResourceTemplates();
      assert.deepEqual(
        resourceTemplates.map((template) => template.uriTemplate),
        [`${SITE.url}/docs/{+page}.md{?part}`],
      );
    });

    test('the server card resource is the one the site serves, and says what the server says of itself', async () => {
      const card = JSON.parse(((await client.readResource({uri: 'mcp://server-card.json'})).contents[0] as {text: string}).text) as {
        name: string;
        version: string;
        remotes: Array<{url: string; supportedProtocolVersions: string[]}>;
        capabilities: Record<string, object>;
      };
      assert.deepEqual(card, JSON.parse(readBuild('.well-known/mcp/server-card.json')));
      const server = client.getServerVersion()!;
      assert.equal(card.name.split('/')[1], server.name);
      assert.equal(card.version, server.version);
      assert.equal(card.remotes[0].url, DOCS_MCP_URL);
      for (const capability of Object.keys(card.capabilities)) assert.ok(client.getServerCapabilities()?.[capability as 'tools'], capability);
    });
  });
}

describe('the HTTP transport and its proxy', () => {
  const post = (url: string, body: string, headers: Record<string, string> = {}) =>
    fetch(url, {method: 'POST', headers: {'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers}, body});
  const searchCall = JSON.stringify({jsonrpc: '2.0', id: 7, method: 'tools/call', params: {name: 'search_docs', arguments: {query: 'secrets', limit: 1}}});
  const isJsonRpcError = (body: unknown, code: number) =>
    typeof body === 'object' && body !== null && (body as {jsonrpc?: string}).jsonrpc === '2.0' && (body as {error?: {code?: number}}).error?.code === code;

  /** A POST with the Host and Origin headers as given (fetch would set its own Host). */
  const rawPost = (url: string, body: string, headers: Record<string, string>, localAddress?: string) =>
    new Promise<{status: number; body: string}>((resolve, reject) => {
      const outgoing = httpRequest(
        url,
        {method: 'POST', localAddress, headers: {'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers}},
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({status: response.statusCode ?? 0, body: text}));
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });

  test('stateless: a tools/call needs no session and gets none', async () => {
    for (const url of [mcp.url, `${nginx.url}/mcp`]) {
      const response = await post(url, searchCall);
      assert.equal(response.status, 200, url);
      assert.equal(response.headers.get('mcp-session-id'), null);
      assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
      const body = (await response.json()) as {id: number; result: {structuredContent: {results: Array<{url: string}>}}};
      assert.equal(body.id, 7);
      assert.equal(body.result.structuredContent.results.length, 1, 'one result, as asked');
    }
  });

  test('POST only: GET and DELETE get 405 with Allow: POST', async () => {
    for (const url of [mcp.url, `${nginx.url}/mcp`]) {
      for (const method of ['GET', 'DELETE']) {
        const response = await fetch(url, {method, headers: {Accept: 'text/event-stream'}});
        assert.equal(response.status, 405, `${method} ${url}`);
        assert.equal(response.headers.get('allow'), 'POST');
      }
    }
  });

  test('one message a request: a batch is refused as JSON-RPC, by the server and through nginx, and costs nothing', async () => {
    const batch = JSON.stringify(
      Array.from({length: 100}, (_, i) => ({jsonrpc: '2.0', id: i + 1, method: 'resources/read', params: {uri: `${SITE.url}/llms-api.txt?part=1`}})),
    );
    for (const url of [mcp.url, `${nginx.url}/mcp`]) {
      const response = await post(url, batch);
      assert.equal(response.status, 400, url);
      const body = (await response.json()) as unknown;
      assert.ok(isJsonRpcError(body, -32600), JSON.stringify(body));
      assert.match(JSON.stringify(body), /Batches are not accepted/);
    }
  });

  test('bodies over 512 KiB are refused before they are read, with a JSON-RPC error, by the server and by nginx', async () => {
    const huge = JSON.stringify({jsonrpc: '2.0', id: 1, method: 'tools/call', params: {name: 'search_docs', arguments: {query: 'x'.repeat(600 * 1024)}}});
    for (const url of [mcp.url, `${nginx.url}/mcp`]) {
      const response = await post(url, huge);
      assert.equal(response.status, 413, url);
      assert.match(response.headers.get('content-type') ?? '', /^application\/json/, url);
      assert.ok(isJsonRpcError(await response.json(), -32000), url);
    }
  });

  test('other Host headers, look-alikes of ours included (DNS rebinding), and web pages of other origins are refused', async () => {
    const port = new URL(mcp.url).port;
    for (const host of ['attacker.example', 'localhost.attacker.example', `localhost.attacker.example:${port}`, `127.0.0.1.attacker.example:${port}`]) {
      const answer = await rawPost(mcp.url, searchCall, {Host: host});
      assert.equal(answer.status, 403, host);
      assert.ok(isJsonRpcError(JSON.parse(answer.body), -32000), host);
    }
    assert.equal((await rawPost(mcp.url, searchCall, {Origin: 'https://attacker.example'})).status, 403);
    assert.equal((await rawPost(mcp.url, searchCall, {})).status, 200);
    assert.equal((await post(`${nginx.url}/mcp`, searchCall, {Origin: 'https://attacker.example'})).status, 403);
  });

  test('--allowed-host admits that host, whole, in a real request', async () => {
    const allowed = await startMcpHttp(BUILD, ['--allowed-host', 'docs.tower.test:443']);
    try {
      const served = await rawPost(allowed.url, searchCall, {Host: 'docs.tower.test:443'});
      assert.equal(served.status, 200, served.body);
      assert.equal((JSON.parse(served.body) as {id: number}).id, 7);
      for (const host of ['docs.tower.test', 'docs.tower.test:443.attacker.example', 'evil.docs.tower.test:443']) {
        assert.equal((await rawPost(allowed.url, searchCall, {Host: host})).status, 403, host);
      }
    } finally {
      await allowed.stop();
    }
  });

  test('only /mcp is served', async () => {
    const response = await post(mcp.url.replace(/\/mcp$/, '/other'), searchCall);
    assert.equal(response.status, 404);
  });

  test("nginx answers /mcp, the server's answers and its own refusals, with no caching and each security header once", async () => {
    const answers: Array<[string, Response]> = [
      ['answer', await post(`${nginx.url}/mcp`, searchCall)],
      ['batch refused by the server', await post(`${nginx.url}/mcp`, '[]')],
      ['413 from nginx', await post(`${nginx.url}/mcp`, 'x'.repeat(600 * 1024))],
    ];
    for (const [label, response] of answers) {
      // fetch joins a header sent twice with ", ", which the anchored patterns refuse.
      for (const [name, pattern] of Object.entries(SECURITY_HEADERS)) assert.match(response.headers.get(name) ?? '', pattern, `${label}: ${name}`);
      assert.equal(response.headers.get('cache-control'), 'no-store', label);
    }
  });

  test("nginx's per-client limit on /mcp answers 429 as a JSON-RPC error", async () => {
    const ping = JSON.stringify({jsonrpc: '2.0', id: 1, method: 'ping'});
    const answers = await Promise.all(Array.from({length: 300}, () => rawPost(`${nginx.url}/mcp`, ping, {}, '127.0.0.41')));
    const limited = answers.filter((answer) => answer.status === 429);
    assert.ok(limited.length > 0, 'past the allowance, requests are refused');
    for (const answer of limited) assert.ok(isJsonRpcError(JSON.parse(answer.body), -32000), answer.body);
    assert.equal((await rawPost(`${nginx.url}/mcp`, ping, {}, '127.0.0.42')).status, 200, 'another address is served meanwhile');
  });

  test('while the server is down, nginx answers 503 with a JSON-RPC error', async () => {
    const down = await startNginx(BUILD, undefined, {mcpUpstream: `127.0.0.1:${await freePort()}`});
    try {
      const response = await post(`${down.url}/mcp`, searchCall);
      assert.equal(response.status, 503);
      assert.equal(response.headers.get('retry-after'), '30');
      assert.ok(isJsonRpcError(await response.json(), -32000));
    } finally {
      await down.stop();
    }
  });

  test('the discovery documents: JSON that any origin may read, at the addresses Mintlify and the server-card draft use', async () => {
    for (const [address, file] of [
      ['/.well-known/mcp/server-card.json', '.well-known/mcp/server-card.json'],
      ['/.well-known/mcp/server-card', '.well-known/mcp/server-card.json'],
      ['/.well-known/mcp.json', '.well-known/mcp.json'],
      ['/.well-known/mcp', '.well-known/mcp.json'],
    ]) {
      const response = await fetch(`${nginx.url}${address}`, {headers: {Origin: 'https://agents.example'}});
      assert.equal(response.status, 200, address);
      assert.match(response.headers.get('content-type') ?? '', /^application\/json/, address);
      assert.equal(response.headers.get('access-control-allow-origin'), '*', address);
      assert.deepEqual(await response.json(), JSON.parse(readBuild(file)), address);
    }
    const summary = JSON.parse(readBuild('.well-known/mcp.json')) as {url: string};
    assert.equal(summary.url, DOCS_MCP_URL);
    assert.equal((await fetch(`${nginx.url}/.well-known/mcp/other.json`)).status, 404);
  });
});
