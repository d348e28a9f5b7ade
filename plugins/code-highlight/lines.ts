/**
 * Line features of code blocks, as Docusaurus readers and writers know them, worked out at build
 * time so the browser gets finished markup:
 *
 *   ```python {1,4-6} showLineNumbers        highlighted lines 1 and 4 to 6, numbered from 1
 *   ```bash showLineNumbers=10               numbered from 10
 *   # highlight-next-line                    highlights the line after the comment
 *   # highlight-start ... # highlight-end    highlights the lines in between
 *
 * The comments are removed from the code (so readers never copy them), in the comment syntax of the
 * block's language. Line numbers in `{...}` count the lines as shown, after that removal. Every
 * mistake (a range past the end, an unclosed highlight-start) fails the build with the page's name.
 */

export class CodeLinesError extends Error {}

type LineOptions = {
  /** 1-based numbers of the lines to highlight, as shown. */
  highlighted: Set<number>;
  /** First line number when the block shows line numbers. */
  lineNumbersStart?: number;
};

/** `{1,4-6}` anywhere in a fence's meta string, as a set of line numbers. */
export function rangesFromMeta(meta: string | undefined): Set<number> {
  const lines = new Set<number>();
  if (!meta) return lines;
  const match = /(?:^|\s)\{([\d,\s-]+)\}(?=\s|$)/.exec(meta);
  if (!match) return lines;
  for (const part of match[1]
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const range = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!range) throw new CodeLinesError(`"{${match[1]}}" has "${part}", which is not a line number or a range such as 4-6`);
    const from = Number(range[1]);
    const to = range[2] === undefined ? from : Number(range[2]);
    if (from < 1 || to < from) throw new CodeLinesError(`"{${match[1]}}" has the range ${part}: lines count from 1 and a range runs upwards`);
    for (let line = from; line <= to; line++) lines.add(line);
  }
  return lines;
}

/** `showLineNumbers` gives 1, `showLineNumbers=10` gives 10; undefined when the meta has neither. */
export function lineNumbersStartFromMeta(meta: string | undefined): number | undefined {
  const match = /(?:^|\s)showLineNumbers(?:=(\S*))?(?=\s|$)/.exec(meta ?? '');
  if (!match) return undefined;
  if (match[1] === undefined) return 1;
  if (!/^\d+$/.test(match[1])) throw new CodeLinesError(`showLineNumbers=${match[1]} needs a whole number, such as showLineNumbers=10`);
  return Number(match[1]);
}

type CommentStyle = {line?: string; block?: [string, string]};
const HASH: CommentStyle = {line: '#'};
const SLASHES: CommentStyle = {line: '//', block: ['/*', '*/']};

/** Comment syntax per fence language; languages without comments (text) accept # and //. */
const COMMENTS: Record<string, CommentStyle[]> = {
  bash: [HASH],
  shell: [HASH],
  sh: [HASH],
  python: [HASH],
  py: [HASH],
  toml: [HASH],
  yaml: [HASH],
  yml: [HASH],
  json: [SLASHES],
  sql: [{line: '--', block: ['/*', '*/']}],
};
const DEFAULT_COMMENTS: CommentStyle[] = [HASH, SLASHES];

type Directive = 'highlight-next-line' | 'highlight-start' | 'highlight-end';
const DIRECTIVES: readonly Directive[] = ['highlight-next-line', 'highlight-start', 'highlight-end'];

function directiveOf(line: string, styles: CommentStyle[]): Directive | undefined {
  const text = line.trim();
  for (const style of styles) {
    for (const directive of DIRECTIVES) {
      if (style.line && text === `${style.line} ${directive}`) return directive;
      if (style.block && text === `${style.block[0]} ${directive} ${style.block[1]}`) return directive;
    }
  }
  return undefined;
}

/**
 * Removes the highlight comments from the code and returns the lines they mark (1-based, counted
 * without the comments).
 */
export function applyMagicComments(code: string, language: string): {code: string; highlighted: Set<number>} {
  const styles = COMMENTS[language.toLowerCase()] ?? DEFAULT_COMMENTS;
  const kept: string[] = [];
  const highlighted = new Set<number>();
  let nextLine = false;
  let blockStart: number | undefined;
  code.split('\n').forEach((line, index) => {
    const directive = directiveOf(line, styles);
    if (directive === 'highlight-next-line') {
      nextLine = true;
    } else if (directive === 'highlight-start') {
      if (blockStart !== undefined) throw new CodeLinesError(`line ${index + 1}: highlight-start inside another highlight-start (line ${blockStart})`);
      blockStart = index + 1;
    } else if (directive === 'highlight-end') {
      if (blockStart === undefined) throw new CodeLinesError(`line ${index + 1}: highlight-end without a highlight-start`);
      blockStart = undefined;
    } else {
      kept.push(line);
      if (nextLine || blockStart !== undefined) highlighted.add(kept.length);
      nextLine = false;
    }
  });
  if (blockStart !== undefined) throw new CodeLinesError(`line ${blockStart}: highlight-start is never closed with highlight-end`);
  if (nextLine) throw new CodeLinesError('highlight-next-line is the last line: there is no line to highlight');
  return {code: kept.join('\n'), highlighted};
}

/**
 * Wraps each line of highlighted markup for display: `theme-code-line`, plus
 * `theme-code-line--highlighted` for a highlighted line (a `<mark>`, so the emphasis is not only a
 * colour). The newlines stay between the lines as text, so the block's text, whether copied with
 * the button or selected by hand, is the code exactly. Line numbers are drawn by CSS counters and
 * never become text.
 */
export function wrapLines(lines: string[], options: LineOptions): string {
  for (const line of options.highlighted) {
    if (line > lines.length) {
      throw new CodeLinesError(`line ${line} is highlighted, but the block has ${lines.length} line${lines.length === 1 ? '' : 's'}`);
    }
  }
  return lines
    .map((html, index) =>
      options.highlighted.has(index + 1)
        ? `<mark class="theme-code-line theme-code-line--highlighted">${html}</mark>`
        : `<span class="theme-code-line">${html}</span>`,
    )
    .join('\n');
}
