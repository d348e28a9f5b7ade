/**
 * The search records of the local index and their packed file format.
 *
 * The plugin (plugins/search-index) extracts one record per page section in
 * the shape DocSearch's crawler produces (hierarchy lvl0..lvl6, content,
 * anchor, absolute url, url_without_anchor, type). On disk the records are
 * packed in two parts:
 *
 * - the index file, fetched on the first query: page-level facts stored once
 *   per page, each section's place (page, anchor, level, heading) and the
 *   word index built at build time (postings.ts). It ranks every section,
 *   however long, without holding the text;
 * - one text file per page (its sections' text, in order), fetched for the
 *   pages a query shows or Ask AI quotes: snippets and answers need the
 *   words in order. Its name carries a hash of its content, so it can be
 *   cached for good and never pairs an index with another build's text;
 * - one blocks file per page (its sections as paragraphs, lists, tables and
 *   whole code blocks), fetched only for the sections Ask AI quotes: an
 *   answer shows a table as a table and a command with its code block,
 *   which the flat text (code cut to its start) cannot. Kept apart so that
 *   what a query downloads does not grow with the code the pages show.
 *
 * `unpackIndex` restores the DocSearch shape in the browser, the text left
 * out until `pageTexts` fills it in (and the blocks until `pageBlocks`).
 *
 * Two fields go beyond DocSearch's shape: `kind`, what the page is for
 * (src/search/kinds.ts), and lvl0 holds the page's whole breadcrumb trail
 * ("Reference › Tower API › Schedules"), not only its first step.
 */
import type {PageKind} from './kinds';
import type {PackedWords} from './postings';

export const HIERARCHY_LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
export type HierarchyLevel = (typeof HIERARCHY_LEVELS)[number];
export type Hierarchy = Record<HierarchyLevel, string | null>;
export type RecordType = HierarchyLevel | 'content';

/** One searchable section of a page, shaped like a DocSearch record. */
export type SearchRecord = {
  objectID: string;
  /** Absolute URL including the anchor, e.g. https://docs.tower.dev/docs/concepts/apps#schedules */
  url: string;
  url_without_anchor: string;
  anchor: string | null;
  /** The level of the heading that opens the section ('lvl1' for the page top). */
  type: RecordType;
  hierarchy: Hierarchy;
  /** The section's text below its heading (may be empty). */
  content: string | null;
  language: string;
  docusaurus_tag: string[];
  /** What the page is for; absent in records that come from Algolia. */
  kind?: PageKind;
  /** The section as blocks (Ask AI quotes them); absent until its page's blocks file is in, and for sections extracted as text only. */
  blocks?: Block[];
};

/**
 * A block of a section as the page shows it: a paragraph (a string), a list
 * (its items; an ordered list says its first number), a table (its rows of
 * cells, the header row first) or a code block (whole, with its language and
 * title when the page gives them).
 */
export type Block = string | {list: string[]; start?: number} | {table: string[][]} | {code: string; language?: string; title?: string};

/**
 * Code blocks are indexed by their first characters only: commands and
 * signatures come first, and whole listings would double the index size.
 * The cut never splits a word: the word in progress is finished (up to
 * CODE_WORD_CHARS more), so a block that opens with a comment still ends in
 * "tower secrets create", not "tower secrets crea".
 */
export const CODE_BLOCK_CHARS = 80;
const CODE_WORD_CHARS = 40;

/** The start of a code block's text, cut after CODE_BLOCK_CHARS at the end of a word. */
export function codeStart(code: string): string {
  if (code.length <= CODE_BLOCK_CHARS) return code;
  let end = CODE_BLOCK_CHARS;
  while (end < code.length && end < CODE_BLOCK_CHARS + CODE_WORD_CHARS && /\S/.test(code[end])) end += 1;
  // A word longer than that (a URL, a hash) is dropped rather than cut.
  if (end < code.length && /\S/.test(code[end])) end = code.lastIndexOf(' ', CODE_BLOCK_CHARS) + 1 || CODE_BLOCK_CHARS;
  return code.slice(0, end).trimEnd();
}

/**
 * The text of blocks as the index and the snippets read it: one line per
 * paragraph, list item and table row (cells joined by spaces), and the start
 * of each code block (codeStart).
 */
export function blocksText(blocks: Block[]): string {
  const lines: string[] = [];
  for (const block of blocks) {
    if (typeof block === 'string') lines.push(block);
    else if ('list' in block) lines.push(...block.list);
    else if ('table' in block) lines.push(...block.table.map((row) => row.join(' ')));
    else lines.push(codeStart(block.code));
  }
  return lines.filter((line) => line.trim() !== '').join('\n');
}

/** Whether a value read from a blocks file is a list of blocks. */
function isBlocks(value: unknown): value is Block[] {
  return (
    Array.isArray(value) &&
    value.every(
      (block: unknown) =>
        typeof block === 'string' ||
        (typeof block === 'object' &&
          block !== null &&
          ((Array.isArray((block as {list?: unknown}).list) && (block as {list: unknown[]}).list.every((item) => typeof item === 'string')) ||
            (Array.isArray((block as {table?: unknown}).table) &&
              (block as {table: unknown[]}).table.every((row) => Array.isArray(row) && row.every((cell) => typeof cell === 'string'))) ||
            typeof (block as {code?: unknown}).code === 'string')),
    )
  );
}

/** A section's own heading: the deepest heading it sits under (the page's title for the page's top). */
export function ownHeading(record: Pick<SearchRecord, 'hierarchy'>): string {
  for (const level of ['lvl6', 'lvl5', 'lvl4', 'lvl3', 'lvl2', 'lvl1'] as const) {
    const heading = record.hierarchy[level];
    if (heading) return heading;
  }
  return '';
}

/** Joins breadcrumb steps the way results show them. */
export const TRAIL_SEPARATOR = ' › ';

/** A page and its sections as the extractors produce them. */
export type ExtractedPage = {
  /** Path on the site, e.g. /docs/concepts/apps */
  path: string;
  /** The breadcrumbs between the home page and the page itself, e.g. ['Reference', 'Tower API', 'Schedules']. */
  trail: string[];
  kind: PageKind;
  title: string;
  language: string;
  tags: string[];
  sections: Array<{
    /** 1 for the page top (below the H1), 2..6 for H2..H6. */
    level: number;
    anchor: string | null;
    heading: string;
    /** Headings from H2 down to this section's parent. */
    parents: string[];
    /** What the index and the snippets read (blocksText of the blocks, when the extractor gives them). */
    text: string;
    /** The section as blocks, for Ask AI; an extractor that reads text only leaves them out. */
    blocks?: Block[];
  }>;
};

export const INDEX_FORMAT_VERSION = 5;

/**
 * [path, breadcrumb trail, title (lvl1), language, tags, kind, text file,
 * endpoint ('' unless an API operation: "POST /secrets"), blocks file ('' when
 * no section of the page has blocks)]
 */
export type PackedPage = [string, string[], string, string, string[], PageKind, string, string, string];

/** The index file: written to disk and fetched by the browser on the first query. */
export type PackedIndex = {
  v: typeof INDEX_FORMAT_VERSION;
  /** Site origin, e.g. https://docs.tower.dev */
  site: string;
  /** The text file's path is relative to the index file's folder. */
  pages: PackedPage[];
  /**
   * [page position, anchor, level 1..6, own heading ('' at the page top),
   * headings lvl2..lvlN only where they cannot be derived], in document
   * order. Parent headings normally follow from the order and levels of the
   * sections before (see HeadingTrail), so they are stored only for a
   * section whose parent has no section of its own. The anchor is '' when it
   * is the heading's usual slug (see HeadingTrail.slug), '-' when the
   * section has none, and spelled out otherwise.
   */
  sections: Array<[number, string, number, string] | [number, string, number, string, string[]]>;
  /** Which sections have which words, and how often (postings.ts). */
  words: PackedWords;
};

/** A page's text file: the text of each of its sections, in order ('' for none). */
export type PageText = string[];

/** A page's blocks file: the blocks of each of its sections, in order ([] for none). */
export type PageBlocks = Block[][];

/** A page of an unpacked index: where its text and blocks are and which records are its sections. */
export type IndexedPage = {url: string; textFile: string; blocksFile: string; endpoint: string; sections: number[]};

/** The first line of an API operation page: its method and path. */
const ENDPOINT_LINE = /^(GET|POST|PUT|PATCH|DELETE) \/\S*$/;

function joinUrl(site: string, path: string): string {
  return site.replace(/\/$/, '') + (path.startsWith('/') ? path : `/${path}`);
}

/** A page's lvl0: its trail, or a generic label for a page at the top. */
function trailLabel(trail: string[]): string {
  return trail.length ? trail.join(TRAIL_SEPARATOR) : 'Documentation';
}

function trailOf(lvl0: string | null): string[] {
  return lvl0 && lvl0 !== 'Documentation' ? lvl0.split(TRAIL_SEPARATOR) : [];
}

/** Turns extracted pages into DocSearch-shaped records. */
export function pagesToRecords(pages: ExtractedPage[], site: string): SearchRecord[] {
  const records: SearchRecord[] = [];
  pages.forEach((page) => {
    const base = joinUrl(site, page.path);
    page.sections.forEach((section) => {
      const hierarchy: Hierarchy = {lvl0: trailLabel(page.trail), lvl1: page.title, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null};
      const headings = section.level > 1 ? [...section.parents, section.heading] : [];
      headings.slice(0, 5).forEach((heading, i) => {
        hierarchy[HIERARCHY_LEVELS[i + 2]] = heading;
      });
      const level = Math.min(Math.max(section.level, 1), 6);
      records.push({
        objectID: String(records.length),
        url: section.anchor ? `${base}#${section.anchor}` : base,
        url_without_anchor: base,
        anchor: section.anchor,
        type: HIERARCHY_LEVELS[level],
        hierarchy,
        content: section.text || null,
        language: page.language,
        docusaurus_tag: page.tags,
        kind: page.kind,
        ...(section.blocks?.length ? {blocks: section.blocks} : {}),
      });
    });
  });
  return records;
}

/**
 * Packs records (which must come from `pagesToRecords`) for the browser: the
 * index file without its word index (the engine adds it), and each page's
 * text file and blocks file (when its sections have blocks), named by `fileOf`
 * (two different names for a page's two files).
 */
export function packRecords(
  records: SearchRecord[],
  site: string,
  fileOf: (content: PageText | PageBlocks, position: number, kind: 'text' | 'blocks') => string,
): {index: Omit<PackedIndex, 'words'>; texts: Map<string, PageText | PageBlocks>} {
  const pages: PackedIndex['pages'] = [];
  const pageTexts: PageText[] = [];
  const pageBlocks: PageBlocks[] = [];
  const pagePosition = new Map<string, number>();
  const sections: PackedIndex['sections'] = [];
  const origin = site.replace(/\/$/, '');
  const trail = new HeadingTrail();
  for (const record of records) {
    const path = record.url_without_anchor.startsWith(origin) ? record.url_without_anchor.slice(origin.length) || '/' : record.url_without_anchor;
    let position = pagePosition.get(path);
    if (position === undefined) {
      position = pages.length;
      pagePosition.set(path, position);
      const firstLine = (record.content ?? '').split('\n', 1)[0].trim();
      const endpoint = record.kind === 'api' && ENDPOINT_LINE.test(firstLine) ? firstLine : '';
      pages.push([
        path,
        trailOf(record.hierarchy.lvl0),
        record.hierarchy.lvl1 ?? '',
        record.language,
        record.docusaurus_tag,
        record.kind ?? 'guide',
        '',
        endpoint,
        '',
      ]);
      pageTexts.push([]);
      pageBlocks.push([]);
    }
    pageTexts[position].push(record.content ?? '');
    pageBlocks[position].push(record.blocks ?? []);
    const level = HIERARCHY_LEVELS.indexOf(record.type as HierarchyLevel);
    const headings = headingsOf(record.hierarchy);
    const ownHeading = level >= 2 ? (headings.at(-1) ?? '') : '';
    const derived = trail.next(position, level, ownHeading);
    const slug = trail.slug(level, ownHeading);
    const anchor = record.anchor === null ? NO_ANCHOR : record.anchor === slug ? '' : record.anchor;
    const section: PackedIndex['sections'][number] = [position, anchor, level, ownHeading];
    sections.push(sameList(derived, headings) ? section : [...section, headings]);
  }
  const texts = new Map<string, PageText | PageBlocks>();
  pageTexts.forEach((text, position) => {
    const file = fileOf(text, position, 'text');
    pages[position][6] = file;
    texts.set(file, text);
    const blocks = pageBlocks[position];
    if (blocks.some((section) => section.length > 0)) {
      const blocksFile = fileOf(blocks, position, 'blocks');
      pages[position][8] = blocksFile;
      texts.set(blocksFile, blocks);
    }
  });
  return {index: {v: INDEX_FORMAT_VERSION, site: origin, pages, sections}, texts};
}

function headingsOf(hierarchy: Hierarchy): string[] {
  const headings: string[] = [];
  for (const level of HIERARCHY_LEVELS.slice(2)) {
    const heading = hierarchy[level];
    if (heading === null) break;
    headings.push(heading);
  }
  return headings;
}

function sameList(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

/**
 * The headings open at each section while reading a page top to bottom: a
 * section's parents are the open headings of lower levels, as on the page.
 */
const NO_ANCHOR = '-';

class HeadingTrail {
  private open: Array<{level: number; heading: string}> = [];
  private page = -1;
  private slugs = new Map<string, number>();

  /**
   * The anchor Docusaurus gives a heading: lower case, punctuation dropped,
   * spaces as hyphens, and -1, -2... for repeats on the same page. Call after
   * next() for the same section.
   */
  slug(level: number, heading: string): string {
    if (level < 2) return '';
    const base = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const seen = this.slugs.get(base) ?? 0;
    this.slugs.set(base, seen + 1);
    return seen === 0 ? base : `${base}-${seen}`;
  }

  next(page: number, level: number, heading: string): string[] {
    if (page !== this.page) {
      this.open = [];
      this.page = page;
      this.slugs = new Map();
    }
    if (level < 2) return [];
    this.open = this.open.filter((entry) => entry.level < level);
    this.open.push({level, heading});
    return this.open.map((entry) => entry.heading).slice(0, 5);
  }
}

/**
 * Restores DocSearch-shaped records from the index file, without their text
 * (`content` is null until `pageTexts` fills it in), and the pages they
 * belong to.
 */
export function unpackIndex(packed: Omit<PackedIndex, 'words'>): {records: SearchRecord[]; pages: IndexedPage[]} {
  if (packed.v !== INDEX_FORMAT_VERSION) {
    throw new Error(`Search index format ${String(packed.v)} is not supported (expected ${INDEX_FORMAT_VERSION}).`);
  }
  const pages: IndexedPage[] = packed.pages.map(([path, , , , , , textFile, endpoint, blocksFile]) => ({
    url: joinUrl(packed.site, path),
    textFile,
    blocksFile,
    endpoint,
    sections: [],
  }));
  const headingTrail = new HeadingTrail();
  const records = packed.sections.map(([position, packedAnchor, level, ownHeading, stored], i): SearchRecord => {
    const derived = headingTrail.next(position, level, ownHeading);
    const slug = headingTrail.slug(level, ownHeading);
    const anchor = packedAnchor === NO_ANCHOR ? '' : packedAnchor || slug;
    const headings = stored ?? derived;
    const [, trail, lvl1, language, tags, kind] = packed.pages[position];
    const base = pages[position].url;
    pages[position].sections.push(i);
    const hierarchy: Hierarchy = {lvl0: trailLabel(trail), lvl1, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null};
    headings.forEach((heading, h) => {
      hierarchy[HIERARCHY_LEVELS[h + 2]] = heading;
    });
    return {
      objectID: String(i),
      url: anchor ? `${base}#${anchor}` : base,
      url_without_anchor: base,
      anchor: anchor || null,
      type: HIERARCHY_LEVELS[Math.min(Math.max(level, 1), 6)],
      hierarchy,
      content: null,
      language,
      docusaurus_tag: tags,
      kind,
    };
  });
  return {records, pages};
}

/** Fills in the text of a page's records from its text file; a file that does not fit the page is refused. */
export function pageTexts(records: SearchRecord[], page: IndexedPage, text: unknown): void {
  if (!Array.isArray(text) || text.length !== page.sections.length || text.some((part) => typeof part !== 'string')) {
    throw new Error(`Search: the text file ${page.textFile} does not belong to ${page.url} (${page.sections.length} sections).`);
  }
  page.sections.forEach((id, i) => {
    records[id].content = (text[i] as string) || null;
  });
}

/** Fills in the blocks of a page's records from its blocks file; a file that does not fit the page is refused. */
export function pageBlocks(records: SearchRecord[], page: IndexedPage, blocks: unknown): void {
  if (!Array.isArray(blocks) || blocks.length !== page.sections.length || !blocks.every(isBlocks)) {
    throw new Error(`Search: the blocks file ${page.blocksFile} does not belong to ${page.url} (${page.sections.length} sections).`);
  }
  page.sections.forEach((id, i) => {
    if (blocks[i].length) records[id].blocks = blocks[i];
  });
}
