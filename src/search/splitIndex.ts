/**
 * The engine side of the split index (src/search/split.ts): splitting a
 * packed index at build time, and an engine over some of its files in the
 * browser.
 */
import type {AsPlainObject} from 'minisearch';
import {headingPhraseBoost, SearchEngine, TEXT_PHRASE_BOOST, type Ranked, type SearchRequest} from './engine';
import {unpackIndex, type PackedIndex, type SearchRecord} from './records';
import {
  SPLIT_FORMAT_VERSION,
  bucketOf,
  TEXT_BUCKET_SIZE,
  encodeShardList,
  shardKey,
  type IndexStatistics,
  type SplitBase,
  type SplitManifest,
  type TermShard,
  type TextBucket,
} from './split';
import {termsOf} from './text';

export type SplitIndex = {
  manifest: SplitManifest;
  base: SplitBase;
  shards: Map<string, TermShard>;
  buckets: TextBucket[];
};

function compactStatistics(serialised: AsPlainObject): IndexStatistics {
  const {index: _terms, documentIds, fieldLength, storedFields: _stored, ...rest} = serialised;
  const fieldLengths: number[] = [];
  for (let id = 0; id < rest.nextId; id += 1) {
    if (documentIds[id] !== id) throw new Error(`Search index: document ${id} is not section ${id}; the split index relies on it.`);
    fieldLengths.push(...fieldLength[id]);
  }
  return {...rest, fieldLengths};
}

function fullStatistics({fieldLengths, ...rest}: IndexStatistics): Omit<AsPlainObject, 'index'> {
  const fields = Object.keys(rest.fieldIds).length;
  const documentIds: AsPlainObject['documentIds'] = {};
  const fieldLength: AsPlainObject['fieldLength'] = {};
  const storedFields: AsPlainObject['storedFields'] = {};
  for (let id = 0; id < rest.nextId; id += 1) {
    documentIds[id] = id;
    fieldLength[id] = fieldLengths.slice(id * fields, (id + 1) * fields);
    storedFields[id] = {};
  }
  return {...rest, documentIds, fieldLength, storedFields};
}

/** Splits a packed index (build time). `build` identifies this build's files; `folder` is their URL. */
export function splitIndex(packed: PackedIndex, build: string, folder: string, bucketSize = TEXT_BUCKET_SIZE): SplitIndex {
  const serialised = SearchEngine.fromPacked(packed).serialise();
  const shards = new Map<string, TermShard>();
  for (const entry of serialised.index) {
    const key = shardKey(entry[0]);
    let shard = shards.get(key);
    if (!shard) shards.set(key, (shard = {build, terms: []}));
    shard.terms.push(entry);
  }
  const buckets: TextBucket[] = [];
  for (let first = 0; first < packed.sections.length; first += bucketSize) {
    buckets.push({build, text: packed.sections.slice(first, first + bucketSize).map((section) => section[4])});
  }
  const sections = packed.sections.map((section) => {
    const withoutText = [...section] as typeof section;
    withoutText[4] = '';
    return withoutText;
  });
  return {
    manifest: {build, folder, shards: encodeShardList([...shards.keys()]), bucketSize},
    base: {v: SPLIT_FORMAT_VERSION, build, index: {...packed, sections}, statistics: compactStatistics(serialised)},
    shards,
    buckets,
  };
}

/** An engine over the base and some term files; records have no text until `addText` fills it. */
export function engineFromSplit(base: SplitBase, shards: TermShard[]): SearchEngine {
  if (base.v !== SPLIT_FORMAT_VERSION) throw new Error(`Split index format ${String(base.v)} is not supported.`);
  const records: SearchRecord[] = unpackIndex(base.index);
  return SearchEngine.fromSplit(records, {...fullStatistics(base.statistics), index: shards.flatMap((shard) => shard.terms)});
}

/** Gives the records of one text file their text. */
export function addText(records: SearchRecord[], bucket: number, file: TextBucket, manifest: Pick<SplitManifest, 'bucketSize'>): void {
  file.text.forEach((text, offset) => {
    const record = records[bucket * manifest.bucketSize + offset];
    if (record) record.content = text || null;
  });
}

/** More text files than this for one query, and the first paint leaves the query to the React page. */
export const MAX_TEXT_FILES = 24;

/**
 * The sections whose text a page of results needs: the ones shown (snippets)
 * and, for a query of several words, every section that a phrase in its text
 * (TEXT_PHRASE_BOOST) could lift onto the page.
 */
export function sectionsNeedingText(ranked: Ranked[], query: string, hitsPerPage: number): number[] {
  const shown = ranked.slice(0, hitsPerPage);
  const needed = new Set(shown.map((entry) => Number(entry.record.objectID)));
  const terms = termsOf(query);
  if (terms.length > 1 && ranked.length > hitsPerPage) {
    const lowestShown = shown[shown.length - 1].score;
    const phrase = terms.join(' ');
    for (const entry of ranked.slice(hitsPerPage)) {
      // A heading that holds the phrase has given its boost already; the text adds nothing.
      if (headingPhraseBoost(phrase, entry.record) > 1) continue;
      // Text that holds the query holds each of its words: a section without one of them in its text cannot gain.
      if (!terms.every((term) => entry.match[term]?.includes('content'))) continue;
      if (entry.score * TEXT_PHRASE_BOOST >= lowestShown) needed.add(Number(entry.record.objectID));
    }
  }
  return [...needed];
}

/**
 * The text files the first page of results for `request` needs, or null when
 * there are more than MAX_TEXT_FILES (the first paint then draws nothing).
 */
export function textFilesNeeded(engine: SearchEngine, request: SearchRequest, manifest: Pick<SplitManifest, 'bucketSize'>): number[] | null {
  const ranked = engine.rank(request.query, request.facetFilters);
  const sections = sectionsNeedingText(ranked, request.query, request.hitsPerPage ?? 20);
  const buckets = [...new Set(sections.map((section) => bucketOf(section, manifest)))];
  return buckets.length > MAX_TEXT_FILES ? null : buckets;
}
