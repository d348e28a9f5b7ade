/**
 * What the pages say about the fixture spec (fixtures/demo-api.yaml): type
 * labels, value notes, fields per direction, statuses, authentication, samples,
 * and the two renderers (MDX page, Markdown twin) saying the same things.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import {before, describe, test} from 'node:test';
import {fileURLToPath} from 'node:url';
import {authenticationText, entryLine, markdownFlag, operationFacts, schemaFacts, statusHeading, typeLabel, type Entry, type Flag} from './facts';
import {loadApiModel, type ApiModel, type Operation, type Schema} from './model';
import {renderOperationMarkdown, renderOverviewMarkdown, renderApiText} from './render-markdown';
import {renderOperationPage, renderOverviewPage} from './render-mdx';
import {codeSamples} from './samples';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'demo-api.yaml');
const SITE = 'https://docs.example.com';
const titleOf = (route: string) => (route === '/docs/concepts/runs' ? 'Runs' : route);

let model: ApiModel;
const byId = (id: string): Operation => model.operations.find((operation) => operation.id === id)!;
const schema = (name: string): Schema => model.schemas.get(name)!;
const property = (owner: Schema, name: string): Schema => owner.properties.find((p) => p.name === name)!.schema;
const line = (entry: Entry): string => entryLine(entry, markdownFlag);
const lines = (entries: Entry[], indent = ''): string[] => entries.flatMap((entry) => [`${indent}${line(entry)}`, ...lines(entry.children, `${indent}  `)]);

before(async () => {
  model = await loadApiModel(FIXTURE, 'demo-api.yaml');
});

describe('facts', () => {
  test('type labels', () => {
    const session = byId('create_session').responses[0].content[0].schema!;
    assert.equal(typeLabel(property(session, 'expires_at')), 'string (date-time) or null');
    assert.equal(typeLabel(property(session, 'scope')), 'any of string, array of string');
    assert.equal(typeLabel(property(session, 'owner')), 'User or null');
    assert.equal(typeLabel(byId('create-node').responses[1].content[0].schema!), 'array of Node');
    assert.equal(typeLabel(property(schema('Node'), 'labels')), 'map of string');
    assert.equal(typeLabel(schema('NodeEvent')), 'one of NodeAdded, NodeRemoved');
    assert.equal(typeLabel(property(schema('NodeAdded'), 'event')), 'string');
    // allOf: a part that adds fields makes it a new object; a lone reference keeps its name.
    assert.equal(typeLabel(byId('create_session').requestBody!.content[0].schema!), 'object');
    assert.equal(typeLabel({...schema('User'), name: undefined, allOf: [schema('User')], properties: []}), 'User');
  });

  test('fields carry required, flags, values, defaults and limits', () => {
    assert.deepEqual(lines(schemaFacts(schema('Node'), 'response').entries), [
      '`id` · string · **required** · read-only — ID of the node.',
      '`name` · string · **required** — Maximum length: `64`. Example: `leaf-1`.',
      '`kind` · string · **required** — What the node is. Values: `leaf`, `branch`, `""`.',
      '`parent_id` · string or null — Parent node, or null for a root.',
      '`legacy_label` · string · **deprecated**',
      '`children` · array of Node — Child nodes. Same fields as `Node` above.',
      '`labels` · map of string',
    ]);
    assert.deepEqual(lines(schemaFacts(schema('Problem'), 'response').entries), [
      '`title` · string',
      '`status` · integer — Greater than `99`. Less than `600`.',
    ]);
  });

  test('a request never lists read-only fields, a response never write-only ones', () => {
    assert.ok(!lines(schemaFacts(schema('Node'), 'request').entries).some((line) => line.startsWith('`id`')));
    assert.ok(lines(schemaFacts(schema('NodeInput'), 'request').entries).some((line) => line.startsWith('`secret` · string · write-only')));
    assert.ok(!lines(schemaFacts(schema('NodeInput'), 'response').entries).some((line) => line.startsWith('`secret`')));
  });

  test('the shapes of a oneOf, named by their discriminator value', () => {
    const facts = schemaFacts(byId('stream-node-events').responses[0].content[0].schema!, 'response');
    assert.equal(facts.summary, '**array of one of NodeAdded, NodeRemoved**');
    assert.deepEqual(facts.entries.map(line), ['One of: **NodeAdded** (`event` is `added`)', 'One of: **NodeRemoved** (`event` is `removed`)']);
    assert.equal(line(facts.entries[0].children[0]), '`event` · string · **required** — Always `added`.');
  });

  test('parameters: location, type, limits, lists and examples', () => {
    const facts = operationFacts(byId('describeNode'), titleOf);
    assert.deepEqual(
      facts.parameters.map((p) => `${p.name} · ${entryLine({head: p.meta, flags: p.flags, text: p.text}, markdownFlag)}`),
      [
        'node_id · path · string · **required** — ID of the node. Pattern: `^n-[0-9]+$`.',
        'depth · query · integer — How many levels of children to include. Default: `1`. Minimum: `0`. Maximum: `5`.',
        'fields · query · array of string — Each item: Values: `name`, `kind`, `children`. Comma-separated.',
        'X-Request-Id · header · string (uuid) · **required** — Example: `0b6b4f5e-6a8f-4b8e-9d7c-1f2e3d4c5b6a`.',
        'session · cookie · string',
      ],
    );
    assert.equal(facts.parametersNote, 'The samples use `NODE_ID` for `{node_id}`; replace it with your own.');
  });

  test('statuses in order with their names; bodies, headers, or none', () => {
    const facts = operationFacts(byId('describeNode'), titleOf);
    assert.deepEqual(
      facts.responses.map((r) => r.heading),
      ['200 OK', '304 Not Modified', 'Other statuses'],
    );
    assert.deepEqual(facts.responses[0].headers.map(line), ['Header `X-Rate-Limit-Remaining` · integer — Requests left in this minute.']);
    assert.equal(facts.responses[1].contents.length, 0);
    assert.equal(statusHeading('4XX'), '4XX (any 4xx status)');
    assert.equal(statusHeading('201'), '201 Created');
  });

  test('authentication in words', () => {
    assert.equal(authenticationText(byId('describeNode').security), 'Send a bearer token (`Authorization: Bearer <JWT>`) or an API key (`X-Key: <key>`).');
    assert.equal(authenticationText(byId('delete-node').security), 'Send a bearer token (`Authorization: Bearer <JWT>`) and an API key (`X-Key: <key>`).');
    assert.equal(authenticationText(byId('stream-node-events').security), 'Send an API key (`X-Key: <key>`), or no credentials at all.');
    assert.equal(authenticationText(byId('create_session').security), 'None. This operation needs no credentials.');
  });

  test('examples: the spec example first, else generated; streams as events; the first success answer beside the samples', () => {
    const create = operationFacts(byId('create-node'), titleOf);
    assert.equal(create.requestBody!.contents[0].example!.code, JSON.stringify({name: 'leaf-1', kind: 'leaf'}, null, 2));
    assert.equal(create.requestBody!.contents[1].note, 'The body is raw bytes. A packed node.');
    const streamFacts = operationFacts(byId('stream-node-events'), titleOf);
    const stream = streamFacts.responseExample!;
    assert.equal(streamFacts.responses[0].contents[0].example, undefined, 'the answer beside the samples is not repeated under its status');
    assert.equal(stream.title, 'Response 200 OK');
    assert.equal(stream.language, 'text');
    assert.match(stream.code, /^event: added\ndata: \{.*\}\n\nevent: removed\ndata: \{"id":"ID"\}$/);
    const session = operationFacts(byId('create_session'), titleOf).responseExample!;
    assert.ok(JSON.parse(session.code).token.length >= 20, 'the example honours minLength');
    const node = JSON.parse(operationFacts(byId('describeNode'), titleOf).responseExample!.code);
    assert.ok(!('legacy_label' in node), 'a deprecated field stays out of examples');
    assert.deepEqual(node.labels, {}, 'a free-form map stays empty');
    assert.equal(node.children[0].name, 'leaf-1', 'a recursive schema ends');
  });

  test('samples send cookies, required headers and the smallest body', () => {
    const [curl, python] = codeSamples(byId('describeNode'));
    assert.match(curl.code, /--header 'X-Request-Id: 0b6b4f5e-6a8f-4b8e-9d7c-1f2e3d4c5b6a'/);
    assert.doesNotMatch(curl.code, /session/, 'an optional cookie is left out');
    assert.match(python.code, /"X-Request-Id": "0b6b4f5e/);
    const [login] = codeSamples(byId('create_session'));
    // No field is sent as its type's name: a field the rules do not know is named in capitals for the reader to fill in.
    assert.match(login.code, /--data '\{"user":"USER","password":"YOUR_PASSWORD"\}'/);
  });
});

/** The facts of a rendered page as comparable lines: list items, table rows as items, and code. */
function comparable(text: string, mdx: boolean): string[] {
  const out: string[] = [];
  let fence: string | undefined;
  for (const raw of text.split('\n')) {
    const line = mdx
      ? raw
          .replace(/\\([{}])/g, '$1')
          .replace(/&lt;/g, '<')
          .replace(/<span className="api-flag api-flag--[a-z-]+">([a-z-]+)<\/span>/g, (_all, flag: Flag) => markdownFlag(flag))
      : raw;
    const marker = /^\s*(`{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker.length >= fence.length && line.trim() === marker) fence = undefined;
      else out.push(`code: ${line}`);
      continue;
    }
    if (marker) {
      fence = marker;
      continue;
    }
    const row = /^\| (`[^`]+`)<br\/>(.*) \| (.*) \|$/.exec(line);
    if (row) out.push(`- ${row[1]} · ${row[2]}${row[3].trim() ? ` — ${row[3]}` : ''}`);
    else if (/^\s*- /.test(line) || /^#{2,3} /.test(line)) out.push(line);
  }
  return out;
}

describe('the two renderers', () => {
  test('say the same things about every operation: fields, parameters, statuses and code', () => {
    for (const operation of model.operations) {
      const page = comparable(renderOperationPage(operation, titleOf), true);
      const twin = comparable(renderOperationMarkdown(operation, {siteUrl: SITE, titleOf}), false);
      assert.deepEqual(page, twin, operation.id);
      assert.ok(
        page.some((line) => line.startsWith('code: curl --request')),
        operation.id,
      );
    }
  });

  test('the twin makes links absolute and keeps the samples, the history and the deprecation', () => {
    const twin = renderOperationMarkdown(byId('describeNode'), {siteUrl: SITE, titleOf});
    assert.match(twin, /^# Describe a node\n\n`GET \/nodes\/\{node_id\}`\n/);
    assert.match(
      twin,
      /\*\*Related:\*\* \[Runs\]\(https:\/\/docs\.example\.com\/docs\/concepts\/runs\) · \[\/docs\/reference\/api\/create-node\]\(https:\/\/docs\.example\.com\/docs\/reference\/api\/create-node\)/,
    );
    assert.match(twin, /\*\*tower CLI\*\*\n\n```bash\ntower nodes show n-1\n```/);
    const removed = renderOperationMarkdown(byId('delete-node'), {siteUrl: SITE, titleOf});
    assert.match(removed, /\*\*Deprecated:\*\* This operation is deprecated\./);
    assert.match(removed, /\*\*History:\*\* Last seen in API version `v1\.0\.0`; absent from `v1\.1\.0` on/);
    assert.match(renderOperationPage(byId('delete-node'), titleOf), /\*\*History:\*\* Last seen in API version `v1\.0\.0`/);
  });

  test('MDX pages escape spec text and use one tab value per kind of sample', () => {
    const page = renderOperationPage(byId('describeNode'), titleOf);
    assert.match(
      page,
      /<TabItem value=\{"curl"\} label=\{"curl"\} default>[\s\S]*<TabItem value=\{"python"\} label=\{"Python"\}>[\s\S]*<TabItem value=\{"tower-cli"\} label=\{"tower CLI"\}>/,
    );
    // One tab group for every page's samples, with ?lang= links.
    assert.match(page, /<Tabs groupId=\{"code-language"\} queryString=\{"lang"\}>/);
    assert.match(renderOverviewPage(model), /and &lt;https:\/\/example\.com>\./);
    assert.match(page, /### 304 Not Modified\n\nNot modified since the given ETag\.\n\nNo response body\./);
  });

  test('error bodies link the Errors section of the overview instead of repeating their schema under every status', () => {
    const other = operationFacts(byId('describeNode'), titleOf).responses.find((response) => response.status === 'default')!;
    assert.equal(other.contents[0].schema, undefined);
    assert.equal(other.contents[0].example, undefined, 'no made-up example of an error body');
    assert.equal(other.contents[0].note, 'Schema: `Problem`, described under [Errors](/docs/reference/api/tower-api#errors).');
    assert.match(renderOverviewPage(model), /^## Errors$/m);
  });

  test('the overview and the API text file', () => {
    const overview = renderOverviewMarkdown(model, {siteUrl: SITE, titleOf});
    assert.match(overview, /^# Demo API\n\nVersion `v1\.2\.3` · Base URL `https:\/\/api\.example\.com\/v1`\n/);
    assert.match(overview, /^- \[Log in\]\(https:\/\/docs\.example\.com\/docs\/reference\/api\/create-session\) · POST · `\/sessions`$/m);
    assert.doesNotMatch(overview, /### Unused/, 'a tag without operations is left out');
    const text = renderApiText(model, {siteUrl: SITE, titleOf});
    assert.match(text, /^# Demo API reference \(v1\.2\.3\)\n\n> A small API for tests\./);
    assert.match(text, /^## Overview\n\nVersion/m);
    assert.match(text, /^### Errors$/m, 'the description headings sit below the overview');
    assert.match(text, /^### Log in\n\n`POST \/sessions`\n\nSource: https:\/\/docs\.example\.com\/docs\/reference\/api\/create-session\n/m);
    assert.match(text, /^#### Responses$/m);
  });
});
