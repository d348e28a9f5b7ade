/**
 * Development-server counterpart of extract-html.ts: `docusaurus start`
 * renders pages in the browser only, so there is no HTML to read. This splits
 * the Markdown sources into the same sections (H2..H6 with Docusaurus's
 * heading ids) with inline markup removed. The production index is always
 * built from the rendered HTML.
 */
import {createSlugger, parseMarkdownHeadingId} from '@docusaurus/utils';
import {readMarkdown} from '../../lib/markdown';
import type {PageKind} from '../../src/search/kinds';
import type {ExtractedPage} from '../../src/search/records';
import {isDiagramLanguage, parseDiagramMeta, titleSentence} from '../diagrams/fence';

/** Inline Markdown (and JSX/HTML tags) to the text a reader sees. */
function markdownInlineToText(line: string): string {
  return line
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/<\/?[A-Za-z][^>]*>/g, ' ')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[^\w*])[*_]([^*_\n]+)[*_](?=[^\w*]|$)/g, '$1$2')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Splits one Markdown document into page sections. */
export function extractMarkdown(
  source: string,
  page: {path: string; title: string; trail: string[]; kind: PageKind; language?: string; tags?: string[]; mdx?: boolean},
): ExtractedPage {
  const slugger = createSlugger();
  const sections: ExtractedPage['sections'] = [];
  const headingStack: Array<{level: number; text: string}> = [];
  let current: ExtractedPage['sections'][number] = {level: 1, anchor: null, heading: page.title, parents: [], text: ''};
  const document = readMarkdown(source, {sourceName: page.path, mdx: page.mdx});
  const fenceAt = new Map(document.fences.map((fence) => [fence.line, fence]));
  const lines: string[] = [];

  const flush = () => {
    current.text = lines
      .join('\n')
      .replace(/\n{2,}/g, '\n')
      .trim();
    lines.length = 0;
    sections.push(current);
  };

  for (let index = document.bodyLine - 1; index < document.lines.length; index++) {
    const raw = document.lines[index];
    const fence = fenceAt.get(index + 1);
    if (fence) {
      // A diagram's source is not text a reader sees; its caption is (as in the built page).
      const diagram = isDiagramLanguage(fence.lang) ? parseDiagramMeta(fence.meta) : undefined;
      if (diagram && !('error' in diagram)) lines.push(`${titleSentence(diagram.title)} ${diagram.description}`);
      else if (!diagram) lines.push(...fence.code.split('\n').map((line) => line.trim()));
      index = fence.endLine - 1;
      continue;
    }
    if (/^\s*(import|export)\s/.test(raw)) continue;
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
      if (admonition[1]) lines.push(markdownInlineToText(admonition[1]));
      continue;
    }
    const text = markdownInlineToText(
      raw
        .replace(/^\s*(?:[-*+]|\d+\.|>)\s+/, '')
        .replace(/\|/g, ' ')
        .replace(/^[\s:-]+$/, ''),
    );
    lines.push(text);
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
