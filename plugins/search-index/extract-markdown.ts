/**
 * Development-server counterpart of extract-html.ts: `docusaurus start`
 * renders pages in the browser only, so there is no HTML to read. This splits
 * the Markdown sources into the same sections (H2..H6 with Docusaurus's
 * heading ids) and the same blocks (paragraphs, lists, tables, code blocks)
 * with inline markup removed. The production index is always built from the
 * rendered HTML; the relevance and Ask AI tests read the sources through this
 * (source-pages.ts), so they need no build.
 */
import {createSlugger, parseMarkdownHeadingId} from '@docusaurus/utils';
import type {PageKind} from '../../src/search/kinds';
import {blocksText, type Block, type ExtractedPage} from '../../src/search/records';
import {isDiagramLanguage, parseDiagramMeta, titleSentence} from '../diagrams/fence';
import {readMarkdown, type MarkdownDocument} from '../../lib/markdown';

/** Inline Markdown (and JSX/HTML tags) to the text a reader sees; code spans are kept as written (`--name <name>`). */
function markdownInlineToText(line: string): string {
  const spans: string[] = [];
  return line
    .replace(/`([^`]*)`/g, (_, code: string) => `\u0000${spans.push(code) - 1}\u0000`)
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/<\/?[A-Za-z][^>]*>/g, ' ')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[^\w*])[*_]([^*_\n]+)[*_](?=[^\w*]|$)/g, '$1$2')
    .replace(/\u0000(\d+)\u0000/g, (_, index: string) => spans[Number(index)])
    .replace(/\s+/g, ' ')
    .trim();
}

/** The cells of a table row (`| a | b |`), pipes escaped as `\|` kept. */
function tableCells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split(/(?<!\\)\|/)
    .map((cell) => markdownInlineToText(cell.replace(/\\\|/g, '|')));
}

const LIST_ITEM = /^(\s*)(?:[-*+]|(\d+)[.)])\s+(.*)$/;
const TABLE_ROW = /^\s*\|/;
const TABLE_RULE = /^\s*\|?\s*:?-{3,}/;

/**
 * The blocks of one section, read line by line: consecutive lines make a
 * paragraph, `-`/`1.` lines (and the indented lines under them) a list, `|`
 * lines a table, fences a code block. A fence inside a list ends the list
 * before it; the list goes on after it, numbered on.
 */
class MarkdownBlocks {
  readonly blocks: Block[] = [];
  private paragraph: string[] = [];
  private list: {items: string[]; ordered: boolean; start: number} | null = null;
  private table: string[][] | null = null;
  private blank = false;

  line(raw: string): void {
    if (raw.trim() === '') {
      this.flushParagraph();
      this.endTable();
      this.blank = true;
      return;
    }
    const item = LIST_ITEM.exec(raw);
    if (TABLE_ROW.test(raw)) {
      this.flushParagraph();
      this.endList();
      this.table ??= [];
      if (!TABLE_RULE.test(raw)) this.table.push(tableCells(raw));
    } else if (item) {
      this.flushParagraph();
      this.endTable();
      if (!this.list) this.list = {items: [], ordered: item[2] !== undefined, start: Number(item[2] ?? 1)};
      this.list.items.push(item[3]);
    } else if (this.list && (/^\s/.test(raw) || !this.blank)) {
      // An indented line, or a line right under an item, continues the item.
      const items = this.list.items;
      items[items.length - 1] = `${items[items.length - 1]} ${raw.trim()}`;
    } else {
      this.endList();
      this.endTable();
      this.paragraph.push(raw.replace(/^\s*>\s?/, ''));
    }
    this.blank = false;
  }

  /** Text that stands alone (an admonition's title, a diagram's description). */
  paragraphOf(text: string): void {
    this.boundary();
    if (text) this.blocks.push(text);
  }

  /** A block starts: whatever was being read ends (a list only breaks, to go on after a code block). */
  boundary(): void {
    this.flushParagraph();
    this.endTable();
    if (this.list) this.breakList();
  }

  code(code: string, language: string | undefined, title: string | undefined): void {
    this.boundary();
    if (code.trim()) this.blocks.push({code: code.replace(/\s+$/, ''), ...(language ? {language} : {}), ...(title ? {title} : {})});
  }

  finish(): Block[] {
    this.flushParagraph();
    this.endTable();
    this.endList();
    return this.blocks;
  }

  private flushParagraph(): void {
    // Inline markup may span lines (**environment\nvariable**): it is read once the paragraph is whole.
    const text = markdownInlineToText(this.paragraph.join(' '));
    if (text) this.blocks.push(text);
    this.paragraph = [];
  }

  private endTable(): void {
    if (this.table?.length) this.blocks.push({table: this.table});
    this.table = null;
  }

  private endList(): void {
    const items = this.list?.items.map(markdownInlineToText).filter(Boolean) ?? [];
    if (this.list && items.length) this.blocks.push(this.list.ordered ? {list: items, start: this.list.start} : {list: items});
    this.list = null;
  }

  private breakList(): void {
    if (!this.list) return;
    const {items, ordered, start} = this.list;
    this.endList();
    this.list = {items: [], ordered, start: start + items.length};
  }
}

/** Splits one Markdown document into page sections: its source, or the document the Markdown reader made of it when the caller has one. */
export function extractMarkdown(
  source: string | MarkdownDocument,
  page: {path: string; title: string; trail: string[]; kind: PageKind; language?: string; tags?: string[]; mdx?: boolean},
): ExtractedPage {
  const slugger = createSlugger();
  const sections: ExtractedPage['sections'] = [];
  const headingStack: Array<{level: number; text: string}> = [];
  let current: ExtractedPage['sections'][number] = {level: 1, anchor: null, heading: page.title, parents: [], text: ''};
  // Code fences, their attributes and the front matter come from the one Markdown reader.
  const document = typeof source === 'string' ? readMarkdown(source, {sourceName: page.path, mdx: page.mdx}) : source;
  const fenceAt = new Map(document.fences.map((fence) => [fence.line, fence]));
  let blocks = new MarkdownBlocks();

  const flush = () => {
    current.blocks = blocks.finish();
    current.text = blocksText(current.blocks);
    blocks = new MarkdownBlocks();
    sections.push(current);
  };

  for (let index = document.bodyLine - 1; index < document.lines.length; index++) {
    const raw = document.lines[index];
    const fence = fenceAt.get(index + 1);
    if (fence) {
      // A diagram's source is not text a reader sees; its caption is (as in the built page).
      const diagram = isDiagramLanguage(fence.lang) ? parseDiagramMeta(fence.meta) : undefined;
      if (diagram && !('error' in diagram)) blocks.paragraphOf(`${titleSentence(diagram.title)} ${diagram.description}`);
      if (!diagram) {
        const title = fence.attributes.get('title');
        blocks.code(fence.code, fence.lang || undefined, typeof title === 'string' ? title : undefined);
      }
      index = fence.endLine - 1;
      continue;
    }
    // import/export lines of MDX, and a reader tool's directive (::towerfile-checker): the built page shows the tool, not this line.
    if (/^\s*(import|export)\s/.test(raw) || /^::[a-z]/.test(raw)) continue;
    const headingMatch = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(raw);
    if (headingMatch) {
      const level = headingMatch[1].length;
      const {text: headingSource, id: explicitId} = parseMarkdownHeadingId(headingMatch[2]);
      const text = markdownInlineToText(headingSource);
      if (level === 1) continue;
      flush();
      while (headingStack.length && headingStack[headingStack.length - 1].level >= level) headingStack.pop();
      current = {
        level,
        anchor: explicitId ?? slugger.slug(text),
        heading: text,
        parents: headingStack.map((h) => h.text),
        text: '',
      };
      headingStack.push({level, text});
      continue;
    }
    const admonition = /^\s*:::\s*\w*(?:\[(.*)\])?/.exec(raw);
    if (admonition) {
      blocks.paragraphOf(admonition[1] ? markdownInlineToText(admonition[1]) : '');
      continue;
    }
    blocks.line(raw);
  }
  flush();
  return {
    path: page.path,
    trail: page.trail,
    kind: page.kind,
    title: page.title,
    language: page.language ?? 'en',
    tags: page.tags ?? ['default'],
    sections,
  };
}
