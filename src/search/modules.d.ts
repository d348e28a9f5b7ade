/**
 * Types for the two untyped modules the search UI imports (@types/react-dom
 * is not installed; DocSearch's style entry is CSS only).
 */
declare module 'react-dom' {
  import type {ReactNode, ReactPortal} from 'react';
  export function createPortal(children: ReactNode, container: Element | DocumentFragment, key?: string | null): ReactPortal;
}

declare module '@docsearch/react/style';
