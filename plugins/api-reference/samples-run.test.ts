/**
 * The curl and Python samples of every operation, run as a reader would run
 * them, against a local mock of the API that answers with the documented
 * response shapes: each success status an operation declares (so a 202 or 204
 * without a body is met too), with the example body the page shows. The mock
 * is node's own http server; it refuses what the real API would refuse
 * (another method or path, no credential, a missing required query parameter,
 * a body that does not match the request schema) and the test reports it.
 *
 * Python runs with httpx, which `pip install tower` installs. PyPI is out of
 * reach here, so the test looks for a python3 that imports httpx (Debian's
 * python3-httpx, which scripts/ensure-deps.sh installs) and fails, saying so,
 * when there is none.
 */
import assert from 'node:assert/strict';
import {spawn, spawnSync} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {createServer, type IncomingMessage, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';
import Ajv2020 from 'ajv/dist/2020';
import {loadApiModel, type ApiModel, type Operation, type Response} from './model';
import {codeSamples, mediaExample, streamExample} from './samples';
import {SPEC_PATH} from './sidebar';

let model: ApiModel;
let server: Server;
let base: string;
/** An empty folder: the certificate store of the samples (see sampleEnv). */
let noCertificates: string;
/** What the mock answers next: the operation it expects and the status it answers with. */
let expected: {operation: Operation; status: string} | undefined;
const refused: string[] = [];

type Answer = {status: number; contentType?: string; body: string};

/** The answer of a success status, as the page documents it. A 204 or 205 never has a body. */
function answerOf(operation: Operation, response: Response): Answer {
  const status = Number(response.status);
  const media = response.content[0];
  if (!media || status === 204 || status === 205) return {status, body: ''};
  const fresh = response.status === '201' || /^create-/.test(operation.slug);
  if (media.mediaType === 'text/event-stream' && media.schema) return {status, contentType: media.mediaType, body: `${streamExample(media.schema)}\n\n`};
  const example = mediaExample(media, {direction: 'response', fresh});
  return {status, contentType: media.mediaType, body: JSON.stringify(example ?? null)};
}

function successes(operation: Operation): Response[] {
  return operation.responses.filter((response) => /^2\d\d$/.test(response.status));
}

const ajv = new Ajv2020({strict: false, validateFormats: false, allErrors: true});

/** Why the real API would refuse this request, or nothing. */
function refusal(operation: Operation, request: IncomingMessage, url: URL, body: Buffer): string[] {
  const problems: string[] = [];
  if (request.method !== operation.method) problems.push(`method ${request.method}, expected ${operation.method}`);
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = (new URL(operation.serverUrl).pathname + operation.path)
    .split(/\{[^}]+\}/)
    .map(escape)
    .join('[^/]+');
  const template = new RegExp(`^${pattern}$`);
  if (!template.test(url.pathname)) problems.push(`path ${url.pathname}, expected ${operation.path}`);
  if (operation.security.length && !request.headers['x-api-key'] && !request.headers.authorization) problems.push('no credential');
  for (const parameter of operation.parameters.filter((p) => p.required)) {
    if (parameter.in === 'query' && !url.searchParams.has(parameter.name)) problems.push(`no query parameter ${parameter.name}`);
    if (parameter.in === 'header' && request.headers[parameter.name.toLowerCase()] === undefined) problems.push(`no header ${parameter.name}`);
  }
  const requestBody = operation.requestBody;
  if (requestBody?.required && body.length === 0) problems.push('no body');
  if (body.length) {
    const type = String(request.headers['content-type'] ?? '').split(';')[0];
    const media = requestBody?.content.find((candidate) => candidate.mediaType === type);
    if (!media) problems.push(`a body of type "${type}", which the operation does not take`);
    else if (type.includes('json') && media.schema) {
      let value: unknown;
      try {
        value = JSON.parse(body.toString('utf8'));
      } catch {
        problems.push('a body that is not JSON');
      }
      const validate = ajv.compile(media.schema.json);
      if (value !== undefined && !validate(value)) problems.push(`a body the schema refuses: ${ajv.errorsText(validate.errors)}`);
    }
  }
  return problems;
}

before(async () => {
  noCertificates = mkdtempSync(path.join(tmpdir(), 'no-certificates-'));
  model = await loadApiModel(SPEC_PATH);
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://mock');
      if (url.pathname === '/__next') {
        const operation = model.operations.find((candidate) => candidate.id === url.searchParams.get('operation'));
        expected = operation ? {operation, status: url.searchParams.get('status') ?? ''} : undefined;
        response.writeHead(operation ? 204 : 404).end();
        return;
      }
      if (!expected) {
        refused.push(`${request.method} ${url.pathname}: no sample was announced`);
        response.writeHead(500).end();
        return;
      }
      const {operation, status} = expected;
      const problems = refusal(operation, request, url, Buffer.concat(chunks));
      if (problems.length) {
        refused.push(`${operation.id}: ${problems.join('; ')}`);
        response.writeHead(422, {'content-type': 'application/problem+json'}).end(JSON.stringify({title: 'Refused by the mock', detail: problems.join('; ')}));
        return;
      }
      const answer = answerOf(
        operation,
        operation.responses.find((candidate) => candidate.status === status)!,
      );
      response.writeHead(answer.status, answer.contentType ? {'content-type': answer.contentType} : {}).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(noCertificates, {recursive: true, force: true});
});

/** The sample as the reader runs it, pointed at the mock instead of the API. */
function local(code: string): string {
  return code.split(model.serverUrl).join(`${base}${new URL(model.serverUrl).pathname}`);
}

/** A python3 that imports httpx: the one on the PATH, else Debian's. */
function pythonWithHttpx(): string | undefined {
  return ['python3', '/usr/bin/python3'].find((python) => spawnSync(python, ['-c', 'import httpx'], {stdio: 'ignore'}).status === 0);
}

/**
 * Environment of a sample run: credentials to read, no proxy between the sample and the mock, and
 * an empty certificate folder instead of the system's bundle. The mock speaks plain HTTP, so no
 * certificate is ever checked, but each httpx call builds a TLS context and would load the whole
 * bundle named by SSL_CERT_FILE for it (about 20 ms of CPU per sample).
 */
function sampleEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    TOWER_API_KEY: 'sk-test-key',
    TOWER_JWT: 'test-jwt',
    NO_PROXY: '127.0.0.1',
    no_proxy: '127.0.0.1',
    SSL_CERT_DIR: noCertificates,
  };
  for (const name of ['HTTP_PROXY', 'HTTPS_PROXY', 'ALL_PROXY', 'http_proxy', 'https_proxy', 'all_proxy', 'SSL_CERT_FILE']) delete env[name];
  return env;
}

function run(command: string, args: string[], input: string): Promise<{code: number | null; stdout: string; stderr: string}> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {env: sampleEnv(), stdio: ['pipe', 'pipe', 'pipe']});
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({code, stdout, stderr}));
    child.stdin.end(input);
  });
}

/**
 * Runs each case in one python3 process, each in a fresh namespace, after
 * telling the mock what to expect. Prints one JSON result per case.
 */
const RUNNER = String.raw`
import contextlib, io, json, sys, traceback, urllib.request
results = []
for case in json.load(sys.stdin):
    urllib.request.urlopen(urllib.request.Request(case["announce"], method="POST")).read()
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(case["code"], case["name"], "exec"), {"__name__": "__main__"})
        error = None
    except BaseException as caught:
        error = "".join(traceback.format_exception_only(type(caught), caught)).strip()
    expect = case["expect"]
    if expect["kind"] == "json":
        wanted = repr(json.loads(expect["body"]))
    elif expect["kind"] == "stream":
        wanted = "\n".join(line for line in expect["body"].splitlines() if line)
    else:
        wanted = str(expect["status"])
    results.append({"name": case["name"], "error": error, "printed": out.getvalue().strip(), "wanted": wanted})
json.dump(results, sys.stdout)
`;

type Case = {operation: Operation; response: Response; answer: Answer};

function cases(): Case[] {
  return model.operations.flatMap((operation) => successes(operation).map((response) => ({operation, response, answer: answerOf(operation, response)})));
}

function announce(item: Case): string {
  return `${base}/__next?operation=${encodeURIComponent(item.operation.id)}&status=${item.response.status}`;
}

describe('the samples against a mock of the API', () => {
  test('every Python sample runs with httpx, sends what the API takes and prints what each documented success answers', async () => {
    const python = pythonWithHttpx();
    assert.ok(python, "no python3 here imports httpx: install Debian's python3-httpx (bash scripts/ensure-deps.sh does)");
    refused.length = 0;
    const all = cases();
    assert.ok(
      all.some((item) => item.answer.body === '' && item.answer.status === 202),
      'a 202 without a body is among the cases',
    );
    const input = all.map((item) => {
      const code = codeSamples(item.operation).find((sample) => sample.kind === 'python')!.code;
      const stream = item.answer.contentType === 'text/event-stream';
      const kind = item.answer.body === '' ? 'status' : stream ? 'stream' : 'json';
      return {
        name: `${item.operation.id} (${item.response.status})`,
        announce: announce(item),
        code: local(code),
        expect: {kind, status: item.answer.status, body: item.answer.body},
      };
    });
    const {code, stdout, stderr} = await run(python!, ['-c', RUNNER], JSON.stringify(input));
    assert.equal(code, 0, stderr);
    const results = JSON.parse(stdout) as {name: string; error: string | null; printed: string; wanted: string}[];
    assert.equal(results.length, all.length);
    const problems = results
      .filter((result) => result.error || result.printed !== result.wanted)
      .map((result) => `${result.name}: ${result.error ?? `printed ${result.printed.slice(0, 120)}`}`);
    assert.deepEqual(problems, []);
    assert.deepEqual(refused, []);
  });

  test('every curl sample sends what the API takes and receives the documented answer', async () => {
    refused.length = 0;
    const problems: string[] = [];
    for (const item of cases()) {
      await fetch(announce(item), {method: 'POST'});
      const code = local(codeSamples(item.operation).find((sample) => sample.kind === 'curl')!.code);
      // --silent keeps the progress meter out of what the sample prints.
      const result = await run('bash', ['-c', code.replace(/^curl /, 'curl --silent --show-error ')], '');
      const name = `${item.operation.id} (${item.response.status})`;
      if (result.code !== 0) problems.push(`${name}: exit ${result.code} ${result.stderr.trim()}`);
      else if (
        item.answer.contentType?.includes('json') ? JSON.stringify(JSON.parse(result.stdout)) !== item.answer.body : result.stdout !== item.answer.body
      ) {
        problems.push(`${name}: received ${result.stdout.slice(0, 120)}`);
      }
    }
    assert.deepEqual(problems, []);
    assert.deepEqual(refused, []);
  });

  test('the mock refuses what the API would refuse, so a broken sample cannot pass', async () => {
    const operation = model.operations.find((candidate) => candidate.id === 'run-app')!;
    const response = operation.responses.find((candidate) => candidate.status === '201')!;
    refused.length = 0;
    await fetch(announce({operation, response, answer: answerOf(operation, response)}), {method: 'POST'});
    const bogus = await fetch(`${base}/v1/apps/my-app/runs`, {
      method: 'POST',
      headers: {'x-api-key': 'k', 'content-type': 'application/json'},
      body: '{"environment": 7}',
    });
    assert.equal(bogus.status, 422);
    assert.equal(refused.length, 1);
    assert.match(refused[0], /^run-app: a body the schema refuses: /);
    assert.match(refused[0], /environment must be string/);
    assert.match(refused[0], /required property 'parameters'/);
    refused.length = 0;
  });
});
