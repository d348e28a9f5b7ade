/**
 * The webhooks guide's Python receiver, run as a reader runs it: the three scripts are taken from
 * docs/using-tower/webhooks.md exactly as published, the receiver serves on a free port, the sender's
 * output must equal the output the page shows, and find_layout.py must name the layout of a delivery
 * signed in another way (and fail for a key that signed nothing).
 */
import assert from 'node:assert/strict';
import {execFile, spawn, type ChildProcess} from 'node:child_process';
import {createHmac, randomBytes} from 'node:crypto';
import {mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';
import {fileURLToPath} from 'node:url';
import {scanMarkdown, type CodeBlock} from '../../scripts/samples/extract-blocks';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PAGE = 'docs/using-tower/webhooks.md';
const blocks = scanMarkdown(readFileSync(path.join(REPO, PAGE), 'utf8')).blocks;

function titled(title: string): CodeBlock {
  const block = blocks.find((b) => b.attributes.get('title') === title);
  if (!block) throw new Error(`${PAGE} has no code block titled ${title}`);
  return block;
}

/** The first `text` block after the `bash` block whose last line is `command`: the output the page promises. */
function shownOutputOf(command: string): string {
  const run = blocks.findIndex((b) => b.lang === 'bash' && b.code.trim().split('\n').at(-1) === command);
  const output = blocks.slice(run + 1).find((b) => b.lang === 'text');
  if (run === -1 || !output) throw new Error(`${PAGE} does not show the output of "${command}"`);
  return output.code.trim();
}

const dir = mkdtempSync(path.join(tmpdir(), 'webhook-receiver-'));
for (const name of ['receiver.py', 'send_test_delivery.py', 'find_layout.py']) {
  writeFileSync(path.join(dir, name), titled(name).code);
}
const signingKey = randomBytes(32).toString('base64url');
let receiver: ChildProcess;
let url = '';
let receiverLog = '';

/** Runs a script of the page without blocking the event loop, so the receiver's output keeps arriving. */
function python(script: string, env: Record<string, string>, args: string[] = []) {
  return new Promise<{status: number; stdout: string; stderr: string}>((resolve) => {
    execFile('python3', [script, ...args], {cwd: dir, env: {...process.env, ...env}, timeout: 30_000}, (error, stdout, stderr) => {
      const status = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({status, stdout, stderr});
    });
  });
}

/** Waits until the receiver has logged something matching `pattern` (its output arrives asynchronously). */
async function receiverLogged(pattern: RegExp): Promise<void> {
  // A generous deadline: on a loaded machine the receiver's output can take seconds to arrive.
  const deadline = Date.now() + 30_000;
  while (!pattern.test(receiverLog)) {
    if (Date.now() > deadline) assert.fail(`the receiver never logged ${pattern}; its log:\n${receiverLog}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Sends one delivery signed like Tower might: HMAC-SHA512 over `message`, padded base64. */
async function deliver(body: string, timestamp: string, key: Buffer, message: string): Promise<number> {
  const signature = createHmac('sha512', key).update(message).digest('base64');
  const response = await fetch(url, {
    method: 'POST',
    body,
    headers: {'content-type': 'application/json', 'x-tower-signature': signature, 'x-tower-webhook-timestamp': timestamp},
  });
  await response.text();
  return response.status;
}

describe('webhooks guide: the Python receiver', () => {
  before(async () => {
    receiver = spawn('python3', ['receiver.py'], {
      cwd: dir,
      env: {...process.env, TOWER_WEBHOOK_SIGNING_KEY: signingKey, PORT: '0', CAPTURE_FILE: 'rejected-delivery.json'},
    });
    receiver.stderr!.on('data', (chunk) => (receiverLog += chunk));
    url = await new Promise<string>((resolve, reject) => {
      let out = '';
      receiver.stdout!.on('data', (chunk) => {
        out += chunk;
        receiverLog += chunk;
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (match) resolve(`${match[1]}/`);
      });
      receiver.on('exit', (code) => reject(new Error(`receiver.py exited with ${code}: ${receiverLog}`)));
    });
  });

  after(() => {
    receiver?.kill();
    rmSync(dir, {recursive: true, force: true});
  });

  test('send_test_delivery.py prints exactly the output the page shows', async () => {
    const run = await python('send_test_delivery.py', {TOWER_WEBHOOK_SIGNING_KEY: signingKey, RECEIVER_URL: url});
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout.trim(), shownOutputOf('python3 send_test_delivery.py'));
    await receiverLogged(/event: \{"note": "a test delivery signed on this machine"\}/);
    for (const reason of ['replay', 'signature does not match', 'more than five minutes away']) {
      await receiverLogged(new RegExp(`rejected: .*${reason}`));
    }
  });

  test('requests without headers, with a bad timestamp or a non-base64 signature are refused', async () => {
    assert.equal((await fetch(url, {method: 'POST', body: '{}'})).status, 401);
    const now = String(Date.now());
    assert.equal(await deliver('{}', 'yesterday', Buffer.from(signingKey), `yesterday.{}`), 401);
    const broken = await fetch(url, {method: 'POST', body: '{}', headers: {'x-tower-signature': '%%%', 'x-tower-webhook-timestamp': now}});
    assert.equal(broken.status, 401);
    // A correctly signed body that is not JSON is refused after the signature check.
    assert.equal(await deliver('not json', now, Buffer.from(signingKey), `${now}.not json`), 400);
  });

  test('a delivery signed in another layout is rejected, captured, and identified by find_layout.py', async () => {
    const timestamp = String(Date.now());
    const body = '{"event": "run.finished"}';
    // Another plausible layout: body then timestamp, with the key base64-decoded.
    const status = await deliver(body, timestamp, Buffer.from(signingKey, 'base64url'), body + timestamp);
    assert.equal(status, 401, 'the receiver must not accept a layout it was not told to use');
    assert.ok(existsSync(path.join(dir, 'rejected-delivery.json')));

    // A key whose base64 text has '+' and '/' is valid only as plain base64. A random key may have
    // neither, and then it decodes to the same bytes in both encodings and both formats match.
    const plainKey = Buffer.alloc(32, 0xfb).toString('base64');
    assert.match(plainKey, /\+/);
    writeFileSync(
      path.join(dir, 'real-delivery.json'),
      JSON.stringify({
        signature: createHmac('sha512', Buffer.from(plainKey, 'base64'))
          .update(body + timestamp)
          .digest('base64'),
        timestamp,
        body: Buffer.from(body).toString('base64'),
      }),
    );
    const found = await python('find_layout.py', {TOWER_WEBHOOK_SIGNING_KEY: plainKey}, ['real-delivery.json']);
    assert.equal(found.status, 0, found.stderr);
    assert.equal(found.stdout.trim(), 'match: TOWER_WEBHOOK_LAYOUT=body+timestamp TOWER_WEBHOOK_KEY_FORMAT=base64');

    const wrongKey = await python('find_layout.py', {TOWER_WEBHOOK_SIGNING_KEY: 'not-the-key'}, ['real-delivery.json']);
    assert.equal(wrongKey.status, 1);
    assert.match(wrongKey.stderr, /No known layout matches/);
  });

  test('the receiver refuses to start without a key or with an unknown layout', async () => {
    const noKey = await python('receiver.py', {TOWER_WEBHOOK_SIGNING_KEY: ''});
    assert.notEqual(noKey.status, 0);
    assert.match(noKey.stderr, /Set TOWER_WEBHOOK_SIGNING_KEY/);
    const badLayout = await python('receiver.py', {TOWER_WEBHOOK_SIGNING_KEY: signingKey, TOWER_WEBHOOK_LAYOUT: 'guess'});
    assert.notEqual(badLayout.status, 0);
    assert.match(badLayout.stderr, /Unknown TOWER_WEBHOOK_LAYOUT/);
  });
});
