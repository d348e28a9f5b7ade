/**
 * Values a reader could send or receive, for the fields the spec gives no
 * example of. A sample that sends `"environment": "string"` is a bogus
 * request; one that sends `"environment": "production"` can be pasted. The
 * spec's own examples, enums, consts and defaults always win; after them a
 * field's name (and the schema that holds it) picks the value, then its format.
 *
 * Identifiers whose shape the API facts do not give are written as a name in
 * capitals (`SCHEDULE_ID`) that the reader replaces, never as an invented
 * shape; run IDs are UUIDs (the facts say so), so they look like one.
 *
 * `examplesSchema` returns a copy of a JSON Schema with these values written in
 * as `example`s, without deprecated fields and without the `$schema` link that
 * callers may ignore, ready for openapi-sampler.
 */
import type {Direction} from './samples';

/** Where a value sits and what the body around it means. */
export type ValueContext = {
  direction: Direction;
  /** The body is a resource that was just created (a create operation's response): nothing has happened to it yet. */
  fresh: boolean;
};

/** One field: its name, the schema that holds it (a component name, or the field above it). */
type Field = {name: string; owner: string};

const RUN_ID = '3f6c1a2e-8b4d-4e5f-9a7b-2c1d0e9f8a7b';
const PARENT_RUN_ID = '9b2e7d41-5c3a-4f86-8e1d-7a6b5c4d3e2f';
const PEM_PUBLIC_KEY = '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA...\n-----END PUBLIC KEY-----';
const JWT = 'eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ1c2VyIn0.c2lnbmF0dXJl';

/** Times of one morning's run, so that the timestamps of one object follow each other. */
const TIMES: Record<string, string> = {
  created_at: '2025-06-02T09:00:00Z',
  CreatedAt: '2025-06-02T09:00:00Z',
  scheduled_at: '2025-06-02T09:00:00Z',
  generated_at: '2025-06-02T09:00:00Z',
  invitation_sent_at: '2025-06-02T09:00:00Z',
  starting_at: '2025-06-02T09:00:02Z',
  started_at: '2025-06-02T09:00:09Z',
  reported_at: '2025-06-02T09:00:10Z',
  timestamp: '2025-06-02T09:00:10Z',
  ended_at: '2025-06-02T09:03:41Z',
  cancelled_at: '2025-06-02T09:01:30Z',
  updated_at: '2025-06-02T09:15:00Z',
  refreshed_at: '2025-06-02T09:15:00Z',
  last_checked_at: '2025-06-02T09:15:00Z',
  last_used_at: '2025-06-02T09:15:00Z',
  last_health_check_at: '2025-06-02T09:15:00Z',
  next_run_at: '2025-06-03T09:00:00Z',
  start_at: '2025-06-01T00:00:00Z',
  period: '2025-06-01T00:00:00Z',
  date: '2025-06-01T00:00:00Z',
  end_at: '2025-07-01T00:00:00Z',
  expires_at: '2025-09-01T00:00:00Z',
  login_url_expires_at: '2025-06-05T09:00:00Z',
};
const DEFAULT_TIME = '2025-06-02T09:00:00Z';

/** Fields that have not happened yet on a fresh resource, or on any live one (`deleted_at`). */
const NOT_YET = new Set(['cancelled_at', 'deleted_at', 'ended_at', 'started_at', 'starting_at', 'last_checked_at', 'last_used_at', 'next', 'exit_code']);
const NEVER_ON_LIVE = new Set(['cancelled_at', 'deleted_at']);

/** Values by field name, for any schema. */
const BY_NAME: Record<string, string> = {
  environment: 'production',
  environments: 'production',
  new_name: 'staging',
  app: 'my-app',
  app_name: 'my-app',
  run_app_name: 'my-app',
  app_slug: 'my-app',
  owner: 'my-account',
  app_version: 'v3',
  version: 'v3',
  short_description: 'Loads daily sales',
  description: 'Loads daily sales',
  subdomain: 'my-app',
  hostname: 'my-app',
  cron: '0 9 * * *',
  schedule: '0 9 * * *',
  timezone: 'Europe/London',
  schedule_name: 'nightly-refresh',
  run_id: RUN_ID,
  parent_run_id: PARENT_RUN_ID,
  $link: 'https://app.tower.dev/my-account/apps/my-app/runs/42',
  email: 'ada@example.com',
  emails: 'ada@example.com, grace@example.com',
  username: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  company: 'Example Analytics',
  country: 'GB',
  promo_code: 'WELCOME',
  profile_photo_url: 'https://example.com/photos/ada.png',
  password: 'YOUR_PASSWORD',
  code: '123456',
  verification_code: '123456',
  user_code: 'WDJB-MJHT',
  device_code: 'DEVICE_CODE',
  message: 'Welcome to the data team.',
  organization: 'my-org',
  organization_name: 'my-org',
  execution_region: 'eu-central-1',
  role: 'member',
  base_plan_name: 'Team',
  user_hash: 'USER_HASH',
  company_hash: 'COMPANY_HASH',
  access_token: JWT,
  jwt: JWT,
  token: JWT,
  work_os_access_token: 'WORKOS_ACCESS_TOKEN',
  refresh_token: 'REFRESH_TOKEN',
  oauth_token: 'OAUTH_TOKEN',
  signing_key: 'SIGNING_KEY',
  session_id: 'SESSION_ID',
  account_id: 'ACCOUNT_ID',
  created_by_id: 'USER_ID',
  resource_id: 'my-app',
  resource_type: 'apps',
  event_type: 'apps.changed',
  authenticator_id: 'AUTHENTICATOR_ID',
  authenticator_url: 'otpauth://totp/Tower:ada@example.com?secret=JBSWY3DPEHPK3PXP&issuer=Tower',
  issuer: 'Tower',
  label: 'ada@example.com',
  key: 'JBSWY3DPEHPK3PXP',
  identifier: 'sk-3f9a',
  scopes: 'apps:read apps:run',
  team: 'data-team',
  preview: 'post****',
  encrypted_value: 'ENCRYPTED_VALUE',
  public_key: PEM_PUBLIC_KEY,
  private_key: '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC...\n-----END PRIVATE KEY-----',
  certificate: '-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+gAwIBAgIE...\n-----END CERTIFICATE-----',
  root_ca: '-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+gAwIBAgIE...\n-----END CERTIFICATE-----',
  runner_service_url: 'runners.tower.dev',
  source_uri: 'https://github.com/my-org/my-app',
  redirect_url: 'https://my-app.example.com/',
  login_url: 'https://app.tower.dev/guest-login?token=LOGIN_TOKEN',
  verification_url: 'https://app.tower.dev/login/device',
  url: 'https://hooks.example.com/tower',
  catalog_uri: 'https://catalog.example.com/iceberg',
  warehouse: 'my-account_default',
  mode: 'read',
  object: 'default.daily_ticker_data.date',
  statement: 'Trading day as an ISO date, YYYY-MM-DD',
  source: 'ada@example.com',
  environment_variable: 'PYICEBERG_CATALOG__DEFAULT__URI',
  idempotency_key: '9fceb02d0ae598e95dc970b74767f19372d61af8',
  content_checksum: 'b5bb9d8014a0f9b1d61e21e796d78dccdf1352f23cd32812f4850b878ae4944c',
  towerfile: '[app]\nname = "my-app"\nscript = "./main.py"\n',
  content: 'Loaded 1,204 rows into daily_sales.',
  alert_type: 'run_failure',
  location: 'body.environment',
  detail: 'The run of my-app failed.',
  secret_keys: 'DATABASE_URL',
  created: 'DATABASE_URL',
  ids: 'SCHEDULE_ID',
  metadata: '{"team": "data"}',
  body: 'Trading day as an ISO date, YYYY-MM-DD',
  value: 'emea',
};

/** Values of a field in one schema, where its name alone says too little (`name`, `id`, `type`, `status`). */
const BY_OWNER: Record<string, Record<string, string>> = {
  name: {
    App: 'my-app',
    CreateAppParams: 'my-app',
    RunGraphRunId: 'my-app',
    Environment: 'production',
    CreateEnvironmentParams: 'staging',
    Secret: 'DATABASE_URL',
    CreateSecretParams: 'DATABASE_URL',
    ExportedSecret: 'DATABASE_URL',
    Schedule: 'nightly-refresh',
    CreateScheduleParams: 'nightly-refresh',
    UpdateScheduleParams: 'nightly-refresh',
    Catalog: 'default',
    CreateCatalogParams: 'default',
    ExportedCatalog: 'default',
    CatalogProperty: 'uri',
    EncryptedCatalogProperty: 'uri',
    ExportedCatalogProperty: 'uri',
    CatalogFact: 'ticker-date-format',
    Team: 'data-team',
    CreateTeamParams: 'data-team',
    UpdateTeamParams: 'data-team',
    DeleteTeamParams: 'data-team',
    UpdateMyTeamInvitationParams: 'data-team',
    Webhook: 'deploy-notifier',
    CreateWebhookParams: 'deploy-notifier',
    UpdateWebhookParams: 'deploy-notifier',
    ServiceAccount: 'ci-deployer',
    CreateServiceAccountParams: 'ci-deployer',
    UpdateServiceAccountParams: 'ci-deployer',
    ApiKey: 'ci-pipeline',
    CreateApiKeyParams: 'ci-pipeline',
    CreateServiceAccountApiKeyParams: 'ci-pipeline',
    Guest: 'Grace Hopper',
    CreateGuestParams: 'Grace Hopper',
    Account: 'my-account',
    UpdateAccountParams: 'my-account',
    Organization: 'my-org',
    UpdateOrganizationParams: 'my-org',
    RunParameter: 'region',
    Parameter: 'region',
    AppTag: 'team',
    Feature: 'runs',
    Runner: 'eu-runner-1',
    RunCreator: 'Ada Lovelace',
    ApiKeyOwner: 'Ada Lovelace',
    ScheduleOwner: 'Ada Lovelace',
    ServiceAccountCreator: 'Ada Lovelace',
  },
  value: {AppTag: 'finance'},
  preview: {CatalogProperty: 'https://****', EncryptedCatalogProperty: 'https://****', ExportedCatalogProperty: 'https://****'},
  default: {Parameter: 'emea'},
  description: {Parameter: 'Region to load data for'},
  id: {
    Schedule: 'SCHEDULE_ID',
    Guest: 'GUEST_ID',
    ServiceAccount: 'SERVICE_ACCOUNT_ID',
    Plan: 'PLAN_ID',
    Runner: 'RUNNER_ID',
    Authenticator: 'AUTHENTICATOR_ID',
  },
  type: {
    Catalog: 'tower-catalog',
    CreateCatalogParams: 'tower-catalog',
    ExportedCatalog: 'tower-catalog',
    Team: 'team',
    Feature: 'limit',
    RunInitiator: 'tower_cli',
  },
  status: {
    Runner: 'online',
    Alert: 'active',
    Plan: 'active',
    AppVersion: 'active',
    RunAttempt: 'exited',
    AcknowledgeAlertResponse: 'ok',
    AcknowledgeAllAlertsResponse: 'ok',
  },
  code: {Feature: 'max_concurrent_runs'},
  key: {GetFeatureFlagResponseBody: 'FLAG_KEY'},
  url: {UnverifiedAuthenticator: 'otpauth://totp/Tower:ada@example.com?secret=JBSWY3DPEHPK3PXP&issuer=Tower'},
  source: {},
  timezone: {StatisticsSettings: 'UTC'},
  expires_at: {CatalogCredentials: '2025-06-02T10:00:00Z', DescribeWhoamiResponse: '2025-06-02T10:00:00Z'},
  title: {},
  message: {ErrorDetail: 'expected a string', RunLogLine: 'Loaded 1,204 rows into daily_sales.'},
};

/** Whole numbers by field name. */
const NUMBERS: Record<string, number> = {
  page: 1,
  page_size: 20,
  num_pages: 1,
  total: 1,
  number: 42,
  seq: 42,
  alert_seq: 7,
  num_attempts: 1,
  max_retries: 3,
  retry_delay_seconds: 30,
  exit_code: 0,
  count: 1,
  version: 3,
  num: 3,
};

/** Yes-or-no fields whose first guess (true) would describe an unusual record. */
const BOOLEANS: Record<string, boolean> = {
  is_scheduled: false,
  hidden: false,
  is_override: false,
  is_externally_accessible: false,
  acked: false,
};

/** Fields of any type, by schema and name: a value of the type the record itself names. */
const UNTYPED: Record<string, unknown> = {
  // value_type's first value is "boolean".
  'GetFeatureFlagResponseBody.value': true,
};

/** The upper-case stand-in for a value the reader supplies: `guest_id` -> `GUEST_ID`. */
export function placeholder(name: string): string {
  return (
    name
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .replace(/[^A-Za-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .toUpperCase() || 'VALUE'
  );
}

/** A singular name for the items of a list field: `emails` -> `email`. */
function singular(name: string): string {
  return BY_NAME[name] !== undefined ? name : name.replace(/ies$/, 'y').replace(/s$/, '');
}

function stringValue(field: Field, format: string | undefined): string {
  const owned = BY_OWNER[field.name]?.[field.owner];
  if (owned !== undefined) return owned;
  if (format === 'date-time' || TIMES[field.name] !== undefined) return TIMES[field.name] ?? DEFAULT_TIME;
  if (format === 'date') return (TIMES[field.name] ?? DEFAULT_TIME).slice(0, 10);
  const named = BY_NAME[field.name];
  if (named !== undefined) return named;
  if (format === 'email') return 'ada@example.com';
  if (format === 'uuid') return RUN_ID;
  if (format === 'uri' || format === 'url') return 'https://example.com/';
  if (field.name === 'name') return 'my-app';
  return placeholder(field.name);
}

type Json = Record<string, unknown>;

const typesOf = (json: Json): string[] => (Array.isArray(json.type) ? json.type.map(String) : typeof json.type === 'string' ? [json.type] : []);
const hasValue = (json: Json): boolean =>
  json.example !== undefined || json.examples !== undefined || json.enum !== undefined || json.const !== undefined || json.default !== undefined;
const nullable = (json: Json): boolean =>
  typesOf(json).includes('null') ||
  json.nullable === true ||
  [json.anyOf, json.oneOf].some((variants) => Array.isArray(variants) && variants.some((variant) => typesOf(variant as Json).join() === 'null'));

/** A nullable field of an answer that is null there: what has not happened yet, or a live record's deletion. */
function nullHere(json: Json, field: Field, context: ValueContext): boolean {
  return context.direction === 'response' && nullable(json) && (NEVER_ON_LIVE.has(field.name) || (context.fresh && NOT_YET.has(field.name)));
}

/** The value a leaf schema gets, or undefined to leave it to openapi-sampler. */
function leafExample(json: Json, field: Field, context: ValueContext): unknown {
  const types = typesOf(json);
  if (nullHere(json, field, context)) return null;
  if (types.includes('string') && json.format !== 'binary') {
    const value = stringValue(field, typeof json.format === 'string' ? json.format : undefined);
    // A value the schema's own limits refuse is left to openapi-sampler, which honours them.
    const fits =
      (typeof json.minLength !== 'number' || value.length >= json.minLength) && (typeof json.maxLength !== 'number' || value.length <= json.maxLength);
    return fits ? value : undefined;
  }
  if ((types.includes('integer') || types.includes('number')) && NUMBERS[field.name] !== undefined) return NUMBERS[field.name];
  if (types.includes('boolean') && BOOLEANS[field.name] !== undefined) return BOOLEANS[field.name];
  if (types.length === 0) return UNTYPED[`${field.owner}.${field.name}`];
  return undefined;
}

/** Enum values that tell a fuller story than the first one: a listed run has finished. */
const ENUM_CHOICE: Record<string, string> = {'Run.status': 'exited'};

/** An enum's value: for a fresh resource its starting state (a new webhook `unknown`, a new run `pending`), else a chosen one. */
function enumValue(json: Json, field: Field, context: ValueContext): unknown {
  if (!Array.isArray(json.enum) || context.direction !== 'response') return undefined;
  if (context.fresh) return json.enum.find((value) => value === 'unknown' || value === 'pending');
  const chosen = ENUM_CHOICE[`${field.owner}.${field.name}`];
  return json.enum.includes(chosen) ? chosen : undefined;
}

/** Fields an example leaves out: optional ones a caller never needs to see there. */
function leftOut(name: string, required: boolean, property: Json, context: ValueContext): boolean {
  if (name === '$schema') return true;
  if (required) return false;
  if (NEVER_ON_LIVE.has(name) && context.direction === 'response') return true;
  // A resource just made has no history yet (a new run's earlier attempts).
  if (context.fresh && context.direction === 'response' && typesOf(property).includes('array')) return true;
  return false;
}

/** Keywords whose value is data, not a schema. */
const VALUE_KEYWORDS = new Set(['example', 'examples', 'default', 'const', 'enum', 'required']);

/**
 * A copy of a JSON Schema with an `example` on every field the spec gives no
 * value for, without deprecated or left-out fields. A recursive schema stays a cycle.
 */
export function examplesSchema(root: Json, context: ValueContext): Json {
  const copies = new Map<Json, Json>();
  const copy = (json: Json, field: Field): Json => {
    const known = copies.get(json);
    if (known) return known;
    const result: Json = {};
    const owner = typeof json['x-tower-docs-schema-name'] === 'string' ? json['x-tower-docs-schema-name'] : field.name;
    // Objects are shared wherever the schema is used; a leaf takes its value from where it sits.
    if (json.properties) copies.set(json, result);
    const required = new Set(Array.isArray(json.required) ? json.required.map(String) : []);
    for (const [key, value] of Object.entries(json)) {
      if (VALUE_KEYWORDS.has(key) || !value || typeof value !== 'object') {
        result[key] = value;
      } else if (key === 'properties') {
        const kept = Object.entries(value as Record<string, Json>).filter(
          ([name, property]) => property?.deprecated !== true && !leftOut(name, required.has(name), property, context),
        );
        result.properties = Object.fromEntries(kept.map(([name, property]) => [name, copy(property, {name, owner})]));
      } else if (key === 'items') {
        result.items = Array.isArray(value) ? value : copy(value as Json, {name: singular(field.name), owner: field.owner});
      } else if (Array.isArray(value)) {
        result[key] = value.map((item) => (item && typeof item === 'object' && !Array.isArray(item) ? copy(item as Json, field) : item));
      } else {
        result[key] = copy(value as Json, field);
      }
    }
    if (!hasValue(json) && !json.properties && !json.items && !json.oneOf && !json.anyOf && !json.allOf) {
      const example = leafExample(json, field, context);
      if (example !== undefined) result.example = example;
    } else if (json.example === undefined) {
      const chosen = enumValue(json, field, context);
      if (chosen !== undefined) result.example = chosen;
      else if (nullHere(json, field, context)) result.example = null;
    }
    return result;
  };
  return copy(root, {name: '', owner: ''});
}

/** A value for a parameter (path, query, header, cookie) with no example, default or enum of its own. */
export function parameterValue(name: string, type: string | undefined, format: string | undefined): string {
  if (type === 'integer' || type === 'number') return String(NUMBERS[name] ?? 1);
  if (type === 'boolean') return 'true';
  return stringValue({name, owner: ''}, format);
}
