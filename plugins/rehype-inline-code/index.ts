/**
 * A rehype plugin for the docs: inline code never breaks inside a token. A browser breaks a line
 * after a hyphen or a slash, so `--environment` could end a line with `--`, and at spaces, so
 * a cron expression such as `0 6 * * 1-5` could be cut in two; either misleads a reader who copies by eye.
 *
 * src/css/custom.css keeps every inline code on one line (`white-space: nowrap`). Only code longer
 * than `SHORT_CODE` characters, which might not fit a phone's line, is changed here: it is split
 * into one `<code>` per word inside a `<span class="code-words">` that wraps only between the words;
 * a word longer than `LONG_WORD` (a long identifier or URL) is cut after `.`, `/`, `_`, `=`, `&`,
 * `?` or `,` with `<wbr>`. The text and what a reader copies are unchanged. Code in `<pre>` blocks
 * is left alone.
 */
import type {Element, ElementContent, Nodes, Root, Text} from 'hast';

export const WORDS_CLASS = 'code-words';
/** Inline code up to this length stays whole: it fits any line. */
export const SHORT_CODE = 24;
/** A word longer than this gets places where it may break. */
export const LONG_WORD = 28;

const textOf = (node: Nodes | ElementContent): string => (node.type === 'text' ? node.value : 'children' in node ? node.children.map(textOf).join('') : '');

const text = (value: string): Text => ({type: 'text', value});

/** The pieces of one long word: cut after the characters where a reader expects a break. */
function pieces(word: string): string[] {
  return word.match(/[^./_=&?,]*(?:[./_=&?,]+|$)/g)?.filter(Boolean) ?? [word];
}

/** The replacement for one long inline code element. */
export function splitCode(code: Element): Element {
  const words = textOf(code).split(/(\s+)/);
  const children: ElementContent[] = [];
  for (const word of words) {
    if (word === '') continue;
    if (/^\s+$/.test(word)) {
      children.push(text(' '));
      continue;
    }
    const parts = word.length > LONG_WORD ? pieces(word) : [word];
    parts.forEach((part, index) => {
      if (index > 0) children.push({type: 'element', tagName: 'wbr', properties: {}, children: []});
      children.push({type: 'element', tagName: 'code', properties: {}, children: [text(part)]});
    });
  }
  return {type: 'element', tagName: 'span', properties: {className: [WORDS_CLASS]}, children};
}

export function keepInlineCodeWhole(tree: Root): void {
  const visit = (node: Nodes) => {
    if (node.type === 'element' && node.tagName === 'pre') return;
    if (!('children' in node)) return;
    node.children.forEach((child, index) => {
      if (child.type === 'element' && child.tagName === 'code') {
        const value = textOf(child);
        if (value.length > SHORT_CODE && /\s|.{29}/.test(value)) node.children[index] = splitCode(child);
        return;
      }
      visit(child);
    });
  };
  visit(tree);
}

export default function rehypeInlineCode() {
  return (tree: Root) => keepInlineCodeWhole(tree);
}
