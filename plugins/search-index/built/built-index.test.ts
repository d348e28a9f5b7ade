/**
 * The production build's index, after `npm run build` (build/, or
 * SEARCH_BUILD_DIR): the relevance suites and Ask AI run from the sources in
 * `npm run test:unit` (relevance.test.ts); these few checks need the rendered
 * pages, because readers search the index extract-html.ts reads from them,
 * and the sources only stand in for it. They catch a rendering or extraction
 * change (a theme class renamed, a component's text) that the sources cannot
 * show: the built index must hold the same pages and sections as the sources,
 * and reach the same bars. `npm test` runs them after the build
 * (`npm run test:relevance`).
 */
import assert from 'node:assert/strict';
import {existsSync} from 'node:fs';
import path from 'node:path';
import {before, describe, test} from 'node:test';
import type {SearchEngine} from '../../../src/search/engine';
import {answerQuestion} from '../../../src/search/answer';
import type {ExtractedPage} from '../../../src/search/records';
import {REPO_ROOT} from '../../../lib/paths';
import {ANSWERABLE} from '../ask-ai-questions';
import {buildSearchFiles, engineOf, extractBuiltPages} from '../index';
import {QUESTION_CASES, questionPages} from '../question-cases';
import {labelledQueries} from '../relevance-cases';
import {enginePages, formatScores, scoreSuite} from '../relevance-score';
import {loadSourcePages} from '../source-pages';

const BUILD = path.resolve(process.env.SEARCH_BUILD_DIR ?? path.join(REPO_ROOT, 'build'));

let built: ExtractedPage[];
let sources: ExtractedPage[];
let engine: SearchEngine;

before(async () => {
  assert.ok(existsSync(BUILD), `no production build at ${BUILD}: run npm run build first`);
  built = extractBuiltPages(BUILD);
  sources = await loadSourcePages(REPO_ROOT);
  engine = engineOf(buildSearchFiles(built));
});

describe("the production build's index", () => {
  test('holds the same pages, titles, breadcrumbs and sections as the index from the sources', () => {
    const outline = (pages: ExtractedPage[]) =>
      new Map(
        pages.map((page) => [
          page.path,
          [page.title, page.trail.join(' › '), ...page.sections.map((section) => `${section.anchor ?? ''} ${section.heading}`)].join('\n'),
        ]),
      );
    const fromBuild = outline(built);
    const fromSources = outline(sources);
    assert.deepEqual([...fromBuild.keys()].sort(), [...fromSources.keys()].sort());
    const differing = [...fromSources].filter(([page, text]) => fromBuild.get(page) !== text).map(([page]) => page);
    assert.deepEqual(differing, []);
  });

  test('reaches the bars of the suites run from the sources', () => {
    const keyword = scoreSuite(labelledQueries(), (query) => enginePages(engine, query));
    const questions = scoreSuite(questionPages(QUESTION_CASES), (query) => enginePages(engine, query));
    console.log(`built index: keyword ${formatScores(keyword)}; questions ${formatScores(questions)}`);
    assert.equal(keyword.at3, 1, keyword.misses.join(' | '));
    assert.ok(keyword.mrr >= 0.95, formatScores(keyword));
    assert.ok(questions.at3 >= 0.95 && questions.mrr >= 0.85, `${formatScores(questions)}: ${questions.misses.join(' | ')}`);
  });

  test('Ask AI quotes the rendered pages as it quotes the sources: the production secret and the egress addresses', () => {
    const secret = answerQuestion(engine, 'how do I set a secret for production');
    assert.deepEqual(
      secret.sources.map((source) => new URL(source.url).hash),
      ['#create-list-and-delete-secrets'],
    );
    const first = secret.blocks[0];
    assert.ok(typeof first !== 'string' && 'code' in first && /tower secrets create[^\n]*--environment production/.test(first.code), JSON.stringify(first));
    const addresses = answerQuestion(engine, 'which IP addresses do I need to allowlist');
    assert.ok(addresses.blocks.some((block) => typeof block !== 'string' && 'table' in block && JSON.stringify(block).includes('63.177.162.15')));
    const found = ANSWERABLE.filter(({question}) => answerQuestion(engine, question).found).length;
    assert.ok(found >= ANSWERABLE.length - 1, `${found} of ${ANSWERABLE.length} answered`);
  });
});
