/**
 * A rehype plugin for the docs: highlights every fenced code block while the
 * page is compiled. The `<code>` element of a block keeps its `className`
 * (language-*) and gains `html`, the highlighted markup, and `title`, parsed
 * from the fence's meta (```toml title="Towerfile"). Its text children are
 * dropped: the markup already carries the text, and shipping both would
 * double the code in the page's JavaScript. src/theme/CodeBlock renders it.
 */
import type {Element, Nodes, Root} from 'hast';
import {highlightToHtml, UnknownLanguageError} from './highlight';

type VFileLike = {path?: string; history?: string[]};

const textOf = (node: Nodes): string => (node.type === 'text' ? node.value : 'children' in node ? node.children.map(textOf).join('') : '');

/** `title="Towerfile"` or `title='Towerfile'` in a fence's meta string. */
export function titleFromMeta(meta: unknown): string | undefined {
  if (typeof meta !== 'string') return undefined;
  return /(?:^|\s)title=(["'])(.*?)\1/.exec(meta)?.[2];
}

function languageOf(code: Element): string {
  const classes = code.properties.className;
  const list = Array.isArray(classes) ? classes.map(String) : String(classes ?? '').split(/\s+/);
  const language = list.find((name) => name.startsWith('language-'));
  return language ? language.slice('language-'.length) : '';
}

/** Highlights the code blocks of one page's tree in place; `file` names the page in errors. */
export function highlightCodeBlocks(tree: Root, file = 'a docs page'): void {
  const visit = (node: Nodes) => {
    if (node.type === 'element' && node.tagName === 'pre') {
      const code = node.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code');
      if (code) {
        const language = languageOf(code);
        let html: string;
        try {
          html = highlightToHtml(textOf(code).replace(/\n$/, ''), language);
        } catch (error) {
          if (error instanceof UnknownLanguageError) throw new Error(`${file}: ${error.message}`);
          throw error;
        }
        const title = titleFromMeta(code.properties.metastring);
        code.properties = {...code.properties, html, ...(title ? {title} : {})};
        code.children = [];
        return;
      }
    }
    if ('children' in node) node.children.forEach(visit);
  };
  visit(tree);
}

export default function rehypeCodeHighlight() {
  return (tree: Root, file: VFileLike) => highlightCodeBlocks(tree, file.path ?? file.history?.at(-1));
}
