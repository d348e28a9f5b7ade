/**
 * Bounded load test (figures, not assertions): Debian's wrk against the
 * production nginx rules (scripts/serve-nginx.ts) on loopback, for one docs
 * page and one hashed static asset (the main JavaScript bundle), at 32 and
 * 256 connections. Requests ask for gzip, as browsers do.
 *
 * wrk is one client (one address), so it meets the per-client limits of
 * deploy/nginx/site.conf: past the page allowance its page requests get 429.
 * While it runs, a second client on another loopback address (a reader) loads
 * the same page one request at a time; its latency and statuses show whether
 * one client can crowd the others out.
 *
 * Bounded on purpose: 2 threads, 10 seconds per run, and the helper's single
 * nginx worker. wrk and nginx share this machine's CPUs, so the figures are a
 * floor for one worker, not a capacity plan.
 *
 *   node --import tsx bench/load.ts [--build DIR] [--duration 10] [--connections 32,256] [--page /docs/concepts/runs]
 */
import {spawn} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {startNginx} from '../scripts/serve-nginx';
import {listFlag, numberFlag, prepareBench, siteBuildDir, WRK} from './deps';

/** The loopback address the reader sends from: another client than wrk (127.0.0.1). */
const READER_ADDRESS = '127.0.0.2';

export type ReaderFigures = {requests: number; ok: number; p50Ms: number; p99Ms: number};

export type WrkResult = {
  label: string;
  url: string;
  connections: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  transferPerSecond: string;
  requests: number;
  /** Responses outside 2xx and 3xx (429 once a limit applies). */
  rejected: number;
  socketErrors: string | null;
  reader: ReaderFigures;
};

/** wrk prints latencies as 812.00us, 1.23ms or 1.02s. */
function toMs(value: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(value.trim());
  if (!match) return NaN;
  const n = Number(match[1]);
  return match[2] === 'us' ? n / 1000 : match[2] === 'ms' ? n : match[2] === 's' ? n * 1000 : n * 60_000;
}

export function parseWrk(output: string) {
  const percentile = (p: string) => toMs(new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(output)?.[1] ?? '');
  return {
    requestsPerSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? NaN),
    p50Ms: percentile('50'),
    p99Ms: percentile('99'),
    transferPerSecond: /Transfer\/sec:\s+(\S+)/.exec(output)?.[1] ?? '?',
    requests: Number(/(\d+) requests in/.exec(output)?.[1] ?? NaN),
    rejected: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0),
    socketErrors: /Socket errors:.*$/m.exec(output)?.[0] ?? null,
  };
}

/** The main bundle's hashed URL, as the home page references it. */
function hashedAsset(buildDir: string): string {
  const html = readFileSync(path.join(buildDir, 'index.html'), 'utf8');
  // The bundles are listed in the page template's loader script (src/ssrTemplate.ts), not in <script src>.
  const src = /["'=](\/assets\/js\/main\.[0-9a-f]+\.js)["'\s>]/.exec(html)?.[1];
  if (!src) throw new Error(`no /assets/js/main.<hash>.js in ${buildDir}/index.html`);
  return src;
}

const percentileOf = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** One reader: GET `url` from READER_ADDRESS, one request at a time on a new connection each, until `running()` is false. */
async function readWhile(url: string, running: () => boolean): Promise<ReaderFigures> {
  const latencies: number[] = [];
  let ok = 0;
  while (running()) {
    const started = process.hrtime.bigint();
    const status = await new Promise<number>((resolve) => {
      const request = http.get(url, {localAddress: READER_ADDRESS, agent: false, headers: {'accept-encoding': 'gzip'}}, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      });
      request.setTimeout(5000, () => request.destroy());
      request.on('error', () => resolve(0));
    });
    latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
    if (status === 200) ok += 1;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  latencies.sort((a, b) => a - b);
  return {requests: latencies.length, ok, p50Ms: percentileOf(latencies, 50), p99Ms: percentileOf(latencies, 99)};
}

function runWrk(args: string[], timeoutMs: number): Promise<{status: number | null; stdout: string; stderr: string}> {
  return new Promise((resolve) => {
    const child = spawn(WRK, args);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    // Bounded twice over: wrk's own duration, and a hard timeout in case it hangs.
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({status, stdout, stderr});
    });
  });
}

export type LoadOptions = {siteBuild?: string; duration?: number; connections?: number[]; threads?: number; page?: string};

export async function runLoadBench(options: LoadOptions = {}): Promise<WrkResult[]> {
  const buildDir = options.siteBuild ?? siteBuildDir();
  const duration = options.duration ?? numberFlag('--duration', 10);
  const listed =
    listFlag('--connections')
      ?.map(Number)
      .filter((n) => n > 0) ?? [];
  const connectionCounts = options.connections ?? (listed.length > 0 ? listed : [32, 256]);
  const threads = options.threads ?? 2;
  const pageIndex = process.argv.indexOf('--page');
  const page = options.page ?? (pageIndex >= 0 ? process.argv[pageIndex + 1] : '/docs/concepts/runs');
  console.log(
    `\nLoad (wrk -t${threads} -c${connectionCounts.join('/')} -d${duration}s --latency, loopback, Accept-Encoding: gzip, ` +
      `under the per-client limits of deploy/nginx/site.conf; figures, not assertions)`,
  );
  prepareBench({lighthouse: false, load: true});
  if (!existsSync(path.join(buildDir, page.replace(/^\//, ''), 'index.html'))) {
    throw new Error(`${page} is not in ${buildDir}: build the site first.`);
  }
  const server = await startNginx(buildDir);
  const results: WrkResult[] = [];
  try {
    const asset = hashedAsset(buildDir);
    const targets = [
      {label: `docs page ${page}`, url: `${server.url}${page}`},
      {label: `hashed asset ${asset}`, url: `${server.url}${asset}`},
    ];
    for (const connections of connectionCounts) {
      for (const target of targets) {
        // Let the previous run's rate allowance refill (it refills at the configured rate within seconds).
        await new Promise((resolve) => setTimeout(resolve, 5000));
        let running = true;
        const reader = readWhile(`${server.url}${page}`, () => running);
        const args = [`-t${threads}`, `-c${connections}`, `-d${duration}s`, '--latency', '--timeout', '5s', '-H', 'Accept-Encoding: gzip', target.url];
        const run = await runWrk(args, (duration + 20) * 1000);
        running = false;
        if (run.status !== 0) throw new Error(`wrk failed on ${target.url}: ${run.stderr}`);
        results.push({label: target.label, url: target.url, connections, ...parseWrk(run.stdout), reader: await reader});
      }
    }
  } finally {
    await server.stop();
  }
  for (const r of results) {
    const served = r.requests - r.rejected;
    console.log(
      `  -c${r.connections} ${r.label}: ${r.requestsPerSecond.toFixed(0)} requests/s (${served} served, ${r.rejected} refused), ` +
        `latency p50 ${r.p50Ms.toFixed(2)} ms, p99 ${r.p99Ms.toFixed(2)} ms, ${r.transferPerSecond}/s` +
        (r.socketErrors ? `; ${r.socketErrors}` : '') +
        `\n      meanwhile a reader on ${READER_ADDRESS}: ${r.reader.ok}/${r.reader.requests} pages served, ` +
        `latency p50 ${r.reader.p50Ms.toFixed(2)} ms, p99 ${r.reader.p99Ms.toFixed(2)} ms`,
    );
  }
  return results;
}

if (require.main === module) {
  runLoadBench().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
