/**
 * The rules of the search index's own parts that the engine's tests pass
 * through without pinning down: how a page becomes records and a packed index
 * and back (records.ts), how text becomes words and terms (text.ts), how the
 * word index counts and scores (postings.ts), what the browser's client asks
 * for and how it reads DocSearch's requests (client.ts), and which kind a
 * route is (kinds.ts). Small hand-made inputs only; no server, no build.
 */
import assert from 'node:assert/strict';
import {describe, test, type TestContext} from 'node:test';
import {createLocalSearchClient, normaliseRequests} from '../../src/search/client';
import {SearchEngine} from '../../src/search/engine';
import {indexWords, WordIndex, type DocumentTerms} from '../../src/search/postings';
import {
  blocksText,
  CODE_BLOCK_CHARS,
  codeStart,
  ownHeading,
  packRecords,
  pageBlocks,
  pagesToRecords,
  pageTexts,
  unpackIndex,
  type Block,
  type ExtractedPage,
  type SearchRecord,
} from '../../src/search/records';
import {sentences, snippet, stemOf, termsOf, wordsOf} from '../../src/search/text';

const ORIGIN = 'https://docs.tower.dev';

const page = (path: string, title: string, sections: ExtractedPage['sections'], extra: Partial<ExtractedPage> = {}): ExtractedPage => ({
  path,
  trail: ['Concepts'],
  kind: 'concept',
  title,
  language: 'en',
  tags: ['docs-default-current'],
  sections,
  ...extra,
});
const section = (level: number, anchor: string | null, heading: string, parents: string[] = [], text = `About ${heading}.`, blocks?: Block[]) => ({
  level,
  anchor,
  heading,
  parents,
  text,
  ...(blocks ? {blocks} : {}),
});

const scheduleBlocks: Block[] = [
  'UTC unless a zone is named.',
  {
    table: [
      ['Zone', 'Offset'],
      ['UTC', '0'],
    ],
  },
];
/** A page whose headings exercise every way a section's place is stored, and a top-level page. */
const PAGES: ExtractedPage[] = [
  page('/docs/concepts/schedules', 'Schedules', [
    section(1, null, 'Schedules'),
    section(2, 'time-zones', 'Time zones', [], 'UTC unless a zone is named.\nZone Offset\nUTC 0', scheduleBlocks),
    section(3, 'daylight-saving', 'Daylight saving', ['Time zones']),
    section(2, 'example', 'Example'),
    section(2, 'example-1', 'Example'),
    // Its parent heading has no section of its own (say, an empty "Setup").
    section(3, 'on-linux', 'On Linux', ['Setup'], ''),
    section(2, 'custom-anchor', 'Cron syntax'),
    section(2, null, 'No anchor'),
  ]),
  page('docs/getting-started', 'Getting started', [section(1, null, 'Getting started'), section(2, 'example', 'Example')], {trail: [], kind: 'guide'}),
];
const fileName = (_: unknown, position: number, kind: 'text' | 'blocks') => `${kind}-${position}.json`;

describe('records: a page as sections, packed for the browser and restored', () => {
  test("a section's URL joins the site and the page's path with one slash, and its anchor", () => {
    const records = pagesToRecords(PAGES, `${ORIGIN}/`);
    assert.deepEqual(
      records.map((record) => record.url),
      [
        `${ORIGIN}/docs/concepts/schedules`,
        `${ORIGIN}/docs/concepts/schedules#time-zones`,
        `${ORIGIN}/docs/concepts/schedules#daylight-saving`,
        `${ORIGIN}/docs/concepts/schedules#example`,
        `${ORIGIN}/docs/concepts/schedules#example-1`,
        `${ORIGIN}/docs/concepts/schedules#on-linux`,
        `${ORIGIN}/docs/concepts/schedules#custom-anchor`,
        `${ORIGIN}/docs/concepts/schedules`,
        `${ORIGIN}/docs/getting-started`,
        `${ORIGIN}/docs/getting-started#example`,
      ],
    );
    assert.equal(records[5].content, null, 'an empty text is no content');
    assert.deepEqual(records[1].blocks, scheduleBlocks);
    assert.ok(!('blocks' in records[0]), 'a section without blocks has none');
  });

  test('lvl0 is the trail, or "Documentation" for a top-level page; headings fill lvl2 down, at most to lvl6', () => {
    const records = pagesToRecords(PAGES, ORIGIN);
    assert.equal(records[0].hierarchy.lvl0, 'Concepts');
    assert.equal(records[8].hierarchy.lvl0, 'Documentation');
    assert.deepEqual(records[5].hierarchy, {lvl0: 'Concepts', lvl1: 'Schedules', lvl2: 'Setup', lvl3: 'On Linux', lvl4: null, lvl5: null, lvl6: null});
    const [deep] = pagesToRecords([page('/docs/deep', 'Deep', [section(6, 'f', 'F', ['A', 'B', 'C', 'D', 'E'])])], ORIGIN);
    assert.deepEqual(deep.hierarchy, {lvl0: 'Concepts', lvl1: 'Deep', lvl2: 'A', lvl3: 'B', lvl4: 'C', lvl5: 'D', lvl6: 'E'});
    assert.equal(deep.type, 'lvl6');
  });

  test('the packed index stores page facts once and a parent heading or an anchor only where it cannot be derived', () => {
    const {index, texts} = packRecords(pagesToRecords(PAGES, `${ORIGIN}/`), `${ORIGIN}/`, fileName);
    assert.equal(index.site, ORIGIN);
    assert.deepEqual(index.pages, [
      ['/docs/concepts/schedules', ['Concepts'], 'Schedules', 'en', ['docs-default-current'], 'concept', 'text-0.json', '', 'blocks-0.json'],
      ['/docs/getting-started', [], 'Getting started', 'en', ['docs-default-current'], 'guide', 'text-1.json', '', ''],
    ]);
    assert.deepEqual(index.sections, [
      // The page top: no anchor ('-'), no heading of its own.
      [0, '-', 1, ''],
      // Anchors that are the heading's slug are left out ('').
      [0, '', 2, 'Time zones'],
      [0, '', 3, 'Daylight saving'],
      [0, '', 2, 'Example'],
      // A repeated heading's slug is numbered, as Docusaurus does.
      [0, '', 2, 'Example'],
      // The open heading above is "Example", not its real parent: the headings are stored.
      [0, '', 3, 'On Linux', ['Setup', 'On Linux']],
      [0, 'custom-anchor', 2, 'Cron syntax'],
      [0, '-', 2, 'No anchor'],
      [1, '-', 1, ''],
      // A new page starts its slugs and its open headings afresh.
      [1, '', 2, 'Example'],
    ]);
    assert.deepEqual(texts.get('text-1.json'), ['About Getting started.', 'About Example.']);
    // One section with blocks is enough for a blocks file; the others are empty.
    assert.deepEqual(texts.get('blocks-0.json'), [[], scheduleBlocks, [], [], [], [], [], []]);
  });

  test('an unpacked index gives back the records without their text, and the text and blocks files fill them in', () => {
    const records = pagesToRecords(PAGES, ORIGIN);
    const {index, texts} = packRecords(records, ORIGIN, fileName);
    const unpacked = unpackIndex(index);
    const withoutText = records.map(({blocks: _, ...record}) => ({...record, content: null}));
    assert.deepEqual(unpacked.records, withoutText);
    assert.deepEqual(unpacked.pages, [
      {url: `${ORIGIN}/docs/concepts/schedules`, textFile: 'text-0.json', blocksFile: 'blocks-0.json', endpoint: '', sections: [0, 1, 2, 3, 4, 5, 6, 7]},
      {url: `${ORIGIN}/docs/getting-started`, textFile: 'text-1.json', blocksFile: '', endpoint: '', sections: [8, 9]},
    ]);
    unpacked.pages.forEach((indexed) => pageTexts(unpacked.records, indexed, texts.get(indexed.textFile)));
    pageBlocks(unpacked.records, unpacked.pages[0], texts.get('blocks-0.json'));
    assert.deepEqual(unpacked.records, records);
    assert.ok(!('blocks' in unpacked.records[0]), 'an empty blocks entry adds no blocks');
  });

  test('an index of another format version is refused, naming both versions', () => {
    const {index} = packRecords(pagesToRecords(PAGES, ORIGIN), ORIGIN, fileName);
    assert.throws(() => unpackIndex({...index, v: 4 as 5}), {message: 'Search index format 4 is not supported (expected 5).'});
  });

  test('a page top never gets an anchor from its slug', () => {
    const {records} = unpackIndex({v: 5, site: ORIGIN, pages: [['/docs/x', [], 'X', 'en', [], 'guide', 't.json', '', '']], sections: [[0, '', 1, '']]});
    assert.equal(records[0].anchor, null);
    assert.equal(records[0].url, `${ORIGIN}/docs/x`);
    assert.equal(records[0].hierarchy.lvl0, 'Documentation');
  });

  test('an API operation page keeps its endpoint, when its first line is exactly a method and a path', () => {
    const api = (path: string, text: string, kind: ExtractedPage['kind'] = 'api') => page(path, path, [section(1, null, path, [], text)], {kind});
    const records = pagesToRecords(
      [
        api('/a', 'GET /apps/{name}\nReturns one app.'),
        api('/b', 'POST /secrets \nCreates a secret.'),
        api('/c', 'GET /apps', 'guide'),
        api('/d', 'Then call GET /apps'),
        api('/e', 'GET /apps lists them.'),
      ],
      ORIGIN,
    );
    const {index} = packRecords(records, ORIGIN, fileName);
    assert.deepEqual(
      index.pages.map((packed) => packed[7]),
      ['GET /apps/{name}', 'POST /secrets', '', '', ''],
    );
    assert.deepEqual(
      unpackIndex(index).pages.map((indexed) => indexed.endpoint),
      ['GET /apps/{name}', 'POST /secrets', '', '', ''],
    );
  });

  test("a section whose missing parent has its own name stores its headings; a section's own heading is its deepest", () => {
    const records = pagesToRecords([page('/docs/setup', 'Setup', [section(1, null, 'Setup'), section(3, 'setup-1', 'Setup', ['Setup'])])], ORIGIN);
    const {index} = packRecords(records, ORIGIN, fileName);
    // Its anchor is spelled out too: the missing parent took the plain slug.
    assert.deepEqual(index.sections[1], [0, 'setup-1', 3, 'Setup', ['Setup', 'Setup']]);
    assert.deepEqual(unpackIndex(index).records[1].hierarchy, records[1].hierarchy);
    assert.equal(ownHeading(records[1]), 'Setup');
    assert.equal(ownHeading(records[0]), 'Setup', "the page top's is the page title");
    assert.equal(ownHeading({hierarchy: {lvl0: 'Documentation', lvl1: null, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null}}), '');
  });

  test('a record from elsewhere (no title, no kind, no trail, the site root) packs with defaults', () => {
    const record: SearchRecord = {
      objectID: '0',
      url: ORIGIN,
      url_without_anchor: ORIGIN,
      anchor: null,
      type: 'lvl1',
      hierarchy: {lvl0: null, lvl1: null, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null},
      content: 'Welcome.',
      language: 'en',
      docusaurus_tag: [],
    };
    const {index} = packRecords([record], ORIGIN, fileName);
    assert.deepEqual(index.pages, [['/', [], '', 'en', [], 'guide', 'text-0.json', '', '']]);
  });

  test('a text or blocks file that does not fit its page is refused, naming the file and the page', () => {
    const {index, texts} = packRecords(pagesToRecords(PAGES, ORIGIN), ORIGIN, fileName);
    const fresh = () => unpackIndex(index);
    const textMessage = `Search: the text file text-0.json does not belong to ${ORIGIN}/docs/concepts/schedules (8 sections).`;
    const good = texts.get('text-0.json') as string[];
    for (const text of [null, good.slice(1), [...good.slice(1), 5]]) {
      const {records, pages} = fresh();
      assert.throws(() => pageTexts(records, pages[0], text), {message: textMessage}, JSON.stringify(text));
    }
    const blocksMessage = `Search: the blocks file blocks-0.json does not belong to ${ORIGIN}/docs/concepts/schedules (8 sections).`;
    const empty = (): unknown[] => Array.from({length: 8}, () => []);
    const withSection = (content: unknown) => Object.assign(empty(), {1: content});
    const badSections: unknown[] = [
      'junk',
      ['A paragraph.', 42],
      [null],
      [{list: ['one', 2]}],
      [{table: [['a'], 'not a row']}],
      [{table: [['a', 1]]}],
      [{table: [[1]]}],
      [{code: 5}],
    ];
    for (const bad of badSections) {
      const {records, pages} = fresh();
      assert.throws(() => pageBlocks(records, pages[0], withSection(bad)), {message: blocksMessage}, JSON.stringify(bad));
    }
    const {records, pages} = fresh();
    assert.throws(() => pageBlocks(records, pages[0], empty().slice(1)), {message: blocksMessage});
    const every: Block[] = [
      'A paragraph.',
      {list: ['one', 'two'], start: 3},
      {table: [['Name'], ['value']]},
      {code: 'tower deploy', language: 'bash', title: 'Shell'},
    ];
    pageBlocks(records, pages[0], withSection(every));
    assert.deepEqual(records[1].blocks, every);
  });

  test('the text of blocks: a line per paragraph, list item and table row, the start of each code block, no blank lines', () => {
    const blocks: Block[] = [
      ' ',
      'Intro',
      '',
      {list: ['one', '  ']},
      {
        table: [
          ['Name', 'Type'],
          ['a', 'b'],
        ],
      },
      {code: 'tower apps list'},
    ];
    assert.equal(blocksText(blocks), 'Intro\none\nName Type\na b\ntower apps list');
  });

  test('a code block is indexed by its first 80 characters, finishing a word by up to 40 more, dropping a longer one', () => {
    const whole = `${'x'.repeat(CODE_BLOCK_CHARS - 1)} `;
    assert.equal(codeStart(whole), whole, 'no longer than the cut: kept as it is');
    const start = 'a'.repeat(70);
    const finished = `${start} ${'b'.repeat(49)}`;
    assert.equal(finished.length, CODE_BLOCK_CHARS + 40);
    assert.equal(codeStart(`${finished} tail`), finished, 'a word finished 40 characters past the cut');
    assert.equal(codeStart(`${start} ${'b'.repeat(50)} tail`), start, 'a word that needs 41 is dropped');
    const last = `${'a'.repeat(75)} tower-secrets`;
    assert.equal(codeStart(last), last, 'a word that ends the block is finished');
    assert.equal(codeStart(`# ${'c'.repeat(60)} tower secrets create --name x`), `# ${'c'.repeat(60)} tower secrets create`);
  });
});

describe('text: words and terms', () => {
  const stemsOf = (text: string) => wordsOf(text).map((word) => word.stems);

  test('every pair of words that is one thing is joined, in words and in terms', () => {
    const pairs: Array<[string, string]> = [
      ['log in', 'login'],
      ['log into', 'login'],
      ['log out', 'logout'],
      ['Logged in', 'login'],
      ['logged into', 'login'],
      ['logged out', 'logout'],
      ['logging in', 'login'],
      ['logging into', 'login'],
      ['logging out', 'logout'],
      ['sign in', 'login'],
      ['sign out', 'logout'],
      ['signed in', 'login'],
      ['signed out', 'logout'],
      ['time zone', 'timezon'],
      ['time zones', 'timezon'],
      ['allow list', 'allowlist'],
      ['allow lists', 'allowlist'],
    ];
    for (const [text, term] of pairs) {
      assert.deepEqual(termsOf(text), [term], text);
      assert.deepEqual(stemsOf(text), [[term]], text);
    }
  });

  test('only white space joins a pair, and a second word that is not in the pair stays its own', () => {
    assert.deepEqual(termsOf('log — in'), [stemOf('log')]);
    assert.deepEqual(stemsOf('log — in'), [[stemOf('log')], []]);
    assert.deepEqual(termsOf('log files'), [stemOf('log'), stemOf('files')]);
  });

  test('"constructor name" is two words: names of Object\'s own properties join nothing (bug)', () => {
    for (const text of ['constructor name', 'constructor length', 'log constructor']) {
      const [first, second] = text.split(' ');
      assert.deepEqual(termsOf(text), [stemOf(first), stemOf(second)], text);
      assert.deepEqual(stemsOf(text), [[stemOf(first)], [stemOf(second)]], text);
    }
  });

  test('a flag is one or two hyphens before a letter or a digit; an index in brackets stays with its name', () => {
    assert.deepEqual(
      wordsOf('tail -1 and -e then items[0]').map((word) => word.identifier),
      [null, '-1', null, '-e', null, 'items[0]'],
    );
    assert.deepEqual(termsOf('-e'), ['-e', 'e']);
    assert.deepEqual(termsOf('items[0]'), ['items[0]', stemOf('items'), '0']);
  });

  test('a stop word inside an identifier is no term, but the identifier is', () => {
    assert.deepEqual(termsOf('is_active'), ['is_active', stemOf('active')]);
  });

  test('one or two letters after a final apostrophe are dropped; an apostrophe inside a word joins two', () => {
    assert.deepEqual(termsOf("you're"), []);
    assert.deepEqual(stemsOf("you're"), [[]]);
    assert.deepEqual(termsOf("o'clock"), [stemOf('o'), stemOf('clock')]);
    assert.deepEqual(stemsOf("o'clock"), [[stemOf('o'), stemOf('clock')]]);
  });

  test('sentences split at any run of spaces after a full stop', () => {
    assert.deepEqual(sentences('Run it.  Then deploy.'), ['Run it.', 'Then deploy.']);
  });
});

describe('text: snippets', () => {
  const tags = {pre: '[', post: ']'};
  const numbered = (length: number, at: number) => Array.from({length}, (_, i) => (i === at ? 'target' : `f${i}`)).join(' ');
  const window = (from: number, to: number, at: number) => Array.from({length: to - from}, (_, i) => (from + i === at ? '[target]' : `f${from + i}`)).join(' ');

  test('the first match is the one the window is built around', () => {
    const text = Array.from({length: 30}, (_, i) => `w${i}`).join(' ');
    assert.equal(snippet(text, new Set(['w5', 'w7']), tags, 9).value, '…w2 w3 w4 [w5] w6 [w7] w8 w9 w10…');
    assert.equal(snippet(text, new Set(['w0', 'w6']), tags, 9).value, '[w0] w1 w2 w3 w4 w5 [w6] w7 w8…');
  });

  test('a match among the first 400 words is shown a third into its window; the 401st word is not sought', () => {
    assert.equal(snippet(numbered(420, 399), new Set(['target']), tags, 9).value, `…${window(396, 405, 399)}…`);
    assert.equal(snippet(numbered(420, 400), new Set(['target']), tags, 9).value, `${window(0, 9, 400)}…`);
  });
});

describe('postings: the word index', () => {
  const documents: DocumentTerms[] = [
    {title: ['schedul'], path: ['concept', 'schedul'], content: ['cron', 'cron', 'schedul']},
    {title: ['app'], path: ['concept', 'app'], content: ['cron']},
  ];

  test('terms are sorted; each has its documents per field as gaps, with a count past one; lengths count distinct terms', () => {
    assert.deepEqual(indexWords(documents), {
      terms: 'app concept cron schedul',
      postings: ['01;11', '10,1', '20:2,1', '00;10;20'],
      lengths: '1,2,2;1,2,1',
      averages: [1, 2, 1.5],
    });
  });

  test('a term that is empty or holds a space is refused at build time', () => {
    for (const term of ['', 'two words']) {
      assert.throws(() => indexWords([{title: [term], path: [], content: []}]), {message: `indexWords: the term "${term}" is empty or contains a space.`});
    }
  });

  test('a document counts once per term, whatever its fields; a rare term tells more (BM25 IDF)', () => {
    const words = new WordIndex(indexWords(documents));
    assert.equal(words.documentCount, 2);
    assert.deepEqual(
      ['app', 'concept', 'cron', 'schedul', 'missing'].map((term) => words.documentFrequency(term)),
      [1, 2, 2, 1, 0],
    );
    // ln(1 + (N - n + 0.5) / (n + 0.5)) with N = 2 documents.
    assert.equal(words.informativeness('app'), Math.log(2));
    assert.equal(words.informativeness('cron'), Math.log(1.2));
  });

  test('an index with no documents loads empty; one whose postings do not match its terms is refused', () => {
    const empty = new WordIndex(indexWords([]));
    assert.equal(empty.documentCount, 0);
    assert.deepEqual(empty.terms, []);
    assert.deepEqual(
      empty.search(new Map([['cron', 1]]), {title: 1, path: 1, content: 1}, () => 1),
      [],
    );
    assert.throws(() => new WordIndex({terms: 'a b', postings: ['00'], lengths: '1,0,0', averages: [1, 0, 0]}), {
      message: 'Search index: 2 terms but 1 posting lists.',
    });
  });

  test('results come best first; a document boosted to zero is left out; gaps and counts decode in base 36', () => {
    const filler = (id: number): DocumentTerms => ({title: [], path: [], content: [`filler${id}`, 'other']});
    const many = Array.from({length: 12}, (_, id) => filler(id));
    many[0] = {title: [], path: [], content: ['cron', 'other']};
    many[5] = {title: [], path: [], content: ['cron', 'cron', 'other']};
    many[11] = {title: [], path: [], content: ['cron', 'other']};
    const words = new WordIndex(indexWords(many));
    const search = (boost: (id: number) => number) => words.search(new Map([['cron', 1]]), {title: 1, path: 1, content: 1}, boost).map((found) => found.id);
    // The same length: the one with the term twice first, then the others as found.
    assert.deepEqual(
      search(() => 1),
      [5, 0, 11],
    );
    assert.deepEqual(
      search((id) => id + 1),
      [11, 5, 0],
    );
    assert.deepEqual(
      search((id) => (id === 5 ? 0 : 1)),
      [0, 11],
    );
  });
});

describe('client: requests and the files it loads', () => {
  test("DocSearch's requests in either form, with params as an object or a query string; anything else is none", () => {
    for (const input of [null, undefined, 'query', 42, {}, {requests: 'x'}]) assert.deepEqual(normaliseRequests(input), [], String(input));
    const [fromString] = normaliseRequests([{params: 'query=cron&page=&hitsPerPage=5&facetFilters=%5B%22kind%3Acli%22%5D'}]);
    assert.equal(fromString.indexName, '');
    assert.equal(fromString.request.query, 'cron');
    assert.equal(fromString.request.page, undefined, 'an empty page is none, not page 0');
    assert.equal(fromString.request.hitsPerPage, 5);
    assert.deepEqual(fromString.request.facetFilters, ['kind:cli']);
    const [fromObject] = normaliseRequests({requests: [{indexName: 'docs', params: {page: null, hitsPerPage: ''}}]});
    assert.equal(fromObject.indexName, 'docs');
    assert.equal(fromObject.request.query, '');
    assert.equal(fromObject.request.page, undefined);
    assert.equal(fromObject.request.hitsPerPage, undefined);
    const [legacy] = normaliseRequests([{indexName: 'docs', query: 'cron', page: '2'}]);
    assert.equal(legacy.request.query, 'cron');
    assert.equal(legacy.request.page, 2);
  });

  /** Serves a packed index and its files through a mocked fetch, counting each request and its credentials. */
  const serveIndex = (t: TestContext, folder: string, missing: string[] = []) => {
    const {index, texts} = SearchEngine.fromRecords(pagesToRecords(PAGES, ORIGIN)).pack(ORIGIN, fileName);
    const base = `https://site.test/${folder}/`;
    const files = new Map<string, unknown>([
      [`${base}search-index.json`, index],
      ...[...texts].map(([file, content]): [string, unknown] => [`${base}${file}`, content]),
    ]);
    for (const file of missing) files.delete(`${base}${file}`);
    const fetched: Array<{url: string; credentials: RequestCredentials | undefined}> = [];
    t.mock.method(globalThis, 'fetch', (input: string | URL, init?: RequestInit) => {
      const url = String(input);
      fetched.push({url, credentials: init?.credentials});
      const body = files.get(url);
      return Promise.resolve(new Response(JSON.stringify(body ?? {}), {status: body === undefined ? 404 : 200}));
    });
    return {indexUrl: `${base}search-index.json`, base, fetched, errors: t.mock.method(console, 'error', () => undefined)};
  };

  test("a search loads the index and the shown pages' text, never their blocks, all with same-origin credentials", async (t) => {
    const {indexUrl, base, fetched} = serveIndex(t, 'plain');
    const client = createLocalSearchClient(indexUrl);
    const {results} = await client.search({requests: [{indexName: 'docs', params: {query: 'time zones'}}]});
    assert.ok(results[0].nbHits > 0);
    assert.deepEqual(
      fetched.map(({url}) => url),
      [`${base}search-index.json`, `${base}text-0.json`],
    );
    assert.ok(fetched.every(({credentials}) => credentials === 'same-origin'));
  });

  test('Ask AI loads the blocks of the sections it quotes, each file once even when asked twice at once', async (t) => {
    const {indexUrl, base, fetched} = serveIndex(t, 'blocks');
    const client = createLocalSearchClient(indexUrl);
    const engine = await client.engine();
    const {shown} = engine.prepare({query: 'time zones'});
    await Promise.all([client.loadText(engine, shown, true), client.loadText(engine, shown, true)]);
    assert.deepEqual(
      fetched.map(({url}) => url),
      [`${base}search-index.json`, `${base}text-0.json`, `${base}blocks-0.json`],
    );
    assert.ok(fetched.every(({credentials}) => credentials === 'same-origin'));
    assert.deepEqual(engine.records[1].blocks, scheduleBlocks);
  });

  test('a blocks file that cannot be loaded says Ask AI quotes the text lines instead', async (t) => {
    const {indexUrl, errors} = serveIndex(t, 'noblocks', ['blocks-0.json']);
    const client = createLocalSearchClient(indexUrl);
    const engine = await client.engine();
    await client.loadText(engine, engine.prepare({query: 'time zones'}).shown, true);
    assert.equal(engine.records[1].blocks, undefined);
    assert.equal(
      errors.mock.calls[0].arguments[0],
      `Search: the blocks of ${ORIGIN}/docs/concepts/schedules could not be loaded; Ask AI quotes its text lines instead.`,
    );
  });

  test('a listener that unsubscribed is not told the index failed', async (t) => {
    const {indexUrl} = serveIndex(t, 'gone', ['search-index.json']);
    const client = createLocalSearchClient(indexUrl);
    let told = 0;
    client.subscribe(() => told++)();
    await client.search({requests: [{indexName: 'docs', params: {query: 'cron'}}]});
    assert.equal(client.unavailable(), true);
    assert.equal(told, 0);
  });
});
