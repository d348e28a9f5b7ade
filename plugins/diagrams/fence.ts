/**
 * How a diagram is written in the docs: a fenced block in the Graphviz DOT
 * language whose info string carries the diagram's text alternative.
 *
 *     ```dot title="Run statuses" description="One sentence that says what the diagram shows."
 *     digraph { scheduled -> pending }
 *     ```
 *
 * Every reader of the Markdown sources uses this module, so the build (remark.ts),
 * the Markdown twins (plugins/llms-txt), the development search index and the
 * sample checker agree on what a diagram fence is. Its attributes are read as
 * every fence's are (lib/markdown.ts).
 */
import {fenceAttribute} from '../../lib/markdown';

/** The fence language of a diagram. */
const DIAGRAM_LANGUAGE = 'dot';

type DiagramMeta = {title: string; description: string};

/** The longest description that still reads as one sentence of alternative text. */
const MAX_DESCRIPTION_CHARS = 300;

export function isDiagramLanguage(language: string | null | undefined): boolean {
  return (language ?? '').toLowerCase() === DIAGRAM_LANGUAGE;
}

/**
 * The title and description of a diagram fence, or the reason they are not
 * usable. Both are required: together they are what a screen reader announces
 * and what the Markdown twin and the search index keep instead of the picture.
 */
export function parseDiagramMeta(meta: string | null | undefined): DiagramMeta | {error: string} {
  const title = fenceAttribute(meta, 'title')?.trim();
  const description = fenceAttribute(meta, 'description')?.trim();
  if (!title) return {error: 'a dot diagram needs a title: ```dot title="..." description="..."'};
  if (!description) return {error: `diagram "${title}" needs a description="..." (one sentence for screen readers)`};
  if (description.length > MAX_DESCRIPTION_CHARS) {
    return {error: `diagram "${title}": the description has ${description.length} characters; keep it to one sentence (at most ${MAX_DESCRIPTION_CHARS})`};
  }
  if (!/[.!?]$/.test(description)) return {error: `diagram "${title}": end the description with a full stop, as a sentence`};
  return {title, description};
}

/** The title as the first sentence of a caption ("Run statuses."). */
export function titleSentence(title: string): string {
  return /[.!?:]$/.test(title) ? title : `${title}.`;
}
