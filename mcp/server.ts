/**
 * `npm run mcp`: the docs MCP server, over a production build of the site.
 *
 *   npm run --silent mcp                          # stdio, over build/
 *   npm run --silent mcp -- --build path/to/build # stdio, over another build
 *   npm run mcp -- --http --port 8787             # Streamable HTTP on 127.0.0.1:8787/mcp
 *
 * HTTP options: --host <address> (default 127.0.0.1), --allowed-host <host:port>
 * and --allowed-origin <origin> (repeatable). Under stdio, stdout carries the
 * protocol only: npm's own banner would break it, hence `--silent` there.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {StdioServerTransport} from '@modelcontextprotocol/sdk/server/stdio.js';
import {MCP_PATH, startHttp} from './http';
import {DEFAULT_BUILD_DIR, LibraryError, loadLibrary, REPO_ROOT} from './library';
import {createDocsServer} from './tools';

export type ServerArgs = {
  buildDir: string;
  http: boolean;
  port: number;
  host: string;
  allowedHosts: string[];
  allowedOrigins: string[];
};

export class UsageError extends Error {}

const USAGE = 'usage: npm run mcp -- [--build <dir>] [--http [--port <n>] [--host <address>] [--allowed-host <host:port>]... [--allowed-origin <origin>]...]';

export function parseArgs(argv: string[]): ServerArgs {
  const args: ServerArgs = {buildDir: DEFAULT_BUILD_DIR, http: false, port: 8787, host: '127.0.0.1', allowedHosts: [], allowedOrigins: []};
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = (): string => {
      const next = argv[++i];
      if (next === undefined || next.startsWith('--')) throw new UsageError(`${flag} needs a value\n${USAGE}`);
      return next;
    };
    if (flag === '--build') args.buildDir = path.resolve(value());
    else if (flag === '--http') args.http = true;
    else if (flag === '--port') {
      const text = value();
      const port = Number(text);
      if (!/^\d+$/.test(text) || port > 65535) throw new UsageError(`--port must be a number from 0 to 65535, not "${text}"`);
      args.port = port;
    } else if (flag === '--host') args.host = value();
    else if (flag === '--allowed-host') args.allowedHosts.push(value());
    else if (flag === '--allowed-origin') args.allowedOrigins.push(value());
    else throw new UsageError(`unknown option ${flag}\n${USAGE}`);
  }
  const httpOnly = argv.find((flag) => ['--port', '--host', '--allowed-host', '--allowed-origin'].includes(flag));
  if (httpOnly && !args.http) throw new UsageError(`${httpOnly} applies to --http only\n${USAGE}`);
  return args;
}

function packageVersion(): string {
  return (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {version: string}).version;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const library = loadLibrary({buildDir: args.buildDir});
  const version = packageVersion();
  if (args.http) {
    const server = await startHttp(library, {...args, version});
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : args.port;
    const host = args.host.includes(':') ? `[${args.host}]` : args.host;
    console.log(`Tower docs MCP server (Streamable HTTP, stateless) on http://${host}:${port}${MCP_PATH}, over ${library.buildDir}`);
    const stop = () => server.close(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    return;
  }
  const server = createDocsServer(library, version);
  await server.connect(new StdioServerTransport());
  // stderr: stdout belongs to the protocol.
  console.error(`Tower docs MCP server on stdio, over ${library.buildDir}`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    const known = error instanceof UsageError || error instanceof LibraryError;
    console.error(known ? `mcp: ${(error as Error).message}` : error);
    process.exit(known ? 2 : 1);
  });
}
