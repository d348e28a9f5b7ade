/**
 * A rehype plugin for the docs: highlights every fenced code block while the
 * page is compiled. The `<code>` element of a block keeps its `className`
 * (language-*) and gains `html`, the highlighted markup, and from the fence's
 * meta `title` (```toml title="Towerfile"), `lineNumbersStart`
 * (showLineNumbers) and `output` (```text output: what the command before it
 * prints); highlighted lines (`{1,4-6}` and highlight comments, see
 * lines.ts) are marked in the markup. `wrappable` marks a block with a line
 * long enough to overflow a phone, the only blocks that may need the wrap
 * toggle. Its text children are dropped: the markup already carries the text, and
 * shipping both would double the code in the page's JavaScript.
 * src/theme/CodeBlock renders it.
 */
import type {Element, Nodes, Properties, Root} from 'hast';
import {highlightToHtml, highlightToLines, UnknownLanguageError} from './highlight';
import {applyMagicComments, CodeLinesError, lineNumbersStartFromMeta, rangesFromMeta, wrapLines} from './lines';
import {fenceAttribute} from '../../lib/markdown';

type VFileLike = {path?: string; history?: string[]};

const textOf = (node: Nodes): string => (node.type === 'text' ? node.value : 'children' in node ? node.children.map(textOf).join('') : '');

/** `title="Towerfile"` or `title='Towerfile'` in a fence's meta string. */
export function titleFromMeta(meta: unknown): string | undefined {
  return typeof meta === 'string' ? fenceAttribute(meta, 'title') : undefined;
}

/** A bare word in a fence's meta string, such as `output` in ```text output. */
export function hasMetaFlag(meta: unknown, flag: string): boolean {
  if (typeof meta !== 'string') return false;
  // Quoted values (title="a output b") are not flags.
  const unquoted = meta.replace(/(["'])[^]*?\1/g, '""');
  return unquoted.split(/\s+/).includes(flag);
}

/**
 * Lines up to this many characters fit a 320 px phone (14 px monospace in the
 * content column); only a block with a longer line can ever overflow, so only
 * such a block carries the wrap toggle, which the browser shows while it overflows.
 */
export const LONGEST_LINE_THAT_FITS = 30;

function languageOf(code: Element): string {
  const classes = code.properties.className;
  const list = Array.isArray(classes) ? classes.map(String) : String(classes ?? '').split(/\s+/);
  const language = list.find((name) => name.startsWith('language-'));
  return language ? language.slice('language-'.length) : '';
}

/** The properties the code element gains: the markup, and the title and line features its meta asks for. */
function renderBlock(source: string, language: string, meta: string | undefined): Properties {
  const title = titleFromMeta(meta);
  const lineNumbersStart = lineNumbersStartFromMeta(meta);
  const {code, highlighted} = applyMagicComments(source, language);
  for (const line of rangesFromMeta(meta)) highlighted.add(line);
  const lineFeatures = highlighted.size > 0 || lineNumbersStart !== undefined;
  // Blocks without line features keep the plain markup, so pages that use none carry no extra bytes.
  const html = lineFeatures ? wrapLines(highlightToLines(code, language), {highlighted, lineNumbersStart}) : highlightToHtml(code, language);
  const wrappable = code.split('\n').some((line) => line.length > LONGEST_LINE_THAT_FITS);
  return {
    html,
    ...(title ? {title} : {}),
    ...(lineNumbersStart !== undefined ? {lineNumbersStart} : {}),
    ...(hasMetaFlag(meta, 'output') ? {output: true} : {}),
    ...(wrappable ? {wrappable: true} : {}),
  };
}

/** Highlights the code blocks of one page's tree in place; `file` names the page in errors. */
export function highlightCodeBlocks(tree: Root, file = 'a docs page'): void {
  const visit = (node: Nodes) => {
    if (node.type === 'element' && node.tagName === 'pre') {
      const code = node.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code');
      if (code) {
        const language = languageOf(code);
        const meta = typeof code.properties?.metastring === 'string' ? code.properties.metastring : undefined;
        let properties: Properties;
        try {
          properties = renderBlock(textOf(code).replace(/\n$/, ''), language, meta);
        } catch (error) {
          if (error instanceof UnknownLanguageError || error instanceof CodeLinesError) {
            throw new Error(`${file}: ${error instanceof CodeLinesError ? 'code block: ' : ''}${error.message}`);
          }
          throw error;
        }
        code.properties = {...code.properties, ...properties};
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
