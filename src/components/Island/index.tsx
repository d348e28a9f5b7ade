/**
 * Marks a part of a docs page that keeps React state of its own (tabs, a
 * reader tool): plugins/islands puts it around such an element in the page's
 * MDX. It renders its child and nothing else, so the HTML does not change;
 * src/theme/DocItem/Content/DocBody.tsx finds it in the MDX's elements to
 * hydrate that part of a page whose body it otherwise adopts as it is.
 */
import type {ReactNode} from 'react';
import type {IslandKindName} from './kinds';

export default function Island({children}: {kind: IslandKindName; children: ReactNode}): ReactNode {
  return children;
}
