/**
 * Escaping for MDX. Text from the OpenAPI file is Markdown written for humans:
 * it contains `<JWT>`, `{name}` and similar, which MDX would read as JSX or as
 * JavaScript expressions. Everything the MDX renderer writes into a page
 * passes through one of these functions.
 */
import {oneLine} from './text';

/** Escapes the characters MDX treats specially in running text. */
function escapeText(text: string): string {
  return text.replace(/[{}<]/g, (char) => (char === '<' ? '&lt;' : `\\${char}`));
}

/**
 * Makes a Markdown paragraph (or several) safe for MDX: code spans and fenced
 * code blocks stay as they are (MDX never parses inside them), everything else
 * gets `{`, `}` and `<` escaped.
 */
export function mdxMarkdown(markdown: string): string {
  const lines = markdown.replace(/\r\n/g, '\n').split('\n');
  const out: string[] = [];
  let fence: string | null = null;
  for (const line of lines) {
    const fenceMatch = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence) {
      out.push(line);
      if (fenceMatch && fenceMatch[1][0] === fence[0] && fenceMatch[1].length >= fence.length) fence = null;
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1];
      out.push(line);
      continue;
    }
    out.push(escapeOutsideCodeSpans(line));
  }
  return out.join('\n');
}

function escapeOutsideCodeSpans(line: string): string {
  let result = '';
  let index = 0;
  while (index < line.length) {
    const tick = line.indexOf('`', index);
    if (tick === -1) {
      result += escapeText(line.slice(index));
      break;
    }
    result += escapeText(line.slice(index, tick));
    let run = 1;
    while (line[tick + run] === '`') run += 1;
    const delimiter = '`'.repeat(run);
    const close = line.indexOf(delimiter, tick + run);
    if (close === -1) {
      // An unmatched backtick is literal text in CommonMark.
      result += delimiter;
      index = tick + run;
      continue;
    }
    result += line.slice(tick, close + run);
    index = close + run;
  }
  return result;
}

/** One line of Markdown for a table cell: no line breaks, pipes escaped. */
export function mdxCell(markdown: string): string {
  return mdxMarkdown(oneLine(markdown)).replace(/\|/g, '\\|');
}

/** A JSX attribute value or child that renders `text` verbatim. */
export function jsxString(text: string): string {
  return `{${JSON.stringify(text)}}`;
}
