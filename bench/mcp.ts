/**
 * Docs MCP server benchmark (figures, not assertions), over a production build:
 *
 * - the agent-task suite (bench/mcp-tasks.ts): each task's calls through the
 *   SDK's client, then, while the answer is still missing, reads of the
 *   sections the answers pointed at (the results in order, then other links),
 *   three calls at most; success, and the characters the calls returned
 *   (text and structured content together, and one copy of each);
 * - the reliability review's hostile requests (batches of resources/read and
 *   get_page): answer bytes, the server's peak memory, the batch's time;
 * * - cold start: from spawning `node --import tsx mcp/server.ts` on stdio to
 *   the end of the MCP handshake, and to the first search_docs answer, against
 *   the same runtime starting and exiting an empty script (median of --runs);
 * - search_docs latency through the protocol (stdio client and server) over
 *   the labelled queries of plugins/search-index/relevance-cases.ts, p50 and
 *   p95, against the same queries on the search adapter alone in this process;
 * - a bounded wrk run on loopback against the HTTP transport: POST /mcp with
 *   search_docs calls cycling through the same queries (a Lua body script),
 *   against `ping`, the cheapest MCP request, on the same server.
 *
 * wrk, the server and this script share the machine's cores, so the figures
 * are for comparing, not a capacity plan.
 *
 *   node --import tsx bench/mcp.ts [--build DIR] [--runs 5] [--duration 10] [--connections 16] [--tasks-only] [--show T01,T02] [--no-load (skips cold start, latency and wrk)]
 */
import {spawn, spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js';
import {InMemoryTransport} from '@modelcontextprotocol/sdk/inMemory.js';
import {loadLibrary, type DocsLibrary} from '../mcp/library';
import {createDocsServer} from '../mcp/tools';
import {labelledQueries} from '../plugins/search-index/relevance-cases';
import {REPO_ROOT} from '../lib/paths';
import {freePort} from '../scripts/serve-nginx';
import {listFlag, numberFlag, siteBuildDir, WRK} from './deps';
import {parseWrk} from './load';
import {AGENT_TASKS, type AgentTask, type TaskCall} from './mcp-tasks';

type McpLoadResult = ReturnType<typeof parseWrk> & {label: string; url: string};

const SERVER = path.join(REPO_ROOT, 'mcp', 'server.ts');

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const median = (values: number[]) => percentile(values, 50);
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;

async function stdioClient(buildDir: string): Promise<Client> {
  const client = new Client({name: 'tower-docs-bench', version: '1.0.0'});
  await client.connect(
    new StdioClientTransport({command: process.execPath, args: ['--import', 'tsx', SERVER, '--build', buildDir], cwd: REPO_ROOT, stderr: 'ignore'}),
  );
  return client;
}

/** Milliseconds from spawn to exit of `node --import tsx` on an empty script: the runtime's own start. */
function emptyStart(): number {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tower-docs-bench-'));
  const empty = path.join(dir, 'empty.ts');
  writeFileSync(empty, 'export {};\n');
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--import', 'tsx', empty], {cwd: REPO_ROOT, stdio: 'ignore'});
  const elapsed = performance.now() - started;
  rmSync(dir, {recursive: true, force: true});
  if (result.status !== 0) throw new Error('node --import tsx could not run an empty script');
  return elapsed;
}

async function coldStart(buildDir: string, runs: number, query: string) {
  const handshake: number[] = [];
  const firstAnswer: number[] = [];
  const baseline: number[] = [];
  for (let run = 0; run < runs; run++) {
    baseline.push(emptyStart());
    const started = performance.now();
    const client = await stdioClient(buildDir);
    handshake.push(performance.now() - started);
    await client.callTool({name: 'search_docs', arguments: {query}});
    firstAnswer.push(performance.now() - started);
    await client.close();
  }
  return {handshake: median(handshake), firstAnswer: median(firstAnswer), baseline: median(baseline)};
}

async function searchLatency(buildDir: string, library: DocsLibrary, queries: string[], rounds: number) {
  const client = await stdioClient(buildDir);
  const viaMcp: number[] = [];
  const direct: number[] = [];
  try {
    for (const query of queries) await client.callTool({name: 'search_docs', arguments: {query}});
    for (let round = 0; round < rounds; round++) {
      for (const query of queries) {
        let started = performance.now();
        const result = await client.callTool({name: 'search_docs', arguments: {query}});
        viaMcp.push(performance.now() - started);
        if (result.isError) throw new Error(`search_docs failed for "${query}"`);
        started = performance.now();
        library.search.find(query);
        direct.push(performance.now() - started);
      }
    }
  } finally {
    await client.close();
  }
  return {viaMcp, direct};
}

function luaScript(bodies: string[]): string {
  const quoted = bodies.map((body) => `  [==[${body}]==]`).join(',\n');
  return [
    'local bodies = {',
    quoted,
    '}',
    'local headers = {["Content-Type"] = "application/json", ["Accept"] = "application/json, text/event-stream"}',
    'local next = 0',
    'request = function()',
    '  next = next % #bodies + 1',
    '  return wrk.format("POST", "/mcp", headers, bodies[next])',
    'end',
    '',
  ].join('\n');
}

async function httpLoad(buildDir: string, queries: string[], options: {duration: number; connections: number; threads: number}): Promise<McpLoadResult[]> {
  const wrk = WRK;
  if (!existsSync(wrk)) {
    console.log(`  wrk: skipped (not at ${wrk}; apt-get install -y wrk as root, or run npm run bench:mcp, which installs it).`);
    return [];
  }
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', SERVER, '--http', '--port', String(port), '--build', buildDir], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tower-docs-bench-wrk-'));
  try {
    await new Promise<void>((resolve, reject) => {
      let output = '';
      server.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes(`:${port}/mcp`)) resolve();
      });
      server.once('exit', (code) => reject(new Error(`the MCP server exited with code ${code}: ${output}`)));
    });
    const call = (id: number, method: string, params?: object) => JSON.stringify({jsonrpc: '2.0', id, method, ...(params ? {params} : {})});
    const targets = [
      {
        label: 'search_docs (the labelled queries in turn)',
        bodies: queries.map((query, i) => call(i + 1, 'tools/call', {name: 'search_docs', arguments: {query}})),
      },
      {label: 'ping (baseline: transport and protocol only)', bodies: [call(1, 'ping')]},
    ];
    const results: McpLoadResult[] = [];
    for (const target of targets) {
      const script = path.join(dir, `${results.length}.lua`);
      writeFileSync(script, luaScript(target.bodies));
      const url = `http://127.0.0.1:${port}/mcp`;
      const run = spawnSync(
        wrk,
        [`-t${options.threads}`, `-c${options.connections}`, `-d${options.duration}s`, '--latency', '--timeout', '5s', '-s', script, url],
        {encoding: 'utf8', timeout: (options.duration + 20) * 1000},
      );
      if (run.status !== 0) throw new Error(`wrk failed on ${url}: ${run.stderr || run.error?.message}`);
      results.push({label: target.label, url, ...parseWrk(run.stdout)});
    }
    return results;
  } finally {
    server.kill('SIGTERM');
    rmSync(dir, {recursive: true, force: true});
  }
}

/** The most calls a task may take, as the agents were allowed. */
const MAX_TASK_CALLS = 3;

type CallResult = {isError?: boolean; content?: Array<{type: string; text?: string}>; structuredContent?: unknown};

/** Every string in a structured answer, so a fact found only there counts. */
function stringsOf(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, into);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) stringsOf(item, into);
  return into;
}

/**
 * What one answer puts in front of the agent: its text and its structured
 * content. `chars` counts both (a client may pass both on); `oneCopy` counts
 * what a client passes when it passes one: the structured content when there
 * is some (as Claude Code does), else the text.
 */
function answerOf(result: CallResult): {text: string; chars: number; oneCopy: number} {
  const text = (result.content ?? []).map((part) => part.text ?? '').join('\n');
  const structured = result.structuredContent === undefined ? '' : JSON.stringify(result.structuredContent);
  return {
    text: [text, ...stringsOf(result.structuredContent)].join('\n'),
    chars: text.length + structured.length,
    oneCopy: structured ? structured.length : text.length,
  };
}

const DOCS_LINK = /https:\/\/docs\.tower\.dev\/docs\/[^\s)>\]"'`]+/g;

/** The `url` of every object in a structured answer, in order: the results an agent reads on from. */
function resultUrls(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) resultUrls(item, into);
  else if (value && typeof value === 'object') {
    const {url} = value as {url?: unknown};
    if (typeof url === 'string' && url.startsWith('https://docs.tower.dev/docs/')) into.push(url);
    for (const item of Object.values(value)) if (typeof item === 'object') resultUrls(item, into);
  }
  return into;
}

export type TaskOutcome = {
  task: AgentTask;
  passed: boolean;
  calls: number;
  chars: number;
  oneCopy: number;
  largest: number;
  missing: RegExp[];
  transcript: string[];
};

/** Runs one task as an agent would: its own calls, then reads of the sections the answers linked, until the answer is there. */
async function runTask(client: Client, task: AgentTask, offered: Map<string, Set<string>>): Promise<TaskOutcome> {
  const seen: string[] = [];
  const transcript: string[] = [];
  const links: string[] = [];
  const read = new Set<string>();
  let chars = 0;
  let oneCopy = 0;
  let largest = 0;
  let calls = 0;
  const missing = () =>
    task.must.filter((pattern) => !new RegExp(pattern.source, pattern.flags.includes('i') ? pattern.flags : `${pattern.flags}i`).test(seen.join('\n')));
  const queue: TaskCall[] = [...task.calls];
  while (calls < MAX_TASK_CALLS && missing().length > 0) {
    let call = queue.shift();
    if (!call) {
      const next = links.find((link) => !read.has(link));
      if (!next) break;
      call = {tool: 'get_page', arguments: {url_or_path: next}};
    }
    const extra = Object.entries(call.ifOffered ?? {}).filter(([name]) => offered.get(call.tool)?.has(name));
    const args = {...call.arguments, ...Object.fromEntries(extra)};
    const result = (await client.callTool({name: call.tool, arguments: args})) as CallResult;
    calls += 1;
    transcript.push(`> ${call.tool} ${JSON.stringify(args)}`, JSON.stringify(result, null, 1));
    if (call.tool === 'get_page') read.add(String(call.arguments.url_or_path));
    const answer = answerOf(result);
    seen.push(answer.text);
    chars += answer.chars;
    oneCopy += answer.oneCopy;
    largest = Math.max(largest, answer.chars);
    // The results' own links first, then any other link of the answer (a text-only answer has only those).
    for (const link of [...resultUrls(result.structuredContent), ...(answer.text.match(DOCS_LINK) ?? [])]) if (!links.includes(link)) links.push(link);
  }
  const left = missing();
  return {task, passed: left.length === 0, calls, chars, oneCopy, largest, missing: left, transcript};
}

/** The task suite over a server in this process (the same server both transports build). */
export async function runTaskSuite(library: DocsLibrary, version: string, tasks = AGENT_TASKS): Promise<TaskOutcome[]> {
  const server = createDocsServer(library, version);
  const client = new Client({name: 'tower-docs-task-suite', version: '1.0.0'});
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  try {
    const {tools} = await client.listTools();
    const offered = new Map(tools.map((tool) => [tool.name, new Set(Object.keys((tool.inputSchema as {properties?: object}).properties ?? {}))]));
    const outcomes: TaskOutcome[] = [];
    for (const task of tasks) outcomes.push(await runTask(client, task, offered));
    return outcomes;
  } finally {
    await client.close();
    await server.close();
  }
}

function printTaskSuite(outcomes: TaskOutcome[]): void {
  const share = (some: TaskOutcome[]) =>
    `${some.filter((outcome) => outcome.passed).length}/${some.length} (${((100 * some.filter((outcome) => outcome.passed).length) / Math.max(1, some.length)).toFixed(0)} %)`;
  const chars = (value: number) => value.toLocaleString('en-US');
  console.log(`  Agent-task suite (bench/mcp-tasks.ts), at most ${MAX_TASK_CALLS} calls a task:`);
  for (const outcome of outcomes) {
    const verdict = outcome.passed ? 'pass' : `FAIL (missing ${outcome.missing.map((pattern) => pattern.source).join(', ')})`;
    console.log(
      `    ${outcome.task.id}${outcome.task.heldBack ? '*' : ' '} ${outcome.calls} call${outcome.calls === 1 ? ' ' : 's'} ${chars(outcome.chars).padStart(8)} chars  ${verdict}`,
    );
  }
  for (const id of listFlag('--show') ?? []) {
    const outcome = outcomes.find((entry) => entry.task.id === id);
    if (outcome) console.log(`\n${id}: ${outcome.task.request}\n${outcome.transcript.join('\n')}\n`);
  }
  const tuned = outcomes.filter((outcome) => !outcome.task.heldBack);
  const held = outcomes.filter((outcome) => outcome.task.heldBack);
  console.log(`    success: ${share(outcomes)}; tuning set ${share(tuned)}, held back (*) ${share(held)}`);
  const figures = (some: TaskOutcome[], count: (outcome: TaskOutcome) => number) => {
    const values = some.map(count);
    return `median ${chars(median(values))}, largest ${chars(Math.max(...values))}, total ${chars(values.reduce((a, b) => a + b, 0))}`;
  };
  for (const [what, count] of [
    ['text and structured content together', (outcome: TaskOutcome) => outcome.chars],
    ['one copy (structured content if any, else text)', (outcome: TaskOutcome) => outcome.oneCopy],
  ] as const) {
    console.log(`    characters per task, ${what}: ${figures(outcomes, count)}`);
    console.log(`      tuning set ${figures(tuned, count)}; held back ${figures(held, count)}`);
  }
  console.log(
    `    largest single answer (both copies) ${chars(Math.max(...outcomes.map((outcome) => outcome.largest)))}; median calls ${median(outcomes.map((outcome) => outcome.calls))}`,
  );
}

/** Peak and current resident memory of a process, in MB (Linux /proc). */
function memoryOf(pid: number): {peak: number; now: number} {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return {peak: kb('VmHWM') / 1024, now: kb('VmRSS') / 1024};
}

type HttpServer = {url: string; pid: number; stop: () => Promise<void>};

/** `npm run mcp -- --http` as its own process (node directly, so its memory is the server's). */
async function startHttpServer(buildDir: string): Promise<HttpServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER, '--http', '--port', String(port), '--build', buildDir], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`:${port}/mcp`)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the MCP server exited with code ${code}: ${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function postRaw(url: string, body: string): Promise<{status: number; bytes: number; ms: number}> {
  const started = performance.now();
  const response = await fetch(url, {method: 'POST', headers: {'Content-Type': 'application/json', Accept: 'application/json, text/event-stream'}, body});
  const bytes = (await response.arrayBuffer()).byteLength;
  return {status: response.status, bytes, ms: performance.now() - started};
}

const message = (id: number, method: string, params: object) => ({jsonrpc: '2.0', id, method, params});

/**
 * The reliability review's requests against the HTTP transport (issue 23):
 * a batch of 100 resources/read of llms-api.txt, ten of them at once, and a
 * batch of 100 get_page calls with a 2,046-character unknown path, each on a
 * fresh server; answer bytes, the server's peak memory, and the batch's time
 * against the same message sent alone.
 */
async function hostileRequests(buildDir: string, siteUrl: string): Promise<void> {
  const resourceBatch = JSON.stringify(Array.from({length: 100}, (_, i) => message(i + 1, 'resources/read', {uri: `${siteUrl}/llms-api.txt`})));
  const longPath = `/docs/${'a'.repeat(2040)}`;
  const pageCall = (id: number) => message(id, 'tools/call', {name: 'get_page', arguments: {url_or_path: longPath}});
  const pageBatch = JSON.stringify(Array.from({length: 100}, (_, i) => pageCall(i + 1)));
  const mb = (value: number) => `${value.toFixed(0)} MB`;
  console.log('  Hostile requests over Streamable HTTP, each on a fresh server (reliability review, issue 23):');

  let server = await startHttpServer(buildDir);
  try {
    const idle = memoryOf(server.pid).now;
    const one = await postRaw(server.url, resourceBatch);
    console.log(
      `    batch of 100 resources/read of llms-api.txt: HTTP ${one.status}, ${one.bytes.toLocaleString('en-US')} bytes answered; server memory ${mb(idle)} idle, peak ${mb(memoryOf(server.pid).peak)}`,
    );
  } finally {
    await server.stop();
  }

  server = await startHttpServer(buildDir);
  try {
    const ten = await Promise.all(Array.from({length: 10}, () => postRaw(server.url, resourceBatch)));
    const statuses = [...new Set(ten.map((answer) => answer.status))].join('/');
    console.log(
      `    ten such batches at once: HTTP ${statuses}, ${Math.max(...ten.map((answer) => answer.bytes)).toLocaleString('en-US')} bytes each at most; server peak ${mb(memoryOf(server.pid).peak)}`,
    );
  } finally {
    await server.stop();
  }

  server = await startHttpServer(buildDir);
  try {
    const alone: number[] = [];
    for (let i = 0; i < 5; i++) alone.push((await postRaw(server.url, JSON.stringify(pageCall(1)))).ms);
    const batch = await postRaw(server.url, pageBatch);
    // What a client can still send: the same 100 calls one request at a time.
    const started = performance.now();
    for (let i = 0; i < 100; i++) await postRaw(server.url, JSON.stringify(pageCall(i + 1)));
    const oneByOne = performance.now() - started;
    console.log(
      `    batch of 100 get_page calls with a 2,046-character unknown path: HTTP ${batch.status} after ${ms(batch.ms)}, ${batch.bytes.toLocaleString('en-US')} bytes; ` +
        `the same call alone: ${ms(median(alone))} (ratio ${(batch.ms / median(alone)).toFixed(1)})`,
    );
    console.log(`    the same 100 calls one request at a time: ${ms(oneByOne)} in all (ratio ${(oneByOne / median(alone)).toFixed(1)} to one call)`);
  } finally {
    await server.stop();
  }
}

export type McpBenchOptions = {siteBuild?: string; runs?: number; duration?: number; connections?: number};

export async function runMcpBench(options: McpBenchOptions = {}): Promise<void> {
  const buildDir = options.siteBuild ?? siteBuildDir();
  const runs = options.runs ?? numberFlag('--runs', 5);
  const duration = options.duration ?? numberFlag('--duration', 10);
  const connections = options.connections ?? numberFlag('--connections', 16);
  const queries = [...new Set(labelledQueries().map(([query]) => query))];
  console.log(`\nDocs MCP server over ${path.relative(REPO_ROOT, buildDir) || buildDir} (figures, not assertions)`);
  // Loading here first turns a build the server cannot use into its own message, not a closed connection.
  const library = loadLibrary({buildDir});

  printTaskSuite(await runTaskSuite(library, 'bench'));
  if (process.argv.includes('--tasks-only')) return;
  await hostileRequests(buildDir, library.siteUrl);
  if (process.argv.includes('--no-load')) return;

  const cold = await coldStart(buildDir, runs, queries[0]);
  console.log(`  Cold start on stdio, median of ${runs}: handshake done after ${ms(cold.handshake)}, first search_docs answer after ${ms(cold.firstAnswer)}`);
  console.log(
    `    baseline, node --import tsx on an empty script: ${ms(cold.baseline)} (ratio ${(cold.firstAnswer / cold.baseline).toFixed(2)} to the first answer)`,
  );

  const rounds = 5;
  const latency = await searchLatency(buildDir, library, queries, rounds);
  console.log(
    `  search_docs over stdio, ${queries.length} labelled queries x ${rounds}: p50 ${ms(median(latency.viaMcp))}, p95 ${ms(percentile(latency.viaMcp, 95))}`,
  );
  console.log(
    `    baseline, the search adapter in-process: p50 ${ms(median(latency.direct))}, p95 ${ms(percentile(latency.direct, 95))} ` +
      `(ratio ${(median(latency.viaMcp) / median(latency.direct)).toFixed(2)} at p50)`,
  );

  const load = await httpLoad(buildDir, queries, {duration, connections, threads: 2});
  if (load.length > 0) console.log(`  Streamable HTTP under wrk -t2 -c${connections} -d${duration}s on loopback, POST /mcp:`);
  for (const result of load) {
    console.log(
      `    ${result.label}: ${result.requestsPerSecond.toFixed(0)} requests/s, p50 ${ms(result.p50Ms)}, p99 ${ms(result.p99Ms)}, ${result.requests} requests` +
        (result.rejected ? `; ${result.rejected} answers outside 2xx/3xx` : '') +
        (result.socketErrors ? `; ${result.socketErrors}` : ''),
    );
  }
  if (load.length === 2) console.log(`    search_docs / ping: ${(load[0].requestsPerSecond / load[1].requestsPerSecond).toFixed(2)} of the throughput`);
}

if (require.main === module) {
  runMcpBench().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
