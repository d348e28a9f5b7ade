/**
 * Fence-aware scanning of a Markdown document: fenced code blocks (``` and ~~~) and ATX headings.
 *
 * Rules (CommonMark, with one deliberate leniency):
 * - An opening fence is a run of at least three backticks or tildes. Backtick fences may not carry a
 *   backtick in their info string (that is inline code). Any indentation is accepted, so that fences
 *   nested in list items are found too; the fence's indentation is removed from the content lines.
 * - The block ends at the first line that holds only a run of the same character at least as long as
 *   the opening run. Shorter or different fences inside are content, which is how a ````md block can
 *   show a ```python block without that inner block being checked.
 * - A block that is never closed runs to the end of the document and is reported as unclosed.
 * - Lines inside YAML front matter and inside code blocks are never headings.
 */
import type {BlockProblem} from './types';

export interface CodeBlock {
  /** First word of the info string, lower-cased ("" when the fence has none). */
  lang: string;
  /** The rest of the info string after the language, trimmed (the metastring). */
  meta: string;
  /** 1-based line of the opening fence. Content line k (1-based) is document line `line + k`. */
  line: number;
  /** Content between the fences, without the fence's indentation. */
  code: string;
  closed: boolean;
}

export interface Heading {
  level: number;
  /** Heading text with closing #s and a trailing `{#custom-id}` removed, trimmed. */
  text: string;
  /** 1-based line. */
  line: number;
}

export interface ScannedMarkdown {
  blocks: CodeBlock[];
  headings: Heading[];
}

const OPEN_FENCE = /^([ \t]*)(`{3,}|~{3,})(.*)$/;
const ATX_HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t]*$/;

export function scanMarkdown(text: string): ScannedMarkdown {
  const lines = text.split(/\r?\n/);
  const blocks: CodeBlock[] = [];
  const headings: Heading[] = [];
  let i = skipFrontMatter(lines);

  while (i < lines.length) {
    const open = OPEN_FENCE.exec(lines[i]);
    if (open && !(open[2][0] === '`' && open[3].includes('`'))) {
      const indent = open[1].length;
      const fence = open[2];
      const info = open[3].trim();
      const space = info.search(/\s/);
      const lang = (space === -1 ? info : info.slice(0, space)).toLowerCase();
      const meta = space === -1 ? '' : info.slice(space).trim();
      const content: string[] = [];
      let j = i + 1;
      let closed = false;
      for (; j < lines.length; j++) {
        if (isClosingFence(lines[j], fence)) {
          closed = true;
          break;
        }
        content.push(dedent(lines[j], indent));
      }
      blocks.push({lang, meta, line: i + 1, code: content.join('\n'), closed});
      i = j + 1;
      continue;
    }
    const heading = ATX_HEADING.exec(lines[i]);
    if (heading) {
      headings.push({level: heading[1].length, text: cleanHeadingText(heading[2] ?? ''), line: i + 1});
    }
    i++;
  }
  return {blocks, headings};
}

/**
 * Problems with the fences themselves, whatever the language: a block that is never closed, and a
 * block without a language (README, "Adding a page": every code block names one, `text` for plain
 * output, so that the highlighter and the checks know what the block is).
 */
export function fenceProblems(blocks: CodeBlock[]): BlockProblem[] {
  const problems: BlockProblem[] = [];
  for (const block of blocks) {
    if (block.lang === '') {
      problems.push({
        line: block.line,
        message: 'code block has no language: write one after the opening fence, for example ```text for plain output',
      });
    }
    if (!block.closed) problems.push({line: block.line, message: 'code fence is never closed'});
  }
  return problems;
}

export function extractBlocks(text: string): CodeBlock[] {
  return scanMarkdown(text).blocks;
}

export function extractHeadings(text: string): Heading[] {
  return scanMarkdown(text).headings;
}

/**
 * The top-level `key: value` lines of a leading `---` front matter block, values unquoted. Enough
 * for the scalar settings the checks read (such as `toc_max_heading_level`); not a YAML parser.
 */
export function frontMatterScalars(text: string): Map<string, string> {
  const lines = text.split(/\r?\n/);
  const end = skipFrontMatter(lines);
  const result = new Map<string, string>();
  for (const line of lines.slice(1, Math.max(0, end - 1))) {
    const m = /^([A-Za-z_][\w-]*):[ \t]*(.*?)[ \t]*$/.exec(line);
    if (m) result.set(m[1], m[2].replace(/^(["'])(.*)\1$/, '$2'));
  }
  return result;
}

/** Index of the first line after a leading `---` front matter block (0 when there is none). */
function skipFrontMatter(lines: string[]): number {
  if (lines[0]?.trim() !== '---') return 0;
  for (let i = 1; i < lines.length; i++) {
    if (lines[i].trim() === '---') return i + 1;
  }
  return 0;
}

function isClosingFence(line: string, fence: string): boolean {
  const m = /^[ \t]*(`{3,}|~{3,})[ \t]*$/.exec(line);
  return m !== null && m[1][0] === fence[0] && m[1].length >= fence.length;
}

function dedent(line: string, indent: number): string {
  let k = 0;
  while (k < indent && k < line.length && (line[k] === ' ' || line[k] === '\t')) k++;
  return line.slice(k);
}

function cleanHeadingText(raw: string): string {
  return raw
    .replace(/[ \t]+#+[ \t]*$/, '')
    .replace(/^#+$/, '')
    .replace(/[ \t]*\{#[^}]*\}$/, '')
    .trim();
}

export interface MetaInfo {
  /** key=value pairs; a key given without a value maps to `true`. */
  attrs: Map<string, string | true>;
  /** Tokens that are neither key=value pairs nor bare keys, e.g. `{1,3-4}`. */
  words: string[];
}

/**
 * Parses a metastring such as `title="Towerfile" showLineNumbers {2}` or `fragment="uses await"`.
 * A bare identifier (showLineNumbers, towerfile) becomes an attribute with the value `true`.
 */
export function parseMeta(meta: string): MetaInfo {
  const attrs = new Map<string, string | true>();
  const words: string[] = [];
  const token = /([A-Za-z_][\w-]*)(?:=(?:"([^"]*)"|'([^']*)'|([^\s"']\S*)?))?(?=\s|$)|(\S+)/g;
  for (const m of meta.matchAll(token)) {
    if (m[5] !== undefined) {
      words.push(m[5]);
    } else if (m[0].includes('=')) {
      attrs.set(m[1], m[2] ?? m[3] ?? m[4] ?? '');
    } else {
      attrs.set(m[1], true);
    }
  }
  return {attrs, words};
}
