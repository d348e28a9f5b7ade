/**
 * A remark plugin for the docs: every ```dot fence (fence.ts) becomes a
 * <figure> holding the rendered SVG and a caption with the diagram's title and
 * description, while the page is compiled.
 *
 * The figure's content is handed to React as one HTML string
 * (dangerouslySetInnerHTML) rather than as a tree of JSX elements: the page's
 * JavaScript chunk then carries the markup once, compactly, and hydration does
 * not walk hundreds of SVG nodes. It works the same in .md and .mdx pages.
 *
 * A diagram that does not render stops the build with the page and the line.
 */
import path from 'node:path';
import {escapeHtml} from '../../lib/html';
import {isDiagramLanguage, parseDiagramMeta, titleSentence} from './fence';
import {DiagramError, renderDiagram} from './render';

/** The part of an mdast node this plugin reads or writes. */
export type MdastNode = {
  type: string;
  lang?: string | null;
  meta?: string | null;
  value?: string;
  name?: string | null;
  attributes?: unknown[];
  children?: MdastNode[];
  position?: {start: {line: number; column?: number}; end?: {line: number; column?: number}};
};

type VFileLike = {path?: string; history?: string[]};

/** The class of the <figure> (styled by diagrams.css, found by the browser tests). */
export const FIGURE_CLASS = 'tower-diagram';
/** The class of the frame around the drawing, which scrolls when the drawing is wider than the column. */
export const FRAME_CLASS = 'tower-diagram-frame';

/** A diagram fence that cannot become a figure; the message starts with `page:line:`. */
export class DiagramBuildError extends Error {}

function pageName(file: VFileLike): string {
  const full = file.path ?? file.history?.at(-1);
  if (!full) return 'a docs page';
  const relative = path.relative(process.cwd(), full);
  return relative.startsWith('..') ? full : relative.split(path.sep).join('/');
}

/**
 * The caption readers see under the drawing: its title on one line, opening to the description
 * (which screen readers get with the drawing itself). Also what the search index keeps of it.
 */
function captionHtml(title: string, description: string): string {
  return `<figcaption><details><summary><strong>${escapeHtml(titleSentence(title))}</strong></summary> ${escapeHtml(description)}</details></figcaption>`;
}

/**
 * The drawing in a frame that scrolls sideways when the drawing is wider than the column (on a
 * phone, rather than shrinking its text below MIN_TEXT_PX); focusable, so keyboards can scroll it.
 */
function frameHtml(svg: string, id: string): string {
  return `<div class="${FRAME_CLASS}" tabindex="0" role="group" aria-labelledby="${id}-title">${svg}</div>`;
}

/** An MDX JSX element `<figure className=... dangerouslySetInnerHTML={{__html: html}} />`. */
function figureNode(html: string, position: MdastNode['position']): MdastNode {
  const htmlExpression = {
    type: 'ObjectExpression',
    properties: [
      {
        type: 'Property',
        kind: 'init',
        method: false,
        shorthand: false,
        computed: false,
        key: {type: 'Identifier', name: '__html'},
        value: {type: 'Literal', value: html},
      },
    ],
  };
  return {
    type: 'mdxJsxFlowElement',
    name: 'figure',
    attributes: [
      {type: 'mdxJsxAttribute', name: 'className', value: FIGURE_CLASS},
      {
        type: 'mdxJsxAttribute',
        name: 'dangerouslySetInnerHTML',
        value: {
          type: 'mdxJsxAttributeValueExpression',
          value: '{__html: "..."}',
          data: {estree: {type: 'Program', sourceType: 'module', body: [{type: 'ExpressionStatement', expression: htmlExpression}]}},
        },
      },
    ],
    children: [],
    position,
  };
}

type Found = {parent: MdastNode; index: number; node: MdastNode};

function findDiagramFences(tree: MdastNode): Found[] {
  const found: Found[] = [];
  const visit = (parent: MdastNode) => {
    parent.children?.forEach((node, index) => {
      if (node.type === 'code' && isDiagramLanguage(node.lang)) found.push({parent, index, node});
      else visit(node);
    });
  };
  visit(tree);
  return found;
}

/** Replaces the diagram fences of one page's tree with figures; `page` names the page in errors. */
export async function renderDiagramFences(tree: MdastNode, page = 'a docs page'): Promise<number> {
  // Ids only need to be unique on the page: number the diagrams in reading order.
  let diagramNumber = 0;
  const jobs = findDiagramFences(tree).map(async ({parent, index, node}) => {
    const fenceLine = node.position?.start.line ?? 1;
    const meta = parseDiagramMeta(node.meta);
    if ('error' in meta) throw new DiagramBuildError(`${page}:${fenceLine}: ${meta.error}`);
    const id = `diagram-${(diagramNumber += 1)}`;
    let svg: string;
    try {
      svg = await renderDiagram(node.value ?? '', {id, ...meta});
    } catch (error) {
      if (!(error instanceof DiagramError)) throw error;
      const line = error.sourceLine ? fenceLine + error.sourceLine : fenceLine;
      throw new DiagramBuildError(`${page}:${line}: diagram "${meta.title}" does not render: ${error.message}`);
    }
    parent.children![index] = figureNode(frameHtml(svg, id) + captionHtml(meta.title, meta.description), node.position);
  });
  await Promise.all(jobs);
  return jobs.length;
}

export default function remarkDiagrams() {
  return async (tree: MdastNode, file: VFileLike): Promise<void> => {
    await renderDiagramFences(tree, pageName(file));
  };
}
