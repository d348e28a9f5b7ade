/**
 * API operation pages in the index: only as much of each as readers search
 * by. Both the production index (rendered pages) and the index from the
 * sources (source-pages.ts) condense them the same way.
 */
import {API_REFERENCE} from '../../src/constants';
import type {ExtractedPage} from '../../src/search/records';

/** API operation pages: every page right under the API route except the overview. */
function isApiOperationPage(route: string): boolean {
  const prefix = `${API_REFERENCE.route}/`;
  const slug = route.startsWith(prefix) ? route.slice(prefix.length) : '';
  return slug !== '' && !slug.includes('/') && slug !== API_REFERENCE.overviewSlug;
}
/**
 * How much of each section of an API operation page goes into the index.
 * Readers search for an operation by what it does, its path and its
 * parameters; the full response schemas (shared models repeated on many
 * pages) and the code samples would more than double the index and crowd
 * the guides out of the results.
 */
const API_SECTION_CHARS: Record<string, number> = {'': 900, parameters: 400, 'request-body': 300};
const API_OTHER_SECTION_CHARS = 160;
/**
 * Lines every operation page repeats word for word (how to authenticate, the
 * base URL): they tell no operation from another, and 85 copies of them cost
 * the first query's download. The API overview page keeps them.
 */
const API_REPEATED_LINE = /^(Authentication|Base URL): /;

/**
 * An operation page as the index holds it: without code samples, repeated
 * lines and long schemas, and as text only (no blocks: Ask AI quotes an
 * operation's summary, and its schemas are on the page a citation opens).
 */
export function condenseApiPage(page: ExtractedPage): ExtractedPage {
  if (!isApiOperationPage(page.path)) return page;
  const sections = page.sections
    .filter((section) => section.anchor !== 'code-samples')
    .map(({blocks: _blocks, ...section}) => {
      const limit = API_SECTION_CHARS[section.anchor ?? ''] ?? API_OTHER_SECTION_CHARS;
      const text = section.text
        .split('\n')
        .filter((line) => !API_REPEATED_LINE.test(line))
        .join('\n');
      return {...section, text: text.length > limit ? text.slice(0, limit) : text};
    });
  return {...page, sections};
}
