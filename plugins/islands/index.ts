/**
 * A remark plugin for the docs: wraps every element of a component with
 * state of its own (the kinds in src/components/Island/kinds.ts: tabs, the
 * reader tools) in <Island kind="...">, which renders its child unchanged.
 * The browser adopts a page's server-rendered body without hydrating it and
 * hydrates only these parts (src/theme/DocItem/Content/DocBody.tsx); the
 * wrapper is how it tells them apart in the page's MDX.
 *
 * A component is recognised by the module the page imports it from, whatever
 * its local name, so it must run after the plugins that add such imports
 * (plugins/reader-tools).
 */
import {ISLAND_KINDS} from '../../src/components/Island/kinds';

/** The part of an mdast node this plugin reads or writes. */
export type MdastNode = {
  type: string;
  name?: string;
  value?: string;
  attributes?: unknown[];
  children?: MdastNode[];
  data?: {estree?: {body?: EstreeNode[]}} & Record<string, unknown>;
};
type EstreeNode = {type: string; source?: {value?: unknown}; specifiers?: {type: string; local?: {name?: string}}[]};

export const ISLAND_COMPONENT = '@site/src/components/Island';
/** The wrapper's local name in a page: one no page content uses. */
const WRAPPER = 'TowerDocIsland';

function importNode(name: string, source: string): MdastNode {
  return {
    type: 'mdxjsEsm',
    value: `import ${name} from ${JSON.stringify(source)};`,
    data: {
      estree: {
        type: 'Program',
        sourceType: 'module',
        body: [
          {
            type: 'ImportDeclaration',
            specifiers: [{type: 'ImportDefaultSpecifier', local: {type: 'Identifier', name}}],
            source: {type: 'Literal', value: source, raw: JSON.stringify(source)},
          },
        ],
      } as never,
    },
  };
}

/** Local names of the island components a page imports, with their kind. */
function islandImports(tree: MdastNode): Map<string, string> {
  const names = new Map<string, string>();
  for (const node of tree.children ?? []) {
    if (node.type !== 'mdxjsEsm') continue;
    for (const statement of node.data?.estree?.body ?? []) {
      if (statement.type !== 'ImportDeclaration') continue;
      const kind = ISLAND_KINDS.find((candidate) => candidate.source === statement.source?.value);
      if (!kind) continue;
      for (const specifier of statement.specifiers ?? []) {
        if (specifier.type === 'ImportDefaultSpecifier' && specifier.local?.name) names.set(specifier.local.name, kind.name);
      }
    }
  }
  return names;
}

/** Wraps the island elements of one page's tree in place; a page without one is left as it is. */
export function wrapIslands(tree: MdastNode): void {
  const components = islandImports(tree);
  if (components.size === 0) return;
  let wrapped = 0;
  const visit = (node: MdastNode) => {
    node.children?.forEach((child, index) => {
      const kind = (child.type === 'mdxJsxFlowElement' || child.type === 'mdxJsxTextElement') && child.name ? components.get(child.name) : undefined;
      if (kind) {
        // An island inside an island is the outer one's business: its children are left alone.
        node.children![index] = {
          type: child.type,
          name: WRAPPER,
          attributes: [{type: 'mdxJsxAttribute', name: 'kind', value: kind}],
          children: [child],
        };
        wrapped += 1;
      } else {
        visit(child);
      }
    });
  };
  visit(tree);
  if (wrapped > 0) tree.children = [importNode(WRAPPER, ISLAND_COMPONENT), ...(tree.children ?? [])];
}

export default function remarkIslands() {
  return (tree: MdastNode) => wrapIslands(tree);
}
