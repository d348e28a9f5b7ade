/**
 * Types for the untyped modules the search imports (@types/react-dom is not
 * installed; DocSearch's style entry is CSS only; the stemmer ships none).
 */
declare module 'react-dom' {
  import type {ReactNode, ReactPortal} from 'react';
  export function createPortal(children: ReactNode, container: Element | DocumentFragment, key?: string | null): ReactPortal;
}

declare module '@docsearch/react/style';

declare module 'wink-porter2-stemmer' {
  /** The Porter2 (English Snowball) stem of one lower-case word. */
  export default function stem(word: string): string;
}
