/**
 * Starts one nginx for the built site and runs every browser test file
 * against it (BASE_URL).
 */
import {spawnSync} from 'node:child_process';
import {readdirSync} from 'node:fs';
import path from 'node:path';
import {REPO_ROOT} from '../lib/paths';
import {startNginx} from './serve-nginx';

/**
 * Two files at a time on this 2-core machine. A file still running after FILE_LIMIT_S fails,
 * named, and the other files still run: whether a test hangs or the file's process never ends
 * (a server it started still holds one of its pipes). The longest file takes about 2.5 minutes
 * here. No --test-force-exit: it would pass a file that leaks a process, and it can cut the
 * report of a failing file short (nodejs/node#54327).
 */
const FILE_LIMIT_S = 900;
const RUNNER_FLAGS = ['--test-concurrency=2', `--test-timeout=${FILE_LIMIT_S * 1000}`, '--test-reporter=spec'];

async function main(): Promise<void> {
  const server = await startNginx();
  let status = 1;
  try {
    const dir = path.join(REPO_ROOT, 'tests', 'e2e');
    const only = process.argv.slice(2);
    const files = readdirSync(dir)
      .filter((file) => file.endsWith('.test.ts'))
      .filter((file) => only.length === 0 || only.some((name) => file.includes(name)))
      .map((file) => path.join(dir, file));
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', ...RUNNER_FLAGS, ...files], {
      stdio: 'inherit',
      env: {...process.env, BASE_URL: server.url},
    });
    status = result.status ?? 1;
  } finally {
    await server.stop();
  }
  process.exit(status);
}

void main();
