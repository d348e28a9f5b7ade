/**
 * The one Markdown reader of the repository. Every tool that looks at a docs
 * page's source (the sample checker, the include fences, the Markdown twins
 * and llms files, the API pages' escaping, the development search index)
 * asks it for code fences, their attributes and the front matter, so they all
 * agree with each other and with the MDX compile on what is code.
 *
 * It parses with mdast-util-from-markdown, the parser under Docusaurus's own
 * MDX loader, with the same syntax extensions the site's pages are compiled
 * with: front matter, directives (`:::tip`, `::towerfile-checker`) and, for
 * `.mdx` sources, MDX. Positions are the source's own lines, front matter
 * included, so a message can name `page.md:line` exactly.
 */
import type {Code, Heading as MdastHeading, Node, Parent, Root} from 'mdast';
import {fromMarkdown} from 'mdast-util-from-markdown';
import {directiveFromMarkdown} from 'mdast-util-directive';
import {frontmatterFromMarkdown} from 'mdast-util-frontmatter';
import {mdxFromMarkdown} from 'mdast-util-mdx';
import {directive} from 'micromark-extension-directive';
import {frontmatter} from 'micromark-extension-frontmatter';
import {mdxjs} from 'micromark-extension-mdxjs';
import {parse as parseYaml, Parser as YamlParser, YAMLParseError} from 'yaml';

/** A source the reader cannot read. The message is `source:line: reason` (`source:line:column:` for front matter). */
export class MarkdownError extends Error {
  constructor(
    readonly sourceName: string,
    /** 1-based line of the source; undefined when the parser names none. */
    readonly line: number | undefined,
    readonly reason: string,
    column?: number,
  ) {
    super(`${sourceName}${line === undefined ? '' : `:${line}`}${column === undefined ? '' : `:${column}`}: ${reason}`);
  }
}

/** `key="value"` pairs of a fence's meta; a bare word such as `showLineNumbers` maps to `true`. */
export type FenceAttributes = Map<string, string | true>;

export type Fence = {
  /** The first word of the info string as written (`python`, `toml`); '' when the fence has none. */
  lang: string;
  /** The rest of the info string (the meta), trimmed. */
  meta: string;
  attributes: FenceAttributes;
  /** The block's text, exactly as a reader copies it: the fence's indentation removed, nothing else. */
  code: string;
  /** 1-based line of the opening fence. Content line k (1-based) is source line `line + k`. */
  line: number;
  /** 1-based line of the closing fence, or the last line the block reaches when it is never closed. */
  endLine: number;
  closed: boolean;
  /** What stands before the fence on its opening line: indentation, a list marker, `> `. */
  prefix: string;
  /** The opening run of backticks or tildes. */
  marker: string;
};

export type Heading = {
  /** 1 to 6. */
  level: number;
  /** The heading's source text, inline markup kept, a trailing `{#custom-id}` removed. */
  text: string;
  /** The `{#custom-id}`, when the heading has one. */
  id?: string;
  /** 1-based line. */
  line: number;
};

export type MarkdownDocument = {
  /** The source's lines (a byte-order mark removed; `\r\n` and `\n` both end a line). */
  lines: string[];
  /** The front matter's YAML, parsed; {} when there is none. */
  frontMatter: Record<string, unknown>;
  /** 1-based line where the body starts: 1, or the line after the front matter's closing `---`. */
  bodyLine: number;
  /** Fenced code blocks in source order, wherever they are (lists, quotes, admonitions, JSX). */
  fences: Fence[];
  /** 1-based lines of indented code blocks (four spaces, no fence), which have no language. */
  indentedCode: number[];
  headings: Heading[];
  /** The syntax tree, for tools that need more than fences and headings. */
  tree: Root;
};

export type ReadOptions = {
  /** Parse as MDX (JSX, `import`/`export`, `{expressions}`), as Docusaurus does for `.mdx` files. */
  mdx?: boolean;
  /** Names the source in error messages, such as `docs/guide.md`. */
  sourceName?: string;
  /** Whether a leading `---` block is front matter (a page), or a thematic break (a piece of Markdown, such as a description). Default true. */
  frontMatter?: boolean;
};

/** Whether Docusaurus compiles a file of this name as MDX (the site's `markdown.format` is `detect`). */
export function isMdxFile(file: string): boolean {
  return /\.mdx$/i.test(file);
}

/** The syntax extensions of a docs page, as the site's MDX loader has them. */
function syntax(options: ReadOptions) {
  const extensions = [directive(), ...(options.mdx ? [mdxjs()] : [])];
  const mdastExtensions = [directiveFromMarkdown(), ...(options.mdx ? [mdxFromMarkdown()] : [])];
  if (options.frontMatter === false) return {extensions, mdastExtensions};
  return {extensions: [frontmatter(['yaml']), ...extensions], mdastExtensions: [frontmatterFromMarkdown(['yaml']), ...mdastExtensions]};
}

/** Reads a Markdown (or MDX) source. Throws MarkdownError on MDX that does not parse and on front matter that is not YAML. */
export function readMarkdown(source: string, options: ReadOptions = {}): MarkdownDocument {
  const text = source.replace(/^\uFEFF/, '');
  const name = options.sourceName ?? 'source';
  let tree: Root;
  try {
    tree = fromMarkdown(text, syntax(options));
  } catch (error) {
    const place = (error as {place?: {line?: number; start?: {line?: number}}}).place;
    const line = place?.line ?? place?.start?.line;
    throw new MarkdownError(name, line, `${options.mdx ? 'MDX' : 'Markdown'} does not parse (${(error as Error).message})`);
  }
  const lines = text.split(/\r?\n/);
  const document: MarkdownDocument = {lines, frontMatter: {}, bodyLine: 1, fences: [], indentedCode: [], headings: [], tree};

  const first = tree.children[0];
  if (first?.type === 'yaml' && first.position) {
    document.frontMatter = parseFrontMatter(first.value, name);
    document.bodyLine = first.position.end.line + 1;
  }
  visit(tree, (node) => {
    if (node.type === 'code') {
      const fence = fenceOf(node as Code, lines);
      if (fence) document.fences.push(fence);
      else document.indentedCode.push(node.position!.start.line);
    } else if (node.type === 'heading') {
      document.headings.push(headingOf(node as MdastHeading, text));
    }
  });
  return document;
}

/**
 * The front matter alone, for a tool that needs nothing else of a long page (a link's title):
 * `readMarkdown(source).frontMatter` without parsing the body. Only the lines up to the first line
 * that can close the front matter are parsed. Throws MarkdownError as readMarkdown does.
 */
export function readFrontMatter(source: string, options: Pick<ReadOptions, 'sourceName'> = {}): Record<string, unknown> {
  const lines = source.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines[0]?.trimEnd() !== '---') return {};
  const closing = lines.findIndex((line, index) => index > 0 && line.trimEnd() === '---');
  if (closing === -1) return {};
  return readMarkdown(lines.slice(0, closing + 1).join('\n'), options).frontMatter;
}

/** Calls `enter` with every node of a tree, in source order. */
export function visit(node: Node, enter: (node: Node) => void): void {
  enter(node);
  for (const child of (node as Parent).children ?? []) visit(child, enter);
}

function fenceOf(node: Code, lines: string[]): Fence | undefined {
  const {start, end} = node.position!;
  const opening = lines[start.line - 1];
  const prefix = opening.slice(0, start.column - 1);
  const marker = /^(`{3,}|~{3,})/.exec(opening.slice(start.column - 1))?.[1];
  if (!marker) return undefined;
  const meta = (node.meta ?? '').trim();
  const closed = end.line > start.line && isClosingFence(lines[end.line - 1].slice(0, end.column - 1), marker);
  return {
    lang: node.lang ?? '',
    meta,
    attributes: parseFenceMeta(meta).attributes,
    code: node.value,
    line: start.line,
    // A block cut off by the end of its container ends at the start of the container's next line.
    endLine: !closed && end.column === 1 && end.line > start.line ? end.line - 1 : end.line,
    closed,
    prefix,
    marker,
  };
}

/** Whether the text of a block's last line (up to where the block ends) is a fence that closes `marker`. */
function isClosingFence(text: string, marker: string): boolean {
  const match = /^[ \t>]*(`{3,}|~{3,})[ \t]*$/.exec(text);
  return match !== null && match[1][0] === marker[0] && match[1].length >= marker.length;
}

const HEADING_ID = /[ \t]*\{#([^}]*)\}[ \t]*$/;

function headingOf(node: MdastHeading, text: string): Heading {
  const children = node.children;
  const raw = children.length === 0 ? '' : text.slice(children[0].position!.start.offset, children[children.length - 1].position!.end.offset);
  const id = HEADING_ID.exec(raw)?.[1];
  return {level: node.depth, text: raw.replace(HEADING_ID, '').trim(), ...(id === undefined ? {} : {id}), line: node.position!.start.line};
}

/**
 * Splits a fence's meta into `key="value"` attributes (double or single quotes, or a bare value
 * without spaces) and the words that are not attributes, such as the line ranges `{1,4-6}`.
 */
export function parseFenceMeta(meta: string): {attributes: FenceAttributes; words: string[]} {
  const attributes: FenceAttributes = new Map();
  const words: string[] = [];
  const token = /([A-Za-z_][\w-]*)(?:=(?:"([^"]*)"|'([^']*)'|([^\s"']\S*)?))?(?=\s|$)|(\S+)/g;
  for (const match of meta.matchAll(token)) {
    if (match[5] !== undefined) words.push(match[5]);
    else if (match[0].includes('=')) attributes.set(match[1], match[2] ?? match[3] ?? match[4] ?? '');
    else attributes.set(match[1], true);
  }
  return {attributes, words};
}

/** The value of a `key="value"` attribute of a fence's meta; undefined when it is missing or a bare word. */
export function fenceAttribute(meta: string | null | undefined, name: string): string | undefined {
  const value = parseFenceMeta(meta ?? '').attributes.get(name);
  return typeof value === 'string' ? value : undefined;
}

/** The 1-based source lines that belong to fenced code blocks, the fence lines included. */
export function codeLines(document: MarkdownDocument): Set<number> {
  const result = new Set<number>();
  for (const fence of document.fences) for (let line = fence.line; line <= fence.endLine; line++) result.add(line);
  return result;
}

/** Parses front matter YAML; a syntax error names the line and column where the broken value starts. */
function parseFrontMatter(yaml: string, name: string): Record<string, unknown> {
  let data: unknown;
  try {
    data = parseYaml(yaml);
  } catch (error) {
    if (!(error instanceof YAMLParseError)) throw error;
    // The YAML starts on the source's second line, after the opening ---.
    const noticed = lineAndColumn(yaml, error.pos[0]);
    const start = lineAndColumn(yaml, valueStart(yaml, error.pos[0]));
    const reason = error.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
    const runsOn = start.line === noticed.line ? '' : `; the value that starts here runs on to line ${noticed.line + 1}`;
    throw new MarkdownError(name, start.line + 1, `the front matter is not valid YAML (${reason}${runsOn})`, start.col);
  }
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
}

/**
 * Where the YAML value that contains `offset` begins. A parser notices an
 * unclosed quote only where the text ends; the reader needs the line that opened it.
 */
function valueStart(yaml: string, offset: number): number {
  let start = offset;
  const visitToken = (token: unknown): void => {
    if (!token || typeof token !== 'object') return;
    const {type, offset: at, source} = token as {type?: unknown; offset?: unknown; source?: unknown};
    if (typeof type === 'string' && type.endsWith('scalar') && typeof at === 'number' && typeof source === 'string') {
      if (at <= offset && offset <= at + source.length && at < start) start = at;
    }
    for (const child of Object.values(token)) visitToken(child);
  };
  for (const token of new YamlParser().parse(yaml)) visitToken(token);
  return start;
}

function lineAndColumn(text: string, offset: number): {line: number; col: number} {
  const before = text.slice(0, offset).split('\n');
  return {line: before.length, col: before.at(-1)!.length + 1};
}
