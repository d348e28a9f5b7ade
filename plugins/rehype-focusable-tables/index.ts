/**
 * A rehype plugin for the docs: makes every Markdown table keyboard-focusable.
 * Infima renders tables as horizontally scrollable blocks, and on a phone a
 * wide reference table scrolls; a scrollable region that cannot take focus is
 * out of reach for keyboard users (axe: scrollable-region-focusable).
 */
import type {Nodes, Root} from 'hast';

export function makeTablesFocusable(tree: Root): void {
  const visit = (node: Nodes) => {
    if (node.type === 'element' && node.tagName === 'table') {
      node.properties = {...node.properties, tabIndex: 0};
    }
    if ('children' in node) node.children.forEach(visit);
  };
  visit(tree);
}

export default function rehypeFocusableTables() {
  return (tree: Root) => makeTablesFocusable(tree);
}
