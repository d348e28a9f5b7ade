/**
 * The checker's heavy half, loaded once the checker has mounted: the check (./checkText), a worker
 * that runs it off the main thread for large files, and the rendering of the results.
 */
import type {TowerfileCheck} from '@site/src/towerfile/check';
import {check} from './checkText';

export {check};
export {default as Results} from './Results';

/**
 * Checks text in a worker, one request at a time: a newer request makes the answer to an older one
 * irrelevant, so only the latest answer is delivered. Falls back to checking on the main thread
 * where workers are not available.
 */
export function createBackgroundChecker(onResult: (text: string, result: TowerfileCheck) => void): {check: (text: string) => void; stop: () => void} {
  let worker: Worker | null = null;
  let latest = 0;
  const pending = new Map<number, string>();
  const inline = (text: string) => onResult(text, check(text));
  try {
    worker = new Worker(new URL('./check.worker.ts', import.meta.url));
    worker.addEventListener('message', (event: MessageEvent<{id: number; result: TowerfileCheck}>) => {
      const text = pending.get(event.data.id);
      pending.delete(event.data.id);
      if (event.data.id === latest && text !== undefined) onResult(text, event.data.result);
    });
    worker.addEventListener('error', () => {
      worker = null;
      const text = pending.get(latest);
      pending.clear();
      if (text !== undefined) inline(text);
    });
  } catch {
    worker = null;
  }
  return {
    check(text) {
      latest += 1;
      if (!worker) {
        inline(text);
        return;
      }
      pending.clear();
      pending.set(latest, text);
      worker.postMessage({id: latest, text});
    },
    stop() {
      worker?.terminate();
      worker = null;
    },
  };
}
