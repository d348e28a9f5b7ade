/**
 * The server's resources: its server card (the same as the site's
 * /.well-known/mcp/server-card.json), the llms files and every page's
 * Markdown twin, each with its size. A text longer than one answer holds (ANSWER_PART_CHARS) is
 * offered as parts, `<uri>?part=1` to `?part=n`, cut at its headings where it
 * can be; the list itself comes a page at a time, with a cursor.
 */
import {ErrorCode} from '@modelcontextprotocol/sdk/types.js';
import {serverCard} from '../plugins/mcp-discovery/documents';
import {LLMS_FILES, type DocsLibrary} from './library';
import {MarkdownText, type Part} from './twin';

/** The server card's resource (SEP-2127). */
export const SERVER_CARD_URI = 'mcp://server-card.json';

/** Longest text one answer carries: about 8,000 tokens of code-heavy Markdown (some 3 characters a token). */
export const ANSWER_PART_CHARS = 24_000;

/** Resources in one page of resources/list. */
export const RESOURCES_PER_PAGE = 50;

export type ResourceEntry = {uri: string; name: string; title: string; description: string; mimeType: string; size: number};

type Source = {uri: string; name: string; title: string; description: string; mimeType: string; text: MarkdownText};

/** A JSON-RPC error of the request itself (the protocol layer sends its code and message as they are). */
export function requestError(code: number, message: string): Error {
  return Object.assign(new Error(message), {code});
}

const partsCache = new WeakMap<MarkdownText, Part[]>();

/** A text's parts for resources, computed once. */
export function partsOf(text: MarkdownText): Part[] {
  let parts = partsCache.get(text);
  if (!parts) {
    parts = text.length <= ANSWER_PART_CHARS ? [{start: 0, end: text.length, text: text.text}] : text.parts(0, text.length, ANSWER_PART_CHARS);
    partsCache.set(text, parts);
  }
  return parts;
}

function sources(library: DocsLibrary, version: string): Source[] {
  const card = {
    uri: SERVER_CARD_URI,
    name: 'server-card.json',
    title: 'Server card',
    description: `This server's MCP Server Card (SEP-2127), as ${library.siteUrl}/.well-known/mcp/server-card.json serves it.`,
    mimeType: 'application/json',
    text: new MarkdownText(JSON.stringify(serverCard({siteUrl: library.siteUrl, version, cliVersion: library.cliVersion}), null, 2)),
  };
  const llms = LLMS_FILES.map(({file, description}) => ({
    uri: `${library.siteUrl}/${file}`,
    name: file,
    title: file,
    description,
    mimeType: 'text/plain',
    text: library.llmsFile(file),
  }));
  const pages = library.pages.map((page) => ({
    uri: page.markdownUrl,
    name: page.route,
    title: page.title,
    description: `The Markdown of ${page.url}.`,
    mimeType: 'text/markdown',
    text: library.twin(page.route),
  }));
  return [card, ...llms, ...pages];
}

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** The H1 headings a part holds, as "from X to Y" (the llms files put one page under each). */
function pagesIn(text: MarkdownText, part: Part): string {
  const titles = text.headings
    .filter((heading) => heading.level === 1 && heading.start >= part.start && heading.start < part.end)
    .map((heading) => heading.text);
  if (titles.length === 0) return '';
  return titles.length === 1 ? ` Holds "${titles[0]}".` : ` Holds "${titles[0]}" to "${titles.at(-1)}" (${titles.length} pages).`;
}

const catalogCache = new WeakMap<DocsLibrary, {sources: Source[]; entries: ResourceEntry[]}>();

/** Every resource, in order: the server card, the llms files, then the pages; long ones as their parts. */
function catalog(library: DocsLibrary, version: string): {sources: Source[]; entries: ResourceEntry[]} {
  const cached = catalogCache.get(library);
  if (cached) return cached;
  const all = sources(library, version);
  const entries = all.flatMap((source): ResourceEntry[] => {
    const parts = partsOf(source.text);
    const {text, ...entry} = source;
    if (parts.length === 1) return [{...entry, size: bytes(text.text)}];
    const whole = `${bytes(text.text).toLocaleString('en-US')} bytes`;
    return parts.map((part, index) => ({
      ...entry,
      uri: `${source.uri}?part=${index + 1}`,
      title: `${source.title}, part ${index + 1} of ${parts.length}`,
      description: `${source.description} Part ${index + 1} of ${parts.length} of ${source.name} (${whole} in all).${pagesIn(text, part)}`,
      size: bytes(part.text),
    }));
  });
  const built = {sources: all, entries};
  catalogCache.set(library, built);
  return built;
}

/** Every resource the list offers, in order. */
export function resourceCatalog(library: DocsLibrary, version: string): ResourceEntry[] {
  return catalog(library, version).entries;
}

/** One page of the list; the cursor is where the next page starts. */
export function listResources(library: DocsLibrary, version: string, cursor: string | undefined): {resources: ResourceEntry[]; nextCursor?: string} {
  const entries = resourceCatalog(library, version);
  let from = 0;
  if (cursor !== undefined) {
    from = /^\d{1,6}$/.test(cursor) ? Number(cursor) : NaN;
    if (!(from > 0 && from < entries.length))
      throw requestError(ErrorCode.InvalidParams, `The cursor "${cursor.slice(0, 40)}" is not one this server gave: list again without a cursor.`);
  }
  const to = from + RESOURCES_PER_PAGE;
  return {resources: entries.slice(from, to), ...(to < entries.length ? {nextCursor: String(to)} : {})};
}

/** A resource's text, or a part of it; a text that comes in parts is read a part at a time. */
export function readResource(library: DocsLibrary, version: string, uri: string): {contents: Array<{uri: string; mimeType: string; text: string}>} {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw requestError(ErrorCode.InvalidParams, `"${uri.slice(0, 200)}" is not a URI.`);
  }
  const partParam = url.searchParams.get('part');
  const base = url.protocol === 'mcp:' ? uri.split('?')[0] : `${url.origin}${url.pathname}`;
  const source = catalog(library, version).sources.find((candidate) => candidate.uri === base);
  if (!source || url.hash || [...url.searchParams.keys()].some((key) => key !== 'part')) {
    const page = url.origin === library.siteUrl && url.pathname.startsWith('/docs/') ? library.lookupPage(url.pathname) : undefined;
    const hint = page && !page.ok ? ` ${page.message}` : ' resources/list gives the resources there are.';
    throw requestError(ErrorCode.InvalidParams, `There is no resource ${uri.slice(0, 200)}.${hint}`);
  }
  const parts = partsOf(source.text);
  const mimeType = source.mimeType;
  if (partParam === null) {
    if (parts.length === 1) return {contents: [{uri, mimeType, text: source.text.text}]};
    throw requestError(
      ErrorCode.InvalidParams,
      `${source.name} is ${source.text.length.toLocaleString('en-US')} characters, more than one answer carries: read it in ${parts.length} parts, ` +
        `${base}?part=1 to ${base}?part=${parts.length} (resources/list gives each part's size).`,
    );
  }
  const number = /^\d{1,4}$/.test(partParam) ? Number(partParam) : NaN;
  if (!(number >= 1 && number <= parts.length)) {
    throw requestError(
      ErrorCode.InvalidParams,
      `${source.name} has ${parts.length} part${parts.length === 1 ? '' : 's'}: part must be 1${parts.length > 1 ? ` to ${parts.length}` : ''}.`,
    );
  }
  return {contents: [{uri, mimeType, text: parts[number - 1].text}]};
}
