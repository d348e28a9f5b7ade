/**
 * A rehype plugin for the docs: makes every Markdown table keyboard-focusable.
 * Infima renders tables as horizontally scrollable blocks, and on a phone a
 * wide reference table scrolls; a scrollable region that cannot take focus is
 * out of reach for keyboard users (axe: scrollable-region-focusable).
 */
/** The part of a hast node the docs' rehype plugins read (also plugins/code-highlight). */
export type HastNode = {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
};

export function makeTablesFocusable(tree: HastNode): void {
  const visit = (node: HastNode) => {
    if (node.type === 'element' && node.tagName === 'table') {
      node.properties = {...node.properties, tabIndex: 0};
    }
    node.children?.forEach(visit);
  };
  visit(tree);
}

export default function rehypeFocusableTables() {
  return (tree: HastNode) => makeTablesFocusable(tree);
}
