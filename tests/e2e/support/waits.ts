/**
 * Waits for what a reader would notice, for the moments a locator, a response or a URL does not
 * cover: the page has painted, an element has stopped moving, the window has stopped scrolling,
 * the network has gone quiet. None of them waits a fixed time, so none is too short on a loaded
 * machine or longer than it needs to be on a quiet one.
 */
import type {Locator, Page, Request} from 'playwright-core';

/** Resolves once the page has painted `count` more frames: scroll handlers and the renders they cause have run. */
export async function nextFrames(page: Page, count = 2): Promise<void> {
  // No named function inside: tsx would wrap it in a helper the page does not have.
  await page.evaluate(async (frames) => {
    for (let frame = 0; frame < frames; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
  }, count);
}

/**
 * Whether the document's title becomes the page's own, `<heading> | Tower`, within five seconds:
 * the theme sets it after hydration, so a sweep over many pages waits for it instead of reading it.
 */
export async function titleBecomes(page: Page, heading: string): Promise<boolean> {
  return page
    .waitForFunction((h) => document.title === `${h} | Tower`, heading, {timeout: 5000})
    .then(
      () => true,
      () => false,
    );
}

/** Waits until no CSS transition or animation runs on the element or inside it (a slide, a fade). */
export async function motionDone(locator: Locator): Promise<void> {
  await locator.evaluate((element) => Promise.all(element.getAnimations({subtree: true}).map((animation) => animation.finished.catch(() => undefined))));
}

/** Waits until the window has scrolled away from `fromY` and then held still for a few frames (a wheel turn, a smooth scroll). */
export async function scrollSettled(page: Page, fromY: number): Promise<void> {
  await page.waitForFunction(
    (start) => {
      const state = window as Window & {__stillFrames?: number; __lastY?: number};
      if (window.scrollY === start) return false;
      state.__stillFrames = window.scrollY === state.__lastY ? (state.__stillFrames ?? 0) + 1 : 0;
      state.__lastY = window.scrollY;
      return state.__stillFrames >= 3;
    },
    fromY,
    {polling: 'raf'},
  );
}

/**
 * Counts the page's requests from now on. `quiet(ms)` resolves once none has been in flight for
 * `ms` (Playwright's `networkidle`, but measured from when it is asked rather than once per
 * navigation, so it also covers what a page loads later: lazy chunks, idle prefetching).
 */
export function watchNetwork(page: Page, isWatched: (request: Request) => boolean = () => true) {
  const inFlight = new Set<Request>();
  const done = (request: Request) => inFlight.delete(request);
  page.on('request', (request) => {
    if (isWatched(request)) inFlight.add(request);
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    quiet(ms = 500): Promise<void> {
      return new Promise((resolve) => {
        let timer: NodeJS.Timeout | undefined;
        const check = () => {
          if (timer) clearTimeout(timer);
          if (inFlight.size > 0) return;
          timer = setTimeout(() => {
            page.off('requestfinished', check);
            page.off('requestfailed', check);
            page.off('request', check);
            resolve();
          }, ms);
        };
        page.on('requestfinished', check);
        page.on('requestfailed', check);
        page.on('request', check);
        check();
      });
    },
  };
}
