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
 * sample checker agree on what a diagram fence is.
 */

/** The fence language of a diagram. */
export const DIAGRAM_LANGUAGE = 'dot';

export type DiagramMeta = {title: string; description: string};

/** The longest description that still reads as one sentence of alternative text. */
export const MAX_DESCRIPTION_CHARS = 300;

export function isDiagramLanguage(language: string | null | undefined): boolean {
  return (language ?? '').toLowerCase() === DIAGRAM_LANGUAGE;
}

/** `name="value"` or `name='value'` in a fence's info string. */
function attribute(meta: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}=(?:"([^"]*)"|'([^']*)')`).exec(meta);
  return match ? (match[1] ?? match[2]).trim() : undefined;
}

/**
 * The title and description of a diagram fence, or the reason they are not
 * usable. Both are required: together they are what a screen reader announces
 * and what the Markdown twin and the search index keep instead of the picture.
 */
export function parseDiagramMeta(meta: string | null | undefined): DiagramMeta | {error: string} {
  const text = meta ?? '';
  const title = attribute(text, 'title');
  const description = attribute(text, 'description');
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
