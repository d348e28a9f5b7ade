/**
 * The search index split into small files, for the search page's first
 * paint (src/search/firstPaint.ts): a reader who opens /search?q=... on a
 * phone should not wait for the whole index (about 115 KB) and the site's
 * JavaScript before seeing results.
 *
 * - `base.json`: every section without its text, and the index's document
 *   statistics (field lengths, counts). Scores need these for every section.
 * - `terms/<key>.json`: the index entries of the terms that start with `key`
 *   (their first two letters). A query needs the files of its own words'
 *   keys only: prefix matches share the key, and so do typo matches, because
 *   the engine never corrects a typo in a word's first two letters.
 * - `text/<n>.json`: section text in document order, `bucketSize` sections a
 *   file, fetched for the sections shown (snippets) and for those a phrase
 *   in the text could lift into view.
 *
 * Every file carries the build's id, so files from two deployments are never
 * mixed. The whole index (search-index.json) still serves everything else.
 */
import type {AsPlainObject} from 'minisearch';
import type {PackedIndex} from './records';
import {leadingLetters, termsOf} from './text';

export const SPLIT_FORMAT_VERSION = 1;

/** Sections per text file: small files, because a page of results draws on about ten of them. */
export const TEXT_BUCKET_SIZE = 4;

export type TermEntries = AsPlainObject['index'];

/**
 * The index's document statistics, without what follows from the ids being
 * the sections' positions (MiniSearch's documentIds, and its storedFields,
 * which this index does not use); about 4 KB less on the wire.
 */
export type IndexStatistics = Omit<AsPlainObject, 'index' | 'documentIds' | 'fieldLength' | 'storedFields'> & {
  /** Each section's field lengths, one after another (as many per section as fieldIds). */
  fieldLengths: number[];
};

export type SplitBase = {
  v: typeof SPLIT_FORMAT_VERSION;
  build: string;
  /** The packed index with every section's text left out (''). */
  index: PackedIndex;
  statistics: IndexStatistics;
};
export type TermShard = {build: string; terms: TermEntries};
export type TextBucket = {build: string; text: string[]};

/**
 * What the first-paint script is compiled with: where the files are (URL of
 * the folder, with a trailing slash) and which term files exist, so that it
 * never asks for a missing one (their keys in `encodeShardList`'s form: the
 * list is part of the search page's HTML).
 */
export type SplitManifest = {build: string; folder: string; shards: string; bucketSize: number};

/** The file key of an index term: its first two characters (see leadingLetters). */
export const shardKey = leadingLetters;

/** A file name for a key: as is for ASCII letters and digits, code points in hex otherwise. */
export function shardFileName(key: string): string {
  if (/^[a-z0-9]{1,2}$/.test(key)) return key;
  return `u${Array.from(key)
    .map((character) => character.codePointAt(0)!.toString(16))
    .join('-')}`;
}

/**
 * The keys of the term files in a short form: keys grouped by their first
 * character, each group that character followed by the second characters of
 * its keys ('.' for the one-character key), groups separated by spaces:
 * ["a", "ab", "ac", "b1"] -> "a.bc b1". Keys hold letters and digits only.
 */
export function encodeShardList(keys: string[]): string {
  const groups = new Map<string, string>();
  for (const key of [...keys].sort()) {
    const [first, second = '.'] = Array.from(key);
    groups.set(first, (groups.get(first) ?? '') + second);
  }
  return [...groups].map(([first, seconds]) => first + seconds).join(' ');
}

export function decodeShardList(list: string): Set<string> {
  const keys = new Set<string>();
  for (const group of list.split(' ').filter(Boolean)) {
    const [first, ...seconds] = Array.from(group);
    for (const second of seconds) keys.add(second === '.' ? first : first + second);
  }
  return keys;
}

/** The keys whose files a query needs (its words, as the engine normalises them). */
export function queryShardKeys(query: string, manifest: Pick<SplitManifest, 'shards'>): string[] {
  const available = decodeShardList(manifest.shards);
  return [...new Set(termsOf(query).map(shardKey))].filter((key) => available.has(key));
}

export function bucketOf(section: number, manifest: Pick<SplitManifest, 'bucketSize'>): number {
  return Math.floor(section / manifest.bucketSize);
}

/** The files, relative to the split index's folder. */
export const SPLIT_FILES = {
  base: 'base.json',
  terms: (key: string) => `terms/${shardFileName(key)}.json`,
  text: (bucket: number) => `text/${bucket}.json`,
};
