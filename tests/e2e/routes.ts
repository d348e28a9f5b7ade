/**
 * The spec's route table as data: every path the site must serve and the H1 a
 * reader sees there. The API reference adds its routes in API_ROUTES: the 85
 * operations of the site contract and every further operation of
 * openapi/tower-api.yaml.
 */
import {readApiOutline} from '../../plugins/api-reference/model';
import {SPEC_PATH} from '../../plugins/api-reference/sidebar';

type Route = {path: string; heading: string};

export const DOC_ROUTES: Route[] = [
  {path: '/', heading: 'Tower documentation'},
  {path: '/docs/intro', heading: 'Introduction to Tower'},
  {path: '/docs/getting-started/download-the-cli', heading: 'Download the CLI'},
  {path: '/docs/getting-started/quick-start', heading: 'Quickstart'},
  {path: '/docs/concepts/apps', heading: 'Apps'},
  {path: '/docs/concepts/environments', heading: 'Environments'},
  {path: '/docs/concepts/runs', heading: 'Runs'},
  {path: '/docs/concepts/tables', heading: 'Tables'},
  {path: '/docs/concepts/models', heading: 'Models'},
  {path: '/docs/concepts/teams', heading: 'Teams'},
  {path: '/docs/architecture/how-tower-works', heading: 'How Tower works'},
  {path: '/docs/architecture/data-plane', heading: 'Data Plane'},
  {path: '/docs/architecture/networking', heading: 'Networking'},
  {path: '/docs/architecture/security', heading: 'Security'},
  {path: '/docs/using-tower/develop', heading: 'Develop apps'},
  {path: '/docs/using-tower/test', heading: 'Test apps'},
  {path: '/docs/using-tower/orchestrate', heading: 'Orchestrate apps'},
  {path: '/docs/using-tower/observe', heading: 'Observe and improve'},
  {path: '/docs/using-tower/retries', heading: 'Retry failed runs'},
  {path: '/docs/using-tower/webhooks', heading: 'Webhooks'},
  {path: '/docs/using-tower/working-in-teams', heading: 'Working in teams'},
  {path: '/docs/using-tower/api-keys', heading: 'API keys'},
  {path: '/docs/using-tower/working-with-tables', heading: 'Working with Tables'},
  {path: '/docs/using-tower/working-with-models', heading: 'Working with Models'},
  {path: '/docs/using-tower/mcp-walkthrough', heading: 'MCP walkthrough'},
  {path: '/docs/using-tower/docs-for-agents', heading: 'Docs for coding agents'},
  {path: '/docs/using-tower/advanced', heading: 'Advanced use cases'},
  {path: '/docs/examples/intro', heading: 'Example Apps'},
  {path: '/docs/examples/using-dlthub', heading: 'Using dltHub'},
  {path: '/docs/examples/tables', heading: 'Working with Tables'},
  {path: '/docs/examples/models', heading: 'Working with Models'},
  {path: '/docs/examples/orchestration', heading: 'Orchestration'},
  {path: '/docs/examples/agents', heading: 'Deploying Agentic Flows'},
  {path: '/docs/examples/dbt', heading: 'Running dbt Core'},
  {path: '/docs/reference/tower-cli', heading: 'Tower CLI'},
  {path: '/docs/reference/tower-sdk', heading: 'Tower SDK'},
  {path: '/docs/reference/towerfile', heading: 'Towerfile'},
  {path: '/docs/reference/towerfile-checker', heading: 'Towerfile checker'},
  {path: '/docs/reference/mcp-server', heading: 'Tower MCP server'},
  {path: '/docs/category/getting-started', heading: 'Getting Started'},
  {path: '/docs/category/concepts', heading: 'Concepts'},
  {path: '/docs/category/tower-architecture', heading: 'Tower Architecture'},
  {path: '/docs/category/using-tower', heading: 'Using Tower'},
  {path: '/docs/category/reference', heading: 'Reference'},
  {path: '/docs/category/examples', heading: 'Examples'},
];

/**
 * The 85 operations the site's original contract listed (a document kept outside this
 * repository), in its order. Each has a page at /docs/reference/api/<id> that must never move; the overview
 * lives at /docs/reference/api/tower-api. The API has more operations than these: see
 * API_OPERATION_IDS.
 */
export const CONTRACT_API_OPERATION_IDS: readonly string[] = [
  // Alerts
  'list-alerts',
  'delete-alert',
  'stream-alerts',
  'acknowledge-alert',
  'acknowledge-all-alerts',
  // Schedules
  'create-schedule',
  'update-schedule',
  'delete-schedule',
  'list-schedules',
  'activate-schedules',
  'deactivate-schedules',
  // Runs
  'run-app',
  'cancel-run',
  'list-runs',
  'describe-run',
  'describe-run-logs',
  'stream-run-logs',
  'search-runs',
  'generate-run-statistics',
  'generate-app-statistics',
  // Apps
  'create-app',
  'describe-app',
  'update-app',
  'delete-app',
  'list-apps',
  'list-app-versions',
  'describe-app-version',
  'list-app-environments',
  'deploy-app',
  // Accounts and users
  'create-account',
  'describe-account',
  'update-account',
  'update-user',
  // Sessions and login
  'create-session',
  'describe-session',
  'refresh-session',
  'create-device-login-ticket',
  'claim-device-login-ticket',
  'describe-device-login-session',
  // Passwords and email
  'create-password-reset',
  'update-password-reset',
  'resend-email-verification',
  'verify-email',
  'update-email-preferences',
  'describe-email-preferences',
  // API keys
  'create-api-key',
  'list-api-keys',
  'delete-api-key',
  // Authenticators
  'create-authenticator',
  'generate-authenticator',
  'list-authenticators',
  'delete-authenticator',
  // Catalogs
  'create-catalog',
  'update-catalog',
  'delete-catalog',
  'list-catalogs',
  'export-catalogs',
  // Environments
  'create-environment',
  'update-environment',
  'list-environments',
  // Secrets
  'create-secret',
  'update-secret',
  'delete-secret',
  'list-secrets',
  'export-secrets',
  'describe-secrets-key',
  'list-secret-environments',
  // Teams
  'create-team',
  'update-team',
  'delete-team',
  'list-teams',
  'leave-team',
  'invite-team-member',
  'list-team-members',
  'remove-team-member',
  'list-team-invitations',
  'list-my-team-invitations',
  'update-my-team-invitation',
  'delete-team-invitation',
  'resend-team-invitation',
  // Plans and runners
  'list-plans',
  'update-plan',
  'list-runners',
  'generate-runner-credentials',
  // Feature flags
  'get-feature-flag-value',
];

export const API_OVERVIEW: Route = {path: '/docs/reference/api/tower-api', heading: 'Tower API'};

type ApiRoute = Route & {id: string; method: string; apiPath: string};

/**
 * The API pages: one route per operation of openapi/tower-api.yaml, in the order of the file,
 * with the H1 (the operation's summary), HTTP method and path template read from it. A contract
 * operation missing from the YAML throws here, so the table cannot silently lose one of them.
 */
export const API_ROUTES: ApiRoute[] = (() => {
  const {operations} = readApiOutline(SPEC_PATH);
  const ids = new Set(operations.map((operation) => operation.id));
  const missing = CONTRACT_API_OPERATION_IDS.filter((id) => !ids.has(id));
  if (missing.length) throw new Error(`openapi/tower-api.yaml lacks operations of the site contract: ${missing.join(', ')}`);
  return operations.map((operation) => ({
    id: operation.id,
    path: `/docs/reference/api/${operation.id}`,
    heading: operation.summary,
    method: operation.method,
    apiPath: operation.path,
  }));
})();

/** Every operation id with a page: the contract's 85 and the further operations of the spec. */
export const API_OPERATION_IDS: readonly string[] = API_ROUTES.map((route) => route.id);

export const ALL_ROUTES: Route[] = [...DOC_ROUTES, API_OVERVIEW, ...API_ROUTES];

export function headingOf(path: string): string {
  const route = ALL_ROUTES.find((r) => r.path === path);
  if (!route) throw new Error(`${path} is not in the route table`);
  return route.heading;
}
