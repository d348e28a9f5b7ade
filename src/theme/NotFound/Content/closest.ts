/**
 * The not-found page's closest pages, loaded once the page is in the browser: the stock docs layout
 * renders the not-found content from every docs page's own chunk, so what only a missing page needs
 * stays out of it.
 */
import routes from '@generated/routes';
import {addressWords, closestRoutes} from '@site/lib/closest-routes';

type Route = {path: string; exact?: boolean; routes?: Route[]};

/** Every page route of the site: exact paths without parameters. */
function pagePaths(list: readonly Route[], into: Set<string> = new Set()): Set<string> {
  for (const route of list) {
    if (route.routes) pagePaths(route.routes, into);
    else if (route.exact && !/[:*]/.test(route.path)) into.add(route.path);
  }
  return into;
}

let sitePaths: string[] | undefined;

/** The pages closest to `address`, and its words (what the search box searches for). */
export function closestTo(address: string): {closest: string[]; words: string} {
  sitePaths ??= [...pagePaths(routes as Route[])].sort();
  return {closest: closestRoutes(address, sitePaths), words: addressWords(address).join(' ')};
}

export {routeLabel} from '@site/lib/closest-routes';
