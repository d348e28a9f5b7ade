/**
 * The guards that keep `npm run build` and `npm test` from hanging: the build
 * watchdog (scripts/build.ts) and the per-step time limit (scripts/time-limit.sh).
 * Each hang is staged with a real process tree, and the test checks that every
 * process of it is gone afterwards.
 */
import assert from 'node:assert/strict';
import {spawn, spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, describe, test} from 'node:test';
import {fileURLToPath} from 'node:url';
import {groupCpuSeconds, runWatched, StalledError, stallAdviceFor} from '../../scripts/build';

/** Node code that runs until it has used `seconds` of CPU time (wall time varies on a shared machine). */
const burnCpu = (seconds: number) => `while (process.cpuUsage().user < ${seconds * 1e6});`;

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const scratch = mkdtempSync(path.join(tmpdir(), 'tower-watchdog-'));
after(() => rmSync(scratch, {recursive: true, force: true}));

/** Whether `pid` still runs (a zombie does not) a moment after it was killed: SIGKILL lands asynchronously. */
function stillRunning(pid: number): boolean {
  const running = () => {
    try {
      return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      return false;
    }
  };
  const deadline = Date.now() + 3000;
  while (running() && Date.now() < deadline) spawnSync('sleep', ['0.1']);
  return running();
}

/**
 * A shell that starts a grandchild which ignores SIGTERM (as a process stuck
 * in native code does) and idles, writing the grandchild's pid to `pidFile`.
 */
function idleTree(pidFile: string): [string, string[]] {
  return ['bash', ['-c', `trap "" TERM; sleep 600 & echo $! > ${pidFile}; wait`]];
}

// The windows are fractions of a second: what a window means is the same at any length, and
// nothing here waits for wall time a loaded machine could stretch, except for CPU it must see used.
describe('the build watchdog', {skip: !existsSync('/proc/self/stat') && 'needs /proc'}, () => {
  test('stops a command that stops using the CPU, all its processes, and says what to delete', async () => {
    const pidFile = path.join(scratch, 'idle.pid');
    const [command, args] = idleTree(pidFile);
    await assert.rejects(
      runWatched(command, args, {stallSeconds: 0.5, killGraceMs: 200, stallAdvice: stallAdviceFor(REPO_ROOT), stdio: 'ignore'}),
      (error: unknown) => {
        assert.ok(error instanceof StalledError);
        assert.match(error.message, /made no progress for 0\.5 s/);
        assert.match(error.message, /rm -rf node_modules\/\.cache \.docusaurus/);
        assert.match(error.message, /DOCUSAURUS_NO_PERSISTENT_CACHE=1/);
        return true;
      },
    );
    const grandchild = Number(readFileSync(pidFile, 'utf8'));
    assert.equal(stillRunning(grandchild), false, 'the grandchild that ignored SIGTERM is gone too');
  });

  test('lets a command whose processes keep using CPU run past the stall window', async () => {
    // A stand-in for /proc that sees a tenth of a CPU second more at every check (the reading itself is tested below).
    let used = 0;
    const code = await runWatched('sleep', ['1'], {stallSeconds: 0.2, stallAdvice: 'unused', stdio: 'ignore', cpuSeconds: () => (used += 0.1)});
    assert.equal(code, 0);
  });

  test('passes the exit code of a command that fails on its own', async () => {
    const code = await runWatched('bash', ['-c', 'exit 7'], {stallSeconds: 5, stallAdvice: 'unused', stdio: 'ignore'});
    assert.equal(code, 7);
  });

  test('stops a busy command at its overall time limit', async () => {
    await assert.rejects(
      runWatched(process.execPath, ['-e', 'while (true);'], {
        stallSeconds: 60,
        timeLimitSeconds: 0.5,
        killGraceMs: 200,
        stallAdvice: 'advice',
        stdio: 'ignore',
      }),
      /ran longer than 0\.5 s and was stopped\.\nadvice/,
    );
  });

  test('counts the CPU time of a whole group, children it has reaped included', async () => {
    // A group whose leader has spent about 0.3 s of CPU in a child it has already waited for.
    const done = path.join(scratch, 'burnt');
    const leader = spawn('bash', ['-c', `${process.execPath} -e "${burnCpu(0.3)}"; echo > ${done}; sleep 600`], {detached: true, stdio: 'ignore'});
    try {
      while (!existsSync(done)) await new Promise((resolve) => setTimeout(resolve, 50));
      const cpu = groupCpuSeconds(leader.pid!);
      // At least the child's user time (its system time comes on top).
      assert.ok(cpu !== null && cpu >= 0.29, `group ${leader.pid} used ${cpu} s`);
    } finally {
      process.kill(-leader.pid!, 'SIGKILL');
    }
    const idle = spawn('sleep', ['600'], {detached: true, stdio: 'ignore'});
    try {
      assert.ok((groupCpuSeconds(idle.pid!) ?? 1) < 0.2, 'an idle group has used next to nothing');
    } finally {
      process.kill(-idle.pid!, 'SIGKILL');
    }
    assert.equal(groupCpuSeconds(2 ** 22 + 1), 0, 'a group with no processes has used nothing');
  });

  for (const signal of ['SIGHUP', 'SIGINT', 'SIGTERM'] as const) {
    test(`stops the whole group on ${signal}, so no build outlives the command that started it`, async () => {
      const pidFile = path.join(scratch, `${signal}.pid`);
      const [command, args] = idleTree(pidFile);
      const script = `const {runWatched} = require(${JSON.stringify(path.join(REPO_ROOT, 'scripts/build.ts'))});
        void runWatched(${JSON.stringify(command)}, ${JSON.stringify(args)}, {stallAdvice: 'unused', stdio: 'ignore', killGraceMs: 200});`;
      const watcher = spawn(process.execPath, ['--import', 'tsx', '-e', script], {cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit']});
      const exited = new Promise<number | null>((resolve) => watcher.once('exit', (code) => resolve(code)));
      while (!existsSync(pidFile) || readFileSync(pidFile, 'utf8').trim() === '') {
        assert.equal(watcher.exitCode, null, 'the watcher ended before it started the command');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      watcher.kill(signal);
      const left = Number(readFileSync(pidFile, 'utf8'));
      try {
        assert.equal(await exited, {SIGHUP: 129, SIGINT: 130, SIGTERM: 143}[signal]);
        assert.equal(stillRunning(left), false, 'the process that ignored SIGTERM is gone');
      } finally {
        if (stillRunning(left)) process.kill(left, 'SIGKILL');
      }
    });
  }

  test('names the cache of the site being built', () => {
    assert.match(
      stallAdviceFor(path.join(REPO_ROOT, 'bench', 'vanilla-site')),
      /rm -rf \S*bench\/vanilla-site\/node_modules\/\.cache \S*bench\/vanilla-site\/\.docusaurus/,
    );
  });
});

describe('the time limit of a test step', () => {
  test('stops the step and every process it started, and exits 124', () => {
    const pidFile = path.join(scratch, 'step.pid');
    const [command, args] = idleTree(pidFile);
    const result = spawnSync('bash', ['scripts/time-limit.sh', '1', command, ...args], {
      cwd: REPO_ROOT,
      env: {...process.env, TIME_LIMIT_GRACE: '1'},
      encoding: 'utf8',
    });
    assert.equal(result.status, 124);
    assert.match(result.stderr, /ran longer than 1 s: stopping it and every process it started/);
    assert.equal(stillRunning(Number(readFileSync(pidFile, 'utf8'))), false, 'the grandchild that ignored SIGTERM is gone');
  });

  test("passes a finished step's exit code and output through", () => {
    const result = spawnSync('bash', ['scripts/time-limit.sh', '30', 'bash', '-c', 'echo checked; exit 3'], {cwd: REPO_ROOT, encoding: 'utf8'});
    assert.equal(result.status, 3);
    assert.equal(result.stdout, 'checked\n');
  });

  test('stops what a finished step left running in the background', () => {
    const pidFile = path.join(scratch, 'left.pid');
    const result = spawnSync('bash', ['scripts/time-limit.sh', '30', 'bash', '-c', `sleep 600 & echo $! > ${pidFile}`], {cwd: REPO_ROOT});
    assert.equal(result.status, 0);
    assert.equal(stillRunning(Number(readFileSync(pidFile, 'utf8'))), false);
  });
});
