/**
 * Unit tests of what the search UI adds around the engine: the snippet shape
 * of the /search page, "did you mean" for a search that finds nothing, the
 * popular searches' build check, the filter options, and the first-paint
 * script the build writes and names in the global data.
 */
import assert from 'node:assert/strict';
import {brotliCompressSync} from 'node:zlib';
import {describe, test} from 'node:test';
import {normalizePluginOptions} from '@docusaurus/utils-validation';
import {SearchEngine} from '../../src/search/engine';
import {pagesToRecords, type ExtractedPage} from '../../src/search/records';
import {buildFirstPaintScript} from './first-paint/build';
import searchIndexPlugin, {buildSearchFiles, checkPopularSearches, validateOptions} from './index';
import {nearSearches} from './theme/SearchPage/nearWords';
import {kindOptions, readableSnippet} from './theme/SearchPage/view';

const SITE = 'https://docs.tower.dev';
const MARK = '\u0001';
const END = '\u0002';

function page(path: string, title: string, sections: Array<[string, string]>): ExtractedPage {
  return {
    path,
    trail: ['Using Tower'],
    kind: 'guide',
    title,
    language: 'en',
    tags: ['docs-default-current'],
    sections: sections.map(([heading, text], i) => ({
      level: i === 0 ? 1 : 2,
      anchor: i === 0 ? null : heading.toLowerCase().replace(/\W+/g, '-'),
      heading,
      parents: [],
      text,
    })),
  };
}

const PAGES = [
  page('/docs/using-tower/orchestrate', 'Orchestrate apps', [
    ['Orchestrate apps', 'Run apps on a schedule or from other apps.'],
    ['Create a schedule', 'tower schedules create --app=repo-stats --cron="0 9 * * *"'],
    ['Schedule syntax', 'A cron expression has five fields.'],
  ]),
  page('/docs/concepts/environments', 'Environments', [
    ['Environments', 'Each environment holds its own secrets.'],
    ['Secrets', 'Create a secret with tower secrets create.'],
  ]),
];

describe('snippets on the search page', () => {
  test('start at the block of the first match, with an ellipsis, and set the blocks they keep apart', () => {
    const value = `…one minute.\nExpression Runs\n*/15 * * * * Every 15 ${MARK}minutes${END}\n0 * * * * Every hour…`;
    assert.equal(readableSnippet(value, MARK), `…*/15 * * * * Every 15 ${MARK}minutes${END} · 0 * * * * Every hour…`);
  });

  test('a snippet of one block, or whose first block has the match, keeps its start', () => {
    assert.equal(readableSnippet(`A ${MARK}cron${END} expression has five fields.`, MARK), `A ${MARK}cron${END} expression has five fields.`);
    assert.equal(readableSnippet(`${MARK}Secrets${END} hold credentials.\nName Value`, MARK), `${MARK}Secrets${END} hold credentials. · Name Value`);
    assert.equal(readableSnippet('No match here.\nNor here.', MARK), 'No match here. · Nor here.');
  });
});

describe('the kind filters', () => {
  test('count the pages of each filter, and all of them', () => {
    const options = kindOptions({guide: 3, concept: 2, api: 4});
    assert.deepEqual(options[0], {id: null, label: 'All', count: 9});
    assert.deepEqual(
      options.find((option) => option.id === 'guides'),
      {id: 'guides', label: 'Guides', count: 5},
    );
    assert.equal(kindOptions(undefined)[0].count, null);
  });
});

describe('a search that finds nothing', () => {
  const engine = SearchEngine.fromRecords(pagesToRecords(PAGES, SITE));

  test('is offered the docs heading words a little further from its words than the typos the engine forgives', () => {
    assert.equal(engine.rank('sceduel').length, 0, 'the engine finds nothing for it');
    const suggestions = nearSearches(engine, 'sceduel');
    assert.ok(suggestions.length > 0 && suggestions.every((word) => /^schedul/.test(word)), suggestions.join(', '));
    for (const suggestion of suggestions) assert.ok(engine.rank(suggestion).length > 0, `"${suggestion}" finds pages`);
  });

  test('gets nothing for words with nothing near them', () => {
    assert.deepEqual(nearSearches(engine, 'xyzzy'), []);
  });
});

describe('popular searches', () => {
  const files = buildSearchFiles(PAGES, SITE);

  test('the build fails on one that finds no page, naming it', () => {
    assert.doesNotThrow(() => checkPopularSearches(files, ['schedule', 'secrets']));
    assert.throws(() => checkPopularSearches(files, ['schedule', 'kubernetes operator']), /"kubernetes operator"/);
  });
});

describe('first paint', () => {
  test('the build bundles one small browser script, named by its content', async () => {
    const script = await buildFirstPaintScript();
    assert.match(script.file, /^assets\/js\/search-first-paint\.[0-9a-f]{12}\.js$/);
    assert.equal(script.file, (await buildFirstPaintScript()).file, 'the same sources give the same name');
    assert.doesNotMatch(script.code, /\brequire\(|\bimport\s*\(|react-dom/, 'self-contained, without React');
    // It is on the page's critical path: the engine, the client and the view, nothing more.
    const brotli = brotliCompressSync(script.code).length;
    assert.ok(brotli < 20 * 1024, `${brotli} bytes (brotli)`);
  });

  test('is on unless the option turns it off, and the global data names it in production local builds only', async () => {
    const validate = (options: object) => validateOptions({options: options as never, validate: normalizePluginOptions as never});
    assert.equal(validate({}).firstPaint, true);
    assert.throws(() => validate({firstPaint: 'yes'}), /"firstPaint" must be a boolean/);
    const context = {siteDir: '/site', generatedFilesDir: '/tmp/generated', baseUrl: '/', siteConfig: {url: SITE}};
    const dataOf = async (options: {mode: 'local' | 'algolia'; firstPaint: boolean}) => {
      let data: {firstPaintScript?: string} | undefined;
      await searchIndexPlugin(context as never, options).contentLoaded?.({
        content: undefined,
        actions: {setGlobalData: (value: unknown) => void (data = value as typeof data)} as never,
      });
      return data;
    };
    assert.match((await dataOf({mode: 'local', firstPaint: true}))?.firstPaintScript ?? '', /^\/assets\/js\/search-first-paint\.[0-9a-f]{12}\.js$/);
    assert.equal((await dataOf({mode: 'local', firstPaint: false}))?.firstPaintScript, undefined);
    assert.equal((await dataOf({mode: 'algolia', firstPaint: true}))?.firstPaintScript, undefined);
  });
});
