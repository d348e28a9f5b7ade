/**
 * Turns a docs page source (CommonMark with Docusaurus extras, or MDX) into
 * plain Markdown that a language model, or a person, can read without the
 * site: no front matter, no imports or exports, no JSX, admonitions as
 * blockquotes with a bold label, code blocks with their language and title
 * only, and every link absolute. A diagram (a ```dot fence, rendered as a
 * picture on the site) keeps its title and description as a sentence and its
 * DOT source, which a model can read; the SVG never appears here.
 *
 * A code block's text is copied exactly as the site shows it (only the
 * `highlight-next-line` comments, which the site turns into highlighting, are
 * left out), so a copied CSV, SQL or YAML file works; its file name stays in
 * the fence's title. Which lines are code comes from the one Markdown reader
 * (lib/markdown.ts); the prose around the code is cleaned line by line.
 */
import {codeLines, isMdxFile, MarkdownError, readFrontMatter, readMarkdown, type Fence, type MarkdownDocument} from '../../lib/markdown';
import {CodeLinesError, applyMagicComments} from '../code-highlight/lines';
import {isDiagramLanguage, parseDiagramMeta, titleSentence} from '../diagrams/fence';

export class MarkdownCleanError extends Error {}

type FrontMatter = Record<string, unknown>;

type CleanOptions = {
  /** Absolute URL of the page the source belongs to (for `#anchor` links). */
  pageUrl: string;
  /** Absolute site origin plus base URL, without a trailing slash. */
  siteUrl: string;
  /** Title to use as H1 when the body has none (Docusaurus then renders the front-matter title). */
  title?: string;
  /**
   * Resolves a relative link such as `../concepts/apps.md#runs`; return an
   * absolute URL, or undefined to fall back to URL resolution against the page.
   */
  resolveRelative?: (href: string) => string | undefined;
  /** Name used in error messages (usually the source path). */
  sourceName?: string;
};

type CleanResult = {frontMatter: FrontMatter; markdown: string};

const ADMONITION_LABELS: Record<string, string> = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  warning: 'Warning',
  danger: 'Danger',
  caution: 'Caution',
  important: 'Important',
  secondary: 'Note',
  success: 'Tip',
};

/** The front matter of a page source. Throws MarkdownCleanError on YAML that does not parse. */
export function frontMatterOf(source: string, sourceName: string): FrontMatter {
  try {
    return readFrontMatter(source, {sourceName});
  } catch (error) {
    if (error instanceof MarkdownError) throw new MarkdownCleanError(error.message);
    throw error;
  }
}

/** Reads a source with the one Markdown reader, naming it in errors. */
function read(source: string, sourceName: string): MarkdownDocument {
  try {
    return readMarkdown(source, {sourceName, mdx: isMdxFile(sourceName)});
  } catch (error) {
    if (error instanceof MarkdownError) throw new MarkdownCleanError(error.message);
    throw error;
  }
}

type Admonition = {colons: number; indent: string; line: number};

const ADMONITION_OPEN = /^(\s*)(:{3,})([a-zA-Z]+)(?:\[(.*)\])?[ \t]*(.*?)\s*$/;
const ADMONITION_CLOSE = /^(\s*)(:{3,})\s*$/;
const LEAF_DIRECTIVE = /^\s*::[a-zA-Z][\w-]*(?:\{[^}]*\})?\s*$/;
const IMPORT_LINE = /^import\s+(?:[\w*${}\s,]+\s+from\s+)?['"][^'"]+['"];?\s*$/;
const EXPORT_START = /^export\s+(?:default\b|const\b|let\b|var\b|function\b|async\s+function\b|class\b|\{)/;
const JSX_NAME = '[A-Z][\\w.]*';

/** Removes the `{#custom-id}` suffix Docusaurus allows on headings. */
function stripHeadingId(line: string): string {
  return /^\s{0,3}#{1,6}\s/.test(line) ? line.replace(/\s*\{#[\w-]+\}\s*$/, '') : line;
}

/** Applies `transform` only to the parts of a line outside inline code spans. */
function outsideInlineCode(line: string, transform: (text: string) => string): string {
  const parts = line.split(/(`+)/);
  let out = '';
  let i = 0;
  while (i < parts.length) {
    const part = parts[i];
    if (/^`+$/.test(part)) {
      const close = parts.indexOf(part, i + 1);
      if (close !== -1) {
        out += parts.slice(i, close + 1).join('');
        i = close + 1;
        continue;
      }
    }
    out += /^`+$/.test(part) ? part : transform(part);
    i += 1;
  }
  return out;
}

function makeAbsolute(href: string, options: CleanOptions): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href)) return href;
  if (href.startsWith('//')) return `https:${href}`;
  if (href.startsWith('#')) return `${options.pageUrl}${href}`;
  if (href.startsWith('/')) return `${options.siteUrl}${href}`;
  const resolved = options.resolveRelative?.(href);
  if (resolved) return resolved;
  const url = new URL(href, `${options.pageUrl}`);
  url.pathname = url.pathname.replace(/\.mdx?$/, '');
  return url.href;
}

/** Rewrites inline links, images and reference definitions to absolute URLs. */
function rewriteLinks(text: string, options: CleanOptions): string {
  const definition = /^(\s{0,3}\[[^\]]+\]:\s*)(<[^>]*>|\S+)(.*)$/.exec(text);
  if (definition) {
    const target = definition[2].replace(/^<|>$/g, '');
    return `${definition[1]}${makeAbsolute(target, options)}${definition[3]}`;
  }
  return text.replace(/\]\(\s*(<[^>]*>|[^\s)]+)((?:\s+"[^"]*")?\s*)\)/g, (_all, target: string, title: string) => {
    const href = target.replace(/^<|>$/g, '');
    return `](${makeAbsolute(href, options)}${title})`;
  });
}

/** Removes inline JSX tags from prose, keeping their text content. */
function stripInlineJsx(text: string): string {
  return text
    .replace(new RegExp(`<${JSX_NAME}(?:\\s[^<>]*)?\\/>`, 'g'), '')
    .replace(new RegExp(`<\\/?${JSX_NAME}(?:\\s[^<>]*)?>`, 'g'), '')
    .replace(/<\/?>/g, '')
    .replace(/\{\/\*[\s\S]*?\*\/\}/g, '');
}

/** The attribute `name="value"` (or single quotes, or a `{"string"}` expression) of a JSX tag. */
function attribute(source: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}=(?:"([^"]*)"|'([^']*)'|\\{["'\`]([^"'\`]*)["'\`]\\})`).exec(source);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/**
 * Cleans one page. The returned Markdown starts with the page's H1 (taken
 * from the body, or made from `options.title`) and ends with one newline.
 */
export function cleanMarkdown(source: string, options: CleanOptions): CleanResult {
  const name = options.sourceName ?? options.pageUrl;
  const document = read(source, name);
  const {frontMatter, lines} = document;
  const fenceAt = new Map(document.fences.map((fence) => [fence.line, fence]));
  const out: string[] = [];
  const admonitions: Admonition[] = [];
  let skipUntil: RegExp | undefined;
  let skipFrom = 0;

  /** Prefix for the current admonition nesting: indentation, then one `> ` per level. */
  const quote = (): string => (admonitions.length ? admonitions[0].indent + '> '.repeat(admonitions.length) : '');
  const emit = (line: string): void => {
    if (!admonitions.length) {
      out.push(line);
      return;
    }
    const indent = admonitions[0].indent;
    const content = line.startsWith(indent) ? line.slice(indent.length) : line.trimStart();
    out.push(content.trim() === '' ? quote().trimEnd() : quote() + content);
  };

  for (let index = document.bodyLine - 1; index < lines.length; index += 1) {
    const raw = lines[index];
    const lineNumber = index + 1;

    if (skipUntil) {
      if (skipUntil.test(raw)) skipUntil = undefined;
      continue;
    }

    const fence = fenceAt.get(lineNumber);
    if (fence) {
      fenceLines(fence, name).forEach(emit);
      index = fence.endLine - 1;
      continue;
    }

    // MDX comments and HTML comments, possibly spanning lines.
    if (/^\s*\{\/\*/.test(raw)) {
      if (!/\*\/\}\s*$/.test(raw)) {
        skipUntil = /\*\/\}\s*$/;
        skipFrom = lineNumber;
      }
      continue;
    }
    if (/^\s*<!--/.test(raw)) {
      if (!/-->\s*$/.test(raw)) {
        skipUntil = /-->\s*$/;
        skipFrom = lineNumber;
      }
      continue;
    }

    // ES module syntax (MDX): imports are one line; exports run to a blank line.
    if (!admonitions.length && IMPORT_LINE.test(raw)) continue;
    if (!admonitions.length && EXPORT_START.test(raw)) {
      while (index + 1 < lines.length && lines[index + 1].trim() !== '') index += 1;
      continue;
    }

    // A leaf directive such as ::cron-explainer is an interactive tool (plugins/reader-tools): nothing to read.
    if (LEAF_DIRECTIVE.test(raw)) continue;

    // Block-level JSX: drop the tag lines, keep what is between them.
    const jsxSelfClosing = new RegExp(`^\\s*<${JSX_NAME}(?:\\s[^<>]*)?\\/>\\s*$`);
    const jsxOpenLine = new RegExp(`^\\s*<(${JSX_NAME})((?:\\s[^<>]*)?)>\\s*$`);
    const jsxCloseLine = new RegExp(`^\\s*<\\/${JSX_NAME}>\\s*$`);
    const jsxOpenUnfinished = new RegExp(`^\\s*<${JSX_NAME}(?:\\s[^<>]*)?$`);
    if (jsxSelfClosing.test(raw) || jsxCloseLine.test(raw) || /^\s*<\/?>\s*$/.test(raw)) continue;
    const jsxOpen = jsxOpenLine.exec(raw);
    if (jsxOpen) {
      const label = attribute(jsxOpen[2], 'label') ?? attribute(jsxOpen[2], 'title');
      if (label) emit(`**${label}**`);
      continue;
    }
    if (jsxOpenUnfinished.test(raw)) {
      // An opening tag whose attributes run over several lines.
      let attrs = raw;
      while (index + 1 < lines.length && !/>\s*$/.test(lines[index])) {
        index += 1;
        attrs += ` ${lines[index]}`;
      }
      const label = attribute(attrs, 'label') ?? attribute(attrs, 'title');
      if (label && !/\/>\s*$/.test(attrs)) emit(`**${label}**`);
      continue;
    }

    const admonitionOpen = ADMONITION_OPEN.exec(raw);
    if (admonitionOpen && ADMONITION_LABELS[admonitionOpen[3].toLowerCase()]) {
      const [, indent, colons, kind, bracketTitle, legacyTitle] = admonitionOpen;
      const label = ADMONITION_LABELS[kind.toLowerCase()];
      const title = (bracketTitle ?? legacyTitle ?? '').trim();
      if (out.length && out[out.length - 1].trim() !== '' && !admonitions.length) out.push('');
      admonitions.push({colons: colons.length, indent: admonitions.length ? admonitions[0].indent : indent, line: lineNumber});
      emit(`${admonitions[0].indent}${title ? `**${label}: ${title}**` : `**${label}**`}`);
      emit('');
      continue;
    }
    const admonitionClose = ADMONITION_CLOSE.exec(raw);
    if (admonitionClose && admonitions.length) {
      // Drop trailing empty quote lines, then leave a real blank line so the
      // next paragraph does not continue the blockquote lazily.
      while (out.length && /^\s*(>\s*)+$/.test(out[out.length - 1])) out.pop();
      admonitions.pop();
      emit('');
      continue;
    }
    if (admonitionClose) {
      throw new MarkdownCleanError(`${name}:${lineNumber}: ":::" closes an admonition that was never opened`);
    }

    let line = stripHeadingId(raw);
    line = outsideInlineCode(line, (text) => rewriteLinks(stripInlineJsx(text), options));
    emit(line);
  }

  if (admonitions.length) {
    throw new MarkdownCleanError(`${name}:${admonitions[admonitions.length - 1].line}: admonition is never closed`);
  }
  if (skipUntil) throw new MarkdownCleanError(`${name}:${skipFrom}: comment is never closed`);

  let markdown = tidy(out.join('\n'));
  const hasH1 = hasTopHeading(markdown);
  const title = options.title ?? (typeof frontMatter.title === 'string' ? frontMatter.title : undefined);
  if (!hasH1 && title) markdown = `# ${title}\n\n${markdown}`;
  return {frontMatter, markdown};
}

/**
 * A fence as the twin shows it: the language and the title (the file name) in the info string, the
 * code exactly as the site shows it, in the same container (list item, quote) as in the source. A
 * diagram is introduced by its title and description.
 */
function fenceLines(fence: Fence, sourceName: string): string[] {
  if (!fence.closed) throw new MarkdownCleanError(`${sourceName}:${fence.line}: code block is never closed`);
  let code: string;
  try {
    code = applyMagicComments(fence.code, fence.lang).code;
  } catch (error) {
    if (error instanceof CodeLinesError) throw new MarkdownCleanError(`${sourceName}:${fence.line}: ${error.message}`);
    throw error;
  }
  // The lines after the opening one stay in its container: under a list item's text, or in a quote.
  const indent = fence.prefix.replace(/[^\s>]/g, ' ');
  const result: string[] = [];
  let info = fence.lang;
  const diagram = isDiagramLanguage(fence.lang) ? parseDiagramMeta(fence.meta) : undefined;
  if (diagram && !('error' in diagram)) {
    result.push(`${fence.prefix}Diagram: **${titleSentence(diagram.title)}** ${diagram.description}`, indent.trimEnd());
  } else {
    const title = fence.attributes.get('title');
    if (typeof title === 'string' && title !== '') info += ` title=${title.includes('"') ? `'${title}'` : `"${title}"`}`;
  }
  result.push(`${result.length === 0 ? fence.prefix : indent}${fence.marker}${info}`);
  if (fence.code !== '') result.push(...code.split('\n').map((line) => (line === '' ? indent.trimEnd() : `${indent}${line}`)));
  result.push(`${indent}${fence.marker}`);
  return result;
}

/** Whether a Markdown text has an H1 outside code blocks. */
function hasTopHeading(markdown: string): boolean {
  return outsideFences(markdown).some((line) => /^# \S/.test(line));
}

/** The lines of a Markdown text that are not inside fenced code blocks. */
export function outsideFences(markdown: string): string[] {
  const document = readMarkdown(markdown);
  const code = codeLines(document);
  return document.lines.filter((_line, index) => !code.has(index + 1));
}

/**
 * Trims the ends, collapses runs of blank lines, and ends with one newline. Lines inside fenced
 * code are kept as they are (two blank lines between Python functions stay two).
 */
export function tidy(markdown: string): string {
  const document = readMarkdown(markdown);
  const code = codeLines(document);
  const out: string[] = [];
  document.lines.forEach((raw, index) => {
    if (code.has(index + 1)) {
      out.push(raw);
      return;
    }
    const line = raw.replace(/[ \t]+$/, '');
    if (line === '' && (out.length === 0 || out[out.length - 1] === '')) return;
    out.push(line);
  });
  while (out.length > 0 && out[out.length - 1].trim() === '') out.pop();
  return `${out.join('\n')}\n`;
}

/** Removes the first H1 line (and the blank line after it). */
export function dropTopHeading(markdown: string): string {
  return markdown.replace(/^# [^\n]*\n+/, '');
}

/** Collapses whitespace so a description fits on one line. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
