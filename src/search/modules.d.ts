/** Types for the untyped modules the search imports (DocSearch's style entry is CSS only; the stemmer ships none). */

declare module '@docsearch/react/style';

declare module 'wink-porter2-stemmer' {
  /** The Porter2 (English Snowball) stem of one lower-case word. */
  export default function stem(word: string): string;
}
