/**
 * Reads a rendered page (the HTML Docusaurus wrote into build/) and splits its
 * main content into sections at each heading that carries an id: the text a
 * reader sees, without navigation, copy buttons or "Direct link" anchors.
 */
import {Parser} from 'htmlparser2';
import type {PageKind} from '../../src/search/kinds';
import type {ExtractedPage} from '../../src/search/records';

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
  let title = '';

  const stack: Array<{name: string; skip: boolean; root: boolean; heading: {level: number; id: string | null} | null}> = [];
  let inRoot = 0;
  let skipping = 0;
  let heading: {level: number; id: string | null; text: string} | null = null;
  let inPre = 0;
  // The text of the code block being read; codeStart() decides how much of it is kept.
  let code = '';
  // Two inline elements with nothing between them are set apart by style, not by a space
  // (an API page's method badge and its path: "POST" and "/apps"); the text keeps them apart.
  let afterInlineElement = false;

  const append = (text: string) => {
    if (heading) heading.text += text;
    else current.text += text;
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
        stack.push({name, skip, root: isRoot, heading: startsSection ? {level, id: attributes.id ?? null} : null});
        if (isRoot) inRoot += 1;
        if (skip) skipping += 1;
        if (name === 'pre') {
          if (inPre === 0) code = '';
          inPre += 1;
        }
        if (inRoot > 0 && skipping === 0) {
          if (startsSection) heading = {level, id: attributes.id ?? null, text: ''};
          else if (BLOCK_TAGS.has(name)) append('\n');
          else if (CELL_TAGS.has(name)) append(' ');
          else if (afterInlineElement && inPre === 0) append(' ');
        }
        afterInlineElement = false;
      },
      ontext(text) {
        if (crumbDepth >= 0) crumb += text;
        if (inRoot === 0 || skipping > 0) return;
        afterInlineElement = false;
        if (inPre > 0) {
          // Enough to finish the word that crosses the limit; the rest is never kept.
          if (code.length <= CODE_BLOCK_CHARS + CODE_WORD_CHARS) code += text;
        } else {
          // Line breaks inside a paragraph are only source formatting.
          append(text.replace(/\n/g, ' '));
        }
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
        if (name === 'pre' && inPre === 1 && inRoot > 0 && skipping === 0) append(codeStart(code));
        if (entry.heading && heading && skipping === 0) {
          const text = tidy(heading.text).replace(/\n/g, ' ');
          if (heading.level === 1) {
            if (!title) title = text;
          } else {
            sections.push(current);
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
        } else if (inRoot > 0 && skipping === 0 && (BLOCK_TAGS.has(name) || CELL_TAGS.has(name))) {
          append(CELL_TAGS.has(name) ? ' ' : '\n');
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
  sections.push(current);

  if (!title) return null;
  const cleaned = sections.map((section) => ({...section, text: tidy(section.text)})).filter((section) => section.level === 1 || section.heading);
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
