/**
 * Client module of plugins/idle-prefetch. Docusaurus prefetches the chunks of
 * every internal link the moment it scrolls into view; on a docs page that is
 * some thirty sidebar links at once, each scanning the whole route table, in
 * one long task right after hydration. Here those requests wait in a queue
 * that is worked off in idle time, one route per idle period (a single
 * route's prefetch can take a few milliseconds on a slow phone), so the page
 * stays responsive. The queue waits until the page has loaded and a further
 * QUIET_MS have passed, so prefetches never share a slow connection with what
 * the page itself still needs (the search page's index, for one). Hover and
 * touch preloading is untouched, and the original prefetch still skips 2g and
 * data-saver connections.
 */
type Prefetcher = Window['docusaurus'];
type Deadline = {timeRemaining: () => number};

const MARK = Symbol.for('tower.idlePrefetch');
export const QUIET_MS = 2000;

function whenIdle(callback: (deadline: Deadline) => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(callback, {timeout: 4000});
  else setTimeout(() => callback({timeRemaining: () => 10}), 300);
}

/** Calls back once the page has loaded and QUIET_MS have passed. */
function afterPageLoad(callback: () => void): void {
  const wait = () => setTimeout(callback, QUIET_MS);
  if (document.readyState === 'complete') wait();
  else window.addEventListener('load', wait, {once: true});
}

export function deferPrefetching(target: {docusaurus: Prefetcher}, whenPageReady: (callback: () => void) => void = afterPageLoad): boolean {
  const original = target.docusaurus as Prefetcher & {[MARK]?: true};
  if (!original || original[MARK]) return Boolean(original);
  const queue: string[] = [];
  let scheduled = false;
  let ready = false;
  const drain = (deadline: Deadline) => {
    scheduled = false;
    if (queue.length > 0 && deadline.timeRemaining() > 5) original.prefetch(queue.shift()!);
    if (queue.length > 0) schedule();
  };
  const schedule = () => {
    if (scheduled || !ready || queue.length === 0) return;
    scheduled = true;
    whenIdle(drain);
  };
  whenPageReady(() => {
    ready = true;
    schedule();
  });
  target.docusaurus = Object.freeze({
    ...original,
    prefetch: (routePath: string) => {
      if (!queue.includes(routePath)) queue.push(routePath);
      schedule();
      return Promise.resolve([]);
    },
    [MARK]: true as const,
  });
  return true;
}

// Client modules are also evaluated while the server renders pages.
const inBrowser = typeof window !== 'undefined' && typeof document !== 'undefined';
if (inBrowser && !deferPrefetching(window)) {
  // The client entry assigns window.docusaurus right after the client modules load.
  queueMicrotask(() => deferPrefetching(window));
}

/** Also on every route update, in case the entry had not run yet above. */
export function onRouteDidUpdate(): void {
  if (inBrowser) deferPrefetching(window);
}
