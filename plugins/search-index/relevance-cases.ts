/**
 * Labelled queries for the local search: each names the page a reader wants.
 * relevance.test.ts checks them over the sources (in test:unit) and
 * built/ over the production build; `npm run bench:search`
 * scores them against a Pagefind baseline (success at 1 and 3, mean
 * reciprocal rank).
 */
/** [query, page that must be in the top 3] */
export const CASES: Array<[string, string]> = [
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
  ['dbt', '/docs/examples/dbt'],
  ['run dbt models', '/docs/examples/dbt'],
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
export const API_CASES: Array<[string, string]> = [
  ['run app api', '/docs/reference/api/run-app'],
  ['cancel run', '/docs/reference/api/cancel-run'],
  ['list schedules', '/docs/reference/api/list-schedules'],
  ['create secret', '/docs/reference/api/create-secret'],
  ['describe run logs', '/docs/reference/api/describe-run-logs'],
  ['acknowledge all alerts', '/docs/reference/api/acknowledge-all-alerts'],
  ['generate runner credentials', '/docs/reference/api/generate-runner-credentials'],
  ['create device login ticket', '/docs/reference/api/create-device-login-ticket'],
  // Operations of today's API that the site contract of 85 does not list.
  ['create webhook', '/docs/reference/api/create-webhook'],
  ['create service account api key', '/docs/reference/api/create-service-account-api-key'],
  ['vend catalog credentials', '/docs/reference/api/vend-catalog-credentials'],
  ['organization usage', '/docs/reference/api/describe-organization-usage'],
  ['describe run graph', '/docs/reference/api/describe-run-graph'],
];

/**
 * The failure patterns of issue 16 as labelled queries (any of the pages is
 * right): topic words, questions, operations named, typos, identifiers, other
 * words for the same thing.
 */
export const PATTERN_CASES: Array<[string, string[]]> = [
  ['schedule', ['/docs/using-tower/orchestrate']],
  ['secrets', ['/docs/concepts/environments']],
  ['how are secrets encrypted', ['/docs/architecture/security']],
  ['POST /apps/{name}/runs', ['/docs/reference/api/run-app']],
  ['GET /apps', ['/docs/reference/api/list-apps']],
  ['create-secret', ['/docs/reference/api/create-secret']],
  ['shedule', ['/docs/using-tower/orchestrate']],
  ['dpeloy', ['/docs/using-tower/develop', '/docs/reference/tower-cli', '/docs/concepts/apps']],
  ['secrtes', ['/docs/concepts/environments']],
  ['enviroment', ['/docs/concepts/environments']],
  ['paramters', ['/docs/concepts/apps', '/docs/reference/towerfile', '/docs/concepts/runs']],
  ['run_app', ['/docs/reference/tower-sdk']],
  ['--environment', ['/docs/reference/tower-cli']],
  ['X-API-Key', ['/docs/reference/api/tower-api', '/docs/reference/api/create-api-key']],
  ['tower[iceberg]', ['/docs/reference/tower-sdk', '/docs/concepts/tables', '/docs/using-tower/working-with-tables', '/docs/getting-started/download-the-cli']],
  ['trigger app from another app', ['/docs/using-tower/orchestrate']],
  ['difference between secrets and parameters', ['/docs/concepts/environments']],
  ['rotate api key', ['/docs/using-tower/api-keys', '/docs/reference/api/create-api-key', '/docs/reference/api/delete-api-key', '/docs/using-tower/advanced']],
  ['what time zone do schedules use', ['/docs/using-tower/orchestrate', '/docs/examples/orchestration']],
  ['which ip addresses to allowlist', ['/docs/architecture/networking']],
  ['run my app locally', ['/docs/using-tower/develop', '/docs/concepts/runs', '/docs/getting-started/quick-start', '/docs/using-tower/test']],
];

/** Every labelled query, with the pages that answer it. */
export function labelledQueries(): Array<[string, string[]]> {
  return [
    ...CASES.map(([query, page]): [string, string[]] => [query, [page]]),
    ...API_CASES.map(([query, page]): [string, string[]] => [query, [page]]),
    ...PATTERN_CASES,
  ];
}
