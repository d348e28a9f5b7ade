/**
 * Relevance, from the sources: the index the site would build from the
 * Markdown pages and the generated API pages (source-pages.ts), run through
 * the engine the browser uses, in a few seconds and without a production
 * build. It scores three labelled suites and checks Ask AI:
 *
 * - the keyword suite (relevance-cases.ts): each query's page among the first three;
 * - the question suite (question-cases.ts): success at 3 of at least 0.95 and MRR of at least 0.85;
 * - the held-back questions (question-cases-heldback.ts), never tuned on: reported, and held to the
 *   figures the engine had before it was tuned for questions;
 * - the reader's words (src/search/synonyms.ts): every docs word is one the docs use, every example finds its page;
 * - Ask AI (ask-ai-questions.ts): the cited section, the key fact, what must not be quoted.
 *
 * A content edit can fail a case: when the docs moved the answer, update the case's page or
 * section; when the page still answers, the ranking (src/search/ranking.ts) is what to look at.
 * plugins/search-index/built/ checks the production build's index after `npm run build`.
 */
import assert from 'node:assert/strict';
import {before, describe, test} from 'node:test';
import type {SearchEngine} from '../../src/search/engine';
import {answerQuestion, type Answer} from '../../src/search/answer';
import {blocksText, type Block, type ExtractedPage} from '../../src/search/records';
import {READER_WORDS} from '../../src/search/synonyms';
import {MAX_STEMMED_LENGTH, stemOf, termsOf} from '../../src/search/text';
import {REPO_ROOT} from '../../lib/paths';
import {ANSWERABLE, UNANSWERABLE} from './ask-ai-questions';
import {READER_WORD_EXAMPLES} from './reader-word-examples';
import {longWord, manyWords} from './bounded-inputs';
import {buildSearchFiles, engineOf} from './index';
import {HELD_BACK_QUESTIONS} from './question-cases-heldback';
import {casePages, QUESTION_CASES, questionPages, type QuestionCase} from './question-cases';
import {API_CASES, CASES, labelledQueries, PATTERN_CASES} from './relevance-cases';
import {enginePages, formatScores, scoreSuite, shownHits, type Searcher} from './relevance-score';
import {loadSourcePages} from './source-pages';

let engine: SearchEngine;
/**
 * The engine's search, each request answered once: the engine answers a request the same way
 * every time, and many are made by more than one test (a case, then its suite's figures). The
 * tests of how promptly the engine answers search the engine itself.
 */
let searcher: Searcher;
let pages: ExtractedPage[];

type Hit = ReturnType<SearchEngine['search']>['hits'][number];

/** The hits the modal and the search page show first: sections grouped by page, up to three a page. */
const hitsFor = (query: string, hitsPerPage = 10): Hit[] => shownHits(searcher, query, hitsPerPage);

const pathOf = (hit: Hit) => new URL(hit.url_without_anchor).pathname;

/** The first `count` distinct pages, in the order they are shown. */
const topPages = (query: string, count = 3): string[] => enginePages(searcher, query, 20).slice(0, count);

const where = (hit: Hit) => Object.values(hit.hierarchy).filter(Boolean).join(' > ');

before(async () => {
  pages = await loadSourcePages(REPO_ROOT);
  engine = engineOf(buildSearchFiles(pages));
  const answers = new Map<string, ReturnType<SearchEngine['search']>>();
  searcher = {
    search: (request) => {
      const key = JSON.stringify(request);
      if (!answers.has(key)) answers.set(key, engine.search(request));
      return answers.get(key)!;
    },
  };
});

/** Every page and section the index holds, as `/docs/x` and `/docs/x#y`. */
function knownPlaces(): Set<string> {
  return new Set(engine.records.flatMap((record) => [new URL(record.url_without_anchor).pathname, new URL(record.url).pathname + new URL(record.url).hash]));
}

describe('relevance of the local index: keyword queries', () => {
  for (const [query, expected] of [...CASES, ...API_CASES]) {
    test(`"${query}" -> ${expected}`, () => {
      const top = topPages(query);
      assert.ok(top.includes(expected), `top 3 for "${query}": ${top.join(', ')}`);
    });
  }

  for (const [query, expected] of PATTERN_CASES) {
    test(`"${query}" -> ${expected.join(' or ')}`, () => {
      const top = topPages(query);
      assert.ok(
        top.some((page) => expected.includes(page)),
        `top 3 for "${query}": ${top.join(', ')}`,
      );
    });
  }

  test('the keyword suite keeps its figures (success@1 0.91, MRR 0.95 before questions were tuned)', () => {
    const scores = scoreSuite(labelledQueries(), (query) => enginePages(searcher, query));
    console.log(`keyword suite   ${formatScores(scores)}`);
    assert.ok(scores.at1 >= 0.9 && scores.mrr >= 0.95, formatScores(scores));
  });

  test('typo tolerance: "scedule" returns sections about schedules', () => {
    const hits = engine.search({query: 'scedule', hitsPerPage: 5}).hits;
    assert.ok(hits.length >= 3, 'at least three hits');
    for (const hit of hits.slice(0, 3)) assert.match(where(hit), /schedul/i, `"${where(hit)}" is not about schedules`);
  });

  test('a typo that adds a letter still finds the word: secreets, schedulle, deployy', () => {
    for (const [query, page, pattern] of [
      ['secreets', '/docs/concepts/environments', /secret/i],
      ['schedulle', '/docs/using-tower/orchestrate', /schedul/i],
      ['deployy', '/docs/concepts/apps', /deploy/i],
    ] as const) {
      const hits = hitsFor(query, 10);
      assert.ok(hits.length >= 3, `"${query}": ${hits.length} hits`);
      assert.match(`${where(hits[0])} ${hits[0].content ?? ''}`, pattern, `"${query}": first hit ${where(hits[0])}`);
      assert.ok(topPages(query, 5).includes(page), `"${query}": ${page} in the top 5: ${topPages(query, 5).join(', ')}`);
    }
  });

  test('the index holds every docs page: guides, references, generated API pages and category pages', () => {
    const routes = new Set(pages.map((page) => page.path));
    for (const route of ['/docs/intro', '/docs/concepts/apps', '/docs/reference/tower-cli', '/docs/reference/api/run-app', '/docs/category/concepts']) {
      assert.ok(routes.has(route), route);
    }
  });
});

/** A question suite's figures, and the questions whose first page is not a right one, with what came first. */
function questionScores(cases: QuestionCase[]) {
  const scores = scoreSuite(questionPages(cases), (query) => enginePages(searcher, query));
  let sectionFirst = 0;
  for (const questionCase of cases) {
    const first = hitsFor(questionCase.question, 1)[0];
    if (!first) continue;
    const page = pathOf(first);
    const section = page + new URL(first.url).hash;
    if (questionCase.answers.includes(section) || questionCase.answers.includes(page)) sectionFirst += 1;
  }
  return {...scores, sectionAt1: sectionFirst / cases.length};
}

describe('relevance of the local index: questions as readers type them', () => {
  test('every page and section a question names is in the index (a renamed heading must be renamed here too)', () => {
    const known = knownPlaces();
    const missing = [...QUESTION_CASES, ...HELD_BACK_QUESTIONS].flatMap(({question, answers}) =>
      answers.filter((answer) => !known.has(answer)).map((answer) => `${question}: ${answer}`),
    );
    assert.deepEqual(missing, []);
  });

  test('the question suite: success@3 at least 0.95 and MRR at least 0.85', () => {
    const scores = questionScores(QUESTION_CASES);
    console.log(`question suite  ${formatScores(scores)}  right section first ${scores.sectionAt1.toFixed(2)}`);
    if (scores.misses.length) console.log(`  not in the top 3: ${scores.misses.join(' | ')}`);
    assert.ok(scores.at3 >= 0.95, `success@3 ${scores.at3.toFixed(2)}: ${scores.misses.join(' | ')}`);
    assert.ok(scores.mrr >= 0.85, `MRR ${scores.mrr.toFixed(2)}`);
  });

  test('the held-back questions (never tuned on) keep at least the figures of the engine before question tuning', () => {
    // Measured by `npm run bench:search` on the engine before it read questions (success@1 0.71, success@3 0.86, MRR 0.79).
    // Only the figures are printed: a question that misses here is not to be tuned for (see question-cases-heldback.ts).
    const scores = questionScores(HELD_BACK_QUESTIONS);
    console.log(`held-back       ${formatScores(scores)}  right section first ${scores.sectionAt1.toFixed(2)}`);
    assert.ok(scores.at3 >= 0.86 && scores.mrr >= 0.79, formatScores(scores));
  });

  test('each accepted answer of a case is a page of the index', () => {
    const routes = new Set(pages.map((page) => page.path));
    for (const questionCase of QUESTION_CASES) for (const page of casePages(questionCase)) assert.ok(routes.has(page), `${questionCase.question}: ${page}`);
  });
});

describe("the reader's words (src/search/synonyms.ts)", () => {
  test('every docs word of the table is a word the docs use', () => {
    const vocabulary = new Set(engine.records.flatMap((record) => termsOf([...Object.values(record.hierarchy), record.content].filter(Boolean).join(' '))));
    const unused = READER_WORDS.flatMap(({reader, docs}) =>
      docs.filter((word) => !termsOf(word).some((term) => vocabulary.has(term))).map((word) => `${reader[0]} -> ${word}`),
    );
    assert.deepEqual(unused, []);
  });

  test('every entry has an example question, and every example an entry', () => {
    assert.deepEqual(READER_WORDS.map(({reader}) => reader[0]).sort(), Object.keys(READER_WORD_EXAMPLES).sort());
  });

  for (const {reader, docs} of READER_WORDS) {
    const example = READER_WORD_EXAMPLES[reader[0]] ?? {question: reader[0], answer: '(no example)'};
    test(`${reader.join(', ')} -> ${docs.join(', ')}: "${example.question}" finds ${example.answer}`, () => {
      const [page, anchor] = example.answer.split('#');
      const hits = hitsFor(example.question, 3);
      const shown = hits.map((hit) => pathOf(hit) + new URL(hit.url).hash);
      assert.ok(
        anchor ? shown.includes(example.answer) : hits.some((hit) => pathOf(hit) === page),
        `top 3 pages for "${example.question}": ${[...new Set(hits.map(pathOf))].join(', ')} (sections ${shown.join(', ')})`,
      );
    });
  }

  test('question words and filler are not content: "how do I set a secret for production" is about a secret in production', () => {
    const response = engine.search({query: 'how do I set a secret for production'});
    assert.deepEqual(response.queryWords, ['secret', 'production']);
    assert.equal(topPages('how do I set a secret for production', 1)[0], '/docs/concepts/environments');
  });
});

describe('what the engine tells about a query: the words that count, which each result has, whether any has them all', () => {
  test('every word found: allWordsMatched, and each hit names the words it has', () => {
    const response = engine.search({query: 'retry policy exponential backoff', hitsPerPage: 5, distinct: 3});
    assert.equal(response.allWordsMatched, true);
    assert.deepEqual(response.hits[0]._matchedWords, ['retry', 'policy', 'exponential', 'backoff']);
  });

  test('no page has every word: allWordsMatched is false and the hits say which words they have', () => {
    const response = engine.search({query: 'secrets zeppelin', hitsPerPage: 5, distinct: 3});
    assert.deepEqual(response.queryWords, ['secrets', 'zeppelin']);
    assert.equal(response.allWordsMatched, false);
    assert.ok(response.hits.length > 0);
    for (const hit of response.hits) assert.deepEqual(hit._matchedWords, ['secrets']);
  });

  test('a phrase of the reader stands for the docs words: "own VPC" finds self-hosted runners', () => {
    const response = engine.search({query: 'can tower run inside my own VPC', hitsPerPage: 3, distinct: 3});
    assert.ok(response.queryWords.includes('own VPC'), response.queryWords.join(', '));
    assert.match(where(response.hits[0]), /self-hosted/i);
  });
});

describe('inputs no reader types are answered promptly (issue 23, N4)', () => {
  // Generous bounds: the engine answers these in milliseconds; before the bounds, in 16 s (the long word) and 6.5 s.
  const BOUND_MS = 5_000;
  const timed = (run: () => unknown) => {
    const start = performance.now();
    run();
    return performance.now() - start;
  };

  test('a word of 30,000 letters is not stemmed, and search and Ask AI answer it promptly', () => {
    const word = longWord();
    assert.equal(stemOf(word), word.toLowerCase());
    assert.equal(stemOf('a'.repeat(MAX_STEMMED_LENGTH) + 'ing'), 'a'.repeat(MAX_STEMMED_LENGTH) + 'ing');
    assert.ok(timed(() => engine.search({query: word})) < BOUND_MS);
    assert.ok(timed(() => answerQuestion(engine, word)) < BOUND_MS);
  });

  test('a query of 2,400 distinct words answers promptly', () => {
    const query = manyWords();
    assert.equal(query.split(' ').length, 2400);
    assert.ok(timed(() => engine.search({query, hitsPerPage: 10, distinct: 3})) < BOUND_MS);
    assert.ok(timed(() => answerQuestion(engine, query)) < BOUND_MS);
  });
});

const API_OPERATION = /^\/docs\/reference\/api\/(?!tower-api$)/;
const CATEGORY = /^\/docs\/category\//;

/**
 * The failure patterns of issue 16, each with queries that failed before the
 * ranking knew page kinds and query intent, kept identifiers whole, forgave
 * any typo and grouped sections by page.
 */
describe('issue 16: guides first, identifiers whole, typos forgiven, honest counts', () => {
  test('a topic word finds the guide or concept before API operations: "schedule"', () => {
    const top = topPages('schedule', 10);
    assert.doesNotMatch(top[0], API_OPERATION, `first page for "schedule": ${top[0]}`);
    assert.ok(top.slice(0, 3).includes('/docs/using-tower/orchestrate'), `the scheduling guide in the top 3: ${top.join(', ')}`);
  });

  test('a topic word finds the guide or concept before API operations: "secrets"', () => {
    const top = topPages('secrets', 10);
    assert.ok(top.slice(0, 3).includes('/docs/concepts/environments'), `Environments (its Secrets section) in the top 3: ${top.join(', ')}`);
    assert.ok(!top.slice(0, 3).some((page) => API_OPERATION.test(page)), `no API operation in the top 3: ${top.join(', ')}`);
  });

  test('a question finds the page that answers it: "how are secrets encrypted"', () => {
    const top = topPages('how are secrets encrypted');
    assert.ok(top.includes('/docs/architecture/security'), `top 3: ${top.join(', ')}`);
  });

  test('a query that names an operation finds the operation page', () => {
    for (const [query, page] of [
      ['POST /apps/{name}/runs', '/docs/reference/api/run-app'],
      ['GET /apps', '/docs/reference/api/list-apps'],
      ['create-secret', '/docs/reference/api/create-secret'],
    ]) {
      assert.equal(topPages(query, 1)[0], page, query);
    }
    assert.match(topPages('X-API-Key', 1)[0], /^\/docs\/reference\/api\//, 'X-API-Key: the API reference first');
  });

  test('misspellings anywhere in a word, transpositions included, still find the word', () => {
    for (const [query, pattern] of [
      ['shedule', /schedul/i],
      ['dpeloy', /deploy/i],
      ['secrtes', /secret/i],
      ['enviroment', /environment/i],
      ['paramters', /parameter/i],
    ] as const) {
      const hits = hitsFor(query, 5);
      assert.ok(hits.length >= 3, `"${query}": at least three hits, got ${hits.length}`);
      assert.match(`${where(hits[0])} ${hits[0].content ?? ''}`, pattern, `"${query}": first hit ${where(hits[0])}`);
    }
  });

  test('short words are not "corrected" into other words', () => {
    // "tower" must not find "power" or "lower"; four letters or fewer get no typo at all.
    const hits = hitsFor('towr', 20);
    for (const hit of hits) assert.doesNotMatch(`${where(hit)} ${hit.content ?? ''}`, /\b(power|lower|town)\b/i);
  });

  test('counts are pages, and each page is shown once with its best sections under it', () => {
    for (const query of ['view run logs', 'deploy', 'schedule']) {
      const response = engine.search({query, hitsPerPage: 1000, distinct: 3} as Parameters<SearchEngine['search']>[0]);
      const pages = response.hits.map(pathOf);
      const distinct = [...new Set(pages)];
      assert.equal(response.nbHits, distinct.length, `"${query}": the count is the number of pages`);
      // A page's sections are next to each other: no page comes back after another page.
      const order = pages.filter((page, i) => i === 0 || pages[i - 1] !== page);
      assert.deepEqual(order, distinct, `"${query}": each page once`);
      assert.ok(response.nbHits < pages.length / 2, `"${query}": ${response.nbHits} of ${pages.length} pages is not a believable count`);
    }
  });

  test('"logs" is about logs, not about logging in', () => {
    for (const hit of hitsFor('logs', 10)) assert.doesNotMatch(where(hit), /\blog ?in\b/i, where(hit));
  });

  test('"rotate api key": when one page has every word, the pages about API keys come too', () => {
    // Few sections say "rotate": the API keys guide (how to rotate a key without downtime, under "Revoke a key")
    // and pages that mention keys in passing. A page about API keys must be among the first five, and more than one page shown.
    const top = topPages('rotate api key', 5);
    assert.ok(top.length >= 3, top.join(', '));
    assert.ok(
      top.some((page) => /^\/docs\/(using-tower\/api-keys|reference\/api\/(create|delete)-api-key)$/.test(page)),
      `an API key page in the top 5: ${top.join(', ')}`,
    );
  });

  test('identifiers are kept whole: run_app, --environment, X-API-Key, tower[iceberg]', () => {
    assert.equal(topPages('run_app', 1)[0], '/docs/reference/tower-sdk', 'run_app: the SDK function');
    assert.equal(topPages('tower.run_app', 1)[0], '/docs/reference/tower-sdk', 'tower.run_app: the SDK function');
    assert.equal(topPages('--environment', 1)[0], '/docs/reference/tower-cli', '--environment: the CLI flag');
    for (const query of ['run_app', '--environment', 'X-API-Key', 'tower[iceberg]']) {
      const first = hitsFor(query, 1)[0];
      const text = `${where(first)} ${first.content ?? ''}`.toLowerCase();
      assert.ok(text.includes(query.toLowerCase()), `"${query}": the first hit contains it: ${where(first)}`);
    }
  });

  test('words in other forms or other words for the same thing still find the section', () => {
    assert.ok(topPages('trigger app from another app').includes('/docs/using-tower/orchestrate'), topPages('trigger app from another app').join(', '));
    const sections = hitsFor('difference between secrets and parameters', 3).map((hit) => hit.url);
    assert.ok(
      sections.some((url) => url.endsWith('/docs/concepts/environments#secrets-or-parameters')),
      `the section "Secrets or parameters?" in the top 3: ${sections.join(', ')}`,
    );
  });

  test('category card pages come after every page with content of its own, so out of the top five', () => {
    const queries = [
      ...CASES.map(([query]) => query),
      'tower[iceberg]',
      'difference between secrets and parameters',
      'deploy',
      'secrets',
      'tables',
      'runs',
      'install',
      'examples',
    ];
    const offenders = queries.filter((query) => {
      const pages = topPages(query, 50);
      const firstCategory = pages.findIndex((page) => CATEGORY.test(page));
      return firstCategory >= 0 && pages.slice(firstCategory).some((page) => !CATEGORY.test(page));
    });
    assert.deepEqual(offenders, []);
    const inTopFive = queries.filter((query) => topPages(query, 50).length > 5 && topPages(query, 5).some((page) => CATEGORY.test(page)));
    assert.deepEqual(inTopFive, []);
  });
});

/**
 * Ask AI, scored: each committed question names the sections a right answer
 * cites, and mostly the fact it must give. At least 38 of the 44 answerable
 * questions must be answered right (the misses are printed), the two that
 * issue 22 names must be, and the questions the docs do not answer must be
 * answered "not found".
 */
describe('Ask AI answers from the docs', () => {
  const cited = (answer: Answer) => answer.sources.map((source) => new URL(source.url).pathname + new URL(source.url).hash);
  const blockText = (block: Block) => (typeof block !== 'string' && 'code' in block ? block.code : blocksText([block]));
  const said = (answer: Answer) => [answer.lead?.code ?? '', ...answer.blocks.map(blockText)].join('\n');
  const shows = (answer: Answer, kind: 'table' | 'code' | 'list') => answer.blocks.some((block) => typeof block !== 'string' && kind in block);

  /** What is wrong with an answer, or '' when it is right. */
  function problems(question: string): string {
    const expected = ANSWERABLE.find((entry) => entry.question === question)!;
    const answer = answerQuestion(engine, question);
    const wrong: string[] = [];
    if (!answer.found) return 'not found';
    if (!cited(answer).some((url) => expected.cites.includes(url))) wrong.push(`cites ${cited(answer).join(', ')}`);
    if (expected.says && !expected.says.test(said(answer))) wrong.push(`does not say ${expected.says}`);
    if (expected.never && expected.never.test(said(answer))) wrong.push(`says ${expected.never}`);
    if (expected.shows && !shows(answer, expected.shows)) wrong.push(`shows no ${expected.shows}`);
    return wrong.join('; ');
  }

  test(`at least 38 of ${ANSWERABLE.length} everyday questions cite the right section and give the fact`, () => {
    assert.ok(ANSWERABLE.length >= 44, 'at least 44 committed questions');
    const misses = ANSWERABLE.map(({question}) => [question, problems(question)]).filter(([, problem]) => problem);
    const right = ANSWERABLE.length - misses.length;
    console.log(`Ask AI: ${right} of ${ANSWERABLE.length} right${misses.length ? `; missed:\n  ${misses.map(([q, p]) => `${q}: ${p}`).join('\n  ')}` : ''}`);
    assert.ok(right >= 38, `${right} of ${ANSWERABLE.length}:\n${misses.join('\n')}`);
  });

  test("a secret for production: the Environments section's command, nothing about the Ollama router", () => {
    assert.equal(problems('how do I set a secret for production'), '');
    const answer = answerQuestion(engine, 'how do I set a secret for production');
    assert.deepEqual(cited(answer), ['/docs/concepts/environments#create-list-and-delete-secrets']);
    // A "how" answer leads with the code that does it.
    const first = answer.blocks[0];
    assert.ok(typeof first !== 'string' && 'code' in first && /tower secrets create/.test(first.code), JSON.stringify(first));
  });

  test('the IP addresses: the sentence that introduces the list comes with the addresses', () => {
    assert.equal(problems('which IP addresses do I need to allowlist'), '');
    const answer = answerQuestion(engine, 'which IP addresses do I need to allowlist');
    const introduces = answer.blocks.findIndex((block) => typeof block === 'string' && /:$/.test(block));
    assert.ok(introduces >= 0, 'the introducing sentence is quoted');
    assert.deepEqual(answer.blocks[introduces + 1], {table: [['Egress IP address'], ['3.124.118.210'], ['63.177.162.15']]});
  });

  test('a table is quoted as a table, whole, not as fragments of its cells', () => {
    const answer = answerQuestion(engine, 'what are the run statuses');
    const table = answer.blocks.find((block): block is {table: string[][]} => typeof block !== 'string' && 'table' in block);
    assert.ok(table, 'a table');
    assert.deepEqual(table.table[0], ['Status', 'Meaning', 'Finished?']);
    assert.ok(table.table.some((row) => row[0] === 'crashed'));
  });

  test('every section a question cites is in the index (a renamed heading must be renamed here too)', () => {
    const known = knownPlaces();
    const missing = ANSWERABLE.flatMap(({question, cites}) => cites.filter((url) => !known.has(url)).map((url) => `${question}: ${url}`));
    assert.deepEqual(missing, []);
  });

  test('a question the docs do not answer gets "not found" and the closest pages, not a padded answer', () => {
    for (const question of UNANSWERABLE) {
      const answer = answerQuestion(engine, question);
      assert.equal(answer.found, false, `${question}: ${cited(answer).join(', ')}`);
      assert.deepEqual(answer.blocks, []);
      assert.ok(answer.closest.length > 0, `${question}: no closest pages`);
      for (const page of answer.closest) assert.match(page.url, /^https:\/\/docs\.tower\.dev\/docs\/[^#]*$/, `${question}: a page, not a section`);
    }
  });

  test('an answer quotes one section (or two next to each other on one page) and cites each with its anchor', () => {
    for (const {question} of ANSWERABLE) {
      const answer = answerQuestion(engine, question);
      if (!answer.found) continue;
      assert.ok(answer.sources.length >= 1 && answer.sources.length <= 2, `${question}: ${cited(answer).join(', ')}`);
      assert.equal(new Set(answer.sources.map((source) => source.url.split('#')[0])).size, 1, `${question}: one page`);
      for (const source of answer.sources) assert.match(source.url, /^https:\/\/docs\.tower\.dev\/docs\//);
    }
    // A section cited by its anchor, not only its page (the audit's M10 dropped the anchors).
    assert.ok(cited(answerQuestion(engine, 'how do I cancel a run')).every((url) => url.includes('#')));
  });

  test('a question with a time in it is not "not found" for the time: "every day at 9am"', () => {
    const answer = answerQuestion(engine, 'how do I run my app every day at 9am');
    assert.ok(answer.found);
    assert.match(said(answer), /tower schedules create|cron/);
  });
});
