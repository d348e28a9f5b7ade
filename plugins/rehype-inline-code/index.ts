/**
 * A rehype plugin for the docs: inline code never breaks inside a token. A browser breaks a line
 * after a hyphen or a slash, so `--environment` could end a line with `--`, and at spaces, so
 * a cron expression such as `0 6 * * 1-5` could be cut in two; either misleads a reader who copies by eye.
 *
 * src/css/custom.css keeps every inline code on one line (`white-space: nowrap`). Only code longer
 * than `SHORT_CODE` characters, which might not fit a phone's line, is changed here:
 * - code of several words becomes one `<code>` per word inside a `<span class="code-words">`,
 *   the words still separated by their spaces, so the line breaks only between words;
 * - a single word longer than `LONG_WORD` (a long identifier, a URL) is marked `code-long`, and
 *   may break where it must rather than run off a phone's screen.
 * The text, what a reader copies and what the search index reads are unchanged: no element is
 * ever set directly against another. Code in `<pre>` blocks is left alone.
 */
import type {Element, ElementContent, Nodes, Root, Text} from 'hast';

export const WORDS_CLASS = 'code-words';
export const LONG_CLASS = 'code-long';
/** Inline code up to this length stays whole: it fits any line. */
export const SHORT_CODE = 24;
/** A word longer than this may break inside itself, where it must. */
export const LONG_WORD = 28;

const textOf = (node: Nodes | ElementContent): string => (node.type === 'text' ? node.value : 'children' in node ? node.children.map(textOf).join('') : '');

const text = (value: string): Text => ({type: 'text', value});

const code = (word: string): Element => ({
  type: 'element',
  tagName: 'code',
  properties: word.length > LONG_WORD ? {className: [LONG_CLASS]} : {},
  children: [text(word)],
});

/** The replacement for one long inline code element. */
export function splitCode(element: Element): Element {
  const value = textOf(element);
  if (!/\s/.test(value.trim())) return {...element, properties: {...element.properties, className: [LONG_CLASS]}};
  const children: ElementContent[] = [];
  for (const part of value.trim().split(/(\s+)/)) {
    if (part === '') continue;
    children.push(/^\s+$/.test(part) ? text(' ') : code(part));
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
        const needsSplit = value.length > SHORT_CODE && (/\S\s+\S/.test(value) || value.trim().length > LONG_WORD);
        if (needsSplit) node.children[index] = splitCode(child);
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
