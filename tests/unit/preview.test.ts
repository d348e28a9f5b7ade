/**
 * `npm run preview` (scripts/preview.sh) with its port taken fails at once, before the build,
 * instead of building for a minute and then exiting 0 (reliability review, N7). npm and npx are
 * stand-ins that record their calls, so no real build runs.
 */
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import net from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';
import {REPO_ROOT} from '../../lib/paths';

const stubs = mkdtempSync(path.join(tmpdir(), 'tower-preview-'));
const calls = path.join(stubs, 'calls');
after(() => rmSync(stubs, {recursive: true, force: true}));

before(() => {
  for (const name of ['npm', 'npx']) {
    writeFileSync(path.join(stubs, name), `#!/bin/sh\necho "${name} $*" >> "${calls}"\n`);
    chmodSync(path.join(stubs, name), 0o755);
  }
});

function preview(port: number): {status: number | null; stderr: string; calls: string[]} {
  writeFileSync(calls, '');
  const result = spawnSync('bash', ['scripts/preview.sh'], {
    cwd: REPO_ROOT,
    env: {...process.env, PATH: `${stubs}:${process.env.PATH}`, PORT: String(port), HOST: '127.0.0.1'},
    encoding: 'utf8',
    timeout: 60_000,
  });
  return {status: result.status, stderr: result.stderr, calls: readFileSync(calls, 'utf8').split('\n').filter(Boolean)};
}

describe('npm run preview', () => {
  test('fails before building when its port is taken, and says which port and what to do', async () => {
    const server = net.createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const {status, stderr, calls: made} = preview((server.address() as net.AddressInfo).port);
      assert.equal(status, 1);
      assert.match(stderr, /port \d+ on 127\.0\.0\.1 is in use: .*PORT=3001 npm run preview/);
      assert.deepEqual(made, [], 'nothing was built or served');
    } finally {
      server.close();
    }
  });

  test('builds and then serves on a free port', async () => {
    const probe = net.createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => probe.once('listening', resolve));
    const port = (probe.address() as net.AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const {status, calls: made} = preview(port);
    assert.equal(status, 0);
    // Before them, `npm ci` when the lock file is newer than node_modules (scripts/ensure-deps.sh).
    assert.deepEqual(made.slice(-2), ['npm run build', `npx docusaurus serve --port ${port} --host 127.0.0.1 --no-open`]);
  });
});
