/**
 * Links inside an adopted page body (./DocBody.tsx) behave as Docusaurus'
 * <Link> makes them behave in a hydrated one, through three listeners on the
 * body instead of one component (and one IntersectionObserver) per link:
 * a click on a link to another page of the site moves there without
 * reloading, pointing at or touching a link loads that page's code, and a
 * link that scrolls into view has it prefetched (which the idle-prefetch
 * plugin puts off to idle time).
 *
 * Links inside an island (src/components/Island) are left to the <Link>s
 * React rendered there. Which links move in the page follows <Link>: a path on this site with no
 * `target`, `download` or `rel` (the build gives those only to links that
 * must load as documents, such as downloads and the Markdown twins), and
 * only when the path is one of the site's routes: anything else (a file, an
 * address only nginx answers) loads as a document, as it would after a reload.
 */
import {matchRoutes} from 'react-router-config';
import routes from '@generated/routes';
import {ISLAND_SELECTOR} from '@site/src/components/Island/kinds';

type History = {push: (path: string) => void};

/** A link to a page of this site, as an <a> inside the body; null for anything else. */
function pageLink(target: EventTarget | null, root: HTMLElement): HTMLAnchorElement | null {
  if (!(target instanceof Element)) return null;
  const link = target.closest('a');
  // Links inside an island are React's <Link>s, which handle themselves.
  if (!link || !root.contains(link) || link.closest(ISLAND_SELECTOR)) return null;
  const href = link.getAttribute('href') ?? '';
  if (!href.startsWith('/') || href.startsWith('//')) return null;
  if (link.hasAttribute('target') || link.hasAttribute('download') || link.hasAttribute('rel')) return null;
  return isRoute(link.pathname) ? link : null;
}

const routeCache = new Map<string, boolean>();

/** True when the router has a page for the path (the catch-all "not found" route does not count). */
export function isRoute(pathname: string): boolean {
  let known = routeCache.get(pathname);
  if (known === undefined) {
    const matches = matchRoutes(routes, pathname);
    const last = matches.at(-1)?.route.path;
    known = last !== undefined && last !== '*';
    routeCache.set(pathname, known);
  }
  return known;
}

/** Wires the body's links; returns the function that unwires them. */
export function followContentLinks(root: HTMLElement, history: History): () => void {
  const preloaded = new Set<string>();
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = pageLink(event.target, root);
    if (!link) return;
    event.preventDefault();
    history.push(`${link.pathname}${link.search}${link.hash}`);
  };
  const onIntent = (event: Event) => {
    const link = pageLink(event.target, root);
    if (!link || preloaded.has(link.pathname)) return;
    preloaded.add(link.pathname);
    void window.docusaurus.preload(link.pathname);
  };
  root.addEventListener('click', onClick);
  root.addEventListener('mouseover', onIntent);
  root.addEventListener('touchstart', onIntent, {passive: true});
  root.addEventListener('focusin', onIntent);

  let viewport: IntersectionObserver | undefined;
  if (typeof IntersectionObserver !== 'undefined') {
    viewport = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        viewport!.unobserve(entry.target);
        void window.docusaurus.prefetch((entry.target as HTMLAnchorElement).pathname);
      }
    });
    root.querySelectorAll('a[href^="/"]').forEach((link) => {
      if (pageLink(link, root)) viewport!.observe(link);
    });
  }
  return () => {
    root.removeEventListener('click', onClick);
    root.removeEventListener('mouseover', onIntent);
    root.removeEventListener('touchstart', onIntent);
    root.removeEventListener('focusin', onIntent);
    viewport?.disconnect();
  };
}
