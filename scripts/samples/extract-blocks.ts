/**
 * A docs page as the sample checker sees it: its code blocks and headings, read by the one Markdown
 * reader (lib/markdown.ts), and the problems of the fences themselves.
 *
 * Block languages are lower-cased here, so every check compares them with lower-case names.
 */
import {isMdxFile, readMarkdown, type Fence, type Heading} from '../../lib/markdown';
import type {BlockProblem} from './types';

/** A fenced code block of a page; `lang` is lower-cased. */
export type CodeBlock = Fence;
export type {Heading};

export interface ScannedMarkdown {
  blocks: CodeBlock[];
  headings: Heading[];
  /** Lines of indented code blocks (no fence, so no language). */
  indentedCode: number[];
  frontMatter: Record<string, unknown>;
}

/** Reads a page (as MDX when its name ends in .mdx). Throws lib/markdown's MarkdownError, with the line, on front matter that is not YAML or MDX that does not parse. */
export function scanMarkdown(text: string, sourceName?: string): ScannedMarkdown {
  const document = readMarkdown(text, {sourceName, mdx: sourceName !== undefined && isMdxFile(sourceName)});
  return {
    blocks: document.fences.map((fence) => ({...fence, lang: fence.lang.toLowerCase()})),
    headings: document.headings,
    indentedCode: document.indentedCode,
    frontMatter: document.frontMatter,
  };
}

/**
 * Problems with the fences themselves, whatever the language: a block that is never closed, and a
 * block without a language (README, "Adding a page": every code block names one, `text` for plain
 * output, so that the highlighter and the checks know what the block is). An indented code block
 * cannot name one.
 */
export function fenceProblems(page: Pick<ScannedMarkdown, 'blocks' | 'indentedCode'>): BlockProblem[] {
  const problems: BlockProblem[] = [];
  for (const block of page.blocks) {
    if (block.lang === '') {
      problems.push({
        line: block.line,
        message: 'code block has no language: write one after the opening fence, for example ```text for plain output',
      });
    }
    if (!block.closed) problems.push({line: block.line, message: 'code fence is never closed'});
  }
  for (const line of page.indentedCode) {
    problems.push({line, message: 'indented code block: write it as a fenced block with a language (```text for plain output)'});
  }
  return problems;
}

export function extractBlocks(text: string): CodeBlock[] {
  return scanMarkdown(text).blocks;
}

export function extractHeadings(text: string): Heading[] {
  return scanMarkdown(text).headings;
}
