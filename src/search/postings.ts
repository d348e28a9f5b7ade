/**
 * The word index of the local search: which sections hold which index terms,
 * in which field and how often, counted once at build time and shipped in the
 * index file, so the browser never splits or stems the docs' text.
 *
 * Loading it is splitting one string of terms: a term's documents are decoded
 * the first time a query looks it up, which keeps the engine's start-up to a
 * few milliseconds on a phone. Sections are scored with BM25+ (k 1.2, b 0.7,
 * d 0.5, field lengths counted in distinct terms), the scoring MiniSearch used
 * here before, term for term, so the ranking tuned on it carries over (the
 * constants are in ranking.ts).
 */
import {BM25} from './ranking';

/** The fields of a section, in the order their postings are stored and scored. */
export const FIELDS = ['title', 'path', 'content'] as const;
export type Field = (typeof FIELDS)[number];

export type PackedWords = {
  /** The index terms, sorted, separated by spaces (a term never contains one). */
  terms: string;
  /**
   * For each term, in the same order: its documents per field, fields
   * separated by `;`, each `<field position><documents>`, the documents as
   * comma-separated base-36 gaps from the previous id, with `:<count>` (base
   * 36) when the term occurs more than once.
   */
  postings: string[];
  /** Each document's field lengths in distinct terms, base 36, documents separated by `;`, fields by `,`. */
  lengths: string;
  /** The average length of each field. */
  averages: number[];
};

/** A document's index terms, per field, as src/search/text.ts makes them. */
export type DocumentTerms = Record<Field, string[]>;

/** Counts the terms of documents 0 to n-1 (build time). */
export function indexWords(documents: DocumentTerms[]): PackedWords {
  const counts = new Map<string, Array<Map<number, number>>>();
  const averages = FIELDS.map(() => 0);
  const lengths = documents.map((document, id) =>
    FIELDS.map((field, f) => {
      const terms = document[field];
      for (const term of terms) {
        if (/\s/.test(term) || term === '') throw new Error(`indexWords: the term "${term}" is empty or contains a space.`);
        let byField = counts.get(term);
        if (!byField) counts.set(term, (byField = FIELDS.map(() => new Map())));
        byField[f].set(id, (byField[f].get(id) ?? 0) + 1);
      }
      const length = new Set(terms).size;
      // A running average, computed as MiniSearch did, to the last bit.
      averages[f] = (averages[f] * id + length) / (id + 1);
      return length;
    }),
  );
  // The default order: UTF-16 code units, as `<` compares strings.
  const terms = [...counts.keys()].sort();
  const postings = terms.map((term) =>
    (counts.get(term) as Array<Map<number, number>>)
      .flatMap((byId, f) => {
        if (byId.size === 0) return [];
        let previous = 0;
        const list = [...byId].map(([id, times]) => {
          const gap = (id - previous).toString(36);
          previous = id;
          return times > 1 ? `${gap}:${times.toString(36)}` : gap;
        });
        return [`${f}${list.join(',')}`];
      })
      .join(';'),
  );
  return {terms: terms.join(' '), postings, lengths: lengths.map((fields) => fields.map((length) => length.toString(36)).join(',')).join(';'), averages};
}

/** The documents of one term in one field: ids ascending and how often the term occurs in each. */
type Posting = {ids: number[]; counts: number[]};

export type WordMatch = {
  id: number;
  score: number;
  /** The looked-up terms the document has. */
  terms: string[];
  /** For each of those terms, the fields it is in. */
  match: Record<string, Field[]>;
};

export class WordIndex {
  readonly packed: PackedWords;
  /** Every index term, sorted. */
  readonly terms: string[];
  private readonly positions = new Map<string, number>();
  private readonly decoded = new Map<number, Array<Posting | null>>();
  private readonly lengths: number[][];

  constructor(packed: PackedWords) {
    this.packed = packed;
    this.terms = packed.terms ? packed.terms.split(' ') : [];
    if (this.terms.length !== packed.postings.length) throw new Error(`Search index: ${this.terms.length} terms but ${packed.postings.length} posting lists.`);
    this.terms.forEach((term, i) => this.positions.set(term, i));
    this.lengths = packed.lengths ? packed.lengths.split(';').map((entry) => entry.split(',').map((length) => parseInt(length, 36))) : [];
  }

  get documentCount(): number {
    return this.lengths.length;
  }

  private readonly frequencies = new Map<string, number>();

  /** How many documents have the term, in any field (0 for a term the index lacks). */
  documentFrequency(term: string): number {
    let count = this.frequencies.get(term);
    if (count === undefined) {
      const ids = new Set<number>();
      for (const posting of this.postingsOf(term) ?? []) for (const id of posting?.ids ?? []) ids.add(id);
      count = ids.size;
      this.frequencies.set(term, count);
    }
    return count;
  }

  /**
   * How much finding the term tells about a document: BM25's inverse document
   * frequency, high for a rare term ("cancel"), near zero for one most
   * documents have ("tower", "run").
   */
  informativeness(term: string): number {
    const matching = this.documentFrequency(term);
    return Math.log(1 + (this.documentCount - matching + 0.5) / (matching + 0.5));
  }

  private postingsOf(term: string): Array<Posting | null> | undefined {
    const position = this.positions.get(term);
    if (position === undefined) return undefined;
    let fields = this.decoded.get(position);
    if (!fields) {
      fields = FIELDS.map(() => null);
      for (const part of this.packed.postings[position].split(';')) {
        const posting: Posting = {ids: [], counts: []};
        let id = 0;
        for (const entry of part.slice(1).split(',')) {
          // parseInt reads the gap and stops at the colon before a count.
          id += parseInt(entry, 36);
          posting.ids.push(id);
          const colon = entry.indexOf(':');
          posting.counts.push(colon === -1 ? 1 : parseInt(entry.slice(colon + 1), 36));
        }
        fields[Number(part[0])] = posting;
      }
      this.decoded.set(position, fields);
    }
    return fields;
  }

  /**
   * The documents that have any of the terms, best first. A term's score in a
   * field is BM25+ times the term's weight, the field's boost and the
   * document's boost; a document's score is the sum over its terms and
   * fields, times how many of the terms it has.
   */
  search(
    weights: Map<string, number>,
    fieldBoost: Record<Field, number>,
    documentBoost: (id: number) => number,
    filter?: (id: number) => boolean,
  ): WordMatch[] {
    const found = new Map<number, WordMatch>();
    for (const [term, weight] of weights) {
      const fields = this.postingsOf(term);
      if (!fields) continue;
      const ofTerm = new Map<number, number>();
      FIELDS.forEach((field, f) => {
        const posting = fields[f];
        if (!posting) return;
        const matching = posting.ids.length;
        const inverse = Math.log(1 + (this.documentCount - matching + 0.5) / (matching + 0.5));
        const average = this.packed.averages[f];
        posting.ids.forEach((id, i) => {
          const boost = documentBoost(id);
          if (!boost) return;
          const times = posting.counts[i];
          const bm25 = inverse * (BM25.d + (times * (BM25.k + 1)) / (times + BM25.k * (1 - BM25.b + (BM25.b * this.lengths[id][f]) / average)));
          // Multiplied and added in this order so that scores, and so ties, stay as they were.
          ofTerm.set(id, (ofTerm.get(id) ?? 0) + weight * fieldBoost[field] * boost * bm25);
          let entry = found.get(id);
          // No prototype: a term such as `constructor` is a key like any other.
          if (!entry) found.set(id, (entry = {id, score: 0, terms: [], match: Object.create(null) as Record<string, Field[]>}));
          (entry.match[term] ??= []).push(field);
        });
      });
      for (const [id, score] of ofTerm) {
        const entry = found.get(id) as WordMatch;
        entry.score += score;
        entry.terms.push(term);
      }
    }
    const results: WordMatch[] = [];
    for (const entry of found.values()) {
      if (filter && !filter(entry.id)) continue;
      results.push({...entry, score: entry.score * entry.terms.length});
    }
    return results.sort((a, b) => b.score - a.score);
  }
}
