/**
 * Which Markdown twin a reader's URL or path names. Only the twins the build
 * wrote under build/docs/ can be named: the answer is a path from that list,
 * never a path built from the input, so nothing outside it can be read.
 */
import {SITE} from '../src/constants';
import {closest} from '../lib/suggest';

/** Longest URL or path get_page accepts. */
export const MAX_PAGE_INPUT = 2048;

/** `anchor`: the section the URL or path points at (`#schedules`), decoded; null when it has none. */
export type PageLookup = {ok: true; route: string; twin: string; anchor: string | null} | {ok: false; message: string};

const SITE_ORIGIN = new URL(SITE.url).origin;

/**
 * Resolves a page URL or path (`https://docs.tower.dev/docs/concepts/apps`,
 * `/docs/concepts/apps#schedules`, `concepts/apps`, `/docs/concepts/apps.md`)
 * to its route, the twin's path under the build (`docs/concepts/apps.md`)
 * and the anchor it names, if any.
 * `twins` holds the routes that have a twin, e.g. `/docs/concepts/apps`.
 */
export function resolvePage(input: string, twins: ReadonlySet<string>): PageLookup {
  const text = input.trim();
  if (text === '') return {ok: false, message: 'Give a page URL or path, for example /docs/concepts/apps.'};
  if (text.length > MAX_PAGE_INPUT) return {ok: false, message: `The URL or path is ${text.length} characters long; the limit is ${MAX_PAGE_INPUT}.`};
  if (/[\u0000-\u001f\u007f]/.test(text)) return {ok: false, message: 'The URL or path contains control characters.'};

  let pathname: string;
  let hash = text.includes('#') ? text.slice(text.indexOf('#') + 1) : '';
  if (/^[a-z][a-z0-9+.-]*:/i.test(text)) {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return {ok: false, message: `"${text}" is not a valid URL.`};
    }
    if (url.origin !== SITE_ORIGIN) {
      return {
        ok: false,
        message: `get_page reads pages of ${SITE_ORIGIN} only, not ${url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : url.protocol}.`,
      };
    }
    pathname = url.pathname;
    hash = url.hash.slice(1);
  } else {
    pathname = text.split(/[?#]/)[0];
  }

  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return {ok: false, message: `"${pathname}" has a broken percent-encoding.`};
  }
  const segments = decoded.split(/[/\\]/);
  if (segments.some((segment) => segment === '..' || segment === '.') || decoded.includes('\\')) {
    return {ok: false, message: `"${text}" is refused: "..", "." and backslashes are not allowed in a page path.`};
  }

  let route = `/${segments.filter(Boolean).join('/')}`.replace(/\/index(\.md|\.html)?$/, '').replace(/\.(md|html)$/, '');
  if (!route.startsWith('/docs/') && route !== '/docs') {
    if (twins.has(`/docs${route}`)) route = `/docs${route}`;
    else
      return {
        ok: false,
        message: `"${text}" is not a documentation page: pages live under ${SITE_ORIGIN}/docs/ (for the index of all pages, read the llms.txt resource).`,
      };
  }
  let anchor: string | null = null;
  try {
    anchor = decodeURIComponent(hash) || null;
  } catch {
    return {ok: false, message: `"#${hash}" has a broken percent-encoding.`};
  }
  if (twins.has(route)) return {ok: true, route, twin: `${route.slice(1)}.md`, anchor};

  // No page is named by a path much longer than the longest route, and the edit distance to each
  // route costs time in proportion to the path's length: look for a near page only when one can be near.
  const longest = Math.max(...[...twins].map((twin) => twin.length));
  const suggestion = route.length <= longest + 10 ? closest(route, twins) : undefined;
  return {
    ok: false,
    message: `There is no page at ${route}.${suggestion ? ` Did you mean ${suggestion}?` : ''} Use search_docs to find a page.`,
  };
}
