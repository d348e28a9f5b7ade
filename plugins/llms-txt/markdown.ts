/**
 * Turns a docs page source (CommonMark with Docusaurus extras, or MDX) into
 * plain Markdown that a language model, or a person, can read without the
 * site: no front matter, no imports or exports, no JSX, admonitions as
 * blockquotes with a bold label, code blocks with their language only, and
 * every link absolute. A diagram (a ```dot fence, rendered as a picture on the
 * site) keeps its title and description as a sentence and its DOT source,
 * which a model can read; the SVG never appears here.
 *
 * The cleaner works line by line and always knows whether it is inside a
 * fenced code block, so code (Python `import` lines, `<placeholder>` text,
 * `# comments`) is never touched.
 */
import {parse as parseYaml} from 'yaml';
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

/** Comment syntax used to keep a code block's `title` inside the block. */
const LINE_COMMENT: Record<string, string> = {
  toml: '#',
  python: '#',
  py: '#',
  bash: '#',
  sh: '#',
  shell: '#',
  zsh: '#',
  yaml: '#',
  yml: '#',
  dockerfile: '#',
  ini: ';',
  ruby: '#',
  r: '#',
  text: '#',
  properties: '#',
  makefile: '#',
  javascript: '//',
  js: '//',
  typescript: '//',
  ts: '//',
  jsx: '//',
  tsx: '//',
  go: '//',
  rust: '//',
  java: '//',
  c: '//',
  cpp: '//',
  kotlin: '//',
  swift: '//',
  csharp: '//',
  php: '//',
  sql: '--',
  lua: '--',
  haskell: '--',
};

/** Splits `---` front matter from the body. Throws on unparsable YAML. */
export function splitFrontMatter(source: string, sourceName = 'source'): {frontMatter: FrontMatter; body: string} {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const match = /^---[ \t]*\n([\s\S]*?)\n---[ \t]*(?:\n|$)/.exec(text);
  if (!match) return {frontMatter: {}, body: text};
  let data: unknown;
  try {
    data = parseYaml(match[1]);
  } catch (error) {
    throw new MarkdownCleanError(`${sourceName}: front matter is not valid YAML (${(error as Error).message})`);
  }
  const frontMatter = data && typeof data === 'object' && !Array.isArray(data) ? (data as FrontMatter) : {};
  return {frontMatter, body: text.slice(match[0].length)};
}

type Fence = {char: string; length: number};
type Admonition = {colons: number; indent: string; line: number};

const FENCE_OPEN = /^(\s*)(`{3,}|~{3,})(.*)$/;
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

/** The attribute `name="value"` (or single quotes) from a JSX or fence meta string. */
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
  const {frontMatter, body} = splitFrontMatter(source, name);
  const lines = body.split('\n');
  const out: string[] = [];
  const admonitions: Admonition[] = [];
  let fence: (Fence & {indent: string; line: number}) | undefined;
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

  for (let index = 0; index < lines.length; index += 1) {
    const raw = lines[index];
    const lineNumber = index + 1;

    if (fence) {
      const close = /^\s*(`{3,}|~{3,})\s*$/.exec(raw);
      if (close && close[1][0] === fence.char && close[1].length >= fence.length) {
        emit(fence.indent + close[1]);
        fence = undefined;
      } else {
        emit(raw);
      }
      continue;
    }

    if (skipUntil) {
      if (skipUntil.test(raw)) skipUntil = undefined;
      continue;
    }

    const open = FENCE_OPEN.exec(raw);
    if (open && !(open[2][0] === '`' && open[3].includes('`'))) {
      const [, indent, marker, rest] = open;
      const info = rest.trim();
      const language = /^[^\s{]*/.exec(info)?.[0] ?? '';
      const meta = info.slice(language.length);
      const title = attribute(meta, 'title');
      fence = {char: marker[0], length: marker.length, indent, line: lineNumber};
      const diagram = isDiagramLanguage(language) ? parseDiagramMeta(meta) : undefined;
      if (diagram && !('error' in diagram)) {
        emit(`${indent}Diagram: **${titleSentence(diagram.title)}** ${diagram.description}`);
        emit('');
        emit(`${indent}${marker}${language}`);
        continue;
      }
      const comment = LINE_COMMENT[language.toLowerCase()];
      if (title && !comment) emit(`${indent}${title}:`);
      emit(`${indent}${marker}${language}`);
      if (title && comment) emit(`${indent}${comment} ${title}`);
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

  if (fence) throw new MarkdownCleanError(`${name}:${fence.line}: code block is never closed`);
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

/** Whether a Markdown text has an H1 outside code blocks. */
function hasTopHeading(markdown: string): boolean {
  return outsideFences(markdown).some((line) => /^# \S/.test(line));
}

/** The lines of a Markdown text that are not inside fenced code blocks. */
export function outsideFences(markdown: string): string[] {
  const result: string[] = [];
  let fence: Fence | undefined;
  for (const line of markdown.split('\n')) {
    if (fence) {
      const close = /^[\s>]*(`{3,}|~{3,})\s*$/.exec(line);
      if (close && close[1][0] === fence.char && close[1].length >= fence.length) fence = undefined;
      continue;
    }
    const open = /^[\s>]*(`{3,}|~{3,})(.*)$/.exec(line);
    if (open && !(open[1][0] === '`' && open[2].includes('`'))) {
      fence = {char: open[1][0], length: open[1].length};
      continue;
    }
    result.push(line);
  }
  return result;
}

/**
 * Trims the ends, collapses runs of blank lines, and ends with one newline. Lines inside fenced
 * code are kept as they are (two blank lines between Python functions stay two).
 */
export function tidy(markdown: string): string {
  const out: string[] = [];
  let fence: Fence | undefined;
  for (const raw of markdown.split('\n')) {
    if (fence) {
      out.push(raw);
      const close = /^[\s>]*(`{3,}|~{3,})\s*$/.exec(raw);
      if (close && close[1][0] === fence.char && close[1].length >= fence.length) fence = undefined;
      continue;
    }
    const line = raw.replace(/[ \t]+$/, '');
    const open = /^[\s>]*(`{3,}|~{3,})(.*)$/.exec(line);
    if (open && !(open[1][0] === '`' && open[2].includes('`'))) fence = {char: open[1][0], length: open[1].length};
    if (line === '' && (out.length === 0 || out[out.length - 1] === '') && !fence) continue;
    out.push(line);
  }
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
