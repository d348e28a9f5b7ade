import assert from 'node:assert/strict';
import {test} from 'node:test';

test('viewport prefetches wait for idle time and run once each; preload is untouched', async () => {
  const idle: Array<(deadline: {timeRemaining: () => number}) => void> = [];
  const globals = globalThis as unknown as Record<string, unknown>;
  globals.window = globalThis;
  globals.requestIdleCallback = (callback: (deadline: {timeRemaining: () => number}) => void) => idle.push(callback);
  const {deferPrefetching} = await import('./client');
  const prefetched: string[] = [];
  const preload = (url: string) => Promise.resolve([url]) as unknown as Promise<void[]>;
  const target = {
    docusaurus: {
      prefetch: (url: string) => {
        prefetched.push(url);
        return Promise.resolve([]) as Promise<void[]>;
      },
      preload,
    },
  } as unknown as {docusaurus: Window['docusaurus']};

  let pageReady = () => {};
  assert.equal(
    deferPrefetching(target, (callback) => void (pageReady = callback)),
    true,
  );
  target.docusaurus.prefetch('/docs/a');
  target.docusaurus.prefetch('/docs/b');
  target.docusaurus.prefetch('/docs/a');
  assert.equal(idle.length, 0, 'nothing is even queued for idle time while the page is loading');
  pageReady();
  assert.deepEqual(prefetched, [], 'nothing is fetched before the browser is idle');
  assert.equal(target.docusaurus.preload, preload);
  assert.equal(idle.length, 1, 'one idle callback for the whole queue');

  // An idle period too short for a route fetches nothing and asks for another one.
  idle.shift()!({timeRemaining: () => 2});
  assert.deepEqual(prefetched, []);
  assert.equal(idle.length, 1);
  // A long one still fetches a single route, so no idle task grows long.
  idle.shift()!({timeRemaining: () => 40});
  assert.deepEqual(prefetched, ['/docs/a']);
  assert.equal(idle.length, 1);
  while (idle.length) idle.shift()!({timeRemaining: () => 20});
  assert.deepEqual(prefetched, ['/docs/a', '/docs/b']);

  assert.equal(deferPrefetching(target), true, 'installing twice keeps one queue');
});
