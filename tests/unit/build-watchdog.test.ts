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

describe('the build watchdog', {skip: !existsSync('/proc/self/stat') && 'needs /proc'}, () => {
  test('stops a command that stops using the CPU, all its processes, and says what to delete', async () => {
    const pidFile = path.join(scratch, 'idle.pid');
    const [command, args] = idleTree(pidFile);
    const started = Date.now();
    await assert.rejects(runWatched(command, args, {stallSeconds: 2, stallAdvice: stallAdviceFor(REPO_ROOT), stdio: 'ignore'}), (error: unknown) => {
      assert.ok(error instanceof StalledError);
      assert.match(error.message, /made no progress for 2 s/);
      assert.match(error.message, /rm -rf node_modules\/\.cache \.docusaurus/);
      assert.match(error.message, /DOCUSAURUS_NO_PERSISTENT_CACHE=1/);
      return true;
    });
    const grandchild = Number(readFileSync(pidFile, 'utf8'));
    assert.equal(stillRunning(grandchild), false, 'the grandchild that ignored SIGTERM is gone too');
    assert.ok(Date.now() - started < 60_000);
  });

  test('lets a command that keeps working run past the stall window', async () => {
    // 2 s of CPU take at least two 1 s windows, more on a shared machine.
    const code = await runWatched(process.execPath, ['-e', burnCpu(2)], {
      stallSeconds: 1,
      stallAdvice: 'unused',
      stdio: 'ignore',
    });
    assert.equal(code, 0);
  });

  test('passes the exit code of a command that fails on its own', async () => {
    const code = await runWatched('bash', ['-c', 'exit 7'], {stallSeconds: 5, stallAdvice: 'unused', stdio: 'ignore'});
    assert.equal(code, 7);
  });

  test('stops a busy command at its overall time limit', async () => {
    await assert.rejects(
      runWatched(process.execPath, ['-e', 'while (true);'], {stallSeconds: 60, timeLimitSeconds: 2, stallAdvice: 'advice', stdio: 'ignore'}),
      /ran longer than 2 s and was stopped\.\nadvice/,
    );
  });

  test('counts the CPU time of a whole group, children it has reaped included', async () => {
    // A group whose leader has spent about 1 s of CPU in a child it has already waited for.
    const done = path.join(scratch, 'burnt');
    const leader = spawn('bash', ['-c', `${process.execPath} -e "${burnCpu(1)}"; echo > ${done}; sleep 600`], {detached: true, stdio: 'ignore'});
    try {
      while (!existsSync(done)) await new Promise((resolve) => setTimeout(resolve, 200));
      const cpu = groupCpuSeconds(leader.pid!);
      // At least the child's second of user time (its system time comes on top).
      assert.ok(cpu !== null && cpu >= 0.9, `group ${leader.pid} used ${cpu} s`);
    } finally {
      process.kill(-leader.pid!, 'SIGKILL');
    }
    const idle = spawn('sleep', ['600'], {detached: true, stdio: 'ignore'});
    try {
      assert.ok((groupCpuSeconds(idle.pid!) ?? 1) < 0.5, 'an idle group has used next to nothing');
    } finally {
      process.kill(-idle.pid!, 'SIGKILL');
    }
    assert.equal(groupCpuSeconds(2 ** 22 + 1), 0, 'a group with no processes has used nothing');
  });

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
    const result = spawnSync('bash', ['scripts/time-limit.sh', '2', command, ...args], {
      cwd: REPO_ROOT,
      env: {...process.env, TIME_LIMIT_GRACE: '2'},
      encoding: 'utf8',
    });
    assert.equal(result.status, 124);
    assert.match(result.stderr, /ran longer than 2 s: stopping it and every process it started/);
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
