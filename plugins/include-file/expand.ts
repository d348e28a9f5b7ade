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
import {fenceAttribute, isMdxFile, readMarkdown, type Fence} from '../../lib/markdown';

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

/** The `file=` value of a fence's meta, or undefined. */
export function includedFile(meta: string): string | undefined {
  return fenceAttribute(meta, INCLUDE_ATTRIBUTE);
}

/** The title a block that includes `file` gets when its fence has none. */
export function defaultTitle(file: string): string {
  const prefix = `${EXAMPLES_DIR}/`;
  return file.startsWith(prefix) ? file.slice(prefix.length) : file;
}

/** The fences of a page that include a file (a fence shown inside a longer fence is content, not one of them). */
function includeFences(markdown: string, sourceName: string): {fence: Fence; file: string; lines: string[]}[] {
  // Most pages include nothing: no need to parse them.
  if (!markdown.includes(`${INCLUDE_ATTRIBUTE}=`)) return [];
  const document = readMarkdown(markdown, {sourceName, mdx: isMdxFile(sourceName)});
  return document.fences.flatMap((fence) => {
    const file = includedFile(fence.meta);
    return file === undefined ? [] : [{fence, file, lines: document.lines}];
  });
}

/** Every fence of a page that includes a file, with its line. For checkers that read pages. */
export function findIncludeFences(markdown: string, sourceName = 'a page'): IncludeFence[] {
  return includeFences(markdown, sourceName).map(({fence, file}) => ({line: fence.line, file}));
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
  const includes = includeFences(markdown, options.sourceName);
  if (includes.length === 0) return {markdown, files: []};
  const lines = includes[0].lines;
  const files: string[] = [];
  const output: string[] = [];
  let copied = 0;
  for (const {fence, file} of includes) {
    const where = `${options.sourceName}:${fence.line}`;
    if (!fence.closed) throw new IncludeError(`${where}: the code fence that includes "${file}" is never closed`);
    if (fence.code.trim() !== '') {
      throw new IncludeError(`${where}: a fence with ${INCLUDE_ATTRIBUTE}="${file}" must be empty: the file is its content`);
    }
    const absolute = resolveIncludedFile(options.siteDir, file, where);
    const text = readFileSync(absolute, 'utf8');
    if (text.includes('\u0000')) throw new IncludeError(`${where}: cannot include "${file}": it is not a text file`);
    files.push(absolute);

    // The file's text exactly, only its final line break dropped (the closing fence ends the last line).
    const content = text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
    const char = fence.marker[0];
    const longestRun = Math.max(0, ...content.map((line) => longestRunOf(line, char)));
    const marker = char.repeat(Math.max(fence.marker.length, longestRun + 1));
    const info = lines[fence.line - 1].slice(fence.prefix.length + fence.marker.length).trim();
    const titled = fence.attributes.has('title') ? info : `${info} title="${defaultTitle(file)}"`;
    // The lines after the first stay in the fence's container: under a list item's text, or in a quote.
    const indent = fence.prefix.replace(/[^\s>]/g, ' ');

    output.push(...lines.slice(copied, fence.line - 1));
    output.push(`${fence.prefix}${marker}${titled}`);
    output.push(...content.map((line) => (line === '' ? indent.trimEnd() : `${indent}${line}`)));
    output.push(`${indent}${marker}`);
    copied = fence.endLine;
  }
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
