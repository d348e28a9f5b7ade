/**
 * On-demand setup for the parts of `npm run bench` that need more than the
 * site's own dependencies: bench/node_modules (Lighthouse, chrome-launcher,
 * Astro, Starlight; installed from bench/package-lock.json with
 * `npm ci --prefix bench`), Debian's wrk, and the two reference builds
 * (vanilla Docusaurus and the Starlight site).
 */
import {spawnSync} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
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

/** Path of wrk; installs Debian's package when running as root and it is missing. */
export function ensureWrk(): string | undefined {
  const wrk = process.env.WRK_BIN ?? '/usr/bin/wrk';
  if (existsSync(wrk)) return wrk;
  if (process.getuid?.() === 0) {
    console.log('wrk not found: apt-get install -y wrk');
    spawnSync('apt-get', ['install', '-y', 'wrk'], {stdio: ['ignore', 'inherit', 'inherit']});
  }
  return existsSync(wrk) ? wrk : undefined;
}

/** The vanilla Docusaurus build: VANILLA_BUILD_DIR, else bench/.vanilla-build (built here if missing). */
export function ensureVanillaBuild(): string {
  const dir = path.resolve(process.env.VANILLA_BUILD_DIR ?? path.join(BENCH_DIR, '.vanilla-build'));
  if (existsSync(path.join(dir, 'docs'))) return dir;
  console.log(`Building the vanilla Docusaurus baseline into ${path.relative(REPO_ROOT, dir)}`);
  const result = spawnSync('npx', ['docusaurus', 'build', 'bench/vanilla-site', '--out-dir', dir], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error('vanilla Docusaurus build failed');
  return dir;
}
