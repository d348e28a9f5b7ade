/**
 * Code blocks that show a file of the repository instead of a copy of it.
 *
 * A page writes an empty fence that names the file, relative to the
 * repository root:
 *
 *     ```python file="examples/tables/write-ticker-data/main.py"
 *     ```
 *
 * and the build puts the file's text between the fences. The page and the
 * file can then never disagree, and the file can be tested as what it is
 * (scripts/samples checks example projects directly). A fence that names a
 * file is always expanded, wherever the Markdown is read: the MDX compile
 * (loader.ts), the Markdown twins and llms-full.txt (plugins/llms-txt).
 *
 * The block keeps its language and meta; without a `title`, it is titled
 * with the file's path (under examples/, relative to that folder, which is
 * also the file's path inside the project's download).
 */
import {readFileSync, realpathSync, statSync} from 'node:fs';
import path from 'node:path';

const INCLUDE_ATTRIBUTE = 'file';

/** Paths under this folder are titled relative to it. */
const EXAMPLES_DIR = 'examples';

export class IncludeError extends Error {}

type ExpandOptions = {
  /** Repository root: the folder the `file=` paths are relative to. */
  siteDir: string;
  /** The page's path as shown in error messages, e.g. `docs/examples/tables.md`. */
  sourceName: string;
};

type ExpandResult = {
  markdown: string;
  /** Absolute paths of the included files, in order of appearance. */
  files: string[];
};

/** An opening fence of a block that includes a file. */
type IncludeFence = {
  /** 1-based line of the opening fence. */
  line: number;
  /** The `file=` value as written. */
  file: string;
};

const OPEN_FENCE = /^([ \t]*)(`{3,}|~{3,})(.*)$/;
const ATTRIBUTE = new RegExp(`(?:^|\\s)${INCLUDE_ATTRIBUTE}=(?:"([^"]*)"|'([^']*)'|([^\\s"']+))`);
const TITLE = /(?:^|\s)title=/;

/** The `file=` value of a fence's info string (language and meta), or undefined. */
export function includedFile(info: string): string | undefined {
  const match = ATTRIBUTE.exec(info);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** The title a block that includes `file` gets when its fence has none. */
export function defaultTitle(file: string): string {
  const prefix = `${EXAMPLES_DIR}/`;
  return file.startsWith(prefix) ? file.slice(prefix.length) : file;
}

type Fence = {
  /** 0-based index of the opening line. */
  open: number;
  /** 0-based index of the closing line; lines.length when the fence is never closed. */
  close: number;
  indent: string;
  marker: string;
  info: string;
};

/** Top-level fenced blocks (CommonMark rules; a fence inside a longer fence is content). */
function scanFences(lines: string[]): Fence[] {
  const fences: Fence[] = [];
  let i = skipFrontMatter(lines);
  while (i < lines.length) {
    const open = OPEN_FENCE.exec(lines[i]);
    if (!open || (open[2][0] === '`' && open[3].includes('`'))) {
      i++;
      continue;
    }
    const [, indent, marker, info] = open;
    let close = i + 1;
    while (close < lines.length && !isClosingFence(lines[close], marker)) close++;
    fences.push({open: i, close, indent, marker, info: info.trim()});
    i = close + 1;
  }
  return fences;
}

function skipFrontMatter(lines: string[]): number {
  if (lines[0]?.trim() !== '---') return 0;
  for (let i = 1; i < lines.length; i++) if (lines[i].trim() === '---') return i + 1;
  return 0;
}

function isClosingFence(line: string, marker: string): boolean {
  const match = /^[ \t]*(`{3,}|~{3,})[ \t]*$/.exec(line);
  return match !== null && match[1][0] === marker[0] && match[1].length >= marker.length;
}

/** Every fence of a page that includes a file, with its line. For checkers that read pages. */
export function findIncludeFences(markdown: string): IncludeFence[] {
  const lines = markdown.split('\n');
  return scanFences(lines).flatMap((fence) => {
    const file = includedFile(fence.info);
    return file === undefined ? [] : [{line: fence.open + 1, file}];
  });
}

/**
 * The absolute path of an included file, after checking that it stays inside
 * the repository and is a readable text file. Throws IncludeError.
 */
export function resolveIncludedFile(siteDir: string, file: string, where: string): string {
  const fail = (reason: string): never => {
    throw new IncludeError(`${where}: cannot include "${file}": ${reason}`);
  };
  if (file.trim() === '') fail('the file= attribute is empty');
  if (path.isAbsolute(file) || file.includes('\\')) fail('write the path relative to the repository root, with forward slashes');
  const root = realpathSync(siteDir);
  const absolute = path.resolve(root, file);
  const inside = (candidate: string) => {
    const relative = path.relative(root, candidate);
    return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
  };
  if (!inside(absolute)) fail('the path leaves the repository');
  let stats;
  try {
    stats = statSync(absolute);
  } catch {
    return fail('the file does not exist');
  }
  if (!stats.isFile()) fail('it is not a file');
  if (!inside(realpathSync(absolute))) fail('the path leaves the repository through a link');
  return absolute;
}

/** Replaces every fence that names a file with a fence holding the file's text. */
export function expandIncludes(markdown: string, options: ExpandOptions): ExpandResult {
  const lines = markdown.split('\n');
  const files: string[] = [];
  const output: string[] = [];
  let copied = 0;
  for (const fence of scanFences(lines)) {
    const file = includedFile(fence.info);
    if (file === undefined) continue;
    const where = `${options.sourceName}:${fence.open + 1}`;
    if (fence.close >= lines.length) throw new IncludeError(`${where}: the code fence that includes "${file}" is never closed`);
    if (lines.slice(fence.open + 1, fence.close).some((line) => line.trim() !== '')) {
      throw new IncludeError(`${where}: a fence with ${INCLUDE_ATTRIBUTE}="${file}" must be empty: the file is its content`);
    }
    const absolute = resolveIncludedFile(options.siteDir, file, where);
    const text = readFileSync(absolute, 'utf8');
    if (text.includes('\u0000')) throw new IncludeError(`${where}: cannot include "${file}": it is not a text file`);
    files.push(absolute);

    const content = text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
    const longestRun = Math.max(0, ...content.map((line) => longestRunOf(line, fence.marker[0])));
    const marker = fence.marker[0].repeat(Math.max(fence.marker.length, longestRun + 1));
    const info = TITLE.test(fence.info) ? fence.info : `${fence.info} title="${defaultTitle(file)}"`;

    output.push(...lines.slice(copied, fence.open));
    output.push(`${fence.indent}${marker}${info}`);
    output.push(...content.map((line) => (line === '' ? '' : `${fence.indent}${line}`)));
    output.push(`${fence.indent}${marker}`);
    copied = fence.close + 1;
  }
  if (files.length === 0) return {markdown, files};
  output.push(...lines.slice(copied));
  return {markdown: output.join('\n'), files};
}

function longestRunOf(line: string, char: string): number {
  let longest = 0;
  let run = 0;
  for (const c of line) {
    run = c === char ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest;
}
