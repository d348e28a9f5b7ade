/**
 * Markdown text helpers shared by the two renderers (and by facts.ts): code
 * spans and fences that survive any content, one-line descriptions, and the
 * final tidy-up of a rendered page.
 */
import {codeLines, readMarkdown} from '../../lib/markdown';

/** Collapses whitespace (including line breaks) into single spaces. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Inline code that survives any content, including backticks. */
export function inlineCode(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const delimiter = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${delimiter}${pad}${text}${pad}${delimiter}`;
}

/** A fenced code block whose fence is longer than any backtick run inside. */
export function codeBlock(language: string, code: string, meta = ''): string {
  const longest = Math.max(2, ...[...code.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}${meta ? ` ${meta}` : ''}\n${code.replace(/\n+$/, '')}\n${fence}`;
}

/** The first sentence of a description, as plain text, for meta descriptions and lists. */
export function firstSentence(markdown: string, maxLength = 200): string {
  const text = oneLine(markdown.replace(/`/g, ''));
  const match = /^(.+?[.!?])(\s|$)/.exec(text);
  let sentence = match ? match[1] : text;
  if (sentence.length > maxLength) sentence = `${sentence.slice(0, maxLength - 1).replace(/\s+\S*$/, '')}…`;
  return sentence;
}

/** Calls `onLine` with each line and whether it is part of a fenced code block (lib/markdown.ts says which). */
function eachLine(markdown: string, onLine: (line: string, inCode: boolean) => string): string {
  // Most descriptions hold no fence at all: no need to parse them.
  const code = /```|~~~/.test(markdown) ? codeLines(readMarkdown(markdown, {frontMatter: false})) : new Set<number>();
  return markdown
    .split('\n')
    .map((line, index) => onLine(line, code.has(index + 1)))
    .join('\n');
}

/** Moves every ATX heading outside code down by `by` levels (capped at 6). */
export function shiftHeadings(markdown: string, by: number): string {
  if (by === 0) return markdown;
  return eachLine(markdown, (line, inCode) => {
    const heading = inCode ? null : /^(#{1,6})(\s.*)$/.exec(line);
    return heading ? `${'#'.repeat(Math.min(6, heading[1].length + by))}${heading[2]}` : line;
  });
}

/** Makes the site-relative links of Markdown (`](/docs/...)`) absolute, outside code. */
export function absoluteLinks(markdown: string, siteUrl: string): string {
  return eachLine(markdown, (line, inCode) => (inCode ? line : line.replace(/\]\((\/[^)\s]*)\)/g, (_all, href: string) => `](${siteUrl}${href})`)));
}

/** Joins rendered lines: no trailing spaces, no runs of blank lines, one final newline. */
export function finish(lines: string[]): string {
  return `${lines
    .join('\n')
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}
