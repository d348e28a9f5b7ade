/**
 * Tasks a coding agent gets from a Tower user, for the docs MCP server's task
 * suite (bench/mcp.ts). Written from the product facts (the CLI, SDK,
 * Towerfile, platform and API fact sheets), before any answer of the server
 * was looked at; `must` is what a correct answer has to contain, as the facts
 * state it. The calls are what an agent would send for the request, phrased
 * from the request itself: the suite adds one more step of its own (reading
 * the section a search pointed at) when the first answer is not enough.
 *
 * `heldBack` tasks are never used to tune the server: the suite reports them
 * apart, as the check that a change helps beyond the tasks it was tuned on.
 */

export type TaskCall = {
  tool: string;
  arguments: Record<string, unknown>;
  /** Arguments an agent adds when the tool's input schema offers them (a server without them still gets the call). */
  ifOffered?: Record<string, unknown>;
};

export type AgentTask = {
  id: string;
  /** What the user asks the agent, in the user's words. */
  request: string;
  /** The first calls the agent makes, in order (the suite may add a follow-up read, up to three calls in all). */
  calls: TaskCall[];
  /** Patterns (case-insensitive) that a correct answer contains; every one must appear in what the calls returned. */
  must: RegExp[];
  heldBack?: boolean;
};

const search = (query: string, extra: Record<string, unknown> = {}, ifOffered?: Record<string, unknown>): TaskCall => ({
  tool: 'search_docs',
  arguments: {query, ...extra},
  ...(ifOffered ? {ifOffered} : {}),
});
const command = (line: string): TaskCall => ({tool: 'check_tower_command', arguments: {line}});
const towerfile = (text: string): TaskCall => ({tool: 'check_towerfile', arguments: {text}});

export const AGENT_TASKS: AgentTask[] = [
  {
    id: 'T01',
    request: 'Store the database password for my app as a secret in the production environment.',
    calls: [search('create a secret in an environment')],
    must: [/tower secrets create/, /--name|-n\b/, /--value|-v\b/, /--environment|-e\b/],
  },
  {
    id: 'T02',
    request: 'Check my Towerfile before I deploy it.',
    calls: [
      towerfile(
        '[app]\nname = "daily-report"\nscript = "./report.py"\n\n[build]\npython = "3.11"\n\n[[parameters]]\nname = "API_TOKEN"\nhidden = true\ndefault = "abc"\n',
      ),
    ],
    // The [build] table is ignored by Tower; a hidden parameter with a default is contradictory.
    must: [/build/, /hidden/, /default/],
  },
  {
    id: 'T03',
    request: 'I ran `tower run -d ./my-app` and Tower ignored my folder. Why?',
    calls: [command('tower run -d ./my-app')],
    // -d is --detached since 0.3.23 (it was --dir before); ./my-app is read as the app name; the folder flag is --dir.
    must: [/--detached/, /\.\/my-app/, /app.?name/i, /--dir/],
  },
  {
    id: 'T04',
    request: 'Is `tower deploy --env prod` the right way to deploy to production?',
    calls: [command('tower deploy --env prod')],
    must: [/--environment/],
  },
  {
    id: 'T05',
    heldBack: true,
    request: 'How does my Python script read a run parameter called REGION?',
    calls: [search('read a parameter in python')],
    must: [/tower\.param(eter)?\(|os\.environ/, /environment variable/],
  },
  {
    id: 'T06',
    request: 'Run my app daily-report every day at 06:00 in production, with DATE set to today.',
    calls: [search('schedule an app with a cron expression')],
    must: [/tower schedules create/, /--cron|-c\b/, /--parameter|-p\b/, /--environment|-e\b/],
  },
  {
    id: 'T07',
    request: "Which HTTP API call lists an app's runs, and how do I page through them?",
    calls: [search('list the runs of an app', {kind: 'api'})],
    must: [/\/apps\/\{name\}\/runs/, /page_size/],
  },
  {
    id: 'T08',
    heldBack: true,
    request: 'How do I authenticate my requests to the Tower API with an API key?',
    calls: [search('authenticate API requests with an API key')],
    must: [/X-API-Key/, /api\.tower\.dev\/v1/],
  },
  {
    id: 'T09',
    request: 'From one app, start another deployed app and wait until it has finished.',
    calls: [search('run another app and wait for it', {kind: 'sdk'})],
    must: [/run_app\(/, /wait_for_run/],
  },
  {
    id: 'T10',
    request: 'Write rows from a pyarrow table into an Iceberg table with Tower.',
    calls: [search('write a pyarrow table to an iceberg table', {}, {code_language: 'python'})],
    must: [/tower\.tables\(/, /\.(insert|upsert)\(/],
  },
  {
    id: 'T11',
    request: 'My app imports helpers from ../common. How do I ship that folder with it?',
    calls: [search('include a shared folder outside the app directory')],
    must: [/import_paths/],
  },
  {
    id: 'T12',
    heldBack: true,
    request: 'Which files end up in the package, and does Tower respect my .gitignore?',
    calls: [search('which files are packaged gitignore')],
    must: [/\.gitignore/, /__pycache__|\.venv|\.pyc/],
  },
  {
    id: 'T13',
    request: 'My folder has both pyproject.toml and requirements.txt. Which one installs the dependencies?',
    calls: [search('pyproject.toml and requirements.txt which one is used')],
    must: [/pyproject\.toml/, /uv sync/],
  },
  {
    id: 'T14',
    request: 'Our CI pipeline must use the tower CLI without an interactive tower login.',
    calls: [search('use the CLI in CI without logging in')],
    must: [/TOWER_API_KEY/],
  },
  {
    id: 'T15',
    request: "Connect Claude Code to Tower's own MCP server so it can deploy my apps.",
    calls: [search('tower mcp-server claude code')],
    must: [/claude mcp add/, /mcp-server/],
  },
  {
    id: 'T16',
    heldBack: true,
    request: 'Install the Tower CLI. Which Python version do I need?',
    calls: [search('install the tower CLI')],
    must: [/pip install/, /3\.12/],
  },
  {
    id: 'T17',
    request: 'Make Tower retry my failed runs automatically.',
    calls: [search('retry failed runs automatically')],
    must: [/max_retries/, /retry_delay_seconds/],
  },
  {
    id: 'T18',
    request: 'Is `tower apps logs my-app 12 --follow` right to stream the logs of run 12?',
    calls: [command('tower apps logs my-app 12 --follow')],
    // The parse must show that 12 is taken as the run number and my-app as the app.
    must: [/run.?number/i, /\b12\b/, /app.?name/i],
  },
  {
    id: 'T19',
    request: '`tower run` exits with "Error: run completed" and code 1 although my run was just starting. Why?',
    calls: [search('tower run error run completed exit code 1')],
    must: [/run completed/, /starting/],
  },
  {
    id: 'T20',
    heldBack: true,
    request: 'Call a language model from my app with tower.llms.',
    calls: [search('call a language model with tower.llms')],
    must: [/tower\.llms\(/, /TOWER_INFERENCE_ROUTER/, /ollama|hugging_face_hub/],
  },
  {
    id: 'T21',
    request: 'What JSON body creates a schedule through the HTTP API?',
    calls: [search('create a schedule', {kind: 'api'})],
    must: [/POST/, /\/schedules/, /app_name/, /cron/],
  },
  {
    id: 'T22',
    request: 'Inside my app, how do I know whether the run was started by a schedule?',
    calls: [search('know if the run was started by a schedule')],
    must: [/is_scheduled_run/, /schedule_name/],
  },
  {
    id: 'T23',
    heldBack: true,
    request: 'I store dlt credentials as Tower secrets. What environment variables does my pipeline see?',
    calls: [search('dlt secrets environment variables')],
    must: [/dlt\./, /[A-Z]+__[A-Z]+/],
  },
  {
    id: 'T24',
    request: 'Deploy the same git commit to staging and production without creating a second version.',
    calls: [search('deploy the same commit to two environments idempotency')],
    must: [/idempotency/, /commit/],
  },
  {
    id: 'T25',
    request: 'What does `tower deploy -d ./app -f` do?',
    calls: [command('tower deploy -d ./app -f')],
    must: [/--dir/, /--create/],
  },
  {
    id: 'T26',
    heldBack: true,
    request: "Check this before I run it: tower schedules create --app daily-report --cron '0 6 * * *' --param DATE=today",
    calls: [command("tower schedules create --app daily-report --cron '0 6 * * *' --param DATE=today")],
    must: [/--parameter/],
  },
  {
    id: 'T27',
    request: 'How do I deploy Tower apps with a Kubernetes Helm chart?',
    calls: [search('kubernetes helm chart')],
    // Nothing in the docs covers it: the answer has to say so rather than offer a page that matches one word.
    must: [/no (documentation )?page (of the documentation )?(matches|has) (all|every)|not (covered|documented)/],
  },
  {
    id: 'T28',
    request: 'Stop run 5 of my-app, it is stuck.',
    calls: [search('cancel a run')],
    must: [/tower apps cancel/],
  },
  {
    id: 'T29',
    heldBack: true,
    request: 'I belong to two teams. How do I make the CLI act in the other team?',
    calls: [search('switch to another team')],
    must: [/tower teams switch/],
  },
  {
    id: 'T30',
    request: 'Run a SQL query against my Tower catalog from the terminal.',
    calls: [search('query a catalog with SQL from the CLI')],
    must: [/tower catalogs query/, /--sql|-s\b/, /SELECT/],
  },
  {
    id: 'T31',
    heldBack: true,
    request: 'Is there a size limit on what tower deploy uploads?',
    calls: [search('package size limit deploy')],
    must: [/50 MiB|50 MB/],
  },
  {
    id: 'T32',
    request: 'Verify that a webhook request really comes from Tower.',
    calls: [search('verify webhook signature')],
    must: [/X-Tower-Signature/, /HMAC|SHA-?512/],
  },
  {
    id: 'T33',
    heldBack: true,
    request: 'Run my app on my laptop with the parameter SINCE_DAYS=7 before deploying it.',
    calls: [search('run an app locally with a parameter')],
    must: [/--local/, /-p\b|--parameter/],
  },
  {
    id: 'T34',
    request: 'Show me Python code that starts several runs and waits for all of them.',
    calls: [search('start several runs and wait for all of them', {}, {code_language: 'python'})],
    must: [/wait_for_runs\(/, /run_app\(/],
  },
];
