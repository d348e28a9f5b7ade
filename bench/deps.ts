/**
 * Setup for the parts of `npm run bench` that need more than the site's own
 * dependencies: bench/node_modules (Lighthouse, chrome-launcher, Astro,
 * Starlight; installed from bench/package-lock.json with
 * `npm ci --prefix bench`), Debian's wrk, and the vanilla Docusaurus build.
 */
import {spawnSync} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {watchedDocusaurusBuild} from '../scripts/build';
import {REPO_ROOT} from '../scripts/nginx-conf';

export const BENCH_DIR = path.join(REPO_ROOT, 'bench');
export const BENCH_MODULES = path.join(BENCH_DIR, 'node_modules');
export const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_BIN ?? '/usr/bin/chromium';

/** The build the bench measures: --build DIR, else BENCH_BUILD_DIR, else build/. */
export function siteBuildDir(argv = process.argv): string {
  const index = argv.indexOf('--build');
  if (index >= 0 && argv[index + 1]) return path.resolve(argv[index + 1]);
  return path.resolve(process.env.BENCH_BUILD_DIR ?? path.join(REPO_ROOT, 'build'));
}

/** Value of `--name N` as a number, or the fallback. */
export function numberFlag(name: string, fallback: number, argv = process.argv): number {
  const index = argv.indexOf(name);
  const value = index >= 0 ? Number(argv[index + 1]) : NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** `--name a,b` as ['a', 'b']; undefined when the flag is absent. */
export function listFlag(name: string, argv = process.argv): string[] | undefined {
  const index = argv.indexOf(name);
  return index >= 0 && argv[index + 1] ? argv[index + 1].split(',').map((item) => item.trim()) : undefined;
}

function installedVersion(name: string): string | undefined {
  const file = path.join(BENCH_MODULES, name, 'package.json');
  if (!existsSync(file)) return undefined;
  return (JSON.parse(readFileSync(file, 'utf8')) as {version: string}).version;
}

/** Installs bench/node_modules from the lock file unless every pinned package is already there. */
export function ensureBenchDeps(): void {
  const manifest = JSON.parse(readFileSync(path.join(BENCH_DIR, 'package.json'), 'utf8')) as {dependencies: Record<string, string>};
  const missing = Object.entries(manifest.dependencies).filter(([name, version]) => installedVersion(name) !== version);
  if (missing.length === 0) return;
  console.log(`Installing bench-only dependencies (${missing.map(([name]) => name).join(', ')}): npm ci --prefix bench`);
  const result = spawnSync('npm', ['ci', '--prefix', BENCH_DIR, '--no-audit', '--no-fund'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) throw new Error('npm ci --prefix bench failed');
}

/** Debian's wrk, for the load figures (WRK_BIN points elsewhere). */
export const WRK = process.env.WRK_BIN ?? '/usr/bin/wrk';

/**
 * Installs, before anything is built or measured, what the chosen parts of
 * the bench need: Debian's wrk for the load figures (through
 * scripts/ensure-deps.sh, which also checks chromium and nginx) and
 * bench/node_modules for Lighthouse and the Starlight site. A missing piece
 * then stops the bench at once, not after minutes of builds.
 */
export function prepareBench(parts: {lighthouse: boolean; load: boolean}): void {
  if (parts.load && !existsSync(WRK)) {
    const result = spawnSync('bash', ['scripts/ensure-deps.sh', '--with-bench'], {cwd: REPO_ROOT, stdio: 'inherit'});
    if (result.status !== 0 || !existsSync(WRK)) {
      throw new Error(`wrk is needed for the load figures and is not at ${WRK}: apt-get install wrk (as root), or pass --no-load.`);
    }
  }
  if (parts.lighthouse) ensureBenchDeps();
}

export const VANILLA_SITE = path.join(BENCH_DIR, 'vanilla-site');

/**
 * The vanilla baseline's sidebar is the real one, which lists the API pages;
 * those are generated into docs/reference/api/ by the site's own build.
 */
export function assertApiPagesGenerated(): void {
  if (!existsSync(path.join(REPO_ROOT, 'docs', 'reference', 'api', 'run-app.mdx'))) {
    throw new Error('docs/reference/api/ is empty: the vanilla baseline lists the API pages, which `npm run build` generates. Build the site first.');
  }
}

/** The vanilla Docusaurus build: VANILLA_BUILD_DIR, else bench/.vanilla-build (built here if missing). */
export async function ensureVanillaBuild(): Promise<string> {
  const dir = path.resolve(process.env.VANILLA_BUILD_DIR ?? path.join(BENCH_DIR, '.vanilla-build'));
  if (existsSync(path.join(dir, 'docs'))) return dir;
  assertApiPagesGenerated();
  console.log(`Building the vanilla Docusaurus baseline into ${path.relative(REPO_ROOT, dir)}`);
  const status = await watchedDocusaurusBuild([VANILLA_SITE, '--out-dir', dir], {stdio: ['ignore', 'ignore', 'inherit']});
  if (status !== 0) throw new Error('vanilla Docusaurus build failed');
  return dir;
}
