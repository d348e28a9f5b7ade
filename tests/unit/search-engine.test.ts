/**
 * The rules the search engine (src/search/engine.ts) ranks and answers by,
 * each pinned on a tiny index built in memory by the code the plugin uses
 * (pagesToRecords, SearchEngine.fromRecords): which section ranks first and by
 * how much, which sections count as matches, how pages are grouped, paged and
 * counted, and what a hit shows. Where a rule is one factor of the score, the
 * test compares two sections that differ only in that factor, so the ratio of
 * their scores is the factor the rule names (src/search/ranking.ts).
 * Fast: no build, no files, no server.
 */
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import {
  buildEngine,
  groupByPage,
  headingPhraseBoost,
  matchesFacets,
  namedOperationBoost,
  operationIdOf,
  SearchEngine,
  signpostFactor,
  type Ranked,
  type SearchRequest,
} from '../../src/search/engine';
import type {PageKind} from '../../src/search/kinds';
import type {QueryPlan} from '../../src/search/query';
import {
  EXPANSION_WEIGHT,
  HEADING_ANSWER,
  HEADING_PHRASE_BOOST,
  KIND_PRIOR,
  LEVEL_BOOST,
  NAMED_OPERATION_BOOST,
  prefixWeight,
  QUESTION_LEVEL_BOOST,
  SECOND_SECTION_SHARE,
  SIGNPOST_SECTION,
} from '../../src/search/ranking';
import {pagesToRecords, type ExtractedPage, type SearchRecord} from '../../src/search/records';
import {extractedPage, rankedAs, type SectionSpec} from './support/search-pages';

const SITE = 'https://docs.example.dev';

/** The engine's tests name each page's kind (it weighs the score) before its title. */
const page = (path: string, kind: PageKind, title: string, sections: SectionSpec[], trail = ['Docs']): ExtractedPage =>
  extractedPage(path, title, sections, {kind, trail});

const engineOf = (...pages: ExtractedPage[]) => SearchEngine.fromRecords(pagesToRecords(pages, SITE));
const where = (entry: {record: SearchRecord}) => entry.record.url.replace(SITE, '');
const scoreAt = (ranked: Ranked[], url: string): number => {
  const entry = ranked.find((candidate) => where(candidate) === url);
  assert.ok(entry, `${url} is among the results: ${ranked.map(where).join(', ')}`);
  return entry.score;
};
const close = (actual: number, expected: number, message?: string) =>
  assert.ok(Math.abs(actual - expected) < 1e-9 * Math.max(1, Math.abs(expected)), `${message ?? ''} ${actual} ≈ ${expected}`);

/** A record as pagesToRecords makes it, for the pure helpers. */
function record(overrides: Partial<SearchRecord> & {heading?: string}): SearchRecord {
  const {heading, ...rest} = overrides;
  const type = rest.type ?? 'lvl2';
  return {
    objectID: '0',
    url: `${SITE}/docs/page#section`,
    url_without_anchor: `${SITE}/docs/page`,
    anchor: 'section',
    type,
    hierarchy: {
      lvl0: 'Docs',
      lvl1: type === 'lvl1' ? (heading ?? 'Page') : 'Page',
      lvl2: type === 'lvl2' ? (heading ?? 'Section') : null,
      lvl3: null,
      lvl4: null,
      lvl5: null,
      lvl6: null,
    },
    content: 'Some text.',
    language: 'en',
    docusaurus_tag: ['docs-default-current'],
    kind: 'guide',
    ...rest,
  };
}

const planNaming = (operations: string[]): QueryPlan => ({words: [], intent: 'operation', operations, defines: false});

describe('an operation the query names: its page top wins (namedOperationBoost)', () => {
  const top = record({
    type: 'lvl1',
    kind: 'api',
    url: `${SITE}/docs/reference/api/create-secret`,
    url_without_anchor: `${SITE}/docs/reference/api/create-secret`,
  });

  test("an operation's id is the last step of its page's route", () => {
    assert.equal(operationIdOf(top), 'create-secret');
  });

  test('the top section of the named operation counts NAMED_OPERATION_BOOST times; nothing else does', () => {
    assert.equal(namedOperationBoost(planNaming(['create-secret']), top), NAMED_OPERATION_BOOST);
    assert.equal(namedOperationBoost(planNaming(['list-secrets', 'create-secret']), top), NAMED_OPERATION_BOOST, 'one of several named');
    assert.equal(namedOperationBoost(planNaming([]), top), 1, 'no operation named');
    assert.equal(namedOperationBoost(planNaming(['delete-secret']), top), 1, 'another operation named');
    assert.equal(namedOperationBoost(planNaming(['create-secret']), {...top, type: 'lvl2'}), 1, 'a deeper section of the page');
    assert.equal(namedOperationBoost(planNaming(['create-secret']), {...top, kind: 'guide'}), 1, 'a guide whose route ends the same way');
  });
});

describe('signposts to other pages count SIGNPOST_SECTION (signpostFactor)', () => {
  const factor = (heading: string, type: SearchRecord['type'] = 'lvl2') => signpostFactor(record({heading, type}));

  test('the closing sections that point elsewhere are signposts, whatever their case and spacing', () => {
    for (const heading of ['Where to go next', 'Next steps', 'Related', 'Related pages', 'See also', 'What you learned', 'NEXT STEPS', ' Next steps ']) {
      assert.equal(factor(heading), SIGNPOST_SECTION, heading);
    }
  });

  test("a concept page's map of its neighbours is a signpost, for one concept or several", () => {
    assert.equal(factor('How runs relate to other concepts'), SIGNPOST_SECTION);
    assert.equal(factor('How a run relates to other concepts'), SIGNPOST_SECTION);
    assert.equal(factor('How apps and runs relate to other concepts'), SIGNPOST_SECTION);
  });

  test('a heading that only contains a signpost phrase is an ordinary section', () => {
    for (const heading of ['Unrelated', 'Related work', 'Next steps for admins', 'Plan the next steps', 'How to other concepts']) {
      assert.equal(factor(heading), 1, heading);
    }
  });

  test("a page's top is never a signpost, whatever its title", () => {
    assert.equal(factor('Next steps', 'lvl1'), 1);
  });
});

describe('words found together in a heading (headingPhraseBoost)', () => {
  const boost = (phrase: string, heading: string) => headingPhraseBoost(phrase, record({heading}));

  test('a heading that is the query counts HEADING_PHRASE_BOOST.exact, one that holds it as a phrase .contains', () => {
    assert.equal(boost('tower login', 'tower login'), HEADING_PHRASE_BOOST.exact);
    assert.equal(boost('tower login', 'Tower Login'), HEADING_PHRASE_BOOST.exact, 'compared as terms');
    assert.equal(boost('tower login', 'Run tower login first'), HEADING_PHRASE_BOOST.contains);
    assert.equal(boost('tower login', 'tower login first'), HEADING_PHRASE_BOOST.contains, 'at the start');
    assert.equal(boost('tower login', 'first tower login'), HEADING_PHRASE_BOOST.contains, 'at the end');
  });

  test('the words apart, in another order or as parts of longer words do not count', () => {
    assert.equal(boost('tower login', 'login with tower'), 1);
    assert.equal(boost('tower login', 'mytower logins'), 1, 'inside longer words');
    assert.equal(boost('tower log', 'tower login'), 1, 'a word that only begins a heading word');
  });

  test('one word is no phrase: the heading match is already scored by its field', () => {
    assert.equal(boost('login', 'login'), 1);
  });
});

describe('facet filters (matchesFacets): every group must match, any value within a group', () => {
  const api = record({kind: 'api', type: 'lvl2', language: 'en', docusaurus_tag: ['docs-default-current', 'v:2']});

  test('each facet reads its own field', () => {
    assert.equal(matchesFacets(api, [['kind:api']]), true);
    assert.equal(matchesFacets(api, [['kind:guide']]), false);
    assert.equal(matchesFacets(api, [['language:en']]), true);
    assert.equal(matchesFacets(api, [['language:fr']]), false);
    assert.equal(matchesFacets(api, [['type:lvl2']]), true);
    assert.equal(matchesFacets(api, [['type:lvl1']]), false);
    assert.equal(matchesFacets(api, [['docusaurus_tag:docs-default-current']]), true);
    assert.equal(matchesFacets(api, [['docusaurus_tag:other']]), false);
  });

  test('a value may hold colons; an unknown facet matches nothing', () => {
    assert.equal(matchesFacets(api, [['docusaurus_tag:v:2']]), true);
    assert.equal(matchesFacets(api, [['colour:api']]), false);
    assert.equal(matchesFacets(api, [['colour:en']]), false);
  });

  test('a leading minus negates a filter; a record without a kind matches no kind', () => {
    assert.equal(matchesFacets(api, [['-kind:api']]), false);
    assert.equal(matchesFacets(api, [['-kind:guide']]), true);
    assert.equal(matchesFacets(api, [['kind:api-']]), false, 'a minus at the end is part of the value');
    const algolia = record({kind: undefined});
    assert.equal(matchesFacets(algolia, [['kind:guide']]), false);
    assert.equal(matchesFacets(algolia, [['-kind:guide']]), true);
  });

  test('groups are ANDed, values within a group ORed', () => {
    assert.equal(matchesFacets(api, [['kind:guide', 'kind:api']]), true);
    assert.equal(matchesFacets(api, [['kind:api'], ['language:fr']]), false);
    assert.equal(matchesFacets(api, []), true);
  });
});

describe('pages (groupByPage): a page scores its best section plus SECOND_SECTION_SHARE of its second', () => {
  const ranked = (url: string, score: number, kind: PageKind = 'guide'): Ranked =>
    rankedAs(record({url: `${SITE}${url}`, url_without_anchor: `${SITE}${url.split('#')[0]}`, kind}), score);

  test('two good sections edge out one slightly better section; pages come best first, sections in rank order', () => {
    const pages = groupByPage([ranked('/b', 10.5), ranked('/a', 10), ranked('/c', 1), ranked('/a#two', 5)]);
    assert.deepEqual(
      pages.map((result) => [result.url, result.sections.map(where)]),
      [
        [`${SITE}/a`, ['/a', '/a#two']],
        [`${SITE}/b`, ['/b']],
        [`${SITE}/c`, ['/c']],
      ],
    );
    close(pages[0].score, 10 + SECOND_SECTION_SHARE * 5);
    close(pages[1].score, 10.5, 'a page of one section scores that section');
  });

  test('category pages come after every page with content of its own, however they score', () => {
    const pages = groupByPage([ranked('/overview', 50, 'category'), ranked('/guide', 2), ranked('/other', 1), ranked('/index', 40, 'category')]);
    assert.deepEqual(
      pages.map((result) => result.url.replace(SITE, '')),
      ['/guide', '/other', '/overview', '/index'],
    );
  });
});

describe('loading an index: text and blocks arrive per page', () => {
  const pages = [
    page('/docs/guide', 'guide', 'Guide', [
      {heading: 'Guide', text: ''},
      {heading: 'Setup', text: 'Install the gizmo.', blocks: ['Install the gizmo.']},
    ]),
    page('/docs/plain', 'concept', 'Plain', [{heading: 'Plain', text: 'A gizmo page with no blocks.'}]),
  ];
  const records = pagesToRecords(pages, SITE);
  const built = SearchEngine.fromRecords(records);
  const {index, texts} = built.pack(SITE, (_, position, kind) => `${kind}-${position}.json`);

  test('an index whose word index counts other sections is refused, naming both counts', () => {
    const other = engineOf(page('/docs/one', 'guide', 'One', [{heading: 'One', text: 'Only one section.'}])).pack(SITE, () => 'x.json').index;
    assert.throws(() => SearchEngine.fromPacked({...index, words: other.words}), /Search index: 3 sections but 1 in the word index/);
  });

  test('records indexed with their text miss nothing, even when a page opens with an empty section', () => {
    assert.deepEqual(built.missingText(built.records), []);
    assert.deepEqual(built.missingText(built.records, 'blocks'), []);
  });

  test('a loaded index misses the text of every page, and the blocks of pages that have a blocks file', () => {
    const loaded = SearchEngine.fromPacked(index);
    assert.deepEqual(loaded.missingText(loaded.records), [0, 1]);
    assert.deepEqual(loaded.missingText(loaded.records, 'blocks'), [0]);
    assert.deepEqual(loaded.missingText(loaded.rank('gizmo')), [1, 0], 'ranked entries, pages in the order of their first result');
    assert.deepEqual(loaded.missingText([record({objectID: '99'})]), [], 'a record of another index');
    loaded.addText(1, texts.get('text-1.json'));
    assert.deepEqual(loaded.missingText(loaded.records), [0]);
    loaded.addBlocks(0, texts.get('blocks-0.json'));
    assert.deepEqual(loaded.missingText(loaded.records, 'blocks'), []);
    assert.deepEqual(loaded.missingText(loaded.records), [0], 'blocks are not text');
  });

  test('text supplied at load fills in every page it has, and only those', () => {
    const all = SearchEngine.fromPacked(index, (file) => texts.get(file));
    assert.deepEqual(all.missingText(all.records), []);
    assert.deepEqual(all.missingText(all.records, 'blocks'), []);
    assert.equal(all.records[1].content, 'Install the gizmo.');
    const some = SearchEngine.fromPacked(index, (file) => (file === 'text-1.json' ? texts.get(file) : undefined));
    assert.deepEqual(some.missingText(some.records), [0]);
    assert.deepEqual(some.missingText(some.records, 'blocks'), [0]);
  });
});

describe('which queries name an operation (the index hints)', () => {
  const engine = engineOf(
    page('/docs/reference/api/create-secret', 'api', 'Store a secret', [{heading: 'Store a secret', text: 'POST /secrets stores a secret value.'}]),
    page('/docs/reference/api/list-gadgets', 'api', 'Gadgets', [{heading: 'Gadgets', text: 'Lists every gadget.'}]),
    page('/docs/concepts/apps', 'concept', 'Apps', [{heading: 'Apps', text: 'An app holds code.'}]),
  );

  test("an operation is named by its title's words, by its id's words, or by its id", () => {
    assert.deepEqual(engine.plan('store a secret').operations, ['create-secret']);
    assert.deepEqual(engine.plan('create secret').operations, ['create-secret']);
    assert.deepEqual(engine.plan('list gadgets').operations, ['list-gadgets']);
    assert.deepEqual(engine.plan('create-secret').operations, ['create-secret']);
  });

  test('an API page that opens without its top section names no operation', () => {
    const headless = engineOf(page('/docs/reference/api/delete-shelf', 'api', 'Delete shelf', [{heading: 'Remove', text: 'Removes a shelf.', level: 2}]));
    assert.deepEqual(headless.plan('delete-shelf').operations, []);
  });

  test('pages other than API operations are never operations', () => {
    assert.deepEqual(engine.plan('apps').operations, []);
    assert.equal(engine.plan('apps').intent, 'topic');
  });
});

describe('ranking sections (rankQuery): each factor of the score on its own', () => {
  // Twin sections: the same words in the same fields, so the word index scores them alike and only the rule under test differs.
  const twin = (path: string, kind: PageKind, title = 'Gadget shelf') =>
    page(path, kind, title, [
      {heading: title, text: 'A gadget counts things.'},
      {heading: 'Other steps', text: 'Read about the gadget here.'},
      {heading: 'Next steps', text: 'Read about the gadget here.'},
    ]);
  const engine = engineOf(
    twin('/docs/guide', 'guide'),
    twin('/docs/reference/api/list-shelves', 'api'),
    page('/docs/more', 'example', 'Sprockets', [
      {heading: 'Sprockets', text: 'A sprocket turns. Sprocket teeth.'},
      {heading: 'Sizes', text: 'Every sprocket comes in one size.'},
    ]),
  );

  test("a page's kind counts what KIND_PRIOR gives it for the query's intent", () => {
    const ranked = engine.rank('gadget');
    close(scoreAt(ranked, '/docs/guide') / scoreAt(ranked, '/docs/reference/api/list-shelves'), KIND_PRIOR.topic.guide / KIND_PRIOR.topic.api);
    // An API question: the heading that names the thing answers it on both pages alike.
    const api = engine.rankQuery('where are gadgets in the api?');
    assert.equal(engine.plan('where are gadgets in the api?').intent, 'api');
    close(scoreAt(api.ranked, '/docs/guide') / scoreAt(api.ranked, '/docs/reference/api/list-shelves'), KIND_PRIOR.api.guide / KIND_PRIOR.api.api);
  });

  test('a question is answered by a heading that names it, except on API pages when the question does not name the API', () => {
    const question = 'where are gadgets?';
    assert.equal(engine.plan(question).intent, 'question');
    const ranked = engine.rank(question);
    const answers = 1 + HEADING_ANSWER.own;
    close(
      scoreAt(ranked, '/docs/guide') / scoreAt(ranked, '/docs/reference/api/list-shelves'),
      (KIND_PRIOR.question.guide * answers) / KIND_PRIOR.question.api,
    );
    // A topic is not a question: the same sections, scored without the heading's answer.
    const topic = engine.rank('gadgets');
    const levelAndKind = (QUESTION_LEVEL_BOOST.lvl1 * KIND_PRIOR.question.guide) / (LEVEL_BOOST.lvl1 * KIND_PRIOR.topic.guide);
    close(scoreAt(ranked, '/docs/guide') / scoreAt(topic, '/docs/guide'), levelAndKind * answers);
    // A section under the page title: its path names the thing, a little.
    const underTitle = (QUESTION_LEVEL_BOOST.lvl2 * KIND_PRIOR.question.guide) / (LEVEL_BOOST.lvl2 * KIND_PRIOR.topic.guide);
    close(scoreAt(ranked, '/docs/guide#other-steps') / scoreAt(topic, '/docs/guide#other-steps'), underTitle * (1 + HEADING_ANSWER.path));
  });

  test("a page's top counts LEVEL_BOOST for a topic, QUESTION_LEVEL_BOOST for a question, and LEVEL_BOOST again for a question asking what a thing is", () => {
    const sprocket = (query: string) => {
      const ranked = engine.rank(query);
      return scoreAt(ranked, '/docs/more') / scoreAt(ranked, '/docs/more#sizes');
    };
    // The top has "sprocket" twice and a longer text; the ratio of the two queries cancels the word index's part.
    const topic = sprocket('sprocket');
    // A question also counts the headings that name it: the top's own heading, the other section's page title.
    const answers = (1 + HEADING_ANSWER.own) / (1 + HEADING_ANSWER.path);
    const question = QUESTION_LEVEL_BOOST.lvl1 / QUESTION_LEVEL_BOOST.lvl2 / (LEVEL_BOOST.lvl1 / LEVEL_BOOST.lvl2);
    close(sprocket('where are sprockets?') / topic, question * answers);
    // An API question is a question too. Its word "api" is in no section: the share of the question's words a heading
    // has counts "sprocket" against it, weighed as the rarest term.
    assert.equal(engine.plan('which api has sprockets?').intent, 'api');
    const found = engine.informativeness('sprocket') / (engine.informativeness('sprocket') + Math.log(1 + engine.records.length));
    close(sprocket('which api has sprockets?') / topic, (question * (1 + HEADING_ANSWER.own * found)) / (1 + HEADING_ANSWER.path * found));
    assert.equal(engine.plan('what is a sprocket').defines, true);
    close(sprocket('what is a sprocket') / topic, answers, 'a definition');
  });

  test('a signpost section scores SIGNPOST_SECTION of its twin', () => {
    const ranked = engine.rank('gadget');
    close(scoreAt(ranked, '/docs/guide#next-steps') / scoreAt(ranked, '/docs/guide#other-steps'), SIGNPOST_SECTION);
  });

  test('category pages come after every page with content of its own', () => {
    const withCategory = engineOf(
      page('/docs/all', 'category', 'Gadgets', [{heading: 'Gadgets', text: 'Gadget gadget gadget: every gadget page.'}]),
      page('/docs/deep', 'api', 'Reference', [
        {heading: 'Reference', text: 'Nothing.'},
        {heading: 'Fields', text: 'A field of a gadget.'},
      ]),
      page('/docs/index', 'category', 'Gadget index', [{heading: 'Gadget index', text: 'Every gadget, gadget by gadget.'}]),
      page('/docs/other', 'api', 'Other', [
        {heading: 'Other', text: 'Nothing.'},
        {heading: 'Types', text: 'The types of a gadget and of a field.'},
      ]),
    );
    const ranked = withCategory.rank('gadget');
    assert.ok(scoreAt(ranked, '/docs/all') > scoreAt(ranked, '/docs/deep#fields'), 'the category page scores higher');
    assert.ok(scoreAt(ranked, '/docs/index') > scoreAt(ranked, '/docs/other#types'), 'the category page scores higher');
    assert.deepEqual(ranked.slice(0, 2).map(where).sort(), ['/docs/deep#fields', '/docs/other#types']);
    assert.deepEqual(ranked.slice(2).map(where).sort(), ['/docs/all', '/docs/index']);
    // The word index finds the signpost first (it has the word twice), the category page scores higher after its kind and
    // the signpost's factor: the category page still comes last.
    const signpostFirst = engineOf(
      page('/docs/all', 'category', 'Overview', [{heading: 'Overview', text: 'Pages about one gadget and about more things.'}]),
      page('/docs/deep', 'api', 'Reference', [
        {heading: 'Reference', text: 'Nothing.'},
        {heading: 'Next steps', text: 'Gadget, gadget.'},
      ]),
    ).rank('gadget');
    assert.ok(scoreAt(signpostFirst, '/docs/all') > scoreAt(signpostFirst, '/docs/deep#next-steps'));
    assert.deepEqual(signpostFirst.map(where), ['/docs/deep#next-steps', '/docs/all']);
  });
});

describe('which sections match (rankQuery): all the words, or most of them', () => {
  const one = (path: string, text: string, kind: PageKind = 'guide', title = 'Notes') => page(path, kind, title, [{heading: title, text}]);
  const urls = (ranked: Ranked[]) => ranked.map(where).sort();

  test('with fewer than FEW_PAGES pages having every word, sections one word short follow, scored by the square of their share', () => {
    const engine = engineOf(one('/both', 'A widget beside a gadget.'), one('/widget', 'A widget alone.'), one('/use', 'Use a widget.'));
    const result = engine.rankQuery('widget gadget');
    assert.deepEqual(urls(result.ranked), ['/both', '/use', '/widget']);
    assert.equal(result.ranked[0].record.url, `${SITE}/both`);
    assert.deepEqual(result.queryWords, ['widget', 'gadget']);
    assert.equal(result.allWordsMatched, true, 'one section has them all');
    const short = result.ranked.find((entry) => where(entry) === '/widget');
    assert.equal(short?.share, 0.5);
    assert.deepEqual(short?.matchedWords, ['widget']);
    // The same section for the one word it has: the word index scores it alike, the share (1/2) squared is the difference.
    close(scoreAt(result.ranked, '/widget') / scoreAt(engine.rank('widget'), '/widget'), 0.25);
    // A filler word ("use") is no required word: it neither counts in the share nor among the query's words.
    const filler = engine.rankQuery('use widget gadget');
    assert.deepEqual(filler.queryWords, ['widget', 'gadget']);
    assert.equal(filler.ranked.find((entry) => where(entry) === '/use')?.share, 0.5);
  });

  test('with FEW_PAGES pages having every word, sections one word short are left out; a one-word query never shows sections without it', () => {
    const engine = engineOf(
      one('/a', 'A widget beside a gadget.'),
      one('/b', 'A widget and a gadget.'),
      one('/c', 'Widget, gadget.'),
      one('/widget', 'A widget alone.'),
      one('/use', 'Use it.'),
    );
    assert.deepEqual(urls(engine.rank('widget gadget')), ['/a', '/b', '/c']);
    const filler = engine.rank('use widget');
    assert.deepEqual(urls(filler), ['/a', '/b', '/c', '/widget'], 'the filler word alone finds nothing');
    const few = engineOf(one('/widget', 'A widget.'), one('/use', 'Use it.'));
    assert.deepEqual(urls(few.rank('use widget')), ['/widget'], 'nor with fewer pages: one word is no word short');
  });

  test('a question of QUESTION_SPARE_WORD_FROM words or more shows sections one word short even when many pages have them all', () => {
    const engine = engineOf(
      one('/a', 'A widget beside a gadget on a sprocket.'),
      one('/b', 'A widget and a gadget and a sprocket.'),
      one('/c', 'Widget, gadget, sprocket.'),
      one('/two', 'A widget and a gadget.'),
      one('/single', 'A widget alone.'),
    );
    assert.equal(engine.plan('where do widgets, gadgets and sprockets go?').intent, 'question');
    assert.deepEqual(urls(engine.rank('where do widgets, gadgets and sprockets go?')), ['/a', '/b', '/c', '/two']);
    assert.deepEqual(urls(engine.rank('widget gadget sprocket')), ['/a', '/b', '/c'], 'not a topic of three words');
    assert.deepEqual(urls(engine.rank('where do widgets and gadgets go?')), ['/a', '/b', '/c', '/two'], 'not a question of two words');
  });

  test('when no section has every word, most of them match: the most any has, or one fewer past LONG_QUERY_WORDS words', () => {
    const engine = engineOf(
      one('/three', 'A widget, a gadget and a sprocket.'),
      one('/two', 'A widget and a gadget.'),
      one('/single', 'A widget alone.'),
      one('/other', 'A gizmo.'),
    );
    const short = engine.rankQuery('widget gadget gizmo');
    assert.deepEqual(urls(short.ranked), ['/three', '/two'], 'three words: the most any section has (2)');
    assert.equal(short.allWordsMatched, false);
    assert.deepEqual(urls(engine.rank('widget gadget sprocket gizmo')), ['/three', '/two'], 'four words: one short of the most (3)');
    assert.deepEqual(urls(engine.rank('widget gadget sprocket gizmo doohickey')), ['/three', '/two'], 'a word the docs lack counts as one no section has');
    const lacking = engine.rankQuery('widget zzzqqq');
    assert.deepEqual(lacking.queryWords, ['widget', 'zzzqqq']);
    assert.equal(lacking.allWordsMatched, false);
    assert.deepEqual(
      lacking.ranked.map((entry) => entry.share),
      [0.5, 0.5, 0.5],
      'half the words: the word the docs lack counts in the share',
    );
  });

  test('minShare sets the share of the words a section must have, at least one word', () => {
    const engine = engineOf(
      one('/three', 'A widget, a gadget and a sprocket.'),
      one('/two', 'A widget and a gadget.'),
      one('/single', 'A widget alone.'),
      one('/use', 'Use it.'),
    );
    assert.deepEqual(urls(engine.rank('widget gadget sprocket', undefined, {minShare: 0.6})), ['/three', '/two']);
    assert.deepEqual(urls(engine.rank('widget gadget sprocket', undefined, {minShare: 1})), ['/three']);
    assert.deepEqual(urls(engine.rank('use widget gadget sprocket', undefined, {minShare: 0})), ['/single', '/three', '/two'], 'never a section with no word');
    assert.deepEqual(urls(engine.rank('widget gadget gizmo', undefined, {minShare: 1})), [], 'all words, though no section has them all');
    assert.deepEqual(urls(engine.rank('widget gadget gizmo')), ['/three', '/two'], 'without minShare: most of them');
  });

  test('a query of filler words alone matches every section it finds, and none fully', () => {
    const engine = engineOf(one('/use', 'Use a widget.'), one('/other', 'A widget.'));
    const result = engine.rankQuery('use');
    assert.deepEqual(result.queryWords, []);
    assert.deepEqual(urls(result.ranked), ['/use']);
    assert.equal(result.ranked[0].share, 1);
    assert.ok(Number.isFinite(result.ranked[0].score) && result.ranked[0].score > 0);
    assert.equal(result.allWordsMatched, false);
    // Asked as a question: still found, and scored (no share of no words).
    const question = engine.rankQuery('how do I use?');
    assert.deepEqual(question.ranked.map(where), ['/use']);
    assert.ok(Number.isFinite(question.ranked[0].score) && question.ranked[0].score > 0, String(question.ranked[0].score));
    assert.deepEqual(engine.rankQuery('zzzqqq'), {ranked: [], queryWords: ['zzzqqq'], allWordsMatched: false});
    assert.deepEqual(engine.rankQuery(''), {ranked: [], queryWords: [], allWordsMatched: false});
  });

  test('a question weighs its words by what finding them tells: lacking a rare word costs more than lacking a common one', () => {
    const engine = engineOf(
      one('/gadget', 'Read about a gadget.'),
      one('/both', 'A gadget and a sprocket.'),
      one('/more', 'Another gadget.'),
      one('/rest', 'Nothing else.'),
    );
    const gadget = engine.informativeness('gadget');
    const sprocket = engine.informativeness('sprocket');
    assert.ok(sprocket > gadget, 'sprocket is the rarer word');
    const alone = scoreAt(engine.rank('where are gadgets?'), '/gadget');
    close(scoreAt(engine.rank('where are gadgets and sprockets?'), '/gadget') / alone, (gadget / (gadget + sprocket)) ** 2);
    const rarest = Math.log(1 + engine.records.length);
    close(scoreAt(engine.rank('where are gadgets and zzzqqq?'), '/gadget') / alone, (gadget / (gadget + rarest)) ** 2, 'a word the docs lack');
  });

  test('facet filters keep only the sections they match, given as groups or as their JSON', () => {
    const engine = engineOf(one('/guide', 'A widget.'), one('/api', 'A widget.', 'api'), one('/cli', 'A widget.', 'cli'));
    assert.deepEqual(urls(engine.rank('widget', [['kind:guide', 'kind:cli']])), ['/cli', '/guide']);
    assert.deepEqual(urls(engine.rank('widget', '[["kind:api"]]')), ['/api']);
    assert.deepEqual(urls(engine.rank('widget', [])), ['/api', '/cli', '/guide']);
  });
});

describe('words found together (rankQuery): the heading phrase', () => {
  const engine = engineOf(
    page('/docs/cli', 'cli', 'Commands', [
      {heading: 'Commands', text: 'Every command.'},
      {heading: 'tower login', text: 'Signs you in.'},
      {heading: 'login tower', text: 'Signs you in.'},
      {heading: 'Run tower login first', text: 'Signs you in.'},
      {heading: 'Run login tower first', text: 'Signs you in.'},
    ]),
  );

  test('a command whose heading is the query scores HEADING_PHRASE_BOOST.exact, a heading holding it .contains', () => {
    const ranked = engine.rank('tower login');
    assert.equal(where(ranked[0]), '/docs/cli#tower-login');
    close(scoreAt(ranked, '/docs/cli#tower-login') / scoreAt(ranked, '/docs/cli#login-tower'), HEADING_PHRASE_BOOST.exact);
    close(scoreAt(ranked, '/docs/cli#run-tower-login-first') / scoreAt(ranked, '/docs/cli#run-login-tower-first'), HEADING_PHRASE_BOOST.contains);
  });

  test('in a question only a heading that is the whole phrase counts', () => {
    const ranked = engine.rank('how do I tower login?');
    close(scoreAt(ranked, '/docs/cli#tower-login') / scoreAt(ranked, '/docs/cli#login-tower'), HEADING_PHRASE_BOOST.exact);
    close(scoreAt(ranked, '/docs/cli#run-tower-login-first') / scoreAt(ranked, '/docs/cli#run-login-tower-first'), 1);
  });
});

describe('a search request (prepare, respond): pages, paging, facet counts', () => {
  const engine = engineOf(
    page('/docs/guide', 'guide', 'Widget guide', [
      {heading: 'Widget guide', text: 'A widget in depth.'},
      {heading: 'Install a widget', text: 'Install the widget first.'},
      {heading: 'Remove a widget', text: 'Remove the widget last.'},
    ]),
    page('/docs/concept', 'concept', 'Widgets', [{heading: 'Widgets', text: 'What a widget is.'}]),
    page('/docs/reference/api/list-shelves', 'api', 'List shelves', [{heading: 'List shelves', text: 'Each shelf holds a widget.'}]),
  );
  const pageOf = (url: string) => url.replace(SITE, '').split('#')[0];

  test('with distinct, results are pages, each with its best N sections; nbHits counts pages', () => {
    const one = engine.search({query: 'widget', distinct: true});
    assert.equal(one.nbHits, 3);
    assert.deepEqual(one.hits.map((hit) => pageOf(hit.url)).sort(), ['/docs/concept', '/docs/guide', '/docs/reference/api/list-shelves']);
    const two = engine.search({query: 'widget', distinct: 2});
    assert.equal(two.nbHits, 3);
    assert.equal(two.hits.filter((hit) => pageOf(hit.url) === '/docs/guide').length, 2);
    assert.equal(two.hits.length, 4);
  });

  test('without distinct (or with none, or a number below one), results are sections', () => {
    for (const distinct of [undefined, false, 0, -2]) {
      const response = engine.search({query: 'widget', distinct});
      assert.equal(response.nbHits, 5, String(distinct));
      assert.equal(response.hits.length, 5, String(distinct));
    }
  });

  test('pages of results: hitsPerPage at a time from page × hitsPerPage, nbPages rounded up, both clamped', () => {
    const all = engine.search({query: 'widget'}).hits.map((hit) => hit.url);
    const second = engine.search({query: 'widget', hitsPerPage: 2, page: 1});
    assert.deepEqual(
      second.hits.map((hit) => hit.url),
      all.slice(2, 4),
    );
    assert.equal(second.nbPages, 3);
    assert.equal(second.page, 1);
    assert.equal(second.hitsPerPage, 2);
    const pages = engine.search({query: 'widget', distinct: 1}).hits.map((hit) => hit.url);
    const secondPage = engine.search({query: 'widget', distinct: 1, hitsPerPage: 2, page: 1});
    assert.deepEqual(
      secondPage.hits.map((hit) => hit.url),
      pages.slice(2, 3),
    );
    assert.equal(secondPage.nbPages, 2, 'three pages, two at a time');
    assert.equal(engine.search({query: 'widget', page: -1}).page, 0);
    assert.equal(engine.search({query: 'widget', hitsPerPage: 5000}).hitsPerPage, 1000);
    const none = engine.search({query: 'widget', hitsPerPage: -3});
    assert.deepEqual([none.hitsPerPage, none.hits.length, none.nbPages, none.nbHits], [0, 0, 0, 5]);
  });

  test('kind counts ignore the kind filter (so each choice shows what it would give) but keep the others', () => {
    const filtered = engine.search({query: 'widget', facets: ['kind'], facetFilters: [['kind:guide']]});
    assert.equal(filtered.nbHits, 3);
    assert.deepEqual(filtered.facets, {kind: {guide: 3, concept: 1, api: 1}});
    const negated = engine.search({query: 'widget', facets: ['kind'], facetFilters: [['-kind:api'], ['language:en']]});
    assert.equal(negated.nbHits, 4);
    assert.deepEqual(negated.facets, {kind: {guide: 3, concept: 1, api: 1}});
    const otherFacet = engine.search({query: 'widget', facets: ['kind'], facetFilters: [['language:fr'], ['kind:guide']]});
    assert.deepEqual(otherFacet.facets, {kind: {}});
    const pages = engine.search({query: 'widget', facets: ['kind'], distinct: 3});
    assert.deepEqual(pages.facets, {kind: {guide: 1, concept: 1, api: 1}}, 'with distinct, pages are counted');
    assert.ok(!('facets' in engine.search({query: 'widget'})), 'no counts unless asked');
    assert.ok(!('facets' in engine.search({query: 'widget', facets: ['language']})), 'only kind is counted');
    const mixed = engine.search({query: 'widget', facets: ['kind'], facetFilters: [['kind:concept', 'language:fr']]});
    assert.equal(mixed.nbHits, 1);
    assert.deepEqual(mixed.facets, {kind: {guide: 3, concept: 1, api: 1}}, 'a group that filters on kind among others is left out');
  });
});

describe('a hit (respond): highlights, snippet and type', () => {
  const words = Array.from({length: 30}, (_, i) => (i === 15 ? 'widget' : `filler${String.fromCharCode(97 + (i % 26))}${i}`));
  const engine = engineOf(
    page('/docs/widgets', 'guide', 'Widgets and gadgets', [
      {heading: 'Widgets and gadgets', text: 'Start here.'},
      {heading: 'Widget', text: 'A widget holds a gadget.'},
      {heading: 'Details', text: words.join(' ')},
      {heading: 'Blank', text: ''},
    ]),
  );
  const hitAt = (response: ReturnType<SearchEngine['search']>, url: string) => {
    const hit = response.hits.find((candidate) => candidate.url === `${SITE}${url}`);
    assert.ok(hit, url);
    return hit;
  };

  test('each heading of the hit is highlighted, full when it has every matched term, partial with some, none without', () => {
    const response = engine.search({query: 'widget gadget'});
    assert.equal(response.query, 'widget gadget');
    const hit = hitAt(response, '/docs/widgets#widget');
    assert.deepEqual(Object.keys(hit._highlightResult.hierarchy), ['lvl0', 'lvl1', 'lvl2'], 'empty levels are left out');
    assert.deepEqual(hit._highlightResult.hierarchy.lvl0, {value: 'Docs', matchLevel: 'none', matchedWords: []});
    assert.deepEqual(hit._highlightResult.hierarchy.lvl1, {
      value: '<mark>Widgets</mark> and <mark>gadgets</mark>',
      matchLevel: 'full',
      matchedWords: ['Widgets', 'gadgets'],
    });
    assert.deepEqual(hit._highlightResult.hierarchy.lvl2, {value: '<mark>Widget</mark>', matchLevel: 'partial', matchedWords: ['Widget']});
    assert.deepEqual(hit._snippetResult.hierarchy.lvl2, {value: '<mark>Widget</mark>', matchLevel: 'partial'});
    assert.deepEqual(hit._highlightResult.hierarchy_camel, [hit._highlightResult.hierarchy]);
    assert.deepEqual(hit._snippetResult.hierarchy_camel, [hit._snippetResult.hierarchy]);
    assert.deepEqual(hit._matchedWords, ['widget', 'gadget']);
    assert.equal(hit.type, 'lvl2', 'found in its heading: a heading hit');
    assert.deepEqual(hit._highlightResult.content, {
      value: 'A <mark>widget</mark> holds a <mark>gadget</mark>.',
      matchLevel: 'partial',
      matchedWords: ['widget', 'gadget'],
    });
    assert.deepEqual(hit._snippetResult.content, {value: 'A <mark>widget</mark> holds a <mark>gadget</mark>.', matchLevel: 'partial'});
  });

  test('a hit found only in its text is a content hit; the snippet has the asked size, tags and ellipsis', () => {
    const response = engine.search({
      query: 'widget',
      attributesToSnippet: ['hierarchy.lvl1:2', 'content:4'],
      highlightPreTag: '[',
      highlightPostTag: ']',
      snippetEllipsisText: ' (more) ',
    });
    const hit = hitAt(response, '/docs/widgets#details');
    assert.equal(hit.type, 'content');
    assert.equal(hit._snippetResult.content.value, ` (more) ${words[14]} [widget] ${words[16]} ${words[17]} (more) `);
    assert.equal(hit._highlightResult.content.value, hit._snippetResult.content.value);
    assert.equal(hit._highlightResult.hierarchy.lvl2?.matchLevel, 'none');
  });

  test('a snippet size that is no positive number gives the default twenty words', () => {
    const defaultSnippet = hitAt(engine.search({query: 'widget'}), '/docs/widgets#details')._snippetResult.content.value;
    assert.equal(defaultSnippet, `…${words.slice(9, 29).join(' ').replace('widget', '<mark>widget</mark>')}…`);
    for (const attribute of ['content', 'content:0', 'content:-4', 'content:many']) {
      const response = engine.search({query: 'widget', attributesToSnippet: [attribute]});
      assert.equal(hitAt(response, '/docs/widgets#details')._snippetResult.content.value, defaultSnippet, attribute);
    }
  });

  test('a word is found where the page has it, not in a section without text nor in the headings above a section', () => {
    assert.deepEqual(
      engine.search({query: 'here'}).hits.map((hit) => hit.url),
      [`${SITE}/docs/widgets`],
    );
  });

  test('a hit without a match in its text says so', () => {
    const hit = hitAt(engine.search({query: 'gadgets'}), '/docs/widgets');
    assert.deepEqual(hit._highlightResult.content, {value: 'Start here.', matchLevel: 'none', matchedWords: []});
    assert.equal(hit._snippetResult.content.matchLevel, 'none');
    assert.equal(hit.type, 'lvl1');
  });

  test('the response says what it answered, in the shape DocSearch expects', () => {
    const response = engine.search({query: 'widget'});
    assert.equal(response.params, '');
    assert.equal(response.exhaustiveNbHits, true);
    assert.ok(response.processingTimeMS >= 0 && response.processingTimeMS < 60_000, String(response.processingTimeMS));
    assert.deepEqual(response.queryWords, ['widget']);
    assert.equal(response.allWordsMatched, true);
    // A request from a client that sends no query finds nothing, whatever words the pages have.
    const blank = engine.search({} as SearchRequest);
    assert.deepEqual([blank.query, blank.nbHits, blank.hits], ['', 0, []]);
    const counted = engine.search({facets: ['kind'], facetFilters: [['kind:guide']]} as unknown as SearchRequest);
    assert.deepEqual([counted.nbHits, counted.facets], [0, {kind: {}}]);
  });
});

describe('the numbers the engine reads the query by (ranking.ts)', () => {
  test('a completion weighs EXPANSION_WEIGHT.prefix times 0.6 plus 0.4 times the share of the word typed', () => {
    close(prefixWeight(6, 6), EXPANSION_WEIGHT.prefix, 'all of it typed');
    close(prefixWeight(3, 12), EXPANSION_WEIGHT.prefix * (0.6 + 0.1));
    close(prefixWeight(5, 10), EXPANSION_WEIGHT.prefix * 0.8);
    assert.ok(prefixWeight(5, 7) > prefixWeight(5, 12), '"sched" weighs "schedul" above "scheduled_at"');
  });

  const engine = engineOf(
    page('/docs/zorks', 'guide', 'Zorks', [
      {heading: 'Zorks', text: Array.from({length: 35}, (_, i) => `zork${i + 10}`).join(' ')},
      {heading: 'Widgets', text: 'A widget.'},
    ]),
  );

  test('a word being typed is completed by at most COMPLETIONS.plain terms', () => {
    const [word] = engine.plan('zork').words;
    assert.equal(word.expansions.filter((expansion) => expansion.term !== 'zork').length, 30, 'besides the word itself (the heading "Zorks")');
  });

  test('a query is read up to QUERY_WORDS.read words, and typos are looked up for the first QUERY_WORDS.typoLookups of them', () => {
    const long = Array.from({length: 70}, (_, i) => `word${i}`).join(' ');
    assert.equal(engine.plan(long).words.length, 64);
    // Twenty words, each one letter off "widget": only the first sixteen are looked up as typos.
    const typos = 'abcdefghijklmnopqrst'.split('').map((letter) => `${letter}idget`);
    const words = engine.plan(typos.join(' ')).words;
    assert.equal(words.length, 20);
    assert.deepEqual(
      words.map((word) => word.expansions.length > 0),
      typos.map((_, i) => i < 16),
    );
  });
});

describe("a page's kind for the other intents (KIND_PRIOR)", () => {
  const twins = (text: string) =>
    (['guide', 'cli'] as const).map((kind) =>
      page(`/docs/${kind}`, kind, 'Shelf notes', [
        {heading: 'Shelf notes', text: 'Nothing here.'},
        {heading: 'Usage', text},
      ]),
    );
  const ratio = (engine: SearchEngine, query: string) => {
    const ranked = engine.rank(query);
    return scoreAt(ranked, '/docs/cli#usage') / scoreAt(ranked, '/docs/guide#usage');
  };

  test('a command query favours CLI pages', () => {
    const engine = engineOf(...twins('Run tower widget to see it.'));
    assert.equal(engine.plan('tower widget').intent, 'command');
    close(ratio(engine, 'tower widget'), KIND_PRIOR.command.cli / KIND_PRIOR.command.guide);
  });

  test('an identifier favours reference pages', () => {
    const engine = engineOf(...twins('Set widget_count to see it.'));
    assert.equal(engine.plan('widget_count').intent, 'identifier');
    close(ratio(engine, 'widget_count'), KIND_PRIOR.identifier.cli / KIND_PRIOR.identifier.guide);
  });

  test("an operation's name weighs other pages by the operation prior", () => {
    const engine = engineOf(
      ...twins('Shelves: list shelves here.'),
      page('/docs/reference/api/list-shelves', 'api', 'List shelves', [{heading: 'List shelves', text: 'Lists every shelf.'}]),
    );
    assert.deepEqual(engine.plan('list shelves').operations, ['list-shelves']);
    close(ratio(engine, 'list shelves'), KIND_PRIOR.operation.cli / KIND_PRIOR.operation.guide);
    assert.equal(where(engine.rank('list shelves')[0]), '/docs/reference/api/list-shelves');
  });
});

describe("how informative finding a word is: its broadest strong term's informativeness", () => {
  const one = (path: string, text: string) => page(path, 'guide', 'Notes', [{heading: 'Notes', text}]);
  const engine = engineOf(
    one('/gadget', 'Read about a gadget.'),
    one('/stop', 'Stop it.'),
    one('/cancel-1', 'Cancel it.'),
    one('/cancel-2', 'Cancel that.'),
    one('/watch-1', 'A stopwatch.'),
    one('/watch-2', 'Another stopwatch.'),
    one('/watch-3', 'One more stopwatch.'),
  );

  test('a word counts as its commonest word or synonym, not as its weaker completions', () => {
    const question = 'where do gadgets stop';
    const [, stop] = engine.plan(question).words;
    assert.deepEqual(
      stop.expansions.map(({term, weight}) => [term, weight >= EXPANSION_WEIGHT.synonym]),
      [
        ['stop', true],
        ['cancel', true],
        ['stopwatch', false],
      ],
    );
    const [stopped, cancel, stopwatch] = ['stop', 'cancel', 'stopwatch'].map((term) => engine.informativeness(term));
    assert.ok(stopwatch < cancel && cancel < stopped, 'the completion is the commonest, the word itself the rarest');
    const gadget = engine.informativeness('gadget');
    const alone = scoreAt(engine.rank('where are gadgets?'), '/gadget');
    close(scoreAt(engine.rank(question), '/gadget') / alone, (gadget / (gadget + cancel)) ** 2);
    // A section with the word itself (not its synonym, nor its completion) has the word.
    close(scoreAt(engine.rank(question), '/stop') / scoreAt(engine.rank('where does it stop'), '/stop'), (cancel / (gadget + cancel)) ** 2);
  });
});

describe('the browser loads an index (buildEngine)', () => {
  test('after giving the browser a turn, the engine of the packed index answers as the built one does', async () => {
    const built = engineOf(page('/docs/widgets', 'guide', 'Widgets', [{heading: 'Widgets', text: 'A widget.'}]));
    const {index} = built.pack(SITE, () => 'text.json');
    let turned = false;
    setTimeout(() => {
      turned = true;
    }, 0);
    const loaded = await buildEngine(index);
    assert.equal(turned, true, 'a task queued before it ran first');
    assert.deepEqual(loaded.rank('widget').map(where), ['/docs/widgets']);
  });
});
