import assert from 'node:assert/strict';
import path from 'node:path';
import {before, describe, test} from 'node:test';
import {fileURLToPath} from 'node:url';
import {loadApiModel} from '../api-reference/model';
import {generate, LlmsInputError, markdownPath, type DocInput, type GenerateInput} from './generate';

const doc = (id: string, title: string, description: string | undefined, body = ''): DocInput => ({
  id,
  title,
  permalink: `/docs/${id}`,
  source: `docs/${id}.md`,
  raw: `---\ntitle: ${title}\n${description === undefined ? '' : `description: ${description}\n`}---\n\n# ${title}\n\n${body}\n`,
});

/** The API fixture of plugins/api-reference, loaded before the tests. */
const API_FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'api-reference', 'fixtures', 'demo-api.yaml');
let api: GenerateInput['api'];
before(async () => {
  api = {model: await loadApiModel(API_FIXTURE, 'demo-api.yaml'), linkTitles: {'/docs/concepts/runs': 'Runs'}};
});

function input(overrides: Partial<GenerateInput> = {}): GenerateInput {
  return {
    siteUrl: 'https://docs.example.com',
    productName: 'Demo',
    summary: 'Demo is a product.',
    details: 'Details paragraph.',
    docs: [
      doc('intro', 'Introduction', 'Start here.'),
      doc('start/install', 'Install', 'Install it.', ':::tip[Fast]\nUse pip.\n:::\n\nSee [setup](#setup).'),
      doc('ref/sdk', 'SDK', 'The SDK.', '## `demo.run`\n\nRuns.\n\n```python\nimport demo\n```\n\n### `demo.Thing`\n'),
      doc('examples/one', 'Example one', 'An example.'),
    ],
    sidebars: [
      {
        id: 'docs',
        items: [
          {type: 'doc', id: 'intro'},
          {
            type: 'category',
            label: 'Getting Started',
            link: {type: 'generated-index', permalink: '/docs/category/start', description: 'Begin.'},
            items: [{type: 'doc', id: 'start/install'}],
          },
          {type: 'category', label: 'Reference', items: [{type: 'doc', id: 'ref/sdk'}]},
        ],
      },
      {id: 'examples', items: [{type: 'category', label: 'Examples', items: [{type: 'doc', id: 'examples/one'}]}]},
    ],
    sectionTitles: {'Getting Started': 'Getting started'},
    sectionOrder: ['Getting started', 'Examples', 'Reference', 'API'],
    api,
    sdk: {docId: 'ref/sdk', manifest: {sdkVersion: '1.0', entries: [{name: 'demo.run'}, {name: 'demo.Thing'}]}, manifestName: 'data/sdk.json'},
    ...overrides,
  };
}

describe('llms.txt', () => {
  let files: Map<string, string>;
  let index: string;
  before(() => {
    files = generate(input()).files;
    index = files.get('llms.txt')!;
  });

  test('has one H1, the blockquote summary, then H2 sections of links in the configured order', () => {
    const lines = index.split('\n');
    assert.equal(lines[0], '# Demo');
    assert.equal(lines.filter((line) => line.startsWith('# ')).length, 1);
    assert.equal(lines[2], '> Demo is a product.');
    assert.deepEqual(
      lines.filter((line) => line.startsWith('## ')),
      ['## Getting started', '## Examples', '## Reference', '## API'],
    );
    // Everything after the first section is headings, blank lines or "- [title](url): description".
    const body = lines.slice(lines.indexOf('## Getting started'));
    for (const line of body) assert.match(line, /^(## .+|- \[[^\]]+\]\(https:\/\/\S+\.md\): .+|)$/, line);
  });

  test('puts a top-level doc into the next section and links the Markdown twins', () => {
    assert.match(
      index,
      /## Getting started\n\n- \[Introduction\]\(https:\/\/docs\.example\.com\/docs\/intro\.md\): Start here\.\n- \[Install\]\(https:\/\/docs\.example\.com\/docs\/start\/install\.md\): Install it\./,
    );
    assert.match(
      index,
      /- \[Describe a node\]\(https:\/\/docs\.example\.com\/docs\/reference\/api\/describe-node\.md\): `GET \/nodes\/\{node_id\}`\. Returns one node with its children\./,
    );
    assert.match(index, /- \[Demo API overview\]\(https:\/\/docs\.example\.com\/docs\/reference\/api\/tower-api\.md\): A small API for tests\./);
  });

  test('names the three other files', () => {
    for (const name of ['llms-full.txt', 'llms-api.txt', 'llms-sdk.txt']) {
      assert.match(index, new RegExp(`- \\[${name.replace('.', '\\.')}\\]\\(https://docs\\.example\\.com/${name.replace('.', '\\.')}\\): `));
      assert.ok(files.has(name), name);
    }
  });

  test('names the docs MCP server and its server card, as text rather than links', () => {
    assert.match(
      index,
      /\nCoding agents can also reach these docs through an MCP server at https:\/\/docs\.example\.com\/mcp \(Streamable HTTP; its server card is at https:\/\/docs\.example\.com\/\.well-known\/mcp\/server-card\.json\): /,
    );
    assert.ok(index.indexOf('MCP server') < index.indexOf('## Getting started'), 'before the sections');
  });

  test('every link target is a generated file', () => {
    for (const [, url] of index.matchAll(/\]\((https:\/\/docs\.example\.com\/[^)]+)\)/g)) {
      assert.ok(files.has(url.replace('https://docs.example.com/', '')), url);
    }
  });
});

describe('the other files', () => {
  let files: Map<string, string>;
  before(() => {
    files = generate(input()).files;
  });

  test('llms-full.txt holds every page in sidebar order, cleaned', () => {
    const full = files.get('llms-full.txt')!;
    const titles = [...full.matchAll(/^# (.+)$/gm)].map((match) => match[1]);
    assert.deepEqual(titles, ['Demo documentation, full text', 'Introduction', 'Install', 'SDK', 'Example one']);
    assert.match(full, /# Install\n\nSource: https:\/\/docs\.example\.com\/docs\/start\/install\n\n> \*\*Tip: Fast\*\*\n>\n> Use pip\./);
    assert.match(full, /\[setup\]\(https:\/\/docs\.example\.com\/docs\/start\/install#setup\)/);
    assert.doesNotMatch(full, /^---$|^description:|:::/m);
  });

  test('every doc and category index gets a Markdown twin', () => {
    assert.equal(files.get('docs/intro.md'), '# Introduction\n');
    assert.equal(files.get('docs/category/start.md'), '# Getting Started\n\nBegin.\n\n- [Install](https://docs.example.com/docs/start/install): Install it.\n');
    assert.match(files.get('docs/reference/api/describe-node.md')!, /^# Describe a node\n\n`GET \/nodes\/\{node_id\}`/);
    assert.match(files.get('docs/reference/api/tower-api.md')!, /^# Demo API\n\nVersion `v1\.2\.3`/);
    assert.match(files.get('llms-api.txt')!, /^# Demo API reference \(v1\.2\.3\)/);
  });

  test('the SDK file is the cleaned SDK page under its own header', () => {
    const sdk = files.get('llms-sdk.txt')!;
    assert.match(sdk, /^# SDK reference \(Python package `tower` 1\.0\)\n\n> The SDK\./);
    assert.match(sdk, /## `demo\.run`[\s\S]*```python\nimport demo\n```[\s\S]*### `demo\.Thing`/);
  });

  test('output is the same whatever order the docs arrive in', () => {
    const shuffled = input();
    shuffled.docs = [...shuffled.docs].reverse();
    const again = generate(shuffled).files;
    assert.deepEqual([...again.keys()], [...files.keys()]);
    for (const [name, content] of files) assert.equal(again.get(name), content, name);
    assert.deepEqual([...files.keys()], [...files.keys()].sort());
  });

  test('markdownPath', () => {
    assert.equal(markdownPath('/docs/intro'), '/docs/intro.md');
    assert.equal(markdownPath('/docs/'), '/docs/index.md');
    assert.equal(markdownPath('/docs/a#b'), '/docs/a.md');
  });
});

describe('bad input fails with the culprit named', () => {
  test('a sidebar doc without a description', () => {
    const bad = input();
    bad.docs = bad.docs.map((d) => (d.id === 'start/install' ? doc('start/install', 'Install', undefined) : d));
    assert.throws(
      () => generate(bad),
      (error: Error) =>
        error instanceof LlmsInputError && /docs\/start\/install\.md \(doc "start\/install"\) has no front-matter description/.test(error.message),
    );
  });

  test('an SDK manifest entry with no section', () => {
    const bad = input();
    bad.sdk!.manifest.entries.push({name: 'demo.missing'});
    assert.throws(() => generate(bad), /docs\/ref\/sdk\.md has no section for the SDK entry "demo\.missing" from data\/sdk\.json/);
  });

  test('a sidebar that lists a doc that does not exist', () => {
    const bad = input();
    bad.sidebars[1].items.push({type: 'doc', id: 'examples/ghost'});
    assert.throws(() => generate(bad), /sidebar "examples" lists the doc "examples\/ghost", which does not exist/);
  });

  test('an unclosed admonition', () => {
    const bad = input();
    bad.docs.push(doc('broken', 'Broken', 'Broken page.', ':::note\nnever closed'));
    assert.throws(() => generate(bad), /docs\/broken\.md:\d+: admonition is never closed/);
  });

  test("API pages come from the model: an API doc gets the model's twin, one the model lacks gets none", () => {
    const withApiDocs = input();
    withApiDocs.docs.push(
      {...doc('reference/api/describe-node', 'Describe a node', 'Page.'), raw: '---\nid: describe-node\n---\n\nimport Tabs from "@theme/Tabs";\n'},
      doc('reference/api/nodes', 'Nodes', 'A tag page.'),
    );
    const files = generate(withApiDocs).files;
    assert.match(files.get('docs/reference/api/describe-node.md')!, /^# Describe a node\n\n`GET /);
    assert.ok(!files.has('docs/reference/api/nodes.md'));
  });
});
