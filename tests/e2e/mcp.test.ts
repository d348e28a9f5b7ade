/**
 * The docs MCP server over the production build, driven by the SDK's own
 * client on each way an agent reaches it: `npm run mcp` on stdio, the HTTP
 * transport itself, and the HTTP transport behind the production nginx
 * configuration at /mcp. Every tool with good input, bad input and hostile
 * input; the resources; and the HTTP rules (POST only, bounded bodies, no
 * sessions, other hosts and web origins refused, the proxy's headers).
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';
import type {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {SITE} from '../../src/constants';
import {DEFAULT_BUILD_DIR, freePort, startNginx, type RunningServer} from '../../scripts/serve-nginx';
import {API_OPERATION_IDS} from './routes';
import {connectHttp, connectStdio, startMcpHttp, type RunningMcp} from './support/mcp';

const BUILD = DEFAULT_BUILD_DIR;
const TOOLS = ['check_tower_command', 'check_towerfile', 'get_api_operation', 'get_page', 'list_api_operations', 'search_docs'];
const readBuild = (file: string) => readFileSync(path.join(BUILD, file), 'utf8');

type ToolResult = {isError?: boolean; content: Array<{type: string; text?: string}>; structuredContent?: Record<string, unknown>};

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
    const refused = async (name: string, args: Record<string, unknown>, message: RegExp) => {
      const result = await call(name, args);
      assert.equal(result.isError, true, `${name} ${JSON.stringify(args).slice(0, 80)} should be refused`);
      assert.match(textOf(result), message);
    };

    before(async () => {
      client = await connect();
    });
    after(() => client?.close());

    test('six tools, each with a closed JSON Schema, and instructions that say when to use which', async () => {
      const {tools} = await client.listTools();
      assert.deepEqual(tools.map((tool) => tool.name).sort(), TOOLS);
      for (const tool of tools) {
        assert.equal(tool.inputSchema.type, 'object', tool.name);
        assert.equal((tool.inputSchema as {additionalProperties?: unknown}).additionalProperties, false, tool.name);
        assert.ok(tool.description && tool.description.length > 40, tool.name);
        assert.equal(tool.annotations?.readOnlyHint, true, tool.name);
      }
      const instructions = client.getInstructions() ?? '';
      for (const name of TOOLS) assert.match(instructions, new RegExp(`\\b${name}\\b`), `the instructions do not mention ${name}`);
      assert.match(instructions, /never calls Tower/);
    });

    test('search_docs: the site ranking, pages with their best sections, with title, URL, breadcrumb and snippet; kind narrows it', async () => {
      const result = await call('search_docs', {query: 'tower schedules create', limit: 2});
      assert.ok(!result.isError, textOf(result));
      const {hits, pages} = result.structuredContent as {
        pages: number;
        hits: Array<{title: string; url: string; page: string; breadcrumb: string[]; snippet: string; kind: string}>;
      };
      assert.ok(pages >= 2);
      assert.equal(new Set(hits.map((hit) => hit.page)).size, 2, 'two pages');
      assert.ok(hits.length >= 2 && hits.length <= 6, 'up to three sections a page');
      assert.deepEqual(
        {title: hits[0].title, url: hits[0].url, kind: hits[0].kind},
        {title: 'tower schedules create', url: `${SITE.url}/docs/reference/tower-cli#tower-schedules-create`, kind: 'cli'},
      );
      assert.deepEqual(hits[0].breadcrumb.slice(-2), ['Tower CLI', 'tower schedules']);
      assert.ok(hits.every((hit) => hit.snippet.length > 0 && !/[<>]mark|\u0001/.test(hit.snippet)));
      assert.match(
        textOf(result),
        /^\d+ pages match "tower schedules create"; the best sections of the first 2:\n1\. tower schedules create: https:\/\/docs\.tower\.dev\/docs\/reference\/tower-cli#tower-schedules-create/,
      );
      const api = (await call('search_docs', {query: 'create secret', kind: 'api', limit: 3})).structuredContent as {hits: Array<{kind: string; page: string}>};
      assert.equal(new Set(api.hits.map((hit) => hit.page)).size, 3);
      assert.ok(api.hits.every((hit) => hit.kind === 'api'));
      assert.equal(api.hits[0].page, '/docs/reference/api/create-secret');
      const none = await call('search_docs', {query: 'zzqqxxyy'});
      assert.match(textOf(none), /^No page of the documentation matches "zzqqxxyy"/);
    });

    test('search_docs: bad and hostile input', async () => {
      await refused('search_docs', {query: ''}, /query is empty/);
      await refused('search_docs', {query: '   '}, /query is empty/);
      await refused('search_docs', {query: 'x'.repeat(100_000)}, /query is longer than 300 characters/);
      await refused('search_docs', {query: 'apps', kind: 'reference'}, /kind must be one of guides, examples, cli, sdk, towerfile, api/);
      await refused('search_docs', {query: 'apps', limit: 500}, /limit must be at most 20/);
      await refused('search_docs', {query: 'apps', limit: 2.5}, /limit must be a whole number/);
      await refused('search_docs', {query: 'apps', page: 2}, /Unrecognized key.*page/i);
      await refused('search_docs', {query: 42}, /query/);
      // Markup in the query is only words to search for, and comes back as the same text.
      const markup = await call('search_docs', {query: '<img src=x onerror=alert(1)> secrets', limit: 2});
      assert.ok(!markup.isError);
      assert.equal((markup.structuredContent as {query: string}).query, '<img src=x onerror=alert(1)> secrets');
    });

    test('get_page: the Markdown twin of a page, by URL, path or .md URL', async () => {
      const twin = readBuild('docs/concepts/apps.md');
      for (const input of [`${SITE.url}/docs/concepts/apps#schedules`, '/docs/concepts/apps', 'concepts/apps', `${SITE.url}/docs/concepts/apps.md`]) {
        const result = await call('get_page', {url_or_path: input});
        assert.equal(textOf(result), `Source: ${SITE.url}/docs/concepts/apps\n\n${twin}`, input);
      }
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

    test('list_api_operations: every operation, or one tag', async () => {
      const all = (await call('list_api_operations', {})).structuredContent as {
        count: number;
        operations: Array<{id: string; url: string; tag: string; method: string; path: string}>;
      };
      assert.equal(all.count, API_OPERATION_IDS.length);
      assert.deepEqual(all.operations.map((operation) => operation.url.split('/').pop()).sort(), [...API_OPERATION_IDS].sort());
      const secrets = await call('list_api_operations', {tag: 'secrets'});
      const listed = secrets.structuredContent as {tag: string; operations: Array<{tag: string; id: string}>};
      assert.equal(listed.tag, 'Secrets');
      assert.ok(listed.operations.length > 2 && listed.operations.every((operation) => operation.tag === 'Secrets'));
      assert.match(textOf(secrets), /^\d+ operations tagged Secrets;/);
      await refused('list_api_operations', {tag: 'secret'}, /There is no API tag "secret"\. Did you mean "Secrets"\?/);
      await refused('list_api_operations', {tag: ''}, /tag is empty/);
    });

    test('get_api_operation: the operation page as Markdown and its facts', async () => {
      for (const reference of ['create-secret', 'Create-Secret', 'POST /secrets', 'post /secrets', `${SITE.url}/docs/reference/api/create-secret`]) {
        const result = await call('get_api_operation', {id: reference});
        assert.ok(!result.isError, `${reference}: ${textOf(result)}`);
        assert.equal(textOf(result), `Source: ${SITE.url}/docs/reference/api/create-secret\n\n${readBuild('docs/reference/api/create-secret.md')}`);
        assert.deepEqual(
          (({id, method, path: route, tag}) => ({id, method, route, tag}))(result.structuredContent as {id: string; method: string; path: string; tag: string}),
          {id: 'create-secret', method: 'POST', route: '/secrets', tag: 'Secrets'},
        );
      }
      await refused('get_api_operation', {id: 'create-secrets'}, /no API operation "create-secrets"\. Did you mean "create-secret"\?/);
      await refused('get_api_operation', {id: '../../../etc/passwd'}, /There is no API operation/);
    });

    test('check_towerfile: errors and warnings with key path, line and reference entry', async () => {
      const good = await call('check_towerfile', {text: '[app]\nname = "daily-ticker"\nscript = "./main.py"\n'});
      assert.deepEqual(good.structuredContent, {valid: true, problems: []});
      assert.equal(textOf(good), 'The Towerfile is valid.');
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
      assert.match(textOf(bad), /warning at line 3: Unknown key "scirpt" in \[app\].* Did you mean "script"\?/);
      const broken = await call('check_towerfile', {text: '[app\nname = 1'});
      assert.match(textOf(broken), /error at line 1: This table header has no closing "\]"\./);
      await refused('check_towerfile', {text: ''}, /text is empty/);
      await refused('check_towerfile', {text: 'a = 1\n'.repeat(20_000)}, /text is longer than 65536 characters/);
    });

    test('check_tower_command: unknown commands and flags, missing values, required and conflicting flags', async () => {
      const ok = await call('check_tower_command', {line: 'tower deploy --environment staging'});
      assert.deepEqual(ok.structuredContent, {
        valid: true,
        commands: [
          {
            words: ['tower', 'deploy', '--environment', 'staging'],
            command: 'tower deploy',
            problems: [],
            reference: `${SITE.url}/docs/reference/tower-cli#tower-deploy`,
          },
        ],
      });
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

    test('resources: llms.txt, the other llms files and every page twin', async () => {
      const {resources} = await client.listResources();
      const uris = new Set(resources.map((resource) => resource.uri));
      for (const file of ['llms.txt', 'llms-full.txt', 'llms-api.txt', 'llms-sdk.txt']) assert.ok(uris.has(`${SITE.url}/${file}`), file);
      for (const route of ['/docs/intro', '/docs/concepts/apps', '/docs/reference/api/create-secret', '/docs/category/concepts'])
        assert.ok(uris.has(`${SITE.url}${route}.md`), route);
      const llms = await client.readResource({uri: `${SITE.url}/llms.txt`});
      assert.equal((llms.contents[0] as {text: string}).text, readBuild('llms.txt'));
      const page = await client.readResource({uri: `${SITE.url}/docs/concepts/runs.md`});
      assert.equal((page.contents[0] as {text: string}).text, readBuild('docs/concepts/runs.md'));
      await assert.rejects(client.readResource({uri: `${SITE.url}/docs/nope/none.md`}), /There is no page at \/docs\/nope\/none/);
      await assert.rejects(client.readResource({uri: `${SITE.url}/docs/%2e%2e/%2e%2e/package.json.md`}), /not allowed in a page path|not found/i);
    });
  });
}

describe('the HTTP transport and its proxy', () => {
  const post = (url: string, body: string, headers: Record<string, string> = {}) =>
    fetch(url, {method: 'POST', headers: {'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers}, body});
  const searchCall = JSON.stringify({jsonrpc: '2.0', id: 7, method: 'tools/call', params: {name: 'search_docs', arguments: {query: 'secrets', limit: 1}}});

  test('stateless: a tools/call needs no session and gets none', async () => {
    for (const url of [mcp.url, `${nginx.url}/mcp`]) {
      const response = await post(url, searchCall);
      assert.equal(response.status, 200, url);
      assert.equal(response.headers.get('mcp-session-id'), null);
      assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
      const body = (await response.json()) as {id: number; result: {structuredContent: {hits: Array<{page: string}>}}};
      assert.equal(body.id, 7);
      assert.equal(new Set(body.result.structuredContent.hits.map((hit) => hit.page)).size, 1, 'one page, as asked');
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

  test('bodies over 512 KiB are refused before they are read', async () => {
    const huge = JSON.stringify({jsonrpc: '2.0', id: 1, method: 'tools/call', params: {name: 'search_docs', arguments: {query: 'x'.repeat(600 * 1024)}}});
    assert.equal((await post(mcp.url, huge)).status, 413);
    assert.equal((await post(`${nginx.url}/mcp`, huge)).status, 413);
  });

  test('other Host headers (DNS rebinding) and web pages of other origins are refused', async () => {
    const {request} = await import('node:http');
    const status = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const outgoing = request(
          mcp.url,
          {method: 'POST', headers: {'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers}},
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        );
        outgoing.on('error', reject);
        outgoing.end(searchCall);
      });
    assert.equal(await status({Host: 'attacker.example'}), 403);
    assert.equal(await status({Origin: 'https://attacker.example'}), 403);
    assert.equal(await status({}), 200);
    assert.equal((await post(`${nginx.url}/mcp`, searchCall, {Origin: 'https://attacker.example'})).status, 403);
  });

  test('only /mcp is served', async () => {
    const response = await post(mcp.url.replace(/\/mcp$/, '/other'), searchCall);
    assert.equal(response.status, 404);
  });

  test('nginx answers /mcp with the site security headers and no caching', async () => {
    const response = await post(`${nginx.url}/mcp`, searchCall);
    const page = await fetch(`${nginx.url}/docs/intro`);
    for (const header of ['content-security-policy', 'strict-transport-security', 'x-frame-options', 'referrer-policy']) {
      assert.equal(response.headers.get(header), page.headers.get(header), header);
    }
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff', 'once, not twice');
    assert.equal(response.headers.get('cache-control'), 'no-store');
  });

  test('while the server is down, nginx answers 503 with a JSON-RPC error', async () => {
    const down = await startNginx(BUILD, undefined, {mcpUpstream: `127.0.0.1:${await freePort()}`});
    try {
      const response = await post(`${down.url}/mcp`, searchCall);
      assert.equal(response.status, 503);
      assert.equal(response.headers.get('retry-after'), '30');
      assert.ok(response.headers.get('content-security-policy'));
      const body = (await response.json()) as {error: {message: string}};
      assert.match(body.error.message, /docs MCP server is not answering/);
    } finally {
      await down.stop();
    }
  });
});
