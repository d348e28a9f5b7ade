/**
 * Relevance: realistic queries against the index built from the production
 * build (build/, or SEARCH_BUILD_DIR), run through the engine the browser
 * uses. Each query names the page that must be among the first three hits.
 * Run `npx docusaurus build` first; without a build the suite fails.
 */
import assert from 'node:assert/strict';
import {existsSync} from 'node:fs';
import path from 'node:path';
import {before, describe, test} from 'node:test';
import {SEARCH} from '../../src/constants';
import {SearchEngine} from '../../src/search/engine';
import type {PackedIndex} from '../../src/search/records';
import {searchPageRequest, type FacetFilters} from '../../src/search/searchPage';
import {queryShardKeys} from '../../src/search/split';
import {termsOf} from '../../src/search/text';
import {addText, engineFromSplit, splitIndex, textFilesNeeded, type SplitIndex} from '../../src/search/splitIndex';
import {buildPackedIndex, extractBuiltPages} from './index';

const BUILD = path.resolve(process.env.SEARCH_BUILD_DIR ?? path.join(import.meta.dirname, '..', '..', 'build'));

/** [query, page that must be in the top 3] */
const CASES: Array<[string, string]> = [
  // Product words
  ['what is an app', '/docs/concepts/apps'],
  ['environments', '/docs/concepts/environments'],
  ['run statuses', '/docs/concepts/runs'],
  ['iceberg tables', '/docs/concepts/tables'],
  ['team members invite', '/docs/concepts/teams'],
  ['data plane', '/docs/architecture/data-plane'],
  ['networking', '/docs/architecture/networking'],
  ['security', '/docs/architecture/security'],
  ['how tower works', '/docs/architecture/how-tower-works'],
  ['install cli homebrew', '/docs/getting-started/download-the-cli'],
  ['quickstart first app', '/docs/getting-started/quick-start'],
  ['orchestrate apps', '/docs/using-tower/orchestrate'],
  ['observe logs', '/docs/using-tower/observe'],
  // The reference page is named for the server; the walkthrough is found by how readers use it.
  ['mcp server', '/docs/reference/mcp-server'],
  ['mcp walkthrough', '/docs/using-tower/mcp-walkthrough'],
  ['connect claude code mcp', '/docs/using-tower/mcp-walkthrough'],
  ['dlt pipeline', '/docs/examples/using-dlthub'],
  ['models hugging face', '/docs/concepts/models'],
  ['webhook signature', '/docs/using-tower/webhooks'],
  ['X-Tower-Signature', '/docs/using-tower/webhooks'],
  ['api keys', '/docs/using-tower/api-keys'],
  ['service account', '/docs/using-tower/api-keys'],
  ['TOWER_API_KEY github actions', '/docs/using-tower/api-keys'],
  ['retry policy', '/docs/using-tower/retries'],
  ['exponential backoff', '/docs/using-tower/retries'],
  ['mcp tools', '/docs/reference/mcp-server'],
  ['tower_catalogs_query', '/docs/reference/mcp-server'],
  ['run graph parent', '/docs/concepts/runs'],
  // CLI commands and flags
  ['tower deploy', '/docs/reference/tower-cli'],
  ['tower apps list', '/docs/reference/tower-cli'],
  ['tower schedules create', '/docs/reference/tower-cli'],
  ['tower secrets create', '/docs/reference/tower-cli'],
  ['tower login', '/docs/reference/tower-cli'],
  ['tower run --local', '/docs/reference/tower-cli'],
  ['tower environments create', '/docs/reference/tower-cli'],
  ['tower mcp-server', '/docs/reference/tower-cli'],
  ['schedules create --cron', '/docs/reference/tower-cli'],
  // SDK functions
  ['tower.run_app', '/docs/reference/tower-sdk'],
  ['tower.tables', '/docs/reference/tower-sdk'],
  ['wait_for_run', '/docs/reference/tower-sdk'],
  ['tower.info', '/docs/reference/tower-sdk'],
  ['Table.insert', '/docs/reference/tower-sdk'],
  ['RunFailedError', '/docs/reference/tower-sdk'],
  ['llms', '/docs/reference/tower-sdk'],
  // Towerfile keys
  ['app.name', '/docs/reference/towerfile'],
  ['app.script', '/docs/reference/towerfile'],
  ['app.source', '/docs/reference/towerfile'],
  ['parameters default', '/docs/reference/towerfile'],
  ['towerfile', '/docs/reference/towerfile'],
  ['app.schedule', '/docs/reference/towerfile'],
  ['parameters[].description', '/docs/reference/towerfile'],
];

/** API operation pages, checked when the build has them (another engineer adds them). */
const API_CASES: Array<[string, string]> = [
  ['run app api', '/docs/reference/api/run-app'],
  ['cancel run', '/docs/reference/api/cancel-run'],
  ['list schedules', '/docs/reference/api/list-schedules'],
  ['create secret', '/docs/reference/api/create-secret'],
  ['describe run logs', '/docs/reference/api/describe-run-logs'],
  ['acknowledge all alerts', '/docs/reference/api/acknowledge-all-alerts'],
  ['generate runner credentials', '/docs/reference/api/generate-runner-credentials'],
  ['create device login ticket', '/docs/reference/api/create-device-login-ticket'],
];

let engine: SearchEngine;
let packed: PackedIndex;
let builtRoutes: Set<string>;

function topPages(query: string, count = 3): string[] {
  const pages: string[] = [];
  for (const hit of engine.search({query, hitsPerPage: 20}).hits) {
    const page = new URL(hit.url_without_anchor).pathname;
    if (pages.length < count) pages.push(page);
  }
  return pages;
}

before(() => {
  assert.ok(existsSync(BUILD), `no production build at ${BUILD}: run npx docusaurus build first`);
  const pages = extractBuiltPages(BUILD);
  builtRoutes = new Set(pages.map((page) => page.path));
  packed = buildPackedIndex(pages);
  engine = SearchEngine.fromPacked(JSON.parse(JSON.stringify(packed)));
});

describe('relevance of the local index', () => {
  for (const [query, expected] of CASES) {
    test(`"${query}" -> ${expected}`, () => {
      const top = topPages(query);
      assert.ok(top.includes(expected), `top 3 for "${query}": ${top.join(', ')}`);
    });
  }

  for (const [query, expected] of API_CASES) {
    test(`"${query}" -> ${expected} (API page)`, (t) => {
      if (!builtRoutes.has(expected)) {
        t.skip(`${expected} is not in this build yet`);
        return;
      }
      const top = topPages(query);
      assert.ok(top.includes(expected), `top 3 for "${query}": ${top.join(', ')}`);
    });
  }

  test('typo tolerance: "scedule" returns sections about schedules', () => {
    const hits = engine.search({query: 'scedule', hitsPerPage: 5}).hits;
    assert.ok(hits.length >= 3, 'at least three hits');
    for (const hit of hits.slice(0, 3)) {
      const where = Object.values(hit.hierarchy).filter(Boolean).join(' > ');
      assert.match(where, /schedul/i, `"${where}" is not about schedules`);
    }
  });

  test('the index covers every docs page of the build', () => {
    for (const route of ['/docs/intro', '/docs/concepts/apps', '/docs/reference/tower-cli', '/docs/category/concepts']) {
      assert.ok(builtRoutes.has(route), route);
    }
  });
});

const SEARCH_PAGE_FILTERS: FacetFilters = SEARCH.searchPageFacetFilters.map((group) => (typeof group === 'string' ? group : [...group]));

/** What src/search/firstPaint.ts draws for a query, from the files it would fetch; null if it would leave the query to React. */
function firstPaint(split: SplitIndex, query: string) {
  const shards = queryShardKeys(query, split.manifest).map((key) => split.shards.get(key)!);
  const partial = engineFromSplit(JSON.parse(JSON.stringify(split.base)), shards);
  const request = searchPageRequest(query, 0, SEARCH_PAGE_FILTERS, '');
  const buckets = textFilesNeeded(partial, request, split.manifest);
  if (!buckets) return null;
  for (const bucket of buckets) addText(partial.records, bucket, split.buckets[bucket], split.manifest);
  return partial.search(request);
}

describe("the search page's first paint (split index) draws what the whole index answers", () => {
  const queries = [...CASES, ...API_CASES].map(([query]) => query).concat(['schedule', 'secrets', 'deploy', 'tower', 'scedule', 'environment variables', 'how do I', 'zzzqqq']);
  let split: SplitIndex;
  before(() => {
    split = splitIndex(packed, 'test', '/search-index/');
  });

  for (const query of queries) {
    test(`"${query}"`, () => {
      const drawn = firstPaint(split, query);
      const request = searchPageRequest(query, 0, SEARCH_PAGE_FILTERS, '');
      const whole = engine.search(request);
      if (!drawn) {
        assert.ok(termsOf(query).length > 1, `only a query of several words may need too many text files: "${query}"`);
        return;
      }
      assert.equal(drawn.nbHits, whole.nbHits, 'same number of results');
      const shape = (response: typeof whole) => response.hits.map((hit) => [hit.url, hit._highlightResult.hierarchy, hit._snippetResult.content.value]);
      assert.deepEqual(shape(drawn), shape(whole));
    });
  }

  test("most queries are drawn before the page's JavaScript loads", () => {
    const drawn = queries.filter((query) => firstPaint(split, query) !== null);
    assert.ok(drawn.length >= queries.length * 0.8, `${drawn.length} of ${queries.length} drawn; left to React: ${queries.filter((query) => !drawn.includes(query)).join(" | ")}`);
  });
});
