/**
 * `docusaurus build` under a watchdog, for `npm run build`, the test command
 * and the bench. A damaged Rspack persistent cache (node_modules/.cache/rspack)
 * once made every build wait forever with no output and an idle CPU; this
 * stops a build whose processes stop working and says what to delete. A
 * damaged cache can also crash the build (a Rust panic in Rspack's cache
 * storage, exit 134): a build killed by a signal gets the same advice.
 *
 *   node --import tsx scripts/build.ts [siteDir] [--out-dir DIR] [other docusaurus build options]
 *
 * "Working" is CPU time: a build whose processes used less than 2 % of one
 * core over the last BUILD_STALL_SECONDS (default 300) has stalled. Where /proc is missing
 * (not Linux) only the overall limit, BUILD_TIME_LIMIT_SECONDS (default 1800), applies.
 */
import {spawn, type StdioOptions} from 'node:child_process';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

/**
 * The share of one core a command must use over a stall window to count as
 * working. A build uses more than a whole core, and still over a tenth of one
 * on a 2-core machine with a load of 15; the hung one used under 1 %.
 */
const MIN_CPU_SHARE = 0.02;
/** Linux reports CPU time in USER_HZ ticks, 100 a second on every architecture Node runs on. */
const TICKS_PER_SECOND = 100;
const CHECK_EVERY_MS = 2000;
/** After SIGTERM, how long the processes get before SIGKILL (one stuck in native code ignores SIGTERM). */
const KILL_GRACE_MS = 5000;
/** Exit codes for the signals that stop the build from outside: 128 + the signal's number. */
const SIGNAL_EXIT_CODES = {SIGHUP: 129, SIGINT: 130, SIGTERM: 143} as const;

/**
 * CPU seconds used so far by the processes of a process group, including
 * children they have already reaped; null where /proc is not available.
 */
export function groupCpuSeconds(groupId: number): number | null {
  if (!existsSync('/proc/self/stat')) return null;
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    // "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) !== groupId) continue;
    // utime, stime, cutime, cstime
    ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  }
  return ticks / TICKS_PER_SECOND;
}

function signalGroup(groupId: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-groupId, signal);
    return true;
  } catch {
    return false; // the group is gone
  }
}

/** SIGTERM to the whole group, then SIGKILL to whatever is left after the grace period. */
async function stopGroup(groupId: number, graceMs: number): Promise<void> {
  if (!signalGroup(groupId, 'SIGTERM')) return;
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (!signalGroup(groupId, 0)) return;
  }
  signalGroup(groupId, 'SIGKILL');
}

export type WatchdogOptions = {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** No progress for this long stops the command (default BUILD_STALL_SECONDS or 300 s). */
  stallSeconds?: number;
  /** The command may not run longer than this in all (default BUILD_TIME_LIMIT_SECONDS or 1800 s). */
  timeLimitSeconds?: number;
  /** What the reader should do when the command stalls. */
  stallAdvice: string;
  /** Passed to spawn; the default inherits the terminal. */
  stdio?: StdioOptions;
  /** After SIGTERM, how long the group gets before SIGKILL (default 5 s; the tests use less). */
  killGraceMs?: number;
  /** Reads a group's CPU seconds (default groupCpuSeconds, from /proc; the tests pass a stand-in). */
  cpuSeconds?: (groupId: number) => number | null;
};

export class StalledError extends Error {}

const seconds = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

/** "2 s", "0.5 s": a window as the options gave it. */
const formatSeconds = (ms: number) => `${Number((ms / 1000).toFixed(2))} s`;

/**
 * Runs `command` as a process group of its own and resolves with its exit
 * code; rejects with a StalledError (after stopping the whole group) when it
 * stops using CPU or outlives its time limit. The group is not in the
 * terminal's foreground, so a signal that stops this process (Ctrl+C, a
 * closing terminal's SIGHUP, a SIGTERM) is passed on to the whole group, and
 * whatever is left of it goes when this process exits: a build never outlives
 * the command that started it to race the next one on build/ and the cache.
 */
export function runWatched(command: string, args: string[], options: WatchdogOptions): Promise<number> {
  const stallMs = 1000 * (options.stallSeconds ?? seconds(process.env.BUILD_STALL_SECONDS, 300));
  const limitMs = 1000 * (options.timeLimitSeconds ?? seconds(process.env.BUILD_TIME_LIMIT_SECONDS, 1800));
  const minCpuSeconds = (MIN_CPU_SHARE * stallMs) / 1000;
  const graceMs = options.killGraceMs ?? KILL_GRACE_MS;
  const cpuSeconds = options.cpuSeconds ?? groupCpuSeconds;
  // The handlers come first: a signal that arrives while the command starts must still reach its group.
  const group: {id?: number} = {};
  const onSignal = (signal: keyof typeof SIGNAL_EXIT_CODES) => {
    void (group.id === undefined ? Promise.resolve() : stopGroup(group.id, graceMs)).then(() => process.exit(SIGNAL_EXIT_CODES[signal]));
  };
  const onExit = () => group.id !== undefined && signalGroup(group.id, 'SIGKILL');
  const signals = Object.keys(SIGNAL_EXIT_CODES) as (keyof typeof SIGNAL_EXIT_CODES)[];
  for (const signal of signals) process.once(signal, onSignal);
  process.once('exit', onExit);
  const release = () => {
    for (const signal of signals) process.removeListener(signal, onSignal);
    process.removeListener('exit', onExit);
  };

  const child = spawn(command, args, {cwd: options.cwd, env: options.env, stdio: options.stdio ?? 'inherit', detached: true});
  group.id = child.pid;
  const groupId = child.pid;
  const started = Date.now();
  let lastProgressAt = started;
  let cpuAtLastProgress = 0;
  let verdict: string | null = null;

  const timer = setInterval(
    () => {
      const now = Date.now();
      const cpu = groupId === undefined ? null : cpuSeconds(groupId);
      if (cpu !== null && cpu - cpuAtLastProgress >= minCpuSeconds) {
        lastProgressAt = now;
        cpuAtLastProgress = cpu;
      }
      if (verdict) return;
      if (cpu !== null && now - lastProgressAt > stallMs) {
        verdict =
          `\`${[command, ...args].join(' ')}\` made no progress for ${formatSeconds(stallMs)} ` +
          `(its processes used under ${minCpuSeconds.toFixed(1)} s of CPU time) and was stopped.\n${options.stallAdvice}`;
      } else if (now - started > limitMs) {
        verdict = `\`${[command, ...args].join(' ')}\` ran longer than ${formatSeconds(limitMs)} and was stopped.\n${options.stallAdvice}`;
      }
      if (verdict && groupId !== undefined) void stopGroup(groupId, graceMs);
    },
    Math.min(CHECK_EVERY_MS, stallMs / 4, limitMs / 4),
  );

  return new Promise((resolve, reject) => {
    child.once('error', (error) => {
      clearInterval(timer);
      release();
      reject(error);
    });
    child.once('exit', (code, signal) => {
      clearInterval(timer);
      release();
      // Whatever the command left behind in its group goes with it.
      signalGroup(groupId!, 'SIGKILL');
      if (verdict) reject(new StalledError(verdict));
      else resolve(code ?? (signal ? 128 : 1));
    });
  });
}

/** What to delete when a site's build stalls: its Rspack persistent cache and generated files. */
export function stallAdviceFor(siteDir: string): string {
  const relative = (dir: string) => path.relative(process.cwd(), path.join(siteDir, dir)) || '.';
  const cache = relative('node_modules/.cache');
  const generated = relative('.docusaurus');
  return [
    'A damaged Rspack persistent cache is a known cause. Delete it and the generated files, then build again:',
    `  rm -rf ${cache} ${generated}`,
    'If it happens again, build without the persistent cache: DOCUSAURUS_NO_PERSISTENT_CACHE=1 npm run build',
  ].join('\n');
}

/** The options of `docusaurus build` that take a value. */
const VALUE_OPTIONS = new Set(['--out-dir', '--config', '--locale', '-l']);

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The site directory of `docusaurus build <args>`: the first argument that is not an option. */
function siteDirOf(args: string[], cwd = REPO_ROOT): string {
  const siteArg = args.find((arg, i) => !arg.startsWith('-') && !VALUE_OPTIONS.has(args[i - 1]));
  return path.resolve(cwd, siteArg ?? '.');
}

/** `docusaurus build <args>` under the watchdog. */
export function watchedDocusaurusBuild(args: string[], options: Partial<WatchdogOptions> = {}): Promise<number> {
  const cwd = options.cwd ?? REPO_ROOT;
  return runWatched('npx', ['docusaurus', 'build', ...args], {stallAdvice: stallAdviceFor(siteDirOf(args, cwd)), ...options, cwd});
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  watchedDocusaurusBuild(args).then(
    (code) => {
      // Killed by a signal (128 + n): an abort or a crash, not a build error. A damaged Rspack
      // persistent cache ends in a Rust panic ("rspack_storage ... scope not loaded") and SIGABRT.
      if (code > 128) console.error(`\n[build] The build crashed (exit code ${code}).\n${stallAdviceFor(siteDirOf(args))}`);
      process.exit(code);
    },
    (error: unknown) => {
      console.error(`\n[build] ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
