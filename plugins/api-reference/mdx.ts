/**
 * Escaping for MDX. Text from the OpenAPI file is Markdown written for humans:
 * it contains `<JWT>`, `{name}` and similar, which MDX would read as JSX or as
 * JavaScript expressions. Everything the MDX renderer writes into a page
 * passes through one of these functions.
 */
import {readMarkdown, visit} from '../../lib/markdown';
import {oneLine} from './text';

/** Escapes the characters MDX treats specially in running text. */
function escapeText(text: string): string {
  return text.replace(/[{}<]/g, (char) => (char === '<' ? '&lt;' : `\\${char}`));
}

/**
 * Makes a Markdown paragraph (or several) safe for MDX: fenced code blocks and code spans stay as
 * they are (MDX never parses inside them), everything else gets `{`, `}` and `<` escaped. What is
 * code comes from the one Markdown reader (lib/markdown.ts). An indented block is not code in MDX,
 * so it is escaped like text.
 */
export function mdxMarkdown(markdown: string): string {
  const text = markdown.replace(/\r\n/g, '\n');
  // Most descriptions hold no code at all: no need to parse them. The others repeat across
  // operations (a parameter described once, used by many): each is parsed once.
  if (!/[`~]/.test(text)) return escapeText(text);
  let escaped = escapedDescriptions.get(text);
  if (escaped === undefined) {
    escaped = escapeOutsideCode(text);
    escapedDescriptions.set(text, escaped);
  }
  return escaped;
}

const escapedDescriptions = new Map<string, string>();

function escapeOutsideCode(text: string): string {
  const document = readMarkdown(text, {frontMatter: false});
  const fenceLines = new Set(document.fences.map((fence) => fence.line));
  const code: {start: number; end: number}[] = [];
  visit(document.tree, (node) => {
    const {start, end} = node.position!;
    if (node.type === 'inlineCode' || (node.type === 'code' && fenceLines.has(start.line))) code.push({start: start.offset!, end: end.offset!});
  });
  let result = '';
  let index = 0;
  for (const {start, end} of code) {
    result += escapeText(text.slice(index, start)) + text.slice(start, end);
    index = end;
  }
  return result + escapeText(text.slice(index));
}

/** One line of Markdown for a table cell: no line breaks, pipes escaped. */
export function mdxCell(markdown: string): string {
  return mdxMarkdown(oneLine(markdown)).replace(/\|/g, '\\|');
}

/** A JSX attribute value or child that renders `text` verbatim. */
export function jsxString(text: string): string {
  return `{${JSON.stringify(text)}}`;
}
