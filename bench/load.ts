/**
 * Bounded load test (figures, not assertions): Debian's wrk against the
 * production nginx rules (scripts/serve-nginx.ts) on loopback, for one docs
 * page and one hashed static asset (the main JavaScript bundle). Requests ask
 * for gzip, as browsers do, so nginx compresses on the fly like production.
 *
 * Bounded on purpose: 2 threads, 32 connections, 10 seconds per target, and
 * the helper's single nginx worker. wrk and nginx share this machine's CPUs,
 * so the figures are a floor for one worker, not a capacity plan.
 *
 *   node --import tsx bench/load.ts [--build DIR] [--duration 10] [--connections 32] [--page /docs/concepts/runs]
 */
import {spawnSync} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {startNginx} from '../scripts/serve-nginx';
import {ensureWrk, numberFlag, siteBuildDir} from './deps';

export type WrkResult = {
  label: string;
  url: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  transferPerSecond: string;
  requests: number;
  errors: string[];
};

/** wrk prints latencies as 812.00us, 1.23ms or 1.02s. */
function toMs(value: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(value.trim());
  if (!match) return NaN;
  const n = Number(match[1]);
  return match[2] === 'us' ? n / 1000 : match[2] === 'ms' ? n : match[2] === 's' ? n * 1000 : n * 60_000;
}

export function parseWrk(output: string): Omit<WrkResult, 'label' | 'url'> {
  const percentile = (p: string) => toMs(new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(output)?.[1] ?? '');
  const errors = [
    /Socket errors:.*$/m.exec(output)?.[0],
    /Non-2xx or 3xx responses:.*$/m.exec(output)?.[0],
  ].filter((line): line is string => Boolean(line));
  return {
    requestsPerSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? NaN),
    p50Ms: percentile('50'),
    p99Ms: percentile('99'),
    transferPerSecond: /Transfer\/sec:\s+(\S+)/.exec(output)?.[1] ?? '?',
    requests: Number(/(\d+) requests in/.exec(output)?.[1] ?? NaN),
    errors,
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

export type LoadOptions = {siteBuild?: string; duration?: number; connections?: number; threads?: number; page?: string};

export async function runLoadBench(options: LoadOptions = {}): Promise<WrkResult[]> {
  const buildDir = options.siteBuild ?? siteBuildDir();
  const duration = options.duration ?? numberFlag('--duration', 10);
  const connections = options.connections ?? numberFlag('--connections', 32);
  const threads = options.threads ?? 2;
  const pageIndex = process.argv.indexOf('--page');
  const page = options.page ?? (pageIndex >= 0 ? process.argv[pageIndex + 1] : '/docs/concepts/runs');
  console.log(`\nLoad (wrk -t${threads} -c${connections} -d${duration}s --latency, loopback, Accept-Encoding: gzip; figures, not assertions)`);
  const wrk = ensureWrk();
  if (!wrk) {
    console.log('  skipped: wrk is not installed and could not be installed (apt-get install -y wrk as root).');
    return [];
  }
  if (!existsSync(path.join(buildDir, page.replace(/^\//, ''), 'index.html'))) {
    throw new Error(`${page} is not in ${buildDir}: build the site first.`);
  }
  const server = await startNginx(buildDir);
  const results: WrkResult[] = [];
  try {
    const targets = [
      {label: `docs page ${page}`, url: `${server.url}${page}`},
      {label: `hashed asset ${hashedAsset(buildDir)}`, url: `${server.url}${hashedAsset(buildDir)}`},
    ];
    for (const target of targets) {
      // Bounded twice over: wrk's own duration, and a hard timeout in case it hangs.
      const run = spawnSync(
        wrk,
        [`-t${threads}`, `-c${connections}`, `-d${duration}s`, '--latency', '--timeout', '5s', '-H', 'Accept-Encoding: gzip', target.url],
        {encoding: 'utf8', timeout: (duration + 20) * 1000},
      );
      if (run.status !== 0) throw new Error(`wrk failed on ${target.url}: ${run.stderr || run.error?.message}`);
      results.push({label: target.label, url: target.url, ...parseWrk(run.stdout)});
    }
  } finally {
    await server.stop();
  }
  for (const r of results) {
    console.log(
      `  ${r.label}: ${r.requestsPerSecond.toFixed(0)} requests/s, latency p50 ${r.p50Ms.toFixed(2)} ms, p99 ${r.p99Ms.toFixed(2)} ms, ` +
        `${r.transferPerSecond}/s, ${r.requests} requests` + (r.errors.length ? `; ${r.errors.join('; ')}` : ''),
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
