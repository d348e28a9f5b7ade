/**
 * The small parts of the site's search (src/search) that the engine tests in
 * plugins/search-index/index.test.ts pass through without pinning down: what
 * the /search page asks for and says (results.ts), the client the first paint
 * hands over (earlyClient.ts), the browser's client over a served index
 * (client.ts), and how text becomes words, terms, highlights
 * and snippets (text.ts). It imports nothing but src/search, so it is also the
 * quick first file of `npm run bench:mutation -- --only src/search`.
 */
import assert from 'node:assert/strict';
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {after, before, describe, test} from 'node:test';
import {createLocalSearchClient, type LocalSearchClient} from '../../src/search/client';
import {answerQuestion} from '../../src/search/answer';
import {SearchEngine} from '../../src/search/engine';
import {blocksText, pagesToRecords, type Block, type ExtractedPage} from '../../src/search/records';
import {leaveEarlyClient, takeEarlyClient} from '../../src/search/earlyClient';
import {kindFacetFilter, kindOfRoute} from '../../src/search/kinds';
import {
  groupHits,
  hasMorePages,
  isPageTop,
  levelValue,
  searchHeading,
  searchPageRequest,
  searchSummary,
  segments,
  titleLevel,
  trailSteps,
  type Hit,
  type ResultsPage,
} from '../../src/search/results';
import {highlight, identifierForms, MAX_STEMMED_LENGTH, sentences, snippet, stemOf, termsOf, wordsOf} from '../../src/search/text';

const hit = (objectID: string, url: string, hierarchy: Record<string, string | null>, extra: Partial<Hit> = {}): Hit => ({
  objectID,
  url,
  type: 'content',
  hierarchy,
  ...extra,
});
const resultsPage = (nbHits: number, nbPages: number): ResultsPage => ({hits: [], nbHits, nbPages, page: 0});

describe('the /search page: its request, heading and summary', () => {
  test('one page of results asks for ten pages of three sections each, highlighted with control characters', () => {
    const request = searchPageRequest('tower deploy', 2, [['kind:cli']], 'docs');
    assert.deepEqual(request, {
      indexName: 'docs',
      query: 'tower deploy',
      page: 2,
      hitsPerPage: 10,
      distinct: 3,
      facets: ['kind'],
      facetFilters: [['kind:cli']],
      attributesToRetrieve: ['hierarchy', 'content', 'anchor', 'url', 'url_without_anchor', 'type'],
      attributesToSnippet: ['content:30'],
      attributesToHighlight: ['hierarchy.lvl0', 'hierarchy.lvl1', 'hierarchy.lvl2', 'hierarchy.lvl3', 'hierarchy.lvl4', 'hierarchy.lvl5', 'hierarchy.lvl6'],
      highlightPreTag: '\u0001',
      highlightPostTag: '\u0002',
      snippetEllipsisText: '…',
    });
    // Algolia mode: sections, grouped by the page itself.
    const sections = searchPageRequest('tower deploy', 0, [], 'docs', false);
    assert.ok(!('distinct' in sections) && !('facets' in sections));
  });

  test('the heading names the query, or invites one', () => {
    assert.equal(searchHeading('secrets'), 'Search results for “secrets”');
    assert.equal(searchHeading(null), 'Search the documentation');
    assert.equal(searchHeading(''), 'Search the documentation');
  });

  test('the summary counts pages (local engine) or results (Algolia), one or many, and says when it is searching', () => {
    const summary = (query: string | null, pages: ResultsPage[], options: {shown?: number; loading?: boolean; grouped?: boolean} = {}) =>
      searchSummary({query, pages, shown: options.shown ?? 0, loading: options.loading ?? false, grouped: options.grouped ?? true});
    assert.equal(summary('cron', [resultsPage(12, 2)], {shown: 10}), '12 pages match, showing 10.');
    assert.equal(summary('cron', [resultsPage(1, 1)], {shown: 1}), '1 page matches, showing 1.');
    assert.equal(summary('cron', [resultsPage(57, 6)], {shown: 2, grouped: false}), '57 results, showing 2 pages.');
    assert.equal(summary('cron', [resultsPage(1, 1)], {shown: 1, grouped: false}), '1 result, showing 1 pages.');
    assert.equal(summary('zzqq', [resultsPage(0, 0)]), 'No results for “zzqq”.');
    assert.equal(summary('cron', [], {loading: true}), 'Searching…');
    assert.equal(summary('cron', [], {loading: false}), '');
    // A blank query has no results to count, whatever came back.
    assert.equal(summary('   ', [resultsPage(3, 1)], {loading: true}), 'Searching…');
    assert.equal(summary(null, [resultsPage(3, 1)]), '');
  });

  test('"Show more results" while fewer pages are loaded than there are', () => {
    assert.equal(hasMorePages([]), false);
    assert.equal(hasMorePages([resultsPage(25, 3)]), true);
    assert.equal(hasMorePages([resultsPage(25, 3), resultsPage(25, 3)]), true);
    assert.equal(hasMorePages([resultsPage(25, 3), resultsPage(25, 3), resultsPage(25, 3)]), false);
    assert.equal(hasMorePages([resultsPage(5, 1)]), false);
  });
});

describe('hits: grouped by page, their trail, title and highlights', () => {
  test('sections of a page come together, at most three, each once, in the order they came', () => {
    const hits = [
      hit('a1', 'https://d/docs/a#one', {lvl1: 'A', lvl2: 'One'}),
      hit('b0', 'https://d/docs/b', {lvl1: 'B'}),
      hit('a2', 'https://d/docs/a#two', {lvl1: 'A', lvl2: 'Two'}),
      hit('a1', 'https://d/docs/a#one', {lvl1: 'A', lvl2: 'One'}),
      hit('a3', 'https://d/docs/a#three', {lvl1: 'A', lvl2: 'Three'}),
      hit('a4', 'https://d/docs/a#four', {lvl1: 'A', lvl2: 'Four'}),
      hit('c1', 'https://d/docs/c#x', {lvl1: 'C', lvl2: 'X'}, {url_without_anchor: 'https://d/docs/c-page'}),
    ];
    assert.deepEqual(
      groupHits(hits).map((group) => [group.url, group.hits.map((entry) => entry.objectID)]),
      [
        ['https://d/docs/a', ['a1', 'a2', 'a3']],
        ['https://d/docs/b', ['b0']],
        ['https://d/docs/c-page', ['c1']],
      ],
    );
  });

  test('the trail is the steps of lvl0, without the label of top-level pages', () => {
    assert.deepEqual(trailSteps(hit('x', 'u', {lvl0: 'Reference › Tower API › Apps'})), ['Reference', 'Tower API', 'Apps']);
    assert.deepEqual(trailSteps(hit('x', 'u', {lvl0: 'Concepts'})), ['Concepts']);
    assert.deepEqual(trailSteps(hit('x', 'u', {lvl0: 'Documentation'})), []);
    assert.deepEqual(trailSteps(hit('x', 'u', {lvl0: null})), []);
    assert.deepEqual(trailSteps(hit('x', 'u', {})), []);
  });

  test("a hit's title is its deepest heading; the top of a page has none below its title", () => {
    assert.equal(titleLevel(hit('x', 'u', {lvl0: 'T', lvl1: 'Apps'})), 'lvl1');
    assert.equal(titleLevel(hit('x', 'u', {lvl1: 'Apps', lvl2: 'Schedules', lvl3: 'Cron'})), 'lvl3');
    assert.equal(titleLevel(hit('x', 'u', {lvl1: 'Apps', lvl2: 'Schedules', lvl3: null, lvl6: 'Deep'})), 'lvl6');
    assert.equal(titleLevel(hit('x', 'u', {})), 'lvl1');
    assert.equal(isPageTop(hit('x', 'u', {lvl1: 'Apps'})), true);
    assert.equal(isPageTop(hit('x', 'u', {lvl1: 'Apps', lvl2: null})), true);
    assert.equal(isPageTop(hit('x', 'u', {lvl1: 'Apps', lvl2: 'Schedules'})), false);
  });

  test('a level shows its highlight when there is one, else its plain text, else nothing', () => {
    const highlighted = hit('x', 'u', {lvl1: 'Apps', lvl2: 'Schedules'}, {_highlightResult: {hierarchy: {lvl2: {value: '\u0001Sched\u0002ules'}}}});
    assert.equal(levelValue(highlighted, 'lvl2'), '\u0001Sched\u0002ules');
    assert.equal(levelValue(highlighted, 'lvl1'), 'Apps');
    assert.equal(levelValue(highlighted, 'lvl3'), '');
    assert.equal(levelValue(hit('x', 'u', {lvl1: 'Apps'}), 'lvl1'), 'Apps');
  });

  test('a highlighted value splits into plain and marked parts, decoded to text and never markup', () => {
    assert.deepEqual(segments('run \u0001tower\u0002 &lt;b&gt;now&lt;/b&gt; \u0001deploy\u0002'), [
      {text: 'run ', marked: false},
      {text: 'tower', marked: true},
      {text: ' <b>now</b> ', marked: false},
      {text: 'deploy', marked: true},
    ]);
    assert.deepEqual(segments('\u0001all\u0002'), [{text: 'all', marked: true}]);
    assert.deepEqual(segments(''), []);
  });
});

describe('the client the first paint leaves for the page', () => {
  test('is taken once, and only for the index it was made for', () => {
    const client = {search: async () => ({results: []})} as unknown as LocalSearchClient;
    assert.equal(takeEarlyClient('/search-index.json'), null, 'none left yet');
    leaveEarlyClient('/search-index.json', client);
    assert.equal(takeEarlyClient('/other-index.json'), null);
    assert.equal(takeEarlyClient('/search-index.json'), client, 'another index did not take it');
    assert.equal(takeEarlyClient('/search-index.json'), null, 'once');
  });
});

describe('kinds of pages and the filters that show them', () => {
  test('a route gives its kind by where it lives; any other page is a guide', () => {
    const cases: Array<[string, string]> = [
      ['/docs/category/concepts', 'category'],
      ['/docs/reference/api/list-apps', 'api'],
      ['/docs/reference/tower-cli', 'cli'],
      ['/docs/reference/tower-sdk', 'sdk'],
      ['/docs/reference/towerfile', 'towerfile'],
      ['/docs/examples/orchestration', 'example'],
      ['/docs/concepts/apps', 'concept'],
      ['/docs/architecture/overview', 'concept'],
      ['/docs/reference/webhooks', 'guide'],
      ['/docs/reference/tower-cli/extra', 'guide'],
      ['/docs/getting-started/quickstart', 'guide'],
      ['/docs/my-concepts/apps', 'guide'],
      // A rule matches the whole start or end of the route, never a part of it.
      ['/docs/guides/category/x', 'guide'],
      ['/docs/old/reference/tower-cli', 'guide'],
      ['/docs/old/reference/tower-sdk', 'guide'],
      ['/docs/reference/tower-sdk/extra', 'guide'],
      ['/docs/old/reference/towerfile', 'guide'],
      ['/docs/reference/towerfile/extra', 'guide'],
      ['/docs/guides/examples/x', 'guide'],
      ['concepts/apps', 'concept'],
      ['/concepts/apps', 'concept'],
    ];
    assert.deepEqual(
      cases.map(([route]) => [route, kindOfRoute(route)]),
      cases,
    );
    assert.equal(kindOfRoute('/site/concepts/apps', '/site/'), 'concept');
  });

  test('a filter is a group of kinds; an unknown one is none', () => {
    assert.deepEqual(kindFacetFilter('guides'), ['kind:guide', 'kind:concept']);
    assert.deepEqual(kindFacetFilter('api'), ['kind:api']);
    assert.equal(kindFacetFilter('reference'), null);
    assert.equal(kindFacetFilter(null), null);
  });
});

describe('words, terms, highlights and snippets', () => {
  test('a plain word is its stem; stop words are none; numbers and over-long words stay as they are', () => {
    assert.equal(stemOf('Schedules'), 'schedul');
    assert.equal(stemOf('scheduling'), 'schedul');
    assert.equal(stemOf('The'), null);
    assert.equal(stemOf('between'), null);
    assert.equal(stemOf('v310'), 'v310');
    const longest = `${'a'.repeat(MAX_STEMMED_LENGTH - 'schedules'.length)}schedules`;
    assert.equal(longest.length, MAX_STEMMED_LENGTH);
    assert.equal(stemOf(longest), `${'a'.repeat(MAX_STEMMED_LENGTH - 'schedules'.length)}schedul`);
    assert.equal(stemOf(`B${longest}`), `b${longest}`);
  });

  test('words: "log in" and the like joined, identifiers whole with their parts, apostrophes dropped', () => {
    const words = wordsOf("Log in, then call tower.run_app with --environment; the app's logs");
    assert.deepEqual(
      words.map((word) => [word.text, word.start, word.identifier, word.stems]),
      [
        ['Log in', 0, null, ['login']],
        ['then', 8, null, []],
        ['call', 13, null, ['call']],
        ['tower.run_app', 18, 'tower.run_app', ['tower', 'run', 'app']],
        ['with', 32, null, []],
        ['--environment', 37, '--environment', ['environ']],
        ['the', 52, null, []],
        ["app's", 56, null, ['app']],
        ['logs', 62, null, ['log']],
      ],
    );
    // Only a space joins: "log, in" is two words.
    assert.deepEqual(
      wordsOf('log, in').map((word) => word.stems),
      [['log'], []],
    );
    assert.deepEqual(
      wordsOf('sign out').map((word) => word.stems),
      [['logout']],
    );
  });

  test('an identifier is found whole and by what follows each of its dots', () => {
    assert.deepEqual(identifierForms('tower.run_app'), ['tower.run_app', 'run_app']);
    assert.deepEqual(identifierForms('tower.apps.run_app'), ['tower.apps.run_app', 'apps.run_app', 'run_app']);
    assert.deepEqual(identifierForms('tower.run'), ['tower.run']);
    assert.deepEqual(identifierForms('tower.'), ['tower.']);
    assert.deepEqual(identifierForms('.env_file'), ['.env_file']);
    assert.deepEqual(identifierForms('--environment'), ['--environment']);
  });

  test('the terms of a text are the same as its words give', () => {
    const text = "Sign in to the time zone list: set TOWER_API_KEY and x-api-key, then tower.run_app(name) in the app's log   out";
    assert.deepEqual(termsOf(text), [
      'login',
      'timezon',
      'list',
      'set',
      'tower_api_key',
      'tower',
      'api',
      'key',
      'x-api-key',
      'x',
      'api',
      'key',
      'tower.run_app',
      'run_app',
      'tower',
      'run',
      'app',
      'name',
      'app',
      'logout',
    ]);
    for (const sample of [text, 'allow lists and time, zone', 'log into logging in', 'tower[iceberg] -e prod']) {
      assert.deepEqual(
        termsOf(sample),
        wordsOf(sample).flatMap((word) => [...(word.identifier ? identifierForms(word.identifier) : []), ...word.stems]),
        sample,
      );
    }
  });

  test('a highlight escapes the text and marks each matching word, by stem or by identifier', () => {
    const tags = {pre: '<mark>', post: '</mark>'};
    assert.deepEqual(highlight('Scheduled <runs> & run_app', new Set(['schedul', 'run_app']), tags), {
      value: '<mark>Scheduled</mark> &lt;runs&gt; &amp; <mark>run_app</mark>',
      words: ['Scheduled', 'run_app'],
    });
    assert.deepEqual(highlight('call tower.run_app now', new Set(['run_app']), tags), {value: 'call <mark>tower.run_app</mark> now', words: ['tower.run_app']});
    assert.deepEqual(highlight('nothing here', new Set(['schedul']), tags), {value: 'nothing here', words: []});
  });

  test('a snippet is a window of words around the first match, with an ellipsis on each side that was cut', () => {
    const tags = {pre: '[', post: ']'};
    const words = Array.from({length: 60}, (_, i) => `w${i}`);
    const text = words.join(' ');
    const around = snippet(text, new Set(['w30']), tags, 9);
    // A third of the window before the match (three words), the rest after it.
    assert.equal(around.value, '…w27 w28 w29 [w30] w31 w32 w33 w34 w35…');
    assert.deepEqual(around.words, ['w30']);
    // Near the start, the window still holds its size: the words it cannot show before the match come after it.
    assert.equal(snippet(text, new Set(['w1']), tags, 9).value, 'w0 [w1] w2 w3 w4 w5 w6 w7 w8…');
    assert.equal(snippet(text, new Set(['w0']), tags, 9).value, '[w0] w1 w2 w3 w4 w5 w6 w7 w8…');
    // Near the end, the window keeps its size and ends with the text.
    assert.equal(snippet(text, new Set(['w58']), tags, 9).value, '…w51 w52 w53 w54 w55 w56 w57 [w58] w59');
    assert.equal(snippet('short text', new Set(['short']), tags, 9).value, '[short] text');
    // No match: the start of the text.
    assert.equal(snippet(text, new Set(['nope']), tags, 5, '...').value, 'w0 w1 w2 w3 w4...');
    // Beyond the words it looks through, a match is not sought: the start again.
    const far = `${Array.from({length: 450}, (_, i) => `f${i}`).join(' ')} target`;
    assert.equal(snippet(far, new Set(['target']), tags, 3).value, 'f0 f1 f2…');
  });

  test('sentences end at . ! or ? before a capital, a quote, a backtick or a bracket', () => {
    assert.deepEqual(sentences('Run it. Then deploy! Is it live? `tower apps` lists it. (Optional) "Quoted" e.g. this  '), [
      'Run it.',
      'Then deploy!',
      'Is it live?',
      '`tower apps` lists it.',
      '(Optional) "Quoted" e.g. this',
    ]);
    assert.deepEqual(sentences('   '), []);
  });
});

describe("the browser's search client over a served index", () => {
  const SITE = 'https://docs.tower.dev';
  const pages: ExtractedPage[] = [
    {
      path: '/docs/concepts/schedules',
      trail: ['Concepts'],
      kind: 'concept',
      title: 'Schedules',
      language: 'en',
      tags: ['docs-default-current'],
      sections: [
        {level: 1, anchor: null, heading: 'Schedules', parents: [], text: 'A schedule runs an app on a cron expression, every hour or every day.'},
        {level: 2, anchor: 'time-zones', heading: 'Time zones', parents: [], text: 'A schedule reads its cron expression in UTC unless it names a time zone.'},
      ],
    },
    {
      path: '/docs/concepts/apps',
      trail: ['Concepts'],
      kind: 'concept',
      title: 'Apps',
      language: 'en',
      tags: ['docs-default-current'],
      sections: [{level: 1, anchor: null, heading: 'Apps', parents: [], text: 'An app is code and a Towerfile.'}],
    },
  ];
  const {index, texts} = SearchEngine.fromRecords(pagesToRecords(pages, SITE)).pack(SITE, (_, position, kind) => `text/${kind}-${position}.json`);
  /** Path -> body; a path missing here answers 404. Every request is counted. */
  const files = new Map<string, string>();
  const requested: string[] = [];
  let server: Server;
  let origin: string;
  before(async () => {
    server = createServer((request, response) => {
      requested.push(request.url ?? '');
      const body = files.get(request.url ?? '');
      response.writeHead(body === undefined ? 404 : 200, {'Content-Type': 'application/json', Connection: 'close'});
      response.end(body ?? '{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const serve = (folder: string, withTexts = true) => {
    files.set(`/${folder}/search-index.json`, JSON.stringify(index));
    if (withTexts) for (const [file, text] of texts) files.set(`/${folder}/${file}`, JSON.stringify(text));
  };
  const schedule = {
    requests: [
      {indexName: 'docs', params: {query: 'schedule', hitsPerPage: 5, attributesToSnippet: ['content:8'], highlightPreTag: '<m>', highlightPostTag: '</m>'}},
    ],
  };
  type Snipped = {url: string; _snippetResult?: {content?: {value: string}}};

  test("answers DocSearch's requests from the index, loading it once and each shown page's text once", async () => {
    serve('ok');
    const client = createLocalSearchClient(`${origin}/ok/search-index.json`);
    const {results} = await client.search(schedule);
    assert.equal(results.length, 1);
    assert.equal(results[0].index, 'docs');
    const hits = results[0].hits as Snipped[];
    assert.deepEqual(
      hits.map((entry) => entry.url),
      [`${SITE}/docs/concepts/schedules`, `${SITE}/docs/concepts/schedules#time-zones`],
    );
    assert.equal(hits[0]._snippetResult?.content?.value, 'A <m>schedule</m> runs an app on a cron…');
    assert.equal(client.unavailable(), false);
    await client.search(schedule);
    assert.deepEqual(
      requested.filter((url) => url.startsWith('/ok/')).sort(),
      ['/ok/search-index.json', ...[...texts.keys()].filter((file) => file.startsWith('text/text-0')).map((file) => `/ok/${file}`)].sort(),
    );
    assert.equal(await client.engine(), await client.engine(), 'one engine per index');
  });

  test('an index that cannot be loaded answers no results, says so once, and can be tried again', async (t) => {
    const errors = t.mock.method(console, 'error', () => undefined);
    const url = `${origin}/later/search-index.json`;
    const client = createLocalSearchClient(url);
    let changes = 0;
    const unsubscribe = client.subscribe(() => changes++);
    const {results} = await client.search(schedule);
    assert.deepEqual(results, [
      {
        hits: [],
        nbHits: 0,
        page: 0,
        nbPages: 0,
        hitsPerPage: 5,
        query: 'schedule',
        params: '',
        processingTimeMS: 0,
        exhaustiveNbHits: true,
        queryWords: [],
        allWordsMatched: false,
        index: 'docs',
      },
    ]);
    assert.equal((await client.search({requests: [{indexName: 'docs', params: {query: 'x'}}]})).results[0].hitsPerPage, 20, 'the default page size');
    assert.equal(client.unavailable(), true);
    assert.equal(changes, 1, 'told once, though two searches failed');
    assert.equal(errors.mock.calls[0].arguments[0], `Search is unavailable: the search index ${url} could not be loaded.`);
    await assert.rejects(client.engine(), /HTTP 404/);
    assert.equal(await client.retry(), false);
    serve('later');
    assert.equal(await client.retry(), true);
    assert.equal(client.unavailable(), false);
    assert.equal(changes, 2);
    unsubscribe();
    files.delete('/later/search-index.json');
    // Loaded once, the engine stays: a later failure of the file changes nothing.
    assert.equal(await client.retry(), true);
    assert.equal(changes, 2);
  });

  test('a page whose text cannot be loaded is shown without its snippet, and its text is asked for again later', async (t) => {
    const errors = t.mock.method(console, 'error', () => undefined);
    serve('notext', false);
    const client = createLocalSearchClient(`${origin}/notext/search-index.json`);
    const first = (await client.search(schedule)).results[0].hits as Snipped[];
    assert.equal(first.length, 2);
    assert.equal(first[0]._snippetResult?.content?.value, '');
    assert.equal(
      errors.mock.calls[0].arguments[0],
      `Search: the text of ${SITE}/docs/concepts/schedules could not be loaded; its results are shown without snippets.`,
    );
    serve('notext');
    const second = (await client.search(schedule)).results[0].hits as Snipped[];
    assert.match(second[0]._snippetResult?.content?.value ?? '', /<m>schedule<\/m>/);
  });

  test("names itself to DocSearch's agent list, each agent once", () => {
    const client = createLocalSearchClient(`${origin}/ok/search-index.json`);
    client.addAlgoliaAgent('docsearch', '4.0.0');
    client.addAlgoliaAgent('docsearch', '4.0.0');
    client.transporter.algoliaAgent.add({segment: 'docsearch-react'});
    assert.equal(client.transporter.algoliaAgent.value, 'tower-local-search; docsearch (4.0.0); docsearch-react');
  });
});

describe('identifiers in a query', () => {
  const SITE = 'https://docs.tower.dev';
  const page = (path: string, title: string, sections: Array<[string, string | null, string]>): ExtractedPage => ({
    path,
    trail: ['Reference'],
    kind: 'sdk',
    title,
    language: 'en',
    tags: ['docs-default-current'],
    sections: sections.map(([heading, anchor, text], i) => ({level: i === 0 ? 1 : 2, anchor, heading, parents: [], text})),
  });
  const engine = SearchEngine.fromRecords(
    pagesToRecords(
      [
        page('/docs/reference/tower-sdk', 'Tower SDK', [
          ['Tower SDK', null, 'The Python SDK.'],
          ['Run context', 'run-context', 'tower.info.run_id is the id of the current run.'],
          ['Running apps', 'running-apps', 'tower.run_app(name) starts an app and returns its run.'],
        ]),
        page('/docs/concepts/widgets', 'Widgets', [['Widgets', null, 'A widget shows one number on a dashboard.']]),
      ],
      SITE,
    ),
  );
  const found = (query: string) => engine.search({query}).hits.map((entry) => entry.url.replace(SITE, ''));

  test('an identifier finds its members, what follows its dots, its completion while typed, and itself with a typo', () => {
    assert.deepEqual(found('tower.info'), ['/docs/reference/tower-sdk#run-context'], 'tower.info finds tower.info.run_id');
    assert.deepEqual(found('info.run_id'), ['/docs/reference/tower-sdk#run-context']);
    assert.deepEqual(found('run_app'), ['/docs/reference/tower-sdk#running-apps']);
    assert.deepEqual(found('tower.inf'), ['/docs/reference/tower-sdk#run-context'], 'being typed');
    assert.deepEqual(found('tower.rn_app'), ['/docs/reference/tower-sdk#running-apps'], 'one typo');
    // A complete query (a question asked, not typed) reads members only, not other completions.
    const terms = (query: string) => engine.plan(query, {complete: true}).words.map((word) => [word.text, word.expansions.map((expansion) => expansion.term)]);
    assert.deepEqual(terms('tower.info'), [['tower.info', ['tower.info.run_id']]]);
    assert.deepEqual(terms('tower.inf'), [
      ['tower', ['tower']],
      ['inf', ['info']],
    ]);
  });

  test('an identifier the docs never mention is looked for by its parts', () => {
    assert.deepEqual(found('acme.widget'), ['/docs/concepts/widgets']);
    assert.deepEqual(found('zzqq.xxyy'), []);
  });
});

describe('Ask AI: what an answer quotes of a long table or code block', () => {
  const SITE = 'https://docs.tower.dev';
  const answerFrom = (blocks: Block[], question: string) => {
    const page: ExtractedPage = {
      path: '/docs/concepts/retries',
      title: 'Retries',
      trail: ['Concepts'],
      kind: 'concept',
      language: 'en',
      tags: ['docs-default-current'],
      sections: [
        {level: 1, anchor: null, heading: 'Retries', parents: [], text: 'Runs can be retried.', blocks: ['Runs can be retried.']},
        {level: 2, anchor: 'retry-policy', heading: 'Retry policy', parents: [], text: blocksText(blocks), blocks},
      ],
    };
    return answerQuestion(SearchEngine.fromRecords(pagesToRecords([page], SITE)), question);
  };
  const rows = (count: number) => Array.from({length: count}, (_, i) => [`attempt${i}`, `waits ${i} minutes`]);

  test('ten rows are shown whole; past ten, the first ten and how many more, one or many', () => {
    const quoted = (count: number) =>
      answerFrom(['The retry policy waits between attempts:', {table: [['Attempt', 'Wait'], ...rows(count)]}], 'what is the retry policy').blocks;
    assert.deepEqual(quoted(10), ['The retry policy waits between attempts:', {table: [['Attempt', 'Wait'], ...rows(10)]}]);
    assert.deepEqual(quoted(11), ['The retry policy waits between attempts:', {table: [['Attempt', 'Wait'], ...rows(10)]}, '… and 1 more row in the section.']);
    assert.deepEqual(quoted(13).at(-1), '… and 3 more rows in the section.');
  });

  test('a code block shows its first fourteen lines, then "…"', () => {
    const lines = Array.from({length: 20}, (_, i) => `retry_step_${i}()`);
    const quoted = (count: number) =>
      answerFrom(['Configure the retry policy in code:', {code: lines.slice(0, count).join('\n'), language: 'python'}], 'how do I configure the retry policy')
        .blocks;
    assert.deepEqual(quoted(14)[1], {code: lines.slice(0, 14).join('\n'), language: 'python'});
    assert.deepEqual(quoted(20)[1], {code: `${lines.slice(0, 14).join('\n')}\n…`, language: 'python'});
  });
});
