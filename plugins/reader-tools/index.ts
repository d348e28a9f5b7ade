/**
 * A remark plugin for the docs: the reader tools. A page asks for a tool with one leaf directive on
 * a line of its own, and never imports or renders anything itself:
 *
 *   ::towerfile-checker
 *   ::cron-explainer{app="orders-sync" cron="0 6 * * *"}
 *
 * The plugin replaces the directive with the tool's component and adds the component's import to
 * that page only, so a tool's code is part of the pages that use it and of no other page. An
 * unknown tool or attribute fails the build, naming the page and the line. A tool with a heading of
 * its own is told its level: one below the heading of the section it sits in.
 */

/** The part of an mdast node this plugin reads or writes. */
export type MdastNode = {
  type: string;
  name?: string;
  value?: string;
  attributes?: Record<string, string | null | undefined> | unknown[];
  children?: MdastNode[];
  position?: {start: {line: number}};
  data?: Record<string, unknown>;
};

type Tool = {
  /** Module of the component, as the page imports it. */
  component: string;
  /** Attributes the directive may carry, passed to the component as string props. */
  attributes: readonly string[];
  /** The component has a heading of its own, and takes its level as `headingLevel`. */
  headed?: boolean;
};

/** Every tool a page may ask for, by directive name. */
export const READER_TOOLS: Readonly<Record<string, Tool>> = {
  'towerfile-checker': {component: '@site/src/components/TowerfileChecker', attributes: []},
  'cron-explainer': {component: '@site/src/components/CronExplainer', attributes: ['app', 'cron'], headed: true},
};

export class ReaderToolError extends Error {}

/** `cron-explainer` -> `ReaderToolCronExplainer`, a name no page content uses. */
function localName(tool: string): string {
  return `ReaderTool${tool.replace(/(^|-)([a-z])/g, (_, _dash: string, letter: string) => letter.toUpperCase())}`;
}

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
      },
    },
  };
}

/** Replaces the reader-tool directives of one page's tree in place; `file` names the page in errors. */
export function insertReaderTools(tree: MdastNode, file = 'a docs page'): void {
  const used = new Map<string, string>();
  // The depth of the last heading before the node being visited (the page's H1 before any other).
  let sectionDepth = 1;
  const visit = (node: MdastNode) => {
    node.children?.forEach((child, index) => {
      if (child.type === 'heading') sectionDepth = (child as {depth?: number}).depth ?? sectionDepth;
      if (child.type === 'leafDirective' && child.name && Object.hasOwn(READER_TOOLS, child.name)) {
        node.children![index] = toolElement(child, file, used, Math.min(sectionDepth + 1, 6));
      } else {
        visit(child);
      }
    });
  };
  visit(tree);
  const imports = [...used].map(([name, source]) => importNode(name, source));
  tree.children = [...imports, ...(tree.children ?? [])];
}

function toolElement(directive: MdastNode, file: string, used: Map<string, string>, headingLevel: number): MdastNode {
  const where = `${file}:${directive.position?.start.line ?? '?'}`;
  const toolName = directive.name!;
  const tool = READER_TOOLS[toolName];
  if (directive.children && directive.children.length > 0) {
    throw new ReaderToolError(`${where}: ::${toolName} takes no label: write it as ::${toolName} or ::${toolName}{...}`);
  }
  const given = directive.attributes && !Array.isArray(directive.attributes) ? directive.attributes : {};
  const attributes: MdastNode['attributes'] = [];
  for (const [key, value] of Object.entries(given)) {
    if (!tool.attributes.includes(key)) {
      const allowed = tool.attributes.length ? `: use ${tool.attributes.join(', ')}` : '';
      throw new ReaderToolError(`${where}: ::${toolName} has no attribute "${key}"${allowed}`);
    }
    attributes.push({type: 'mdxJsxAttribute', name: key, value: value ?? ''});
  }
  if (tool.headed) attributes.push({type: 'mdxJsxAttribute', name: 'headingLevel', value: String(headingLevel)});
  const name = localName(toolName);
  used.set(name, tool.component);
  return {type: 'mdxJsxFlowElement', name, attributes, children: []};
}

type VFileLike = {path?: string; history?: string[]};

export default function remarkReaderTools() {
  return (tree: MdastNode, file: VFileLike) => insertReaderTools(tree, file.path ?? file.history?.at(-1));
}
