/**
 * Unit tests of the search page's first paint: the split index (file keys,
 * the shard list, exact answers from part of the index), the typo rule it
 * relies on, the shared results markup, and the build step that writes the
 * script into the page. The same check on the real index runs in
 * relevance.test.ts, after the build.
 */
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import {SearchEngine} from '../../src/search/engine';
import {packRecords, pagesToRecords, type ExtractedPage} from '../../src/search/records';
import {markedHtml, resultsHtml, searchHeading, searchPageRequest, searchSummary, hasMorePages, type Hit} from '../../src/search/searchPage';
import {decodeShardList, encodeShardList, queryShardKeys, shardFileName, shardKey} from '../../src/search/split';
import {addText, engineFromSplit, splitIndex, textFilesNeeded} from '../../src/search/splitIndex';
import {compileFirstPaintScript, FIRST_ROUND_TRIP_BYTES, withInlineScript} from './first-paint';

const SITE = 'https://docs.tower.dev';
const CLASSES = {result: 'r', resultTitle: 't', breadcrumbs: 'b', snippet: 's'};

function page(path: string, title: string, sections: Array<[number, string, string]>): ExtractedPage {
  return {
    path,
    lvl0: 'Concepts',
    title,
    language: 'en',
    tags: ['docs-default-current'],
    sections: [
      {level: 1, anchor: null, heading: title, parents: [], text: `${title} in Tower.`},
      ...sections.map(([level, heading, text]) => ({level, anchor: heading.toLowerCase().replace(/ /g, '-'), heading, parents: [], text})),
    ],
  };
}

const PAGES = [
  page('/docs/concepts/schedules', 'Schedules', [
    [2, 'Cron expressions', 'A schedule runs an app on a cron expression, in UTC.'],
    [2, 'Pausing a schedule', 'Pause a schedule to stop new runs; scheduled runs already queued still start.'],
  ]),
  page('/docs/concepts/tower', 'Tower and power users', [
    [2, 'Power users', 'Power users script the CLI. The lower limit on runs is one.'],
    [2, 'Tower run', 'tower run starts an app; the run app command takes parameters.'],
  ]),
  page('/docs/concepts/secrets', 'Secrets', [
    [2, 'Creating secrets', 'Secrets hold credentials. Run tower secrets create with a name and a value.'],
    [2, 'Ünïcode', 'Ärger über Zeichen: ünicode wörter are indexed too.'],
  ]),
];
const PACKED = packRecords(pagesToRecords(PAGES, SITE), SITE);
const WHOLE = SearchEngine.fromPacked(JSON.parse(JSON.stringify(PACKED)));

/** What the first paint answers for a query, from the files it would fetch. */
function firstPaint(query: string, bucketSize = 2) {
  const split = splitIndex(JSON.parse(JSON.stringify(PACKED)), 'b1', '/search-index/', bucketSize);
  const engine = engineFromSplit(split.base, queryShardKeys(query, split.manifest).map((key) => split.shards.get(key)!));
  const request = searchPageRequest(query, 0, [['language:en']], '');
  const buckets = textFilesNeeded(engine, request, split.manifest);
  assert.ok(buckets, `"${query}" needs too many text files`);
  for (const bucket of buckets) addText(engine.records, bucket, split.buckets[bucket], split.manifest);
  return {answer: engine.search(request), buckets, split};
}

describe('split index', () => {
  test('file keys are a term\'s first two characters; names are safe for any of them', () => {
    assert.equal(shardKey('schedule'), 'sc');
    assert.equal(shardKey('x'), 'x');
    assert.equal(shardKey('ärger'), 'är');
    assert.equal(shardFileName('sc'), 'sc');
    assert.equal(shardFileName('är'), 'ue4-72');
    assert.match(shardFileName('😀a'), /^u[0-9a-f-]+$/);
  });

  test('the shard list is short and loses nothing', () => {
    const keys = ['a', 'ab', 'ac', 'b1', 'x', 'är', 'äz', '😀a'];
    const list = encodeShardList(keys);
    assert.equal(list.split(' ')[0], 'a.bc');
    assert.deepEqual([...decodeShardList(list)].sort(), [...keys].sort());
    assert.ok(list.length < JSON.stringify(keys).length);
  });

  test('a query needs the files of its own words only, and only files that exist', () => {
    const manifest = {build: 'b', folder: '/f/', shards: encodeShardList(['sc', 'ap', 'to']), bucketSize: 4};
    assert.deepEqual(queryShardKeys('How do I schedule apps?', manifest), ['sc', 'ap']);
    assert.deepEqual(queryShardKeys('zebra', manifest), []);
  });

  test('every file carries the build id; section text lives only in the text files', () => {
    const {split} = firstPaint('schedule');
    assert.ok([...split.shards.values(), ...split.buckets].every((file) => file.build === 'b1'));
    assert.ok(split.base.index.sections.every((section) => section[4] === ''));
    assert.equal(split.buckets.flatMap((bucket) => bucket.text).join('|'), PACKED.sections.map((section) => section[4]).join('|'));
  });

  test('answers exactly as the whole index, from a fraction of the files', () => {
    for (const query of ['schedule', 'sched', 'scedule', 'tower', 'power', 'secrets create', 'tower run app', 'ünicode', 'zebra']) {
      const {answer, buckets, split} = firstPaint(query);
      const whole = WHOLE.search(searchPageRequest(query, 0, [['language:en']], ''));
      assert.deepEqual(answer.hits, whole.hits, query);
      assert.equal(answer.nbHits, whole.nbHits, query);
      assert.ok(buckets.length <= split.buckets.length, query);
    }
  });
});

describe('typo tolerance keeps the first two letters', () => {
  const urls = (query: string) => WHOLE.search({query}).hits.map((hit) => hit.url.replace(SITE, ''));

  test('a typo after them is forgiven', () => {
    assert.ok(urls('scedule').some((url) => url.startsWith('/docs/concepts/schedules')));
  });

  test('a word is not matched to words that differ in its first two letters', () => {
    const matched = new Set(WHOLE.rank('tower').flatMap((entry) => entry.terms));
    assert.ok(matched.has('tower'));
    for (const other of ['power', 'lower']) assert.ok(!matched.has(other), `"tower" matched "${other}"`);
  });
});

describe('results markup shared by the first paint and the React page', () => {
  const hit: Hit = {
    objectID: '1',
    url: `${SITE}/docs/concepts/tower#power-users`,
    type: 'lvl2',
    hierarchy: {lvl0: 'Concepts', lvl1: 'Tower <b>and</b> power', lvl2: 'Power users', lvl3: null},
    _highlightResult: {hierarchy: {lvl2: {value: '\u0001Power\u0002 users'}}},
    _snippetResult: {content: {value: '&lt;img src=x onerror=alert(1)&gt; \u0001power\u0002 &amp; more'}},
  };

  test('titles link to the page, crumbs and snippets follow; only <mark> is markup', () => {
    const html = resultsHtml([hit], CLASSES, (url) => new URL(url).pathname + new URL(url).hash);
    assert.match(html, /^<article class="r"><h2 class="t"><a href="\/docs\/concepts\/tower#power-users"><mark>Power<\/mark> users<\/a><\/h2>/);
    assert.match(html, /<span class="breadcrumbs__link">Tower &lt;b&gt;and&lt;\/b&gt; power<\/span>/);
    assert.match(html, /<p class="s">&lt;img src=x onerror=alert\(1\)&gt; <mark>power<\/mark> &amp; more<\/p><\/article>$/);
    assert.doesNotMatch(html.replace(/<\/?(article|h2|a|div|ul|li|span|p|mark)\b[^>]*>/g, ''), /[<>]/);
  });

  test('markers and entities in a value', () => {
    assert.equal(markedHtml('a \u0001b\u0002 &quot;c&quot; <d>'), 'a <mark>b</mark> &quot;c&quot; &lt;d&gt;');
  });

  test('heading, summary and "Show more" read the same for both painters', () => {
    assert.equal(searchHeading('cron'), 'Search results for “cron”');
    assert.equal(searchHeading(null), 'Search the documentation');
    const page = {hits: [hit], nbHits: 12, nbPages: 2, page: 0};
    assert.equal(searchSummary({query: 'cron', error: null, pages: [page], loading: false}), '12 results, showing 1.');
    assert.equal(searchSummary({query: 'cron', error: null, pages: [{...page, nbHits: 0, hits: []}], loading: false}), 'No results for “cron”.');
    assert.equal(searchSummary({query: 'cron', error: null, pages: [], loading: true}), 'Searching…');
    assert.ok(hasMorePages([page]));
    assert.ok(!hasMorePages([page, {...page, page: 1}]));
  });
});

describe('the build step', () => {
  test('the script goes before the end of the body; a page without one fails the build, named', () => {
    assert.equal(withInlineScript('<html><body><p>x</p></body></html>', 'go()', 'search/index.html'), '<html><body><p>x</p><script>go()</script></body></html>');
    assert.throws(() => withInlineScript('<html><p>x', 'go()', 'search/index.html'), /search\/index\.html has no <\/body>/);
  });

  test('the compiled script carries its manifest, never closes its own element, and stays small', async () => {
    const manifest = {build: 'abc123', folder: '/search-index/', shards: encodeShardList(['sc', 'to']), bucketSize: 4};
    const code = await compileFirstPaintScript(manifest);
    assert.ok(code.includes('abc123') && code.includes('/search-index/'));
    assert.doesNotMatch(code, /<\/script/i);
    // Shortened private names must not reach what the React page reads from the drawn results.
    assert.ok(code.includes('_highlightResult') && code.includes('_snippetResult'));
    assert.ok(code.includes('__towerFirstResults') && code.includes('__towerHydrateAfter'));
    // Most of the first round trip is the script; the page and the headers need the rest.
    assert.ok(code.length < 40_000, `${code.length} bytes`);
    assert.equal(FIRST_ROUND_TRIP_BYTES, 14_600);
  });
});
