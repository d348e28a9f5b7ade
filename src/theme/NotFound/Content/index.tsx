/**
 * The not-found page's content, replaced rather than wrapped: the stock one is a dead end ("contact
 * the owner of the site that linked you") with no way on. This one says "Page not found" (also as
 * the tab's title, which under /docs/ was just "Tower"), offers a search box that searches for the
 * words of the address, the site's pages closest to the address (lib/closest-routes), and links
 * to the home page and the introduction.
 *
 * The same page answers everywhere: at the root, under /docs/ and when nginx serves 404.html for
 * an unknown path. The address is only known in the browser (404.html is rendered once, at build
 * time), so the closest pages and the address itself appear once the page has loaded, from a chunk
 * of their own (./closest): the docs layout carries this component on every docs page. Without
 * JavaScript the search box and the links still work.
 */
import {useEffect, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {useLocation} from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {PageMetadata} from '@docusaurus/theme-common';
import {SEARCH} from '@site/src/constants';
import type * as Closest from './closest';
import styles from './styles.module.css';

export const NOT_FOUND_TITLE = 'Page not found';

export default function NotFoundContent({className}: {className?: string}): ReactNode {
  const {pathname} = useLocation();
  const searchPath = useBaseUrl(`/${SEARCH.pagePath}`);
  // Worked out after the first render: the server renders 404.html for no address in particular.
  const [asked, setAsked] = useState<{path: string; closest: string[]; words: string; label: typeof Closest.routeLabel} | null>(null);
  useEffect(() => {
    let current = true;
    import('./closest').then(
      ({closestTo, routeLabel}) => current && setAsked({path: pathname, ...closestTo(pathname), label: routeLabel}),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [pathname]);
  const words = asked?.words ?? '';

  return (
    <main className={clsx('container margin-vert--xl', styles.page, className)}>
      <PageMetadata title={NOT_FOUND_TITLE} />
      <h1>{NOT_FOUND_TITLE}</h1>
      <p className={styles.lead}>
        {asked ? (
          <>
            There is no page at <code className={styles.address}>{asked.path}</code>. It may have moved, or the link may have a typo.
          </>
        ) : (
          'There is no page at this address. It may have moved, or the link may have a typo.'
        )}
      </p>

      <form className={styles.search} action={searchPath} method="get" role="search" aria-label="Search the docs">
        <label htmlFor="not-found-search" className="visually-hidden">
          Search the docs
        </label>
        <input id="not-found-search" className={styles.searchInput} type="search" name="q" defaultValue={words} key={words} placeholder="Search the docs" />
        <button type="submit" className="button button--primary">
          Search
        </button>
      </form>

      {asked && asked.closest.length > 0 && (
        <section aria-labelledby="not-found-closest" className={styles.closest}>
          <h2 id="not-found-closest">Pages with a similar address</h2>
          <ul>
            {asked.closest.map((path) => (
              <li key={path}>
                <Link to={path}>{asked.label(path)}</Link> <span className={styles.path}>{path}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <p>
        Or start again from the <Link to="/">home page</Link> or the <Link to="/docs/intro">introduction to Tower</Link>.
      </p>
    </main>
  );
}
