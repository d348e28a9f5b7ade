/** Hand-made pages and ranked sections for the search tests, in the shapes src/search/records.ts and engine.ts take. */
import type {Ranked} from '../../../src/search/engine';
import type {PageKind} from '../../../src/search/kinds';
import {blocksText, type Block, type ExtractedPage, type SearchRecord} from '../../../src/search/records';

/** A section: its heading, its text (by default the text of its blocks), and its level (1 for the first, 2 after unless given). */
export type SectionSpec = {heading: string; blocks?: Block[]; text?: string; level?: number; parents?: string[]};

/** A page as the extractor gives it: its first section is the page's top, the others are anchored by their heading. */
export function extractedPage(
  path: string,
  title: string,
  sections: SectionSpec[],
  {trail = ['Guides'], kind = 'guide'}: {trail?: string[]; kind?: PageKind} = {},
): ExtractedPage {
  return {
    path,
    title,
    trail,
    kind,
    language: 'en',
    tags: ['docs-default-current'],
    sections: sections.map(({heading, blocks, text, level, parents = []}, i) => ({
      level: level ?? (i === 0 ? 1 : 2),
      anchor: i === 0 ? null : heading.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      heading,
      parents,
      text: text ?? blocksText(blocks ?? []),
      ...(blocks ? {blocks} : {}),
    })),
  };
}

/** A section as the engine would rank it, with a score the test chooses and nothing matched. */
export const rankedAs = (record: SearchRecord, score: number): Ranked => ({
  record,
  score,
  terms: [],
  match: {},
  share: 1,
  headingShare: 0,
  ownHeadingShare: 0,
  matchedWords: [],
});
