/**
 * Unit tests of the local search: page extraction (HTML and Markdown), the
 * packed file, the engine's matching, ranking, escaping and facet filters,
 * and the client's request handling.
 */
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import {answerQuestion} from '../../src/search/answer';
import {createLocalSearchClient, normaliseRequests} from '../../src/search/client';
import {buildEngine, SearchEngine} from '../../src/search/engine';
import {kindFacetFilter, kindOfRoute} from '../../src/search/kinds';
import {editDistance, typosAllowed} from '../../src/search/query';
import {blocksText, packRecords, pageBlocks, pagesToRecords, pageTexts, unpackIndex, type ExtractedPage} from '../../src/search/records';
import {indexWords, WordIndex} from '../../src/search/postings';
import {escapeHtml, unescapeHtml} from '../../lib/html';
import {snippet, termsOf} from '../../src/search/text';
import {CODE_BLOCK_CHARS, codeStart, extractPage} from './extract-html';
import {extractMarkdown} from './extract-markdown';
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {normalizePluginOptions} from '@docusaurus/utils-validation';
import searchIndexPlugin, {condenseApiPage, docSearchWithoutEval, routeOfFile, validateOptions} from './index';

const SITE = 'https://docs.tower.dev';

const DOC_HTML = `<!doctype html><html lang=en><head>
<meta name=docsearch:language content=en><meta name=docsearch:docusaurus_tag content=docs-default-current></head>
<body><nav class=navbar>Documentation Examples</nav><main><article>
<nav class=theme-doc-breadcrumbs><ul class=breadcrumbs><li class=breadcrumbs__item><a aria-label="Home page" href=/><svg viewBox="0 0 24 24"><path d="M1 1"/></svg></a><li class=breadcrumbs__item><a href=/docs/category/concepts>Concepts</a><li class=breadcrumbs__item>Apps</ul></nav>
<div class=theme-doc-toc-mobile><button>On this page</button></div>
<div class="theme-doc-markdown markdown"><header><h1>Apps</h1></header>
<p>An <strong>app</strong> is the unit
of work &lt;in&gt; Tower.</p>
<h2 class=anchor id=schedules>Schedules<a class=hash-link href=#schedules>&#8203;</a></h2>
<p>Run apps on a cron.</p>
<div class=theme-code-block><pre><code>${'tower schedules create --cron "0 9 * * *"\n'.repeat(20)}</code></pre><button>Copy</button></div>
<h3 id=cron-syntax>Cron syntax</h3><ul><li>Five fields<li>UTC</ul>
<h2 id=parameters>Parameters</h2><table><tr><th>Name<th>Type</table>
</div><footer class=theme-doc-footer>Edit this page</footer><nav class=pagination-nav>Next</nav></article></main>
<footer class=footer>Copyright</footer></body></html>`;

describe('HTML extraction', () => {
  const page = extractPage(DOC_HTML, '/docs/concepts/apps', 'concept')!;

  test('reads the title, breadcrumb trail, language and tag', () => {
    assert.equal(page.title, 'Apps');
    assert.deepEqual(page.trail, ['Concepts']);
    assert.equal(page.kind, 'concept');
    assert.equal(page.language, 'en');
    assert.deepEqual(page.tags, ['docs-default-current']);
  });

  test('splits at headings with ids, keeping their nesting', () => {
    assert.deepEqual(
      page.sections.map((s) => [s.level, s.anchor, s.heading, s.parents]),
      [
        [1, null, 'Apps', []],
        [2, 'schedules', 'Schedules', []],
        [3, 'cron-syntax', 'Cron syntax', ['Schedules']],
        [2, 'parameters', 'Parameters', []],
      ],
    );
  });

  test('keeps reader-visible text only: no nav, buttons, anchors or footers; entities decoded', () => {
    const all = page.sections.map((s) => s.text).join('\n');
    assert.equal(page.sections[0].text, 'An app is the unit of work <in> Tower.');
    for (const noise of ['On this page', 'Copy', 'Edit this page', 'Next', 'Copyright', 'Documentation', '\u200b']) {
      assert.ok(!all.includes(noise), `no "${noise}"`);
    }
    assert.match(page.sections[2].text, /Five fields\nUTC/);
    assert.match(page.sections[3].text, /Name Type/);
  });

  test('indexes only the start of long code blocks, never cutting a word', () => {
    const code = page.sections[1].text.replace('Run apps on a cron.\n', '');
    assert.ok(code.startsWith('tower schedules create --cron'));
    assert.ok(code.length <= CODE_BLOCK_CHARS + 10, `${code.length} chars`);
    // A comment first: the command that crosses the limit is finished, not cut to "crea".
    const comment = '# create a secret in default (inherited by every environment)\ntower secrets create --name=A --value="$B"';
    assert.match(codeStart(comment), /\ntower secrets create$/);
    // A word too long to finish (a URL, a hash) is left out rather than cut.
    assert.equal(codeStart(`${'word '.repeat(15)}${'x'.repeat(100)}`), 'word '.repeat(15).trimEnd());
    assert.equal(codeStart('short'), 'short');
  });

  test('keeps a space between inline elements set apart only by style (an API method and its path), not inside code', () => {
    const html = DOC_HTML.replace(
      '<p>Run apps on a cron.</p>',
      '<p class=api-endpoint><span class=api-method>POST</span><code>/apps/{name}/runs</code></p><pre><code><span>tower</span><span>.</span><span>run_app</span></code></pre>',
    );
    const text = extractPage(html, '/docs/concepts/apps', 'concept')!.sections[1].text;
    assert.match(text, /^POST \/apps\/\{name\}\/runs\ntower\.run_app\n/);
  });

  test('reads each section as blocks: paragraphs, lists, tables with their header row, whole code blocks with their language and title', () => {
    const html = DOC_HTML.replace(
      '<p>Run apps on a cron.</p>',
      '<p>Run apps on a cron.</p><p>Tower publishes these addresses:</p><table><thead><tr><th>Egress IP<tbody><tr><td><code>3.124.118.210</code><tr><td>63.177.162.15</table>' +
        '<ol start=3><li>First <strong>step</strong><ul><li>nested</ul><li>Second<div class="theme-code-block language-toml"><div class=title_x>Towerfile</div><pre><code>[app]\nname = "x"</code></pre><button>Copy</button></div><li>Third</ol>',
    );
    const section = extractPage(html, '/docs/concepts/apps', 'concept')!.sections[1];
    assert.deepEqual(section.blocks?.slice(0, 7), [
      'Run apps on a cron.',
      'Tower publishes these addresses:',
      {table: [['Egress IP'], ['3.124.118.210'], ['63.177.162.15']]},
      {list: ['First step', 'nested', 'Second'], start: 3},
      {code: '[app]\nname = "x"', language: 'toml', title: 'Towerfile'},
      {list: ['Third'], start: 6},
      {code: 'tower schedules create --cron "0 9 * * *"\n'.repeat(20).trimEnd()},
    ]);
    // The index reads the same text as before: a line per paragraph, item and row, the start of each code block.
    assert.match(
      section.text,
      /^Run apps on a cron\.\nTower publishes these addresses:\nEgress IP\n3\.124\.118\.210\n63\.177\.162\.15\nFirst step\nnested\nSecond\n\[app\]/,
    );
  });

  test('maps build files to routes', () => {
    assert.equal(routeOfFile('/b', '/b/docs/concepts/apps/index.html'), '/docs/concepts/apps');
    assert.equal(routeOfFile('/b', '/b/docs/intro.html'), '/docs/intro');
    assert.equal(routeOfFile('/b', '/b/index.html'), '/');
  });
});

describe('API pages in the index', () => {
  const page = (path: string): ExtractedPage => ({
    path,
    trail: ['Reference', 'Tower API'],
    kind: 'api',
    title: 'T',
    language: 'en',
    tags: ['docs-default-current'],
    sections: [
      {level: 1, anchor: null, heading: 'T', parents: [], text: 'x'.repeat(2000)},
      {level: 2, anchor: 'code-samples', heading: 'Code samples', parents: [], text: 'curl'},
      {level: 2, anchor: 'responses', heading: 'Responses', parents: [], text: 'y'.repeat(500)},
    ],
  });

  test('operation pages lose their code samples and long schemas; the overview and other pages stay whole', () => {
    const condensed = condenseApiPage(page('/docs/reference/api/run-app'));
    assert.deepEqual(
      condensed.sections.map((s) => [s.anchor, s.text.length]),
      [
        [null, 900],
        ['responses', 160],
      ],
    );
    for (const path of ['/docs/reference/api/tower-api', '/docs/reference/tower-cli', '/docs/reference/api/x/y']) {
      assert.equal(condenseApiPage(page(path)).sections.length, 3, path);
    }
  });
});

describe('Markdown extraction (development server)', () => {
  test('gives the same anchors as Docusaurus and strips inline markup', () => {
    const page = extractMarkdown(
      '---\ntitle: Ref\n---\n\n# Ref\n\nIntro with a [link](/docs/x) and `code`.\n\n## `tower apps list`\n\nLists apps.\n\n```bash\n# not a heading\ntower apps list\n```\n\n### `tower.run_app` {#custom}\n\n:::tip[Remember]\nText\n:::\n',
      {path: '/docs/ref', title: 'Ref', trail: ['Reference'], kind: 'guide'},
    );
    assert.deepEqual(
      page.sections.map((s) => [s.anchor, s.heading]),
      [
        [null, 'Ref'],
        ['tower-apps-list', 'tower apps list'],
        ['custom', 'tower.run_app'],
      ],
    );
    assert.equal(page.sections[0].text, 'Intro with a link and code.');
    assert.match(page.sections[1].text, /# not a heading\ntower apps list/);
    assert.match(page.sections[2].text, /Remember\nText/);
  });

  test('reads the same blocks as the built page: paragraphs whole, lists, tables, code with its language and title', () => {
    const source = [
      '# Networking',
      '',
      'Tower publishes these two **IP',
      'addresses**:',
      '',
      '| Egress IP address |',
      '|---|',
      '| `3.124.118.210` |',
      '| `63.177.162.15` |',
      '',
      '1. Install it:',
      '',
      '   ```toml title="Towerfile"',
      '   [app]',
      '   name = "x"',
      '   ```',
      '2. Run `tower deploy --name <name>`',
      '   and wait.',
      '',
      '::towerfile-checker',
    ].join('\n');
    const page = extractMarkdown(source, {path: '/docs/n', title: 'Networking', trail: [], kind: 'concept'});
    assert.deepEqual(page.sections[0].blocks, [
      'Tower publishes these two IP addresses:',
      {table: [['Egress IP address'], ['3.124.118.210'], ['63.177.162.15']]},
      {list: ['Install it:'], start: 1},
      {code: '[app]\nname = "x"', language: 'toml', title: 'Towerfile'},
      {list: ['Run tower deploy --name <name> and wait.'], start: 2},
    ]);
  });
});

function samplePages(): ExtractedPage[] {
  const doc = (
    path: string,
    title: string,
    trail: string[],
    kind: ExtractedPage['kind'],
    sections: Array<[number, string, string, string[], string]>,
  ): ExtractedPage => ({
    path,
    title,
    trail,
    kind,
    language: 'en',
    tags: ['docs-default-current'],
    sections: sections.map(([level, anchor, heading, parents, text]) => ({level, anchor: anchor || null, heading, parents, text})),
  });
  return [
    doc('/docs/concepts/apps', 'Apps', ['Concepts'], 'concept', [
      [1, '', 'Apps', [], 'An app is your code plus a Towerfile.'],
      [2, 'schedules', 'Schedules', [], 'Run an app every day with a cron expression.'],
    ]),
    doc('/docs/reference/tower-cli', 'Tower CLI', ['Reference'], 'cli', [
      [1, '', 'Tower CLI', [], 'Every command of the tower CLI.'],
      [3, 'tower-schedules-create', 'tower schedules create', ['tower schedules'], 'Creates a schedule. Use <APP> and --cron "<EXPR>".'],
      [3, 'tower-deploy', 'tower deploy', [], 'Uploads the app described by the Towerfile as a new version.'],
    ]),
    doc('/docs/concepts/runs', 'Runs', ['Concepts'], 'concept', [[1, '', 'Runs', [], 'A run is one execution of an app. Schedules start runs too.']]),
    doc('/docs/reference/api/list-schedules', 'List schedules', ['Reference', 'Tower API', 'Schedules'], 'api', [
      [1, '', 'List schedules', [], 'GET /schedules\nLists the schedules of an app.'],
    ]),
    doc('/docs/reference/api/create-schedule', 'Create a schedule', ['Reference', 'Tower API', 'Schedules'], 'api', [
      [1, '', 'Create a schedule', [], 'POST /schedules\nCreates a schedule that runs an app.'],
    ]),
    doc('/docs/category/concepts', 'Concepts', [], 'category', [[1, '', 'Concepts', [], 'Apps: an app and its schedules. Runs: one execution.']]),
  ];
}

describe('records and the packed file', () => {
  test('records are DocSearch-shaped with absolute URLs', () => {
    const records = pagesToRecords(samplePages(), SITE);
    const schedule = records.find((r) => r.anchor === 'tower-schedules-create')!;
    assert.equal(schedule.url, `${SITE}/docs/reference/tower-cli#tower-schedules-create`);
    assert.equal(schedule.url_without_anchor, `${SITE}/docs/reference/tower-cli`);
    assert.equal(schedule.type, 'lvl3');
    assert.deepEqual(schedule.hierarchy, {
      lvl0: 'Reference',
      lvl1: 'Tower CLI',
      lvl2: 'tower schedules',
      lvl3: 'tower schedules create',
      lvl4: null,
      lvl5: null,
      lvl6: null,
    });
    assert.ok(records.every((r) => new URL(r.url).origin === SITE && r.hierarchy.lvl1));
  });

  test("pack and unpack give back the same records: the index file without text, each page's text in its own file", () => {
    const records = pagesToRecords(samplePages(), SITE);
    const {index, texts} = packRecords(records, SITE, (_, position, kind) => `${kind}-${position}.json`);
    const unpacked = unpackIndex(JSON.parse(JSON.stringify(index)));
    assert.ok(
      unpacked.records.every((record) => record.content === null),
      'no text in the index file',
    );
    assert.doesNotMatch(JSON.stringify(index), /Run apps on a cron/);
    for (const page of unpacked.pages) pageTexts(unpacked.records, page, JSON.parse(JSON.stringify(texts.get(page.textFile))));
    assert.deepEqual(unpacked.records, records);
    // An API operation page keeps its method and path, for queries that name it.
    assert.deepEqual(unpacked.pages.map((page) => page.endpoint).filter(Boolean), ['GET /schedules', 'POST /schedules']);
    // A text file that does not fit its page is refused, not shown under the wrong headings.
    assert.throws(() => pageTexts(unpacked.records, unpacked.pages[0], ['one']), /does not belong/);
  });

  test("a page's blocks go to a file of their own, named in the index, and come back whole; a file that does not fit is refused", () => {
    const blocks = [
      'Intro:',
      {
        table: [
          ['A', 'B'],
          ['1', '2'],
        ],
      },
      {code: `tower run\n${'# a long listing\n'.repeat(10)}# the end`, language: 'bash'},
    ];
    const page: ExtractedPage = {
      path: '/docs/x',
      title: 'X',
      trail: [],
      kind: 'guide',
      language: 'en',
      tags: [],
      sections: [{level: 1, anchor: null, heading: 'X', parents: [], text: blocksText(blocks), blocks}],
    };
    const records = pagesToRecords([page], SITE);
    const {index, texts} = packRecords(records, SITE, (_, position, kind) => `${kind}-${position}.json`);
    assert.deepEqual(index.pages[0].slice(6), ['text-0.json', '', 'blocks-0.json']);
    assert.doesNotMatch(JSON.stringify(texts.get('text-0.json')), /the end/, 'the text file holds the code block only as the index reads it');
    const unpacked = unpackIndex(JSON.parse(JSON.stringify(index)));
    pageTexts(unpacked.records, unpacked.pages[0], texts.get('text-0.json'));
    pageBlocks(unpacked.records, unpacked.pages[0], JSON.parse(JSON.stringify(texts.get('blocks-0.json'))));
    assert.deepEqual(unpacked.records, records);
    assert.throws(() => pageBlocks(unpacked.records, unpacked.pages[0], [[{table: 'not rows'}]]), /does not belong/);
    assert.throws(() => pageBlocks(unpacked.records, unpacked.pages[0], []), /does not belong/);
  });

  test('the word index scores with BM25+ and survives the trip through JSON unchanged', () => {
    const words = indexWords([
      {title: ['schedul'], path: [], content: ['cron', 'schedul', 'schedul']},
      {title: ['secret'], path: ['schedul'], content: ['constructor']},
      {title: [], path: [], content: []},
    ]);
    const index = new WordIndex(JSON.parse(JSON.stringify(words)));
    assert.deepEqual(index.terms, ['constructor', 'cron', 'schedul', 'secret']);
    // Field lengths count distinct terms; the averages are over every document, the empty one included.
    assert.deepEqual(words.averages, [2 / 3, 1 / 3, 3 / 3]);
    const weights = new Map([
      ['schedul', 1],
      ['cron', 0.5],
      ['missing', 1],
    ]);
    const found = index.search(weights, {title: 5, path: 1.6, content: 1}, (id) => (id === 0 ? 2 : 1));
    assert.deepEqual(
      found.map(({id, terms, match}) => ({id, terms, match: {...match}})),
      [
        {id: 0, terms: ['schedul', 'cron'], match: {schedul: ['title', 'content'], cron: ['content']}},
        {id: 1, terms: ['schedul'], match: {schedul: ['path']}},
      ],
    );
    // BM25+ (k 1.2, b 0.7, d 0.5) by hand: idf from 1 of 3 documents, a term once in a title of length 1 against the average 2/3.
    const bm25 = (times: number, length: number, average: number) =>
      Math.log(1 + (3 - 1 + 0.5) / (1 + 0.5)) * (0.5 + (times * 2.2) / (times + 1.2 * (1 - 0.7 + (0.7 * length) / average)));
    const first = 1 * 5 * 2 * bm25(1, 1, 2 / 3) + 1 * 1 * 2 * bm25(2, 2, 1) + 0.5 * 1 * 2 * bm25(1, 2, 1);
    assert.ok(Math.abs(found[0].score - first * 2) < 1e-9, `${found[0].score} against ${first * 2}`);
    assert.ok(Math.abs(found[1].score - 1.6 * bm25(1, 1, 1 / 3)) < 1e-9);
    // A term that is also an Object property name is a term like any other; a filter drops documents after scoring.
    assert.deepEqual(
      index.search(new Map([['constructor', 1]]), {title: 5, path: 1.6, content: 1}, () => 1).map(({id}) => id),
      [1],
    );
    assert.deepEqual(
      index
        .search(
          weights,
          {title: 5, path: 1.6, content: 1},
          () => 1,
          (id) => id !== 0,
        )
        .map(({id}) => id),
      [1],
    );
  });

  test('anchors that are the heading slug are derived, others are kept, repeats are numbered', () => {
    const section = (level: number, anchor: string | null, heading: string, parents: string[] = []) => ({level, anchor, heading, parents, text: heading});
    const page: ExtractedPage = {
      path: '/docs/x',
      title: 'X',
      trail: ['Docs'],
      kind: 'guide',
      language: 'en',
      tags: [],
      sections: [
        section(1, null, ''),
        section(2, 'examples', 'Examples'),
        section(3, 'towerrun_app', '`tower.run_app`'.replace(/`/g, ''), ['Examples']),
        section(2, 'examples-1', 'Examples'),
        section(2, 'custom-id', 'Renamed by hand'),
        section(2, null, 'No anchor'),
      ],
    };
    const records = pagesToRecords([page], SITE);
    const {index, texts} = packRecords(records, SITE, () => 'x.json');
    assert.deepEqual(
      index.sections.map((entry) => entry[1]),
      ['-', '', '', '', 'custom-id', '-'],
    );
    const unpacked = unpackIndex(JSON.parse(JSON.stringify(index)));
    pageTexts(unpacked.records, unpacked.pages[0], texts.get('x.json'));
    assert.deepEqual(unpacked.records, records);
  });
});

describe('engine', () => {
  const engine = SearchEngine.fromRecords(pagesToRecords(samplePages(), SITE));
  const urls = (query: string) => engine.search({query}).hits.map((hit) => hit.url.replace(SITE, ''));

  test('finds words by prefix and with a typo anywhere in them, a swap of two letters counting as one', () => {
    assert.ok(urls('sched').length > 0);
    for (const typo of ['scedule', 'shcedule', 'schedlue']) assert.match(urls(typo)[0], /#(tower-)?schedules/, typo);
    assert.ok(urls('deploi').includes('/docs/reference/tower-cli#tower-deploy'));
    assert.ok(urls('dpeloy').includes('/docs/reference/tower-cli#tower-deploy'), 'a typo in the first letters');
    // Short words are not corrected: "rnu" is not "run".
    assert.deepEqual(urls('rnu'), []);
  });

  test('ranks a heading match above a body match', () => {
    const found = urls('schedule');
    assert.ok(found.indexOf('/docs/concepts/apps#schedules') < found.indexOf('/docs/concepts/runs'));
  });

  test('falls back to any word when no section has all of them', () => {
    assert.ok(urls('towerfile zebra').length > 0);
    assert.deepEqual(urls('zebra giraffe'), []);
  });

  test('escapes text in highlights and snippets; only the highlight tags are markup', () => {
    const hit = engine
      .search({query: 'cron expr', highlightPreTag: '<mark>', highlightPostTag: '</mark>'})
      .hits.find((h) => h.anchor === 'tower-schedules-create')!;
    assert.match(hit._snippetResult.content.value, /&lt;APP&gt;/);
    assert.match(hit._snippetResult.content.value, /&quot;&lt;<mark>EXPR<\/mark>&gt;&quot;/);
    assert.doesNotMatch(hit._snippetResult.content.value.replace(/<\/?mark>/g, ''), /[<>]/);
    const markup = engine.search({query: '<script>alert(1)</script> app'});
    for (const h of markup.hits) assert.doesNotMatch(JSON.stringify(h._highlightResult), /<script/);
  });

  test('a section found by its text alone is a content hit; one found by its heading keeps its level', () => {
    const byText = engine.search({query: 'use expr'}).hits.find((h) => h.anchor === 'tower-schedules-create')!;
    assert.equal(byText.type, 'content');
    const byHeading = engine.search({query: 'schedules'}).hits.find((h) => h.anchor === 'schedules')!;
    assert.equal(byHeading.type, 'lvl2');
  });

  test('snippets are a window around the first match', () => {
    const text = `${'word '.repeat(50)}target ${'tail '.repeat(50)}`;
    const {value} = snippet(text, new Set(['target']), {pre: '[', post: ']'}, 10, '…');
    assert.match(value, /^….*\[target\].*…$/);
    assert.ok(value.split(' ').length <= 12);
  });

  test("the browser loads the build's word index and, once the shown pages' text is in, answers like the build", async () => {
    const {index, texts} = engine.pack(SITE, (_, position, kind) => `${kind}-${position}.json`);
    const loaded = await buildEngine(JSON.parse(JSON.stringify(index)));
    for (const query of ['schedule', 'scedule', 'towerfile zebra', 'deploy app', 'POST /schedules', 'create-schedule']) {
      const prepared = loaded.prepare({query});
      // Ranking needs no text: the same sections, in the same order, before any text file arrives.
      assert.deepEqual(
        prepared.shown.map((entry) => entry.record.url),
        engine.prepare({query}).shown.map((entry) => entry.record.url),
        query,
      );
      for (const position of loaded.missingText(prepared.shown))
        loaded.addText(position, JSON.parse(JSON.stringify(texts.get(loaded.pages[position].textFile))));
      assert.deepEqual(loaded.missingText(prepared.shown), []);
      assert.deepEqual(loaded.respond(prepared).hits, engine.search({query}).hits, query);
    }
  });

  test('pages and counts like Algolia', () => {
    const first = engine.search({query: 'app', hitsPerPage: 2, page: 0});
    const second = engine.search({query: 'app', hitsPerPage: 2, page: 1});
    assert.equal(first.hits.length, 2);
    assert.equal(first.nbPages, Math.ceil(first.nbHits / 2));
    assert.notDeepEqual(first.hits[0].objectID, second.hits[0]?.objectID);
  });

  test('applies facet filters (AND of groups, OR within a group)', () => {
    assert.ok(engine.search({query: 'app', facetFilters: ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']]}).nbHits > 0);
    assert.equal(engine.search({query: 'app', facetFilters: ['language:fr']}).nbHits, 0);
  });

  test('Ask AI answers from one section, citing it, and says "not found" for words the docs lack', () => {
    const answer = answerQuestion(engine, 'how do I run an app on a cron schedule');
    assert.ok(answer.found);
    assert.ok(answer.blocks.some((block) => /cron/i.test(typeof block === 'string' ? block : JSON.stringify(block))));
    assert.equal(answer.sources.length, 1);
    for (const source of answer.sources) assert.ok(source.url.startsWith(`${SITE}/docs/`));
    const none = answerQuestion(engine, 'zebra giraffe');
    assert.equal(none.found, false);
    assert.deepEqual(none.blocks, []);
  });

  test('Ask AI quotes a sentence with the table it introduces, shows at most ten rows and says how many more there are', () => {
    const rows = Array.from({length: 14}, (_, i) => [`status${i}`, `meaning ${i}`]);
    const page: ExtractedPage = {
      path: '/docs/concepts/runs',
      title: 'Runs',
      trail: ['Concepts'],
      kind: 'concept',
      language: 'en',
      tags: ['docs-default-current'],
      sections: [
        {level: 1, anchor: null, heading: 'Runs', parents: [], text: 'A run executes an app.', blocks: ['A run executes an app.']},
        {
          level: 2,
          anchor: 'run-statuses',
          heading: 'Run statuses',
          parents: [],
          text: '',
          blocks: [
            'Unrelated <script>alert(1)</script> remark about nothing.',
            'A run moves through these statuses:',
            {table: [['Status', 'Meaning'], ...rows]},
          ],
        },
      ],
    };
    page.sections[1].text = blocksText(page.sections[1].blocks ?? []);
    const runs = SearchEngine.fromRecords(pagesToRecords([page], SITE));
    const answer = answerQuestion(runs, 'what are the run statuses');
    assert.deepEqual(
      answer.sources.map((source) => source.url),
      [`${SITE}/docs/concepts/runs#run-statuses`],
    );
    assert.deepEqual(answer.blocks, [
      'A run moves through these statuses:',
      {table: [['Status', 'Meaning'], ...rows.slice(0, 10)]},
      '… and 4 more rows in the section.',
    ]);
  });

  test('terms: stems, stop words, identifiers kept whole with their parts, "log in" apart from logs', () => {
    assert.deepEqual(termsOf('How do I list the schedules'), ['list', 'schedul']);
    assert.deepEqual(termsOf('scheduling scheduled rotate rotated rotation'), ['schedul', 'schedul', 'rotat', 'rotat', 'rotat']);
    assert.deepEqual(termsOf('tower.run_app --environment'), ['tower.run_app', 'run_app', 'tower', 'run', 'app', '--environment', 'environ']);
    assert.deepEqual(termsOf('X-API-Key tower[iceberg]'), ['x-api-key', 'x', 'api', 'key', 'tower[iceberg]', 'tower', 'iceberg']);
    assert.deepEqual(termsOf('Read the logs. Log in first, then log out.'), ['read', 'log', 'login', 'first', 'logout']);
    assert.deepEqual(termsOf('the logs in the web app'), ['log', 'web', 'app']);
    assert.equal(unescapeHtml(escapeHtml(`<a href="x">'&'</a>`)), `<a href="x">'&'</a>`);
    assert.equal(unescapeHtml('&#60;b&#x3e;'), '<b>');
  });
});

describe('local client', () => {
  test('accepts DocSearch 4 requests and the legacy array form with string params', () => {
    assert.deepEqual(normaliseRequests({requests: [{indexName: 'i', query: 'q', hitsPerPage: 5}]})[0], {
      indexName: 'i',
      request: {
        query: 'q',
        page: undefined,
        hitsPerPage: 5,
        facetFilters: undefined,
        attributesToSnippet: undefined,
        highlightPreTag: undefined,
        highlightPostTag: undefined,
        snippetEllipsisText: undefined,
        distinct: undefined,
        facets: undefined,
      },
    });
    const legacy = normaliseRequests([{indexName: 'i', params: 'query=tower&page=2&facetFilters=%5B%22language%3Aen%22%5D'}])[0].request;
    assert.equal(legacy.query, 'tower');
    assert.equal(legacy.page, 2);
    assert.deepEqual(legacy.facetFilters, ['language:en']);
  });

  test('adds agent segments and reports them like the Algolia client', () => {
    const client = createLocalSearchClient('/search-index.json');
    client.addAlgoliaAgent('docusaurus', '3.9.1');
    assert.match(client.transporter.algoliaAgent.value, /docusaurus \(3\.9\.1\)/);
  });
});

describe('page kinds', () => {
  test("come from the route, today's pages and pages added later alike", () => {
    const cases: Array<[string, string]> = [
      ['/docs/intro', 'guide'],
      ['/docs/getting-started/quick-start', 'guide'],
      ['/docs/using-tower/orchestrate', 'guide'],
      ['/docs/using-tower/webhooks', 'guide'],
      ['/docs/reference/webhooks', 'guide'],
      ['/docs/reference/api-keys', 'guide'],
      ['/docs/reference/retries', 'guide'],
      ['/docs/reference/mcp-server', 'guide'],
      ['/docs/concepts/apps', 'concept'],
      ['/docs/architecture/security', 'concept'],
      ['/docs/examples/using-dlthub', 'example'],
      ['/docs/reference/tower-cli', 'cli'],
      ['/docs/reference/tower-sdk', 'sdk'],
      ['/docs/reference/towerfile', 'towerfile'],
      ['/docs/reference/api/tower-api', 'api'],
      ['/docs/reference/api/run-app', 'api'],
      ['/docs/category/using-tower', 'category'],
    ];
    assert.deepEqual(
      cases.map(([route]) => [route, kindOfRoute(route)]),
      cases,
    );
  });

  test('the search page filters are facet filters on kinds', () => {
    assert.deepEqual(kindFacetFilter('guides'), ['kind:guide', 'kind:concept']);
    assert.deepEqual(kindFacetFilter('api'), ['kind:api']);
    assert.equal(kindFacetFilter('nonsense'), null);
    assert.equal(kindFacetFilter(null), null);
  });
});

describe('typo tolerance', () => {
  test('edit distance counts a swap of neighbours as one edit and stops past its limit', () => {
    assert.equal(editDistance('secrtes', 'secrets', 2), 1);
    assert.equal(editDistance('dpeloy', 'deploy', 2), 1);
    assert.equal(editDistance('shedule', 'schedule', 2), 1);
    assert.equal(editDistance('enviroment', 'environment', 2), 1);
    assert.equal(editDistance('abc', 'xyz', 1), 2);
    assert.equal(editDistance('kitten', 'sitting', 3), 3);
  });

  test('the number of typos forgiven grows with the word', () => {
    assert.deepEqual([3, 4, 5, 8, 9, 12].map(typosAllowed), [0, 0, 1, 1, 2, 2]);
  });
});

describe('ranking by page kind and query intent, results by page', () => {
  const engine = SearchEngine.fromRecords(pagesToRecords(samplePages(), SITE));
  const pages = (query: string, extra: Partial<Parameters<SearchEngine['search']>[0]> = {}) => [
    ...new Set(engine.search({query, distinct: 3, ...extra}).hits.map((hit) => hit.url_without_anchor.replace(SITE, ''))),
  ];

  test('reads the intent of a query', () => {
    assert.equal(engine.plan('schedule').intent, 'topic');
    assert.equal(engine.plan('how do I create a schedule').intent, 'question');
    assert.equal(engine.plan('run_app').intent, 'identifier');
    assert.equal(engine.plan('--cron').intent, 'identifier');
    assert.equal(engine.plan('tower schedules create').intent, 'command');
    assert.equal(engine.plan('list schedules').intent, 'operation');
    assert.equal(engine.plan('GET /schedules').intent, 'operation');
    assert.equal(engine.plan('list-schedules').intent, 'operation');
  });

  test("a topic finds concepts before API operations; an operation's name or endpoint finds the operation", () => {
    assert.equal(pages('schedules')[0], '/docs/concepts/apps');
    assert.equal(pages('list schedules')[0], '/docs/reference/api/list-schedules');
    assert.equal(pages('POST /schedules')[0], '/docs/reference/api/create-schedule');
    assert.equal(pages('GET /schedules')[0], '/docs/reference/api/list-schedules');
  });

  test('category pages come after every other page', () => {
    const found = pages('app schedules');
    assert.ok(found.includes('/docs/category/concepts'), found.join(' '));
    assert.equal(found.at(-1), '/docs/category/concepts');
  });

  test('distinct results are pages with their best sections next to each other, and count pages', () => {
    const response = engine.search({query: 'schedule', distinct: 2, hitsPerPage: 2});
    const urls = response.hits.map((hit) => hit.url_without_anchor);
    assert.equal(new Set(urls).size, 2, 'two pages on a results page');
    assert.deepEqual(
      urls,
      [...urls].sort((a, b) => urls.indexOf(a) - urls.indexOf(b)),
      "a page's sections together",
    );
    const all = engine.search({query: 'schedule', distinct: 2, hitsPerPage: 100});
    assert.equal(response.nbHits, new Set(all.hits.map((hit) => hit.url_without_anchor)).size);
    assert.equal(response.nbPages, Math.ceil(response.nbHits / 2));
  });

  test('counts pages by kind before the kind filter, and filters by kind', () => {
    const response = engine.search({query: 'schedule', distinct: 3, facets: ['kind'], facetFilters: [['kind:api']]});
    assert.ok(response.hits.every((hit) => hit.kind === 'api'));
    assert.equal(response.facets?.kind.api, 2);
    assert.ok((response.facets?.kind.concept ?? 0) >= 1, JSON.stringify(response.facets));
  });

  test('when no section has every word, sections with most of them are found, ranked lower', () => {
    const found = engine.rank('schedule cron zebra');
    assert.ok(found.length > 0);
    assert.ok(found.every((entry) => entry.score > 0));
    assert.deepEqual(engine.rank('zebra giraffe'), []);
  });
});

describe('DocSearch within the CSP', () => {
  test("the build rule finds Zod's eval probe exactly once in the DocSearch modal it bundles", () => {
    const file = createRequire(import.meta.url).resolve('@docsearch/react/modal');
    assert.match(file, docSearchWithoutEval.test);
    const source = readFileSync(file, 'utf8');
    assert.equal(source.split(docSearchWithoutEval.options.search).length - 1, 1);
    assert.ok(docSearchWithoutEval.options.strict, 'a DocSearch that no longer has it fails the build');
  });
});

describe('plugin options and global data', () => {
  const validate = (options: object) => validateOptions({options: options as never, validate: normalizePluginOptions as never});

  test('mode defaults to local and takes local or algolia only, with a message naming the option', () => {
    assert.equal(validate({}).mode, 'local');
    assert.equal(validate({mode: 'algolia'}).mode, 'algolia');
    assert.throws(() => validate({mode: 'elastic'}), /"mode" must be one of \[local, algolia\]/);
    assert.throws(() => validate({indexFile: 'x.json'}), /"indexFile" is not allowed/);
  });

  test('the browser learns the mode and the index URL from the global data', async () => {
    const context = {siteDir: '/site', generatedFilesDir: '/tmp/generated', baseUrl: '/docs-site/', siteConfig: {url: 'https://docs.tower.dev'}};
    for (const mode of ['local', 'algolia'] as const) {
      const plugin = searchIndexPlugin(context as never, {mode, firstPaint: false});
      let data: unknown;
      await plugin.contentLoaded?.({content: undefined, actions: {setGlobalData: (value: unknown) => void (data = value)} as never});
      assert.deepEqual(data, {mode, indexUrl: '/docs-site/search-index.json'});
    }
  });
});
