/**
 * Reads a rendered page (the HTML Docusaurus wrote into build/) and splits its
 * main content into sections at each heading that carries an id: the text a
 * reader sees, without navigation, copy buttons or "Direct link" anchors, as
 * blocks (paragraphs, lists, tables, whole code blocks with their language and
 * title) for Ask AI, and as the text the index reads (blocksText).
 */
import {Parser} from 'htmlparser2';
import type {PageKind} from '../../src/search/kinds';
import {blocksText, type Block, type ExtractedPage} from '../../src/search/records';

/** Subtrees that are never content. */
const SKIP_TAGS = new Set(['script', 'style', 'noscript', 'svg', 'button', 'nav', 'footer', 'template', 'iframe']);
const SKIP_CLASSES = ['hash-link', 'theme-doc-toc-mobile', 'theme-doc-footer', 'pagination-nav', 'theme-doc-breadcrumbs', 'sr-only'];
/** Elements whose start or end separates two blocks of text. */
const BLOCK_TAGS = new Set([
  'p',
  'div',
  'section',
  'article',
  'header',
  'li',
  'ul',
  'ol',
  'dl',
  'dt',
  'dd',
  'table',
  'thead',
  'tbody',
  'tr',
  'pre',
  'blockquote',
  'details',
  'summary',
  'figure',
  'figcaption',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
]);
const CELL_TAGS = new Set(['td', 'th']);
/** Where the content lives, best first: doc pages (API pages included), category index pages. */
const ROOT_CLASSES = ['theme-doc-markdown', 'generatedIndexPage'];
/** Re-exported for the tests that pin how much of a code block the index keeps. */
export {CODE_BLOCK_CHARS, codeStart} from '../../src/search/records';

type Section = ExtractedPage['sections'][number];

function classesOf(attributes: Record<string, string>): string[] {
  return (attributes.class ?? '').split(/\s+/).filter(Boolean);
}

function hasClassPrefix(classes: string[], wanted: string): boolean {
  // CSS-module classes carry a hash suffix (generatedIndexPage_cSFB).
  return classes.some((c) => c === wanted || c.startsWith(`${wanted}_`));
}

function tidy(text: string): string {
  return text
    .replace(/\u200b/g, '')
    .replace(/[ \t\f\r\u00a0]+/g, ' ')
    .replace(/ *\n[\n ]*/g, '\n')
    .trim();
}

/** Picks the content root's rank for an element, or -1. */
function rootRank(name: string, classes: string[]): number {
  const byClass = ROOT_CLASSES.findIndex((wanted) => hasClassPrefix(classes, wanted));
  if (byClass >= 0) return byClass;
  if (name === 'article') return ROOT_CLASSES.length;
  if (name === 'main') return ROOT_CLASSES.length + 1;
  return -1;
}

/** Collapses the whitespace of a piece of inline text. */
function tidyInline(text: string): string {
  return text
    .replace(/\u200b/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The blocks of one section, built as the parser walks its elements: inline
 * text goes to the innermost open container (a code block, a table cell, a
 * list item, else the paragraph being read), and closing a container puts its
 * block in place. Lists inside lists are read as one list; a code block or a
 * table inside a list item ends the list before it (the list goes on after it,
 * numbered on).
 */
class BlockBuilder {
  readonly blocks: Block[] = [];
  private paragraph = '';
  private list: {items: string[]; ordered: boolean; start: number; depth: number} | null = null;
  private item: string | null = null;
  private table: string[][] | null = null;
  private row: string[] | null = null;
  private cell: string | null = null;
  private code: {text: string; language?: string; title?: string} | null = null;

  get inCode(): boolean {
    return this.code !== null;
  }

  text(text: string): void {
    if (this.code) this.code.text += text;
    else if (this.cell !== null) this.cell += text;
    else if (this.item !== null) this.item += text;
    else this.paragraph += text;
  }

  /** A block element starts or ends inside the current container: the text read so far is a unit of its own. */
  boundary(): void {
    if (this.code || this.cell !== null) return;
    if (this.item !== null) this.item += ' ';
    else this.flushParagraph();
  }

  openList(ordered: boolean, start: number): void {
    if (this.list) {
      // A list inside an item: its items follow the item's own text.
      this.endItem();
      this.list.depth += 1;
      return;
    }
    this.flushParagraph();
    this.list = {items: [], ordered, start, depth: 1};
  }

  closeList(): void {
    if (!this.list) return;
    this.endItem();
    this.list.depth -= 1;
    if (this.list.depth === 0) this.endList();
  }

  openItem(): void {
    this.endItem();
    if (this.list) this.item = '';
  }

  closeItem(): void {
    this.endItem();
  }

  openTable(): void {
    this.breakList();
    this.flushParagraph();
    this.table = [];
  }

  // Minified pages leave cells and rows unclosed (`<th>Name<tbody><tr><td>…`): a new row or cell ends the one before.
  openRow(): void {
    this.closeRow();
    this.row = [];
  }

  openCell(): void {
    this.closeCell();
    this.cell = '';
  }

  closeCell(): void {
    if (this.cell === null) return;
    this.row?.push(tidyInline(this.cell));
    this.cell = null;
  }

  closeRow(): void {
    this.closeCell();
    if (this.table && this.row && this.row.some((cell) => cell !== '')) this.table.push(this.row);
    this.row = null;
  }

  closeTable(): void {
    this.closeRow();
    if (this.table?.length) this.blocks.push({table: this.table});
    this.table = null;
  }

  openCode(language: string | undefined, title: string | undefined): void {
    this.breakList();
    this.flushParagraph();
    this.code = {text: '', ...(language ? {language} : {}), ...(title ? {title} : {})};
  }

  closeCode(): void {
    if (!this.code) return;
    const {text, ...about} = this.code;
    const code = text.replace(/\u200b/g, '').replace(/\s+$/, '');
    if (code) this.blocks.push({code, ...about});
    this.code = null;
  }

  finish(): Block[] {
    this.closeCode();
    this.closeTable();
    while (this.list) this.closeList();
    this.flushParagraph();
    return this.blocks;
  }

  private flushParagraph(): void {
    const text = tidyInline(this.paragraph);
    if (text) this.blocks.push(text);
    this.paragraph = '';
  }

  private endItem(): void {
    if (this.item === null || !this.list) return;
    const text = tidyInline(this.item);
    if (text) this.list.items.push(text);
    this.item = null;
  }

  private endList(): void {
    if (this.list?.items.length) {
      const {items, ordered, start} = this.list;
      this.blocks.push(ordered ? {list: items, start} : {list: items});
    }
    this.list = null;
  }

  /** A code block or a table inside a list item: the list so far is one block, and it goes on after (numbered on). */
  private breakList(): void {
    if (!this.list) return;
    this.endItem();
    const {items, ordered, start, depth} = this.list;
    if (items.length) this.blocks.push(ordered ? {list: items, start} : {list: items});
    this.list = {items: [], ordered, start: start + items.length, depth};
  }
}

/** The language a code block names in its own classes or an ancestor's (`language-bash`). */
function languageOf(classLists: string[][]): string | undefined {
  for (let i = classLists.length - 1; i >= 0; i -= 1) {
    const found = classLists[i].find((name) => name.startsWith('language-'));
    if (found) return found.slice('language-'.length);
  }
  return undefined;
}

/**
 * Extracts one page. `path` is its route (/docs/concepts/apps). Returns null
 * for a page without a title or content.
 */
export function extractPage(html: string, path: string, kind: PageKind): ExtractedPage | null {
  // First pass: find which kind of content root this page has.
  let bestRank = Infinity;
  new Parser(
    {
      onopentag(name, attributes) {
        const rank = rootRank(name, classesOf(attributes));
        if (rank >= 0 && rank < bestRank) bestRank = rank;
      },
    },
    {decodeEntities: true},
  ).end(html);
  if (bestRank === Infinity) return null;

  let language = 'en';
  const tags: string[] = [];
  const crumbs: string[] = [];
  let crumbDepth = -1;
  let crumb = '';

  const sections: Section[] = [];
  const headingStack: Array<{level: number; text: string}> = [];
  let current: Section = {level: 1, anchor: null, heading: '', parents: [], text: ''};
  let blocks = new BlockBuilder();
  let title = '';

  type Open = {name: string; classes: string[]; skip: boolean; root: boolean; heading: {level: number; id: string | null} | null};
  const stack: Open[] = [];
  let inRoot = 0;
  let skipping = 0;
  let heading: {level: number; id: string | null; text: string} | null = null;
  // A code block's container (theme-code-block) holds its title outside the <pre>.
  let codeFrame: {depth: number; title: string} | null = null;
  let inPre = 0;
  // Two inline elements with nothing between them are set apart by style, not by a space
  // (an API page's method badge and its path: "POST" and "/apps"); the text keeps them apart.
  let afterInlineElement = false;

  const endSection = () => {
    sections.push({...current, blocks: blocks.finish()});
    blocks = new BlockBuilder();
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const classes = classesOf(attributes);
        if (name === 'html' && attributes.lang) language = attributes.lang.split('-')[0];
        if (name === 'meta' && attributes.name === 'docsearch:language' && attributes.content) language = attributes.content;
        if (name === 'meta' && attributes.name === 'docsearch:docusaurus_tag' && attributes.content) tags.push(attributes.content);
        if (classes.includes('theme-doc-breadcrumbs')) crumbDepth = stack.length;
        if (crumbDepth >= 0 && name === 'li') crumb = '';

        const isRoot = inRoot === 0 && rootRank(name, classes) === bestRank;
        const skip = inRoot > 0 && (SKIP_TAGS.has(name) || SKIP_CLASSES.some((c) => classes.includes(c)) || attributes['aria-hidden'] === 'true');
        const level = /^h[1-6]$/.test(name) ? Number(name[1]) : 0;
        const startsSection = inRoot > 0 && skipping === 0 && level > 0 && (level === 1 || Boolean(attributes.id));
        stack.push({name, classes, skip, root: isRoot, heading: startsSection ? {level, id: attributes.id ?? null} : null});
        if (isRoot) inRoot += 1;
        if (skip) skipping += 1;
        const reading = inRoot > 0 && skipping === 0;
        if (reading && classes.includes('theme-code-block')) codeFrame = {depth: stack.length, title: ''};
        if (name === 'pre') {
          inPre += 1;
          if (inPre === 1 && reading) {
            blocks.openCode(languageOf(stack.map((open) => open.classes)), tidyInline(codeFrame?.title ?? ''));
          }
        }
        if (reading && inPre === 0) {
          if (startsSection) heading = {level, id: attributes.id ?? null, text: ''};
          else if (heading) {
            if (afterInlineElement) heading.text += ' ';
          } else if (name === 'ul' || name === 'ol') blocks.openList(name === 'ol', Number(attributes.start) || 1);
          else if (name === 'li') blocks.openItem();
          else if (name === 'table') blocks.openTable();
          else if (name === 'tr') blocks.openRow();
          else if (CELL_TAGS.has(name)) blocks.openCell();
          else if (BLOCK_TAGS.has(name)) blocks.boundary();
          else if (afterInlineElement) blocks.text(' ');
        }
        afterInlineElement = false;
      },
      ontext(text) {
        if (crumbDepth >= 0) crumb += text;
        if (inRoot === 0 || skipping > 0) return;
        afterInlineElement = false;
        if (heading) heading.text += text;
        else if (blocks.inCode) blocks.text(text);
        else if (codeFrame && inPre === 0) codeFrame.title += text;
        // Line breaks inside a paragraph are only source formatting.
        else blocks.text(text.replace(/\n/g, ' '));
      },
      onclosetag(name) {
        const entry = stack.pop();
        if (!entry) return;
        if (crumbDepth >= 0 && name === 'li') {
          const label = tidy(crumb);
          if (label) crumbs.push(label);
          crumb = '';
        }
        if (crumbDepth >= 0 && stack.length === crumbDepth) crumbDepth = -1;
        const reading = inRoot > 0 && skipping === 0;
        if (name === 'pre' && inPre === 1 && reading) blocks.closeCode();
        if (codeFrame && stack.length < codeFrame.depth) codeFrame = null;
        if (entry.heading && heading && skipping === 0) {
          const text = tidy(heading.text).replace(/\n/g, ' ');
          if (heading.level === 1) {
            if (!title) title = text;
          } else {
            endSection();
            while (headingStack.length && headingStack[headingStack.length - 1].level >= heading.level) headingStack.pop();
            current = {
              level: heading.level,
              anchor: heading.id,
              heading: text,
              parents: headingStack.map((h) => h.text),
              text: '',
            };
            headingStack.push({level: heading.level, text});
          }
          heading = null;
        } else if (reading && inPre === 0 && !heading) {
          if (name === 'ul' || name === 'ol') blocks.closeList();
          else if (name === 'li') blocks.closeItem();
          else if (name === 'table') blocks.closeTable();
          else if (name === 'tr') blocks.closeRow();
          else if (CELL_TAGS.has(name)) blocks.closeCell();
          else if (BLOCK_TAGS.has(name)) blocks.boundary();
        }
        if (entry.skip) skipping -= 1;
        if (entry.root) inRoot -= 1;
        if (name === 'pre') inPre -= 1;
        afterInlineElement = !BLOCK_TAGS.has(name) && !CELL_TAGS.has(name);
      },
    },
    {decodeEntities: true, recognizeSelfClosing: true},
  );
  parser.end(html);
  endSection();

  if (!title) return null;
  const cleaned = sections.map((section) => ({...section, text: blocksText(section.blocks ?? [])})).filter((section) => section.level === 1 || section.heading);
  // The last breadcrumb is the page itself (by its sidebar label).
  const trail = crumbs.slice(0, -1);
  return {
    path,
    trail,
    kind,
    title,
    language,
    tags: tags.length ? tags : ['default'],
    sections: cleaned.map((section) => (section.level === 1 ? {...section, heading: title} : section)),
  };
}
