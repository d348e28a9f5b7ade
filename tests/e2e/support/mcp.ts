/**
 * The docs MCP server as its users start it, for the browser-side tests and
 * the benchmark: `npm run mcp` on stdio (through the SDK's own stdio client)
 * or over HTTP as a child process, plus the SDK client for either transport.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js';
import {StreamableHTTPClientTransport} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {REPO_ROOT} from '../../../scripts/nginx-conf';
import {freePort} from '../../../scripts/serve-nginx';

export type RunningMcp = {url: string; port: number; stop: () => Promise<void>};

/** `npm run mcp -- --http` on a free loopback port; resolves once it answers. */
export async function startMcpHttp(buildDir: string, extraArgs: string[] = []): Promise<RunningMcp> {
  const port = await freePort();
  const child: ChildProcess = spawn('npm', ['run', '--silent', 'mcp', '--', '--http', '--port', String(port), '--build', buildDir, ...extraArgs], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const url = `http://127.0.0.1:${port}/mcp`;
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the MCP server did not start within 120 s: ${output}`)), 120_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(url)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the MCP server exited with code ${code}: ${output}`));
    });
  });
  return {
    url,
    port,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // npm and the node process it started, as one process group.
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    },
  };
}

/** A client connected to `npm run --silent mcp` over stdio (the server exits when the client closes). */
export async function connectStdio(buildDir: string, name = 'tower-docs-tests'): Promise<Client> {
  const client = new Client({name, version: '1.0.0'});
  await client.connect(
    new StdioClientTransport({command: 'npm', args: ['run', '--silent', 'mcp', '--', '--build', buildDir], cwd: REPO_ROOT, stderr: 'ignore'}),
  );
  return client;
}

export async function connectHttp(url: string, name = 'tower-docs-tests'): Promise<Client> {
  const client = new Client({name, version: '1.0.0'});
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}
