/**
 * Diagram fences (```dot, plugins/diagrams): each needs a title and a one-sentence description,
 * and its source must render. The build fails on the same problems; this finds them in seconds,
 * with the line of the DOT source Graphviz complains about.
 */
import {isDiagramLanguage, parseDiagramMeta} from '../../plugins/diagrams/fence';
import {DiagramError, renderDiagram} from '../../plugins/diagrams/render';
import type {CodeBlock} from './extract-blocks';
import type {BlockProblem} from './types';

export function isDiagramBlock(block: CodeBlock): boolean {
  return isDiagramLanguage(block.lang);
}

/** Checks the diagram blocks of one document; `diagrams` counts those that rendered. */
export async function checkDiagramBlocks(blocks: CodeBlock[]): Promise<{problems: BlockProblem[]; diagrams: number}> {
  const problems: BlockProblem[] = [];
  let diagrams = 0;
  for (const block of blocks.filter(isDiagramBlock)) {
    const meta = parseDiagramMeta(block.meta);
    if ('error' in meta) {
      problems.push({line: block.line, message: meta.error});
      continue;
    }
    try {
      await renderDiagram(block.code, {id: 'check', ...meta});
      diagrams++;
    } catch (err) {
      if (!(err instanceof DiagramError)) throw err;
      problems.push({
        line: block.line + (err.sourceLine ?? 0),
        message: `diagram "${meta.title}" does not render: ${err.message}`,
      });
    }
  }
  return {problems, diagrams};
}
