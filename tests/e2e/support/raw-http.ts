/**
 * HTTP/1.1 over a plain socket: the request line goes out byte for byte as
 * written (no client normalises or re-encodes the path), and the response head
 * comes back as raw bytes, so a stray CR inside a header is seen as nginx sent it.
 */
import net from 'node:net';

export type RawResponse = {
  status: number;
  /** The response head exactly as received, latin1-decoded (one char per byte). */
  head: string;
  /** Header lines split on CRLF only; a bare CR or LF stays inside its line. */
  headerLines: string[];
  body: string;
  header: (name: string) => string | undefined;
};

export type RawOptions = {
  /** Extra header lines, without the CRLF. */
  headers?: string[];
  /** Bind the client to this loopback address (127.0.0.2, ...) to act as another reader. */
  localAddress?: string;
  timeoutMs?: number;
};

/** Sends `GET <target> HTTP/1.1` with `Connection: close` and reads the whole answer. */
export function rawGet(base: string, target: string, options: RawOptions = {}): Promise<RawResponse> {
  const {hostname, port} = new URL(base);
  const lines = [`GET ${target} HTTP/1.1`, `Host: ${hostname}`, 'Connection: close', ...(options.headers ?? [])];
  return new Promise((resolve, reject) => {
    const socket = net.connect({host: hostname, port: Number(port), localAddress: options.localAddress});
    const chunks: Buffer[] = [];
    socket.setTimeout(options.timeoutMs ?? 10_000, () => socket.destroy(new Error(`no answer to GET ${target.slice(0, 80)}`)));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => resolve(parseResponse(Buffer.concat(chunks).toString('latin1'))));
    socket.write(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  });
}

export function parseResponse(text: string): RawResponse {
  const end = text.indexOf('\r\n\r\n');
  const head = end >= 0 ? text.slice(0, end) : text;
  const [statusLine, ...headerLines] = head.split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? NaN);
  return {
    status,
    head,
    headerLines,
    body: end >= 0 ? text.slice(end + 4) : '',
    header: (name) => {
      const prefix = `${name.toLowerCase()}:`;
      const line = headerLines.find((l) => l.toLowerCase().startsWith(prefix));
      return line?.slice(prefix.length).trim();
    },
  };
}
