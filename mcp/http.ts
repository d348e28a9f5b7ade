/**
 * The Streamable HTTP transport, stateless: every POST to /mcp gets a fresh
 * server and transport that end with the response, so nothing is kept from
 * one request to the next (no sessions, no event stream to resume). Bodies
 * are bounded, and requests naming another host (DNS rebinding) or coming
 * from a web page of another origin are refused before any MCP code runs.
 *
 * One request carries one JSON-RPC message: a batch (a JSON array) is
 * refused, as MCP dropped batching in 2025-06-18. A batch multiplied one small
 * request into a hundred answers (82 MB for 100 reads of llms-api.txt), which
 * the per-request limits in front of the server could not see. Every refusal
 * is a JSON-RPC error, so a client can tell it from an answer.
 */
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';
import {StreamableHTTPServerTransport} from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {DOCS_MCP} from '../src/constants';
import type {DocsLibrary} from './library';
import {createDocsServer} from './tools';

export const MCP_PATH = DOCS_MCP.path;
/** Largest request body accepted; a maximal Towerfile (64 KiB) fits with room for JSON escaping. */
export const MAX_BODY_BYTES = 512 * 1024;

export type HttpOptions = {
  port: number;
  host: string;
  /** Host header values (host:port) accepted besides the address the server listens on. */
  allowedHosts?: string[];
  /** Origin header values accepted; requests without an Origin (every non-browser client) are always accepted. */
  allowedOrigins?: string[];
  version: string;
};

/** JSON-RPC error codes of the refusals below. */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const SERVER_ERROR = -32000;

/** A JSON-RPC error response that is not about any request id (the transport's own shape). */
function reject(response: ServerResponse, status: number, message: string, headers: Record<string, string> = {}, code = SERVER_ERROR): void {
  const body = JSON.stringify({jsonrpc: '2.0', error: {code, message}, id: null});
  response.writeHead(status, {'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), ...headers});
  response.end(body);
}

/** The body as text, or null once it passes `limit` bytes (a chunked body has no Content-Length to refuse it by). */
async function readBody(request: IncomingMessage, limit: number): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The Host values served: the listening address and loopback names with the
 * port, and the --allowed-host values, each compared whole (a name that only
 * contains an allowed one, such as localhost.attacker.example, is another host).
 */
function hostsFor(host: string, port: number, extra: string[]): Set<string> {
  const names = new Set([host, 'localhost', '127.0.0.1', '[::1]']);
  if (host.includes(':') && !host.startsWith('[')) names.add(`[${host}]`);
  return new Set([...[...names].map((name) => `${name}:${port}`), ...extra.map((name) => name.toLowerCase())]);
}

export function createHttpHandler(library: DocsLibrary, options: HttpOptions) {
  const hosts = hostsFor(options.host, options.port, options.allowedHosts ?? []);
  const origins = new Set(options.allowedOrigins ?? []);
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    response.setHeader('Cache-Control', 'no-store');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    const pathname = (request.url ?? '/').split('?')[0];
    if (pathname !== MCP_PATH) return reject(response, 404, `Not found: the MCP endpoint is POST ${MCP_PATH}`);
    if (!hosts.has((request.headers.host ?? '').toLowerCase())) {
      return reject(response, 403, `Host "${request.headers.host ?? ''}" is not served here (start the server with --allowed-host to add it)`);
    }
    const origin = request.headers.origin;
    if (origin !== undefined && !origins.has(origin)) return reject(response, 403, `Requests from web pages of ${origin} are not accepted`);
    if (request.method !== 'POST') {
      // Stateless: no event stream to open (GET) and no session to end (DELETE).
      return reject(response, 405, `Method not allowed: send MCP messages with POST ${MCP_PATH}`, {Allow: 'POST'});
    }
    const declared = Number(request.headers['content-length'] ?? NaN);
    if (declared > MAX_BODY_BYTES) return reject(response, 413, `Request body of ${declared} bytes is over the limit of ${MAX_BODY_BYTES}`);
    let body: string | null;
    try {
      body = await readBody(request, MAX_BODY_BYTES);
    } catch {
      // The client went away mid-body: nobody is left to answer.
      response.destroy();
      return;
    }
    if (body === null) return reject(response, 413, `Request body is over the limit of ${MAX_BODY_BYTES} bytes`);
    let message: unknown;
    try {
      message = JSON.parse(body);
    } catch {
      return reject(response, 400, 'Parse error: the body is not JSON', {}, PARSE_ERROR);
    }
    if (Array.isArray(message)) {
      return reject(
        response,
        400,
        'Batches are not accepted: send one JSON-RPC message per request (MCP removed batching in protocol version 2025-06-18)',
        {},
        INVALID_REQUEST,
      );
    }

    const server = createDocsServer(library, options.version);
    const transport = new StreamableHTTPServerTransport({sessionIdGenerator: undefined, enableJsonResponse: true, maxRequestBodySize: MAX_BODY_BYTES});
    response.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(request, response, message);
    } catch (error) {
      console.error(`[mcp] ${(error as Error).stack ?? error}`);
      if (!response.headersSent) reject(response, 500, 'Internal error');
    }
  };
}

/** Listens on host:port (port 0 picks a free one) and resolves once requests are served. */
export async function startHttp(library: DocsLibrary, options: HttpOptions): Promise<Server> {
  const server = createServer();
  // A slow or stalled client cannot hold a connection for long.
  server.headersTimeout = 10_000;
  server.requestTimeout = 15_000;
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const {port} = server.address() as AddressInfo;
  const handler = createHttpHandler(library, {...options, port});
  server.on('request', (request, response) => void handler(request, response));
  return server;
}
