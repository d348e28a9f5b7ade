/**
 * Docs MCP server benchmark (figures, not assertions), over a production build:
 *
 * - cold start: from spawning `node --import tsx mcp/server.ts` on stdio to
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
 *   node --import tsx bench/mcp.ts [--build DIR] [--runs 5] [--duration 10] [--connections 16]
 */
import {spawn, spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js';
import {loadLibrary, type DocsLibrary} from '../mcp/library';
import {labelledQueries} from '../plugins/search-index/relevance-cases';
import {REPO_ROOT} from '../lib/paths';
import {freePort} from '../scripts/serve-nginx';
import {numberFlag, siteBuildDir, WRK} from './deps';
import {parseWrk} from './load';

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
        library.search.search(query, {limit: 5});
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
